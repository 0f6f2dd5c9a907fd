"""The rating ledger: a database of players, events and rating histories.

Events are imported from files (any format :mod:`arpad.io` reads), rated in date order by
any rating system of :mod:`arpad.systems` (``rate-pending``), re-rated when a late event
arrives or one is deleted, and queried for rating lists, player histories and rated
crosstables. SQLite by default, PostgreSQL by URL; the schema is migrated by Alembic.
See docs/ledger.md.

>>> from arpad.ledger import Ledger
>>> with Ledger.open(":memory:") as ledger:
...     ledger.pending()
{}
"""

from __future__ import annotations

from arpad.ledger.core import Deleted, Imported, ImportResult, Ledger, Removed
from arpad.ledger.db import DEFAULT_DB, LedgerError, database_url
from arpad.ledger.identity import OnConflict
from arpad.ledger.merges import Merged
from arpad.ledger.norms import NormTitle, StoredNorm
from arpad.ledger.queries import (
    HistoryRow,
    ListRow,
    PlayerInfo,
    RatedSection,
    RatingList,
    Standing,
    StoredFailure,
)
from arpad.ledger.rating import Failure, RateReport
from arpad.ledger.store import PlayerKey

__all__ = [
    "DEFAULT_DB",
    "Deleted",
    "Failure",
    "HistoryRow",
    "ImportResult",
    "Imported",
    "Ledger",
    "LedgerError",
    "ListRow",
    "Merged",
    "NormTitle",
    "OnConflict",
    "PlayerInfo",
    "PlayerKey",
    "RateReport",
    "RatedSection",
    "RatingList",
    "Removed",
    "Standing",
    "StoredFailure",
    "StoredNorm",
    "database_url",
]
