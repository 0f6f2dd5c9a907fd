"""Invariants of the US Chess system (hypothesis) and the remaining §5 floor rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.model import Pool, PoolRating
from arpad.systems.uscf2020 import SYSTEM, USCFConfig
from arpad.systems.uscf2020.rating import estimate
from tests.uscf2020.helpers import event, player

CONFIG = USCFConfig()
ratings = st.floats(min_value=200, max_value=2600)
results = st.lists(st.tuples(ratings, st.sampled_from([0.0, 0.5, 1.0])), min_size=1, max_size=9)


@settings(max_examples=300)
@given(ratings, st.integers(min_value=0, max_value=300), results, st.integers(0, 8))
def test_more_score_never_gives_a_lower_rating(
    r0: float, n: int, games: list[tuple[float, float]], which: int
) -> None:
    i = which % len(games)
    if games[i][1] == 1.0:
        return
    better = list(games)
    better[i] = (games[i][0], games[i][1] + 0.5)
    lo = estimate(r0, n, games, CONFIG).post
    hi = estimate(r0, n, better, CONFIG).post
    assert lo is not None and hi is not None
    assert hi >= lo - 1e-9


@settings(max_examples=200)
@given(ratings, st.integers(min_value=1, max_value=300), st.lists(ratings, min_size=1, max_size=9))
def test_a_win_never_lowers_and_a_loss_never_raises_a_rating(
    r0: float, n: int, opps: list[float]
) -> None:
    # N ≥ 1: with N = 0 (N' = 0) the prior rating carries no weight in f, so the result
    # is purely the event's (docs/decisions.md D-uscf-1): beating a 200 from "601 on 0
    # games" gives 600.
    won = estimate(r0, n, [(o, 1.0) for o in opps], CONFIG).post
    lost = estimate(r0, n, [(o, 0.0) for o in opps], CONFIG).post
    assert won is not None and lost is not None
    assert won >= r0 - 1e-9
    # A loss never raises a rating, except that floors can hold it at 100.
    assert lost <= max(r0, 100.0) + 1e-9


def test_rating_is_deterministic_and_does_not_touch_its_inputs() -> None:
    e = event(
        [player("a", 1500.0, 30), player("b"), player("c", 1700.0, 5)],
        [("a", "b", 1.0), ("b", "c", 0.5), ("c", "a", 0.0)],
    )
    first, second = SYSTEM.rate_event(e), SYSTEM.rate_event(e)
    assert first == second


def test_uscf2020_original_life_master_floor_L316() -> None:
    # 300 games while established above 2200 earn the 2200 floor (§5 L316).
    almost = player("p", 2210.0, 400, games_above_2200=296, peak=2290.0)
    e = event(
        [almost] + [player(f"o{i}", 2500.0, 100) for i in range(4)],
        [("p", f"o{i}", 0.0) for i in range(4)],
    )
    r = SYSTEM.rate_event(e)
    assert r.states["p"].games_above_2200 == 300
    assert (r.player("p").post or 0.0) < 2200.0  # the floor is earned after this event, not during
    e2 = event(
        [player("p", r.player("p").post, 404, games_above_2200=300, peak=2290.0)]
        + [player(f"o{i}", 2600.0, 100) for i in range(4)],
        [("p", f"o{i}", 0.0) for i in range(4)],
    )
    assert SYSTEM.rate_event(e2).player("p").post == pytest.approx(2200.0)


def test_uscf2020_prize_floor_L318() -> None:
    e = event(
        [player("p", 1805.0, 60, prize_floor=1800.0), player("x", 2000.0, 60)], [("p", "x", 0.0)]
    )
    assert SYSTEM.rate_event(e).player("p").post == 1800.0


def test_dual_rated_event_is_rated_in_both_pools() -> None:
    p = player("a", 2300.0, 100, other_pools={Pool.QUICK: PoolRating(2250.0, 40)})
    e = event([p, player("b", 2280.0, 100)], [("a", "b", 1.0)], dual_rated=True)
    regular = SYSTEM.rate_event(e.in_pool(Pool.REGULAR))
    quick = SYSTEM.rate_event(e.in_pool(Pool.QUICK))
    assert regular.player("a").pre == 2300.0 and quick.player("a").pre == 2250.0
    assert regular.pool is Pool.REGULAR and quick.pool is Pool.QUICK
    assert regular.player("a").k != quick.player("a").k  # dual-rated K only on the Regular side
    assert quick.player("b").pre is None  # b has no Quick rating: initialised from Regular
