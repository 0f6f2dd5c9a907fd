"""The Glicko family's per-event path: Glicko (1995) and the Stephenson system (2012)
rated one period at a time, and the expected score of Glicko, Glicko-2 and Stephenson.

Every formula is a rule of :mod:`arpad.systems.glicko_rules` (written once, called here as
ordinary Python and compiled by the season loop, :mod:`arpad.systems.glicko_kernel`).

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import numpy as np

from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating
from arpad.systems import glicko_rules as rules
from arpad.systems.pairwise import FloatArray, game_arrays, month_index, period_result

if TYPE_CHECKING:
    pass


@dataclass(frozen=True, slots=True)
class GlickoState:
    """A rating, its deviation RD, the rated games so far and the last period played."""

    rating: float
    rd: float
    games: int = 0
    last: dt.date | None = None
    """The date of the last event the player was rated in (``None``: never)."""


class RatedWithDeviation(Protocol):
    """A state with a rating and an RD (Glicko, Glicko-2, Stephenson)."""

    @property
    def rating(self) -> float: ...
    @property
    def rd(self) -> float: ...


class RatedWithGames(RatedWithDeviation, Protocol):
    """A family state: rating, RD, games and the date of the last period played."""

    @property
    def games(self) -> int: ...
    @property
    def last(self) -> dt.date | None: ...


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
    out = np.empty(len(white))
    for j, (w, b) in enumerate(zip(white, black, strict=True)):
        out[j] = rules.expectation(w.rating - b.rating + gamma, rules.pair_rd(w.rd, b.rd))
    return out


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


def month_of(day: dt.date | None) -> int:
    """The rating period (month number) of ``day``; :data:`.glicko_rules.NO_MONTH` for none."""
    return rules.NO_MONTH if day is None else month_index(day)


def onset(state: RatedWithGames, now: int, c: float, rd_max: float) -> float:
    """Step 1 for a state before a period of month number ``now``
    (:func:`.glicko_rules.onset_rd`)."""
    last = month_of(state.last)
    newcomer = rules.is_newcomer(last, state.games)
    return rules.onset_rd(state.rd, newcomer, rules.idle_periods(last, now), c, rd_max)


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
    """One rating period: Step 1 for every player, then Step 2 (Stephenson's update with
    ``gamma``, ``h``, ``b``, ``lam``) over the event's games
    (:func:`.glicko_rules.glicko_event`)."""
    arrays = game_arrays(event)
    before = [states[pid] for pid in arrays.ids]
    now = month_of(event.end_date)
    n = len(before)
    rating = [s.rating for s in before]
    rd = [onset(s, now, c, rd_max) for s in before]
    new_rating, new_rd, played, info, pull, opp = ([0.0] * n for _ in range(6))
    rules.glicko_event(
        arrays.white.tolist(), arrays.black.tolist(), arrays.score.tolist(), rating, rd,
        gamma, h, b, lam, new_rating, new_rd, played, info, pull, opp,
    )  # fmt: skip
    after: dict[str, GlickoState] = {}
    for i, pid in enumerate(arrays.ids):
        old, m = before[i], int(played[i])
        after[pid] = (
            GlickoState(new_rating[i], new_rd[i], old.games + m, event.end_date) if m else old
        )
    return period_result(system, event, arrays, after, rating)
