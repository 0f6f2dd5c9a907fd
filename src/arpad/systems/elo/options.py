"""The choices of Elo's working formulae that a configuration names
(elo-rating-of-chessplayers-1986.txt §1.5–§1.7): below both the system
(:mod:`.system`) and the season loop's parameters (:mod:`.fields`)."""

from __future__ import annotations

from enum import StrEnum


class ExpectedFormula(StrEnum):
    """How W_e is found (§1.65–§1.66, §1.74)."""

    INDIVIDUAL = "individual"
    """(3) W_e = Σ P_i, "more precisely" (§2.44)."""
    AVERAGE = "average"
    """(4) W_e = N × P_{D_c}, against the average opponent."""
    ROUND_ROBIN = "round-robin"
    """(8) W_e = P_{D_a} M − ½, from the tournament average (round robins only)."""


class PerformanceFormula(StrEnum):
    """How the performance rating R_p is found."""

    COMPETITION = "competition"
    """(1) R_p = R_c + D_p."""
    ROUND_ROBIN = "round-robin"
    """(5)–(6) R_p = R_a + D_p (M − 1)/M (complete round robins only)."""
    EXACT = "exact"
    """§1.55: the R_p at which the expected score equals the score."""
    LINEAR = "linear"
    """(10) R_p = R_c + 400 (W − L)/N."""
