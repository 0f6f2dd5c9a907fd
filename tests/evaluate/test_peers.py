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

PACKAGES = {"peer:openskill": "openskill", "peer:trueskill": "trueskill", "peer:glicko2": "glicko2"}


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
