"""Published historical rating lists — Edo, Chessmetrics, the FIDE lists of 1975–2000 — read
from the historians' files, so that arpad's own ratings can be set beside them.

One reader per file format, all in :data:`FORMATS`; a file's format is told from its header
row. The formats (docs/historical.md gives the sources and their attribution):

- ``rank-name-rating-year``: TSV ``Rank Name Rating Year``, one row per player and year
  (``edo.txt``: Rod Edwards' Edo ratings 1820–1928; ``chessmetrics_cmr.txt``: Jeff Sonas'
  Chessmetrics yearly top lists 1843–2004; both from the ``ecl2020/chess-data`` repository);
- ``fide-weeks``: TSV ``Name Rating Year Fed Rank`` (each row ends in a tab), the January
  FIDE list of one year as compiled by Mark Weeks (``weeksYYYY.txt``);
- ``chessmetrics-dated``: CSV ``"",Player,Rating,Age,dateranking,ranking,day,month,year``,
  Chessmetrics lists on given dates (J. Gravier's scrape, yearly/biannual/quarterly);
- ``chessmetrics-monthly``: CSV ``Player,Rating,Age,dateranking,ranking``, the monthly
  top 100 of 2001–2004 (``dateranking`` is ``YYYYMM``, ``Age`` like ``37y9m``).

Names are printed differently by each list ("G. Kasparov", "Gary Kasparov", "Kasparov,
Garry K"); :func:`name_key` reduces a name to its surname and first initial, and
:func:`matches` compares keys (decision D-hist-2).
"""

from __future__ import annotations

import csv
import datetime as dt
import difflib
import functools
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from arpad.errors import InputError
from arpad.io import open_binary


@dataclass(frozen=True, slots=True)
class ListRow:
    """One player's line in one published list."""

    name: str
    """As the list prints it."""
    rating: int
    rank: int
    year: int
    date: dt.date | None = None
    """The list's date, where the file gives one (only a year otherwise)."""
    federation: str | None = None
    age: float | None = None
    """In years, where the list gives it."""
    line: int = 0
    """The row's line in its file (1-based; the header is line 1)."""


@dataclass(frozen=True, slots=True)
class PublishedList:
    """One published list: a source's ranking on one date (or in one year)."""

    source: str
    """Which publication: ``edo``, ``chessmetrics``, ``fide``, ``cm-quarterly`` …"""
    year: int
    date: dt.date | None
    rows: tuple[ListRow, ...]
    path: str = ""

    @property
    def when(self) -> float:
        """The list's time as a fractional year (a bare year counts as its 1 January)."""
        if self.date is None:
            return float(self.year)
        start = dt.date(self.date.year, 1, 1)
        days = (dt.date(self.date.year + 1, 1, 1) - start).days
        return self.date.year + (self.date - start).days / days


# -- reading a file's lines --------------------------------------------------------------------


def _open_bytes(path: Path) -> Iterator[bytes]:
    """The file's lines as bytes, ``.gz`` read transparently (:func:`arpad.io.open_binary`)."""
    try:
        with open_binary(path) as handle:
            yield from handle
    except (OSError, EOFError) as exc:
        raise InputError(f"cannot read the file: {exc}", path=str(path)) from None


_STRAY_BYTE = re.compile("[\udc80-\udcff]")
"""A byte that is not UTF-8, as ``surrogateescape`` keeps it."""


def _stray_byte(found: re.Match[str]) -> str:
    return bytes([ord(found.group()) - 0xDC00]).decode("cp1252", errors="replace")


def _decode(raw: bytes) -> str:
    r"""A line as UTF-8, each byte that is not UTF-8 read as Windows-1252 (decision D-hist-1:
    J. Gravier's files mix the two, even within a name: "Szab\xf3, L\xc3\xa1szl\xc3\xb3").

    >>> _decode(b"Szab\xf3, L\xc3\xa1szl\xc3\xb3\n")
    'Szabó, László'
    """
    text = raw.decode("utf-8", errors="surrogateescape")
    if _STRAY_BYTE.search(text) is not None:
        text = _STRAY_BYTE.sub(_stray_byte, text)
    return text.removeprefix("\ufeff").rstrip("\r\n")


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    for number, raw in enumerate(_open_bytes(path), start=1):
        yield number, _decode(raw)


# -- the cells ---------------------------------------------------------------------------------


def _int(text: str, what: str, low: int, high: int) -> int:
    cleaned = text.strip()
    # ASCII digits only: int() would also take "²" spelled otherwise, "1_000" or "٣".
    if not (cleaned.isascii() and cleaned.isdigit() and len(cleaned) <= 6):
        raise InputError(f"{what} must be a whole number, not {text!r}")
    value = int(cleaned)
    if not low <= value <= high:
        raise InputError(f"{what} {value} is outside {low}–{high}")
    return value


def _rating(text: str) -> int:
    return _int(text, "rating", 0, 4000)


def _rank(text: str) -> int:
    return _int(text, "rank", 1, 10**6)


def _year(text: str) -> int:
    return _int(text, "year", 1000, 2999)


def _name(text: str) -> str:
    name = " ".join(text.split())
    if not name:
        raise InputError("the name is empty")
    return name


def _age_years(text: str) -> float | None:
    """``37.7`` or ``37y9m``; ``NA``, nothing or a negative age is unknown."""
    cleaned = text.strip()
    if cleaned in ("", "NA"):
        return None
    months = re.fullmatch(r"([0-9]{1,3})y([0-9]{1,2})m", cleaned)
    if months:
        return int(months[1]) + int(months[2]) / 12
    if re.fullmatch(r"-?[0-9]{1,3}(\.[0-9]{1,4})?", cleaned):
        # A few rows print a negative age (Sherbakov, -12.47 in 1942: a wrong birth date
        # in the source); the age is then unknown, the rating still stands.
        return float(cleaned) if not cleaned.startswith("-") else None
    raise InputError(f"age must be like 37.7 or 37y9m, not {text!r}")


@functools.lru_cache(maxsize=4096)  # a list's date repeats on each of its rows
def _date(text: str) -> dt.date:
    """``December 25, 2000``."""
    try:
        return dt.datetime.strptime(text.strip(), "%B %d, %Y").date()
    except ValueError:
        raise InputError(f"date must be like 'December 25, 2000', not {text!r}") from None


def _month(text: str) -> dt.date:
    """``200101`` (YYYYMM): the month's first day."""
    cleaned = text.strip()
    if not re.fullmatch(r"[0-9]{6}", cleaned) or not 1 <= int(cleaned[4:]) <= 12:
        raise InputError(f"dateranking must be a month like 200101, not {text!r}")
    return dt.date(_year(cleaned[:4]), int(cleaned[4:]), 1)


# -- one reader per format ---------------------------------------------------------------------


def _rank_name_rating_year(cells: Sequence[str], line: int) -> ListRow:
    rank, name, rating, year = cells
    return ListRow(_name(name), _rating(rating), _rank(rank), _year(year), line=line)


def _fide_weeks(cells: Sequence[str], line: int) -> ListRow:
    name, rating, year, fed, rank = cells
    y = _year(year)
    return ListRow(
        _name(name),
        _rating(rating),
        _rank(rank),
        y,
        date=dt.date(y, 1, 1),  # "the official January FIDE rating list of each year"
        federation=fed.strip() or None,
        line=line,
    )


def _chessmetrics_dated(cells: Sequence[str], line: int) -> ListRow:
    _, name, rating, age, date, rank, _day, _month_name, year = cells
    when = _date(date)
    if when.year != _year(year):
        raise InputError(f"dateranking {date!r} is not in year {year!r}")
    return ListRow(
        _name(name), _rating(rating), _rank(rank), when.year, when, age=_age_years(age), line=line
    )


def _chessmetrics_monthly(cells: Sequence[str], line: int) -> ListRow:
    name, rating, age, month, rank = cells
    when = _month(month)
    return ListRow(
        _name(name), _rating(rating), _rank(rank), when.year, when, age=_age_years(age), line=line
    )


@dataclass(frozen=True, slots=True)
class ListFormat:
    """A file format of published lists, told from its header row."""

    name: str
    header: tuple[str, ...]
    delimiter: str
    row: Callable[[Sequence[str], int], ListRow]
    source: Callable[[str], str]
    """The source's label from the file's stem (its name without ``.txt``/``.csv``/``.gz``)."""
    trailing_tab: bool = False
    """Rows end in one empty cell (Weeks' files)."""


_STEM_LABELS = {"chessmetrics_cmr": "chessmetrics"}


def _dated_label(stem: str) -> str:
    period = stem.rsplit("_", 1)[-1]
    return f"cm-{period}" if period in ("yearly", "biannual", "quarterly") else stem


FORMATS: tuple[ListFormat, ...] = (
    ListFormat(
        "rank-name-rating-year",
        ("Rank", "Name", "Rating", "Year"),
        "\t",
        _rank_name_rating_year,
        lambda stem: _STEM_LABELS.get(stem, stem),
    ),
    ListFormat(
        "fide-weeks",
        ("Name", "Rating", "Year", "Fed", "Rank"),
        "\t",
        _fide_weeks,
        lambda stem: "fide",
        trailing_tab=True,
    ),
    ListFormat(
        "chessmetrics-dated",
        ("", "Player", "Rating", "Age", "dateranking", "ranking", "day", "month", "year"),
        ",",
        _chessmetrics_dated,
        _dated_label,
    ),
    ListFormat(
        "chessmetrics-monthly",
        ("Player", "Rating", "Age", "dateranking", "ranking"),
        ",",
        _chessmetrics_monthly,
        lambda stem: "cm-monthly",
    ),
)
"""Every format of published lists arpad reads (add one entry per new format)."""

SUFFIXES = (".txt", ".csv", ".tsv", ".txt.gz", ".csv.gz", ".tsv.gz")
"""The file names a folder is searched for."""


def _cells(text: str, fmt: ListFormat) -> list[str]:
    if fmt.delimiter == "\t":
        cells = text.split("\t")
        if fmt.trailing_tab and len(cells) == len(fmt.header) + 1 and cells[-1] == "":
            cells.pop()
        return cells
    return next(csv.reader([text]), [])


def _format_of(header: str) -> ListFormat | None:
    for fmt in FORMATS:
        if tuple(c.strip() for c in _cells(header, fmt)) == fmt.header:
            return fmt
    return None


def _stem(path: Path) -> str:
    name = path.name.removesuffix(".gz")
    return name.rsplit(".", 1)[0] if "." in name else name


def list_format(path: str | Path) -> ListFormat | None:
    """The format of the file at ``path`` (from its first line), or ``None``."""
    for _, text in _lines(Path(path)):
        return _format_of(text)
    return None


def source_label(path: str | Path) -> str | None:
    """The source label the rows of the file at ``path`` get (``edo``, ``fide`` …), from its
    header and name without reading its rows; ``None`` if it is not a list."""
    fmt = list_format(path)
    return None if fmt is None else fmt.source(_stem(Path(path)))


def read_rows(path: str | Path) -> tuple[str, list[ListRow]]:
    """The source label and every row of one file, in file order.

    Raises:
        InputError: the file cannot be read, its header is not a known format, or a row is
            bad (``file:line: problem``).
    """
    p = Path(path)
    lines = _lines(p)
    first = next(lines, None)
    fmt = None if first is None else _format_of(first[1])
    if fmt is None:
        known = "; ".join(" ".join(f.header).strip() for f in FORMATS)
        raise InputError(
            f"not a published rating list (the header is not one of: {known})", path=str(p), line=1
        )
    rows = []
    for number, text in lines:
        if not text.strip():
            continue
        try:
            cells = _cells(text, fmt)
            if len(cells) != len(fmt.header):
                raise InputError(f"{len(cells)} cells where {fmt.name} rows have {len(fmt.header)}")
            rows.append(fmt.row(cells, number))
        except InputError as exc:
            raise exc.located(str(p), number) from None
    return fmt.source(_stem(p)), rows


def read_lists(path: str | Path) -> list[PublishedList]:
    """The published lists of one file: its rows grouped by date (or year), in time order."""
    source, rows = read_rows(path)
    grouped: dict[tuple[int, dt.date | None], list[ListRow]] = {}
    for r in rows:
        grouped.setdefault((r.year, r.date), []).append(r)
    return [
        PublishedList(
            source, year, date, tuple(sorted(group, key=lambda r: (r.rank, r.line))), str(path)
        )
        for (year, date), group in sorted(
            grouped.items(), key=lambda kv: (kv[0][0], kv[0][1] or dt.date.min)
        )
    ]


def list_files(paths: Iterable[str | Path]) -> list[Path]:
    """The files named, and inside each folder named every file with a list's suffix
    (:data:`SUFFIXES`) whose header is a known format, in name order.

    Raises:
        InputError: a path that does not exist.
    """
    out: list[Path] = []
    for given in paths:
        p = Path(given)
        if p.is_dir():
            found = sorted(f for f in p.rglob("*") if f.is_file() and f.name.endswith(SUFFIXES))
            out += [f for f in found if list_format(f) is not None]
        elif p.exists():
            out.append(p)
        else:
            raise InputError("no such file or folder", path=str(p))
    return out


# -- names -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NameKey:
    """A name reduced for matching across lists (decision D-hist-2): the surname's last
    word and the first given name, in lower-case letters without accents."""

    surname: str
    given: str
    """Empty where a list prints the surname alone ("Boncourt")."""
    abbreviated: bool
    """The given name is an abbreviation: "G.", "An.", a single letter."""


def _letters(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if c.isalpha()).casefold()


@functools.lru_cache(maxsize=65536)  # a list repeats its players' names year after year
def name_key(name: str) -> NameKey:
    """The :class:`NameKey` of a name printed as "Given Surname" or "Surname, Given".

    >>> name_key("Kasparov, Garry K"), name_key("An. Karpov")
    (NameKey(surname='kasparov', given='garry', abbreviated=False), \
NameKey(surname='karpov', given='an', abbreviated=True))
    """
    if "," in name:
        surname, given = name.split(",", 1)
    else:
        words = name.split()
        surname, given = (words[-1], " ".join(words[:-1])) if words else ("", "")
    surname_words = [w for w in (_letters(w) for w in surname.split()) if w]
    first = next((w for w in given.replace(".", ". ").split() if _letters(w)), "")
    letters = _letters(first)
    return NameKey(
        surname_words[-1] if surname_words else "",
        letters,
        first.endswith(".") or len(letters) == 1,
    )


SPELLING_SIMILARITY = 0.7
"""How alike two full given names must be (difflib's ratio) to be one: "Gary" and "Garry"
(0.89), "Adolf" and "Adolph" (0.73) are, "Emanuel" and "Edward" (0.31) are not."""


def matches(wanted: NameKey, found: NameKey) -> bool:
    """Same surname; and given names that agree where both lists print one: an
    abbreviation is the start of the other name, two full names are spelled alike.

    >>> matches(name_key("Kasparov"), name_key("G. Kasparov"))
    True
    >>> matches(name_key("Robert Byrne"), name_key("Donald Byrne"))
    False
    """
    if wanted.surname != found.surname or not wanted.surname:
        return False
    a, b = wanted.given, found.given
    if not a or not b:
        return True
    if wanted.abbreviated or found.abbreviated:
        return a.startswith(b) or b.startswith(a)
    return a[0] == b[0] and difflib.SequenceMatcher(None, a, b).ratio() >= SPELLING_SIMILARITY


@dataclass(frozen=True, slots=True)
class Sighting:
    """One list row of the player sought, with the list it stands in."""

    source: str
    when: float
    row: ListRow
    path: str


def trajectory(lists: Iterable[PublishedList], name: str) -> list[Sighting]:
    """Every row of ``lists`` whose name :func:`matches` ``name``, by source and time."""
    wanted = name_key(name)
    out = [
        Sighting(pl.source, pl.when, r, pl.path)
        for pl in lists
        for r in pl.rows
        if matches(wanted, name_key(r.name))
    ]
    out.sort(key=lambda s: (s.source, s.when, s.row.rank))
    return out


def surname_index(lists: Iterable[PublishedList]) -> dict[str, list[Sighting]]:
    """Every row of ``lists`` as a :class:`Sighting`, by its name's surname
    (:func:`name_key`): many names are looked up in a few list files (``arpad masters
    --lists``) without reading every row for each."""
    out: dict[str, list[Sighting]] = {}
    for pl in lists:
        for r in pl.rows:
            out.setdefault(name_key(r.name).surname, []).append(
                Sighting(pl.source, pl.when, r, pl.path)
            )
    return out


def sightings_of(index: dict[str, list[Sighting]], name: str) -> list[Sighting]:
    """The rows of ``index`` (:func:`surname_index`) whose name :func:`matches` ``name``,
    by source and time, as :func:`trajectory` gives them."""
    wanted = name_key(name)
    out = [s for s in index.get(wanted.surname, ()) if matches(wanted, name_key(s.row.name))]
    out.sort(key=lambda s: (s.source, s.when, s.row.rank))
    return out


def peaks(sightings: Iterable[Sighting]) -> dict[str, Sighting]:
    """Source → the sighting of the player's highest rating in it (the earliest of equals)."""
    out: dict[str, Sighting] = {}
    for s in sightings:
        best = out.get(s.source)
        if best is None or (s.row.rating, -s.when) > (best.row.rating, -best.when):
            out[s.source] = s
    return out


SOURCE_ORDER = ("edo", "chessmetrics", "cm-yearly", "cm-biannual", "cm-quarterly",
                "cm-monthly", "fide")  # fmt: skip
"""The order tables and plots show the sources in: by the time they cover; others after."""


def source_rank(source: str) -> tuple[int, str]:
    """Sort key putting sources in :data:`SOURCE_ORDER`, unknown ones after, by name."""
    known = SOURCE_ORDER.index(source) if source in SOURCE_ORDER else len(SOURCE_ORDER)
    return known, source


def by_year(sightings: Iterable[Sighting]) -> dict[int, dict[str, Sighting]]:
    """Year → source → the sighting of that source's last list in the year (its best rank
    where the list holds several matching names)."""
    out: dict[int, dict[str, Sighting]] = {}
    for s in sightings:
        seen = out.setdefault(s.row.year, {}).get(s.source)
        if seen is None or (s.when, -s.row.rank) > (seen.when, -seen.row.rank):
            out[s.row.year][s.source] = s
    return dict(sorted(out.items()))
