"""Number fields as event files write them, parsed the same way by every reader.

``int()`` and ``float()`` accept more than any chess format allows: superscript and
Arabic-Indic digits (``int("²")`` fails but ``"²".isdigit()`` is true; ``int("١٢")`` is 12),
underscores, ``inf``, ``nan`` and ``1e400``. A reader therefore matches a field against an
explicit ASCII pattern first and checks the value against the model's limits
(:data:`arpad.model.RATING_LIMITS`, :data:`arpad.model.MAX_COUNT`), so that a broken file is
refused with its line instead of rating a player at infinity (docs/formats.md, "Malformed
input"; D-input-1, D-input-2).
"""

from __future__ import annotations

import csv
import datetime as dt
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import accumulate, islice
from typing import TYPE_CHECKING, TextIO

from arpad.errors import InputError
from arpad.model import (
    MAX_COUNT,
    MAX_ID_LENGTH,
    RATING_LIMITS,
    Event,
    check_count,
    check_date,
    check_rating,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from arpad.season import Season

CELL_LIMIT = csv.field_size_limit()
"""The longest CSV cell read (the csv module's own limit, 131,072 characters): a longer one
is a broken file, refused at its line (issue 24)."""
MAX_DIGITS = 18
"""The most digits a whole number of any file field has (Python's ``int()`` refuses more
than 4,300 with a ValueError of its own; no count or rating needs more than 18)."""

_DIGITS = re.compile(r"[0-9]+", re.ASCII)
_INTEGER = re.compile(r"[+-]?[0-9]+", re.ASCII)
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)", re.ASCII)


def is_digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits (``str.isdigit`` accepts ``²`` and ``١``).

    >>> is_digits("2100"), is_digits("²"), is_digits("١٢"), is_digits("")
    (True, False, False, False)
    """
    return _DIGITS.fullmatch(text) is not None


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 40 else f"{text[:20]!r}… ({len(text)} characters)"


def parse_count(text: str, what: str, *, line: int | None = None) -> int:
    """A whole number of ASCII digits in ``0..MAX_COUNT`` (games, rounds, pair numbers).

    Raises:
        InputError: naming ``what`` and the text.
    """
    stripped = text.strip()
    if _INTEGER.fullmatch(stripped) is None:
        raise InputError(
            f"{what} must be a whole number, not {_shown(text)}", field=what, line=line
        )
    if len(stripped.lstrip("+-0")) > MAX_DIGITS:
        digits = len(stripped.lstrip("+-"))
        raise InputError(
            f"{what} must be between 0 and {MAX_COUNT:,}, not a number of {digits} digits",
            field=what,
            line=line,
        )
    value = int(stripped)
    check_count(value, what, line)
    return value


def parse_integer(text: str, what: str, *, line: int | None = None) -> int:
    """A signed whole number of at most 18 ASCII digits (``-1`` ends a Berard game list).

    Raises:
        InputError: naming ``what`` and the text.
    """
    stripped = text.strip()
    if _INTEGER.fullmatch(stripped) is None or len(stripped.lstrip("+-")) > MAX_DIGITS:
        raise InputError(
            f"{what} must be a whole number, not {_shown(text)}", field=what, line=line
        )
    return int(stripped)


def parse_decimal(text: str, what: str, *, line: int | None = None) -> float:
    """A decimal number of ASCII digits (``12``, ``1.5``, ``1,5``); no exponent, no ``inf``.

    Raises:
        InputError: naming ``what`` and the text.
    """
    stripped = text.strip()
    if _DECIMAL.fullmatch(stripped) is None or len(stripped) > 40:
        raise InputError(f"{what} must be a number, not {_shown(text)}", field=what, line=line)
    return float(stripped.replace(",", "."))


def parse_rating(text: str, what: str = "rating", *, line: int | None = None) -> float:
    """A rating: a decimal number within :data:`arpad.model.RATING_LIMITS`.

    >>> parse_rating("2100"), parse_rating(" 1641.5 ")
    (2100.0, 1641.5)

    Raises:
        InputError: not a plain decimal number, or out of range.
    """
    value = parse_decimal(text, what, line=line)
    check_rating(value, what, line)
    return value


def make_date(
    year: int, month: int, day: int, what: str = "date", *, line: int | None = None
) -> dt.date:
    """The date of three numbers a file gave, within :data:`arpad.model.DATE_LIMITS`.

    >>> make_date(2024, 2, 29)
    datetime.date(2024, 2, 29)

    Raises:
        InputError: no such day (February 30, month 13, year 0 or 10,000), or out of range.
    """
    try:
        value = dt.date(year, month, day)
    except (ValueError, OverflowError):
        raise InputError(
            f"{what} {year:04d}-{month:02d}-{day:02d} is not a day of the calendar",
            field=what,
            line=line,
        ) from None
    check_date(value, what, line)
    return value


_ISO_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})", re.ASCII)


def parse_iso_date(text: str, what: str = "date", *, line: int | None = None) -> dt.date:
    """An ISO date ``YYYY-MM-DD`` of ASCII digits, a real day within the limits.

    ``date.fromisoformat`` also takes ``20240531`` and ``2024-W22-5``; files mean neither.

    >>> parse_iso_date(" 2020-02-21 ")
    datetime.date(2020, 2, 21)

    Raises:
        InputError: not such a date, naming ``what`` and the text.
    """
    m = _ISO_DATE.fullmatch(text.strip())
    if m is None:
        raise InputError(
            f"{what} must be an ISO date like 2024-05-31, not {_shown(text)}", field=what, line=line
        )
    return make_date(int(m.group(1)), int(m.group(2)), int(m.group(3)), what, line=line)


def csv_rows(
    lines: Iterable[str], path: str | None = None, first_line: int = 1
) -> Iterator[tuple[int, list[str]]]:
    """The rows of CSV text with the line each ends on. Whatever the csv module refuses (a
    cell over :data:`CELL_LIMIT`, a carriage return inside an unquoted cell, a NUL) is an
    input error at its line, in every CSV reader alike (issue 24).

    >>> list(csv_rows(["a,b\\n", "1,2\\n"]))
    [(1, ['a', 'b']), (2, ['1', '2'])]

    Raises:
        InputError: the row cannot be read, naming the file and line.
    """
    reader = csv.reader(lines)
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            line = reader.line_num + first_line - 1
            raise InputError(
                f"cannot read this row: {_csv_problem(exc)}", path=path, line=line
            ) from None
        yield reader.line_num + first_line - 1, row


@dataclass(frozen=True, slots=True)
class CsvChunk:
    """Rows of CSV text read at once (:func:`csv_chunks`), after line ``start``."""

    rows: list[list[str]]
    start: int
    end: int | None
    """The line the last row ends on (``None``: not known, the next row failed)."""

    def numbered(self) -> list[tuple[int, list[str]]]:
        """Each row with the line it ends on (as :func:`csv_rows` gives it)."""
        if self.end is not None and self.end - self.start == len(self.rows):  # a line each
            return list(zip(range(self.start + 1, self.end + 1), self.rows, strict=True))
        # A quoted cell holds line breaks: its row ends that many lines further on.
        ends = accumulate(1 + sum(cell.count("\n") for cell in row) for row in self.rows)
        return [(self.start + n, row) for n, row in zip(ends, self.rows, strict=True)]


def csv_chunks(
    lines: Iterable[str], path: str | None = None, size: int = 50_000, first_line: int = 1
) -> Iterator[CsvChunk]:
    """:func:`csv_rows` ``size`` rows at a time, the csv module reading each chunk in one
    call (a bulk reader's pace); the same rows, lines and errors, in the same order.

    >>> [c.numbered() for c in csv_chunks(["a,b\\n", "1,2\\n", '"x\\n', 'y",3\\n'], size=2)]
    [[(1, ['a', 'b']), (2, ['1', '2'])], [(4, ['x\\ny', '3'])]]

    Raises:
        InputError: a row cannot be read, naming the file and line (after the rows
            before it are yielded).
    """
    reader = csv.reader(lines)
    before = first_line - 1  # lines of the file before ``lines``
    while True:
        start = reader.line_num + before
        rows: list[list[str]] = []
        failed = None
        try:
            rows.extend(islice(reader, size))
        except csv.Error as exc:
            failed = InputError(
                f"cannot read this row: {_csv_problem(exc)}",
                path=path,
                line=reader.line_num + before,
            )
        if rows:
            yield CsvChunk(rows, start, None if failed else reader.line_num + before)
        if failed is not None:
            raise failed
        if not rows:
            return


def text_blocks(handle: TextIO, size: int) -> Iterator[str]:
    """The text of ``handle`` about ``size`` characters at a time, each block whole lines
    (the last may lack its line break)."""
    while True:
        text = handle.read(size)
        if not text:
            return
        if not text.endswith("\n"):
            text += handle.readline()
        yield text


@dataclass(frozen=True)
class PlainBlock:
    """A block of whole CSV lines whose every cell is simply the bytes between two commas
    (:func:`plain_block`): the text, and each cell's start and length, a row of
    ``width`` cells per line."""

    text: npt.NDArray[np.uint8]
    start: npt.NDArray[np.int64]
    length: npt.NDArray[np.int64]
    """Shape ``(lines, width)``, as ``start``."""

    @property
    def rows(self) -> int:
        return len(self.start)

    @cached_property
    def _padded(self) -> npt.NDArray[np.uint8]:
        """The text and room for the widest cell past its end (copied once per block,
        not once per column)."""
        import numpy as np

        room = np.zeros(max(int(self.length.max(initial=0)), 1), dtype=np.uint8)
        return np.append(self.text, room)

    def column(self, i: int) -> npt.NDArray[np.bytes_]:
        """Cell ``i`` of every row as fixed-width bytes (NumPy ``S``; no Python string)."""
        import numpy as np

        start, length = self.start[:, i], self.length[:, i]
        width = max(int(length.max(initial=0)), 1)
        offsets = np.arange(width)
        grid = np.where(offsets < length[:, None], self._padded[start[:, None] + offsets], 0)
        out: npt.NDArray[np.bytes_] = grid.astype(np.uint8).view(f"S{width}").ravel()
        return out


_NOT_PLAIN = tuple(c.encode("ascii") for c in '"\r\t\x0b\x0c\x1c\x1d\x1e\x1f\x00')
"""Bytes the csv module reads otherwise than as text (quote, carriage return, NUL) or
that ``str.strip`` would take off a cell's edge (besides the space, judged by its
neighbours: :func:`_edge_space`)."""


@cache
def _separators() -> npt.NDArray[np.bool_]:
    """The separators (comma, line break) as a table of bytes. NumPy only when asked for."""
    import numpy as np

    separator = np.zeros(256, dtype=bool)
    separator[[ord(","), ord("\n")]] = True
    return separator


def plain_block(block: str, width: int, longest: int = CELL_LIMIT) -> PlainBlock | None:
    """A block of whole CSV lines as a :class:`PlainBlock`, if every cell is what the csv
    module and ``str.strip`` would make of it and there are ``width`` cells on every line.
    ``None`` for a block with anything they would treat otherwise (a quote, a carriage
    return, a NUL, white space at a cell's edge, a non-ASCII character, a blank line, a
    line of another width) or a cell longer than ``longest``: the caller then reads it
    with the csv module, which names the first bad line. A bulk reader's fast path: the
    block is looked at by NumPy, with no Python object per row or cell.

    >>> b = plain_block("a,bc\\n1,2\\n", 2)
    >>> b.column(1).tolist(), plain_block('a,"b"\\n', 2), plain_block("a,b\\n1\\n", 2)
    ([b'bc', b'2'], None, None)
    """
    import numpy as np

    body = block[:-1] if block.endswith("\n") else block
    if not body or not body.isascii():
        return None
    raw = body.encode("ascii")
    # ``in`` scans the bytes at C speed, several times faster than a NumPy table look-up.
    if any(b in raw for b in _NOT_PLAIN):
        return None
    text = np.frombuffer(raw, dtype=np.uint8)
    if _edge_space(text):
        return None
    sep = np.flatnonzero((text == ord(",")) | (text == ord("\n")))
    breaks = text[sep] == ord("\n")
    lines = int(breaks.sum()) + 1
    # As many separators as cells less one, with a line break after every width-th cell
    # (and nowhere else, by their number): every line has its width, and no line is blank.
    if len(sep) != lines * width - 1 or not breaks[width - 1 :: width].all():
        return None
    edges = np.concatenate(([-1], sep, [len(text)]))
    length = (np.diff(edges) - 1).reshape(lines, width)
    if width == 1 and not length.all():
        return None  # a blank line is no row to the csv module
    if int(length.max()) > longest:
        return None
    return PlainBlock(text, (edges[:-1] + 1).reshape(lines, width), length)


def _edge_space(text: npt.NDArray[np.uint8]) -> bool:
    """A space at the start or end of a cell (what ``str.strip`` would take off)."""
    import numpy as np

    spaces = np.flatnonzero(text == ord(" "))
    if not len(spaces):
        return False
    separator = _separators()
    padded = np.concatenate(([ord("\n")], text, [ord("\n")]))
    return bool((separator[padded[spaces]] | separator[padded[spaces + 2]]).any())


def factorised(
    column: npt.NDArray[np.bytes_],
) -> tuple[npt.NDArray[np.bytes_], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``np.unique(column, return_index=True, return_inverse=True)``, in some order of the
    distinct values: cells of at most 16 bytes are sorted as one or two 64-bit numbers
    (NumPy sorts bytes a byte at a time, several times slower)."""
    import numpy as np

    if column.dtype.itemsize <= 8:
        _, first, which = np.unique(
            column.astype("S8").view(np.uint64), return_index=True, return_inverse=True
        )
        return column[first], first, which
    if column.dtype.itemsize > 16:
        distinct, first, which = np.unique(column, return_index=True, return_inverse=True)
        return distinct, first, which
    words = column.astype("S16").view(np.uint64).reshape(-1, 2)
    order = np.lexsort((words[:, 1], words[:, 0]))
    ordered = words[order]
    new = np.ones(len(order), dtype=bool)
    new[1:] = (ordered[1:] != ordered[:-1]).any(axis=1)
    which = np.empty(len(order), dtype=np.int64)
    which[order] = np.cumsum(new) - 1
    first = order[new]  # the stable sort puts each value's first cell first
    return column[first], first.astype(np.int64), which


def distinct_codes(
    column: npt.NDArray[np.bytes_],
) -> tuple[npt.NDArray[np.bytes_], npt.NDArray[np.int64]]:
    """:func:`factorised` without the first cells: the distinct values and each cell's
    number among them (a cell of at most 8 bytes needs no stable sort then)."""
    import numpy as np

    if column.dtype.itemsize <= 8:
        keys, which = np.unique(column.astype("S8").view(np.uint64), return_inverse=True)
        distinct: npt.NDArray[np.bytes_] = keys.view("S8")
        return distinct, which
    distinct, _, which = factorised(column)
    return distinct, which


def distinct_values(
    column: npt.NDArray[np.bytes_], parse: Callable[[str], float | None]
) -> npt.NDArray[np.float64] | None:
    """Each cell's value, each distinct cell parsed once (``None``: one does not parse)."""
    import numpy as np

    distinct, which = distinct_codes(column)
    values = [parse(t) for t in byte_texts(distinct)]
    if None in values:
        return None
    out: npt.NDArray[np.float64] = np.array(values, dtype=float)[which]
    return out


def byte_texts(column: npt.NDArray[np.bytes_]) -> list[str]:
    """NumPy bytes as text (the inverse of ``v.encode("utf-8", "surrogatepass")``)."""
    return [v.decode("utf-8", "surrogatepass") for v in column.tolist()]


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, where the C library is glibc (else ``None``)."""
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("c")
    try:
        trim: Callable[[int], int] = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError, TypeError):
        return None
    return trim


def release_freed_memory() -> None:
    """Hand the freed pages of the C heap back to the system (glibc's ``malloc_trim``;
    nothing elsewhere). A bulk read frees a few hundred arrays of a megabyte or so
    between the ones it keeps; glibc keeps those holes, about 50 MB for a season of
    1.1 M games, and the rating that follows would reach its peak on top of them
    (docs/performance.md, "Columns in, columns out")."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


def season_of_text(
    handle: TextIO,
    path: str | None,
    plain_season: Callable[[str], Season | None],
    read: Callable[[TextIO, str | None], list[Event]],
) -> Season:
    """A reader's columnar season: ``plain_season`` of the file's text (columns cut by
    NumPy, ``None`` at any doubt), else ``Season.from_events`` of ``read``, which names
    the first bad line. The one way the dated-games and Kaggle readers take."""
    import io

    from arpad.season import Season

    text = handle.read()
    season = plain_season(text)
    if season is None:
        season = Season.from_events(read(io.StringIO(text), path))
    return season


def _csv_problem(exc: csv.Error) -> str:
    text = str(exc)
    if "field larger than field limit" in text:
        return f"a cell of more than {CELL_LIMIT:,} characters"
    if "new-line character seen in unquoted field" in text:
        return "a line break inside a cell that is not quoted"
    return text


MAX_ROUNDS_WRITTEN = 999
"""The most rounds a written event file holds: far above any real event (a Swiss has a
dozen, a season-long league a few hundred), while round 1,000,000 made a 3 KB event a
20 MB TRF file (issue 24)."""
_LINE_BREAKING = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def line_breaking(text: str) -> str | None:
    r"""The first character of ``text`` that would break a line of a one-record-a-line
    format (a control character, a Unicode line or paragraph separator), or ``None``.

    >>> line_breaking("Ann Ames"), line_breaking("Ann\tAmes")
    (None, '\t')
    """
    bad = _LINE_BREAKING.search(text)
    return None if bad is None else bad.group()


def check_writable(event: Event, fmt: str, *, line_format: bool) -> None:
    """Refuse, with one line, an event that ``fmt`` cannot carry so that arpad reads it
    back as it was (issue 24.5): ratings outside :data:`arpad.model.RATING_LIMITS`, more
    than :data:`MAX_ROUNDS_WRITTEN` rounds, an event name longer than an id and, in a
    ``line_format`` (one record a line: TRF, the US Chess crosstable), a name or id with
    a control character (a TAB shifts TRF's columns, a newline starts a record).

    Raises:
        InputError: naming the player or the event, and what cannot be written.
    """
    for p in event.players:
        for what, value in p.rating_values():
            if not RATING_LIMITS[0] <= value <= RATING_LIMITS[1]:
                raise InputError(
                    f"cannot write {fmt}: player {p.id!r} has a {what} of {value:g}, and "
                    f"an event file's ratings lie in {RATING_LIMITS[0]:g}..{RATING_LIMITS[1]:g}"
                )
        if line_format:
            for what, text in (("id", p.id), ("name", p.name)):
                bad = _LINE_BREAKING.search(text)
                if bad is not None:
                    raise InputError(
                        f"cannot write {fmt}: player {p.id!r} has a control character "
                        f"({bad.group()!r}) in the {what}, which would break the record"
                    )
    if len(event.name) > MAX_ID_LENGTH:
        raise InputError(
            f"cannot write {fmt}: the event name has {len(event.name)} characters; "
            f"at most {MAX_ID_LENGTH} are read back"
        )
    if line_format and _LINE_BREAKING.search(event.name) is not None:
        raise InputError(f"cannot write {fmt}: the event name has a control character")
    rounds = [g.round for g in event.games] + [u.round for u in event.unplayed]
    top = max((r for r in rounds if r is not None), default=0)
    if top > MAX_ROUNDS_WRITTEN:
        raise InputError(
            f"cannot write {fmt}: round {top:,}; an event file holds at most "
            f"{MAX_ROUNDS_WRITTEN} rounds"
        )
