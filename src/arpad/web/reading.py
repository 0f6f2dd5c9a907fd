"""Reading the ledger for pages and the API: rating lists and the list of events cached
per ledger generation, searched and cut into pages.

A 100,000-player list takes the ledger a few hundred milliseconds to build; every write
to the ledger bumps its ``generation`` counter (:func:`arpad.ledger.db.bump_generation`),
so a list built once is served from memory until the ledger changes.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import select

from arpad.errors import InputError
from arpad.ledger import Ledger, ListRow, schema
from arpad.ledger.queries import EventRow
from arpad.model import Pool

MAX_QUERY = 100
T = TypeVar("T")


def generation(ledger: Ledger) -> int:
    """The ledger's write counter (changes with every committed write)."""
    with ledger.engine.connect() as conn:
        value = conn.execute(
            select(schema.meta.c.value).where(schema.meta.c.key == "generation")
        ).scalar_one_or_none()
    return int(value or 0)


@dataclass(frozen=True, slots=True)
class CachedList:
    rows: list[ListRow]
    folded: list[str]
    """``id`` and name of each row, case-folded, for searching."""


@dataclass(frozen=True, slots=True)
class ListPage:
    rows: Sequence[ListRow]
    total: int
    """Rows matching the search (all rows without one)."""
    page: int
    pages: int
    size: int


class LedgerCache:
    """Values computed from the ledger (rating lists, the list of events), kept until the
    ledger's generation changes; the least recently used go first."""

    def __init__(self, ledger: Ledger, size: int = 8) -> None:
        self.ledger = ledger
        self.size = size
        self._values: OrderedDict[tuple[object, ...], Any] = OrderedDict()
        self._lock = threading.Lock()
        self._building: dict[tuple[object, ...], threading.Lock] = {}

    def _cached(self, full: tuple[object, ...]) -> tuple[bool, Any]:
        with self._lock:
            if full in self._values:
                self._values.move_to_end(full)
                return True, self._values[full]
        return False, None

    def get(self, key: tuple[object, ...], build: Callable[[], T]) -> T:
        """The value of ``key`` at the ledger's generation, built once: requests that
        miss it together wait for the one thread building it. (Each built its own copy
        before: a worker's first 15 requests for a 70,000-player list built it 15 times
        at once, each through its own memory map of the ledger, and the worker peaked
        at 1.6 GB; docs/performance.md, helper robust2.)"""
        full = (*key, generation(self.ledger))
        hit, value = self._cached(full)
        if hit:
            return value  # type: ignore[no-any-return]
        with self._lock:
            gate = self._building.setdefault(full, threading.Lock())
        with gate:
            hit, value = self._cached(full)
            if hit:
                return value  # type: ignore[no-any-return]
            try:
                built = build()
                with self._lock:
                    self._values[full] = built
                    while len(self._values) > self.size:
                        self._values.popitem(last=False)
            finally:
                with self._lock:
                    self._building.pop(full, None)
        return built

    def rating_list(self, system: str, pool: Pool, as_of: dt.date | None) -> CachedList:
        def build() -> CachedList:
            rows = list(self.ledger.rating_list(system, pool, as_of=as_of))
            return CachedList(rows, [f"{r.player_id}\x00{r.name}".casefold() for r in rows])

        return self.get(("list", system, pool, as_of), build)

    def events(self) -> list[EventRow]:
        """The events in rating order (25,000 take the ledger about two seconds)."""
        return self.get(("events",), self.ledger.events)


def list_page(found: CachedList, query: str, page: int, size: int) -> ListPage:
    """Page ``page`` (from 1) of the rows whose id or name contains ``query``.

    Raises:
        InputError: a search text longer than :data:`MAX_QUERY` characters.
    """
    query = " ".join(query.split()).casefold()
    if len(query) > MAX_QUERY:
        raise InputError(f"the search text is longer than {MAX_QUERY} characters")
    if query:
        rows: Sequence[ListRow] = [
            r for r, f in zip(found.rows, found.folded, strict=True) if query in f
        ]
    else:
        rows = found.rows
    pages = max(1, -(-len(rows) // size))
    page = min(max(page, 1), pages)
    return ListPage(rows[(page - 1) * size : page * size], len(rows), page, pages, size)
