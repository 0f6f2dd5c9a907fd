"""Storing FIDE's players list in a ledger (``arpad import players_list.txt``): every
player of the list becomes, or updates, a ledger player keyed by FIDE ID, so that later
TRF and PGN imports find them (:mod:`arpad.ledger.identity`: a file's FIDE ID is
``FIDE:<id>``, or the ledger player whose record holds that FIDE ID).

For each player of the list:

* the ledger player is the one already filed under that FIDE ID (an earlier list, or a
  TRF/PGN player whose record gives it), else a new player ``FIDE:<id>``;
* the player's record takes the list's name, federation, sex and title (FIDE's list is
  the authority on them; the birth date stays, the list gives only the year);
* ``fide_players`` keeps the list's row (titles, birth year, flag, the list's date and
  the import it came from), and ``fide_ratings`` the FIDE rating of each kind as of the
  list's date, with that import: where a rating came from is always known.

The whole list is one transaction (a kill leaves the ledger as it was), read and written
in chunks of players, so memory stays that of one chunk whatever the list's size.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, delete, insert, select

from arpad.collector import collection_paused
from arpad.errors import InputError
from arpad.io.fide_players_list import ListInfo, ListPlayer, open_list
from arpad.ledger import schema
from arpad.ledger.bulk import _marks, date_value, fetch_all, insert_rows, update_rows
from arpad.ledger.db import bump_generation

FORMAT = "fide-players"
"""The format name of FIDE's players list (:data:`arpad.io.FORMATS`)."""
_CHUNK = 5_000
_PLAYER_COLUMNS = ("id", "name", "fide_id", "federation", "title", "sex")
_FIDE_COLUMNS = (
    "fide_id",
    "player_id",
    "name",
    "federation",
    "sex",
    "title",
    "women_title",
    "other_titles",
    "foa_title",
    "birth_year",
    "flag",
    "list_date",
    "import_id",
)
_RATING_COLUMNS = ("fide_id", "kind", "list_date", "rating", "games", "k", "import_id")


@dataclass(frozen=True, slots=True)
class ListImported:
    source: str
    list_date: dt.date
    kinds: tuple[str, ...]
    players: int
    created: int
    """Ledger players created (the others were known and updated)."""
    ratings: int


def _chunks(players: Iterator[ListPlayer]) -> Iterator[list[ListPlayer]]:
    chunk: list[ListPlayer] = []
    for p in players:
        chunk.append(p)
        if len(chunk) == _CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _in(conn: Connection, sql: str, values: Sequence[str]) -> list[tuple[Any, ...]]:
    marks = ", ".join("?" * len(values))
    return fetch_all(conn, sql.replace("(?)", f"({marks})"), list(values))


class _Writer:
    """Writes one list's chunks inside the caller's transaction."""

    def __init__(self, conn: Connection, import_id: int, day: dt.date) -> None:
        self.conn = conn
        self.import_id = import_id
        self.day = date_value(conn, day)
        # Players filed under a FIDE ID by an event file, not by a list: few (a list's
        # players are found through fide_players, chunk by chunk).
        self.by_events = dict(
            fetch_all(
                conn,
                "SELECT p.fide_id, p.id FROM players p WHERE p.fide_id IS NOT NULL AND NOT "
                "EXISTS (SELECT 1 FROM fide_players f WHERE f.fide_id = p.fide_id)",
            )
        )
        self.players = self.created = self.ratings = 0
        # A first list into a ledger: nothing to look up or replace (most of the time of
        # the lookups is saved on the 1.6 million players of FIDE's list).
        self.fresh = not fetch_all(conn, "SELECT 1 FROM fide_players LIMIT 1")
        self.empty = not fetch_all(conn, "SELECT 1 FROM players LIMIT 1")

    def write(self, chunk: list[ListPlayer]) -> None:
        ids = [p.fide_id for p in chunk]
        sql = "SELECT fide_id, player_id FROM fide_players WHERE fide_id IN (?)"
        known = {} if self.fresh else dict(_in(self.conn, sql, ids))
        ledger_ids = {
            p.fide_id: known.get(p.fide_id) or self.by_events.get(p.fide_id) or f"FIDE:{p.fide_id}"
            for p in chunk
        }
        sql = "SELECT id FROM players WHERE id IN (?)"
        existing = (
            set() if self.empty else {r[0] for r in _in(self.conn, sql, [*ledger_ids.values()])}
        )
        new_rows, updates = [], []
        for p in chunk:
            pid = ledger_ids[p.fide_id]
            values = (p.name, p.fide_id, p.federation, p.title or p.women_title, p.sex)
            if pid in existing:
                updates.append((*values, pid))
            else:
                new_rows.append((pid, *values))
                existing.add(pid)
        insert_rows(self.conn, schema.players, _PLAYER_COLUMNS, new_rows)
        update_rows(self.conn, schema.players, _PLAYER_COLUMNS[1:], ("id",), updates)
        self._fide_rows(chunk, ids, ledger_ids)
        self.players += len(chunk)
        self.created += len(new_rows)

    def _fide_rows(
        self, chunk: list[ListPlayer], ids: list[str], ledger_ids: dict[str, str]
    ) -> None:
        fp = schema.fide_players
        if not self.fresh:
            marks = ", ".join(_marks(self.conn, len(ids)))
            sql = f"DELETE FROM fide_players WHERE fide_id IN ({marks})"
            self.conn.exec_driver_sql(sql, tuple(ids))
        rows = [
            (
                p.fide_id,
                ledger_ids[p.fide_id],
                p.name,
                p.federation,
                p.sex,
                p.title,
                p.women_title,
                p.other_titles,
                p.foa_title,
                p.birth_year,
                p.flag,
                self.day,
                self.import_id,
            )
            for p in chunk
        ]
        insert_rows(self.conn, fp, _FIDE_COLUMNS, rows)
        ratings = [
            (p.fide_id, r.kind, self.day, r.rating, r.games, r.k, self.import_id)
            for p in chunk
            for r in p.ratings
        ]
        insert_rows(self.conn, schema.fide_ratings, _RATING_COLUMNS, ratings)
        self.ratings += len(ratings)


def _list_date(info: ListInfo, given: dt.date | None, path: str) -> dt.date:
    day = given or info.list_date
    if day is None:
        raise InputError(
            "the list's date is in neither its header nor its file name; give it with "
            "--date YYYY-MM-DD",
            path=path,
        )
    return day


def import_list(
    conn: Connection,
    path: str | Path,
    sha256: str,
    at: str,
    *,
    list_date: dt.date | None = None,
) -> ListImported:
    """Store FIDE's players list at ``path`` (the caller holds the transaction).

    Raises:
        InputError: the file was imported before, has no date, or a bad line.
    """
    where = str(path)
    info, players = open_list(path)
    if info.arpad_list:
        players.close()
        raise InputError(
            "this is a ledger's rating list in FIDE's layout (arpad list --format fide), "
            "not FIDE's players list; import the events it was rated from instead",
            path=where,
        )
    day = _list_date(info, list_date, where)
    before = conn.execute(
        select(schema.imports.c.source).where(schema.imports.c.sha256 == sha256)
    ).first()
    if before is not None:
        raise InputError(f"this file was imported before (as {before.source})", path=where)
    bump_generation(conn)
    import_id = conn.execute(
        insert(schema.imports).values(
            source=where, sha256=sha256, format=FORMAT, imported_at=at, events=0
        )
    ).inserted_primary_key
    assert import_id is not None
    fr = schema.fide_ratings
    conn.execute(delete(fr).where(fr.c.list_date == day, fr.c.kind.in_(info.kinds)))
    writer = _Writer(conn, int(import_id[0]), day)
    with collection_paused():
        for chunk in _chunks(players):
            writer.write(chunk)
    return ListImported(where, day, info.kinds, writer.players, writer.created, writer.ratings)


def fide_ratings(conn: Connection, player_id: str) -> list[tuple[str, dt.date, int, int | None]]:
    """A ledger player's FIDE ratings from the imported lists: ``(kind, list date, rating,
    games)``, newest first."""
    fp, fr = schema.fide_players, schema.fide_ratings
    rows = conn.execute(
        select(fr.c.kind, fr.c.list_date, fr.c.rating, fr.c.games)
        .join(fp, fp.c.fide_id == fr.c.fide_id)
        .where(fp.c.player_id == player_id)
        .order_by(fr.c.list_date.desc(), fr.c.kind)
    )
    return [
        (
            r.kind,
            r.list_date if isinstance(r.list_date, dt.date) else dt.date.fromisoformat(r.list_date),
            r.rating,
            r.games,
        )
        for r in rows
    ]
