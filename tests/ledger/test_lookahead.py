"""The ledger rates runs of sections through the system's batch engine (arpad.ledger.lookahead);
everything it writes is what rating the sections one by one writes, on SQLite and PostgreSQL."""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import pytest

from arpad.cli.ledger_output import ListFormat, list_output
from arpad.ledger import Ledger
from arpad.ledger.lookahead import Lookahead
from arpad.model import Event, EventKind, Game, PlayerEntry, Pool
from tests.uscf2020.test_season import season


def _everything(ledger: Ledger) -> str:
    """Every list (now and mid-season) and every player's history, as text."""
    out = []
    for pool in (Pool.REGULAR, Pool.QUICK):
        out.append(list_output(ledger.rating_list("uscf", pool), ListFormat.CSV))
        mid = ledger.rating_list("uscf", pool, as_of=dt.date(2024, 3, 1))
        out.append(list_output(mid, ListFormat.CSV))
    players = sorted({row.player_id for row in ledger.rating_list("uscf", Pool.REGULAR)})
    for pid in players[:40]:
        out.append(repr([dataclasses.astuple(h) for h in ledger.history(pid, "uscf")]))
    return "\n".join(out)


def _events() -> list[Event]:
    events = season(21, Pool.REGULAR, events=60)
    # A match the system refuses (ratings 600 apart, §7 item 1) in the middle of a run:
    # it fails alone, the sections around it are rated.
    a = PlayerEntry("far-a", rating=1200.0, games=100)
    b = PlayerEntry("far-b", rating=1800.0, games=100)
    bad = Event(
        "bad-match",
        (a, b),
        (Game("far-a", "far-b", 1.0, 1),),
        end_date=events[30].end_date,
        kind=EventKind.MATCH,
    )
    return [*events[:30], bad, *events[30:]]


def _rate(db: str, events: list[Event]) -> tuple[str, list[str]]:
    with Ledger.open(db) as ledger:
        ledger.import_events(events, "constructed")
        report = ledger.rate_pending(["uscf"])
        return _everything(ledger), sorted(f.section for f in report.failures)


def test_batch_engine_writes_what_the_per_section_path_writes(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    events = _events()
    runs: list[int] = []
    original = Lookahead._rate_run

    def counting(self: Lookahead, run: list, pool: Pool) -> None:  # type: ignore[type-arg]
        runs.append(len(run))
        original(self, run, pool)

    monkeypatch.setattr(Lookahead, "_rate_run", counting)
    batched, failures = _rate(db_url, events)
    assert max(runs) > 10  # the engine really rated runs of sections
    assert failures == ["bad-match"]
    monkeypatch.setattr(Lookahead, "_pool", lambda self, event: None)  # one by one
    one_by_one, failures_alone = _rate(str(tmp_path / "alone.db"), events)
    assert failures_alone == failures
    assert batched == one_by_one
