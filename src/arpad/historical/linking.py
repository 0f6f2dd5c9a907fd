"""Linking the ratings of successive periods onto one scale by least squares.

Source: elo-rating-of-chessplayers-1986.txt §5.41–§5.42 (L1878–1886): periods are rated
separately (their ratings are "self-consistent" only within the period, on an arbitrary
zero), and "the familiar method of least squares" links them: players active in two
periods are the links, and "the difficulties resolve if several links exist between the
periods, and if appropriate adjustments are made for the age factors involved".

The book gives no formula; this module makes the least-squares statement precise
(decision D-historical-2): each period p gets an offset c_p (the first period's is 0), and
the offsets minimise

    Σ over players i in periods p and q   w_i · [(R_qi + c_q) − (R_pi + c_p) − a_i(p, q)]²

where a_i(p, q) is the player's expected change between the periods from the age curve
(0 without one), and w_i = 1/(1/N_pi + 1/N_qi) weighs each link by the games behind it (the
variance of a performance falls as 1/N, §8.95). By default only neighbouring periods are
linked, as a chain of half-decades was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from arpad.errors import ConfigError, RatingError


@dataclass(frozen=True, slots=True)
class PeriodRatings:
    """One period's ratings on its own scale."""

    label: str
    ratings: Mapping[str, float]
    games: Mapping[str, float] = field(default_factory=dict)
    """Games behind each rating (weights of the links); missing players count 1."""
    year: float | None = None
    """A representative year (the middle of the period), for the age adjustment."""


@dataclass(frozen=True, slots=True)
class LinkedPeriods:
    """The periods on one scale."""

    periods: tuple[PeriodRatings, ...]
    offsets: tuple[float, ...]
    links: tuple[int, ...]
    """The number of players linking each period to the next."""

    def rating(self, player: str, period: int) -> float:
        """The player's linked rating in the ``period``-th period."""
        return self.periods[period].ratings[player] + self.offsets[period]

    def history(self, player: str) -> list[tuple[str, float]]:
        """(period label, linked rating) for every period the player appears in."""
        return [
            (p.label, p.ratings[player] + c)
            for p, c in zip(self.periods, self.offsets, strict=True)
            if player in p.ratings
        ]


def link_periods(  # noqa: C901
    periods: Sequence[PeriodRatings],
    neighbours_only: bool = True,
    age_curve: Callable[[float], float] | None = None,
    birth_years: Mapping[str, float] | None = None,
) -> LinkedPeriods:
    """Put the periods on the scale of the first by least squares.

    Args:
        periods: in time order.
        neighbours_only: link each period only to the next (else every pair of periods).
        age_curve: expected rating by age (e.g. :func:`arpad.historical.development.
            composite_age_curve`); needs ``birth_years`` and each period's ``year``.
        birth_years: player → year of birth, for the age adjustment.

    Raises:
        RatingError: a period shares no player with the others.
    """
    m = len(periods)
    if m == 0:
        raise ConfigError("no periods to link")
    if age_curve is not None and (birth_years is None or any(p.year is None for p in periods)):
        raise ConfigError("an age adjustment needs birth_years and every period's year")
    rows: list[tuple[int, int, float, float]] = []  # (p, q, weight, observed gap)
    pairs = (
        [(p, p + 1) for p in range(m - 1)]
        if neighbours_only
        else [(p, q) for p in range(m) for q in range(p + 1, m)]
    )
    for p, q in pairs:
        a, b = periods[p], periods[q]
        for player in sorted(set(a.ratings) & set(b.ratings)):
            n_a, n_b = a.games.get(player, 1.0), b.games.get(player, 1.0)
            weight = 1.0 / (1.0 / n_a + 1.0 / n_b)
            gap = a.ratings[player] - b.ratings[player]
            if age_curve is not None and birth_years is not None and player in birth_years:
                born = birth_years[player]
                assert a.year is not None and b.year is not None
                gap += age_curve(b.year - born) - age_curve(a.year - born)
            rows.append((p, q, weight, gap))
    # c_q − c_p ≈ gap for each link; c_0 = 0
    design = np.zeros((len(rows), m - 1))
    target = np.zeros(len(rows))
    weights = np.zeros(len(rows))
    for k, (p, q, weight, gap) in enumerate(rows):
        if q > 0:
            design[k, q - 1] += 1.0
        if p > 0:
            design[k, p - 1] -= 1.0
        target[k] = gap
        weights[k] = weight
    if m > 1:
        root = np.sqrt(weights)
        solution, _, rank, _ = np.linalg.lstsq(design * root[:, None], target * root, rcond=None)
        if rank < m - 1:
            raise RatingError("some period shares no player with the others; it cannot be linked")
        offsets = (0.0, *(float(x) for x in solution))
    else:
        offsets = (0.0,)
    links = tuple(len(set(periods[p].ratings) & set(periods[p + 1].ratings)) for p in range(m - 1))
    return LinkedPeriods(tuple(periods), offsets, links)
