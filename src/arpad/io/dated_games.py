"""A CSV of dated games with any extra columns, such as the elite-games collections.

The header must name ``date``, ``white``, ``black`` and ``result`` (any case, any order);
an ``event`` column, if present, names the event; ``white_elo`` and ``black_elo``, if
present, are FIDE ratings at game time: a player's first one in an event is his rating
before it, as a PGN's ``WhiteElo`` is (kind ``fide``, so each system uses it or converts it
by its own rules, docs/formats.md); every other column (openings, a speed flag …) is
ignored. Unlike the strict games CSV (``games-csv``) no
``round`` is needed. Games of the same event and month form one event; without an
``event`` column all games of a month form one event named after the month (the rating
period of D-eval-2)::

    date,white,black,result,opening,white_elo,black_elo
    2020-02-21,Duda,Vidit,1-0,E10,2755,2721

Events come out in date order. Errors name the file and the line.
"""

from __future__ import annotations

import csv
import datetime as dt
from typing import TextIO

from arpad.errors import InputError
from arpad.io.fields import csv_rows, parse_iso_date, parse_rating
from arpad.model import Event, Game, PlayerEntry, RatingKind, parse_result

REQUIRED = ("date", "white", "black", "result")
ELO_COLUMNS = {"white": "white_elo", "black": "black_elo"}
"""The optional columns of each side's FIDE rating at game time."""


def _elo(row: list[str], col: dict[str, int], side: str, line: int) -> float | None:
    """The side's rating at game time; ``None`` where the file has no such column or cell."""
    index = col.get(ELO_COLUMNS[side])
    text = row[index].strip() if index is not None else ""
    return parse_rating(text, ELO_COLUMNS[side], line=line) if text else None


def _entry(pid: str, rating: float | None) -> PlayerEntry:
    if rating is None:
        return PlayerEntry(pid)
    return PlayerEntry(pid, rating=rating, rating_kind=RatingKind.FIDE, fide=rating)


def _names(first_line: str) -> list[str]:
    return [c.strip().strip('"').lower() for c in next(csv.reader([first_line]), [])]


def sniff(head: str, path: str) -> bool:
    """The header names date, white, black and result (and no round: that is games-csv)."""
    lines = head.lstrip("\ufeff").splitlines()
    if not lines:
        return False
    names = set(_names(lines[0]))
    return set(REQUIRED) <= names and "round" not in names


def read(handle: TextIO, path: str | None = None) -> list[Event]:  # noqa: C901
    """One event per (event, month), ordered by their last game's date.

    Raises:
        InputError: a missing column, a bad date or result, a short row, an empty id.
    """
    where = path or "<csv>"
    rows = csv_rows(handle, where)
    _, header = next(rows, (0, None))
    if header is None:
        raise InputError("the file is empty", path=where)
    names = [c.strip().lower() for c in header]
    missing = [n for n in REQUIRED if n not in names]
    if missing:
        raise InputError(f"missing column {missing[0]!r}", path=where, line=1)
    col = {n: names.index(n) for n in (*REQUIRED, "event", *ELO_COLUMNS.values()) if n in names}
    groups: dict[tuple[str, int, int], tuple[list[Game], list[dt.date]]] = {}
    first_elo: dict[tuple[str, int, int], dict[str, float | None]] = {}
    for line, row in rows:
        if not any(c.strip() for c in row):
            continue
        if [c.strip().lower() for c in row] == names:
            continue  # the header again: files joined end to end
        if len(row) < len(names):
            raise InputError(f"{len(row)} cells, expected {len(names)}", path=where, line=line)
        try:
            day = parse_iso_date(row[col["date"]], line=line)
        except InputError as exc:
            raise exc.located(where) from None
        white, black = row[col["white"]].strip(), row[col["black"]].strip()
        try:
            if not white or not black:
                raise InputError("empty player id", field="white" if not white else "black")
            game = Game(white, black, parse_result(row[col["result"]]), line=line)
            elos = {white: _elo(row, col, "white", line), black: _elo(row, col, "black", line)}
        except InputError as exc:
            raise exc.located(where, line) from None
        name = row[col["event"]].strip() if "event" in col else ""
        known = first_elo.setdefault((name, day.year, day.month), {})
        for pid, elo in elos.items():
            known.setdefault(pid, elo)
        games, days = groups.setdefault((name, day.year, day.month), ([], []))
        games.append(game)
        days.append(day)
    if not groups:
        raise InputError("no games found", path=where)
    events = []
    for (name, year, month), (games, days) in groups.items():
        label = f"{year:04d}-{month:02d}"
        ids = dict.fromkeys(p for g in games for p in (g.white, g.black))
        event_elo = first_elo[(name, year, month)]
        events.append(
            Event(
                id=f"{name} {label}" if name else label,
                name=name or label,
                players=tuple(_entry(pid, event_elo[pid]) for pid in ids),
                games=tuple(games),
                end_date=max(days),
                source=where,
            )
        )
    events.sort(key=lambda e: (e.end_date, e.id))
    return events
