"""Failures isolated (issue 15, point 4): an event or a system that cannot be rated never
blocks the rest; the ledger records the failure and its reason, tries the event again
when it is replaced or on request, and a system can be removed (D-fail-1 … D-fail-4)."""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import pytest
from sqlalchemy import func, select, update
from typer.testing import CliRunner

from arpad.cli import app, main
from arpad.cli.ledger_output import ListFormat, list_output
from arpad.ledger import Ledger, LedgerError, schema
from arpad.model import Event, Game, PlayerEntry, Pool
from arpad.systems import REGISTRY
from tests.ledger import toy_system
from tests.ledger.conftest import SEASON

A = PlayerEntry("A", rating=1500.0, games=2)
B = PlayerEntry("B")
C = PlayerEntry("C", rating=1400.0, games=9)


def _event(eid: str, day: int, white: str = "A", black: str = "B", score: float = 1.0) -> Event:
    players = tuple(p for p in (A, B, C) if p.id in (white, black))
    return Event(
        id=eid,
        name=eid,
        end_date=dt.date(2024, 1, day),
        players=players,
        games=(Game(white, black, score, 1),),
    )


def _toy_list(ledger: Ledger) -> str:
    return list_output(ledger.rating_list("toy", Pool.REGULAR), ListFormat.CSV)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "toy", "tests.ledger.toy_system")
    monkeypatch.setattr(toy_system, "CRASH", True)


def _fresh(tmp_path: Path, events: list[Event], name: str) -> str:
    """The toy list of a new SQLite ledger holding only ``events``."""
    with Ledger.open(tmp_path / name) as other:
        other.import_events(events, "constructed")
        other.rate_pending(["toy"])
        return _toy_list(other)


@pytest.mark.usefixtures("toy")
def test_an_exception_fails_one_event_and_the_later_events_are_rated(
    ledger: Ledger, tmp_path: Path
) -> None:
    good = [_event("e1", 1), _event("e3", 3, "B", "C", 0.5), _event("e4", 4, "A", "C")]
    ledger.import_events([good[0], _event("crash-e2", 2), *good[1:]], "constructed")
    report = ledger.rate_pending(["toy"])
    assert report.rated["toy"] == 3 and report.refused["toy"] == 1
    [failure] = report.failures
    assert (failure.section, failure.stage, failure.error) == (
        "crash-e2",
        "rating",
        "ZeroDivisionError",
    )
    assert "arpad failed (ZeroDivisionError: division by zero)" in failure.message
    [stored] = ledger.failures()
    assert (stored.section, stored.system, stored.stage) == ("crash-e2", "toy", "rating")
    assert stored.error == "ZeroDivisionError" and stored.message == failure.message
    assert ledger.check() == []
    # The failed event changed no one's state: the lists are those of a ledger without it.
    assert _toy_list(ledger) == _fresh(tmp_path, good, "without.db")
    assert ledger.rate_pending(["toy"]).rated["toy"] == 0  # recorded, not pending again


@pytest.mark.usefixtures("toy")
def test_a_failed_event_is_rated_once_replaced_or_retried(
    ledger: Ledger, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    events = [_event("e1", 1), _event("crash-e2", 2, "A", "C"), _event("e3", 3, "A", "C", 0.0)]
    ledger.import_events(events, "constructed")
    ledger.rate_pending(["toy"])
    before = _toy_list(ledger)
    # After an upgrade that fixes the bug, --retry-failed rates it (and what follows) again.
    monkeypatch.setattr(toy_system, "CRASH", False)
    assert ledger.rate_pending(["toy"]).rated["toy"] == 0  # not retried unasked
    report = ledger.rate_pending(["toy"], retry_failed=True)
    assert report.rated["toy"] == 2 and not report.failures
    assert ledger.failures() == [] and ledger.check() == []
    assert _toy_list(ledger) == _fresh(tmp_path, events, "fixed.db") != before
    # A corrected file replacing a failed event: delete it, import the correction.
    monkeypatch.setattr(toy_system, "CRASH", True)
    ledger.rate_pending(["toy"], from_scratch=True)
    assert [f.section for f in ledger.failures()] == ["crash-e2"]
    ledger.delete_event("crash-e2")
    fixed = _event("e2-corrected", 2, "A", "C")
    ledger.import_events([fixed], "corrected")
    assert ledger.rate_pending(["toy"]).rated["toy"] == 2  # the correction, e3 again
    assert ledger.failures() == [] and ledger.check() == []
    assert _toy_list(ledger) == _fresh(tmp_path, [events[0], fixed, events[2]], "corr.db")


@pytest.mark.usefixtures("toy")
def test_a_failure_while_recording_leaves_nothing_half_written(ledger: Ledger) -> None:
    ledger.import_events([_event("e1", 1), _event("broken-e2", 2), _event("e3", 3)], "c")
    report = ledger.rate_pending(["toy"])
    assert [(f.section, f.error) for f in report.failures] == [("broken-e2", "ValueError")]
    assert ledger.check() == []
    listed = {r.player_id: r.games for r in ledger.rating_list("toy", Pool.REGULAR)}
    assert listed == {"A": 4, "B": 2}  # e1 and e3 only (A started with 2 games)


def test_a_norm_check_that_fails_is_recorded_and_the_event_still_rated(
    ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arpad.ledger import rating

    def broken(norm_system: str, event: Event) -> tuple[()]:
        raise ZeroDivisionError("float division by zero")

    monkeypatch.setattr(rating, "earned_norms", broken)
    rated = PlayerEntry("A", rating=2400.0, games=30)
    other = PlayerEntry("B", rating=2300.0, games=30)
    event = Event(
        id="rr", name="rr", end_date=dt.date(1980, 1, 1), players=(rated, other),
        games=(Game("A", "B", 1.0, 1),),
    )  # fmt: skip
    ledger.import_events([event], "constructed")
    report = ledger.rate_pending(["fide1986"])
    assert report.rated["fide1986"] == 1
    [failure] = report.failures
    assert failure.stage == "norms" and failure.error == "ZeroDivisionError"
    assert [(f.stage, f.section) for f in ledger.failures()] == [("norms", "rr")]
    assert {r.player_id for r in ledger.rating_list("fide1986", Pool.REGULAR)} == {"A", "B"}
    assert ledger.check() == []


@pytest.mark.usefixtures("toy")
def test_one_system_that_cannot_run_does_not_keep_the_others_from_rating(
    ledger: Ledger,
) -> None:
    ledger.import_events([_event("e1", 1), _event("e2", 2)], "constructed")
    ledger.rate_pending(["toy"])
    with ledger.engine.begin() as conn:  # a configuration this arpad cannot read
        t = schema.systems
        conn.execute(update(t).where(t.c.name == "toy").values(config='{"stride": 3}'))
    ledger.import_events([_event("e3", 3)], "later")
    report = ledger.rate_pending(["toy", "uscf"])
    assert report.rated == {"uscf": 3}
    [failure] = report.failures
    assert (failure.system, failure.stage, failure.section) == ("toy", "system", "")
    assert {r.player_id for r in ledger.rating_list("uscf", Pool.REGULAR)} == {"A", "B"}


def test_a_system_this_arpad_does_not_know_is_reported_and_can_be_removed(
    ledger: Ledger,
) -> None:
    assert not ledger.import_files(SEASON[:2]).errors
    ledger.rate_pending(["uscf", "elo"])
    with ledger.engine.begin() as conn:  # as if the ledger was written by another arpad
        conn.execute(schema.systems.insert().values(name="ghost", config="{}"))
    report = ledger.rate_pending()
    assert [(f.system, f.stage) for f in report.failures] == [("ghost", "system")]
    assert report.failures[0].message.endswith("run: arpad remove-system ghost")
    assert ledger.remove_system("ghost").sections == 0
    assert ledger.systems() == ["elo", "uscf"]
    assert ledger.rate_pending().failures == []


def test_removing_a_system_drops_everything_it_rated_and_nothing_else(
    ledger: Ledger,
) -> None:
    assert not ledger.import_files(SEASON).errors
    ledger.rate_pending(["uscf"])
    uscf = list_output(ledger.rating_list("uscf", Pool.REGULAR), ListFormat.CSV)
    ledger.rate_pending(["fide1986"])
    with pytest.raises(LedgerError, match="does not keep the system 'glicko'"):
        ledger.remove_system("glicko")
    removed = ledger.remove_system("fide1986")
    assert removed.system == "fide1986" and removed.sections == 8
    assert ledger.systems() == ["uscf"]
    with ledger.engine.connect() as conn:
        for table in (schema.event_ratings, schema.player_states):
            n = conn.execute(
                select(func.count()).select_from(table).where(table.c.system == "fide1986")
            ).scalar_one()
            assert n == 0
        assert conn.execute(select(func.count()).select_from(schema.norms)).scalar_one() == 0
    assert list_output(ledger.rating_list("uscf", Pool.REGULAR), ListFormat.CSV) == uscf
    assert ledger.check() == []
    assert ledger.pending() == {"uscf": 0}


runner = CliRunner()


@pytest.mark.usefixtures("toy")
def test_rate_pending_prints_one_line_per_failure_and_goes_on(tmp_path: Path) -> None:
    db = str(tmp_path / "cli.db")
    with Ledger.open(db) as ledger:
        ledger.import_events(
            [_event("e1", 1), _event("crash it", 2), _event("refuse 'me'", 3), _event("e4", 4)],
            "constructed",
        )
    result = runner.invoke(app, ["rate-pending", "--db", db, "-s", "toy"])
    # arpad's own failure on a section makes the exit code 1 (issue 24.2); a refusal of
    # the input alone does not.
    assert result.exit_code == 1, result.output
    assert "toy: rated 2 section(s), 2 failed (see the warnings)" in result.stdout
    lines = [x for x in result.stderr.splitlines() if x.startswith("arpad: ")]
    assert lines == [
        "arpad: error: toy could not rate 'crash it' (regular): arpad failed "
        "(ZeroDivisionError: division by zero); please report it",
        "arpad: warning: toy could not rate \"refuse 'me'\" (regular): the toy system "
        "refuses this event",
    ]
    again = runner.invoke(app, ["rate-pending", "--db", db])
    assert "2 earlier failure(s) recorded: see 'arpad failures'" in again.stdout
    listed = runner.invoke(app, ["failures", "--db", db])
    assert listed.exit_code == 0 and len(listed.stdout.splitlines()) == 2
    assert "2024-01-02 toy could not rate 'crash it' (regular): arpad failed" in listed.stdout
    removed = runner.invoke(app, ["remove-system", "toy", "--db", db])
    assert removed.exit_code == 0 and "removed toy" in removed.stdout
    assert "no failures recorded" in runner.invoke(app, ["failures", "--db", db]).stdout


@pytest.mark.parametrize(
    "command",
    [
        ["list"],
        ["player", "10000001"],
        ["history", "10000001"],
        ["crosstable", "x"],
        ["events"],
        ["failures"],
        ["delete-event", "x"],
        ["remove-system", "uscf"],
        ["rate-pending"],
    ],
)
def test_commands_on_a_missing_ledger_say_so_and_create_nothing(
    tmp_path: Path,
    command: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    db = tmp_path / "missing.db"
    monkeypatch.setattr(sys, "argv", ["arpad", *command, "--db", str(db)])
    with pytest.raises(SystemExit) as stop:
        main()
    assert stop.value.code == 2
    assert capsys.readouterr().err.splitlines() == [
        f"arpad: error: no ledger at {db} (create one with 'arpad import FILE'; "
        "--db or $ARPAD_DB name another)"
    ]
    assert not db.exists()
