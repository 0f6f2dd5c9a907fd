"""A plain CSV of games for bulk history: one file, many events.

The header names the columns (any order); ``event``, ``date``, ``round``, ``white``,
``black`` and ``result`` are required, ``pool`` is optional (default ``regular``)::

    event,date,round,white,black,result
    club-2024-01,2024-01-09,1,10000001,10000002,1-0
    club-2024-01,2024-01-09,1,10000003,10000004,1/2-1/2

- ``event``: the event id; rows with the same id form one event (in file order);
- ``date``: ISO date of the game; the event's end date is the latest of its games;
- ``round``: a positive integer, or empty;
- ``white``, ``black``: player ids; the file gives no names and no ratings, so players
  the ledger does not know start unrated (and are listed by id until a file names them);
- ``result``: ``1-0``, ``0-1``, ``1/2-1/2`` (``½-½`` accepted).

Unknown columns are refused, like unknown keys in the JSON format. Errors name the file
and the line. :func:`dumps` writes events in this format (their rated games, dated by the
event's end date; byes and unrated games have no place in it).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TextIO

from arpad.errors import InputError
from arpad.io.fields import csv_rows, is_digits, parse_count, parse_iso_date
from arpad.model import Event, Game, PlayerEntry, Pool, format_result, parse_result

REQUIRED = ("event", "date", "round", "white", "black", "result")
OPTIONAL = ("pool",)


def sniff(head: str, path: str) -> bool:
    """The first line is a CSV header holding the required columns."""
    first = head.lstrip("\ufeff").splitlines()[0] if head.strip() else ""
    columns = {c.strip().lower() for c in first.split(",")}
    return set(REQUIRED) <= columns


@dataclass
class _Event:
    id: str
    pool: Pool
    line: int
    players: dict[str, PlayerEntry] = field(default_factory=dict)
    games: list[Game] = field(default_factory=list)
    end: dt.date | None = None


def _header(row: list[str], where: str) -> dict[str, int]:
    names = [c.strip().lower() for c in row]
    unknown = [n for n in names if n not in REQUIRED and n not in OPTIONAL]
    if unknown:
        raise InputError(
            f"unknown column {unknown[0]!r}; columns: {', '.join(REQUIRED + OPTIONAL)}",
            path=where,
            line=1,
        )
    missing = [n for n in REQUIRED if n not in names]
    if missing:
        raise InputError(f"missing column {missing[0]!r}", path=where, line=1)
    return {n: i for i, n in enumerate(names)}


def read(handle: TextIO, path: str | None = None) -> list[Event]:  # noqa: C901
    """Read every event of a games CSV, in the order of their first rows.

    Raises:
        InputError: a bad header, date, round, result or pool, a row with too few cells, a
            player playing themself, or an event given two pools; with file and line.
    """
    where = path or "<csv>"
    rows = csv_rows(handle, where)
    _, header = next(rows, (0, None))
    if header is None:
        raise InputError("the file is empty", path=where)
    col = _header(header, where)
    names = [c.strip().lower() for c in header]
    events: dict[str, _Event] = {}
    for line, row in rows:
        if not any(cell.strip() for cell in row):
            continue
        if [c.strip().lower() for c in row] == names:
            continue  # the header again: files joined end to end
        if len(row) < len(col):
            raise InputError(f"{len(row)} cells, expected {len(col)}", path=where, line=line)

        def cell(name: str, row: list[str] = row) -> str:
            return row[col[name]].strip()

        event_id = cell("event")
        if not event_id:
            raise InputError("empty event id", path=where, line=line, field="event")
        try:
            day = parse_iso_date(cell("date"), line=line)
        except InputError as exc:
            raise exc.located(where) from None
        text = cell("round")
        if text and not (is_digits(text) and text.strip("0")):  # positive, any length
            raise InputError(
                f"round must be a positive integer, not {text!r}",
                path=where,
                line=line,
                field="round",
            )
        pool_text = cell("pool") if "pool" in col else ""
        try:
            pool = Pool(pool_text) if pool_text else Pool.REGULAR
        except ValueError:
            raise InputError(
                f"unknown pool {pool_text!r}; use one of {', '.join(p.value for p in Pool)}",
                path=where,
                line=line,
                field="pool",
            ) from None
        ev = events.setdefault(event_id, _Event(event_id, pool, line))
        if ev.pool != pool:
            raise InputError(
                f"event {event_id!r} was {ev.pool.value!r} on line {ev.line}, here {pool.value!r}",
                path=where,
                line=line,
                field="pool",
            )
        try:
            ids = []
            for side in ("white", "black"):
                pid = cell(side)
                if not pid:
                    raise InputError("empty player id", field=side)
                entry = ev.players.get(pid)
                if entry is None:
                    entry = ev.players[pid] = PlayerEntry(pid, line=line)
                ids.append(entry.id)  # one string per player, not one per game
            ev.games.append(
                Game(
                    ids[0],
                    ids[1],
                    parse_result(cell("result")),
                    parse_count(text, "round") if text else None,
                    line=line,
                )
            )
        except InputError as exc:
            raise exc.located(where, line) from None
        ev.end = day if ev.end is None else max(ev.end, day)
    if not events:
        raise InputError("no games found", path=where)
    return [
        Event(
            id=e.id,
            name=e.id,
            end_date=e.end,
            pool=e.pool,
            players=tuple(e.players.values()),
            games=tuple(e.games),
            source=where,
        )
        for e in events.values()
    ]


def dumps(events: Sequence[Event]) -> str:
    """The games CSV of ``events`` (the inverse of :func:`read` for what the format holds).

    >>> e = Event("club", (PlayerEntry("a"), PlayerEntry("b")), (Game("a", "b", 0.5, 1),),
    ...           end_date=dt.date(2024, 1, 9))
    >>> print(dumps([e]), end="")
    event,date,round,white,black,result,pool
    club,2024-01-09,1,a,b,1/2-1/2,regular

    Raises:
        ValueError: an event without an end date.
    """
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow([*REQUIRED, *OPTIONAL])
    for e in events:
        if e.end_date is None:
            raise ValueError(f"event {e.id!r} has no end date; the games CSV needs one")
        day = e.end_date.isoformat()
        for g in e.rated_games():
            rnd = "" if g.round is None else g.round
            writer.writerow(
                [e.id, day, rnd, g.white, g.black, format_result(g.score), e.pool.value]
            )
    return buf.getvalue()
