"""The dated-games CSV (the elite-games collections): per-game Elo columns are the players'
FIDE ratings (issue 23: importing the elite games ignored them, and US Chess then had
Carlsen at 907)."""

from __future__ import annotations

import io

import pytest

from arpad.errors import InputError
from arpad.io import dated_games, read_events
from arpad.model import RatingKind
from arpad.systems import get_system
from tests.conftest import shared_data

CSV = (
    "date,white,black,result,opening,white_elo,black_elo\n"
    "2020-02-03,Ann,Bo,1-0,E10,2700,2650\n"
    "2020-02-20,Bo,Cy,1/2-1/2,B90,2655,\n"
    "2020-03-01,Ann,Cy,0-1,C42,2710,2600\n"
)


def test_a_players_first_elo_in_an_event_is_his_fide_rating_before_it() -> None:
    february, march = dated_games.read(io.StringIO(CSV), "g.csv")
    players = {p.id: p for p in february.players}
    assert players["Bo"].rating == 2650.0 and players["Bo"].rating_kind == RatingKind.FIDE
    assert players["Ann"].fide == 2700.0
    assert players["Cy"].rating is None  # an empty cell: no rating
    assert {p.id: p.rating for p in march.players} == {"Ann": 2710.0, "Cy": 2600.0}


def test_without_elo_columns_every_player_is_unrated() -> None:
    text = "date,white,black,result\n2020-02-03,Ann,Bo,1-0\n"
    (event,) = dated_games.read(io.StringIO(text), "g.csv")
    assert all(p.rating is None for p in event.players)


def test_a_bad_elo_cell_names_file_line_and_column() -> None:
    text = CSV.replace("2655", "strong")
    with pytest.raises(InputError) as err:
        dated_games.read(io.StringIO(text), "g.csv")
    assert str(err.value) == "g.csv:3: white_elo must be a number, not 'strong'"


def test_the_elite_games_rate_carlsen_from_his_fide_rating() -> None:
    events = read_events(shared_data("elite-games-kwiatkowski/games_2015_2020_classical.csv"))
    first = next(e for e in events if "Carlsen" in e.player_ids)
    carlsen = first.player("Carlsen")
    assert carlsen.rating is not None and carlsen.rating > 2800
    post = get_system("uscf").rate_event(first).player("Carlsen").post
    assert post is not None and post > 2500  # converted from FIDE, not an unrated 907
