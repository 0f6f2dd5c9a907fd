"""Peer implementations from PyPI, adapted to the harness so a committee sees them in the
same table (``arpad evaluate -s peer:NAME``; ``pip install 'arpad[peers]'``).

They are not arpad's rating systems (not in :data:`arpad.systems.REGISTRY`, not through the
conformance battery): each wraps its package as shipped, with the package's defaults, and
is imported only when asked for. Every game of a month is rated in file order (TrueSkill,
OpenSkill: one game at a time, as those packages rate matches) or as one rating period
(glicko2: each player's games of the month against the opponents' ratings at its start,
the package's ``update_player``) or, for ``whr``, refitted to every game seen so far (the
package's ``Base`` built from the merged history, one time step per month, then
``iterate_until_converge``: the same protocol as arpad's own ``whr``, D-eval2-3). The
expected score:

- ``openskill``: the package's ``PlackettLuce().predict_win`` for White;
- ``trueskill``: ``Φ((μ_w − μ_b)/√(2β² + σ_w² + σ_b²))``, the match's win probability of
  Herbrich, Minka & Graepel (2006), with the package's β;
- ``glicko2``: the package's ``Player._E`` (Glickman's E(μ, μ_j, φ_j));
- ``whr``: Bradley–Terry on the package's Elo scale, ``1/(1 + 10^((r_b − r_w)/400))``
  (Coulom 2008 §2.1), ``r`` a player's rating at his last time step.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from arpad.config import Config
from arpad.curves import logistic_expectancy
from arpad.errors import ConfigError
from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating, ListEntry, RatingSystem
from arpad.systems.pairwise import FloatArray, game_arrays, period_result
from arpad.systems.wholehistory import Chunk, merged

PREFIX = "peer:"


@dataclass(frozen=True, slots=True)
class PeerState:
    """A player in a peer package: its mean and deviation, on the package's own scale."""

    mu: float | None = None
    sigma: float | None = None
    vol: float | None = None
    games: int = 0

    @property
    def rating(self) -> float | None:
        return self.mu


@dataclass(frozen=True, slots=True)
class HistoryPeerState:
    """A player in a whole-history peer: his rating and deviation at his last time step
    (the package's Elo scale) and the games seen when he was last rated."""

    mu: float | None = None
    sigma: float | None = None
    games: int = 0
    history: tuple[Chunk, ...] = ()

    @property
    def rating(self) -> float | None:
        return self.mu


@dataclass(frozen=True, slots=True)
class PeerConfig(Config):
    """The package's defaults (no options)."""


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        raise ConfigError(
            f"the peer package {name!r} is not installed: pip install 'arpad[peers]'"
        ) from None


def _list_entry(state: PeerState | HistoryPeerState, config: Any) -> ListEntry:
    return ListEntry(rating=state.mu, games=state.games, established=state.games > 0)


def _state_from_entry(entry: PlayerEntry, event: Event, config: Any) -> PeerState:
    return PeerState(games=entry.games)


def _history_state_from_entry(entry: PlayerEntry, event: Event, config: Any) -> HistoryPeerState:
    return HistoryPeerState(games=entry.games)


def _sequential(
    name: str,
    event: Event,
    states: Mapping[str, PeerState],
    play: Callable[[PeerState, PeerState, float], tuple[PeerState, PeerState]],
) -> EventRating[PeerState]:
    arrays = game_arrays(event)
    now = {pid: states[pid] for pid in arrays.ids}
    for w, b, s in zip(arrays.white, arrays.black, arrays.score, strict=True):
        pw, pb = arrays.ids[w], arrays.ids[b]
        now[pw], now[pb] = play(now[pw], now[pb], float(s))
    return period_result(name, event, arrays, now, [states[p].mu for p in arrays.ids])


def _openskill() -> RatingSystem[PeerConfig, PeerState]:
    model = _module("openskill.models").PlackettLuce()

    def rating(s: PeerState) -> Any:
        return model.rating(mu=s.mu, sigma=s.sigma)

    def back(r: Any, games: int) -> PeerState:
        return PeerState(float(r.mu), float(r.sigma), None, games)

    def play(w: PeerState, b: PeerState, s: float) -> tuple[PeerState, PeerState]:
        ranks = [0, 0] if s == 0.5 else ([0, 1] if s == 1.0 else [1, 0])
        [[nw], [nb]] = model.rate([[rating(w)], [rating(b)]], ranks=ranks)
        return back(nw, w.games + 1), back(nb, b.games + 1)

    def rate(
        event: Event, states: Mapping[str, PeerState], config: PeerConfig
    ) -> EventRating[PeerState]:
        return _sequential("peer:openskill", event, states, play)

    def expected(
        white: Sequence[PeerState], black: Sequence[PeerState], config: PeerConfig, fma: float = 0.0
    ) -> FloatArray:
        return np.array(
            [
                model.predict_win([[rating(w)], [rating(b)]])[0]
                for w, b in zip(white, black, strict=True)
            ]
        )

    return _system("peer:openskill", "OpenSkill Plackett-Luce (PyPI openskill)", rate, expected)


def _trueskill() -> RatingSystem[PeerConfig, PeerState]:
    ts = _module("trueskill")
    env = ts.TrueSkill()

    def rating(s: PeerState) -> Any:
        return env.create_rating() if s.mu is None else env.create_rating(s.mu, s.sigma)

    def play(w: PeerState, b: PeerState, s: float) -> tuple[PeerState, PeerState]:
        rw, rb = rating(w), rating(b)
        if s == 0.0:
            nb, nw = ts.rate_1vs1(rb, rw, env=env)
        else:
            nw, nb = ts.rate_1vs1(rw, rb, drawn=s == 0.5, env=env)
        return (
            PeerState(float(nw.mu), float(nw.sigma), None, w.games + 1),
            PeerState(float(nb.mu), float(nb.sigma), None, b.games + 1),
        )

    def rate(
        event: Event, states: Mapping[str, PeerState], config: PeerConfig
    ) -> EventRating[PeerState]:
        return _sequential("peer:trueskill", event, states, play)

    def expected(
        white: Sequence[PeerState], black: Sequence[PeerState], config: PeerConfig, fma: float = 0.0
    ) -> FloatArray:
        out = []
        for w, b in zip(white, black, strict=True):
            rw, rb = rating(w), rating(b)
            spread = math.sqrt(2 * env.beta**2 + rw.sigma**2 + rb.sigma**2)
            out.append(env.cdf((rw.mu - rb.mu) / spread))
        return np.array(out, dtype=float)

    return _system("peer:trueskill", "TrueSkill (PyPI trueskill)", rate, expected)


def _glicko2() -> RatingSystem[PeerConfig, PeerState]:
    g2 = _module("glicko2")

    def player(s: PeerState) -> Any:
        if s.mu is None:
            return g2.Player()
        return g2.Player(s.mu, s.sigma, s.vol)

    def rate(
        event: Event, states: Mapping[str, PeerState], config: PeerConfig
    ) -> EventRating[PeerState]:
        arrays = game_arrays(event)
        before = {pid: player(states[pid]) for pid in arrays.ids}
        opponents: dict[int, list[tuple[int, float]]] = {}
        for w, b, s in zip(arrays.white, arrays.black, arrays.score, strict=True):
            opponents.setdefault(int(w), []).append((int(b), float(s)))
            opponents.setdefault(int(b), []).append((int(w), 1.0 - float(s)))
        after = {}
        for i, pid in enumerate(arrays.ids):
            games = opponents.get(i, [])
            if not games:
                after[pid] = states[pid]
                continue
            p = player(states[pid])
            opp = [before[arrays.ids[j]] for j, _ in games]
            p.update_player(
                [o.getRating() for o in opp], [o.getRd() for o in opp], [s for _, s in games]
            )
            after[pid] = PeerState(p.getRating(), p.getRd(), p.vol, states[pid].games + len(games))
        return period_result(
            "peer:glicko2", event, arrays, after, [states[p].mu for p in arrays.ids]
        )

    def expected(
        white: Sequence[PeerState], black: Sequence[PeerState], config: PeerConfig, fma: float = 0.0
    ) -> FloatArray:
        scale = 173.7178
        out = []
        for w, b in zip(white, black, strict=True):
            pw, pb = player(w), player(b)
            out.append(pw._E((pb.getRating() - 1500) / scale, pb.getRd() / scale))
        return np.array(out, dtype=float)

    return _system("peer:glicko2", "Glicko-2 (PyPI glicko2)", rate, expected)


WINNER = {1.0: "W", 0.5: "D", 0.0: "B"}
"""A score as the ``whr`` package records a game's result."""


def _whr() -> RatingSystem[PeerConfig, HistoryPeerState]:
    package = _module("whr")

    def games_of(history: tuple[Chunk, ...]) -> list[list[Any]]:
        """``[black, white, winner, time_step]`` for every game (the package's order)."""
        out = []
        for c in history:
            for w, b, s in zip(c.white, c.black, c.score, strict=True):
                if s not in WINNER:
                    raise ConfigError(f"peer:whr takes scores 1, ½ and 0, not {s:g}")
                out.append([b, w, WINNER[s], c.step])
        return out

    def rate(
        event: Event, states: Mapping[str, HistoryPeerState], config: PeerConfig
    ) -> EventRating[HistoryPeerState]:
        arrays = game_arrays(event)
        before = [states[pid] for pid in arrays.ids]
        played = arrays.games()
        pre = [s.mu for s in before]
        if not played.any():
            return period_result("peer:whr", event, arrays, dict(states), pre)
        history = merged(before, event)
        base = package.Base()  # the package's defaults: w² = 300, two virtual draws
        base.create_games(games_of(history))
        base.iterate_until_converge(False)
        after = {}
        for i, (pid, s) in enumerate(zip(arrays.ids, before, strict=True)):
            if played[i] == 0:
                after[pid] = s
                continue
            _, elo, sd = base.ratings_for_player(pid)[-1]
            after[pid] = HistoryPeerState(float(elo), float(sd), s.games + int(played[i]), history)
        return period_result("peer:whr", event, arrays, after, pre)

    def expected(
        white: Sequence[HistoryPeerState],
        black: Sequence[HistoryPeerState],
        config: PeerConfig,
        fma: float = 0.0,
    ) -> FloatArray:
        r_w = np.fromiter((s.mu or 0.0 for s in white), float, len(white))
        r_b = np.fromiter((s.mu or 0.0 for s in black), float, len(black))
        out: FloatArray = logistic_expectancy(r_w - r_b + fma)
        return out

    return RatingSystem(
        name="peer:whr",
        title="Whole-History Rating (PyPI whr)",
        source="PyPI package, as shipped (Whole-History Rating (PyPI whr))",
        config_type=PeerConfig,
        state_type=HistoryPeerState,
        state_from_entry=_history_state_from_entry,
        rate_event_fn=rate,
        list_entry=_list_entry,
        expected_score_fn=expected,
        newcomer=lambda config: HistoryPeerState(),
        refits_history=True,
    )


def _system(
    name: str,
    title: str,
    rate: Callable[[Event, Mapping[str, PeerState], PeerConfig], EventRating[PeerState]],
    expected: Callable[..., FloatArray],
) -> RatingSystem[PeerConfig, PeerState]:
    return RatingSystem(
        name=name,
        title=title,
        source=f"PyPI package, as shipped ({title})",
        config_type=PeerConfig,
        state_type=PeerState,
        state_from_entry=_state_from_entry,
        rate_event_fn=rate,
        list_entry=_list_entry,
        expected_score_fn=expected,
        newcomer=lambda config: PeerState(),
    )


PEERS: dict[str, Callable[[], RatingSystem[PeerConfig, Any]]] = {
    "peer:openskill": _openskill,
    "peer:trueskill": _trueskill,
    "peer:glicko2": _glicko2,
    "peer:whr": _whr,
}
"""``peer:NAME`` → the adapter (built, and its package imported, when asked for)."""


def get_peer(name: str) -> RatingSystem[PeerConfig, Any]:
    """The adapter ``name`` (``peer:openskill`` …).

    Raises:
        ConfigError: no such peer, or its package is not installed.
    """
    try:
        build = PEERS[name]
    except KeyError:
        raise ConfigError(f"unknown peer {name!r}; choose one of {', '.join(PEERS)}") from None
    return build()
