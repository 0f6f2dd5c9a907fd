"""A ledger run hands the season loop each member's entry by its stored row
(:attr:`arpad.season.Season.entries`, ``_RunColumns.member_entry``): newcomers carrying a
FIDE rating or a birth date, unrated in the system (US Chess's §2 initial ratings, FIDE's
and Elo's start tables, the provenance notes) build no :class:`~arpad.model.Event`, and
the rows stored are the per-section path's (issue 20 point 3, docs/decisions.md
D-entries-4)."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

import pytest
from sqlalchemy import select

from arpad.ledger import Ledger, schema
from arpad.ledger.columns import SeenEvents
from arpad.ledger.lookahead import Lookahead
from arpad.ledger.store import StoredSection
from arpad.model import Event, Game, PlayerEntry
from tests.ledger.test_lookahead import count_runs


def _newcomers(seed: int, events: int = 30) -> list[Event]:
    """Events of players met for the first time: with a FIDE rating (a ``fide`` field, or
    the rating of kind ``fide`` a PGN gives, with a birth date), with a birth date only, or
    rated in the system's own kind (with games); they return across events."""
    rng = random.Random(seed)
    pool = []
    for i in range(40):
        way = i % 4
        if way == 0:
            pool.append(PlayerEntry(f"f{i}", fide=float(rng.randint(1400, 2500))))
        elif way == 1:
            pool.append(PlayerEntry(f"b{i}", birth_date=dt.date(2008, 1 + i % 12, 3)))
        elif way == 2:
            rating = float(rng.randint(1400, 2500))  # as a PGN's WhiteElo gives it
            pool.append(
                PlayerEntry(f"fb{i}", rating=rating, rating_kind="fide", fide=rating,
                            birth_date=dt.date(1990, 5, 1))
            )  # fmt: skip
        else:
            pool.append(PlayerEntry(f"r{i}", rating=float(rng.randint(1200, 2200)), games=40))
    out = []
    for e in range(events):
        chosen = rng.sample(pool, 6)
        ids = [p.id for p in chosen]
        games = tuple(
            Game(ids[k], ids[k + 1], rng.choice([0.0, 0.5, 1.0]), r + 1)
            for r in range(3)
            for k in range(0, 6, 2)
        )
        out.append(Event(f"e{e}", tuple(chosen), games, end_date=dt.date(2024, 1, 1 + e)))
    return out


def _stored(db: str, events: list[Event], system: str) -> dict[str, list[tuple[object, ...]]]:
    with Ledger.open(db) as ledger:
        ledger.import_events(events, "constructed")
        ledger.rate_pending([system])
        tables = (schema.event_ratings, schema.rating_changes, schema.player_states)
        with ledger.engine.connect() as conn:
            return {
                t.name: [tuple(r) for r in conn.execute(select(t).order_by(*t.primary_key))]
                for t in tables
            }


@pytest.mark.parametrize("system", ["uscf", "fide", "elo"])
def test_newcomers_with_fide_ratings_and_birth_dates_build_no_event(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, system: str
) -> None:
    events = _newcomers(7)
    built: list[str] = []
    seen = SeenEvents.seen
    build = StoredSection._build

    def counted_seen(self: SeenEvents, e: int) -> Event:
        built.append(self.run[e].head.key)
        return seen(self, e)

    def counted_build(self: StoredSection) -> Event:
        built.append(self.head.key)
        return build(self)

    runs = count_runs(monkeypatch)
    monkeypatch.setattr(SeenEvents, "seen", counted_seen)
    monkeypatch.setattr(StoredSection, "_build", counted_build)
    by_columns = _stored(db_url, events, system)
    assert max(runs) == len(events)  # one run: the season loop rated every section
    assert built == []  # and no event was built for it
    notes = " ".join(str(row[-1]) for row in by_columns["event_ratings"])
    if system == "uscf":
        assert "converts it into an initial rating" in notes
    monkeypatch.setattr(Lookahead, "_pool", lambda self, event: None)  # one by one
    assert _stored(str(tmp_path / "alone.db"), events, system) == by_columns
