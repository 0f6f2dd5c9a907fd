"""Reading games files for the system tests (arpad.analysis.games)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arpad.analysis.games import read_games
from arpad.errors import InputError


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_pairs_layout_with_scores_or_results(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "g.csv",
        "white,black,white_rating,black_rating,score,period\n"
        "a,b,1600,1500,1,3\n"
        "b,a,1500,1600,0.5,4\n",
    )
    f = read_games(path)
    assert f.format == "pairs" and f.has_ratings and f.periods == (3, 4)
    assert [(g.white, g.score, g.white_rating, g.line) for g in f.games] == [
        ("a", 1.0, 1600.0, 2),
        ("b", 0.5, 1500.0, 3),
    ]
    results = _write(tmp_path, "r.csv", "White_Rating,Black_Rating,Result\n2000,1800,0-1\n")
    assert read_games(results).games[0].score == 0.0
    decimals = _write(tmp_path, "d.csv", "white_rating,black_rating,score\n2000,1800,0.50\n")
    assert read_games(decimals).games[0].score == 0.5


def test_pairs_without_ratings_need_fitting(tmp_path: Path) -> None:
    path = _write(tmp_path, "g.csv", "white,black,white_rating,black_rating,score\na,b,,,1\n")
    assert not read_games(path).has_ratings


def test_kaggle_layout(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "k.csv",
        '"Month #","White Player #","Black Player #","Score"\n1,73,1246,0.5\n2,73,5097,1\n',
    )
    f = read_games(path)
    assert f.format == "kaggle" and not f.has_ratings
    assert [(g.period, g.white, g.black, g.score) for g in f.games] == [
        (1, "73", "1246", 0.5),
        (2, "73", "5097", 1.0),
    ]
    withheld = _write(
        tmp_path, "t.csv", '"Month #","White Player #","Black Player #","Score"\n101,7,7168,\n'
    )
    with pytest.raises(InputError, match="withholds") as excinfo:
        read_games(withheld)
    assert excinfo.value.line == 2 and str(withheld) in str(excinfo.value)


def test_kwiatkowski_layouts(tmp_path: Path) -> None:
    classical = _write(
        tmp_path,
        "c.csv",
        '"date","white","black","result","opening","white_elo","black_elo"\n'
        '"2020-02-21","Duda","Vidit","1-0","E10",2755,2721\n',
    )
    g = read_games(classical).games[0]
    assert (g.white, g.score, g.white_rating, g.black_rating, g.period, g.rapid) == (
        "Duda",
        1.0,
        2755.0,
        2721.0,
        2020,
        False,
    )
    speeds = _write(
        tmp_path,
        "s.csv",
        "Event,Date,White,Black,Result,WhiteElo,BlackElo,ECO,SpeedChess\n"
        "Inv,2021-03-21,Nepo,Giri,1/2-1/2,2789,2776,B97,1\n",
    )
    g = read_games(speeds).games[0]
    assert (g.score, g.rapid, g.period) == (0.5, True, 2021)


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        ("white_rating,black_rating,score\n1600,x,1\n", "black_rating must be a number", 2),
        ("white_rating,black_rating,score\n1600,1500,2\n", "unknown result", 2),
        ("white_rating,black_rating,score\n1600,1500\n", "2 fields", 2),
        ("a,b,c\n1,2,3\n", "cannot tell the layout", 1),
        ("white_rating,black_rating,score\n", "no games", None),
    ],
)
def test_bad_files_name_file_and_line(
    tmp_path: Path, text: str, message: str, line: int | None
) -> None:
    path = _write(tmp_path, "bad.csv", text)
    with pytest.raises(InputError, match=message) as excinfo:
        read_games(path)
    assert excinfo.value.line == line
    assert excinfo.value.path == str(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        read_games(tmp_path / "absent.csv")


def test_test_system_reads_a_pgn_with_its_elo_tags(tmp_path: Path) -> None:
    """Issue 23: test-system refused PGN ratings; a PGN's games carry the WhiteElo/BlackElo
    the PGN reader gives the players at the event, the event's year as the period."""
    pgn = tmp_path / "g.pgn"
    pgn.write_text(
        '[Event "A"]\n[Date "1990.05.01"]\n[White "x"]\n[Black "y"]\n'
        '[WhiteElo "2600"]\n[BlackElo "2500"]\n[Result "1-0"]\n\n1. e4 1-0\n\n'
        '[Event "A"]\n[Date "1990.05.02"]\n[White "y"]\n[Black "x"]\n'
        '[WhiteElo "2500"]\n[BlackElo "2600"]\n[Result "1/2-1/2"]\n\n1. e4 1/2-1/2\n',
        encoding="utf-8",
    )
    file = read_games(pgn)
    assert file.format == "pgn" and file.has_ratings
    assert [(g.white, g.score, g.white_rating, g.black_rating, g.period) for g in file.games] == [
        ("x", 1.0, 2600.0, 2500.0, 1990),
        ("y", 0.5, 2500.0, 2600.0, 1990),
    ]
