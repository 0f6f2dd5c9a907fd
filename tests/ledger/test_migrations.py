"""The Alembic migrations create exactly the tables of arpad.ledger.schema, and upgrade
an existing ledger."""

from __future__ import annotations

import datetime as dt

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from arpad.cli.ledger_output import ListFormat, list_output
from arpad.ledger import Ledger
from arpad.ledger.db import make_engine, schema_revision
from arpad.ledger.schema import SCHEMA_REVISION, metadata
from arpad.model import Pool
from tests.conftest import EXAMPLES
from tests.ledger.conftest import SEASON


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


def _rated_at(db_url: str, revision: str) -> str:
    """Build and rate the season in a ledger of an older schema ``revision`` (not
    upgraded); returns its Regular list as CSV."""
    engine = make_engine(db_url)
    config = _config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, revision)
    old = Ledger(engine)  # not Ledger.open: that would upgrade
    assert not old.import_files(SEASON).errors
    old.rate_pending(["uscf"])
    with engine.connect() as conn:
        assert schema_revision(conn) == revision
    before = list_output(old.rating_list("uscf", Pool.REGULAR), ListFormat.CSV)
    engine.dispose()
    return before


def test_upgrade_from_0001_keeps_the_ledger_and_adds_norms(db_url: str) -> None:
    """A ledger built and rated at revision 0001 (no norms table) is upgraded on opening:
    its lists stay as they were, and events rated from then on store their norms."""
    before = _rated_at(db_url, "0001")
    with Ledger.open(db_url) as ledger:
        with ledger.engine.connect() as conn:
            assert schema_revision(conn) == SCHEMA_REVISION
            assert inspect(conn).has_table("norms")
        assert list_output(ledger.rating_list("uscf", Pool.REGULAR), ListFormat.CSV) == before
        assert ledger.check() == []
        wijk = EXAMPLES / "wijk-aan-zee-1975.json"
        assert not ledger.import_files([wijk], default_date=dt.date(1975, 1, 31)).errors
        ledger.rate_pending(["fide1986"])
        assert [n.result.title for n in ledger.player("sosonko").norms] == ["IM"]
        assert ledger.check() == []


def test_upgrade_from_0002_keeps_the_ledger_and_adds_failures_and_merges(db_url: str) -> None:
    before = _rated_at(db_url, "0002")
    with Ledger.open(db_url) as ledger:
        with ledger.engine.connect() as conn:
            assert schema_revision(conn) == SCHEMA_REVISION
            assert inspect(conn).has_table("rating_failures")
            assert inspect(conn).has_table("player_merges")
        assert list_output(ledger.rating_list("uscf", Pool.REGULAR), ListFormat.CSV) == before
        assert ledger.failures() == [] and ledger.check() == []
