"""The PyPI peers through the same harness (skipped where a package is absent)."""

from __future__ import annotations

import io

import pytest

from arpad.errors import ConfigError
from arpad.evaluate import harness
from arpad.evaluate.harness import Split
from arpad.evaluate.peers import PEERS, get_peer
from arpad.io import kaggle2010
from tests.evaluate.synthetic import kaggle_text

PACKAGES = {
    "peer:openskill": "openskill",
    "peer:trueskill": "trueskill",
    "peer:glicko2": "glicko2",
    "peer:whr": "whr",
}


@pytest.mark.parametrize("name", sorted(PEERS))
def test_a_peer_runs_through_the_harness_and_beats_the_constant(name: str) -> None:
    pytest.importorskip(PACKAGES[name])
    ps = harness.periods_of(kaggle2010.read(io.StringIO(kaggle_text()), "s.csv"))
    system = get_peer(name)
    r = harness.run(ps, system, system.default_config(), Split(9, 10, 12))
    assert r.system == name and r.games > 0
    assert not r.rated_nobody
    assert r.deviance < r.constant_deviance


@pytest.mark.parametrize("name", sorted(PEERS))
def test_a_peers_expected_score_favours_the_winner(name: str) -> None:
    """After a's win over b, a is expected to score above ½ against b."""
    pytest.importorskip(PACKAGES[name])
    from arpad import replay
    from arpad.model import Game, PlayerEntry, build_event

    event = build_event("e", [PlayerEntry("a"), PlayerEntry("b")], [Game("a", "b", 1.0)])
    system = get_peer(name)
    states = replay([event], system).states
    assert float(system.expected_score([states["a"]], [states["b"]])[0]) > 0.5


def test_an_unknown_peer_is_refused() -> None:
    with pytest.raises(ConfigError, match="unknown peer"):
        get_peer("peer:nothing")


def test_the_whr_peer_agrees_with_arpads_whr() -> None:
    """The PyPI ``whr`` package and arpad's ``whr`` with the same prior (two virtual draws)
    and w² = 300 per month, refitted every month: the ratings of every player agree within
    0.001 Elo points (0.0004 measured on this stream; the package stops its Newton
    iterations at its own convergence test, arpad's L-BFGS at a gradient of 1e-6), and so
    do the predictions (D-eval2-3)."""
    pytest.importorskip("whr")
    from arpad import replay
    from arpad.systems import get_system

    ps = harness.periods_of(
        kaggle2010.read(io.StringIO(kaggle_text(months=10, players=32, games=30)), "s.csv")
    )
    peer, own = get_peer("peer:whr"), get_system("whr")
    theirs = replay([p.event for p in ps], peer).states
    ours = replay([p.event for p in ps], own).states
    assert set(theirs) == set(ours)
    for pid, state in theirs.items():
        assert state.mu == pytest.approx(ours[pid].rating - 1500.0, abs=1e-3)
    split = Split(8, 9, 10)
    a = harness.run(ps, peer, peer.default_config(), split)
    b = harness.run(ps, own, own.default_config(), split)
    assert a.deviance == pytest.approx(b.deviance, abs=1e-6)
