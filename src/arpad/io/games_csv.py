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
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, Any, TextIO

from arpad.errors import InputError
from arpad.io.fields import (
    CsvChunk,
    byte_texts,
    csv_chunks,
    csv_rows,
    distinct_codes,
    distinct_values,
    factorised,
    is_digits,
    parse_count,
    parse_iso_date,
    plain_block,
    release_freed_memory,
    text_blocks,
)
from arpad.model import (
    MAX_ID_LENGTH,
    Event,
    Game,
    PlayerEntry,
    Pool,
    check_text,
    format_result,
    parse_result,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from arpad.season import IntArray, Season

    BytesArray = npt.NDArray[np.bytes_]

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
        _check_ids(event_id, white, black)
        score = parse_result(cell("result"))
        round_no = parse_count(text, "round") if text else None
    except InputError as exc:
        raise exc.located(where, line) from None
    return _Row(event_id, day, round_no, pool, white, black, score)


def _check_ids(event_id: str, white: str, black: str) -> None:
    """The checks :class:`~arpad.model.Event` and :class:`~arpad.model.PlayerEntry` make
    of their ids, made at the row (so that every reader names its line)."""
    check_text(event_id, "event id", MAX_ID_LENGTH)
    for pid in (white, black):
        check_text(pid, "player id", MAX_ID_LENGTH)


_NOT_IN_IDS = re.compile("[\x00\ud800-\udfff]")
"""What :func:`~arpad.model.check_text` refuses in an id (besides its length)."""


def _ids_ok(ids: set[str]) -> bool:
    """Every distinct id passes :func:`_check_ids` (else the row parser names the line)."""
    return max(map(len, ids), default=0) <= MAX_ID_LENGTH and not _NOT_IN_IDS.search("".join(ids))


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
"""Rows read and checked at a time by :func:`read_season` where the csv module reads."""


class _SeasonColumns:
    """The columns :func:`read_season` collects, block by block: each game's event, White
    and Black as bytes (numbered once, at the end), its score and day as numbers."""

    def __init__(self, where: str, col: dict[str, int], names: list[str]) -> None:
        self.where, self.col, self.names = where, col, names
        self.pool: Pool | None = None
        self.days: dict[str, int] = {}
        self.parts: list[list[Any]] = []
        """Each block's event, White, Black (``S`` arrays), score and day columns."""

    def add(self, chunk: CsvChunk) -> None:
        """Add a chunk of rows the csv module read: checked a column and a distinct value
        at a time, and by the one row parser (:func:`_parse`, which names the first bad
        line) when anything there is not plainly right (or is a blank or repeated header
        row)."""
        if not self._add_columns(chunk.rows):
            self._add_rows(chunk.numbered())

    def add_plain(self, block: str) -> bool:
        """Add a block of whole lines if every cell is plain (:func:`plain_block`, ids no
        longer than the model allows) and the columns pass; ``False`` (nothing added)
        otherwise."""
        plain = plain_block(block, len(self.names), MAX_ID_LENGTH)
        if plain is None:
            return False
        return self._add_bytes({n: plain.column(i) for n, i in self.col.items()})

    def _add_columns(self, rows: list[list[str]]) -> bool:
        col = self.col
        if min(map(len, rows)) < len(col):
            return False
        cells = {n: list(map(str.strip, map(itemgetter(i), rows))) for n, i in col.items()}
        ids = set(cells["event"]) | set(cells["white"]) | set(cells["black"])
        if not _ids_ok(ids) or any("\x00" in "".join(v) for v in cells.values()):
            return False  # (NumPy's bytes would lose a NUL at a cell's end)
        return self._add_bytes({n: _bytes(v) for n, v in cells.items()})

    def _add_bytes(self, cols: dict[str, BytesArray]) -> bool:
        """Add a block's columns if they pass, checked a distinct value at a time."""
        import numpy as np

        event, white, black = cols["event"], cols["white"], cols["black"]
        events = byte_texts(np.unique(event))
        header = self.names[self.col["event"]]
        if "" in events or header in {e.lower() for e in events}:
            return False  # an empty id or the header again: for the row parser
        if (white == b"").any() or (black == b"").any() or (white == black).any():
            return False
        pool = self._pool(cols.get("pool"))
        score = distinct_values(cols["result"], _score_of)
        day = distinct_values(cols["date"], self._day)
        if pool is None or score is None or day is None:
            return False
        if not _rounds_ok(set(byte_texts(np.unique(cols["round"])))):
            return False
        self.pool = pool
        self.parts.append([event, white, black, score, day.astype(np.int64)])
        return True

    def _pool(self, column: BytesArray | None) -> Pool | None:
        """The block's one pool, the season's (``None``: another or an unknown one)."""
        import numpy as np

        texts = {""} if column is None else set(byte_texts(np.unique(column)))
        pools = {_pool_or_none(v) for v in texts}
        if None in pools or len(pools | {self.pool} - {None}) > 1:
            return None
        return pools.pop()

    def _day(self, text: str) -> float | None:
        from arpad.season import EPOCH

        if text not in self.days:
            try:
                self.days[text] = (parse_iso_date(text) - EPOCH).days
            except InputError:
                return None
        return self.days[text]

    def _add_rows(self, chunk: list[tuple[int, list[str]]]) -> None:
        import numpy as np

        from arpad.season import EPOCH

        where, names = self.where, self.names
        part: tuple[list[str], list[str], list[str], list[float], list[int]] = ([], [], [], [], [])
        for line, row in chunk:
            if not any(cell.strip() for cell in row) or [c.strip().lower() for c in row] == names:
                continue  # a blank row; the header again (files joined end to end)
            r = _parse(row, self.col, where, line)
            self._check_row(r, line)
            part[0].append(r.event)
            part[1].append(r.white)
            part[2].append(r.black)
            part[3].append(r.score)
            part[4].append((r.day - EPOCH).days)
        self.parts.append(
            [
                _bytes(part[0]),
                _bytes(part[1]),
                _bytes(part[2]),
                np.array(part[3], dtype=float),
                np.array(part[4], dtype=np.int64),
            ]
        )

    def _check_row(self, r: _Row, line: int) -> None:
        """What a season asks of a row besides :func:`_parse`: one pool, two players."""
        if self.pool is None:
            self.pool = r.pool
        elif r.pool != self.pool:
            raise InputError(
                f"a season is one pool: {self.pool.value!r} above, {r.pool.value!r} here "
                "(split the file by pool)",
                path=self.where,
                line=line,
                field="pool",
            )
        if r.white == r.black:
            raise InputError(
                f"player {r.white!r} cannot play themself",
                path=self.where,
                line=line,
                field="black",
            )


def _bytes(values: list[str]) -> BytesArray:
    """Text cells as NumPy bytes (UTF-8; a lone surrogate kept, for the checks to refuse)."""
    import numpy as np

    out: BytesArray = np.array(
        [v.encode("utf-8", "surrogatepass") for v in values], dtype=np.bytes_
    )
    return out


def _pool_or_none(text: str) -> Pool | None:
    try:
        return Pool(text) if text else Pool.REGULAR
    except ValueError:
        return None


def _score_of(text: str) -> float | None:
    try:
        return parse_result(text)
    except InputError:
        return None


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


_BLOCK_CHARS = 1 << 20
"""Characters of plain rows :func:`read_season` splits at a time."""


def _read_columns(handle: TextIO, where: str) -> _SeasonColumns:
    """The columns of the file: plain blocks split at once (:func:`plain_cells`) while
    they last, the rest through the csv module chunk by chunk."""
    head = handle.readline()
    try:
        header = next(csv.reader([head])) if head.strip() and '"' not in head else None
    except csv.Error:
        header = None
    if header is None:  # for the csv module to read and judge, from the first line
        return _read_chunks(chain([head], handle), where)
    columns = _SeasonColumns(where, _header(header, where), [c.strip().lower() for c in header])
    line = 1
    for block in text_blocks(handle, _BLOCK_CHARS):
        if not columns.add_plain(block):
            rest = csv_chunks(chain(io.StringIO(block), handle), where, _CHUNK_ROWS, line + 1)
            for chunk in rest:
                columns.add(chunk)
            break
        line += block.count("\n")
    return columns


def _read_chunks(lines: Iterable[str], where: str) -> _SeasonColumns:
    chunks = csv_chunks(lines, where, _CHUNK_ROWS)
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

    Blocks of plain lines (:func:`~arpad.io.fields.plain_block`) are cut into columns by
    NumPy; the rest goes through the csv module. The rows are checked a column at a
    time, each distinct date, round, result and pool once, by the same functions as
    :func:`read`; a block with anything doubtful goes through :func:`read`'s row parser,
    which names the first bad line.

    Raises:
        InputError: what :func:`read` refuses, and a file of more than one pool.
    """
    import numpy as np

    from arpad.season import season_from_codes

    where = path or "<csv>"
    with _gc_paused():
        columns = _read_columns(handle, where)
    parts = columns.parts
    if not any(len(part[0]) for part in parts):
        raise InputError("no games found", path=where)
    # Each column joined and numbered in turn, its blocks let go (the season's peak memory).
    event_ids, event_of = _numbered_in_order(_joined(parts, 0))
    last_day = np.full(len(event_ids), np.iinfo(np.int64).min)
    np.maximum.at(last_day, event_of, _joined(parts, 4))
    games = len(event_of)
    names, codes = distinct_codes(np.concatenate([_joined(parts, 1), _joined(parts, 2)]))
    white_of, black_of = codes[:games].astype(np.int32), codes[games:].astype(np.int32)
    del codes
    score = _joined(parts, 3)
    if np.any(np.diff(event_of) < 0):  # an event's rows apart: its games together
        order = np.argsort(event_of, kind="stable")
        event_of, white_of, black_of = event_of[order], white_of[order], black_of[order]
        score = score[order]
    season = season_from_codes(
        event_of,
        white_of,
        black_of,
        score,
        players=byte_texts(names),
        event_ids=event_ids,
        end_day=last_day.astype(np.int32),
        pool=columns.pool or Pool.REGULAR,
    )
    del event_of, white_of, black_of, score, names, columns, parts
    release_freed_memory()
    return season


def _joined(parts: list[list[Any]], k: int) -> Any:
    """Column ``k`` of every block, joined; the blocks' own arrays are let go."""
    import numpy as np

    out = np.concatenate([part[k] for part in parts])
    for part in parts:
        part[k] = None
    return out


def _numbered_in_order(column: BytesArray) -> tuple[list[str], IntArray]:
    """The distinct values in order of first appearance, and each cell's number."""
    import numpy as np

    distinct, first, which = factorised(column)
    order = np.argsort(first, kind="stable")
    rank = np.empty(len(distinct), dtype=np.int64)
    rank[order] = np.arange(len(distinct), dtype=np.int64)
    numbers: IntArray = rank[which]
    return byte_texts(distinct[order]), numbers


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
