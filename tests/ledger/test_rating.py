"""Rating in order, cross-pool seeding, re-rating, deletion, failures and configuration."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from arpad.cli.ledger_output import ListFormat, list_output
from arpad.errors import InputError
from arpad.io import read_events
from arpad.ledger import Ledger, LedgerError
from arpad.model import Event, EventKind, Game, PlayerEntry, Pool
from arpad.systems import REGISTRY
from arpad.systems.uscf2020 import SYSTEM as USCF
from tests.ledger.conftest import LATE, SEASON


def _lists(ledger: Ledger, system: str = "uscf") -> str:
    """Every pool's rating list as CSV text, current and as of mid-season."""
    out = []
    for pool in (Pool.REGULAR, Pool.QUICK):
        out.append(list_output(ledger.rating_list(system, pool), ListFormat.CSV))
        mid = ledger.rating_list(system, pool, as_of=dt.date(2024, 4, 30))
        out.append(list_output(mid, ListFormat.CSV))
    return "\n".join(out)


def _event(
    eid: str, day: dt.date, players: list[PlayerEntry], games: list[Game], **kw: object
) -> Event:
    return Event(id=eid, name=eid, end_date=day, players=tuple(players), games=tuple(games), **kw)  # type: ignore[arg-type]


def test_rates_in_date_order_like_threading_states_by_hand(ledger: Ledger) -> None:
    """The ledger's final ratings are those of rating each event in date order with the
    states of the previous events (computed here without the ledger)."""
    files = [f for f in SEASON if "rapid" not in f.name]  # single-pool events only
    assert not ledger.import_files(list(reversed(files))).errors  # import order must not matter
    ledger.rate_pending()
    events = sorted(
        (e for f in files for e in read_events(f)), key=lambda e: e.end_date or dt.date.min
    )
    states: dict[str, Any] = {}
    for e in events:
        result = USCF.rate_event(e, {p: states[p] for p in e.player_ids if p in states})
        states.update(result.states)
    listed = {r.player_id: r.rating for r in ledger.rating_list("uscf", Pool.REGULAR)}
    expected = {pid: st.rating for pid, st in states.items() if st.rating is not None}
    assert listed == pytest.approx(expected, abs=1e-9)
    assert ledger.check() == []


def test_quick_event_seeds_an_unrated_player_from_the_ledgers_regular_rating_L77(
    ledger: Ledger,
) -> None:
    """us-chess-rating-system-2020.txt §2.2 item 1 (L77): an unrated Quick player with a
    Regular rating on at least 4 games starts at that rating with N = min(10, games).
    The file of the Quick event says nothing about Regular: the ledger supplies it."""
    x = PlayerEntry("X", "Xena", rating=1800.0, games=30)
    y = PlayerEntry("Y", "Yuri", rating=1500.0, games=40)
    regular = _event("reg", dt.date(2024, 1, 7), [x, y], [Game("X", "Y", 1.0, 1)])
    quick_players = [PlayerEntry("X", "Xena"), PlayerEntry("Z", "Zoe", adult=True)]
    quick = _event(
        "qc", dt.date(2024, 2, 4), quick_players,
        [Game("X", "Z", 0.5, r) for r in (1, 2, 3, 4)], pool=Pool.QUICK,
    )  # fmt: skip
    ledger.import_events([regular, quick], "constructed")
    ledger.rate_pending()
    after_regular = {r.player_id: r for r in ledger.rating_list("uscf", Pool.REGULAR)}["X"]
    change = next(h.rating for h in ledger.history("X") if h.pool == Pool.QUICK)
    assert any("regular rating" in note and "N=10" in note for note in change.notes)
    quick_x = {r.player_id: r for r in ledger.rating_list("uscf", Pool.QUICK)}["X"]
    assert quick_x.games == 10 + 4  # N = min(10, 31) plus the four games (not 0 + 4)
    # Rated alone, the Quick file would start X at the adult default instead:
    alone = USCF.rate_event(quick).player("X")
    assert alone.post != pytest.approx(change.post)
    assert "regular rating" not in " ".join(alone.notes)
    assert after_regular.rating > 1800.0  # X beat Y: the Regular rating the seed used moved


def test_late_event_rerates_later_events_identically_to_rating_from_scratch(
    db_url: str, tmp_path: object
) -> None:
    on_time = [f for f in SEASON if f != LATE]
    with Ledger.open(db_url) as ledger:
        assert not ledger.import_files(on_time).errors
        first = ledger.rate_pending()
        assert first.rerated["uscf"] == 0
        before = _lists(ledger)
        assert not ledger.import_files([LATE]).errors
        report = ledger.rate_pending()
        # Everything after 2024-03-10 is rated again: the Spring Open, the rapid, the
        # crosstable, the Summer Swiss and the two ladder events.
        assert report.rerated["uscf"] == 6
        assert report.rated["uscf"] == 7
        incremental = _lists(ledger)
        assert incremental != before
        ledger.rate_pending(from_scratch=True)
        assert _lists(ledger) == incremental
        assert ledger.check() == []
    fresh = str(tmp_path) + "/fresh.db"
    with Ledger.open(fresh) as ledger:
        assert not ledger.import_files(SEASON).errors
        ledger.rate_pending()
        assert _lists(ledger) == incremental


def test_delete_event_and_reimport_restores_byte_identical_lists(ledger: Ledger) -> None:
    assert not ledger.import_files(SEASON).errors
    ledger.rate_pending()
    reference = _lists(ledger)
    deleted = ledger.delete_event("2024-spring-open")
    assert deleted.rolled_back == 5  # rapid, crosstable, summer swiss, two ladder events
    assert ledger.check() == []
    ledger.rate_pending()
    without = _lists(ledger)
    assert without != reference
    assert not ledger.import_files([SEASON[2]]).errors  # the hash was released
    ledger.rate_pending()
    assert _lists(ledger) == reference
    with pytest.raises(LedgerError, match="no event"):
        ledger.delete_event("no-such-event")


def test_a_refused_event_is_recorded_and_later_events_still_rated(ledger: Ledger) -> None:
    a = PlayerEntry("A", rating=1600.0, games=40)
    b = PlayerEntry("B", rating=1500.0, games=40)
    bad = _event(
        "fide-in-quick", dt.date(2024, 1, 5), [a, b], [Game("A", "B", 1.0, 1)],
        pool=Pool.QUICK, kind=EventKind.FIDE_FOREIGN,
    )  # fmt: skip
    good = _event("later", dt.date(2024, 2, 5), [a, b], [Game("A", "B", 0.0, 1)])
    ledger.import_events([bad, good], "constructed")
    report = ledger.rate_pending()
    assert [f.section for f in report.failures] == ["fide-in-quick"]
    assert "Regular ratings only" in report.failures[0].message
    assert report.rated["uscf"] == 1 and report.refused["uscf"] == 1
    assert {r.player_id for r in ledger.rating_list("uscf", Pool.REGULAR)} == {"A", "B"}
    assert ledger.rating_list("uscf", Pool.QUICK) == []
    assert ledger.check() == []
    assert ledger.rate_pending().rated["uscf"] == 0  # recorded: not pending again


def test_options_are_fixed_unless_rated_from_scratch(ledger: Ledger) -> None:
    assert not ledger.import_files(SEASON[:3]).errors
    ledger.rate_pending(["uscf"])
    default = _lists(ledger)
    with pytest.raises(LedgerError, match="from-scratch"):
        ledger.rate_pending(["uscf"], {"B": "0"})
    ledger.rate_pending(["uscf"], {"B": "0"}, from_scratch=True)
    assert _lists(ledger) != default  # no bonus points now
    # the default B is the era's: 12 for these events of 2024 (D-uscf-eras-1)
    ledger.rate_pending(["uscf"], {"B": "12"}, from_scratch=True)
    assert _lists(ledger) == default


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "toy", "tests.ledger.toy_system")


@pytest.mark.usefixtures("toy")
def test_any_system_through_the_common_interface(ledger: Ledger) -> None:
    """A second system with its own state type (enum, date, tuple of dataclasses), rating
    the Regular pool only and refusing one event: +10 per win, -10 per loss (by hand)."""
    a, b = PlayerEntry("A", rating=1500.0, games=2), PlayerEntry("B")
    events = [
        _event("e1", dt.date(2024, 1, 1), [a, b], [Game("A", "B", 1.0, 1), Game("B", "A", 0.0, 2)]),
        _event("e2", dt.date(2024, 1, 2), [a, b], [Game("A", "B", 1.0, 1)], pool=Pool.QUICK),
        _event("refuse-e3", dt.date(2024, 1, 3), [a, b], [Game("A", "B", 1.0, 1)]),
        _event("e4", dt.date(2024, 1, 4), [a, b], [Game("A", "B", 0.0, 1)]),
    ]
    ledger.import_events(events, "constructed")
    report = ledger.rate_pending(["toy"])
    assert report.skipped["toy"] == 1 and report.rated["toy"] == 2 and report.refused["toy"] == 1
    assert [f.section for f in report.failures] == ["refuse-e3"]
    listed = {r.player_id: r for r in ledger.rating_list("toy", Pool.REGULAR)}
    assert listed["A"].rating == 1510.0 and listed["A"].games == 5 and listed["A"].mark == ""
    assert listed["B"].rating == 990.0 and listed["B"].games == 3 and listed["B"].mark == "*"
    state = next(s for s in ledger.player("A").standings if s.system == "toy").state
    assert state.form.value == "down"
    assert [(v.event, v.day, v.points) for v in state.visits] == [
        ("e1", dt.date(2024, 1, 1), 2.0),
        ("e4", dt.date(2024, 1, 4), 0.0),
    ]
    assert ledger.rating_list("toy", Pool.QUICK) == []
    assert ledger.systems() == ["toy"]
    assert ledger.check() == []


def test_history_is_ordered_by_system_pool_and_date(ledger: Ledger) -> None:
    assert not ledger.import_files(SEASON).errors
    ledger.rate_pending()
    rows = ledger.history("10000004")  # Dev Dutta: quad, open, dual-rated rapid, ladder
    assert [(h.end_date.isoformat(), h.pool.value) for h in rows] == [
        ("2024-05-12", "quick"),
        ("2024-02-18", "regular"),
        ("2024-04-14", "regular"),
        ("2024-05-12", "regular"),
        ("2024-08-20", "regular"),
    ]
    assert all(h.system == "uscf" for h in rows)
    assert rows[1].rating.pre == 1690.0  # the quad's file seeded him
    assert rows[2].rating.pre == pytest.approx(rows[1].rating.post)  # the open's file ignored


def test_a_write_by_another_process_stops_rate_pending_cleanly(db_url: str) -> None:
    with Ledger.open(db_url) as ledger, Ledger.open(db_url) as other:
        assert not ledger.import_files(SEASON[:4]).errors
        interrupted = False

        def meddle(system: str, done: int, total: int) -> None:
            nonlocal interrupted
            if done == 2 and not interrupted:
                interrupted = True
                assert not other.import_files([SEASON[4]]).errors

        with pytest.raises(LedgerError, match="another process changed the ledger"):
            ledger.rate_pending(["uscf"], progress=meddle, batch=1)
        assert ledger.check() == []
        assert ledger.rate_pending(["uscf"]).rated["uscf"] >= 3
        assert ledger.pending() == {"uscf": 0}


def test_the_same_events_imported_twice_from_memory_are_refused(ledger: Ledger) -> None:
    events = read_events(SEASON[0])
    ledger.import_events(events, "first")
    with pytest.raises(InputError, match="already imported"):
        ledger.import_events(events, "second")


def test_every_registered_system_rates_the_bundled_season(sqlite_path: str) -> None:
    """All systems through the common interface, in one ledger: every section is rated,
    skipped or refused with a reason, and the ledger stays consistent."""
    names = sorted(REGISTRY)
    with Ledger.open(sqlite_path) as ledger:
        assert not ledger.import_files(SEASON).errors
        report = ledger.rate_pending(names)
        for name in names:
            assert report.rated[name] + report.skipped[name] + report.refused[name] == 8, name
            assert report.rated[name] > 0, name
        assert all(f.message for f in report.failures)
        assert ledger.check() == []
        assert ledger.systems() == names
