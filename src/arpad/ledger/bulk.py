"""Bulk inserts and updates straight through the database driver's ``executemany``.

SQLAlchemy Core spends about ten microseconds per row preparing parameters; for the
millions of rows of a season (games, states, rating changes) that is most of the time.
These helpers build the ``INSERT``/``UPDATE`` text once for the dialect's parameter style
and pass plain tuples to the driver. Values must already be what the driver stores:
dates are ISO strings on SQLite (as SQLAlchemy's ``Date`` type stores them there).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Engine, Table


def _marks(conn: Connection, n: int) -> list[str]:
    style = conn.dialect.paramstyle
    if style == "qmark":
        return ["?"] * n
    if style in ("format", "pyformat"):
        return ["%s"] * n
    if style == "numeric":
        return [f":{i + 1}" for i in range(n)]
    raise NotImplementedError(f"parameter style {style!r}")


def date_value(conn: Connection, day: dt.date | None) -> Any:
    """A date as this connection's driver stores it (ISO text on SQLite)."""
    if day is None:
        return None
    return day.isoformat() if conn.dialect.name == "sqlite" else day


def insert_rows(
    conn: Connection, table: Table, columns: Sequence[str], rows: Sequence[Sequence[Any]]
) -> None:
    """``INSERT INTO table (columns) VALUES (...)`` for every row (a tuple per row)."""
    if not rows:
        return
    marks = ", ".join(_marks(conn, len(columns)))
    sql = f"INSERT INTO {table.name} ({', '.join(columns)}) VALUES ({marks})"
    conn.exec_driver_sql(sql, list(rows))


def update_rows(
    conn: Connection,
    table: Table,
    set_columns: Sequence[str],
    key_columns: Sequence[str],
    rows: Sequence[Sequence[Any]],
) -> None:
    """``UPDATE table SET set_columns WHERE key_columns`` for every row (values of the set
    columns first, then of the key columns)."""
    if not rows:
        return
    marks = _marks(conn, len(set_columns) + len(key_columns))
    sets = ", ".join(f"{c} = {m}" for c, m in zip(set_columns, marks, strict=False))
    keys = " AND ".join(
        f"{c} = {m}" for c, m in zip(key_columns, marks[len(set_columns) :], strict=True)
    )
    conn.exec_driver_sql(f"UPDATE {table.name} SET {sets} WHERE {keys}", list(rows))


def fetch_all(conn: Connection, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """All rows of a plain SQL query, as the driver returns them (no row objects).
    ``?`` in ``sql`` marks a parameter, whatever the driver's style."""
    if params:
        parts = sql.split("?")
        marks = _marks(conn, len(parts) - 1)
        sql = parts[0] + "".join(m + p for m, p in zip(marks, parts[1:], strict=True))
    cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.execute(sql, tuple(params)) if params else cursor.execute(sql)
        return list(cursor.fetchall())
    finally:
        cursor.close()


_MAP_BYTES = 1 << 30
"""How much of a SQLite database file :func:`memory_mapped` maps (address space, not memory)."""


@contextmanager
def memory_mapped(conn: Connection) -> Iterator[None]:
    """On SQLite, the database file read through a memory map for the block, instead of
    copied page by page into SQLite's cache: a 1,000,000-row rating list's query spends
    about a quarter less (docs/performance.md). Other databases: nothing changes."""
    if conn.dialect.name != "sqlite":
        yield
        return
    cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.execute(f"PRAGMA mmap_size={_MAP_BYTES}")
        yield
    finally:
        cursor.execute("PRAGMA mmap_size=0")
        cursor.close()


@contextmanager
def bulk_transaction(engine: Engine) -> Iterator[Connection]:
    """``engine.begin()`` for the ledger's bulk writes (an import, a batch of ratings).

    On SQLite the connection does not check each row's foreign keys for the block
    (``PRAGMA foreign_keys`` is off, then on again; it can change only outside a
    transaction): every row these writes reference is one the same code has just read
    or written in the same transaction, and the checks (a parent lookup per row) cost
    about a quarter of an import. docs/decisions.md D-ledgerfast-1. PostgreSQL checks
    as always."""
    with engine.connect() as conn:
        if conn.dialect.name != "sqlite":
            with conn.begin():
                yield conn
            return
        raw = conn.connection.dbapi_connection
        assert raw is not None
        raw.execute("PRAGMA foreign_keys=OFF")
        try:
            with conn.begin():
                yield conn
        finally:
            raw.execute("PRAGMA foreign_keys=ON")
