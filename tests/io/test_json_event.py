"""The arpad-event/1 JSON format: reader, writer, schema (docs/formats.md)."""

from __future__ import annotations

import datetime as dt
import itertools
import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad.errors import InputError
from arpad.io import json_event, read_event
from arpad.model import Event, Game, PlayerEntry
from tests.conftest import EXAMPLES

SCHEMA = json.loads(
    resources.files("arpad").joinpath("schemas/arpad-event-1.json").read_text(encoding="utf-8")
)


def _doc(**over: object) -> dict[str, object]:
    doc: dict[str, object] = {
        "format": "arpad-event/1",
        "event": {"id": "e1", "end_date": "2024-01-02"},
        "players": [{"id": "a", "rating": 1500, "games": 30}, {"id": "b", "rating": None}],
        "games": [{"round": 1, "white": "a", "black": "b", "result": "1-0"}],
    }
    doc.update(over)
    return doc


def test_reads_the_documented_fields() -> None:
    e = json_event.loads(json.dumps(_doc()))
    assert e.end_date == dt.date(2024, 1, 2)
    assert e.player("a").rating == 1500.0 and e.player("b").rating is None
    assert e.results_of("b") == [("a", 0.0)]


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_bundled_examples_match_the_schema_and_read(example: Path) -> None:
    doc = json.loads(example.read_text(encoding="utf-8"))
    if doc.get("format") != json_event.FORMAT_TAG:
        pytest.skip("not an arpad-event/1 file")
    jsonschema.validate(doc, SCHEMA)
    read_event(example)


def test_schema_and_reader_accept_the_same_keys() -> None:
    defs = SCHEMA["$defs"]
    assert set(SCHEMA["properties"]) == json_event.TOP_KEYS
    assert set(SCHEMA["properties"]["event"]["properties"]) == json_event.EVENT_KEYS
    assert set(defs["player"]["properties"]) == json_event.PLAYER_KEYS
    assert set(defs["game"]["properties"]) == json_event.GAME_KEYS
    assert set(defs["unplayed"]["properties"]) == json_event.UNPLAYED_KEYS


def _error(text: str) -> InputError:
    with pytest.raises(InputError) as info:
        json_event.loads(text, "ev.json")
    return info.value


def test_bad_result_names_file_and_line() -> None:
    text = json.dumps(_doc(games=[{"white": "a", "black": "b", "result": "2-0"}]), indent=1)
    err = _error(text)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if '"white"' in t) - 1
    assert err.path == "ev.json" and err.line == line
    assert str(err).startswith(f"ev.json:{line}: unknown result '2-0'")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "arpad-event/2"}, "unsupported format"),
        ({"event": {"name": "x"}}, "missing required key 'id'"),
        ({"players": [{"id": "a", "rating": "1500"}]}, "'rating' must be int or float"),
        ({"players": [{"id": "a", "ratng": 1500}]}, "unknown key 'ratng'"),
        ({"players": [{"id": "a", "games": -1}]}, "must be ≥ 0"),
        ({"players": [{"id": "a", "games": 4}]}, "has games=4 but no rating"),
        ({"event": {"id": "e", "end_date": "31/12/2024"}}, "ISO date"),
        ({"event": {"id": "e", "pool": "rapid"}}, "'pool' must be one of"),
        ({"players": [{"id": "a", "rating": True}]}, "must be a number"),
        ({"games": [{"white": "a", "black": "zz", "result": "1-0"}]}, "unknown player 'zz'"),
    ],
)
def test_bad_documents_are_refused(change: dict[str, object], message: str) -> None:
    doc = _doc(**change)
    if "players" in change and "games" not in change:
        doc["games"] = []
    assert message in str(_error(json.dumps(doc)))


def test_syntax_error_has_line_and_column() -> None:
    err = _error('{"format": "arpad-event/1",\n "event": {"id": 1,,}}')
    assert (err.line, err.column) == (2, 20)


names = st.text(alphabet="abcdefghij", min_size=1, max_size=4)


@given(st.lists(names, min_size=2, max_size=6, unique=True), st.data())
def test_write_then_read_round_trips(ids: list[str], data: st.DataObject) -> None:
    players = tuple(
        PlayerEntry(i, rating=data.draw(st.one_of(st.none(), st.floats(100, 2800))), games=0)
        for i in ids
    )
    games = tuple(
        Game(w, b, data.draw(st.sampled_from([0.0, 0.5, 1.0])), round=r)
        for r, (w, b) in enumerate(itertools.pairwise(ids), start=1)
    )
    e = Event(id="x", players=players, games=games, end_date=dt.date(2020, 1, 1))
    back = json_event.loads(json_event.dumps(e))
    assert back.games == tuple(Game(g.white, g.black, g.score, g.round) for g in e.games)
    assert [(p.id, p.rating) for p in back.players] == [(p.id, p.rating) for p in e.players]
