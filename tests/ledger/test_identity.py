"""Event and player identity in the ledger (issue 15, points 2 and 3; D-ident-1 …)."""

from __future__ import annotations

import datetime as dt
import shlex
from pathlib import Path

import pytest

from arpad.errors import InputError
from arpad.ledger import Ledger
from arpad.ledger.store import prepare_events
from arpad.model import Event, Game, PlayerEntry
from tests.conftest import EXAMPLES, shared_data

LICHESS = "trf-real/lichess_swiss_2020_06.trf"


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
    command = message.split("run '", 1)[1].split("' first", 1)[0]
    assert shlex.split(command) == ["arpad", "delete-event", "2024-spring-open"]
    assert "--event-id" in message


def test_event_id_names_the_event_of_a_file(ledger: Ledger, tmp_path: Path) -> None:
    path = shared_data(LICHESS)
    assert not ledger.import_files([path], event_id="lichess club 'May' 2020").errors
    assert [e.key for e in ledger.events()] == ["lichess club 'May' 2020"]
    ledger.rate_pending(["elo"])
    assert len(ledger.rated_sections("lichess club 'May' 2020", "elo")) == 1
    # The file's players are players of this event (there is no FIDE ID in the file).
    assert ledger.player("lichess club 'May' 2020/1").name == "mattderkuerschner"
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
