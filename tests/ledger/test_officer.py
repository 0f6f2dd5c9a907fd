"""The rating officer's month (issue 21), walked through the command line as an officer
would: import FIDE's players list (synthetic), import events, preview, publish with a
cut-off, receive a late event and a correction, republish; then check the first list is
still exactly as published, the change report, the audit log, and that undoing the
correction restores the ratings byte for byte. On SQLite and PostgreSQL."""

from __future__ import annotations

import builtins
import csv
import datetime as dt
import io
import itertools
import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arpad.cli import app
from arpad.io import trf_writer
from arpad.io.fide_players_list import ListPlayer
from arpad.io.fide_players_writer import synthetic_players, write_list
from arpad.ledger import Ledger
from arpad.model import Event, Game, PlayerEntry, Pool

runner = CliRunner()
SYSTEM = "elo"
LIST_DATE = dt.date(2026, 9, 1)
CUTOFF = "2026-09-30"


def _arpad(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _entry(p: ListPlayer) -> PlayerEntry:
    rating = next(r.rating for r in p.ratings if r.kind == "standard")
    return PlayerEntry(
        id=p.fide_id, name=p.name, rating=float(rating), fide_id=p.fide_id, federation=p.federation
    )


def _round_robin(key: str, end: dt.date, players: list[ListPlayer], seed: int) -> Event:
    rng = random.Random(seed)
    games = tuple(
        Game(a.fide_id, b.fide_id, rng.choice((1.0, 0.5, 0.0)), round=r)
        for r, (a, b) in enumerate(itertools.combinations(players, 2), start=1)
    )
    return Event(
        key,
        tuple(_entry(p) for p in players),
        games,
        name=key.replace("-", " ").title(),
        end_date=end,
        start_date=end - dt.timedelta(days=2),
    )


def _write_event(folder: Path, event: Event) -> Path:
    path = folder / f"{event.id}.trf"
    path.write_text(trf_writer.dumps(event), encoding="utf-8")
    return path


@dataclass(frozen=True)
class Month:
    list: Path
    players: builtins.list[ListPlayer]
    files: dict[str, Path]
    events: dict[str, Event]


def _key(event: Event) -> str:
    """The ledger's key of a TRF event: its name's slug and end date (D-ident-1)."""
    return f"{event.id}-{event.end_date}"


@pytest.fixture
def month(tmp_path: Path) -> Month:
    """FIDE's list of the month (synthetic) and the month's event files."""
    players = list(synthetic_players(400, seed=7))
    write_list(tmp_path / "players_list_foa.txt", players, list_date=LIST_DATE)
    rated = [p for p in players if any(r.kind == "standard" for r in p.ratings)]
    club, late_only = rated[:10], rated[10]
    events = {
        "first": _round_robin("september-open", dt.date(2026, 9, 6), club[:6], 1),
        "second": _round_robin("club-championship", dt.date(2026, 9, 20), club[3:9], 2),
        "late": _round_robin("rapid-late-report", dt.date(2026, 9, 13), [*club[:3], late_only], 3),
        "october": _round_robin("october-swiss", dt.date(2026, 10, 4), club[5:10], 4),
    }
    files = {name: _write_event(tmp_path, e) for name, e in events.items()}
    return Month(tmp_path / "players_list_foa.txt", players, files, events)


def _csv_rows(text: str) -> dict[str, dict[str, str]]:
    return {r["id"]: r for r in csv.DictReader(io.StringIO(text))}


def _expected_report(old: str, new: str) -> dict[str, str]:
    """The change report worked out from two list CSVs, independently of the ledger's."""
    a, b = _csv_rows(old), _csv_rows(new)
    out = dict.fromkeys(b.keys() - a.keys(), "created")
    out |= dict.fromkeys(a.keys() - b.keys(), "removed")
    for pid in a.keys() & b.keys():
        same = all(a[pid][k] == b[pid][k] for k in ("rating", "games", "mark"))
        out[pid] = "unchanged" if same else "changed"
    return out


def test_the_officers_month(db_url: str, month: Month, tmp_path: Path) -> None:
    files = month.files
    db = ["--db", db_url]
    sys_pool = ["--system", SYSTEM, "--pool", "regular"]

    # The FIDE list seeds the players; the events' TRF players are found by FIDE ID.
    out = _arpad("import", *db, str(month.list), "--date", LIST_DATE.isoformat())
    assert "FIDE players list of 2026-09-01" in out and "400 players (400 new" in out
    _arpad("import", *db, str(files["first"]), str(files["second"]), str(files["october"]))
    with Ledger.open(db_url) as ledger:
        assert ledger.player("FIDE:" + month.events["first"].players[0].id).fide_id
        before_rating = len(ledger.systems())
    assert before_rating == 0
    _arpad("rate-pending", *db, "--system", SYSTEM)
    listed = next(p for p in month.players if p.ratings)
    shown = _arpad("player", f"FIDE:{listed.fide_id}", *db)
    first_rating = listed.ratings[0]
    assert f"FIDE's players list: {first_rating.kind} {first_rating.rating}" in shown
    assert "on 2026-09-01" in shown

    # Preview (unofficial), then publish with the cut-off: the October event waits.
    preview = _arpad("preview", *db, *sys_pool)
    assert "UNOFFICIAL" in preview and "nothing published yet" in preview
    out = _arpad("publish", *db, *sys_pool, "--cutoff", CUTOFF, "--by", "officer-a")
    assert "version 1 (cut-off 2026-09-30)" in out and "2 section(s)" in out
    first_list = _arpad("list", *db, *sys_pool, "--published", "1", "--format", "csv")
    as_of = _arpad("list", *db, *sys_pool, "--as-of", CUTOFF, "--format", "csv")
    assert first_list == as_of  # frozen exactly as the list stood at the cut-off
    for fmt in ("csv", "json"):  # the text stored when published = the frozen rows printed
        args = ["list", *db, *sys_pool, "--published", "1", "--format", fmt]
        assert _arpad(*args) == _arpad(*args, "--limit", "100000")

    # A late report (ending before the cut-off) and a correction arrive.
    _arpad("import", *db, str(files["late"]))
    _arpad("rate-pending", *db)
    before_correction = _arpad("list", *db, *sys_pool, "--format", "csv")
    first = month.events["first"]
    game = first.games[0]
    dry = _arpad(
        "correct", _key(first), *db, "--round", "1", "--white", game.white, "--black",
        game.black, "--annul", "--reason", "forfeit entered as a game", "--dry-run",
    )  # fmt: skip
    assert "dry run: nothing was changed" in dry and "would move" in dry
    assert _arpad("list", *db, *sys_pool, "--format", "csv") == before_correction
    done = _arpad(
        "correct", _key(first), *db, "--round", "1", "--white", game.white, "--black",
        game.black, "--annul", "--reason", "forfeit entered as a game", "--by", "officer-b",
    )  # fmt: skip
    assert done.replace("did move", "would move").replace("dry run: ", "").splitlines()[:3] == [
        line.replace("dry run: ", "") for line in dry.splitlines()[:3]
    ]
    for who in (game.white, game.black):
        assert f"FIDE:{who}" in done
    after_correction = _arpad("list", *db, *sys_pool, "--format", "csv")
    assert after_correction != before_correction

    # Republish: version 2 and its change report.
    report_path = tmp_path / "changes.csv"
    out = _arpad("publish", *db, *sys_pool, "--cutoff", CUTOFF, "--report", str(report_path))
    assert "version 2" in out and "3 section(s)" in out
    second_list = _arpad("list", *db, *sys_pool, "--published", "--format", "csv")
    expected = _expected_report(first_list, second_list)
    report = {r["player_id"]: r["status"] for r in csv.DictReader(report_path.open())}
    assert report == expected
    late_only = month.events["late"].players[-1].id
    assert report[f"FIDE:{late_only}"] == "created"
    assert "changed" in report.values() and "unchanged" in report.values()
    counts = {s: list(report.values()).count(s) for s in ("created", "removed", "changed")}
    assert (
        f"{counts['created']} created, {counts['removed']} removed, {counts['changed']} changed"
        in out
    )

    fide_text = _arpad("list", *db, *sys_pool, "--published", "1", "--format", "fide")
    header, top = fide_text.splitlines()[:2]
    assert header.startswith("ID Number      Name") and header.index("Fed") == 76
    assert top.split()[0] == first_list.splitlines()[1].split(",")[1].removeprefix("FIDE:")

    # The first list is still exactly as published.
    assert _arpad("list", *db, *sys_pool, "--published", "1", "--format", "csv") == first_list

    # The audit log holds every change; undoing the correction restores the ratings.
    log = json.loads(_arpad("audit", *db, "--format", "json"))
    assert [(e["kind"], e["by"]) for e in log] == [
        ("publish", "officer-a"),
        ("annul", "officer-b"),
        ("publish", log[2]["by"]),
    ]
    annul = log[1]
    assert annul["before"]["rated"] is True and annul["after"]["rated"] is False
    assert annul["reason"] == "forfeit entered as a game" and annul["in_effect"]
    _arpad("undo", str(annul["id"]), *db, "--reason", "the arbiter confirmed the game")
    assert _arpad("list", *db, *sys_pool, "--format", "csv") == before_correction
    log = json.loads(_arpad("audit", *db, "--format", "json"))
    assert log[1]["undone_by"] == log[3]["id"] and log[3]["kind"] == "undo"
    with Ledger.open(db_url) as ledger:
        assert ledger.check() == []
        assert [p.version for p in ledger.publications(SYSTEM, Pool.REGULAR)] == [1, 2]


def test_the_undone_month_equals_a_ledger_that_never_corrected(
    sqlite_path: str, month: Month, tmp_path: Path
) -> None:
    """Correct, rate, undo: every list and history is that of a fresh ledger that imported
    the same files and made no correction."""
    files = month.files
    paths = [str(month.list), *map(str, files.values())]
    fresh = str(tmp_path / "fresh.db")
    for db in (sqlite_path, fresh):
        _arpad("import", "--db", db, *paths, "--date", LIST_DATE.isoformat())
        _arpad("rate-pending", "--db", db, "--system", SYSTEM)
    second = month.events["second"]
    game = second.games[4]
    _arpad(
        "correct", _key(second), "--db", sqlite_path, "--round", "5", "--white",
        game.white, "--black", game.black, "--result", "0-1" if game.score else "1-0",
        "--reason", "wrong result reported",
    )  # fmt: skip
    _arpad("correct-rating", f"FIDE:{game.white}", "--db", sqlite_path, "--system", SYSTEM,
           "--rating", "2000", "--reason", "appeal")  # fmt: skip
    log = json.loads(_arpad("audit", "--db", sqlite_path, "--format", "json"))
    _arpad("undo", str(log[1]["id"]), "--db", sqlite_path, "--reason", "appeal withdrawn")
    _arpad("undo", str(log[0]["id"]), "--db", sqlite_path, "--reason", "result confirmed")
    for args in (["list", "--system", SYSTEM, "-f", "csv"], ["history", f"FIDE:{game.white}"]):
        assert _arpad(*args, "--db", sqlite_path) == _arpad(*args, "--db", fresh)
