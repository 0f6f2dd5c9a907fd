"""Invariants of the B.01 (2024) norm check, over random events (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.titles import NormStatus
from arpad.titles.fide2024.games import player_games
from arpad.titles.fide2024.norm import Rules, best_norm, check_games
from arpad.titles.fide2024.performance import (
    counted_ratings,
    performance,
    performance_met,
    points_required,
    rating_average,
)
from arpad.titles.fide2024.rules import MAXIMUM_COUNTED_GAMES, UNRATED_RATING, Title
from tests.titles.fide2024_events import Opp, star_event

titles = st.sampled_from(list(Title))
ratings = st.one_of(st.none(), st.integers(1000, 2900).map(float))
opponents = st.lists(
    st.builds(
        Opp,
        rating=ratings,
        title=st.sampled_from([None, "GM", "IM", "FM", "WGM", "WIM", "CM"]),
        federation=st.sampled_from(["NOR", "GER", "FRA", "ESP", None]),
        score=st.sampled_from([0.0, 0.5, 1.0]),
    ),
    min_size=1,
    max_size=15,
)


@settings(max_examples=60, deadline=None)
@given(opponents, titles)
def test_a_norm_never_counts_more_than_13_games(opps: list[Opp], title: Title) -> None:
    games = player_games(star_event(opps), "c", (), ()).games
    assert best_norm(games, "NOR", title, Rules()).counted_games <= MAXIMUM_COUNTED_GAMES


@settings(max_examples=60, deadline=None)
@given(opponents, titles)
def test_leaving_games_out_never_gives_a_worse_verdict(opps: list[Opp], title: Title) -> None:
    games = player_games(star_event(opps), "c", (), ()).games
    whole = check_games(games, "NOR", title, Rules())
    best = best_norm(games, "NOR", title, Rules())
    rank = {NormStatus.NOT_EARNED: 0, NormStatus.PROVISIONAL: 1, NormStatus.EARNED: 2}
    assert rank[best.status] >= rank[whole.status]
    assert len(best.games) + len(best.dropped) == len(games)
    assert all(
        g.won
        for g in best.dropped
        if g.round is not None and g.round <= max(x.round or 0 for x in best.games)
    )


@given(st.lists(ratings, min_size=1, max_size=15), titles)
def test_raising_to_the_floor_never_lowers_ra(values: list[float | None], title: Title) -> None:
    plain = [UNRATED_RATING if r is None else r for r in values]
    counted = counted_ratings(values, title)
    assert rating_average(counted.values) >= rating_average(plain)
    assert sum(a != b for a, b in zip(counted.values, plain, strict=True)) <= 1


@given(st.integers(2000, 2900), st.integers(9, 13), titles)
def test_required_points_are_the_least_that_perform(ra: int, n: int, title: Title) -> None:
    need = points_required(ra, n, title)
    if need is None:
        return
    assert performance_met(performance(ra, need, n), title)
    if need >= 0.5:
        lower = need - 0.5
        assert not performance_met(performance(ra, lower, n), title) or lower * 100 < 35 * n
