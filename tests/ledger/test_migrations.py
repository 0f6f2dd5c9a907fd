"""The Alembic migrations create exactly the tables of arpad.ledger.schema."""

from __future__ import annotations

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from arpad.ledger import Ledger
from arpad.ledger.db import make_engine, schema_revision
from arpad.ledger.schema import SCHEMA_REVISION, metadata


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", "arpad.ledger:migrations")
    return config


def test_schema_revision_is_the_head_of_the_migrations() -> None:
    assert ScriptDirectory.from_config(_config()).get_current_head() == SCHEMA_REVISION


def test_migrated_database_matches_the_tables(db_url: str) -> None:
    with Ledger.open(db_url) as ledger, ledger.engine.connect() as conn:
        assert schema_revision(conn) == SCHEMA_REVISION
        diffs = compare_metadata(MigrationContext.configure(conn), metadata)
        assert diffs == []
        tables = set(inspect(conn).get_table_names())
        assert tables == set(metadata.tables) | {"alembic_version"}


def test_downgrade_and_upgrade_again(sqlite_path: str) -> None:
    Ledger.open(sqlite_path).close()
    engine = make_engine(sqlite_path)
    config = _config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "base")
    with engine.connect() as conn:
        assert inspect(conn).get_table_names() == ["alembic_version"]
    engine.dispose()
    with Ledger.open(sqlite_path) as ledger:  # opening upgrades again
        assert ledger.systems() == []
