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
import gc
import io
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, Any, TextIO, cast

from arpad.errors import InputError
from arpad.io.fields import CsvChunk, csv_chunks, csv_rows, is_digits, parse_count, parse_iso_date
from arpad.model import Event, Game, PlayerEntry, Pool, format_result, parse_result

if TYPE_CHECKING:
    from arpad.season import Season

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


@dataclass(frozen=True, slots=True)
class _Row:
    """One game row, checked."""

    event: str
    day: dt.date
    round: int | None
    pool: Pool
    white: str
    black: str
    score: float


def _parse(row: list[str], col: dict[str, int], where: str, line: int) -> _Row:
    """Check one row (every reader of the format goes through here)."""
    if len(row) < len(col):
        raise InputError(f"{len(row)} cells, expected {len(col)}", path=where, line=line)

    def cell(name: str) -> str:
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
    try:
        white, black = cell("white"), cell("black")
        for side, pid in (("white", white), ("black", black)):
            if not pid:
                raise InputError("empty player id", field=side)
        score = parse_result(cell("result"))
        round_no = parse_count(text, "round") if text else None
    except InputError as exc:
        raise exc.located(where, line) from None
    return _Row(event_id, day, round_no, pool, white, black, score)


def _checked_rows(handle: TextIO, where: str) -> Iterator[tuple[int, _Row]]:
    """``(line, row)`` for every non-empty row after the header."""
    rows = csv_rows(handle, where)
    _, header = next(rows, (0, None))
    if header is None:
        raise InputError("the file is empty", path=where)
    col = _header(header, where)
    names = [c.strip().lower() for c in header]
    for line, row in rows:
        if not any(cell.strip() for cell in row):
            continue
        if [c.strip().lower() for c in row] == names:
            continue  # the header again: files joined end to end
        yield line, _parse(row, col, where, line)


def _pool_clash(event: str, first: Pool, line: int, here: Pool, where: str, at: int) -> InputError:
    return InputError(
        f"event {event!r} was {first.value!r} on line {line}, here {here.value!r}",
        path=where,
        line=at,
        field="pool",
    )


def read(handle: TextIO, path: str | None = None) -> list[Event]:
    """Read every event of a games CSV, in the order of their first rows.

    Raises:
        InputError: a bad header, date, round, result or pool, a row with too few cells, a
            player playing themself, or an event given two pools; with file and line.
    """
    where = path or "<csv>"
    events: dict[str, _Event] = {}
    for line, r in _checked_rows(handle, where):
        ev = events.setdefault(r.event, _Event(r.event, r.pool, line))
        if ev.pool != r.pool:
            raise _pool_clash(r.event, ev.pool, ev.line, r.pool, where, line)
        ids = []
        for pid in (r.white, r.black):
            entry = ev.players.get(pid)
            if entry is None:
                entry = ev.players[pid] = PlayerEntry(pid, line=line)
            ids.append(entry.id)  # one string per player, not one per game
        try:
            ev.games.append(Game(ids[0], ids[1], r.score, r.round, line=line))
        except InputError as exc:
            raise exc.located(where, line) from None
        ev.end = r.day if ev.end is None else max(ev.end, r.day)
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


_CHUNK_ROWS = 10_000
"""Rows read and checked at a time by :func:`read_season` (its memory is the columns')."""


class _SeasonColumns:
    """The columns :func:`read_season` collects, chunk by chunk: players and events
    numbered by first appearance, each game as codes."""

    def __init__(self, where: str, col: dict[str, int], names: list[str]) -> None:
        self.where, self.col, self.names = where, col, names
        self.players: dict[str, int] = {}
        self.events: dict[str, int] = {}
        self.pool: Pool | None = None
        self.days: dict[str, int] = {}
        self.parts: list[tuple[Any, ...]] = []
        """Each chunk's event, White, Black, score and day columns (NumPy arrays)."""

    def add(self, chunk: CsvChunk) -> None:
        """Add a chunk of rows: checked a column and a distinct value at a time, and by
        the one row parser (:func:`_parse`, which names the first bad line) when anything
        there is not plainly right (or is a blank or repeated header row)."""
        if not self._add_columns(chunk.rows):
            self._add_rows(chunk.numbered())

    def _add_columns(self, rows: list[list[str]]) -> bool:
        col = self.col
        if min(map(len, rows)) < len(col):
            return False
        cells = {n: list(map(str.strip, map(itemgetter(i), rows))) for n, i in col.items()}
        pools = {_pool_or_none(v) for v in set(cells.get("pool", ("",)))}
        if None in pools or len(pools | {self.pool} - {None}) > 1:
            return False
        if not _plain_columns(cells, self.names[col["event"]]):
            return False
        days = self._days(set(cells["date"]))
        scores = _distinct(set(cells["result"]), _score_or_none)
        if days is None or scores is None or not _rounds_ok(set(cells["round"])):
            return False
        self.pool = pools.pop()
        both = _interleave(cells)  # players numbered in the order they appear
        self._keep(
            _codes(self.events, cells["event"]),
            _codes(self.players, both)[0::2],
            list(map(self.players.__getitem__, cells["black"])),
            list(map(scores.__getitem__, cells["result"])),
            list(map(days.__getitem__, cells["date"])),
        )
        return True

    def _keep(
        self,
        event: list[int],
        white: list[int],
        black: list[int],
        score: list[float],
        day: list[int],
    ) -> None:
        """A chunk's games as arrays (a tenth of the lists' memory)."""
        import numpy as np

        self.parts.append(
            (
                np.array(event, dtype=np.int64),
                np.array(white, dtype=np.int32),
                np.array(black, dtype=np.int32),
                np.array(score, dtype=float),
                np.array(day, dtype=np.int64),
            )
        )

    def _days(self, texts: set[str]) -> dict[str, int] | None:
        from arpad.season import EPOCH

        for text in texts - self.days.keys():
            try:
                self.days[text] = (parse_iso_date(text) - EPOCH).days
            except InputError:
                return None
        return self.days

    def _add_rows(self, chunk: list[tuple[int, list[str]]]) -> None:
        from arpad.season import EPOCH

        where, names = self.where, self.names
        part: tuple[list[int], list[int], list[int], list[float], list[int]] = ([], [], [], [], [])
        for line, row in chunk:
            if not any(cell.strip() for cell in row) or [c.strip().lower() for c in row] == names:
                continue  # a blank row; the header again (files joined end to end)
            r = _parse(row, self.col, where, line)
            if self.pool is None:
                self.pool = r.pool
            elif r.pool != self.pool:
                raise InputError(
                    f"a season is one pool: {self.pool.value!r} above, {r.pool.value!r} here "
                    "(split the file by pool)",
                    path=where,
                    line=line,
                    field="pool",
                )
            if r.white == r.black:
                raise InputError(
                    f"player {r.white!r} cannot play themself", path=where, line=line, field="black"
                )
            part[0].append(self.events.setdefault(r.event, len(self.events)))
            part[1].append(self.players.setdefault(r.white, len(self.players)))
            part[2].append(self.players.setdefault(r.black, len(self.players)))
            part[3].append(r.score)
            part[4].append((r.day - EPOCH).days)
        self._keep(*part)


def _codes(numbers: dict[str, int], values: list[str]) -> list[int]:
    """Each value's number, numbering new values in the order they first appear (a loop
    over the distinct values only)."""
    for value in dict.fromkeys(values):
        if value not in numbers:
            numbers[value] = len(numbers)
    return list(map(numbers.__getitem__, values))


def _interleave(cells: dict[str, list[str]]) -> list[str]:
    """White and Black of every game in turn (players numbered in the order they appear)."""
    both: list[str] = [""] * (2 * len(cells["white"]))
    both[0::2], both[1::2] = cells["white"], cells["black"]
    return both


def _plain_columns(cells: dict[str, list[str]], event_header: str) -> bool:
    """No empty event or player id, nobody playing themself, no row that may be a header
    again (they are for the row parser to judge)."""
    events, white, black = cells["event"], cells["white"], cells["black"]
    return (
        "" not in events
        and event_header not in {e.lower() for e in set(events)}
        and "" not in white
        and "" not in black
        and not any(map(str.__eq__, white, black))
    )


def _pool_or_none(text: str) -> Pool | None:
    try:
        return Pool(text) if text else Pool.REGULAR
    except ValueError:
        return None


def _score_or_none(text: str) -> float | None:
    try:
        return parse_result(text)
    except InputError:
        return None


def _distinct(values: set[str], parse: Callable[[str], float | None]) -> dict[str, float] | None:
    """Each distinct value parsed (``None`` if one does not parse)."""
    out = {v: parse(v) for v in values}
    return None if None in out.values() else cast("dict[str, float]", out)


def _rounds_ok(texts: set[str]) -> bool:
    """Every distinct round is empty or one :func:`_parse` accepts."""
    for text in texts:
        if not text:
            continue
        if not (is_digits(text) and text.strip("0")):
            return False
        try:
            parse_count(text, "round")
        except InputError:
            return False
    return True


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Python's cycle collector off for a bulk read: it would walk the millions of new
    strings and lists (none in a cycle) again and again, a fifth of the time."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _read_columns(handle: TextIO, where: str) -> _SeasonColumns:
    chunks = csv_chunks(handle, where, _CHUNK_ROWS)
    first = next(chunks, None)
    if first is None:
        raise InputError("the file is empty", path=where)
    header = first.rows[0]
    columns = _SeasonColumns(where, _header(header, where), [c.strip().lower() for c in header])
    rest = [CsvChunk(first.rows[1:], first.start + 1, first.end)] if len(first.rows) > 1 else []
    del first  # the header's chunk: its rows live on in ``rest`` only while it is read
    for chunk in chain(rest, chunks):
        rest.clear()
        columns.add(chunk)
    return columns


def read_season(handle: TextIO, path: str | None = None) -> Season:
    """Read a games CSV of one pool straight into a columnar
    :class:`~arpad.season.Season` (no Python object per game): events in the order of
    their first rows, each ending on its latest game's date, everyone unrated at first.

    The rows are checked a column at a time, each distinct date, round, result and pool
    once, by the same functions as :func:`read`; a chunk with anything doubtful goes
    through :func:`read`'s row parser, which names the first bad line.

    Raises:
        InputError: what :func:`read` refuses, and a file of more than one pool.
    """
    import numpy as np

    from arpad.season import season_from_codes

    where = path or "<csv>"
    with _gc_paused():
        columns = _read_columns(handle, where)
    if not any(len(part[0]) for part in columns.parts):
        raise InputError("no games found", path=where)
    event_of, white, black, score, day = (
        np.concatenate([part[k] for part in columns.parts]) for k in range(5)
    )
    last_day = np.full(len(columns.events), np.iinfo(np.int64).min)
    np.maximum.at(last_day, event_of, day)
    order = np.argsort(event_of, kind="stable")
    return season_from_codes(
        event_of[order],
        white[order],
        black[order],
        score[order],
        players=tuple(columns.players),
        event_ids=tuple(columns.events),
        end_day=last_day.astype(np.int32),
        pool=columns.pool or Pool.REGULAR,
    )


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
