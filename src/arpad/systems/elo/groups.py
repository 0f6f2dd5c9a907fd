"""Rating a group: round robins with unrated players, and successive approximations.

Source: elo-rating-of-chessplayers-1986.txt.

- §3.33 (L1048): a *special rating tournament*, a round robin with an arbitrary R_a, each
  participant's R_p by (6);
- §3.34–§3.35 (L1049–1104): a round robin with a few rated players: R_a by (6a)
  R_a = R_ar − D_ar, then R_p = R_a + D_a for everyone (the 1972 Brazilian Championship);
- §3.41–§3.46 (L1110–1159): the *method of successive approximations* for a group whose
  members have not all met (the Morphy-era crosstable 3.43), R_c "weighted for the number of
  encounters with each opponent" (L1140).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from arpad.booktables import round_half_up
from arpad.compiled import player_games
from arpad.curves import FloatArray
from arpad.errors import ConfigError
from arpad.model import Event
from arpad.performance import average
from arpad.systems.elo import rules
from arpad.systems.elo.expectancy import Expectancy
from arpad.systems.elo.formulas import adjusted_difference, round_robin_average_6a


def round_robin_cycles(event: Event, players: Sequence[str] | None = None) -> int | None:
    """k if every pair of ``players`` (default: everyone with a rated game) met exactly k
    times in rated games — a k-fold round robin (a match is M = 2) — else ``None``: the
    test of :func:`.rules.round_robin_cycles` (the one the season loop compiles) over
    their games among themselves.

    >>> from arpad.model import Game, PlayerEntry, build_event
    >>> e = build_event("rr", [PlayerEntry("a"), PlayerEntry("b"), PlayerEntry("c")],
    ...     [Game("a", "b", 1.0), Game("b", "c", 0.5), Game("c", "a", 0.0)])
    >>> round_robin_cycles(e)
    1
    """
    ids = list(players) if players is not None else _active(event)
    if len(ids) < 2:
        return None
    index = {pid: i for i, pid in enumerate(ids)}
    pairs = [
        (index[g.white], index[g.black])
        for g in event.rated_games()
        if g.white in index and g.black in index
    ]
    n = len(ids)
    fw, iw = rules.work(n, len(pairs))
    white = np.array([w for w, _ in pairs], dtype=np.int64)
    black = np.array([b for _, b in pairs], dtype=np.int64)
    player_games(
        white, black, np.zeros(len(pairs)), n, iw[rules.I_START], iw[rules.I_FILL],
        iw[rules.I_OPP], fw[rules.W_OWN],
    )  # fmt: skip
    if rules.players_with_games(iw[rules.I_START, : n + 1]) < n:
        return None  # a player of ``players`` met nobody: not every pair met
    k = rules.round_robin_cycles(n, iw)
    return k if k > 0 else None


def _active(event: Event) -> list[str]:
    seen = {p for g in event.rated_games() for p in (g.white, g.black)}
    return [p.id for p in event.players if p.id in seen]


# -- §3.33–§3.35: round robins with unrated players -------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundRobinRow:
    """One participant of a round robin rated by (5), (6a) and (6)."""

    player_id: str
    rating: float | None
    score: float
    games: int
    p: float
    """W/N."""
    d_p: float
    """D_p for P (the expectancy's inverse; ±inf for 100 % or 0 %)."""
    d_a: float
    """(5) D_a = D_p (M − 1)/M, rounded to an integer when the book's rounding is on."""
    performance: float
    """(6) R_p = R_a + D_a."""


@dataclass(frozen=True, slots=True)
class RoundRobinRating:
    """A round robin rated from its average R_a (§3.33–§3.35)."""

    average: float
    """R_a, as used (rounded when the book's rounding is on)."""
    rated_average: float | None
    """R_ar: the rated players' average rating (None when R_a was given)."""
    rated_adjusted: float | None
    """D_ar: the rated players' average D_a (None when R_a was given)."""
    participants: int
    rows: tuple[RoundRobinRow, ...]

    def row(self, player_id: str) -> RoundRobinRow:
        for r in self.rows:
            if r.player_id == player_id:
                return r
        raise KeyError(player_id)


def rate_round_robin(
    players: Sequence[tuple[str, float | None, float, int]],
    expectancy: Expectancy,
    *,
    average_rating: float | None = None,
    book_rounding: bool = True,
) -> RoundRobinRating:
    """Rate every participant of a round robin from the tournament average R_a.

    Args:
        players: ``(id, rating or None, score W, games N)`` for each of the M participants.
        expectancy: the curve giving D_p for P = W/N (the book: Table 2.11).
        average_rating: R_a if set in advance (§3.33, a special rating tournament);
            otherwise R_a = R_ar − D_ar by (6a) from the rated players (§3.34).
        book_rounding: round D_a and R_a to integers as the book's tables do (§3.35:
            "R_a = 2317.5 − 101.8 = 2216 when rounded").

    Raises:
        ConfigError: fewer than two participants, or no rated player and no R_a given.

    Each participant's performance is (6) R_p = R_a + D_a, with (5) D_a = D_p (M − 1)/M.
    """
    m = len(players)
    if m < 2:
        raise ConfigError("a round robin needs at least two participants")
    rows: list[RoundRobinRow] = []
    for pid, rating, score, games in players:
        if games <= 0:
            raise ConfigError(f"player {pid!r} has no games in the round robin")
        p = score / games
        d_p = expectancy.d(p)
        d_a = adjusted_difference(d_p, m)
        if book_rounding and math.isfinite(d_a):
            d_a = round_half_up(d_a)
        rows.append(RoundRobinRow(pid, rating, score, games, p, d_p, d_a, math.nan))
    r_ar: float | None = None
    d_ar: float | None = None
    if average_rating is None:
        rated = [r for r in rows if r.rating is not None]
        if not rated:
            raise ConfigError("no rated player to fix the round robin's average (6a)")
        finite = [r for r in rated if math.isfinite(r.d_a)]
        if not finite:
            raise ConfigError("every rated player scored 100 % or 0 %; (6a) is indeterminate")
        r_ar = average([r.rating for r in finite if r.rating is not None])
        d_ar = average([r.d_a for r in finite])
        r_a = round_robin_average_6a(r_ar, d_ar)
        if book_rounding:
            r_a = round_half_up(r_a)
    else:
        r_a = average_rating
    done = tuple(
        RoundRobinRow(r.player_id, r.rating, r.score, r.games, r.p, r.d_p, r.d_a, r_a + r.d_a)
        for r in rows
    )
    return RoundRobinRating(r_a, r_ar, d_ar, m, done)


# -- §3.41–§3.46: successive approximations --------------------------------------------------


@dataclass(frozen=True, slots=True)
class Approximations:
    """The cycles of the method of successive approximations (table 3.45's layout)."""

    players: tuple[str, ...]
    d_p: tuple[float, ...]
    """Each player's D_p for his score over all his games (held fixed)."""
    ratings: tuple[tuple[float, ...], ...]
    """R_1, R_2, …: ``ratings[k][i]`` is player i's (k+1)-th approximation."""
    competition: tuple[tuple[float, ...], ...]
    """R_c1, R_c2, …: ``competition[k][i]`` is the games-weighted mean of the others' R_(k+1)."""
    converged: bool
    """Whether the last cycle moved no rating by more than the tolerance."""

    @property
    def final(self) -> Mapping[str, float]:
        return dict(zip(self.players, self.ratings[-1], strict=True))


def approximation_cycles(
    d_p: FloatArray,
    competition: Callable[[FloatArray], FloatArray],
    initial: float,
    limit: int,
    tolerance: float | None = None,
) -> tuple[list[FloatArray], list[FloatArray], bool]:
    """Steps 3–6 of the method (§3.41, L1112–1117), the one loop of every caller:
    R_1 = R_i + D_p, then R_c(k) = ``competition(R_k)`` and R_(k+1) = R_c(k) + D_p.

    Stops after ``limit`` approximations, or (``tolerance`` given) as soon as no rating
    moved by more than ``tolerance``. Returns the R's, the R_c's and whether it settled.
    """
    ratings = [initial + d_p]
    competitions: list[FloatArray] = []
    converged = False
    while len(ratings) < limit:
        r_c = competition(ratings[-1])
        competitions.append(r_c)
        ratings.append(r_c + d_p)
        if tolerance is not None and float(np.max(np.abs(ratings[-1] - ratings[-2]))) <= tolerance:
            converged = True
            break
    return ratings, competitions, converged


def successive_approximations(
    players: Sequence[str],
    points: Mapping[tuple[str, str], float],
    expectancy: Expectancy,
    *,
    initial: float = 500.0,
    cycles: int | None = None,
    tolerance: float = 0.5,
    max_cycles: int = 200,
) -> Approximations:
    """The method of successive approximations (§3.41, L1110–1119).

    1. every player starts at ``initial`` (R_i, "high enough so no rating will go negative");
    2. D_p for each player's percentage score over all his games;
    3. R_1 = R_i + D_p (formula (1) with R_C = R_i);
    4. R_c1 = the average of the others' R_1, weighted by the games played against each;
    5. R_2 = R_c1 + D_p; and so on "until successive values for R show little or no change".

    Args:
        players: the group.
        points: ``points[(a, b)]`` is what ``a`` scored against ``b`` (a crosstable cell);
            the games between them are ``points[(a, b)] + points[(b, a)]``.
        expectancy: the curve for D_p (the book: Table 2.11).
        initial: R_i (500 in the book's example, L1140).
        cycles: stop after this many approximations R_1 … R_cycles (the book stops at 5);
            ``None`` iterates until no rating moves by more than ``tolerance``.
        max_cycles: the cap when iterating to convergence (the method may oscillate, as the
            book's example does).

    Raises:
        ConfigError: a player with no games, or with 100 % / 0 % (D_p indeterminate).
    """
    ids = list(players)
    index = {p: i for i, p in enumerate(ids)}
    n = len(ids)
    games = np.zeros((n, n))
    score = np.zeros(n)
    for (a, b), pts in points.items():
        if a not in index or b not in index:
            raise ConfigError(f"crosstable cell {(a, b)!r} names a player outside the group")
        games[index[a], index[b]] += pts
        games[index[b], index[a]] += pts
        score[index[a]] += pts
    totals = games.sum(axis=1)
    d_p = np.zeros(n)
    for i, p in enumerate(ids):
        if totals[i] <= 0:
            raise ConfigError(f"player {p!r} has no games in the crosstable")
        d = expectancy.d(float(score[i] / totals[i]))
        if not math.isfinite(d):
            raise ConfigError(f"player {p!r} scored 100 % or 0 %; D_p is indeterminate")
        d_p[i] = d
    weights = games / totals[:, None]
    ratings, competition, converged = approximation_cycles(
        d_p,
        lambda r: np.asarray(weights @ r, dtype=float),
        initial,
        max_cycles if cycles is None else cycles,
        tolerance if cycles is None else None,
    )
    if cycles is not None and len(ratings) >= 2:
        converged = float(np.max(np.abs(ratings[-1] - ratings[-2]))) <= tolerance
    return Approximations(
        players=tuple(ids),
        d_p=tuple(float(x) for x in d_p),
        ratings=tuple(tuple(float(x) for x in r) for r in ratings),
        competition=tuple(tuple(float(x) for x in c) for c in competition),
        converged=converged,
    )


def crosstable_points(event: Event) -> dict[tuple[str, str], float]:
    """The crosstable of an event's rated games: ``points[(a, b)]`` = a's score against b.

    >>> from arpad.model import Game, PlayerEntry, build_event
    >>> e = build_event("m", [PlayerEntry("a"), PlayerEntry("b")],
    ...     [Game("a", "b", 1.0), Game("b", "a", 0.5)])
    >>> sorted(crosstable_points(e).items())
    [(('a', 'b'), 1.5), (('b', 'a'), 0.5)]
    """
    out: dict[tuple[str, str], float] = {}
    for g in event.rated_games():
        out[(g.white, g.black)] = out.get((g.white, g.black), 0.0) + g.score
        out[(g.black, g.white)] = out.get((g.black, g.white), 0.0) + 1.0 - g.score
    return out
