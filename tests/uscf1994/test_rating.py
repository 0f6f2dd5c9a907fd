"""The rules of the proposed 1994 system (uscf-ratings-committee-1994.txt §1.3–§1.5)."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.model import Game, PlayerEntry, build_event
from arpad.performance import expected_score, glickman_performance
from arpad.systems import get_system
from arpad.systems.uscf1994 import (
    ProvisionalMethod,
    Record,
    SavedGame,
    Uscf1994Config,
    Uscf1994State,
    provisional_k,
)
from arpad.systems.uscf1994.steps import nominal_offset, record_on_file
from tests.uscf1994.helpers import one_player_event

SYSTEM = get_system("uscf1994")
DAY = dt.date(1994, 8, 1)


def test_provisional_k_example_L227() -> None:
    # "a player who has already played 10 rated games competes in a 5-round event …
    # K = 600/(10 + 5 − 1) = 43" (L227–L229).
    assert provisional_k(10, 5, Uscf1994Config()) == pytest.approx(43, abs=0.5)


@pytest.mark.parametrize(
    ("n", "m", "k"),
    [(4, 4, 600 / 7), (15, 5, 600 / 19), (16, 4, 600 / 19), (16, 5, None), (21, 4, None)],
)
def test_provisional_k_while_n_plus_m_at_most_20_L223(n: int, m: int, k: float | None) -> None:
    got = provisional_k(n, m, Uscf1994Config())
    assert got == (None if k is None else pytest.approx(k))


def test_crossing_20_games_uses_k_32_then_the_rating_schedule_L223_L225() -> None:
    opponents = [2150.0, 2200.0, 2250.0, 2300.0, 2350.0]
    crossing = one_player_event(PlayerEntry("x", rating=2200, games=16), opponents, 3.0)
    r = SYSTEM.rate_event(crossing)
    assert r.player("x").k == 32
    assert r.states["x"].established
    # Afterwards: the established formula with the era's K (24 from 2100, L217/L261).
    later = one_player_event(PlayerEntry("x", rating=2200, games=21), opponents, 3.0)
    assert SYSTEM.rate_event(later).player("x").k == 24
    assert SYSTEM.rate_event(later).player("x").method == "established"


def test_fewer_than_four_games_saves_them_and_opponents_see_the_imputed_rating_L203() -> None:
    # An unrated 14-year-old (Table 2: 900) plays three established players.
    kid = PlayerEntry("x", birth_date=dt.date(1980, 3, 1))
    opponents = [1000.0, 1100.0, 1200.0]
    event = one_player_event(kid, opponents, 2.0, end_date=DAY)
    r = SYSTEM.rate_event(event)
    assert r.player("x").post is None
    saved = r.states["x"].saved
    assert [(g.opponent, g.score) for g in saved] == [(1000, 1), (1100, 1), (1200, 0)]
    # opp0 (1000, K = 32) lost to a player counted at 900.
    expected = expected_score(1000.0, [900.0])
    assert r.player("opp0").post == pytest.approx(1000 + 32 * (0 - expected))
    # Next event: two more games; rated on all five as if one event.
    nxt = one_player_event(kid, [1300.0, 1400.0], 1.0, end_date=DAY, event_id="next")
    r2 = SYSTEM.rate_event(nxt, {"x": r.states["x"]})
    combined = [1000.0, 1100.0, 1200.0, 1300.0, 1400.0]
    assert r2.player("x").post == pytest.approx(glickman_performance(combined, 3.0))
    assert r2.states["x"].games == 5


def test_all_wins_gives_a_nominal_rating_and_is_rerated_with_the_next_event_L205() -> None:
    first = one_player_event(PlayerEntry("x"), [1200.0, 1300.0, 1400.0, 1500.0], 4.0)
    r1 = SYSTEM.rate_event(first)
    nominal = glickman_performance([1200.0, 1300.0, 1400.0, 1500.0], 4.0)
    assert r1.player("x").post == pytest.approx(nominal)
    assert r1.player("x").method == "nominal"
    state = r1.states["x"]
    assert state.nominal and state.record == Record.ALL_WINS and len(state.saved) == 4
    # Established opponents were rated against the nominal rating.
    assert r1.player("opp3").expected == pytest.approx(expected_score(1500.0, [nominal]))
    # Next event, still all wins: nominal again, on all eight games.
    second = one_player_event(PlayerEntry("x"), [1600.0, 1700.0, 1800.0, 1900.0], 4.0)
    r2 = SYSTEM.rate_event(second, {"x": state})
    eight = [1200.0, 1300.0, 1400.0, 1500.0, 1600.0, 1700.0, 1800.0, 1900.0]
    assert r2.player("x").post == pytest.approx(glickman_performance(eight, 8.0))
    assert r2.states["x"].nominal
    # A third event with a loss: the record is mixed, a provisional rating on 12 games.
    third = one_player_event(PlayerEntry("x"), [2000.0, 2100.0, 2200.0, 2300.0], 3.0)
    r3 = SYSTEM.rate_event(third, {"x": r2.states["x"]})
    assert r3.player("x").method == "performance"
    assert not r3.states["x"].nominal
    assert r3.states["x"].games == 12
    twelve = [*eight, 2000.0, 2100.0, 2200.0, 2300.0]
    assert r3.player("x").post == pytest.approx(glickman_performance(twelve, 11.0))


def test_a_nominal_player_counts_at_the_nominal_rating_for_provisional_opponents_L205() -> None:
    nominal = Uscf1994State(
        rating=1700.0,
        games=4,
        record=Record.ALL_WINS,
        saved=tuple(SavedGame(r, 1.0) for r in (1200.0, 1300.0, 1400.0, 1500.0)),
    )
    players = [
        PlayerEntry("x"),
        PlayerEntry("prov", rating=1600, games=10),
        PlayerEntry("est", rating=1600, games=100),
    ]
    games = [Game("x", "prov", 0.0, round=1), Game("x", "est", 0.0, round=2)]
    r = SYSTEM.rate_event(build_event("e", players, games, end_date=DAY), {"x": nominal})
    new_x = r.player("x").post
    assert new_x is not None and new_x != pytest.approx(1700.0)
    # The provisional opponent met the nominal rating, the established one the new rating.
    assert r.player("prov").expected == pytest.approx(expected_score(1600.0, [1700.0]))
    assert r.player("est").expected == pytest.approx(expected_score(1600.0, [new_x]))


def test_unrated_opponents_are_imputed_fide_first_then_age_then_1000_L138() -> None:
    players = [
        PlayerEntry("x"),
        PlayerEntry("fide", fide=2300.0, birth_date=dt.date(1970, 1, 1)),
        PlayerEntry("kid", birth_date=dt.date(1984, 1, 1)),
        PlayerEntry("nobody"),
        PlayerEntry("rated", rating=1500, games=50),
    ]
    games = [
        Game("x", "fide", 0.0),
        Game("x", "kid", 1.0),
        Game("x", "nobody", 0.5),
        Game("x", "rated", 0.5),
    ]
    r = SYSTEM.rate_event(build_event("e", players, games, end_date=DAY))
    seen = [2354.0, 743.0, 1000.0, 1500.0]  # Table 1 (L151), Table 2 age 10 (L186), default
    assert r.player("x").post == pytest.approx(glickman_performance(seen, 2.0))
    assert any("Table 1" in n for n in r.notes)


def test_provisional_player_meets_an_unrated_opponent_at_the_step_1_rating_L118() -> None:
    players = [PlayerEntry("new"), PlayerEntry("prov", rating=1500, games=8)] + [
        PlayerEntry(f"e{i}", rating=1400 + 100 * i, games=80) for i in range(3)
    ]
    games = [Game("new", "prov", 1.0)] + [Game("new", f"e{i}", 0.5) for i in range(3)]
    r = SYSTEM.rate_event(build_event("e", players, games, end_date=DAY))
    step1 = r.player("new").post
    assert step1 is not None
    assert r.player("prov").expected == pytest.approx(expected_score(1500.0, [step1]))
    assert r.player("e0").expected == pytest.approx(expected_score(1400.0, [step1]))


def _history_state(rating: float, history: list[tuple[float, float]]) -> Uscf1994State:
    return Uscf1994State(
        rating=rating,
        games=len(history),
        saved=tuple(SavedGame(r, s) for r, s in history),
    )


HISTORY = [(1400.0, 1.0), (1500.0, 1.0), (1600.0, 0.5), (1700.0, 0.0), (1500.0, 1.0)]


# (rating, score): the cumulative performance is above the K-formula rating in the first
# case (1725 against 1772) and below it in the second (1738 against 1588).
@pytest.mark.parametrize(("rating", "score"), [(1650.0, 3.0), (1900.0, 1.0)])
def test_options_of_1_5_3_and_1_5_4(rating: float, score: float) -> None:
    state = _history_state(rating, HISTORY)
    opponents = [1500.0, 1600.0, 1700.0, 1800.0]
    event = one_player_event(PlayerEntry("x", rating=rating, games=5), opponents, score)
    by_k = SYSTEM.rate_event(event, {"x": state}).player("x").post
    assert by_k is not None
    scores = [1.0] * int(score) + [0.0] * (4 - int(score))
    cumulative = glickman_performance(
        [r for r, _ in HISTORY] + opponents, sum(s for _, s in HISTORY) + sum(scores)
    )
    for method, want in (
        (ProvisionalMethod.GREATER_OF, max(by_k, cumulative)),  # §1.5.3 (L233)
        (ProvisionalMethod.PERFORMANCE, cumulative),  # §1.5.4 (L237–L239)
    ):
        cfg = Uscf1994Config(provisional_method=method)
        got = SYSTEM.rate_event(event, {"x": state}, cfg).player("x").post
        assert got == pytest.approx(want)
    # The two readings differ in this vector (a discriminating case).
    assert abs(by_k - cumulative) > 5


def test_history_missing_from_a_file_counts_as_draws_at_the_rating_D_uscf1994_6() -> None:
    cfg = Uscf1994Config(provisional_method=ProvisionalMethod.PERFORMANCE)
    opponents = [1500.0, 1600.0, 1700.0, 1800.0]
    event = one_player_event(PlayerEntry("x", rating=1650, games=6), opponents, 3.0)
    r = SYSTEM.rate_event(event, None, cfg).player("x")
    want = glickman_performance([1650.0] * 6 + opponents, 3.0 + 3.0)
    assert r.post == pytest.approx(want)
    assert any("D-uscf1994-6" in n for n in r.notes)


@pytest.mark.parametrize("m", [1, 2, 4, 7, 20])
def test_a_nominal_rating_read_from_a_file_is_reproduced_D_uscf1994_6(m: int) -> None:
    state = Uscf1994State(rating=1800.0, games=m, record=Record.ALL_WINS)
    record = record_on_file(state)
    assert len(record) == m
    assert glickman_performance([g.opponent for g in record], m) == pytest.approx(1800.0)
    losses = dataclasses.replace(state, record=Record.ALL_LOSSES)
    record = record_on_file(losses)
    assert glickman_performance([g.opponent for g in record], 0.0) == pytest.approx(1800.0)
    assert nominal_offset() == pytest.approx(612.3, abs=0.1)


def test_state_from_a_file_entry() -> None:
    event = one_player_event(PlayerEntry("x", rating=1500, games=0), [1500.0] * 4, 2.0)
    assert SYSTEM.rate_event(event).player("x").method == "established"
    marked = PlayerEntry("x", rating=1500, games=8, all_losses=True)
    event = one_player_event(marked, [1500.0] * 4, 0.0)
    r = SYSTEM.rate_event(event)
    assert r.player("x").method == "nominal"
    assert r.states["x"].games == 12


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.floats(min_value=800, max_value=2400), min_size=4, max_size=9),
    st.integers(min_value=0, max_value=18),
    st.integers(min_value=0, max_value=18),
)
def test_a_better_score_never_gives_a_lower_provisional_rating(
    opponents: list[float], a: int, b: int
) -> None:
    m = len(opponents)
    low, high = sorted((min(a, 2 * m) / 2, min(b, 2 * m) / 2))
    entry = PlayerEntry("x", rating=1500, games=6)
    posts = [
        SYSTEM.rate_event(one_player_event(entry, opponents, s)).player("x").post
        for s in (low, high)
    ]
    assert posts[0] is not None and posts[1] is not None
    assert posts[0] <= posts[1] + 1e-9


def test_rating_is_pure_and_deterministic() -> None:
    event = one_player_event(PlayerEntry("x"), [1200.0, 1300.0, 1400.0, 1500.0], 2.5)
    a = SYSTEM.rate_event(event)
    b = SYSTEM.rate_event(event)
    assert a == b
