"""The coefficient K: every rule the book gives, as data and small functions.

Source: elo-rating-of-chessplayers-1986.txt.

- constant K; "K may range between 10 and 32" (§1.63, L378); K = 10 in international play
  (§2.43, L682); K = 32 in the USCF (§1.83, L466; §8.27, L2993);
- K = 4σ/N_o = 800/N_o (eq. 19, §8.25, L2905);
- the precision-modulus K = 4σ/(√(N_o N) + N) (eq. 36, §8.28, L3048), table T2 for N_o = 30;
- K by range of N in practice (§8.28, L3057–3059): USCF 32 for N 5–12; FIDE 15 for N 11–20,
  10 for N 30–60 (table T3);
- FIDE 1986 (§4.56, L1760): 25 "for the first three events or 30 games in which a rating
  change is calculated", then 15 "until his first published rating over 2400, after which it
  becomes 10 permanently";
- the test of a K setting, (30)–(33) and table T1 (§8.28, L3013–3036).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from arpad.booktables import round_half_up
from arpad.curves import normal_expectancy
from arpad.errors import ConfigError
from arpad.systems.elo import rules
from arpad.systems.elo.expectancy import CLASS_INTERVAL


class KRule(StrEnum):
    """How K is chosen for a player in an event."""

    CONSTANT = "constant"
    """The configured K for everyone."""
    GAMES = "games"
    """(19) K = 4C/N_o."""
    PRECISION = "precision"
    """(36) K = 4C/(√(N_o N) + N)."""
    USCF = "uscf"
    """The USCF K of the book's time: 32 (§1.83, L466)."""
    FIDE1986 = "fide1986"
    """25 for a new player, then 15, then 10 from a published rating over 2400 (§4.56)."""


class K25Ends(StrEnum):
    """When FIDE's K = 25 ends: after three events *or* thirty games (§4.56, L1760)."""

    FIRST = "first"
    """At whichever of the two comes first."""
    LAST = "last"
    """Only when both are reached (default; decision D-fide-1)."""


USCF_K = rules.USCF_K
"""K = 32 in the USCF (§1.83, L466; §8.27, L2993: N_o = 25, so K = 800/25 = 32)."""


def k_from_games(n_o: float, C: float = CLASS_INTERVAL) -> float:
    """(19) K = 4σ/N_o with σ = C (§8.25, L2905).

    >>> k_from_games(25), k_from_games(50)
    (32.0, 16.0)
    """
    if n_o <= 0:
        raise ConfigError(f"N_o must be > 0, not {n_o!r}")
    return rules.games_k(n_o, C)


def games_for_k(k: float, C: float = CLASS_INTERVAL) -> float:
    """The N_o that (19) pairs with K: N_o = 4σ/K (K = 25 ↔ 32 games, 15 ↔ 53, 10 ↔ 80).

    >>> games_for_k(25), round(games_for_k(15), 1), games_for_k(10)
    (32.0, 53.3, 80.0)
    """
    if k <= 0:
        raise ConfigError(f"K must be > 0, not {k!r}")
    return 4.0 * C / k


def precision_k(n_o: float, n: int, C: float = CLASS_INTERVAL) -> float:
    """(36) K = 4σ/(√(N_O N) + N) (§8.28, L3048); table T2 uses N_O = 30.

    >>> round(precision_k(30, 5)), round(precision_k(30, 60))
    (46, 8)
    """
    if n <= 0 or n_o <= 0:
        raise ConfigError("precision K needs N > 0 and N_o > 0")
    return rules.precision_k(n_o, n, C)


def practice_k(system: str, n: int) -> float | None:
    """K "set for ranges of N" in practice (§8.28, L3057–3059, table T3).

    USCF: 32 for N in 5–12. FIDE: 15 for N in 11–20, 10 for N in 30–60 (the printed ranges
    overlap and leave gaps; outside them ``None``).

    >>> practice_k("uscf", 6), practice_k("fide", 15), practice_k("fide", 40)
    (32.0, 15.0, 10.0)
    >>> practice_k("fide", 25) is None
    True
    """
    if system == "uscf":
        return USCF_K if 5 <= n <= 12 else None
    if system == "fide":
        if 11 <= n <= 20:
            return 15.0
        if 30 <= n <= 60:
            return 10.0
        return None
    raise ConfigError(f"unknown system {system!r}; use 'uscf' or 'fide'")


@dataclass(frozen=True, slots=True)
class FideK:
    """FIDE's K schedule of 1986 (§4.56, L1760), every number a field."""

    new: float = 25.0
    """K for a new player."""
    new_events: int = 3
    """"the first three events …"."""
    new_games: int = 30
    """"… or 30 games in which a rating change is calculated"."""
    ends: K25Ends = K25Ends.LAST
    regular: float = 15.0
    top: float = 10.0
    top_threshold: float = 2400.0
    """K = 10 after "his first published rating over 2400" (strictly over)."""

    def k(self, events: int, games: int, reached_top: bool) -> float:
        """K for a player with ``events`` events and ``games`` games in which a rating
        change was calculated, ``reached_top`` if he has had a published rating over 2400
        (:func:`.rules.fide_k`, the rule the season loop compiles).

        >>> FideK().k(2, 35, False), FideK().k(3, 29, False), FideK().k(3, 30, False)
        (25.0, 25.0, 15.0)
        >>> FideK(ends=K25Ends.FIRST).k(3, 0, False), FideK().k(9, 99, True)
        (15.0, 10.0)
        """
        return rules.fide_k(
            events,
            games,
            reached_top,
            self.ends == K25Ends.LAST,
            self.new,
            self.new_events,
            self.new_games,
            self.regular,
            self.top,
        )


@dataclass(frozen=True, slots=True)
class KTest:
    """One row of table T1 (§8.28, L3032–3036): is R_N within 1.5 σ_p of R_P?"""

    k: float
    n: int
    n_o: float
    sigma_p: float
    """σ_p = C√2/√N (L3028), rounded to an integer as the table prints it."""
    performance_limit: float
    """(32) |R_P − R_O| < 1.5 σ_p N_O/(N_O − N)."""
    change_limit: float
    """(33) |ΔR| < 1.5 σ_p N/(N_O − N)."""
    ratio: float
    """|R_P − R_O| limit / σ_p, the limit rounded to an integer first as the table does
    (236/126 = 1.87, where the unrounded 1.875 would print 1.88)."""
    probability: float
    """P = 2Φ(ratio) − 1, "the probability … of finding ΔR or R_P below the given limits"."""


def k_test(k: float, n: int, C: float = CLASS_INTERVAL) -> KTest:
    """The test of a K setting for an N-game sample, (30)–(33) (§8.28, L3013–3036).

    N_O = 4C/K (eq. 19). σ_p is rounded to an integer first, as in the book's table T1.

    >>> t = k_test(32, 5)
    >>> t.sigma_p, round(t.performance_limit), round(t.change_limit), round(t.ratio, 2)
    (126.0, 236, 47, 1.87)
    """
    n_o = games_for_k(k, C)
    if n >= n_o:
        raise ConfigError(f"the test needs N < N_o = {n_o:g}, not N = {n}")
    sigma_p = round_half_up(C * math.sqrt(2.0) / math.sqrt(n))
    performance_limit = 1.5 * sigma_p * n_o / (n_o - n)
    change_limit = 1.5 * sigma_p * n / (n_o - n)
    ratio = round_half_up(performance_limit) / sigma_p
    probability = 2.0 * normal_expectancy(ratio, 1.0) - 1.0
    return KTest(k, n, n_o, sigma_p, performance_limit, change_limit, ratio, probability)
