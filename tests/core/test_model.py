"""Event model invariants (arpad.model)."""

from __future__ import annotations

import pytest

from arpad.errors import InputError
from arpad.model import (
    Event,
    Game,
    PlayerEntry,
    Pool,
    PoolRating,
    Unplayed,
    UnplayedRound,
    parse_result,
)


def _event(**kw: object) -> Event:
    players = (PlayerEntry("a", rating=1500.0, games=30), PlayerEntry("b"), PlayerEntry("c"))
    games = (Game("a", "b", 1.0, round=1), Game("c", "a", 0.5, round=2))
    return Event(id="e", players=players, games=games, **kw)  # type: ignore[arg-type]


def test_results_from_each_side() -> None:
    e = _event()
    assert e.results_of("a") == [("b", 1.0), ("c", 0.5)]
    assert e.results_by_player()["c"] == [("a", 0.5)]


def test_unknown_player_in_game_is_refused() -> None:
    with pytest.raises(InputError, match="unknown player 'z'"):
        Event(id="e", players=(PlayerEntry("a"),), games=(Game("a", "z", 1.0),))


def test_duplicate_player_is_refused() -> None:
    with pytest.raises(InputError, match="duplicate"):
        Event(id="e", players=(PlayerEntry("a"), PlayerEntry("a")), games=())


def test_self_pairing_and_bad_score() -> None:
    with pytest.raises(InputError):
        Game("a", "a", 1.0)
    with pytest.raises(InputError):
        Game("a", "b", 0.25)


def test_parse_result() -> None:
    assert parse_result("1-0") == 1.0 and parse_result("0-1") == 0.0
    with pytest.raises(InputError, match="unknown result"):
        parse_result("2-0")


def test_total_points_counts_byes_but_results_do_not() -> None:
    e = _event(unplayed=(UnplayedRound("b", Unplayed.HALF_BYE, 2),))
    assert e.total_points("b") == 0.5
    assert e.results_of("b") == [("a", 0.0)]


def test_dual_rated_pools_and_in_pool_swaps_ratings() -> None:
    players = (
        PlayerEntry("a", rating=2300.0, games=40, other_pools={Pool.QUICK: PoolRating(2250.0, 12)}),
        PlayerEntry("b"),
    )
    e = Event(id="e", players=players, games=(Game("a", "b", 1.0),), dual_rated=True)
    assert e.pools == (Pool.REGULAR, Pool.QUICK)
    q = e.in_pool(Pool.QUICK)
    assert q.pool is Pool.QUICK
    assert (q.player("a").rating, q.player("a").games) == (2250.0, 12)
    assert q.player("a").other_pools[Pool.REGULAR] == PoolRating(2300.0, 40)
    assert q.player("b").rating is None


def test_an_event_pickles_whole() -> None:
    """arpad evaluate --dask sends events to worker processes: a PlayerEntry's other_pools
    was a MappingProxyType, which cannot be pickled, and the scatter hung."""
    import pickle

    from arpad.model import Event, PlayerEntry

    event = Event("e", (PlayerEntry("a"), PlayerEntry("b")), ())
    assert pickle.loads(pickle.dumps(event)) == event
