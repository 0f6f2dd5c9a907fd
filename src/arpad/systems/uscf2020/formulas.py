"""The rating formulas of us-chess-rating-system-2020.txt: effective games (§3), the special
formula as the knot algorithm (§4.1), and the standard formula with K and bonus (§4.2).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from arpad.curves import FloatArray, logistic_expectancy, provisional_winning_expectancy
from arpad.errors import RatingError

# §3 (L159), equation (1).
NSTAR_TOP = 2355.0
NSTAR_MAX = 50.0
NSTAR_A = 0.662
NSTAR_B = 0.00000739
NSTAR_CENTRE = 2569.0


def effective_games_caps(r0: FloatArray) -> FloatArray:
    """N* of §3 (L159) for many ratings: 50/√(0.662 + 0.00000739·(2569 − R0)²) for
    R0 ≤ 2355, else 50. The one definition of N* (the scalar form and every batch path
    call it).

    >>> effective_games_caps(np.array([1700.0, 2400.0])).round(1).tolist()
    [20.0, 50.0]
    """
    out: FloatArray = np.where(
        r0 > NSTAR_TOP,
        NSTAR_MAX,
        NSTAR_MAX / np.sqrt(NSTAR_A + NSTAR_B * (NSTAR_CENTRE - r0) ** 2),
    )
    return out


def effective_games_cap(r0: float) -> float:
    """N* of §3 (L159) for one rating (see :func:`effective_games_caps`).

    >>> round(effective_games_cap(1700.0), 1)
    20.0
    """
    return float(effective_games_caps(np.array([r0], dtype=float))[0])


def effective_games(n: float, r0: float) -> float:
    """N' = min(N, N*) (§3, L163)."""
    return min(float(n), effective_games_cap(r0))


# --------------------------------------------------------------------------- §4.1


@dataclass(frozen=True, slots=True)
class SpecialInput:
    """The quantities of §4.1 for one player."""

    r0: float
    """R_0: the prior rating (pre-event, or the Step 1 initial rating)."""
    n_eff: float
    """N': the effective number of games."""
    opponents: tuple[float, ...]
    score: float
    all_wins: bool = False
    """The player has competed before and won every game."""
    all_losses: bool = False


def adjusted_prior(x: SpecialInput) -> tuple[float, float]:
    """(R'_0, S') of §4.1 (L187–197)."""
    if x.all_wins:
        return x.r0 - 400.0, x.score + x.n_eff
    if x.all_losses:
        return x.r0 + 400.0, x.score
    return x.r0, x.score + x.n_eff / 2.0


def special_objective(r: float, x: SpecialInput) -> float:
    """f(R) = N'·PWe(R, R'_0) + Σ PWe(R, R_i) − S' (§4.1, L201)."""
    r0a, sa = adjusted_prior(x)
    total = x.n_eff * provisional_winning_expectancy(r - r0a)
    # PWe inlined (the knot algorithm evaluates f thousands of times per event).
    total += math.fsum(min(max(0.5 + (r - ri) / 800.0, 0.0), 1.0) for ri in x.opponents)
    return total - sa


def special_knots(x: SpecialInput) -> list[float]:
    """S_z: the distinct x_i = R_i − 400 and y_i = R_i + 400, i = 0..m (§4.1, L205), sorted."""
    r0a, _ = adjusted_prior(x)
    centres = (r0a, *x.opponents)
    return sorted({c - 400.0 for c in centres} | {c + 400.0 for c in centres})


class SpecialStart(StrEnum):
    """The special formula's first estimate M (§4.1 step 1, L213–215; D-uscf-eras-2)."""

    PROGRAM = "program"
    """M = R'_0, as "the actual implemented rating program" does (L215)."""
    TEXT = "text"
    """M = (N'R'_0 + ΣR_i + 400(2S − m))/(N' + m), the text's step 1 (L213)."""


def special_rating(  # noqa: C901
    x: SpecialInput,
    epsilon: float = 1e-7,
    cap: float | None = 2700.0,
    start: SpecialStart = SpecialStart.PROGRAM,
) -> float:
    """The special rating by the knot algorithm of §4.1 (L211–249), step by step.

    The two first estimates end at different ends when f(R) = 0 on a whole interval
    (L215 says "the final result will be the same"; it is not): a player 1000 on N = 2 who
    loses to 1900 and beats 2700 (both N = 100) fits every rating from 1400 to 1500.

    >>> x = SpecialInput(1000.0, 2.0, (1900.0, 2700.0), 1.0)
    >>> special_rating(x), special_rating(x, start=SpecialStart.TEXT)
    (1400.0, 1500.0)

    Raises:
        RatingError: the iteration failed to settle (cannot happen for valid input; the
            guard keeps a bug from looping forever).
    """
    m = len(x.opponents)
    r0a, _ = adjusted_prior(x)
    knots = special_knots(x)

    def f(r: float) -> float:
        return special_objective(r, x)

    # Step 1 (L213–215): the first estimate M, R'_0 as the federation's program does.
    if x.n_eff + m == 0:
        return x.r0
    if start is SpecialStart.TEXT:
        mm = (x.n_eff * r0a + math.fsum(x.opponents) + 400.0 * (2.0 * x.score - m)) / (x.n_eff + m)
    else:
        mm = r0a

    for _ in range(8 * len(knots) + 64):
        fm = f(mm)
        if fm > epsilon:  # Step 2 (L217–225): move down.
            za = max(z for z in knots if z < mm)
            fa = f(za)
            if abs(fm - fa) < epsilon:
                mm = za
                continue
            m_star = mm - fm * (mm - za) / (fm - fa)
            mm = za if m_star < za else m_star
            continue
        if fm < -epsilon:  # Step 3 (L227–235): move up.
            zb = min(z for z in knots if z > mm)
            fb = f(zb)
            if abs(fb - fm) < epsilon:
                mm = zb
                continue
            m_star = mm - fm * (zb - mm) / (fb - fm)
            mm = zb if m_star > zb else m_star
            continue
        # Step 4 (L237–247): |f(M)| ≤ ε.
        # |M − R_i| ≤ 400 written as R_i − 400 ≤ M ≤ R_i + 400, the very floats the
        # knots are made of, so a root landing on a knot y_i always counts.
        p = sum(1 for ri in x.opponents if ri - 400.0 <= mm <= ri + 400.0)
        if r0a - 400.0 <= mm <= r0a + 400.0:
            p += 1
        if p == 0:
            below = [z for z in knots if z < mm]
            above = [z for z in knots if z > mm]
            za = below[-1] if below else -math.inf
            zb = above[0] if above else math.inf
            if za <= x.r0 <= zb:
                mm = x.r0
            elif x.r0 < za:
                mm = za
            else:
                mm = zb
        break
    else:  # pragma: no cover - guarded above
        raise RatingError(f"special formula did not converge for {x!r}")
    if cap is not None and mm > cap:
        mm = cap  # L249
    return mm


@dataclass(frozen=True)
class SpecialBatch:
    """The quantities of §4.1 for many players at once (index-aligned arrays).

    ``opponents`` is a table with one row per player and one column per game, padded with
    NaN where a player has fewer games than the longest row.
    """

    r0: FloatArray
    n_eff: FloatArray
    opponents: FloatArray
    score: FloatArray
    all_wins: npt.NDArray[np.bool_]
    all_losses: npt.NDArray[np.bool_]


def _in_order(terms: FloatArray) -> FloatArray:
    """Σ over the first axis, term by term in order. NumPy sums a row's contiguous values
    pairwise, grouped by the row's length, so a row padded with zeros to another batch's
    width would get other last digits; added in order, the padding adds exact zeros, and a
    player gets the same bits in every batch (the per-event path and the season engine
    batch players differently, and the ledger compares their lists byte for byte)."""
    out: FloatArray = np.add.reduce(np.ascontiguousarray(terms), axis=0)
    return out


def _unit(x: FloatArray) -> FloatArray:
    """x clipped to [0, 1] (``np.clip``'s Python wrapper costs more than the two ufuncs)."""
    out: FloatArray = np.minimum(np.maximum(x, 0.0), 1.0)
    return out


def _pwe_rows(r: FloatArray, centres: FloatArray) -> FloatArray:
    """Σ_i PWe(r − centre_i) per row (§4.1, L201); +inf centres (padding) count 0."""
    out: FloatArray = np.clip(0.5 + (r[:, None] - centres) / 800.0, 0.0, 1.0).sum(axis=1)
    return out


_WALK_CELLS = 1 << 20
"""Most cells (rows × knots × centres) the knot walk evaluates f on at once."""


def special_ratings(
    x: SpecialBatch,
    epsilon: float = 1e-7,
    cap: float | None = 2700.0,
    start: SpecialStart = SpecialStart.PROGRAM,
) -> FloatArray:
    """:func:`special_rating` for many players: the knot algorithm of §4.1 (L211–249), the
    path every player's iteration takes read off f evaluated at all its knots at once.

    f is piecewise linear between the knots, so the scalar iteration walks from its first
    estimate M from knot to knot (down while f > ε, up while f < −ε) until a secant step
    lands inside the segment, or a knot has |f| ≤ ε. Every step of that walk depends only
    on f at two neighbouring points, so it is evaluated for all knots together and the
    first stop is picked out: a fixed number of array operations whatever the path's
    length (D-season-uscf-1). A player whose stop does not check out (|f| > ε there, by
    rounding) takes the lock-step iteration instead (:func:`special_ratings_stepwise`).
    Equal to :func:`special_rating` player by player (tests/uscf2020/test_special.py).
    """
    k = len(x.r0)
    valid = ~np.isnan(x.opponents)
    width = x.opponents.shape[1] if x.opponents.ndim == 2 else 0
    rows_per_chunk = max(1, _WALK_CELLS // max(1, (2 * width + 2) * (width + 1)))
    if k <= rows_per_chunk:
        with np.errstate(divide="ignore", invalid="ignore"):
            return _special_walk(x, valid, epsilon, cap, start)
    parts = []
    for lo in range(0, k, rows_per_chunk):
        part = slice(lo, lo + rows_per_chunk)
        sub = SpecialBatch(
            x.r0[part],
            x.n_eff[part],
            x.opponents[part],
            x.score[part],
            x.all_wins[part],
            x.all_losses[part],
        )
        with np.errstate(divide="ignore", invalid="ignore"):
            parts.append(_special_walk(sub, valid[part], epsilon, cap, start))
    return np.concatenate(parts)


def _special_walk(
    x: SpecialBatch,
    valid: npt.NDArray[np.bool_],
    epsilon: float,
    cap: float | None,
    start: SpecialStart,
) -> FloatArray:
    """:func:`special_ratings` for one chunk of rows (the caller silences NumPy's warnings
    for the padding's infinities).

    f is non-decreasing, so the walk down from M passes every knot with f > ε and stops at
    the first one with f ≤ ε (up: f < −ε, then f ≥ −ε); there it moves onto that knot z
    (when the segment is flat or the secant from the point before, P, overshoots it) or to
    the secant's root in (z, P). The rows are read off f at all knots in one evaluation.
    """
    k = len(x.r0)
    out = np.array(x.r0, dtype=float)
    if k == 0:
        return out
    rows = np.arange(k)
    m = valid.sum(axis=1).astype(float)
    opponents = np.where(valid, x.opponents, np.inf)  # padding: PWe 0, knots +inf
    # (R'_0, S') of L187–197.
    r0a = np.where(x.all_wins, x.r0 - 400.0, np.where(x.all_losses, x.r0 + 400.0, x.r0))
    sa = np.where(
        x.all_wins, x.score + x.n_eff, np.where(x.all_losses, x.score, x.score + x.n_eff / 2.0)
    )
    centres = np.concatenate([r0a[:, None], opponents], axis=1)
    lows, highs = centres - 400.0, centres + 400.0
    knots = np.sort(np.concatenate([lows, highs], axis=1), axis=1)
    q = knots.shape[1]
    base = x.n_eff + m
    live = base > 0
    if start is SpecialStart.TEXT:  # Step 1 (L213–215)
        opp_total = _in_order(np.where(valid, x.opponents, 0.0).T)
        mm = (x.n_eff * r0a + opp_total + 400.0 * (2.0 * x.score - m)) / base
        mm = np.where(live, mm, x.r0)
    else:
        mm = r0a
    real = knots < np.inf
    # f(R) = N'·PWe(R, R'_0) + Σ PWe(R, R_i) − S' at every knot and at M (last column).
    z = np.concatenate([np.where(real, knots, 0.0), mm[:, None]], axis=1)
    own = _unit(0.5 + (z - r0a[:, None]) / 800.0)
    rest = _unit(0.5 + (z[None, :, :] - opponents.T[:, :, None]) / 800.0)
    fz = x.n_eff[:, None] * own + _in_order(rest) - sa[:, None]
    fk, fm = fz[:, :q], fz[:, q]
    down = fm > epsilon
    moving = down | (fm < -epsilon)
    below = (knots < mm[:, None]).sum(axis=1)  # knots[below - 1]: the largest below M
    above = (knots <= mm[:, None]).sum(axis=1)  # knots[above]: the smallest above M
    low = (real & (fk <= epsilon)).sum(axis=1)  # knots[:low]: f ≤ ε
    high = (real & (fk < -epsilon)).sum(axis=1)  # knots[:high]: f < −ε
    # The knot where the walk stops, and the point it came from (M for the first knot).
    stop = np.where(down, np.minimum(low, below) - 1, np.maximum(high, above))
    came = np.where(down, stop + 1, stop - 1)
    from_m = came == np.where(down, below, above - 1)
    at = (rows, np.minimum(np.maximum(stop, 0), q - 1))
    prev = (rows, np.minimum(np.maximum(came, 0), q - 1))
    zs, f_zs = knots[at], fk[at]
    p = np.where(from_m, mm, knots[prev])
    f_p = np.where(from_m, fm, fk[prev])
    star = p - f_p * (p - zs) / (f_p - f_zs)
    onto = (np.abs(f_p - f_zs) < epsilon) | np.where(down, star < zs, star > zs)
    settled = np.where(moving, np.where(onto, zs, star), mm)
    # The scalar iteration stops where |f| ≤ ε. At a knot that is read off; after a
    # secant step f is affine on the segment, so |f| there is rounding (≲ 1e-13) unless ε
    # is set below that, when it is evaluated.
    checked = ~moving | (onto & (np.abs(f_zs) <= epsilon))
    if epsilon < _AFFINE_ROUNDING:
        checked |= ~onto & (np.abs(_objective(settled, x.n_eff, r0a, opponents, sa)) <= epsilon)
    else:
        checked |= ~onto
    checked &= (stop >= 0) & (stop < q)
    out = np.where(live & checked, _step4(settled, x.r0, knots, lows, highs), out)
    odd = (live & ~checked).nonzero()[0]
    if odd.size:  # rounding put a stop where |f| > ε: iterate as the scalar version does
        out[odd] = special_ratings_stepwise(
            SpecialBatch(
                x.r0[odd],
                x.n_eff[odd],
                x.opponents[odd],
                x.score[odd],
                x.all_wins[odd],
                x.all_losses[odd],
            ),
            epsilon,
            None,
            start,
        )
    if cap is not None:
        out = np.where(live & (out > cap), cap, out)  # L249
    return out


_AFFINE_ROUNDING = 1e-9
"""Below this ε the knot walk evaluates f after its secant step (see :func:`_special_walk`)."""


def _objective(
    r: FloatArray, n_eff: FloatArray, r0a: FloatArray, opponents: FloatArray, sa: FloatArray
) -> FloatArray:
    """f(R) of L201 at one point per row."""
    own = _unit(0.5 + (r - r0a) / 800.0)
    total: FloatArray = n_eff * own + _pwe_rows(r, opponents) - sa
    return total


def special_ratings_stepwise(  # noqa: C901
    x: SpecialBatch,
    epsilon: float = 1e-7,
    cap: float | None = 2700.0,
    start: SpecialStart = SpecialStart.PROGRAM,
) -> FloatArray:
    """:func:`special_rating` for many players: the knot algorithm of §4.1 (L211–249) run
    in lock step, every player taking exactly the steps the scalar version takes.

    Each pass evaluates f at every unfinished player's M (step 2 or 3 by its sign, step 4
    when |f(M)| ≤ ε); a player leaves the loop at its own step 4. Equal to
    :func:`special_rating` player by player (tests/uscf2020/test_special.py).

    Raises:
        RatingError: the iteration failed to settle (the scalar version's guard).
    """
    k = len(x.r0)
    out = np.array(x.r0, dtype=float)
    if k == 0:
        return out
    valid = ~np.isnan(x.opponents)
    m = valid.sum(axis=1).astype(float)
    opponents = np.where(valid, x.opponents, np.inf)  # padding: PWe 0, knots +inf
    # (R'_0, S') of L187–197.
    r0a = np.where(x.all_wins, x.r0 - 400.0, np.where(x.all_losses, x.r0 + 400.0, x.r0))
    sa = np.where(
        x.all_wins, x.score + x.n_eff, np.where(x.all_losses, x.score, x.score + x.n_eff / 2.0)
    )
    # Knots S_z (L205): x_i = R_i − 400 and y_i = R_i + 400 for i = 0..m, sorted per row
    # (padding +inf); duplicates do no harm to "the largest knot below M".
    centres = np.column_stack([r0a, opponents])
    knots = np.sort(np.concatenate([centres - 400.0, centres + 400.0], axis=1), axis=1)

    def f(rows: npt.NDArray[np.intp], r: FloatArray) -> FloatArray:
        """f(R) = N'·PWe(R, R'_0) + Σ PWe(R, R_i) − S' for the given rows."""
        own = np.clip(0.5 + (r - r0a[rows]) / 800.0, 0.0, 1.0)
        total: FloatArray = x.n_eff[rows] * own + _pwe_rows(r, opponents[rows]) - sa[rows]
        return total

    def below(rows: npt.NDArray[np.intp], r: FloatArray) -> FloatArray:
        """The largest knot < r per row (−inf if none)."""
        at = (knots[rows] < r[:, None]).sum(axis=1)
        z: FloatArray = np.where(at > 0, knots[rows, np.maximum(at - 1, 0)], -np.inf)
        return z

    def above(rows: npt.NDArray[np.intp], r: FloatArray) -> FloatArray:
        """The smallest knot > r per row (+inf if none)."""
        at = (knots[rows] <= r[:, None]).sum(axis=1)
        z: FloatArray = knots[rows, np.minimum(at, knots.shape[1] - 1)]
        return np.where(at < knots.shape[1], z, np.inf)

    # Step 1 (L213–215): the first estimate M, R'_0 as the federation's program does, or
    # the text's formula.
    base = x.n_eff + m
    live = base > 0
    if start is SpecialStart.TEXT:
        opp_total = np.where(valid, x.opponents, 0.0).sum(axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            mm = (x.n_eff * r0a + opp_total + 400.0 * (2.0 * x.score - m)) / base
    else:
        mm = r0a.copy()
    rows = np.flatnonzero(live)
    mm_live = mm[rows]
    settled_rows: list[npt.NDArray[np.intp]] = []
    settled_at: list[FloatArray] = []
    for _ in range(8 * knots.shape[1] + 64):
        if rows.size == 0:
            break
        fm = f(rows, mm_live)
        down, up = fm > epsilon, fm < -epsilon
        moving = down | up
        settled = ~moving
        settled_rows.append(rows[settled])  # |f(M)| ≤ ε: step 4 below
        settled_at.append(mm_live[settled])
        if not moving.any():
            rows = rows[:0]
            break
        rows, mm_live, fm, down = rows[moving], mm_live[moving], fm[moving], down[moving]
        # Step 2 (L217–225): move down; step 3 (L227–235): move up.
        z = np.where(down, below(rows, mm_live), above(rows, mm_live))
        fz = f(rows, z)
        with np.errstate(divide="ignore", invalid="ignore"):
            flat = np.abs(fm - fz) < epsilon
            star = np.where(
                down,
                mm_live - fm * (mm_live - z) / (fm - fz),
                mm_live - fm * (z - mm_live) / (fz - fm),
            )
        overshoot = np.where(down, star < z, star > z)
        mm_live = np.where(flat | overshoot, z, star)
    else:  # pragma: no cover - guarded as in the scalar version
        raise RatingError("special formula did not converge")
    if rows.size:  # pragma: no cover - the loop leaves only when every row settled
        raise RatingError("special formula did not converge")
    if settled_rows:  # Step 4 (L237–247) for every player, at the M where it settled.
        done = np.concatenate(settled_rows)
        out[done] = _step4(
            np.concatenate(settled_at),
            x.r0[done],
            knots[done],
            centres[done] - 400.0,
            centres[done] + 400.0,
        )
    if cap is not None:
        out = np.where(live & (out > cap), cap, out)  # L249
    return out


def _step4(
    mm: FloatArray, r0: FloatArray, knots: FloatArray, lows: FloatArray, highs: FloatArray
) -> FloatArray:
    """Step 4 (L237–247): keep M unless no PWe is in its linear range (p = 0); then take
    R_0, moved to the nearest knot if it lies outside the knots around M.

    ``lows`` and ``highs`` are R_i − 400 and R_i + 400 per centre (R'_0 first), the very
    floats the knots are made of, so a root landing on a knot y_i always counts."""
    flat = ~((lows <= mm[:, None]) & (mm[:, None] <= highs)).any(axis=1)
    out = mm.copy()
    rows = np.flatnonzero(flat)
    if rows.size == 0:
        return out
    mm, r0, knots = mm[rows], r0[rows], knots[rows]
    at = (knots < mm[:, None]).sum(axis=1)
    za = np.where(at > 0, knots[np.arange(len(mm)), np.maximum(at - 1, 0)], -np.inf)
    at_hi = (knots <= mm[:, None]).sum(axis=1)
    zb = np.where(
        at_hi < knots.shape[1],
        knots[np.arange(len(mm)), np.minimum(at_hi, knots.shape[1] - 1)],
        np.inf,
    )
    out[rows] = np.where((za <= r0) & (r0 <= zb), r0, np.where(r0 < za, za, zb))
    return out


# --------------------------------------------------------------------------- §4.2


def standard_expected(r0: float, opponents: Sequence[float]) -> float:
    """E = Σ We(R_0, R_i) (§4.2, L292), the logistic expectancy on the pre-event rating."""
    return math.fsum(logistic_expectancy(r0 - ri) for ri in opponents)


def k_factors(n_eff: FloatArray, m: FloatArray, regular_rating: FloatArray) -> FloatArray:
    """K of §4.2 (L263, L282) for many players at once.

    K = 800/(N' + m); in a dual-rated event for a player whose Regular rating R exceeds
    2200 (``regular_rating``; NaN where the rule does not apply):
    800(6.5 − 0.0025R)/(N' + m) below 2500, 200/(N' + m) from 2500.
    """
    base = n_eff + m
    with np.errstate(invalid="ignore"):
        dual = regular_rating > 2200.0
        top = regular_rating >= 2500.0
    numerator = np.where(dual, np.where(top, 200.0, 800.0 * (6.5 - 0.0025 * regular_rating)), 800.0)
    out: FloatArray = numerator / base
    return out


def k_factor(
    n_eff: float, m: int, *, dual_rated: bool = False, regular_rating: float | None = None
) -> float:
    """K of §4.2 for one player (see :func:`k_factors`).

    >>> round(k_factor(20.0, 6), 2)
    30.77
    """
    reg = regular_rating if dual_rated and regular_rating is not None else math.nan
    return float(k_factors(np.array([n_eff]), np.array([float(m)]), np.array([reg]))[0])


def bonus_eligible(
    opponent_ids: Sequence[Hashable], *, min_games: int = 3, max_meetings: int = 2
) -> bool:
    """Bonus only if m ≥ 3 and no opponent is met more than twice (§4.2, L288–294)."""
    if len(opponent_ids) < min_games:
        return False
    return max(Counter(opponent_ids).values()) <= max_meetings


def bonus_amounts(change: FloatArray, m: FloatArray, b: float, m_floor: int = 4) -> FloatArray:
    """max(0, K(S − E) − B·√m') with m' = max(m, 4) (§4.2, L296–300), ``change`` = K(S − E)."""
    out: FloatArray = np.maximum(0.0, change - b * np.sqrt(np.maximum(m, m_floor)))
    return out


def bonus_amount(k: float, s: float, e: float, m: int, b: float, m_floor: int = 4) -> float:
    """The bonus for one player (see :func:`bonus_amounts`).

    >>> bonus_amount(32.0, 4.0, 2.0, 4, 14.0)
    36.0
    """
    return float(bonus_amounts(np.array([k * (s - e)]), np.array([float(m)]), b, m_floor)[0])
