"""Unplayed and unrated games are never rated, under any system (issue 15 point 7).

Each reader maps its own codes (docs/formats.md); here every reader's codes are checked,
and every registered system is shown to rate an event exactly as if its byes, forfeits
and unrated games were not there.
"""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from arpad.io import json_event, pgn, trf
from arpad.io import uscf_crosstable as crosstable
from arpad.model import Game, PlayerEntry, Unplayed, UnplayedRound, build_event
from arpad.systems import REGISTRY, get_system
from tests.io.test_trf import _line

# -- every system ---------------------------------------------------------------------------

PLAYERS = [
    PlayerEntry("a", "A", rating=2250.0, games=40),
    PlayerEntry("b", "B", rating=2100.0, games=40),
    PlayerEntry("c", "C", rating=1950.0, games=40),
    PlayerEntry("d", "D", rating=1800.0, games=40),
]
PLAYED = [
    Game("a", "b", 0.5, 1),
    Game("c", "d", 1.0, 1),
    Game("a", "c", 1.0, 2),
    Game("d", "b", 0.0, 2),
    Game("d", "a", 0.5, 3),
    Game("b", "c", 0.0, 3),
]
NOT_RATED = [Game("a", "d", 0.0, 4, rated=False), Game("b", "c", 1.0, 4, rated=False)]
BYES = [
    UnplayedRound("a", Unplayed.FORFEIT_LOSS, 5, "b"),
    UnplayedRound("b", Unplayed.FORFEIT_WIN, 5, "a"),
    UnplayedRound("c", Unplayed.HALF_BYE, 5),
    UnplayedRound("d", Unplayed.FULL_BYE, 5),
]


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_no_system_rates_byes_forfeits_or_unrated_games(name: str) -> None:
    system = get_system(name)
    plain = build_event("e", PLAYERS, PLAYED)
    full = replace(plain, games=(*PLAYED, *NOT_RATED), unplayed=tuple(BYES))
    alone, padded = system.rate_event(plain), system.rate_event(full)
    for p in PLAYERS:
        x, y = alone.player(p.id), padded.player(p.id)
        assert (x.pre, x.post, x.games, x.score) == (y.pre, y.post, y.games, y.score), p.id
    # Standings still count them: b won the unrated game and the forfeit.
    assert full.total_points("b") == plain.total_points("b") + 2.0


# -- every reader's codes -------------------------------------------------------------------


def test_trf_codes() -> None:
    """TRF16: ``1 = 0`` rated; ``W D L`` played, not rated; ``+ -`` forfeits (games that
    did not start); ``H`` half-point bye, ``F``/``U`` full-point byes, ``Z`` zero-point."""
    rounds = {
        1: ["   2 w 1", "   1 b 0", "   4 w =", "   3 b ="],
        2: ["   3 w W", "   4 b D", "   1 b L", "   2 w D"],
        3: ["   4 w +", "   3 b -", "   2 w -", "   1 b +"],
        4: ["     H  ", "     F  ", "     U  ", "     Z  "],
    }
    lines = ["012 Codes", "052 2024/05/31"]
    for i in range(4):
        lines.append(_line(i + 1, f"P{i + 1}", "2000", "0", [rounds[r][i] for r in rounds]))
    event = trf.read(io.StringIO("\n".join(lines) + "\n"), "t.trf")[0]
    rated = [(g.white, g.black, g.score) for g in event.games if g.rated]
    assert rated == [("1", "2", 1.0), ("3", "4", 0.5)]
    assert sorted((g.white, g.black) for g in event.games if not g.rated) == [
        ("1", "3"),
        ("4", "2"),
    ]
    kinds = {(u.player, u.round): u.kind for u in event.unplayed}
    assert kinds[("1", 3)] is Unplayed.FORFEIT_WIN and kinds[("3", 3)] is Unplayed.FORFEIT_LOSS
    assert [kinds[(p, 4)] for p in "1234"] == [
        Unplayed.HALF_BYE,
        Unplayed.FULL_BYE,
        Unplayed.FULL_BYE,
        Unplayed.UNPLAYED,
    ]


def test_crosstable_codes() -> None:
    """US Chess crosstable: ``H B X F U`` are never games."""
    text = (
        "    1 | A                               |2.0  |X    |H    |W   2|\n"
        "   MI | 10000001 / R: 1500   ->1510     |     |     |     |W    |\n"
        "    2 | B                               |1.0  |F    |B    |L   1|\n"
        "   MI | 10000002 / R: 1500   ->1490     |     |     |     |B    |\n"
    )
    (event,) = crosstable.read(io.StringIO(text), "x.txt")
    assert [(g.white, g.black, g.score) for g in event.games] == [("10000001", "10000002", 1.0)]
    assert sorted((u.player[-1], u.kind.value) for u in event.unplayed) == [
        ("1", "H"),
        ("1", "X"),
        ("2", "B"),
        ("2", "F"),
    ]


GAME = """[Event "E"]
[Round "{rnd}"]
[White "{w}"]
[Black "{b}"]
[Result "{res}"]
[Termination "{term}"]

{res}

"""


def test_pgn_forfeit_is_unplayed_and_time_forfeit_is_a_game() -> None:
    text = GAME.format(rnd=1, w="A", b="B", res="1-0", term="forfeit")
    text += GAME.format(rnd=2, w="B", b="A", res="1-0", term="time forfeit")
    text += GAME.format(rnd=3, w="A", b="B", res="1/2-1/2", term="normal")
    (event,) = pgn.read(io.StringIO(text), "f.pgn")
    assert [(g.white, g.round) for g in event.games] == [("B", 2), ("A", 3)]
    assert {(u.player, u.kind) for u in event.unplayed} == {
        ("A", Unplayed.FORFEIT_WIN),
        ("B", Unplayed.FORFEIT_LOSS),
    }
    assert event.total_points("A") == 1.5


def test_json_unrated_games_and_unplayed_rounds() -> None:
    doc = (
        '{"format": "arpad-event/1", "event": {"id": "e"},'
        ' "players": [{"id": "a"}, {"id": "b"}],'
        ' "games": [{"white": "a", "black": "b", "result": "1-0", "rated": false}],'
        ' "unplayed": [{"player": "a", "round": 2, "kind": "X", "opponent": "b"}]}'
    )
    event = json_event.loads(doc)
    assert list(event.rated_games()) == [] and event.unplayed[0].kind is Unplayed.FORFEIT_WIN
