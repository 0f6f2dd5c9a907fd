"""Opening a ledger database: SQLite by path, PostgreSQL (or any SQLAlchemy URL) by URL.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed transaction survives the
process being killed at any moment (it may be lost only with the machine's power, never
half-applied), and readers do not block the writer. Transactions are real ``BEGIN`` …
``COMMIT`` blocks (the driver's implicit transactions are switched off).

The schema is created and upgraded by the Alembic migrations shipped in
``arpad/ledger/migrations``; opening a ledger upgrades it to the current revision.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, inspect, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DatabaseError, DBAPIError, NoSuchModuleError

from arpad.errors import ArpadError, InputError
from arpad.ledger import schema

DEFAULT_DB = "arpad.db"


class LedgerError(ArpadError):
    """The ledger cannot do what was asked (busy, unknown event, bad database URL…)."""


def database_problem(exc: DBAPIError) -> str:
    """One line for a database error a user can act on: a full disk, a read-only ledger, a
    file that is not a database (issue 24.2, 23.5), else the driver's first line.

    >>> import sqlite3
    >>> database_problem(DatabaseError("", {}, sqlite3.DatabaseError("file is not a database")))
    'the file is not a database (an arpad ledger is a SQLite file or a database URL)'
    """
    orig = exc.orig
    first = (str(orig) if orig is not None else str(exc)).strip().splitlines() or [""]
    text, low = first[0], first[0].lower()
    if getattr(orig, "sqlstate", None) == "53100" or "disk is full" in low or "no space" in low:
        return f"the disk is full ({text})"
    if "readonly" in low or "read-only" in low:
        return f"the ledger is read-only ({text})"
    if "not a database" in low:
        return "the file is not a database (an arpad ledger is a SQLite file or a database URL)"
    return text or type(exc).__name__


def database_url(db: str | Path) -> str:
    """A SQLAlchemy URL for ``db``: a URL as given, or a path to a SQLite file.

    ``postgresql://`` without a driver means psycopg (version 3).

    >>> database_url("ledger.db")
    'sqlite:///ledger.db'
    >>> database_url("postgresql://arpad@localhost/arpad")
    'postgresql+psycopg://arpad@localhost/arpad'
    """
    text = str(db)
    if "://" not in text:
        return f"sqlite:///{text}"
    try:
        url = make_url(text)
    except ArgumentError:
        raise LedgerError(f"cannot read the database URL {text!r}") from None
    if url.drivername in ("postgresql", "postgres"):
        url = url.set(drivername="postgresql+psycopg")
    return url.render_as_string(hide_password=False)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # we issue BEGIN ourselves (see _begin)
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    # A season's indexes are larger than SQLite's default 2 MiB page cache.
    cursor.execute("PRAGMA cache_size=-131072")
    cursor.execute("PRAGMA temp_store=MEMORY")
    cursor.close()


def _sqlite_begin(conn: Connection) -> None:
    conn.exec_driver_sql("BEGIN")


def make_engine(db: str | Path) -> Engine:
    """An engine for ``db`` (path or URL), with SQLite set up as described above.

    Raises:
        LedgerError: an unknown database driver or an unusable path.
    """
    url = database_url(db)
    if url.startswith("sqlite:///"):
        path = Path(url.removeprefix("sqlite:///"))
        if str(path) not in ("", ":memory:") and not path.parent.exists():
            raise InputError("the folder of the ledger database does not exist", path=str(path))
    try:
        engine = create_engine(url)
    except NoSuchModuleError as exc:
        raise LedgerError(f"no database driver for {url.split('://')[0]!r}: {exc}") from None
    except ModuleNotFoundError as exc:
        raise LedgerError(
            f"the database driver is not installed ({exc.name}); for PostgreSQL "
            "install arpad[postgres]"
        ) from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
    return engine


def schema_revision(conn: Connection) -> str | None:
    """The Alembic revision of the database, or ``None`` for an empty database."""
    if not inspect(conn).has_table("alembic_version"):
        return None
    row = conn.exec_driver_sql("SELECT version_num FROM alembic_version").first()
    return None if row is None else str(row[0])


def upgrade(engine: Engine) -> None:
    """Create or upgrade the schema to :data:`schema.SCHEMA_REVISION` with Alembic.

    A database already at the current revision is left alone without loading Alembic.
    """
    try:
        with engine.connect() as conn:
            current = schema_revision(conn)
    except DatabaseError as exc:
        where = engine.url.database if engine.dialect.name == "sqlite" else engine.url
        raise LedgerError(
            f"cannot open the ledger database {where}: {database_problem(exc)}"
        ) from None
    if current == schema.SCHEMA_REVISION:
        return
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "arpad.ledger:migrations")
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "head")


def bump_generation(conn: Connection, expected: int | None = None) -> int:
    """Start a writing transaction: take the write lock and count one more generation.

    With ``expected`` (the generation a long-running writer last wrote), refuse if some
    other process has written in between.

    Raises:
        LedgerError: another process changed the ledger meanwhile.
    """
    stmt = update(schema.meta).where(schema.meta.c.key == "generation")
    if expected is not None:
        stmt = stmt.where(schema.meta.c.value == expected)
    result = conn.execute(stmt.values(value=schema.meta.c.value + 1))
    if result.rowcount != 1:
        raise LedgerError(
            "another process changed the ledger while this one was writing; "
            "run the command again (nothing half-done was kept)"
        )
    value = conn.execute(
        select(schema.meta.c.value).where(schema.meta.c.key == "generation")
    ).scalar_one()
    return int(value)
