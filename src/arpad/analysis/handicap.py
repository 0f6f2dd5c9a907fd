"""Handicap competition with the rating system (Elo 1986 §3.9, L1280–1367).

Source: elo-rating-of-chessplayers-1986.txt.

- the Brasket method (§3.93, L1289): handicap rating points f·(scratch − R), f "usually 80%",
  added to the performance rating;
- game-point handicap for a match (§3.94, L1293): the difference of the expected scores by (4)
  less the standard deviation σ = √(Npq);
- round robins (§3.95–§3.97, L1294–1336): table 3.96 by level below scratch and number of
  participants, "for the lower limit for each interval. Interpolations should be used for
  intermediate levels … to the nearest tenth of a game point" (L1298);
- Swiss tournaments (§3.98–§3.99, L1338–1367): table 3.99 by level and number of rounds,
  scratch "the average of the three top-rated players".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from arpad.booktables import round_half_up, table_expectancy
from arpad.errors import ConfigError
from arpad.model import Event
from arpad.performance import average
from arpad.systems.elo.expectancy import Expectancy
from arpad.systems.elo.formulas import round_robin_expected, score_difference
from arpad.systems.elo.groups import round_robin_cycles

# -- table 3.96 -----------------------------------------------------------------------------

ROUND_ROBIN_PARTICIPANTS: tuple[int, ...] = (10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22)
"""Columns of table 3.96 (the book prints no column for 21)."""
ROUND_ROBIN_LEVELS: tuple[int, ...] = (101, 126, 151, 176, 201, 226, 251, 276, 301, 326)
"""Lower limits of the rows of table 3.96 (101–125, …, 326–350)."""
ROUND_ROBIN_TABLE: tuple[tuple[float, ...], ...] = (
    (0, 0, 0, 0, 0, 0, 0, 0, 0.1, 0.2, 0.2, 0.3),
    (0.1, 0.2, 0.3, 0.4, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.2),
    (0.5, 0.6, 0.7, 0.9, 1.0, 1.1, 1.3, 1.4, 1.5, 1.7, 1.8, 2.1),
    (0.9, 1.1, 1.2, 1.4, 1.6, 1.7, 1.9, 2.1, 2.3, 2.4, 2.6, 3.0),
    (1.2, 1.4, 1.5, 1.7, 1.9, 2.1, 2.3, 2.6, 2.8, 3.0, 3.2, 3.6),
    (1.5, 1.7, 1.9, 2.1, 2.4, 2.7, 2.9, 3.1, 3.4, 3.6, 3.9, 4.4),
    (1.8, 2.0, 2.3, 2.5, 2.8, 3.1, 3.4, 3.7, 4.0, 4.3, 4.6, 5.2),
    (2.1, 2.5, 2.8, 3.1, 3.4, 3.8, 4.1, 4.5, 4.8, 5.1, 5.4, 6.1),
    (2.5, 2.9, 3.2, 3.6, 4.0, 4.3, 4.7, 5.0, 5.4, 5.8, 6.2, 7.0),
    (2.8, 3.3, 3.6, 4.0, 4.3, 4.7, 5.1, 5.5, 5.9, 6.3, 6.8, 7.8),
)
"""Table 3.96, Handicap Points for Round Robin Tournaments (L1300–1313)."""

# -- table 3.99 -----------------------------------------------------------------------------

SWISS_ROUNDS: tuple[int, ...] = (5, 6, 7, 8, 9, 10, 11, 12)
"""Columns of table 3.99: number of rounds."""
SWISS_LEVELS: tuple[int, ...] = (
    0,
    201,
    251,
    301,
    351,
    401,
    451,
    501,
    551,
    601,
    651,
    701,
    751,
    801,
    851,
    901,
    951,
    1001,
)
"""Lower limits of the rows of table 3.99: "Under 200" (read as 0–200), 201–250, …, 951–1000,
"Over 1000"."""
SWISS_TABLE: tuple[tuple[float, ...], ...] = (
    (0, 0, 0, 0, 0, 0, 0, 0),
    (0, 0, 0, 0, 0, 0.1, 0.1, 0.2),
    (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.7),
    (0.4, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2),
    (0.6, 0.8, 1.0, 1.2, 1.3, 1.4, 1.5, 1.6),
    (0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 1.9, 2.0),
    (1.0, 1.3, 1.5, 1.7, 1.9, 2.1, 2.3, 2.4),
    (1.2, 1.6, 1.9, 2.1, 2.3, 2.5, 2.7, 2.8),
    (1.3, 1.8, 2.2, 2.4, 2.7, 2.9, 3.0, 3.1),
    (1.4, 1.9, 2.3, 2.5, 2.8, 3.0, 3.3, 3.4),
    (1.5, 2.0, 2.4, 2.7, 3.0, 3.2, 3.5, 3.7),
    (1.6, 2.1, 2.5, 2.9, 3.3, 3.6, 3.8, 4.0),
    (1.7, 2.2, 2.6, 3.0, 3.4, 3.8, 4.0, 4.2),
    (1.8, 2.3, 2.7, 3.1, 3.5, 3.9, 4.2, 4.4),
    (1.9, 2.4, 2.8, 3.2, 3.6, 4.0, 4.3, 4.6),
    (2.0, 2.5, 2.9, 3.3, 3.7, 4.1, 4.5, 4.8),
    (2.0, 2.5, 3.0, 3.4, 3.8, 4.2, 4.6, 5.0),
    (2.0, 2.6, 3.1, 3.5, 3.9, 4.3, 4.7, 5.1),
)
"""Table 3.99, Handicap Points for Swiss Tournaments (L1344–1367)."""

ROW_WIDTH = 25
"""Rows of table 3.96 are 25 rating points wide."""


def _column(value: int, heads: tuple[int, ...], what: str) -> tuple[int, int, float]:
    """Columns around ``value`` and the interpolation weight (21 participants lies between
    the printed 20 and 22)."""
    if value in heads:
        i = heads.index(value)
        return i, i, 0.0
    if heads[0] < value < heads[-1]:
        j = next(i for i, h in enumerate(heads) if h > value)
        return j - 1, j, (value - heads[j - 1]) / (heads[j] - heads[j - 1])
    raise ConfigError(f"the book's table covers {what} {heads[0]}–{heads[-1]}, not {value}")


def round_robin_handicap(level: float, participants: int) -> float:
    """Handicap points of table 3.96 for a player ``level`` points below scratch.

    A row's value applies at its lower limit; between limits the value is interpolated
    linearly and rounded half up to a tenth (L1298; this reproduces all ten entries of
    §3.97). Below 101 the handicap is 0. The book prints nothing above 350 and no next row to
    interpolate toward within 326–350, so from 326 on the last row's value holds (decision
    D-handicap-1). 21 participants is interpolated between the 20 and 22 columns.

    >>> round_robin_handicap(165, 16), round_robin_handicap(125, 16), round_robin_handicap(225, 16)
    (1.6, 0.6, 2.9)
    """
    lo, hi, w = _column(participants, ROUND_ROBIN_PARTICIPANTS, "participants")

    def value(row: int) -> float:
        r = ROUND_ROBIN_TABLE[row]
        return r[lo] + w * (r[hi] - r[lo])

    x = round_half_up(level)
    if x < ROUND_ROBIN_LEVELS[0]:
        return 0.0
    k = min(int((x - ROUND_ROBIN_LEVELS[0]) // ROW_WIDTH), len(ROUND_ROBIN_LEVELS) - 1)
    h = value(k)
    if k + 1 < len(ROUND_ROBIN_LEVELS):
        h += (value(k + 1) - h) * (x - ROUND_ROBIN_LEVELS[k]) / ROW_WIDTH
    return round_half_up(h, 1)


def swiss_handicap(level: float, rounds: int, *, interpolate: bool = False) -> float:
    """Handicap points of table 3.99 for a player ``level`` points below scratch.

    The book states no interpolation for this table; by default the row containing the
    level is read (a step lookup, "Under 200" read as 0–200, "Over 1000" from 1001).
    ``interpolate=True`` applies the round-robin rule instead (row values at lower limits,
    linear in between). The level is rounded half up to an integer first.

    >>> swiss_handicap(320, 9), swiss_handicap(200, 12), swiss_handicap(1200, 5)
    (0.9, 0.0, 2.0)
    """
    lo, hi, w = _column(rounds, SWISS_ROUNDS, "rounds")
    x = max(0.0, round_half_up(level))
    k = max(i for i, low in enumerate(SWISS_LEVELS) if low <= x)
    r = SWISS_TABLE[k]
    h = r[lo] + w * (r[hi] - r[lo])
    if interpolate and 0 < k < len(SWISS_LEVELS) - 1:
        nxt = SWISS_TABLE[k + 1]
        h2 = nxt[lo] + w * (nxt[hi] - nxt[lo])
        h += (h2 - h) * (x - SWISS_LEVELS[k]) / (SWISS_LEVELS[k + 1] - SWISS_LEVELS[k])
    return round_half_up(h, 1)


class Scratch(StrEnum):
    """Where scratch is set (§3.95: "either the rating of the top player or the average
    rating of the top three players"; §3.99 uses the top three for Swiss events)."""

    TOP = "top"
    TOP3 = "top3"


def scratch_rating(ratings: Sequence[float], rule: Scratch | str = Scratch.TOP) -> float:
    """The scratch rating of a field.

    >>> scratch_rating([2635, 2600, 2615, 2410]), scratch_rating([2635, 2600, 2615], "top3")
    (2635, 2616.6666666666665)
    """
    if not ratings:
        raise ConfigError("scratch needs at least one rated player")
    top = sorted(ratings, reverse=True)
    if Scratch(rule) is Scratch.TOP:
        return top[0]
    best = top[:3]
    return math.fsum(best) / len(best)


# -- the Brasket method and the match handicap -----------------------------------------------


def brasket_handicap_points(scratch: float, rating: float, fraction: float = 0.8) -> float:
    """Handicap rating points f·(scratch − R) (§3.93, L1289; f "usually 80%").

    >>> brasket_handicap_points(2200, 1900)
    240.0
    """
    return fraction * max(0.0, scratch - rating)


def brasket_score(
    performance: float, scratch: float, rating: float, fraction: float = 0.8
) -> float:
    """The handicap performance score: R_p plus the handicap rating points (§3.93).

    >>> brasket_score(2050, 2200, 1900)
    2290.0
    """
    return performance + brasket_handicap_points(scratch, rating, fraction)


@dataclass(frozen=True, slots=True)
class MatchHandicap:
    """A game-point handicap for a match (§3.94)."""

    p_high: float
    expected_high: float
    expected_low: float
    sigma: float
    """σ = √(N p q), the standard deviation of the game score."""
    handicap: float
    """Added to the lower-rated player's score: (W_e,high − W_e,low) − σ."""


def match_handicap(
    difference: float, games: int, expectancy: Callable[[float], float] | None = None
) -> MatchHandicap:
    """The game-point handicap for an N-game match between players ``difference`` apart
    (§3.94, L1293): expected scores by (4), the handicap "such as to bring the handicap
    scores within the range of the standard deviation of the scores".

    ``expectancy`` is a callable D → P (default Table 2.11).

    >>> h = match_handicap(200, 20)
    >>> round(h.expected_high, 2), round(h.expected_low, 2), round(h.sigma, 2), round(h.handicap, 2)
    (15.2, 4.8, 1.91, 8.49)
    """
    if games <= 0:
        raise ConfigError("a match needs at least one game")
    curve = table_expectancy if expectancy is None else expectancy
    p = curve(abs(difference))
    w_high = games * p
    w_low = games * (1.0 - p)
    sigma = math.sqrt(games * p * (1.0 - p))
    return MatchHandicap(p, w_high, w_low, sigma, max(0.0, (w_high - w_low) - sigma))


# -- an event's handicap standings -----------------------------------------------------------


class HandicapMethod(StrEnum):
    TABLE = "table"
    """Game points from table 3.96 (round robins) or 3.99 (Swiss)."""
    BRASKET = "brasket"
    """Performance rating plus f·(scratch − R) (§3.93)."""


@dataclass(frozen=True, slots=True)
class HandicapRow:
    player_id: str
    name: str
    rating: float | None
    score: float
    level: float | None
    """Rating level below scratch."""
    points: float | None
    """Handicap game points (table methods) or handicap rating points (Brasket)."""
    handicap_score: float | None
    """Score + handicap points, or (Brasket) R_p + handicap rating points."""
    performance: float | None = None


@dataclass(frozen=True, slots=True)
class HandicapReport:
    """Normal and handicap standings of one event."""

    method: str
    """``round-robin`` (table 3.96), ``swiss`` (table 3.99) or ``brasket``."""
    scratch: float
    participants: int
    rounds: int
    rows: tuple[HandicapRow, ...]
    spread: float | None = None
    """§3.95: expected score by (8) of the top-rated player minus that of the lowest-rated."""
    sigma: float | None = None
    """§3.95: the standard deviation of the game scores, ½√N at p = q = ½."""
    notes: tuple[str, ...] = ()

    @property
    def advisable(self) -> bool | None:
        """§3.95: handicapping "might be considered" when the spread exceeds σ."""
        if self.spread is None or self.sigma is None:
            return None
        return self.spread > self.sigma


def handicap_event(
    event: Event,
    *,
    method: HandicapMethod | str = HandicapMethod.TABLE,
    scratch: Scratch | str | float | None = None,
    fraction: float = 0.8,
    swiss_interpolate: bool = False,
) -> HandicapReport:
    """Handicap standings for an event (§3.93–§3.99).

    Args:
        method: ``table`` (game points from table 3.96 for a complete round robin, table 3.99
            otherwise) or ``brasket`` (performance rating plus rating points).
        scratch: ``top``, ``top3`` or a rating; default ``top`` for round robins (§3.97 uses
            Portisch's 2635), ``top3`` for Swiss events (§3.99).
        fraction: the Brasket fraction f (§3.93: "usually 80%").
        swiss_interpolate: interpolate table 3.99 (the book states no rule for it).

    Raises:
        ConfigError: no rated player, or a field outside the printed tables.
    """
    how = HandicapMethod(method)
    results = event.results_by_player()
    active = [p for p in event.players if results[p.id]]
    rated = [p.rating for p in active if p.rating is not None]
    cycles = round_robin_cycles(event, [p.id for p in active])
    round_robin = cycles is not None
    notes: list[str] = []
    if isinstance(scratch, (int, float)):
        scratch_value = float(scratch)
    else:
        rule = (
            Scratch(scratch)
            if scratch is not None
            else (Scratch.TOP if round_robin else Scratch.TOP3)
        )
        scratch_value = scratch_rating(rated, rule)
    rounds = max(len(results[p.id]) for p in active) if active else 0
    m = len(active)
    expectancy = Expectancy()
    rows: list[HandicapRow] = []
    for p in active:
        score = math.fsum(s for _, s in results[p.id])
        if p.rating is None:
            rows.append(HandicapRow(p.id, p.name or p.id, None, score, None, None, None))
            notes.append(f"{p.name or p.id} is unrated: no handicap")
            continue
        level = max(0.0, scratch_value - p.rating)
        if how is HandicapMethod.BRASKET:
            # R_p from the games against rated opponents only: their score and their
            # opponents' ratings (§3.93 adds the points to "the performance rating").
            played = [(event.player(o).rating, s) for o, s in results[p.id]]
            known = [(r, s) for r, s in played if r is not None]
            perf = None
            if known:
                won = math.fsum(s for _, s in known)
                perf = average([r for r, _ in known]) + score_difference(
                    won, len(known), expectancy
                )
            if len(known) < len(played):
                notes.append(
                    f"{p.name or p.id}: {len(played) - len(known)} of {len(played)} games "
                    "against unrated opponents left out of the performance rating"
                )
            pts = brasket_handicap_points(scratch_value, p.rating, fraction)
            hs = None if perf is None or not math.isfinite(perf) else perf + pts
            rows.append(HandicapRow(p.id, p.name or p.id, p.rating, score, level, pts, hs, perf))
            continue
        if round_robin:
            pts = round_robin_handicap(level, m)
        else:
            pts = swiss_handicap(level, rounds, interpolate=swiss_interpolate)
        rows.append(
            HandicapRow(
                p.id, p.name or p.id, p.rating, score, level, pts, round_half_up(score + pts, 1)
            )
        )
    spread = sigma = None
    if round_robin and rated and len(rated) == m:
        assert cycles is not None
        r_a = round_half_up(average(rated))
        top, bottom = max(rated), min(rated)
        spread = round_robin_expected(expectancy.p(top - r_a), m, cycles) - round_robin_expected(
            expectancy.p(bottom - r_a), m, cycles
        )
        sigma = 0.5 * math.sqrt((m - 1) * cycles)
    label = (
        "brasket" if how is HandicapMethod.BRASKET else ("round-robin" if round_robin else "swiss")
    )
    return HandicapReport(label, scratch_value, m, rounds, tuple(rows), spread, sigma, tuple(notes))
