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
import math
from typing import TYPE_CHECKING, TextIO

from arpad.errors import InputError
from arpad.io.fields import (
    PlainBlock,
    byte_texts,
    csv_rows,
    distinct_codes,
    distinct_values,
    parse_iso_date,
    parse_rating,
    plain_block,
    season_of_text,
)
from arpad.model import MAX_ID_LENGTH, Event, Game, PlayerEntry, RatingKind, parse_result

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from arpad.season import Season

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


def read_season(handle: TextIO, path: str | None = None) -> Season:
    """The file's events as a columnar :class:`~arpad.season.Season`, equal column for
    column to ``Season.from_events(read(...))``, and rated alike by every system. A file
    whose lines are all plain (:func:`~arpad.io.fields.plain_block`) is cut into columns by
    NumPy, each distinct date, result, rating and event checked once, with no Python
    object per game: ``white_elo``/``black_elo`` become each member's rating at the event
    (his first game's, :attr:`~arpad.season.Season.member_rating`) of kind ``fide``
    (:attr:`~arpad.season.Season.rating_kind`), which each system takes as its own or not
    (:meth:`arpad.systems.RatingSystem.own_season`) as it does the events' entries. A file
    with anything doubtful goes through :func:`read`, which names the first bad line.

    Raises:
        InputError: what :func:`read` refuses.
    """
    return season_of_text(handle, path, _plain_season, read)


def _plain_season(text: str) -> Season | None:
    """The season of a file whose rows are all plain and right, else ``None``."""
    import numpy as np

    from arpad.season import season_from_codes

    first, _, body = text.partition("\n")
    names = [c.strip().lower() for c in next(csv.reader([first]), [])]
    if not set(REQUIRED) <= set(names):
        return None
    plain = plain_block(body, len(names), MAX_ID_LENGTH) or _quoted_block(body, len(names))
    if plain is None:
        return None
    col = {n: names.index(n) for n in (*REQUIRED, "event") if n in names}
    white, black = plain.column(col["white"]), plain.column(col["black"])
    if (white == b"").any() or (black == b"").any() or (white == black).any():
        return None
    day = distinct_values(plain.column(col["date"]), _day_or_none)
    score = distinct_values(plain.column(col["result"]), _score_or_none)
    events = _events(plain, col, day)
    if day is None or score is None or events is None:
        return None
    rated = bool(set(ELO_COLUMNS.values()) & set(names))
    ratings = _ratings(plain, names) if rated else None
    if rated and ratings is None:
        return None
    ids, event_of, end_day = events
    order = np.argsort(event_of, kind="stable")  # event by event, each in file order
    names_, codes = distinct_codes(np.concatenate([white[order], black[order]]))
    games = len(order)
    return season_from_codes(
        event_of[order],
        codes[:games].astype(np.int32),
        codes[games:].astype(np.int32),
        score[order],
        players=byte_texts(names_),
        event_ids=ids,
        end_day=end_day,
        ratings=None if ratings is None else (ratings[0][order], ratings[1][order]),
        rating_kind=RatingKind.FIDE,
    )


def _quoted_block(body: str, width: int) -> PlainBlock | None:
    """The rows of a file whose cells are quoted (``"2020-02-21","Duda",…``, as many
    collections write them) as the csv module reads them, laid out as a
    :class:`~arpad.io.fields.PlainBlock` (one string per cell, no object per game);
    ``None`` where :func:`read` might read a row otherwise (a row of another width, a
    blank one, white space at a cell's edge, a NUL, a cell over the id limit) or the csv
    module refuses one: :func:`read` then reads the file."""
    import numpy as np

    cells: list[bytes] = []
    try:
        for _, row in csv_rows(body.splitlines(keepends=True)):
            if len(row) != width:
                return None
            for cell in row:
                if cell != cell.strip() or "\x00" in cell or len(cell) > MAX_ID_LENGTH:
                    return None
                cells.append(cell.encode("utf-8", "surrogatepass"))
    except InputError:
        return None
    if not cells:
        return None
    length = np.fromiter(map(len, cells), dtype=np.int64, count=len(cells))
    start = np.concatenate([[0], np.cumsum(length)[:-1]]).astype(np.int64)
    text = np.frombuffer(b"".join(cells), dtype=np.uint8)
    return PlainBlock(text, start.reshape(-1, width), length.reshape(-1, width))


def _ratings(
    plain: PlainBlock, names: list[str]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]] | None:
    """White's and Black's FIDE rating in each game (NaN: an empty cell or no such column),
    as :func:`_elo` reads them; ``None``: a cell :func:`_elo` refuses (:func:`read` then
    names its line)."""
    import numpy as np

    out = []
    for side in ("white", "black"):
        name = ELO_COLUMNS[side]
        if name not in names:
            out.append(np.full(plain.rows, np.nan))
            continue
        values = distinct_values(plain.column(names.index(name)), _rating_or_none)
        if values is None:
            return None
        out.append(values)
    return out[0], out[1]


def _rating_or_none(text: str) -> float | None:
    """A rating cell's value (NaN: empty), ``None`` where :func:`_elo` refuses it."""
    if not text:
        return math.nan
    try:
        return parse_rating(text)
    except InputError:
        return None


def _events(
    plain: PlainBlock, col: dict[str, int], day: npt.NDArray[np.float64] | None
) -> tuple[list[str], npt.NDArray[np.int64], npt.NDArray[np.int32]] | None:
    """Each game's event (name and month, as :func:`read` groups them) numbered in the
    order :func:`read` sorts the events (last game's date, then id), the ids, and each
    event's last day; ``None`` where an id is one :class:`~arpad.model.Event` refuses."""
    import numpy as np

    if day is None:
        return None
    name = plain.column(col["event"]) if "event" in col else np.zeros(len(day), dtype="S1")
    # Months from January 1970 (NumPy's calendar), shifted to count from year 0.
    month = day.astype("datetime64[D]").astype("datetime64[M]").astype(np.int64) + 1970 * 12
    names, name_of = distinct_codes(name)
    months = int(month.max(initial=0)) + 1
    groups, group_of = np.unique(name_of * months + month, return_inverse=True)
    last = np.full(len(groups), np.iinfo(np.int64).min)
    np.maximum.at(last, group_of, day.astype(np.int64))
    labels = byte_texts(names)
    ids = []
    for k in groups.tolist():
        n, m = divmod(k, months)
        label = f"{m // 12:04d}-{m % 12 + 1:02d}"
        ids.append(f"{labels[n]} {label}" if labels[n] else label)
    if max(map(len, ids)) > MAX_ID_LENGTH:
        return None
    rank = sorted(range(len(ids)), key=lambda g: (int(last[g]), ids[g]))
    position = np.empty(len(ids), dtype=np.int64)
    position[rank] = np.arange(len(ids))
    return [ids[g] for g in rank], position[group_of], last[rank].astype(np.int32)


def _day_or_none(text: str) -> float | None:
    from arpad.season import EPOCH

    try:
        return (parse_iso_date(text) - EPOCH).days
    except InputError:
        return None


def _score_or_none(text: str) -> float | None:
    try:
        return parse_result(text)
    except InputError:
        return None
