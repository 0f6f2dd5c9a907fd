"""A scratch copy of a ledger in a temporary SQLite file, for a dry run: the change is
made and rated there, reported, and the copy deleted; the ledger itself is never written.

A SQLite ledger is copied with SQLite's online backup (a consistent snapshot, even while
another process writes); any other database table by table, in one reading transaction,
into a SQLite ledger of the same schema.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine, delete, select

from arpad.ledger import schema
from arpad.ledger.db import make_engine, upgrade

_CHUNK = 20_000


def _backup_sqlite(engine: Engine, target: Path) -> None:
    import sqlite3

    raw = engine.raw_connection()
    try:
        source = raw.driver_connection
        assert isinstance(source, sqlite3.Connection)
        with sqlite3.connect(target) as copy:
            source.backup(copy)
        copy.close()
    finally:
        raw.close()


def _copy_tables(engine: Engine, target: Engine) -> None:
    with engine.connect() as src, target.begin() as dst:
        for table in schema.metadata.sorted_tables:
            dst.execute(delete(table))
            rows = src.execute(select(table))
            while chunk := rows.fetchmany(_CHUNK):
                dst.execute(table.insert(), [dict(r._mapping) for r in chunk])


@contextmanager
def scratch_copy(engine: Engine) -> Iterator[Engine]:
    """An engine over a temporary copy of the ledger behind ``engine``, deleted after."""
    folder = Path(tempfile.mkdtemp(prefix="arpad-dry-run-"))
    path = folder / "ledger.db"
    try:
        if engine.dialect.name == "sqlite":
            _backup_sqlite(engine, path)
            copy = make_engine(path)
        else:
            copy = make_engine(path)
            upgrade(copy)
            _copy_tables(engine, copy)
        try:
            yield copy
        finally:
            copy.dispose()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
