"""The paper's input format (arpad.io.berard), spec §4.1."""

from __future__ import annotations

import io

import pytest

from arpad.errors import InputError
from arpad.io import berard

from .conftest import EXAMPLES


def read(text: str) -> berard.BerardTournament:
    return berard.read_tournament(io.StringIO(text), "t.berard")


def test_frankfurt_1997_input_L609() -> None:
    # L609–L645, with its blank line inside the games (L643) and the -1 -1 -1.0 terminator.
    t = berard.read_tournament((EXAMPLES / "frankfurt-1997.berard").open(), "f")
    assert t.name == "Frankfurt_Chess_Classics_1997" and t.rating_system == "Elo"
    assert [(p.rating, p.name) for p in t.players] == [
        (2765.0, "Anand"),
        (2760.0, "Karpov"),
        (2725.0, "Topalov"),
        (2570.0, "Lobron"),
    ]
    assert t.rating2 == 2765.0 and len(t.games) == 12
    assert (t.games[0].white, t.games[0].black, t.games[0].score) == (3, 0, 0.0)
    assert (t.games[-1].white, t.games[-1].black) == (3, 1)


def test_isle_of_lewis_two_triples_per_line_and_no_terminator_L986() -> None:
    t = berard.read_tournament((EXAMPLES / "isle-of-lewis-1995-chessmetrics.berard").open(), "i")
    assert t.rating_system == "Chessmetrics(FailedHere)" and len(t.games) == 12
    assert (t.games[1].white, t.games[1].black, t.games[1].score) == (0, 3, 1.0)


def test_text_after_the_terminator_is_ignored_L647() -> None:
    t = read("X 2 Elo 2500 A 2400 B 2700 1 2 1.0 -1 -1 -1.0 Regression Analysis: r = 1.00")
    assert len(t.games) == 1


def test_unknown_rating_and_split_points() -> None:
    t = read("X 2 Elo ? A 2400 B 2700 1 2 0.7")
    assert t.players[0].rating is None and t.games[0].score == 0.7
    with pytest.raises(InputError, match="not a chess result"):
        berard.to_event(t)


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("X\nfour Elo", 2, 1, "number of players"),
        ("X 2 Elo\n2500 A\nB 2400", 3, 1, "player 2's initial rating"),
        ("X 3 Elo 2500 A 2400 B 2300", 1, None, "player 3.s name"),
        ("X 2 Elo 2500 A 2400 B 2700\n1 3 1.0", 2, 3, "player number 3"),
        ("X 2 Elo 2500 A 2400 B 2700\n1 2 1.5", 2, 5, "between 0 and 1"),
        ("X 2 Elo 2500 A 2400 B 2700\n1 1 1.0", 2, 1, "themself"),
        ("X 2 Elo 2500 A 2400 B", 1, None, "Rating2"),
        ("X 1 Elo 2500 A 2700", 1, 3, "at least 2 players"),
    ],
)
def test_errors_name_line_and_column(
    text: str, line: int, column: int | None, message: str
) -> None:
    with pytest.raises(InputError, match=message) as info:
        read(text)
    assert info.value.path == "t.berard" and info.value.line == line
    assert info.value.column == column


def test_a_wrong_player_count_is_explained() -> None:
    with pytest.raises(InputError, match="is the number of players"):
        read("X 3 Elo 2500 A 2400 B 2765 1 2 1.0")


def test_read_gives_an_event() -> None:
    (event,) = berard.read((EXAMPLES / "frankfurt-1997.berard").open(), "f")
    assert event.player_ids == ("1", "2", "3", "4")
    assert event.player("1").name == "Anand" and event.player("1").rating == 2765.0
    assert len(event.games) == 12 and event.games[2].white == "1"


def test_sniff() -> None:
    text = (EXAMPLES / "frankfurt-1997.berard").read_text()
    assert berard.sniff(text, "frankfurt.txt")
    assert berard.sniff("", "x.berard")
    assert not berard.sniff('{"format": "arpad-event/1"}', "x.json")
    assert not berard.sniff("012 Frankfurt Chess Classics\n", "x.trf")
    assert not berard.sniff('[Event "Frankfurt"]\n[Site "?"]\n', "x.pgn")
