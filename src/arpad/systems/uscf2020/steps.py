"""Steps 3, 4 and 5 of us-chess-rating-system-2020.txt §1 over one event's arrays.

The standard formula is applied to every player of the event at once (numpy); the special
formula, an iteration per player, runs only for the players who need it. Nothing here
knows about files, floors or states: :mod:`arpad.systems.uscf2020.rating` prepares a
:class:`Field` and turns the step results into ratings and states.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from arpad.curves import FloatArray, logistic_expectancy
from arpad.systems.uscf2020 import formulas as fm
from arpad.systems.uscf2020.config import USCFConfig

IntArray = npt.NDArray[np.intp]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class Field:
    """Everything steps 3–5 need about an event's players, index-aligned."""

    white: IntArray
    """Index of White in each rated game."""
    black: IntArray
    white_score: FloatArray
    r0: FloatArray
    """R_0: pre-event rating, or the Step 1 initial rating."""
    games: FloatArray
    """N (the Step 1 value for unrated players)."""
    unrated: BoolArray
    special: BoolArray
    """Step 4 (L46): N ≤ 8, or all previous games wins or all losses."""
    all_wins: BoolArray
    all_losses: BoolArray
    bonus_ok: BoolArray
    """m ≥ 3, no opponent met more than twice, and not a match (§4.2, §7)."""
    regular_rating: FloatArray
    """The Regular rating for the dual-rated K (NaN where the rule does not apply)."""

    @property
    def size(self) -> int:
        return len(self.r0)

    @functools.cached_property
    def opponent_table(self) -> IntArray:
        """Each player's opponents (indices) in game order, one row per player, padded
        with -1 to the longest row."""
        return opponent_table(self.white, self.black, self.size)

    @property
    def opponents(self) -> tuple[tuple[int, ...], ...]:
        """Each player's opponents (indices), one per rated game."""
        return tuple(tuple(o for o in row if o >= 0) for row in self.opponent_table.tolist())

    @functools.cached_property
    def m(self) -> FloatArray:
        counts = np.bincount(self.white, minlength=self.size) + np.bincount(
            self.black, minlength=self.size
        )
        return np.asarray(counts, dtype=float)

    @functools.cached_property
    def score(self) -> FloatArray:
        return self.points(self.white_score)

    def points(self, white_points: FloatArray) -> FloatArray:
        """Per player: Σ over games of ``white_points`` for White, and of the mirrored value
        (1 − x for scores) for Black. With indicator arrays it counts wins or draws."""
        return np.asarray(
            np.bincount(self.white, white_points, self.size)
            + np.bincount(self.black, 1.0 - white_points, self.size),
            dtype=float,
        )

    @functools.cached_property
    def wins(self) -> FloatArray:
        return np.asarray(
            np.bincount(self.white, self.white_score == 1.0, self.size)
            + np.bincount(self.black, self.white_score == 0.0, self.size),
            dtype=float,
        )

    @functools.cached_property
    def draws(self) -> FloatArray:
        half = self.white_score == 0.5
        return np.asarray(
            np.bincount(self.white, half, self.size) + np.bincount(self.black, half, self.size),
            dtype=float,
        )

    @functools.cached_property
    def n_eff(self) -> FloatArray:
        """N' = min(N, N*) (§3)."""
        out: FloatArray = np.minimum(self.games, fm.effective_games_caps(self.r0))
        return out


def build_field(
    white: list[int],
    black: list[int],
    white_score: list[float],
    r0: list[float],
    games: list[int],
    unrated: list[bool],
    all_wins: list[bool],
    all_losses: list[bool],
    regular_rating: list[float],
    allow_bonus: bool,
    config: USCFConfig,
) -> Field:
    """Assemble a :class:`Field`; flags are per player, games per rated game."""
    n = len(r0)
    opponents: list[list[int]] = [[] for _ in range(n)]
    for w, b in zip(white, black, strict=True):
        opponents[w].append(b)
        opponents[b].append(w)
    wins, losses = np.array(all_wins, dtype=bool), np.array(all_losses, dtype=bool)
    special = (np.array(games) <= config.special_through) | wins | losses
    bonus_ok = np.array(
        [
            allow_bonus
            and fm.bonus_eligible(
                o,
                min_games=config.bonus_min_games,
                max_meetings=config.max_meetings_for_bonus,
            )
            for o in opponents
        ],
        dtype=bool,
    )
    return Field(
        white=np.array(white, dtype=np.intp),
        black=np.array(black, dtype=np.intp),
        white_score=np.array(white_score, dtype=float),
        r0=np.array(r0, dtype=float),
        games=np.array(games, dtype=float),
        unrated=np.array(unrated, dtype=bool),
        special=special,
        all_wins=wins,
        all_losses=losses,
        bonus_ok=bonus_ok,
        regular_rating=np.array(regular_rating, dtype=float),
    )


def opponent_table(white: IntArray, black: IntArray, size: int) -> IntArray:
    """Per player, the indices of the opponents met, in game order (-1 pads the rows).

    >>> opponent_table(np.array([0, 1]), np.array([1, 2]), 3).tolist()
    [[1, -1], [0, 2], [1, -1]]
    """
    owner = np.column_stack([white, black]).ravel()
    other = np.column_stack([black, white]).ravel()
    order = np.argsort(owner, kind="stable")
    owner, other = owner[order], other[order]
    counts = np.bincount(owner, minlength=size)
    width = int(counts.max()) if counts.size and len(owner) else 0
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]]) if size else counts
    table = np.full((size, width), -1, dtype=np.intp)
    table[owner, np.arange(len(owner)) - starts[owner]] = other
    return table


def special_batch(
    f: Field,
    rows: IntArray,
    r0: FloatArray,
    n_eff: FloatArray,
    opp: FloatArray,
    score: FloatArray,
    all_wins: BoolArray,
    all_losses: BoolArray,
) -> fm.SpecialBatch:
    """The §4.1 inputs of the players ``rows``: opponents' ratings taken from ``opp``."""
    table = f.opponent_table[rows]
    ratings = np.where(table >= 0, opp[np.maximum(table, 0)], np.nan)
    return fm.SpecialBatch(r0[rows], n_eff[rows], ratings, score[rows], all_wins, all_losses)


@dataclass(frozen=True)
class StepResult:
    """Ratings of one step (4 or 5) with the quantities behind them."""

    rating: FloatArray
    expected: FloatArray
    """E = Σ We(R_0, R_i) (§4.2), shown for every player."""
    k: FloatArray
    """K for standard-formula players, NaN for special ones."""
    bonus: FloatArray


def expected_scores(f: Field, opp: FloatArray) -> FloatArray:
    """E_j = Σ We(R_0j, R_i) over each player's games, against the ratings ``opp``."""
    ew = logistic_expectancy(f.r0[f.white] - opp[f.black])
    eb = logistic_expectancy(f.r0[f.black] - opp[f.white])
    return np.asarray(
        np.bincount(f.white, ew, f.size) + np.bincount(f.black, eb, f.size), dtype=float
    )


def step3(f: Field, config: USCFConfig) -> FloatArray:
    """Step 3 (L37–42): unrated players with N = 0 rated by the special formula with
    N' = 1 against the opponents' R_0; at least 100. Others keep R_0."""
    out = f.r0.copy()
    rows = np.flatnonzero(f.unrated & (f.games == 0) & (f.m > 0))
    if rows.size:
        no = np.zeros(rows.size, dtype=bool)
        x = special_batch(f, rows, f.r0, np.ones(f.size), f.r0, f.score, no, no)
        out[rows] = np.maximum(
            fm.special_ratings(x, config.epsilon, config.special_cap, config.special_start),
            config.minimum_rating,
        )
    return out


def rating_step(f: Field, opp: FloatArray, config: USCFConfig) -> StepResult:
    """Step 4 or 5 (L44–53): every player from their own R_0 against ``opp``."""
    m, score, n_eff = f.m, f.score, f.n_eff
    expected = expected_scores(f, opp)
    # Players without games (N' + m = 0) get K = inf and NaN changes; they keep R_0 below.
    with np.errstate(divide="ignore", invalid="ignore"):
        k = fm.k_factors(n_eff, m, f.regular_rating)
        change = k * (score - expected)
        bonus = np.where(
            f.bonus_ok,
            fm.bonus_amounts(change, m, config.bonus_multiplier, config.bonus_games_floor),
            0.0,
        )
        rating = f.r0 + change + bonus
    rows = np.flatnonzero(f.special & (m > 0))
    if rows.size:
        x = special_batch(f, rows, f.r0, n_eff, opp, score, f.all_wins[rows], f.all_losses[rows])
        rating[rows] = fm.special_ratings(
            x, config.epsilon, config.special_cap, config.special_start
        )
    k = np.where(f.special, np.nan, k)
    bonus = np.where(f.special, 0.0, bonus)
    rating = np.where(m > 0, np.maximum(rating, config.minimum_rating), f.r0)
    return StepResult(rating, expected, k, bonus)
