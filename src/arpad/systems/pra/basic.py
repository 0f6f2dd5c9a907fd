"""Berard's Basic System: R' = R + 9.0(S − E) + adj, game by game.

Source: berard-pra-and-tournament-app.txt, "The Basic System" (L161–L224):

- every new player brings the average rating R_bar = 1500.0 (L163), so the pool should
  hold P = R_bar·N points (eq. (1), L165);
- after each game ``R' = R + 9.0(S − E) + adj`` (eq. (2), L169) with E = EAComp
  (:func:`arpad.curves.eacomp_p`);
- ``adj`` is "the opposite of the surplus or deficit in the total required points for the
  system divided by N" (L171), i.e. ``R_bar − mean(R)``, paid to everyone "at the end of
  each day" (L224) or "once per week" (L875). We therefore keep ``adj`` out of the per-game
  step and apply it as a periodic re-centring job (:func:`recentre`); see
  docs/decisions.md D-pra-1.

Each rule is one plain function (:mod:`arpad.compiled`): :func:`rate_event
<arpad.systems.pra.system.rate_event>` calls them as Python, the season loop
(:mod:`.kernel`) compiled.

The per-game step is zero-sum: the loser's change is minus the winner's, so the Basic
System never changes the pool's total (L15). Updates are sequential: each game uses both
players' current ratings, after every earlier game (the paper keeps games in their real
order, L630).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, MutableSequence, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from arpad.compiled import rule
from arpad.curves import FloatArray, eacomp_p
from arpad.errors import ConfigError

if TYPE_CHECKING:  # the states and configuration of the system built on this module
    from arpad.systems.pra.system import PRAConfig, PRAState

BASIC_K = 9.0
"""The Basic System's fixed K-factor, the same for every player (eq. (2), L169)."""

R_BAR = 1500.0
"""The average rating every new player brings into the pool (L163)."""


@rule
def basic_game(white: float, black: float, score: float, k: float) -> tuple[float, float]:
    """One game of the Basic System (eq. (2), L169, without ``adj``): White's expected
    score E_w = EAComp(R_w − R_b) (eq. (3)) and White's change ``k·(S − E_w)``; Black's
    change is minus White's (zero-sum, L15).

    >>> basic_game(0.0, 0.0, 1.0, 9.0)  # a win between equals gains 4.5 (cf. L1239)
    (0.5, 4.5)
    """
    e_white = eacomp_p(white - black)
    return e_white, k * (score - e_white)


def basic_change(rating: float, opponent: float, score: float, k: float = BASIC_K) -> float:
    """The change :func:`basic_game` gives the player rated ``rating`` (eq. (2)).

    >>> basic_change(0.0, 0.0, 1.0)
    4.5
    """
    return basic_game(rating, opponent, score, k)[1]


def play_games(
    ratings: MutableSequence[float],
    games: Iterable[tuple[int, int, float]],
    k: float = BASIC_K,
) -> list[float]:
    """Play ``(white, black, white's score)`` games in order through the Basic System.

    ``ratings`` is updated in place (indices into it name the players); returns White's
    expected score E_w of every game, in order. Black's change is minus White's.

    >>> r = [0.0, 0.0]
    >>> play_games(r, [(0, 1, 1.0)])
    [0.5]
    >>> r
    [4.5, -4.5]
    """
    expected: list[float] = []
    for white, black, score in games:
        e_white, change = basic_game(ratings[white], ratings[black], score, k)
        ratings[white] += change
        ratings[black] -= change
        expected.append(e_white)
    return expected


@rule
def adjustment(total: float, players: int, anchor: float = R_BAR) -> float:
    """``adj``: the deficit (or minus the surplus) of points per player (eq. (2), L171–L173).

    >>> round(adjustment(29_875_241, 20_000), 5)  # the paper's example, adj = 6.24
    6.23795
    """
    return (anchor * players - total) / players


def recentre(
    ratings: Sequence[float] | FloatArray, anchor: float = R_BAR
) -> tuple[FloatArray, float]:
    """Add ``adj`` to every rating so the pool's mean is ``anchor`` again (L171, L869–L875).

    Returns the new ratings and the ``adj`` paid.

    >>> new, adj = recentre([1400.0, 1500.0, 1700.0])
    >>> [round(x, 2) for x in new.tolist()], round(adj, 2)
    ([1366.67, 1466.67, 1666.67], -33.33)

    Raises:
        ConfigError: an empty pool.
    """
    r = np.asarray(ratings, dtype=float)
    if r.size == 0:
        raise ConfigError("a pool needs at least one player to pay adj to")
    adj = adjustment(math.fsum(r.tolist()), r.size, anchor)
    return r + adj, adj


def recentre_states(
    states: Mapping[str, PRAState], config: PRAConfig, anchor: float | None = None
) -> dict[str, PRAState]:
    """Pay ``adj`` to every player of a pool (:func:`recentre` over their states, L171,
    L224): the PRA's ``pool_adjustment_fn``. ``anchor`` ``None`` = ``config.R_bar``."""
    ids = list(states)
    centre = config.R_bar if anchor is None else anchor
    new, _ = recentre([states[k].rating for k in ids], centre)
    return {k: replace(states[k], rating=r) for k, r in zip(ids, new.tolist(), strict=True)}
