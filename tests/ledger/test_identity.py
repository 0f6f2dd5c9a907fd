"""Event and player identity in the ledger (issue 15, points 2 and 3; D-ident-1 …)."""

from __future__ import annotations

import datetime as dt
import json
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arpad.cli import app
from arpad.cli.ledger_output import ListFormat, list_output
from arpad.errors import InputError
from arpad.ledger import Ledger, LedgerError, OnConflict
from arpad.ledger.store import prepare_events
from arpad.model import Event, Game, PlayerEntry, Pool
from tests.conftest import EXAMPLES, shared_data

LICHESS = "trf-real/lichess_swiss_2020_06.trf"
runner = CliRunner()


def _next_edition(tmp_path: Path) -> Path:
    """The same lichess Swiss a year later (the real file with its dates moved)."""
    text = shared_data(LICHESS).read_text(encoding="utf-8")
    assert "052 May 29, 2020" in text
    later = text.replace("042 May 29, 2020", "042 May 28, 2021").replace(
        "052 May 29, 2020", "052 May 28, 2021"
    )
    path = tmp_path / "lichess_swiss_2021_05.trf"
    path.write_text(later, encoding="utf-8")
    return path


def test_next_years_edition_of_a_trf_tournament_is_another_event(
    ledger: Ledger, tmp_path: Path
) -> None:
    assert not ledger.import_files([shared_data(LICHESS), _next_edition(tmp_path)]).errors
    assert [e.key for e in ledger.events()] == [
        "mai-5-plus-0-turnier-2020-05-29",
        "mai-5-plus-0-turnier-2021-05-28",
    ]
    assert [e.name for e in ledger.events()] == ["Mai 5 Plus 0 Turnier"] * 2


def test_a_duplicate_event_is_refused_with_a_command_that_can_be_pasted(
    ledger: Ledger, tmp_path: Path
) -> None:
    first = EXAMPLES / "uscf-open.json"
    assert not ledger.import_files([first]).errors
    copy = tmp_path / "copy.json"
    copy.write_text(first.read_text(encoding="utf-8").replace('"name"', '"name" ', 1))
    (error,) = ledger.import_files([copy]).errors
    message = str(error)
    command = message.split("first run: ", 1)[1]
    assert shlex.split(command) == ["arpad", "delete-event", "--", "2024-spring-open"]
    assert "--event-id" in message
    # A key with spaces and quotes is quoted so that the command can be pasted.
    trf = shared_data(LICHESS)
    assert not ledger.import_files([trf], event_id="Club 'Blitz' May").errors
    again = tmp_path / "again.trf"
    again.write_text(trf.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    (error,) = ledger.import_files([again], event_id="Club 'Blitz' May").errors
    command = str(error).split("first run: ", 1)[1]
    assert shlex.split(command) == ["arpad", "delete-event", "--", "Club 'Blitz' May"]


def test_event_id_names_the_event_of_a_file(ledger: Ledger, tmp_path: Path) -> None:
    path = shared_data(LICHESS)
    assert not ledger.import_files([path], event_id="lichess club 'May' 2020").errors
    assert [e.key for e in ledger.events()] == ["lichess club 'May' 2020"]
    ledger.rate_pending(["elo"])
    assert len(ledger.rated_sections("lichess club 'May' 2020", "elo")) == 1
    # No FIDE ID in the file: its players are lichess accounts (D-ident-6).
    assert ledger.player("lichess:mattderkuerschner").name == "mattderkuerschner"
    deleted = ledger.delete_event("lichess club 'May' 2020")
    assert deleted.sections == 1 and ledger.events() == []


def test_event_id_of_a_tournament_in_sections_names_the_sections() -> None:
    day = dt.date(2024, 5, 1)
    players = (PlayerEntry("A"), PlayerEntry("B"))
    sections = [
        Event(id=f"open-s{n}", name=f"Open Section {n}", end_date=day, players=players,
              games=(Game("A", "B", 1.0, 1),))
        for n in (1, 2)
    ]  # fmt: skip
    prepared = prepare_events(sections, "open.txt", "0" * 64, "uscf-crosstable", event_id="may")
    (event,) = prepared.events
    assert event.key == "may"
    assert [s.event.id for s in event.sections] == ["may-s1", "may-s2"]


def test_event_id_is_refused_for_several_events_or_files(ledger: Ledger) -> None:
    ny = shared_data("pgn-real-events/new_york_1924_partial_annotated.pgn")
    (error,) = ledger.import_files([ny], event_id="ny").errors
    assert "the file holds 2 ('new-york-1924', 'new-york-1924-2')" in str(error)
    with pytest.raises(InputError, match="not of 2"):
        ledger.import_files([ny, EXAMPLES / "uscf-open.json"], event_id="x")
    assert ledger.events() == []


def _json(
    path: Path, event: str, players: list[dict[str, object]], day: str = "2024-03-01"
) -> Path:
    ids = [p["id"] for p in players]
    doc = {
        "format": "arpad-event/1",
        "event": {"id": event, "end_date": day},
        "players": players,
        "games": [{"white": ids[0], "black": ids[1], "result": "1-0"}],
    }
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


ANN = {"id": "X", "name": "Ash, Ann", "rating": 1800, "birth_date": "1990-01-02"}
ZOE = {"id": "Z", "name": "Zed, Zoe", "rating": 1700}


def test_a_known_id_under_another_name_is_refused_naming_both(
    ledger: Ledger, tmp_path: Path
) -> None:
    first = _json(tmp_path / "a.json", "a", [ANN, ZOE])
    assert not ledger.import_files([first]).errors
    bob = {"id": "X", "name": "Birch, Bob", "rating": 1800}
    second = _json(tmp_path / "b.json", "b", [bob, ZOE], "2024-04-01")
    (error,) = ledger.import_files([second]).errors
    assert str(error).startswith(f"{second}:")
    assert (
        "player 'X' is 'Birch, Bob' here but 'Ash, Ann' (born 1990-01-02) in the ledger "
        f"({first}); say which with --on-conflict keep-ledger|use-file|new-player"
    ) in str(error)
    assert [e.key for e in ledger.events()] == ["a"]
    # The same name written otherwise is no conflict.
    same: dict[str, object] = {"id": "X", "name": "Ann B. ASH", "birth_date": "1990-01-02"}
    assert not ledger.import_files([_json(tmp_path / "c.json", "c", [same, ZOE])]).errors
    born: dict[str, object] = {"id": "X", "name": "Ash, Ann", "birth_date": "1991-01-02"}
    (error,) = ledger.import_files([_json(tmp_path / "d.json", "d", [born, ZOE])]).errors
    assert "is 'Ash, Ann' (born 1991-01-02) here but 'Ann B. ASH' (born 1990-01-02)" in str(error)


@pytest.mark.parametrize(
    ("on_conflict", "name", "new_id"),
    [
        (OnConflict.KEEP_LEDGER, "Ash, Ann", None),
        (OnConflict.USE_FILE, "Birch, Bob", None),
        (OnConflict.NEW_PLAYER, "Ash, Ann", "b/X"),
    ],
)
def test_on_conflict_says_how_to_resolve_it(
    ledger: Ledger, tmp_path: Path, on_conflict: OnConflict, name: str, new_id: str | None
) -> None:
    assert not ledger.import_files([_json(tmp_path / "a.json", "a", [ANN, ZOE])]).errors
    bob = {"id": "X", "name": "Birch, Bob", "rating": 1800}
    second = _json(tmp_path / "b.json", "b", [bob, ZOE], "2024-04-01")
    assert not ledger.import_files([second], on_conflict=on_conflict).errors
    assert ledger.player("X").name == name
    if new_id is not None:
        assert ledger.player(new_id).name == "Birch, Bob"
    ledger.rate_pending(["uscf"])
    assert ledger.check() == []


def test_two_new_files_that_disagree_about_a_player_are_refused(
    ledger: Ledger, tmp_path: Path
) -> None:
    first = _json(tmp_path / "a.json", "a", [ANN, ZOE])
    bob: dict[str, object] = {"id": "X", "name": "Birch, Bob"}
    second = _json(tmp_path / "b.json", "b", [bob, ZOE], "2024-04-01")
    (error,) = ledger.import_files([first, second]).errors
    assert f"but 'Ash, Ann' (born 1990-01-02) in {first};" in str(error)
    assert ledger.events() == []


def test_a_fide_id_the_ledger_knows_is_that_player(ledger: Ledger, tmp_path: Path) -> None:
    """A US Chess-keyed player (JSON) with a FIDE ID, met again in a PGN file that gives
    only the FIDE ID: the same ledger player."""
    ann = {**ANN, "id": "12345678", "fide_id": "555"}
    assert not ledger.import_files([_json(tmp_path / "a.json", "a", [ann, ZOE])]).errors
    pgn = tmp_path / "b.pgn"
    pgn.write_text(
        '[Event "B"]\n[Date "2024.04.01"]\n[White "Ash, Ann"]\n[Black "Cole, Cy"]\n'
        '[WhiteFideId "555"]\n[Result "1-0"]\n\n1. e4 1-0\n',
        encoding="utf-8",
    )
    assert not ledger.import_files([pgn]).errors
    ledger.rate_pending(["uscf"])
    assert [h.section for h in ledger.history("12345678")] == ["a", "b-2024"]
    assert ledger.player("b-2024/Cole, Cy").name == "Cole, Cy"


def _season() -> list[Event]:
    day = dt.date(2024, 1, 1)
    a, b = PlayerEntry("A", "Ann", 1600.0, 30), PlayerEntry("B", "Ann A.", 1500.0, 10)
    c, d = PlayerEntry("C", "Cy", 1550.0, 40), PlayerEntry("D", "Di", 1450.0, 40)

    def event(eid: str, days: int, x: PlayerEntry, y: PlayerEntry, score: float) -> Event:
        return Event(
            id=eid, name=eid, end_date=day + dt.timedelta(days=days), players=(x, y, d),
            games=(Game(x.id, y.id, score, 1), Game(y.id, "D", 0.5, 2)),
        )  # fmt: skip

    return [event("e1", 1, a, c, 1.0), event("e2", 5, b, c, 0.5), event("e3", 9, a, c, 0.0)]


def _as(events: list[Event], old: str, new: str) -> list[Event]:
    from arpad.ledger.store import renamed

    return [renamed(e, {old: new}) for e in events]


def _lists(ledger: Ledger) -> str:
    return list_output(ledger.rating_list("uscf", Pool.REGULAR), ListFormat.CSV)


def _fresh(tmp_path: Path, name: str, events: list[Event]) -> str:
    with Ledger.open(tmp_path / name) as other:
        other.import_events(events, "season")
        other.rate_pending(["uscf"])
        return _lists(other)


def test_merge_and_split_rate_again_as_if_imported_that_way(ledger: Ledger, tmp_path: Path) -> None:
    season = _season()
    ledger.import_events(season, "season")
    ledger.rate_pending(["uscf"])
    apart = _lists(ledger)
    done = ledger.merge_players("A", "B")
    assert (done.kept, done.merged, done.entries, done.rolled_back) == ("A", "B", 1, 2)
    assert ledger.pending() == {"uscf": 2}
    ledger.rate_pending()
    assert ledger.check() == []
    assert _lists(ledger) == _fresh(tmp_path, "merged.db", _as(season, "B", "A")) != apart
    with pytest.raises(LedgerError, match="no player 'B'"):
        ledger.player("B")
    # A file that still says B is A now.
    later = Event(
        id="e4", name="e4", end_date=dt.date(2024, 2, 1),
        players=(PlayerEntry("B", "Ann"), PlayerEntry("C", "Cy")),
        games=(Game("B", "C", 1.0, 1),),
    )  # fmt: skip
    ledger.import_events([later], "later")
    assert [h.section for h in ledger.history("A")] == ["e1", "e2", "e3"]
    ledger.rate_pending()
    assert [h.section for h in ledger.history("A")] == ["e1", "e2", "e3", "e4"]
    ledger.delete_event("e4")
    done = ledger.split_player("B")
    assert (done.kept, done.merged, done.entries) == ("A", "B", 1)
    ledger.rate_pending()
    assert ledger.check() == []
    assert _lists(ledger) == apart
    assert ledger.player("B").name == "Ann A."
    with pytest.raises(LedgerError, match="'B' was not merged"):
        ledger.split_player("B")


def test_two_players_of_one_section_cannot_be_merged(ledger: Ledger) -> None:
    ledger.import_events(_season(), "season")
    with pytest.raises(LedgerError, match="'A' and 'C' both play in 'e1'"):
        ledger.merge_players("A", "C")
    with pytest.raises(LedgerError, match="no player 'Q'"):
        ledger.merge_players("A", "Q")


def test_player_merge_and_split_on_the_command_line(tmp_path: Path) -> None:
    db = str(tmp_path / "cli.db")
    with Ledger.open(db) as ledger:
        ledger.import_events(_season(), "season")
        ledger.rate_pending(["uscf"])
    merged = runner.invoke(app, ["player", "merge", "A", "B", "--db", db])
    assert merged.exit_code == 0, merged.output
    assert "merged 'B' into 'A' (1 event(s) moved)" in merged.stdout
    assert "uscf: rated 2 section(s) again" in merged.stdout
    shown = runner.invoke(app, ["player", "A", "--db", db], env={"COLUMNS": "200"})
    assert shown.exit_code == 0 and "e2" in shown.stdout
    split = runner.invoke(app, ["player", "split", "B", "--db", db])
    assert split.exit_code == 0 and "split 'B' from 'A'" in split.stdout
    assert runner.invoke(app, ["player", "show", "B", "--db", db]).exit_code == 0
