"""Count (issue 20 point 3, entries): how many sections of the synthetic season
(benchmarks/season.py, ``generate_season(2024, 100000, 25000)``: 25,000 events, 1.12 M
games, unrated newcomers with FIDE ratings or birth dates among its players) build an
:class:`~arpad.model.Event` when the SQLite ledger rates it by US Chess's season loop:
the events the runs' loops open (``SeenEvents.seen``) and the stored sections built
(``StoredSection._build``). Session 2 built 8,213 (unrated newcomers' entries and their
notes read through their events); the runs now hand entries by row.

    python benchmarks/ledger_events_built.py [events]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from season import generate_season

from arpad.ledger import Ledger
from arpad.ledger.columns import SeenEvents
from arpad.ledger.store import StoredSection


def main() -> None:
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 25000
    events = generate_season(2024, 4 * size, size)
    opened: set[str] = set()
    built: set[str] = set()
    seen, build = SeenEvents.seen, StoredSection._build

    def counted_seen(self: SeenEvents, e: int) -> object:
        opened.add(self.run[e].head.key)
        return seen(self, e)

    def counted_build(self: StoredSection) -> object:
        built.add(self.head.key)
        return build(self)

    SeenEvents.seen = counted_seen  # type: ignore[method-assign,assignment]
    StoredSection._build = counted_build  # type: ignore[method-assign,assignment]
    with tempfile.TemporaryDirectory() as tmp, Ledger.open(Path(tmp) / "s.db") as book:
        book.import_events(events, "synthetic-season")
        c0 = time.process_time()
        book.rate_pending(["uscf"])
        c1 = time.process_time()
    print(f"{len(events):,} sections; events opened by the runs: {len(opened):,}; "
          f"sections built: {len(built):,}; rate {c1 - c0:.1f} s CPU")  # fmt: skip


if __name__ == "__main__":
    main()
