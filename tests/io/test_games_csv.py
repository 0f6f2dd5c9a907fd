"""The games CSV: one file, many events."""

from __future__ import annotations

import datetime as dt
import io
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad.errors import InputError
from arpad.io import detect_format, games_csv, read_events
from arpad.model import Event, Game, PlayerEntry, Pool
from tests.conftest import EXAMPLES

HEADER = "event,date,round,white,black,result\n"


def test_bundled_ladder_is_two_events() -> None:
    path = EXAMPLES / "ledger" / "2024-club-ladder.csv"
    assert detect_format(path.read_text()[:4096], str(path)) == "games-csv"
    july, august = read_events(path)
    assert (july.id, july.end_date, len(july.games)) == (
        "2024-07-club-ladder",
        dt.date(2024, 7, 23),
        6,
    )
    assert (august.id, august.end_date, len(august.games)) == (
        "2024-08-club-ladder",
        dt.date(2024, 8, 20),
        6,
    )
    assert july.player_ids == ("10000001", "10000003", "10000002", "10000005")
    assert july.games[1].score == 0.5 and july.games[1].round == 1


def test_columns_in_any_order_with_a_pool() -> None:
    text = "result,black,white,round,date,event,pool\n1-0,b,a,,2024-03-01,q1,quick\n"
    (event,) = games_csv.read(io.StringIO(text), "x.csv")
    assert event.pool == Pool.QUICK and event.games[0].white == "a" and event.games[0].round is None


@pytest.mark.parametrize(
    ("body", "line", "message"),
    [
        ("e,2024-01-01,1,a,b,2-0\n", 2, "unknown result '2-0'"),
        ("e,2024-01-01,1,a,b,1-0\ne,01/02/2024,2,a,b,1-0\n", 3, "ISO date"),
        ("e,2024-01-01,x,a,b,1-0\n", 2, "positive integer"),
        ("e,2024-01-01,1,a,a,1-0\n", 2, "cannot play themself"),
        ("e,2024-01-01,1,a\n", 2, "4 cells, expected 6"),
        ("e,2024-01-01,1,,b,1-0\n", 2, "empty player id"),
    ],
)
def test_errors_name_file_and_line(body: str, line: int, message: str) -> None:
    with pytest.raises(InputError) as err:
        games_csv.read(io.StringIO(HEADER + body), "games.csv")
    assert err.value.path == "games.csv" and err.value.line == line
    assert message in str(err.value)


def test_header_problems() -> None:
    with pytest.raises(InputError, match="unknown column 'colour'"):
        games_csv.read(io.StringIO("event,date,round,white,black,result,colour\n"), "g.csv")
    with pytest.raises(InputError, match="missing column 'round'"):
        games_csv.read(io.StringIO("event,date,white,black,result\n"), "g.csv")
    with pytest.raises(InputError, match="was 'regular' on line 2, here 'blitz'"):
        games_csv.read(
            io.StringIO(
                HEADER[:-1]
                + ",pool\ne,2024-01-01,1,a,b,1-0,regular\ne,2024-01-01,2,a,b,1-0,blitz\n"
            ),
            "g.csv",
        )


@st.composite
def events(draw: st.DrawFn) -> list[Event]:
    out = []
    for n in range(draw(st.integers(1, 4))):
        ids = [f"p{i}" for i in range(draw(st.integers(2, 6)))]
        games = []
        for r in range(1, draw(st.integers(1, 4)) + 1):
            a, b = draw(st.permutations(ids))[:2]
            rnd = draw(st.none() | st.just(r))
            games.append(Game(a, b, draw(st.sampled_from([0.0, 0.5, 1.0])), rnd))
        players = [
            PlayerEntry(i) for i in dict.fromkeys(p for g in games for p in (g.white, g.black))
        ]
        day = draw(st.dates(dt.date(1990, 1, 1), dt.date(2030, 1, 1)))
        out.append(Event(f"e{n}", tuple(players), tuple(games), name=f"e{n}", end_date=day,
                         pool=draw(st.sampled_from(Pool))))  # fmt: skip
    return out


@given(events())
def test_written_games_read_back(evs: list[Event]) -> None:
    back = games_csv.read(io.StringIO(games_csv.dumps(evs)), "g.csv")
    assert [(e.id, e.end_date, e.pool, e.games, e.player_ids) for e in back] == [
        (e.id, e.end_date, e.pool, tuple(replace(g, line=None) for g in e.games), e.player_ids)
        for e in evs
    ]
