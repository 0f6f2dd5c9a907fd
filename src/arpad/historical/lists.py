"""The book's lists of masters, shipped as data: titleholders (§9.4) and untitled masters
(§9.5), with their best five-year averages.

The CSV files in ``arpad/data/`` are generated from the seed text by
``scripts/build_historical_lists.py``, which corrects the OCR misprints listed in the spec
and records each correction in the row's ``note``. "A best five-year average rating is not
shown where data are insufficient, or where it is lower than the 1-1-86 rating" (L3872).
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from typing import Any

from arpad.errors import ConfigError

TITLEHOLDERS_FILE = "elo1986_titleholders.csv"
UNTITLED_FILE = "elo1986_untitled_masters.csv"
MATCHES_FILE = "elo1986_matches.csv"


def read_rows(name: str) -> Iterator[dict[str, str]]:
    """The rows of a shipped CSV file (its ``#`` header lines skipped)."""
    text = resources.files("arpad").joinpath("data", name).read_text(encoding="utf-8")
    lines = (line for line in text.splitlines() if not line.startswith("#"))
    yield from csv.DictReader(lines)


def _int(text: str) -> int | None:
    return int(text) if text else None


class ListName(StrEnum):
    """Which of the book's two lists a master comes from."""

    TITLEHOLDERS = "titleholders"
    """§9.4, International Titleholders as of January 1986 (1053 players)."""
    UNTITLED = "untitled"
    """§9.5, Untitled Chessmasters (197 players)."""


@dataclass(frozen=True, slots=True)
class Master:
    """One player of the book's lists."""

    name: str
    source: ListName
    seed_line: int
    country: str
    """As printed: "birth" or "birth/residence"."""
    birth_country: str
    residence_country: str
    born: int | None
    died: int | None
    best5: int | None
    """The best five-year average (the sustained peak, §5.53)."""
    title: str | None = None
    """``GM`` or ``IM`` (titleholders only)."""
    title_year: int | None = None
    rating_1986: int | None = None
    """FIDE rating of 1 January 1986 (titleholders only)."""
    rating_1986_lost: bool = False
    """True where the OCR lost the 1-1-86 column (the value is unknown, not absent)."""
    active_period_only: bool = False
    """The book's ``*``: "Data covers period of active play" (untitled masters)."""
    printed_name: str = ""
    """The name as the OCR printed it, where it was corrected."""
    note: str = ""

    @property
    def peak(self) -> int | None:
        """The larger of the best five-year average and the 1986 rating (the book omits the
        average "where it is lower than the 1-1-86 rating")."""
        values = [v for v in (self.best5, self.rating_1986) if v is not None]
        return max(values) if values else None


def _person(r: dict[str, str]) -> dict[str, Any]:
    """The columns both lists share, as :class:`Master` fields."""
    return {
        "name": r["name"],
        "seed_line": int(r["seed_line"]),
        "country": r["country"],
        "birth_country": r["birth_country"],
        "residence_country": r["residence_country"],
        "born": _int(r["born"]),
        "died": _int(r["died"]),
        "best5": _int(r["best5"]),
        "printed_name": r["printed_name"],
        "note": r["note"],
    }


def titleholders() -> tuple[Master, ...]:
    """The 1053 titleholders of §9.4 (L3832–4973), in the book's order."""
    return tuple(
        Master(
            source=ListName.TITLEHOLDERS,
            title=r["title"],
            title_year=_int(r["title_year"]),
            rating_1986=_int(r["rating_1986"]),
            rating_1986_lost=r["rating_1986_lost"] == "1",
            **_person(r),
        )
        for r in read_rows(TITLEHOLDERS_FILE)
    )


def untitled_masters() -> tuple[Master, ...]:
    """The 197 untitled masters of §9.5 (L4975–5196), in the book's order."""
    return tuple(
        Master(
            source=ListName.UNTITLED,
            active_period_only=r["active_period_only"] == "1",
            **_person(r),
        )
        for r in read_rows(UNTITLED_FILE)
    )


def all_masters() -> tuple[Master, ...]:
    return titleholders() + untitled_masters()


class SortKey(StrEnum):
    BEST5 = "best5"
    RATING = "rating"
    PEAK = "peak"
    NAME = "name"
    BORN = "born"


@dataclass(frozen=True, slots=True)
class MasterQuery:
    """A filter over the lists; every field is optional."""

    name: str | None = None
    """Case-insensitive part of the name (the printed one counts too)."""
    country: str | None = None
    """Case-insensitive part of the printed country (birth or residence)."""
    title: str | None = None
    """``GM``, ``IM`` or ``none`` (untitled)."""
    born_from: int | None = None
    born_to: int | None = None
    min_best5: int | None = None
    alive: bool | None = None
    """True: no year of death printed; False: a year of death printed."""


def query(  # noqa: C901
    masters: Iterable[Master],
    q: MasterQuery,
    sort: SortKey = SortKey.BEST5,
    limit: int | None = None,
) -> list[Master]:
    """Filter and sort masters; the highest ratings first, unknown values last.

    >>> [m.name for m in query(all_masters(), MasterQuery(min_best5=2720))]
    ['Fischer, Robert J.', 'Capablanca, Jose R.', 'Botvinnik, Mikhail', 'Lasker, Emanuel']
    """
    if q.title is not None and q.title.upper() not in ("GM", "IM", "NONE"):
        raise ConfigError(f"title must be GM, IM or none, not {q.title!r}")
    out = []
    for m in masters:
        if q.name is not None:
            needle = q.name.casefold()
            if needle not in m.name.casefold() and needle not in m.printed_name.casefold():
                continue
        if q.country is not None and q.country.casefold() not in m.country.casefold():
            continue
        if q.title is not None:
            wanted = None if q.title.upper() == "NONE" else q.title.upper()
            if m.title != wanted:
                continue
        if q.born_from is not None and (m.born is None or m.born < q.born_from):
            continue
        if q.born_to is not None and (m.born is None or m.born > q.born_to):
            continue
        if q.min_best5 is not None and (m.best5 is None or m.best5 < q.min_best5):
            continue
        if q.alive is not None and (m.died is None) != q.alive:
            continue
        out.append(m)
    out.sort(key=_sort_key(sort))
    return out if limit is None else out[:limit]


def _sort_key(sort: SortKey) -> Callable[[Master], tuple[Any, ...]]:
    def numeric(value: int | None, m: Master) -> tuple[Any, ...]:
        return (value is None, -(value or 0), m.name, m.seed_line)

    if sort is SortKey.NAME:
        return lambda m: (m.name.casefold(), m.seed_line)
    if sort is SortKey.BORN:
        return lambda m: (m.born is None, m.born or 0, m.name, m.seed_line)
    if sort is SortKey.RATING:
        return lambda m: numeric(m.rating_1986, m)
    if sort is SortKey.PEAK:
        return lambda m: numeric(m.peak, m)
    return lambda m: numeric(m.best5, m)
