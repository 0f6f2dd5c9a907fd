"""The 1993 USCF system as the 1994 report reconstructs it (uscf-ratings-committee-1994.txt
§1.2, L98–L112). The §1.7 tables (CurrSys columns) are in
tests/uscf1994/test_examples_section_1_7.py."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.model import Game, PlayerEntry, build_event
from arpad.performance import expected_score
from arpad.systems import get_system
from arpad.systems.uscf1993 import Uscf1993Config, era_k, event_rounds, provisional_formula
from tests.uscf1994.helpers import one_player_event

SYSTEM = get_system("uscf1993")


@pytest.mark.parametrize(
    ("rating", "k"), [(1500, 32), (2099, 32), (2100, 24), (2399, 24), (2400, 16), (2800, 16)]
)
def test_era_k_32_24_16(rating: float, k: float) -> None:
    # L217: K = 32 below 2100; L587: 16 from 2400; 2020 text L261: "32, 24 or 16".
    assert era_k(rating, Uscf1993Config()) == k


def test_601_rule_for_unrated_players_L107() -> None:
    # Wins over 500 and 600 count as wins over 601; the win over 601 and the loss to 550
    # are unchanged: (601 + 400) + (601 + 400) + (601 + 400) + (550 − 400) = 3153 → /4.
    players = [PlayerEntry("x")] + [
        PlayerEntry(f"o{r}", rating=r, games=50) for r in (500, 600, 601, 550)
    ]
    games = [Game("x", "o500", 1.0), Game("x", "o600", 1.0), Game("x", "o601", 1.0)]
    games.append(Game("x", "o550", 0.0))
    r = SYSTEM.rate_event(build_event("e", players, games))
    assert r.player("x").post == pytest.approx(3153 / 4)


def test_r_minus_399_rule_for_provisional_players_L109() -> None:
    # A provisional 1500 (N = 10) beats 1100 (= R − 400: counts as 1101) and 1101 (counts
    # as itself), loses to 1500 and 1600.
    event = one_player_event(
        PlayerEntry("x", rating=1500, games=10), [1100.0, 1101.0, 1500.0, 1600.0], 2.0
    )
    want = (10 * 1500 + 1501 + 1501 + 1100 + 1200) / 14
    assert SYSTEM.rate_event(event).player("x").post == pytest.approx(want)


@pytest.mark.parametrize(
    ("games", "rounds", "method"),
    [
        (13, 6, "provisional"),
        (14, 5, "provisional"),
        (14, 6, "established"),
        (19, 8, "established"),
    ],
)
def test_switch_to_established_formula_at_14_games_and_6_rounds_L110(
    games: int, rounds: int, method: str
) -> None:
    opponents = [1500.0 + 10 * i for i in range(rounds)]
    event = one_player_event(PlayerEntry("x", rating=1500, games=games), opponents, rounds / 2)
    r = SYSTEM.rate_event(event).player("x")
    assert r.method.startswith(method)
    if method == "established":
        assert r.k == 32
        assert r.post == pytest.approx(1500 + 32 * (rounds / 2 - expected_score(1500, opponents)))


def test_four_sequential_steps_L102_L106() -> None:
    players = [
        PlayerEntry("u1"),
        PlayerEntry("u2"),
        PlayerEntry("p", rating=1400, games=10),
        PlayerEntry("e", rating=1600, games=100),
        PlayerEntry("f", rating=1200, games=100),
    ]
    games = [
        Game("u1", "u2", 1.0, round=1),
        Game("u1", "p", 1.0, round=2),
        Game("u1", "e", 0.5, round=3),
        Game("u1", "f", 1.0, round=4),
        Game("u2", "p", 0.0, round=2),
        Game("u2", "e", 0.0, round=3),
        Game("u2", "f", 1.0, round=4),
        Game("p", "e", 0.0, round=1),
    ]
    r = SYSTEM.rate_event(build_event("e", players, games))
    # Step 1: unrated opponents at 1000.
    u1_1 = provisional_formula(None, 0, [(1000, 1), (1400, 1), (1600, 0.5), (1200, 1)])
    u2_1 = provisional_formula(None, 0, [(1000, 0), (1400, 0), (1600, 0), (1200, 1)])
    # Step 2: the provisional player meets the unrated at their step-1 ratings.
    p_2 = provisional_formula(1400, 10, [(u1_1, 0), (u2_1, 1), (1600, 0)])
    # Step 3: unrated again, against steps 1 and 2.
    u1_3 = provisional_formula(None, 0, [(u2_1, 1), (p_2, 1), (1600, 0.5), (1200, 1)])
    u2_3 = provisional_formula(None, 0, [(u1_1, 0), (p_2, 0), (1600, 0), (1200, 1)])
    # Step 4: established players against steps 2 and 3.
    e_4 = 1600 + 32 * (2.5 - expected_score(1600, [u1_3, u2_3, p_2]))
    assert r.player("u1").post == pytest.approx(u1_3)
    assert r.player("u2").post == pytest.approx(u2_3)
    assert r.player("p").post == pytest.approx(p_2)
    assert r.player("e").post == pytest.approx(e_4)
    # The readings differ: step 3 is not step 1, step 4 does not use pre-event values.
    assert abs(u1_3 - u1_1) > 1 and abs(e_4 - (1600 + 32 * (2.5 - 1.5))) > 1


def test_fewer_than_four_games_gives_no_rating_L203() -> None:
    event = one_player_event(PlayerEntry("x"), [1500.0, 1600.0, 1700.0], 1.5)
    r = SYSTEM.rate_event(event)
    assert r.player("x").post is None
    assert r.states["x"].rating is None


def test_event_rounds_from_round_numbers_or_games() -> None:
    numbered = one_player_event(PlayerEntry("x"), [1500.0] * 3, 1.0)
    assert event_rounds(numbered) == 3
    players = [PlayerEntry("a"), PlayerEntry("b"), PlayerEntry("c")]
    unnumbered = build_event("e", players, [Game("a", "b", 1.0), Game("a", "c", 1.0)])
    assert event_rounds(unnumbered) == 2


def test_provisional_loss_can_raise_the_rating_L112_L300() -> None:
    # L112/L300: the current system lets "all losses … still result in an increase".
    event = one_player_event(
        PlayerEntry("x", rating=700, games=10), [900.0, 1100.0, 1350.0, 1400.0, 1450.0], 0.0
    )
    post = SYSTEM.rate_event(event).player("x").post
    assert post is not None and post > 700


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.floats(min_value=400, max_value=2400), min_size=4, max_size=8),
    st.integers(min_value=0, max_value=8),
)
def test_one_more_win_raises_an_unrated_players_rating(opponents: list[float], wins: int) -> None:
    m = len(opponents)
    wins = min(wins, m - 1)
    a = SYSTEM.rate_event(one_player_event(PlayerEntry("x"), opponents, wins)).player("x").post
    b = SYSTEM.rate_event(one_player_event(PlayerEntry("x"), opponents, wins + 1)).player("x")
    assert a is not None and b.post is not None and b.post > a
