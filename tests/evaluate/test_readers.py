"""The Kaggle 2010 and dated-games readers (fuzzed: any text gives events or InputError)."""

from __future__ import annotations

import io

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from arpad.errors import InputError
from arpad.io import dated_games, detect_format, kaggle2010, read_events
from tests.conftest import shared_data

KAGGLE = '"Month #","White Player #","Black Player #","Score"\n1,73,1246,0.5\n1,5,73,1\n3,5,9,0\n'
ELITE = (
    '"date","white","black","result","opening","white_elo","black_elo"\n'
    '"2020-02-21","Duda","Vidit","1-0","E10",2755,2721\n'
    '"2020-01-05","Vidit","Giri","1/2-1/2","E10",2721,2760\n'
)


def test_kaggle_one_event_per_month_with_stand_in_dates() -> None:
    events = kaggle2010.read(io.StringIO(KAGGLE), "t.csv")
    assert [e.id for e in events] == ["month-1", "month-3"]
    assert [len(e.games) for e in events] == [2, 1]
    assert events[0].games[1].score == 1.0
    assert events[1].end_date is not None and events[1].end_date.month == 3


def test_kaggle_missing_score_names_the_line() -> None:
    text = KAGGLE + "101,7,7168,\n"
    with pytest.raises(InputError, match=r"t\.csv:5.*no score"):
        kaggle2010.read(io.StringIO(text), "t.csv")


def test_formats_are_sniffed() -> None:
    assert detect_format(KAGGLE, "x.csv") == "kaggle2010"
    assert detect_format(ELITE, "x.csv") == "dated-games"
    strict = "event,date,round,white,black,result\n"
    assert detect_format(strict, "x.csv") == "games-csv"


def test_dated_games_group_by_month_in_date_order() -> None:
    events = dated_games.read(io.StringIO(ELITE), "e.csv")
    assert [e.id for e in events] == ["2020-01", "2020-02"]
    assert events[1].games[0].white == "Duda"


def test_dated_games_self_pairing_is_refused_with_line() -> None:
    bad = ELITE + '"2020-03-01","Saric","Saric","1/2-1/2","D55",2559,2667\n'
    with pytest.raises(InputError, match=r"e\.csv:4.*themself"):
        dated_games.read(io.StringIO(bad), "e.csv")


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(alphabet='0123456789,." -ab\n', max_size=30), max_size=6))
@example([",,,"])  # an empty month: its error once came without the file's name
def test_kaggle_reader_fuzz(rows: list[str]) -> None:
    text = '"Month #","White Player #","Black Player #","Score"\n' + "\n".join(rows)
    try:
        events = kaggle2010.read(io.StringIO(text), "f.csv")
    except InputError as exc:
        assert exc.path == "f.csv"
    else:
        assert all(e.games for e in events)


def test_kaggle_training_file_reads_whole() -> None:
    path = shared_data("kaggle2010-elo-vs-rest/training_data.csv")
    events = read_events(path)
    assert len(events) == 100
    assert sum(len(e.games) for e in events) == 65_053  # SOURCE.md: 65,053 rows


def test_elite_classical_file_reads_whole() -> None:
    path = shared_data("elite-games-kwiatkowski/games_2015_2020_classical.csv")
    events = read_events(path)
    assert sum(len(e.games) for e in events) == 4_624  # SOURCE.md: 4,624 rows


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(alphabet='0123456789-,"/ abxyz\n', max_size=40), max_size=6))
def test_dated_games_reader_fuzz(rows: list[str]) -> None:
    text = "date,white,black,result,extra\n" + "\n".join(rows)
    try:
        events = dated_games.read(io.StringIO(text), "f.csv")
    except InputError as exc:
        assert exc.path == "f.csv"
    else:
        assert all(e.games and e.end_date is not None for e in events)
