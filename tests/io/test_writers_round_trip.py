"""What arpad writes, it reads (issue 24.5): an event written by each writer (event JSON,
the games CSV, TRF16, TRF26, the US Chess crosstable) reads back as the same event, as far
as the format carries it; and what a format cannot carry is refused with one line instead
of a file arpad cannot read (a TAB or a newline in a name, an event name over 200
characters, round 1,000,000, a rating outside 0..4000).

TRF numbers the players: they come back as starting ranks 1, 2 … in the order written, and
the games are compared through that numbering. TRF and the crosstable hold the games round
by round, player by player, so the games are compared in any order.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.errors import InputError
from arpad.io import games_csv, json_event, trf, trf_writer, uscf_crosstable
from arpad.io import uscf_crosstable_writer as uscf_writer
from arpad.model import Event, Game, PlayerEntry

_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzÅÉçéöñ'-", min_size=1, max_size=8)
_NAME = st.lists(_WORD, min_size=1, max_size=3).map(" ".join).map(str.title)
_LONG_NAME = st.lists(_WORD, min_size=4, max_size=7).map(" ".join).map(str.title)
"""Names of 7 to 62 characters: up to and over TRF's 33 (columns 15–47)."""


@st.composite
def events(draw: st.DrawFn) -> Event:
    """A round-by-round event: 2–8 players (some unrated), up to 5 rounds, each player at
    most once a round; names of letters (with accents, apostrophes, hyphens)."""
    n = draw(st.integers(2, 8))
    names = draw(st.lists(_NAME | _LONG_NAME, min_size=n, max_size=n, unique=True))
    players = tuple(
        PlayerEntry(
            f"{10000001 + i}",
            names[i],
            rating=rating,
            games=0 if rating is None else draw(st.integers(0, 300)),
        )
        for i in range(n)
        for rating in [draw(st.one_of(st.none(), st.integers(100, 2900).map(float)))]
    )
    games = []
    for rnd in range(1, draw(st.integers(1, 5)) + 1):
        order = draw(st.permutations(range(n)))
        for k in range(0, n - 1, 2):
            if draw(st.booleans()) or k == 0:
                w, b = players[order[k]].id, players[order[k + 1]].id
                games.append(Game(w, b, draw(st.sampled_from([0.0, 0.5, 1.0])), round=rnd))
    return Event(
        id="fuzz-open",
        name=draw(_NAME),
        players=players,
        games=tuple(games),
        end_date=dt.date(2024, 1, 1) + dt.timedelta(days=draw(st.integers(0, 3000))),
    )


def _plain(games: Any, ids: dict[str, str] | None = None) -> list[tuple[str, str, float, Any]]:
    ids = ids or {}
    return [(ids.get(g.white, g.white), ids.get(g.black, g.black), g.score, g.round) for g in games]


def _numbers(event: Event) -> dict[str, str]:
    return {p.id: str(i) for i, p in enumerate(event.players, start=1)}


ROUND_TRIPS = settings(max_examples=60, deadline=None)


@ROUND_TRIPS
@given(events())
def test_event_json_round_trips(event: Event) -> None:
    back = json_event.loads(json_event.dumps(event))
    assert dataclasses.replace(back, source=None) == event


@ROUND_TRIPS
@given(events())
def test_games_csv_round_trips(event: Event) -> None:
    (back,) = games_csv.read(io.StringIO(games_csv.dumps([event])), "x.csv")
    assert (back.id, back.end_date) == (event.id, event.end_date)
    assert _plain(back.games) == _plain(event.games)


@ROUND_TRIPS
@given(events(), st.sampled_from(["16", "26"]))
def test_trf_round_trips(event: Event, version: Any) -> None:
    """A name over TRF's 33 characters is refused, naming the player (before, it was cut
    to 33 and read back as another name)."""
    longest = max(event.players, key=lambda p: len(p.name))
    if len(longest.name) > 33:
        with pytest.raises(InputError, match=r"the name of player '\d+' has \d+ characters") as exc:
            trf_writer.dumps(event, version)
        assert "columns 15–47" in str(exc.value) and "\n" not in str(exc.value)
        return
    (back,) = trf.read(io.StringIO(trf_writer.dumps(event, version)), "x.trf")
    assert back.name == event.name and back.end_date == event.end_date
    assert [(p.name, p.rating) for p in back.players] == [(p.name, p.rating) for p in event.players]
    assert sorted(_plain(back.games)) == sorted(_plain(event.games, _numbers(event)))


@ROUND_TRIPS
@given(events())
def test_uscf_crosstable_round_trips(event: Event) -> None:
    """The crosstable keeps the players' US Chess ids (eight digits)."""
    (back,) = uscf_crosstable.read(io.StringIO(uscf_writer.dumps(event)), "x.txt")
    assert [(p.id, p.name) for p in back.players] == [(p.id, p.name) for p in event.players]
    assert sorted(_plain(back.games)) == sorted(_plain(event.games))


def _event(**changes: Any) -> Event:
    players = (PlayerEntry("1", "Ann Ames", rating=1500.0), PlayerEntry("2", "Bob Bell"))
    base = Event(id="e", name="Open", players=players, games=(Game("1", "2", 1.0, round=1),))
    return dataclasses.replace(base, **changes)


def _named(name: str) -> Event:
    return _event(players=(PlayerEntry("1", name), PlayerEntry("2", "Bob Bell")))


LINE_WRITERS = [
    ("TRF16", lambda e: trf_writer.dumps(e, "16")),
    ("TRF26", lambda e: trf_writer.dumps(e, "26")),
    ("US Chess crosstable", uscf_writer.dumps),
]
ALL_WRITERS = [*LINE_WRITERS, ("arpad-event/1", json_event.dumps)]


@pytest.mark.parametrize(("fmt", "write"), LINE_WRITERS)
@pytest.mark.parametrize("name", ["Ann\tAmes", "Ann\nAmes", "Ann\rAmes", "Ann\x1b[2J"])
def test_line_formats_refuse_a_control_character_in_a_name(fmt: str, write: Any, name: str) -> None:
    """Before: ``arpad trf`` wrote a TAB into TRF's columns, ``crosstable --format uscf``
    a newline into a record; neither read back (issue 24)."""
    with pytest.raises(InputError, match="control character") as refused:
        write(_named(name))
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(("fmt", "write"), ALL_WRITERS)
@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"name": "x" * 201}, "event name has 201 characters"),
        ({"games": (Game("1", "2", 1.0, round=1_000_000),)}, "round 1,000,000"),
        (
            {"players": (PlayerEntry("1", "A", rating=1500.0), PlayerEntry("2", "B"))},
            "",
        ),
    ],
)
def test_writers_refuse_what_cannot_be_read_back(
    fmt: str, write: Any, change: dict[str, Any], says: str
) -> None:
    """Before: round 1,000,000 made 3 KB of input a 20 MB TRF file that took 13 s to read
    back; an event name over 200 characters could not be read back at all (issue 24)."""
    event = _event(**change)
    if not says:  # the control case: writable
        write(event)
        return
    with pytest.raises(InputError, match=says):
        write(event)


@pytest.mark.parametrize("rating", [4335.0, -84.0])
def test_event_json_refuses_a_rating_off_the_scale(rating: float) -> None:
    """``crosstable --format event`` of a ledger whose system rated a player at 4,335 or
    −84 (issue 24): refused, naming the player, not a file the reader refuses."""
    event = _event(players=(PlayerEntry("1", "A", rating=rating), PlayerEntry("2", "B")))
    with pytest.raises(InputError, match="player '1' has a rating of"):
        json_event.dumps(event)


def test_a_file_of_several_event_documents_reads_as_several_events(tmp_path: Any) -> None:
    """``crosstable --format event`` of an event of several sections writes an array."""
    from arpad.io import read_events

    first, second = _event(), _event(id="f", name="Open B")
    path = tmp_path / "two.json"
    path.write_text(
        "[" + json_event.dumps(first) + "," + json_event.dumps(second) + "]", encoding="utf-8"
    )
    assert [e.id for e in read_events(path)] == ["e", "f"]


TRF_WRITERS = LINE_WRITERS[:2]


def _entry(**fields: Any) -> Event:
    return _event(players=(PlayerEntry("1", "Ann Ames", **fields), PlayerEntry("2", "Bob Bell")))


@pytest.mark.parametrize(("fmt", "write"), TRF_WRITERS)
@pytest.mark.parametrize(
    ("event", "says"),
    [
        (_named("A" * 34), "the name of player '1' has 34 characters; TRF's field (columns 15–47)"),
        (_named(" Ann"), "the name of player '1' begins or ends with a blank"),
        (_entry(title="GMIM"), "the title of player '1' has 4 characters"),
        (_entry(federation="GERM"), "the federation of player '1' has 4 characters"),
        (_entry(federation="G\tR"), "the federation of player '1' has a control character"),
        (_entry(fide_id="123456789012"), "the FIDE ID of player '1' has 12 characters"),
        (_entry(sex="x"), "the sex of player '1' is 'x'; TRF's column 10 holds m or w"),
        (_entry(sex="mf"), "the sex of player '1' is 'mf'"),
    ],
)
def test_trf_refuses_a_field_wider_than_its_columns(
    fmt: str, write: Any, event: Event, says: str
) -> None:
    """FIDE's TRF (TRF26, Player Section: name 15–47, title 11–13, federation 54–56, FIDE
    number 58–68) fixes the columns and says nothing of shortening: the writer cut the
    name at 33, the title and federation at 3, and let a FIDE ID of 12 digits push the
    birth date out of its columns (D-robust2-1)."""
    with pytest.raises(InputError, match=re.escape(says)) as refused:
        write(event)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(("fmt", "write"), TRF_WRITERS)
@pytest.mark.parametrize(
    ("given", "read_back"),
    [("m", "m"), ("M", "m"), ("male", "m"), ("f", "f"), ("w", "f"), ("Female", "f"), (None, None)],
)
def test_trf_writes_each_sex_code_as_m_or_w(
    fmt: str, write: Any, given: str | None, read_back: str | None
) -> None:
    """TRF's column 10 is ``m`` or ``w``. The writer kept the first letter of any longer
    code: ``female`` was written ``f`` where ``f`` itself is written ``w``, and a free
    text became its initial."""
    (back,) = trf.read(io.StringIO(write(_entry(sex=given))), "x.trf")
    assert back.players[0].sex == read_back


@pytest.mark.parametrize(("fmt", "write"), TRF_WRITERS)
def test_trf_writes_a_name_of_exactly_33_characters_whole(fmt: str, write: Any) -> None:
    name = "Abcdefghij, Klmnopqrstuvwxyzabcde"
    assert len(name) == 33
    (back,) = trf.read(io.StringIO(write(_named(name))), "x.trf")
    assert back.players[0].name == name


@pytest.mark.parametrize(("fmt", "write"), TRF_WRITERS)
def test_trf_refuses_more_points_than_its_field_holds(fmt: str, write: Any) -> None:
    """Points are columns 81–84, format ``11.5``: 100 points overran into the rank."""
    games = tuple(Game("1", "2", 1.0, round=r) for r in range(1, 101))
    with pytest.raises(InputError, match="player '1' has 100 points; TRF's points field"):
        write(_event(games=games))


def test_trf_birth_dates_before_year_1000_keep_ten_characters() -> None:
    """``strftime`` wrote 0999/01/02 as 999/01/02, shifting the date in 70–79."""
    event = _entry(birth_date=dt.date(999, 1, 2))
    line = next(ln for ln in trf_writer.dumps(event).splitlines() if ln.startswith("001    1"))
    assert line[69:79] == "0999/01/02"
