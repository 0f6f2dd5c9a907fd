"""PGN collections as columns (:func:`arpad.io.pgn.read_season`, issue 20 point 3): the
same season as ``Season.from_events(read(...))`` for random files, clean or damaged, and
the same one-line error at the same line for a file ``read`` refuses."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.io import pgn
from arpad.season import Season
from tests.io.test_read_season import check_alike

_NAMES = ["Carlsen, Magnus", "Giri, Anish", "So, Wesley", "Duda, J", "Firouzja", "Ding"]
_ELOS = ["2750", "2810.5", "", "?", "0", "-"]
_BAD_ELOS = ["5000", "abc", "27x0"]
_EVENTS = ["Tata Steel", "Candidates", "?", "", "Tata Steel*"]


def _game(rng: random.Random, clean: bool) -> str:
    white, black = rng.sample(_NAMES, 2)
    tags = {
        "Event": rng.choice(_EVENTS),
        "Date": rng.choice(["2022.01.15", "2022.01.??", "2021.12.30", "????.??.??"]),
        "Round": rng.choice(["1", "2.1", "?", ""]),
        "White": white,
        "Black": black,
        "Result": rng.choice(["1-0", "0-1", "1/2-1/2", "*"]),
        "WhiteElo": rng.choice(_ELOS),
        "BlackElo": rng.choice(_ELOS),
    }
    if not clean:
        damage = rng.randrange(9)
        if damage == 0:
            tags["WhiteElo"] = rng.choice(_BAD_ELOS)
        elif damage == 1:
            tags["Black"] = rng.choice(["", "?", white])
        elif damage == 2:
            tags["Result"] = rng.choice(["2-0", "1-1"])
        elif damage == 3:
            tags["Termination"] = rng.choice(["forfeit", "time forfeit"])
        elif damage == 4:
            tags["BlackUSCF"] = rng.choice(["2200", ""])
        elif damage == 5:
            tags["WhiteTitle"] = "G" * 41
        elif damage == 6:
            tags["White"] = "p" * 201
        elif damage == 7:
            tags["Date"] = "0000.01.01"
        else:
            tags["EventDate"] = "2022.01.10"
    head = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    return head + "\n1. e4 e5 " + tags["Result"] + "\n\n"


def _check_alike(text: str) -> Season | None:
    return check_alike(pgn, text, "f.pgn")


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 25), st.floats(0.0, 0.3))
def test_pgn_random_files(seed: int, games: int, damaged: float) -> None:
    """Random PGN files, some games damaged (a bad rating, a missing or self-paired
    player, a bad result, a forfeit, a US Chess rating, over-long tags, a year 0): the
    same season or the same error."""
    rng = random.Random(seed)
    _check_alike("".join(_game(rng, rng.random() >= damaged) for _ in range(games)))


@pytest.mark.parametrize("seed", range(8))
def test_clean_pgn_files_are_read_as_columns(seed: int) -> None:
    """A file of finished games with FIDE ratings at most takes the columns path."""
    rng = random.Random(seed)
    text = "".join(_game(rng, True) for _ in range(30))
    text += '[Event "x"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n[WhiteElo "2100"]\n\n1-0\n'
    season = _check_alike(text)
    assert season is not None and season.events is None and season.rating_kind == "fide"


def test_a_forfeit_or_a_us_chess_rating_reads_through_the_events() -> None:
    """What the columns do not hold (an unplayed game's players, a rating of a second
    kind) sends the file through ``read``: the same season, with its events."""
    base = '[Event "x"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n'
    for extra in ('[Termination "forfeit"]\n', '[WhiteUSCF "2100"]\n'):
        season = _check_alike(base + extra + "\n1-0\n" + base.replace('"a"', '"c"') + "\n1-0\n")
        assert season is not None and season.events is not None
