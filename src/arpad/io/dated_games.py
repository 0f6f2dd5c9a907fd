"""A CSV of dated games with any extra columns, such as the elite-games collections.

The header must name ``date``, ``white``, ``black`` and ``result`` (any case, any order);
an ``event`` column, if present, names the event; every other column (openings, Elo at
game time, a speed flag …) is ignored. Unlike the strict games CSV (``games-csv``) no
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
from arpad.io.fields import csv_rows, parse_iso_date
from arpad.model import Event, Game, PlayerEntry, parse_result

REQUIRED = ("date", "white", "black", "result")


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
    col = {n: names.index(n) for n in (*REQUIRED, "event") if n in names}
    groups: dict[tuple[str, int, int], tuple[list[Game], list[dt.date]]] = {}
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
        except InputError as exc:
            raise exc.located(where, line) from None
        name = row[col["event"]].strip() if "event" in col else ""
        games, days = groups.setdefault((name, day.year, day.month), ([], []))
        games.append(game)
        days.append(day)
    if not groups:
        raise InputError("no games found", path=where)
    events = []
    for (name, year, month), (games, days) in groups.items():
        label = f"{year:04d}-{month:02d}"
        ids = dict.fromkeys(p for g in games for p in (g.white, g.black))
        events.append(
            Event(
                id=f"{name} {label}" if name else label,
                name=name or label,
                players=tuple(PlayerEntry(pid) for pid in ids),
                games=tuple(games),
                end_date=max(days),
                source=where,
            )
        )
    events.sort(key=lambda e: (e.end_date, e.id))
    return events
