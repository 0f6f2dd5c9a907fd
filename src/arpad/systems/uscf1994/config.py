"""Configuration and player state of the proposed 1994 USCF system.

Source: uscf-ratings-committee-1994.txt §1.3–§1.5 (L114–L239).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum

from arpad.config import bounds
from arpad.systems.uscf1993 import EraK
from arpad.systems.uscf1994.tables import FIDE_HIGH_ADD, FIDE_LOW_ADD, BetweenRows


class ProvisionalMethod(StrEnum):
    """How a provisional rating is updated while N + m ≤ 20 (Committee motion 7, L90)."""

    K_FORMULA = "k-formula"
    """§1.5.1–§1.5.2: the established formula with K = 600/(N + m − 1)."""
    GREATER_OF = "greater-of"
    """§1.5.3: the greater of the K-formula rating and the cumulative performance rating."""
    PERFORMANCE = "performance"
    """§1.5.4: the performance rating of all games through the current event."""


class Record(StrEnum):
    """Whether every game on a player's record so far was won, or lost (§1.4.3)."""

    MIXED = "mixed"
    ALL_WINS = "all-wins"
    ALL_LOSSES = "all-losses"


@dataclass(frozen=True)
class Uscf1994Config(EraK):
    """Constants of the proposed 1994 system; defaults from the seed."""

    provisional_method: ProvisionalMethod = field(
        default=ProvisionalMethod.K_FORMULA,
        metadata={"doc": "k-formula (§1.5.2), greater-of (§1.5.3) or performance (§1.5.4)"},
    )
    K_numerator: float = field(
        default=600.0, metadata=bounds(0, None, low_open=True, doc="K = this/(N + m − 1) (L223)")
    )
    provisional_limit: int = field(
        default=20,
        metadata=bounds(1, None, doc="provisional formula while N + m ≤ this (L223, L239)"),
    )
    K_crossing: float = field(
        default=32.0,
        metadata=bounds(0, None, doc="K in the event where N + m first exceeds the limit (L223)"),
    )
    min_games: int = field(
        default=4, metadata=bounds(1, None, doc="games needed for a first rating (L203)")
    )
    imputed_default: float = field(
        default=1000.0,
        metadata=bounds(
            0, None, doc="imputed to an unrated opponent with no FIDE rating or age (D-uscf1994-4)"
        ),
    )
    fide_between: BetweenRows = field(
        default=BetweenRows.INTERPOLATE,
        metadata={"doc": "FIDE ratings between rows of Table 1 (D-uscf1994-2)"},
    )
    fide_low_add: float = field(
        default=FIDE_LOW_ADD, metadata=bounds(doc="added to FIDE ratings below 2200 (L144)")
    )
    fide_high_add: float = field(
        default=FIDE_HIGH_ADD, metadata=bounds(doc="added to FIDE ratings from 2700 (L144)")
    )


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One game outcome saved on file (§1.4.3, §1.5.4): the opponent's rating as used
    (possibly imputed) and the player's score."""

    opponent: float
    score: float


@dataclass(frozen=True, slots=True)
class Uscf1994State:
    """A player's standing in the 1994 system.

    ``rating`` is ``None`` while unrated (possibly with fewer than four games saved);
    a rating with ``record`` all-wins or all-losses is a nominal rating (§1.4.3).
    ``saved`` holds the games on file: the pending games of an unrated or nominally rated
    player, and the whole record of a provisional player (for §1.5.3/§1.5.4). When the
    state was read from a file, ``saved`` may hold fewer than ``games`` games; the rest
    are represented as described in docs/decisions.md (D-uscf1994-6).
    """

    rating: float | None = None
    games: int = 0
    established: bool = False
    record: Record = Record.MIXED
    saved: tuple[SavedGame, ...] = ()
    fide: float | None = None
    birth_date: dt.date | None = None

    @property
    def nominal(self) -> bool:
        """A nominal rating: rated, with all wins or all losses so far (§1.4.3)."""
        return self.rating is not None and self.record != Record.MIXED
