"""The Glicko update, written once for Glicko (1995) and the Stephenson system (2012).

Sources:

- Glickman, M. E. (1995, rev. 2016), *The Glicko system*, glicko.net/glicko/glicko.pdf,
  Step 1 (the RD grows with the periods since the player last competed, capped at the RD
  of an unrated player) and Step 2 (the update after a rating period, with
  ``q = ln 10 / 400``, ``g(RD) = 1/√(1 + 3q²RD²/π²)``, ``E = 1/(1 + 10^(−g(RD_j)(r − r_j)/400))``).
  The expected outcome of a game between two rated players is
  ``1/(1 + 10^(−g(√(RD_a² + RD_b²))(r_a − r_b)/400))`` (the same paper, "expected outcome").
- Stephenson, A. (2012), *Comparing predictive performance of chess ratings with the
  PlayerRatings package*, appendix "Stephenson System" (the vignette ``ChessRatings`` of the
  R package PlayerRatings): with variance ``v = RD²``,
  ``v* = (1/(v + h·m) + d)^−1`` and
  ``r* = r + q·v*·Σ k_j(s_j − e_j + b) + λ(r̄ − r)``, ``r̄`` the opponents' mean rating,
  ``e_j = 1/(1 + 10^(−k_j(r − r_j + γw_j)/400))``, ``w_j`` = +1 as White and −1 as Black,
  ``d = q² Σ k_j² e_j(1 − e_j)``. With ``h = b = λ = γ = 0`` this is Glicko's Step 2
  (``1/d`` is Glicko's ``d²``), which is why one function serves both.

Naming (decision D-eval-3): ``c`` and ``h`` are in rating points as Glicko's ``c`` and the R
function's ``cval``/``hval`` are (the appendix's ``c`` and ``h`` are their squares); ``b`` is
in points of score per game (the R function's ``bval``/100) and ``lam`` is λ (``lambda``/100).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating
from arpad.systems.pairwise import (
    FloatArray,
    GameArrays,
    IntArray,
    game_arrays,
    period_result,
    periods_between,
)

Q = math.log(10.0) / 400.0
"""q = ln 10 / 400 (Glickman 1995, Step 2)."""


@dataclass(frozen=True, slots=True)
class GlickoState:
    """A rating, its deviation RD, the rated games so far and the last period played."""

    rating: float
    rd: float
    games: int = 0
    last: dt.date | None = None
    """The date of the last event the player was rated in (``None``: never)."""


def g(rd: FloatArray | float) -> FloatArray:
    """g(RD) = 1/√(1 + 3q²RD²/π²) (Glickman 1995, Step 2; Stephenson's ``k``).

    >>> round(float(g(30.0)), 4), round(float(g(300.0)), 4)
    (0.9955, 0.7242)
    """
    rd2 = np.square(np.asarray(rd, dtype=float))
    return np.asarray(1.0 / np.sqrt(1.0 + 3.0 * Q * Q * rd2 / math.pi**2), dtype=float)


def expectation(diff: FloatArray, rd: FloatArray) -> FloatArray:
    """E = 1/(1 + 10^(−g(RD)·diff/400)): the expected score at rating difference ``diff``
    against an opponent (or a pair) of combined deviation ``rd``."""
    return np.asarray(1.0 / (1.0 + np.power(10.0, -g(rd) * diff / 400.0)), dtype=float)


class RatedWithDeviation(Protocol):
    """A state with a rating and an RD (Glicko, Glicko-2, Stephenson)."""

    @property
    def rating(self) -> float: ...
    @property
    def rd(self) -> float: ...


def expected_score(
    white: Sequence[RatedWithDeviation],
    black: Sequence[RatedWithDeviation],
    config: object = None,
    first_move_advantage: float = 0.0,
) -> FloatArray:
    """White's expected score in each game (Glickman 1995, "expected outcome"; Stephenson's
    prediction e_ab with white advantage γ = ``first_move_advantage``). The same for Glicko,
    Glicko-2 (on the rating scale) and Stephenson, whatever their configuration."""
    gamma = first_move_advantage
    r_w = np.fromiter((s.rating for s in white), float, len(white))
    r_b = np.fromiter((s.rating for s in black), float, len(black))
    rd_w = np.fromiter((s.rd for s in white), float, len(white))
    rd_b = np.fromiter((s.rd for s in black), float, len(black))
    return expectation(r_w - r_b + gamma, np.hypot(rd_w, rd_b))


@dataclass(frozen=True)
class PeriodUpdate:
    """The new ratings and deviations of the players who played (the others unchanged)."""

    rating: FloatArray
    rd: FloatArray
    played: IntArray
    """Games played in the period, per player."""


def onset_rd(
    states: Sequence[GlickoState], now: dt.date | None, c: float, rd_max: float
) -> FloatArray:
    """Step 1: RD = min(√(RD_old² + c²t), rd_max) for a player rated before, t the periods
    since the last one (1 for undated events); a newcomer keeps the newcomer RD."""
    out = np.empty(len(states))
    for i, s in enumerate(states):
        if s.last is None and s.games == 0:
            out[i] = s.rd
        else:
            t = periods_between(s.last, now)
            out[i] = min(math.sqrt(s.rd * s.rd + c * c * t), rd_max)
    return out


def period_update(
    arrays: GameArrays,
    rating: FloatArray,
    rd: FloatArray,
    *,
    gamma: float = 0.0,
    h: float = 0.0,
    b: float = 0.0,
    lam: float = 0.0,
) -> PeriodUpdate:
    """Step 2 of Glicko / the Stephenson update for every player at once.

    ``rating`` and ``rd`` are the players' values at the onset of the period (after
    Step 1), indexed like ``arrays.ids``.
    """
    n = arrays.players
    w, bl, s = arrays.white, arrays.black, arrays.score
    # Each game seen from both sides: the player, the opponent, the score, the colour.
    me = np.concatenate([w, bl])
    opp = np.concatenate([bl, w])
    score = np.concatenate([s, 1.0 - s])
    colour = np.concatenate([np.ones(len(s)), -np.ones(len(s))])
    k = g(rd[opp])
    e = 1.0 / (1.0 + np.power(10.0, -k * (rating[me] - rating[opp] + gamma * colour) / 400.0))
    played = np.bincount(me, minlength=n)
    d = Q * Q * np.bincount(me, k * k * e * (1.0 - e), minlength=n)
    v = np.square(rd)
    v_new = 1.0 / (1.0 / (v + h * h * played) + d)
    pull = np.bincount(me, k * (score - e + b), minlength=n)
    mean_opp = np.bincount(me, rating[opp], minlength=n) / np.maximum(played, 1)
    new_rating = rating + Q * v_new * pull + lam * (mean_opp - rating)
    keep = played == 0
    new_rating[keep] = rating[keep]
    new_rd = np.sqrt(v_new)
    new_rd[keep] = rd[keep]
    return PeriodUpdate(new_rating, new_rd, played.astype(np.intp))


class NewcomerRule(Protocol):
    """A configuration with the rating and RD of an unrated player."""

    @property
    def initial(self) -> float: ...
    @property
    def initial_rd(self) -> float: ...


def state_from_entry(entry: PlayerEntry, event: Event, config: NewcomerRule) -> GlickoState:
    """A player from an event file: the file's rating if any (a seeded rating), else the
    newcomer rating, with the newcomer RD either way."""
    rating = config.initial if entry.rating is None else entry.rating
    return GlickoState(rating, config.initial_rd, entry.games, None)


def newcomer_state(config: NewcomerRule) -> GlickoState:
    """An unrated player: ``initial`` with ``initial_rd``."""
    return GlickoState(config.initial, config.initial_rd)


def new_states(
    event: Event,
    arrays: GameArrays,
    before: Mapping[str, GlickoState],
    update: PeriodUpdate,
) -> dict[str, GlickoState]:
    """Every player's state after the period (players without a game unchanged)."""
    out: dict[str, GlickoState] = {}
    for i, pid in enumerate(arrays.ids):
        old = before[pid]
        m = int(update.played[i])
        if m == 0:
            out[pid] = old
        else:
            out[pid] = GlickoState(
                float(update.rating[i]), float(update.rd[i]), old.games + m, event.end_date
            )
    return out


def rate_period(
    system: str,
    event: Event,
    states: Mapping[str, GlickoState],
    *,
    c: float,
    rd_max: float,
    gamma: float = 0.0,
    h: float = 0.0,
    b: float = 0.0,
    lam: float = 0.0,
) -> EventRating[GlickoState]:
    """One rating period: Step 1 for every player, then Step 2 over the event's games."""
    arrays = game_arrays(event)
    before = [states[pid] for pid in arrays.ids]
    rd = onset_rd(before, event.end_date, c, rd_max)
    rating = np.array([s.rating for s in before])
    update = period_update(arrays, rating, rd, gamma=gamma, h=h, b=b, lam=lam)
    after = new_states(event, arrays, states, update)
    return period_result(system, event, arrays, after, [s.rating for s in before])
