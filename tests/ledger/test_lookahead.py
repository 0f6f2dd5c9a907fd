"""The ledger rates runs of sections through arpad.replay (the system's batch engine where it
has one; arpad.ledger.lookahead); everything it writes is what rating the sections one by
one writes, byte for byte, on SQLite and PostgreSQL, for the systems with season engines
the ledger runs through (US Chess, Elo, PRA, current FIDE; FIDE 1986 checks norms, so its
sections go one by one) and one without a batch engine (Glicko)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import pytest
from sqlalchemy import select

from arpad.cli.ledger_output import ListFormat, list_output
from arpad.ledger import Ledger, schema
from arpad.ledger.lookahead import Lookahead
from arpad.model import Event, EventKind, Game, PlayerEntry, Pool
from tests.uscf2020.test_season import season


def _everything(ledger: Ledger, system: str) -> str:
    """Every list (now and mid-season), every player's history and every event's notes,
    as text."""
    out = []
    for pool in (Pool.REGULAR, Pool.QUICK):
        out.append(list_output(ledger.rating_list(system, pool), ListFormat.CSV))
        mid = ledger.rating_list(system, pool, as_of=dt.date(2024, 3, 1))
        out.append(list_output(mid, ListFormat.CSV))
    players = sorted({row.player_id for row in ledger.rating_list(system, Pool.REGULAR)})
    for pid in players[:40]:
        out.append(repr([dataclasses.astuple(h) for h in ledger.history(pid, system)]))
    with ledger.engine.connect() as conn:
        er = schema.event_ratings
        notes = select(er.c.section_id, er.c.pool, er.c.status, er.c.notes).order_by(er.c.id)
        out.append(repr(list(conn.execute(notes))))
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


def _rate(db: str, events: list[Event], system: str) -> tuple[str, list[str]]:
    with Ledger.open(db) as ledger:
        ledger.import_events(events, "constructed")
        report = ledger.rate_pending([system])
        return _everything(ledger, system), sorted(f.section for f in report.failures)


def count_runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of every run of sections the ledger hands to a season loop, as it goes."""
    runs: list[int] = []
    original = Lookahead._run

    def counting(self: Lookahead, start: int, pool: Pool) -> list:  # type: ignore[type-arg]
        run = original(self, start, pool)
        runs.append(len(run))
        return run

    monkeypatch.setattr(Lookahead, "_run", counting)
    return runs


@pytest.mark.parametrize("system", ["uscf", "elo", "pra", "fide", "glicko"])
def test_runs_write_what_the_per_section_path_writes(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, system: str
) -> None:
    events = _events()
    if system == "elo":  # a newcomer's first event: rated by nobody, with the note why
        newcomers = (PlayerEntry("new-a"), PlayerEntry("new-b"))
        first = Event(
            "newcomers", newcomers, (Game("new-a", "new-b", 0.5, 1),), end_date=events[5].end_date
        )
        events = [*events[:5], first, *events[5:]]
    runs = count_runs(monkeypatch)
    batched, failures = _rate(db_url, events, system)
    assert max(runs) > 10  # the engine really rated runs of sections
    if system == "uscf":
        assert failures == ["bad-match"]
    if system == "elo":
        assert "elo rated no one" in batched
    monkeypatch.setattr(Lookahead, "_pool", lambda self, event: None)  # one by one
    one_by_one, failures_alone = _rate(str(tmp_path / "alone.db"), events, system)
    assert failures_alone == failures
    assert batched == one_by_one


def _two_pools() -> list[Event]:
    """The season with a Quick season among it (the same players: the ledger rewrites
    their entries from the other pool) and a dual-rated event, in date order."""
    quick = [
        dataclasses.replace(e, id=f"q{e.id}", dual_rated=i == 7)
        for i, e in enumerate(season(22, Pool.QUICK, events=20))
    ]
    return sorted([*_events(), *quick], key=lambda e: e.end_date or dt.date.min)


def _stored(db: str, events: list[Event], system: str) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the tables rating writes, in key order."""
    with Ledger.open(db) as ledger:
        ledger.import_events(events, "constructed")
        ledger.rate_pending([system])
        tables = {
            "event_ratings": schema.event_ratings,
            "rating_changes": schema.rating_changes,
            "player_states": schema.player_states,
            "rating_failures": schema.rating_failures,
        }
        with ledger.engine.connect() as conn:
            return {
                name: [tuple(row) for row in conn.execute(select(t).order_by(*t.primary_key))]
                for name, t in tables.items()
            }


@pytest.mark.parametrize("system", ["uscf", "elo"])
def test_the_column_path_stores_every_row_the_per_section_path_stores(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, system: str
) -> None:
    """A system with a season loop: runs rated by the loop and recorded from its columns
    (arpad.ledger.columns) store the very rows rating section by section stores, in
    every table, on each backend."""
    import arpad.ledger.rating as rating
    from arpad.ledger.columns import SeasonRun, record_run
    from arpad.ledger.views import LedgerStates
    from arpad.ledger.writer import Writer

    events = _two_pools()
    day = events[12].end_date
    # Sections read as columns whose notes need their events (arpad.ledger.columns): a
    # newcomer with a FIDE rating and one with a CFC rating (a note on the
    # ratings not used as-is), only unrated newcomers (Elo: "rated no one"), and an
    # unrated game among rated ones.
    foreign = (
        PlayerEntry("fide-a", fide=1900.0),
        PlayerEntry("kind-b", rating=2010.0, rating_kind="cfc", games=30),
        PlayerEntry("plain-c", rating=1500.0, games=40),
    )
    extra = [
        Event("foreign", foreign, (Game("fide-a", "kind-b", 0.5, 1), Game("plain-c", "fide-a",
              1.0, 2)), end_date=day),
        Event("newcomers", (PlayerEntry("new-a"), PlayerEntry("new-b")),
              (Game("new-a", "new-b", 0.5, 1),), end_date=day),
        Event("unrated-game", foreign, (Game("fide-a", "kind-b", 1.0, 1, rated=False),
              Game("kind-b", "plain-c", 0.0, 2)), end_date=day),
    ]  # fmt: skip
    events = [*events[:12], *extra, *events[12:]]
    runs: list[tuple[str, ...]] = []

    def counting(writer: Writer, states: LedgerStates, run: SeasonRun) -> None:
        runs.append(tuple(s.head.key for s in run.sections))
        record_run(writer, states, run)

    monkeypatch.setattr(rating, "record_run", counting)
    by_columns = _stored(db_url, events, system)
    assert sum(map(len, runs)) > 30  # many sections went through the column path
    in_runs = {key for run in runs for key in run}
    assert {"foreign", "newcomers", "unrated-game"} <= in_runs
    notes = " ".join(str(row[-1]) for row in by_columns["event_ratings"])
    assert "does not rate from" in notes
    if system == "elo":
        assert "elo rated no one" in notes
    monkeypatch.setattr(Lookahead, "_pool", lambda self, event: None)  # one by one
    one_by_one = _stored(str(tmp_path / "alone.db"), events, system)
    assert {k: len(v) for k, v in by_columns.items()} == {k: len(v) for k, v in one_by_one.items()}
    for table, rows in by_columns.items():
        for mine, theirs in zip(rows, one_by_one[table], strict=True):
            assert mine == theirs, table
