"""Reading the ledger for pages and the API: rating lists, the list of events, the
ledger's systems and its latest publications cached per ledger generation, searched and
cut into pages.

A 100,000-player list takes the ledger a few hundred milliseconds to build; every write
to the ledger bumps its ``generation`` counter (:func:`arpad.ledger.db.bump_generation`),
so a list built once is served from memory until the ledger changes. The small things
every page shows (the systems in the menu, the notice of the official list) are cached the
same way, so that a page asks the ledger only for what is its own (issue 23).
"""

from __future__ import annotations

import datetime as dt
import threading
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, overload

from starlette.requests import Request

from arpad.errors import InputError
from arpad.ledger import Ledger, ListRow
from arpad.ledger.publications import Publication, latest_publications, published_ranks
from arpad.ledger.queries import EventRow
from arpad.model import Pool

MAX_QUERY = 100
T = TypeVar("T")


_GENERATION = "SELECT value FROM meta WHERE key = 'generation'"


def generation(ledger: Ledger) -> int:
    """The ledger's write counter (changes with every committed write).

    Asked on every cached read, so through the driver: one statement, no transaction to
    begin and end on SQLite (SQLAlchemy's connection, statement and result cost ten times
    the query)."""
    raw = ledger.engine.raw_connection()
    try:
        cursor = raw.cursor()
        cursor.execute(_GENERATION)
        row = cursor.fetchone()
        cursor.close()
    finally:
        raw.close()  # back to the pool, which ends any transaction the driver began
    return int(row[0]) if row is not None and row[0] is not None else 0


@dataclass(frozen=True, slots=True)
class CachedList:
    rows: list[ListRow]
    folded: str
    """``id``, NUL and name of each row, case-folded, one row a line, for searching: one
    string, so that a search is ``str.find`` over it (a Python loop testing 100,000 names
    took a search page 20 ms)."""
    starts: list[int]
    """Where each row's line starts in :attr:`folded`."""

    @classmethod
    def of(cls, rows: list[ListRow]) -> CachedList:
        lines = [f"{r.player_id}\x00{r.name}".casefold() for r in rows]
        starts, at = [], 0
        for line in lines:
            starts.append(at)
            at += len(line) + 1
        return cls(rows, "\n".join(lines), starts)

    def matching(self, query: str) -> list[int]:
        """The positions of the rows whose line holds ``query`` (case-folded, without a
        line break: the search text's whitespace is folded to spaces)."""
        out: list[int] = []
        at = self.folded.find(query)
        while at >= 0:
            row = bisect_right(self.starts, at) - 1
            out.append(row)
            if row + 1 >= len(self.starts):
                break
            at = self.folded.find(query, self.starts[row + 1])
        return out


@dataclass(frozen=True, slots=True)
class ListPage:
    rows: Sequence[ListRow]
    total: int
    """Rows matching the search (all rows without one)."""
    page: int
    pages: int
    size: int


class LedgerCache:
    """Values computed from the ledger (rating lists, the list of events, …), kept until
    the ledger's generation changes; the least recently used go first. Read them through
    a :class:`LedgerView` (:func:`cached`: one per request)."""

    def __init__(self, ledger: Ledger, size: int = 16) -> None:
        self.ledger = ledger
        self.size = size
        self._values: OrderedDict[tuple[object, ...], Any] = OrderedDict()
        self._lock = threading.Lock()
        self._building: dict[tuple[object, ...], threading.Lock] = {}

    def view(self) -> LedgerView:
        """The values as of the ledger's generation now (one query)."""
        return LedgerView(self, generation(self.ledger))

    def get(self, key: tuple[object, ...], build: Callable[[], T]) -> T:
        """The value under ``key``, built once: requests that miss it together wait for the
        one thread building it. (Each built its own copy before: a worker's first 15
        requests for a 70,000-player list built it 15 times at once, each through its own
        memory map of the ledger, and the worker peaked at 1.6 GB; docs/performance.md.)"""
        found = self._cached(key)
        if found is not None:
            value: T = found[0]
            return value
        with self._lock:
            building = self._building.setdefault(key, threading.Lock())
        with building:
            found = self._cached(key)
            if found is not None:
                value = found[0]
                return value
            try:
                value = build()
                with self._lock:
                    self._values[key] = value
                    while len(self._values) > self.size:
                        self._values.popitem(last=False)
            finally:
                with self._lock:
                    self._building.pop(key, None)
        return value

    def _cached(self, key: tuple[object, ...]) -> tuple[Any] | None:
        with self._lock:
            if key not in self._values:
                return None
            self._values.move_to_end(key)
            return (self._values[key],)


@dataclass(frozen=True, slots=True)
class LedgerView:
    """The cached values of one generation of the ledger."""

    cache: LedgerCache
    generation: int

    @property
    def ledger(self) -> Ledger:
        return self.cache.ledger

    def get(self, key: tuple[object, ...], build: Callable[[], T]) -> T:
        return self.cache.get((*key, self.generation), build)

    def rating_list(self, system: str, pool: Pool, as_of: dt.date | None) -> CachedList:
        def build() -> CachedList:
            return CachedList.of(list(self.ledger.rating_list(system, pool, as_of=as_of)))

        return self.get(("list", system, pool, as_of), build)

    def events(self) -> list[EventRow]:
        """The events in rating order (25,000 take the ledger about two seconds)."""
        return self.get(("events",), self.ledger.events)

    def systems(self) -> list[str]:
        """The systems the ledger rates with (every page's menu names them)."""
        return self.get(("systems",), self.ledger.systems)

    def latest_publications(self) -> dict[tuple[str, Pool], Publication]:
        """The latest publication of each (system, pool) that has one."""

        def build() -> dict[tuple[str, Pool], Publication]:
            with self.ledger.engine.connect() as conn:
                return {(p.system, p.pool): p for p in latest_publications(conn)}

        return self.get(("publications",), build)

    def published_ranks(self, publication: Publication) -> dict[str, tuple[Any, ...]]:
        """``player_id → (rank, rating, games, mark)`` in a publication. Kept whatever the
        generation: a publication never changes, and nothing deletes one."""

        def build() -> dict[str, tuple[Any, ...]]:
            with self.ledger.engine.connect() as conn:
                return published_ranks(conn, publication.id)

        return self.cache.get(("published", publication.id), build)


def cached(request: Request) -> LedgerView:
    """The app's cached values for this request: the ledger's generation is read once."""
    view: LedgerView | None = getattr(request.state, "ledger_view", None)
    if view is None:
        view = request.state.ledger_view = request.app.state.cache.view()
    return view


def list_page(found: CachedList, query: str, page: int, size: int) -> ListPage:
    """Page ``page`` (from 1) of the rows whose id or name contains ``query``.

    Raises:
        InputError: a search text longer than :data:`MAX_QUERY` characters.
    """
    query = " ".join(query.split()).casefold()
    if len(query) > MAX_QUERY:
        raise InputError(f"the search text is longer than {MAX_QUERY} characters")
    if query:  # the matches' positions first: a row is made only for the page shown
        rows: Sequence[ListRow] = _Matches(found.rows, found.matching(query))
    else:
        rows = found.rows
    pages = max(1, -(-len(rows) // size))
    page = min(max(page, 1), pages)
    return ListPage(rows[(page - 1) * size : page * size], len(rows), page, pages, size)


class _Matches(Sequence[ListRow]):
    """The rows of a list at some positions (a search's matches), made when asked for."""

    def __init__(self, rows: Sequence[ListRow], positions: list[int]) -> None:
        self.rows, self.positions = rows, positions

    def __len__(self) -> int:
        return len(self.positions)

    @overload
    def __getitem__(self, index: int) -> ListRow: ...

    @overload
    def __getitem__(self, index: slice) -> list[ListRow]: ...

    def __getitem__(self, index: int | slice) -> ListRow | list[ListRow]:
        if isinstance(index, slice):
            return [self.rows[i] for i in self.positions[index]]
        return self.rows[self.positions[index]]
