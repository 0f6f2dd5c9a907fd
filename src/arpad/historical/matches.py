"""Historical matches as a cross-check of the ratings (Elo §5.54–§5.55).

Source: elo-rating-of-chessplayers-1986.txt L1950–2092. For each match of eleven games or
more the table gives "the pre-match rating difference D, the number of games N, the
higher-rated player's expected score as a percentage P and in game points W_e, and his
actual score W. The difference (W − W_e) may be compared with the calculated standard
deviation σ based on N and P" (L1964): W_e = N·P and σ = √(N·P·(1 − P)), both to one
decimal (half up: 1929 Alekhine–Bogoljubow, 25 × .61 = 15.25 → 15.3).

The book's reading (L1960–1962): "In only 9 of the 114 matches does the difference
(W − W_e) exceed the standard deviation σ", "in 13 of the 114 matches the lower-rated
player won the match while in 20 matches the result was a draw", and "in no case did any
discrepancy have a magnitude even approaching two standard deviations". The 13 leave out
the matches at D = 0 (no lower-rated player) and the halted 1984–85 match.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from arpad.errors import ConfigError
from arpad.historical.lists import MATCHES_FILE, read_rows


def round_half_up(x: float, digits: int = 1) -> float:
    """Round half up at ``digits`` decimals, immune to binary noise (25 × .61 → 15.3).

    >>> round_half_up(25 * 0.61)
    15.3
    """
    scale = 10.0**digits
    return math.floor(x * scale + 0.5 + 1e-9) / scale


@dataclass(frozen=True, slots=True)
class MatchCheck:
    """Expected against actual score of the higher-rated player of one match."""

    d: float
    games: int
    p: float
    expected: float
    """W_e = N·P, to one decimal."""
    score: float
    sigma: float
    """σ = √(N·P·(1 − P)), to one decimal."""

    @property
    def deviation(self) -> float:
        """W − W_e (both carry one decimal, so the difference is exact to one decimal)."""
        return round(self.score - self.expected, 1)


def check_match(
    d: float,
    games: int,
    score: float,
    expectancy: Callable[[float], float] | None = None,
    p: float | None = None,
    p_digits: int | None = 2,
) -> MatchCheck:
    """Check one match: give ``p`` (the book's P column) or an ``expectancy`` curve.

    P from a curve is rounded to ``p_digits`` decimals as the book's table is (``None``
    keeps it exact). For the book's own numbers pass Table 2.11,
    :func:`arpad.booktables.table_expectancy`, as ``expectancy``.

    >>> check_match(80, 25, 15.5, p=0.61).expected
    15.3
    """
    if games < 1:
        raise ConfigError(f"games must be ≥ 1, not {games!r}")
    if p is None:
        if expectancy is None:
            raise ConfigError("give p or an expectancy curve")
        p = expectancy(d)
        if p_digits is not None:
            p = round_half_up(p, p_digits)
    return MatchCheck(
        d=d,
        games=games,
        p=p,
        expected=round_half_up(games * p),
        score=score,
        sigma=round_half_up(math.sqrt(games * p * (1.0 - p))),
    )


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One row of table 5.55 as shipped in ``elo1986_matches.csv``."""

    seed_line: int
    years: str
    higher: str
    lower: str
    d: int
    games: int
    p: float
    expected: float
    score: float
    deviation: float
    sigma: float
    note: str = ""

    @property
    def halted(self) -> bool:
        """The 1984–85 Kasparov–Karpov match, "halted, with neither player being declared
        the winner" (L2092)."""
        return "halted" in self.note


def book_matches() -> tuple[MatchRecord, ...]:
    """The 114 matches of table 5.55, in the book's order."""
    return tuple(
        MatchRecord(
            seed_line=int(r["seed_line"]),
            years=r["years"],
            higher=r["higher"],
            lower=r["lower"],
            d=int(r["d"]),
            games=int(r["games"]),
            p=float(r["p"]),
            expected=float(r["expected"]),
            score=float(r["score"]),
            deviation=float(r["deviation"]),
            sigma=float(r["sigma"]),
            note=r["note"],
        )
        for r in read_rows(MATCHES_FILE)
    )


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """The counts Elo reads from table 5.55."""

    matches: int
    beyond_sigma: int
    """|W − W_e| > σ."""
    beyond_two_sigma: int
    lower_rated_won: int
    """Matches with D > 0, not halted, where the higher-rated player scored under N/2."""
    drawn: int
    """W = N/2."""


def summarize(checks: Sequence[MatchCheck], halted: Sequence[bool] | None = None) -> MatchSummary:
    """Count the book's statistics over a list of checked matches."""
    stopped = [False] * len(checks) if halted is None else list(halted)
    return MatchSummary(
        matches=len(checks),
        beyond_sigma=sum(1 for c in checks if abs(c.score - c.expected) > c.sigma),
        beyond_two_sigma=sum(1 for c in checks if abs(c.score - c.expected) > 2 * c.sigma),
        lower_rated_won=sum(
            1
            for c, h in zip(checks, stopped, strict=True)
            if c.d > 0 and not h and c.score < c.games / 2
        ),
        drawn=sum(1 for c in checks if c.score == c.games / 2),
    )
