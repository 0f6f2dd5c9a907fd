"""The whole-history systems (Elo++-style, WHR) on cases small enough to solve by hand.

One game between two new players: by symmetry the fit puts them at ``±x`` (both losses are
unchanged when every rating moves together, and both start at 0), which reduces each
system's stationary condition to one equation in ``x``, solved here by bracketing
(scipy's ``brentq``) independently of the systems' optimisers.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from scipy.optimize import brentq

from arpad import replay
from arpad.model import Event, Game, PlayerEntry, build_event
from arpad.systems import get_system
from arpad.systems.eloplusplus import EloPlusPlusConfig, neighbour_means, time_weights
from arpad.systems.wholehistory import arrays, merged
from arpad.systems.whr import WHRConfig

SCALE = 400.0 / math.log(10.0)
PLAYERS = [PlayerEntry("a"), PlayerEntry("b"), PlayerEntry("c")]


def sigma(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def one_game(score: float = 1.0) -> list[Event]:
    return [build_event("m1", PLAYERS[:2], [Game("a", "b", score)])]


def test_eloplusplus_one_game_by_hand() -> None:
    """Minimum of ``½ (ô − 1)² + ½ λ [(r_a − â_a)² + (r_b − â_b)²]``, each player's only
    opponent being the other (``â_a = r_b``): with ``r_a = −r_b = x`` the loss is
    ``½ (ô − 1)² + 4λx²``, zero slope at ``4λx = (1 − ô)² ô``, ``ô = σ(2x + γ)``
    (Sismanis 2010 §3)."""
    cfg = EloPlusPlusConfig(tolerance=1e-10)
    x = brentq(
        lambda x: 4 * cfg.lam * x - (1 - sigma(2 * x + cfg.gamma)) ** 2 * sigma(2 * x + cfg.gamma),
        0.0,
        1.0,
        xtol=1e-14,
    )
    states: Any = replay(one_game(), "eloplusplus", cfg).states
    assert states["a"].rating == pytest.approx(1500 + SCALE * x, abs=1e-3)
    assert states["b"].rating == pytest.approx(1500 - SCALE * x, abs=1e-3)
    e = get_system("eloplusplus").expected_score([states["a"]], [states["b"]], cfg)
    assert float(e[0]) == pytest.approx(sigma(2 * x), abs=1e-6)  # γ is the caller's


def test_eloplusplus_time_weights_and_neighbour_means_by_hand() -> None:
    """Months 1 and 3: weights (1/3)² and 1; a met b (month 1) and c (month 3), so
    â_a = (r_b/9 + r_c)/(1/9 + 1)."""
    events = [
        build_event("m1", PLAYERS, [Game("a", "b", 1.0)], end_date=None),
        build_event("m3", PLAYERS, [Game("c", "a", 0.5)], end_date=None),
    ]
    history = merged([], events[0])
    history = merged([type("S", (), {"history": history})()], events[1])
    h = arrays(history)
    w = time_weights(np.array([1, 3]))
    assert w.tolist() == pytest.approx([1 / 9, 1.0])
    r = np.array([0.0, 1.0, 2.0])  # a, b, c in order of appearance
    a_hat = neighbour_means(h, w, r)
    assert a_hat[0] == pytest.approx((1.0 / 9 + 2.0) / (1 / 9 + 1))
    assert a_hat[1] == pytest.approx(0.0) and a_hat[2] == pytest.approx(0.0)


def test_whr_one_game_by_hand() -> None:
    """MAP of one win with ``v`` virtual draws each against rating 0 (Coulom 2008 §2.3):
    ``r_a = −r_b = x`` with ``1 − σ(2x) = v (σ(x) − ½)``."""
    cfg = WHRConfig(tolerance=1e-10)
    v = cfg.virtual_games
    x = brentq(lambda x: (1 - sigma(2 * x)) - v * (sigma(x) - 0.5), 0.0, 5.0, xtol=1e-14)
    states: Any = replay(one_game(), "whr", cfg).states
    assert states["a"].rating == pytest.approx(1500 + SCALE * x, abs=1e-3)
    assert states["b"].rating == pytest.approx(1500 - SCALE * x, abs=1e-3)


def test_whr_a_draw_keeps_both_at_the_center() -> None:
    states: Any = replay(one_game(0.5), "whr").states
    assert states["a"].rating == pytest.approx(1500.0, abs=1e-6)


@pytest.mark.parametrize("w2", [1.0, 100.0, 10_000.0])
def test_whr_the_wiener_process_lets_strength_move_as_w2_allows(w2: float) -> None:
    """a beats b in month 1 and loses to b in month 2: the larger w², the further a's
    strength moves between the two months (Coulom 2008 §2.2); a rests at his second
    month's strength, below his first."""
    import datetime as dt

    events = [
        build_event("m1", PLAYERS[:2], [Game("a", "b", 1.0)], end_date=dt.date(2020, 1, 15)),
        build_event("m2", PLAYERS[:2], [Game("a", "b", 0.0)], end_date=dt.date(2020, 2, 15)),
    ]
    history: Any = replay(events, "whr", WHRConfig(w2=w2))
    first, second = (r.player("a").post for r in history)
    assert first is not None and second is not None
    assert second < 1500.0 + 1e-9
    moved = abs(second - first)
    assert moved > 0.0
    if w2 == 10_000.0:
        small: Any = replay(events, "whr", WHRConfig(w2=1.0))
        first_s, second_s = (r.player("a").post for r in small)
        assert first_s is not None and second_s is not None
        assert moved > abs(second_s - first_s)


def test_the_history_travels_with_the_states() -> None:
    """Three months where month 3's players met in months 1 and 2: the fit of month 3 sees
    every game (the merged history holds all three events)."""
    events = [
        build_event("m1", PLAYERS, [Game("a", "b", 1.0)]),
        build_event("m2", PLAYERS, [Game("b", "c", 1.0)]),
        build_event("m3", PLAYERS, [Game("a", "c", 0.5)]),
    ]
    for name in ("eloplusplus", "whr"):
        states: Any = replay(events, name).states
        assert {c.key for c in states["a"].history} == {"m1", "m2", "m3"}
        # Transitivity through the history: a beat b who beat c; a is rated above c.
        assert states["a"].rating > states["c"].rating
