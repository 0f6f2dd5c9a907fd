"""FIDE's rating regulations as the book prints them in 1986: configuration and state.

Source: elo-rating-of-chessplayers-1986.txt, §4.4 (¶3.1 rateable play, L1704–1734; ¶3.2 the
list, L1736), §4.5 (calculation procedures, L1744–1766), §3.76 (L1251).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum

from arpad.booktables import HalfRule
from arpad.config import bounds
from arpad.errors import ConfigError
from arpad.model import Event, PlayerEntry, RatingKind
from arpad.systems.elo.expectancy import Curve, Expectancy, Mode
from arpad.systems.elo.krules import FideK, K25Ends


class ChangeFormula(StrEnum):
    """How a rated player's change in one event is computed."""

    EXPECTED = "expected"
    """§4.55 (L1754): "For each rated event the change is K(W − W_e). W_e is found by (8)"."""
    PERFORMANCE = "performance"
    """§4.53 (L1746): "Changes in ratings are finally calculated for all players by equation
    (15)", ΔR = (R_p − R_o) N/N_o, as in the Brazilian example (§3.35, N_o = 50)."""


class ExpectedChoice(StrEnum):
    """W_e: (8) for round robins and (3) otherwise (``auto``), or one of them always."""

    AUTO = "auto"
    INDIVIDUAL = "individual"
    ROUND_ROBIN = "round-robin"


class UnratedMethod(StrEnum):
    """An unrated player's first rating (§4.55, L1756)."""

    ENTRY = "entry"
    """"as in 4.53": at the tournament average if he scored 50 % or more, else at his R_p
    (the FIDE variant of §3.76, L1251)."""
    PERFORMANCE = "performance"
    """"his R_P on all his play as of the list closing date, calculated by formula (1)"."""
    NOMINAL = "nominal"
    """"The same process applies to an unrated player if R_U is used as R_O"."""


class EventType(StrEnum):
    AUTO = "auto"
    ROUND_ROBIN = "round-robin"
    SWISS = "swiss"
    """Swiss or team event: "only the games against rated opponents are counted"."""


@dataclass(frozen=True)
class Fide1986Config:
    """FIDE 1986 rules; every number the book names is a field with its value as default."""

    mode: Mode = field(
        default=Mode.TABLE, metadata=bounds(doc="table (Table 2.11) | continuous (Φ)")
    )
    K_new: float = field(default=25.0, metadata=bounds(0, None, low_open=True, doc="§4.56: 25"))
    K_regular: float = field(
        default=15.0, metadata=bounds(0, None, low_open=True, doc="§4.56: then 15")
    )
    K_top: float = field(
        default=10.0,
        metadata=bounds(0, None, low_open=True, doc="§4.56: 10 from a rating over 2400"),
    )
    top_threshold: float = field(
        default=2400.0, metadata=bounds(doc="K = 10 after a published rating over this")
    )
    new_events: int = field(default=3, metadata=bounds(0, None, doc="K = 25 for 3 events…"))
    new_games: int = field(default=30, metadata=bounds(0, None, doc="…or 30 games"))
    k25_ends: K25Ends = field(
        default=K25Ends.LAST, metadata=bounds(doc="K = 25 ends at the first | last of the two")
    )
    R_U: float = field(default=2200.0, metadata=bounds(doc="nominal value R_U (§4.51)"))
    R_U_women: float = field(
        default=1900.0, metadata=bounds(doc="R_U in exclusively women's events (§4.51)")
    )
    unrated_share: float = field(
        default=0.2, metadata=bounds(0, 1, doc="above this share of unrated, R_a by (7)")
    )
    min_rated_games: int = field(
        default=4, metadata=bounds(1, None, doc="an unrated player needs ≥ 4 rated opponents")
    )
    min_games: int = field(
        default=4, metadata=bounds(1, None, doc="no calculation on fewer games (§4.54)")
    )
    publish_games: int = field(
        default=9, metadata=bounds(1, None, doc="no rating published below 9 games (§4.54)")
    )
    change: ChangeFormula = field(
        default=ChangeFormula.EXPECTED,
        metadata=bounds(doc="expected: K(W − W_e) (§4.55) | performance: (15) (§4.53)"),
    )
    N_o: float | None = field(
        default=None,
        metadata=bounds(0, None, low_open=True, doc="N_o of (15); None = 4C/K (eq. 19)"),
    )
    expected: ExpectedChoice = field(
        default=ExpectedChoice.AUTO, metadata=bounds(doc="W_e: auto | individual | round-robin")
    )
    unrated_method: UnratedMethod = field(
        default=UnratedMethod.ENTRY,
        metadata=bounds(doc="first rating: entry | performance | nominal"),
    )
    women_at_nominal: bool = field(
        default=True,
        metadata=bounds(doc="women rated under R_U count as R_U in mixed events (¶3.1)"),
    )
    womens_event: bool | None = field(
        default=None, metadata=bounds(doc="exclusively women's event; None = all players f")
    )
    event_type: EventType = field(
        default=EventType.AUTO, metadata=bounds(doc="auto | round-robin | swiss")
    )
    national_championship: bool = field(
        default=False, metadata=bounds(doc="rated with 3 (men) / 2 (women) rated players")
    )
    check_rateable: bool = field(
        default=True, metadata=bounds(doc="apply the ¶3.1 rateability rules")
    )
    book_rounding: bool = field(
        default=True, metadata=bounds(doc="round R_a and D_a to integers as in §3.35")
    )
    list_rounding: int = field(
        default=1, metadata=bounds(1, None, doc="published ratings rounded to a multiple of this")
    )
    unknown_history_established: bool = field(
        default=True,
        metadata=bounds(doc="a rating with no games/events count (TRF) is past K = 25"),
    )
    half: HalfRule = field(
        default=HalfRule.CONTINUOUS,
        metadata=bounds(doc="table D_P for P between hundredths: continuous | up | interpolate"),
    )

    def __post_init__(self) -> None:
        if self.R_U_women > self.R_U:
            raise ConfigError("R_U_women must not exceed R_U")

    def expectancy(self) -> Expectancy:
        """The normal curve of FIDE's regulations (§4.44), by Table 2.11 or continuous."""
        return Expectancy(Curve.NORMAL, self.mode, half=self.half)

    def k_schedule(self) -> FideK:
        return FideK(
            new=self.K_new,
            new_events=self.new_events,
            new_games=self.new_games,
            ends=self.k25_ends,
            regular=self.K_regular,
            top=self.K_top,
            top_threshold=self.top_threshold,
        )


@dataclass(frozen=True, slots=True)
class Fide1986State:
    """A player's standing on the FIDE list, plus the pooled play of an unrated player."""

    rating: float | None = None
    """The published rating R_O; ``None`` while unrated."""
    games: int = 0
    """Games in which a rating change was calculated (or the rating is based on)."""
    events: int | None = None
    """Events in which a rating change was calculated; ``None`` = not known (then only the
    games count decides whether K = 25 has ended)."""
    reached_top: bool = False
    """Has had a published rating over 2400 (K = 10 for good, §4.56)."""
    pending_games: int = 0
    """Unrated: rated games pooled so far toward a first rating (§4.54)."""
    pending_score: float = 0.0
    pending_opponents: float = 0.0
    """Unrated: the sum of the rated opponents' ratings, one per pooled game."""
    pending_entry: float = 0.0
    """Unrated: Σ (the event's entry value × its games), for the ``entry`` method."""
    pending_change: float = 0.0
    """Unrated: Σ K(W − W_e) from R_U, for the ``nominal`` method."""
    pending_best: float | None = None
    """Unrated: the highest event R_p so far ("no R_P higher than R_U" is not published)."""


def is_woman(entry: PlayerEntry) -> bool:
    return entry.sex is not None and entry.sex.strip().lower() in ("f", "w", "female")


def womens_event(event: Event, config: Fide1986Config) -> bool:
    """An exclusively women's event: configured, or every player is a woman."""
    if config.womens_event is not None:
        return config.womens_event
    return bool(event.players) and all(is_woman(p) for p in event.players)


OWN_KINDS = frozenset({str(RatingKind.FIDE), "fide1986"})
"""The kinds of rating this system rates from as-is: FIDE ratings (D-prov-2)."""


def state_from_entry(entry: PlayerEntry, event: Event, config: Fide1986Config) -> Fide1986State:
    """The list standing an event file describes (rating, games, events, peak)."""
    top = config.top_threshold
    reached = (entry.rating is not None and entry.rating > top) or (
        entry.peak is not None and entry.peak > top
    )
    # A file that does not count events: none for a new player, unknown otherwise.
    events = entry.events if entry.events is not None or entry.rating is not None else 0
    return Fide1986State(rating=entry.rating, games=entry.games, events=events, reached_top=reached)


def player_k(state: Fide1986State, config: Fide1986Config) -> float:
    """K by §4.56; an unknown number of events counts as enough (see ``events``), and a
    listed player whose file counts neither games nor events is past K = 25 when
    ``unknown_history_established`` (decision D-elo-9)."""
    schedule = config.k_schedule()
    unknown = state.rating is not None and state.games == 0 and state.events is None
    if unknown and config.unknown_history_established:
        return schedule.top if state.reached_top else schedule.regular
    events = state.events if state.events is not None else schedule.new_events
    return schedule.k(events, state.games, state.reached_top)


@dataclass(frozen=True, slots=True)
class RatingList:
    """One FIDE rating list (¶3.2, §4.42, L1736)."""

    name: str
    """``"July 1986"`` or ``"January 1987"``."""
    closing: dt.date
    """Play completed before this date is on the list."""
    effective_from: dt.date
    effective_to: dt.date


def rating_list_for(completed: dt.date) -> RatingList:
    """The list on which an event completed on ``completed`` is rated (§4.42, L1736): "The
    July list incorporates all rated play completed before June 1 and is effective from July
    1 through December 31. The January list incorporates rated play completed before
    December 1 of the previous year and is effective from January 1 through June 30."

    >>> rating_list_for(dt.date(1986, 5, 31)).name, rating_list_for(dt.date(1986, 6, 1)).name
    ('July 1986', 'January 1987')
    >>> rating_list_for(dt.date(1986, 12, 1)).name
    'July 1987'
    """
    y = completed.year
    if completed < dt.date(y, 6, 1):
        return RatingList(f"July {y}", dt.date(y, 6, 1), dt.date(y, 7, 1), dt.date(y, 12, 31))
    if completed < dt.date(y, 12, 1):
        n = y + 1
        return RatingList(f"January {n}", dt.date(y, 12, 1), dt.date(n, 1, 1), dt.date(n, 6, 30))
    n = y + 1
    return RatingList(f"July {n}", dt.date(n, 6, 1), dt.date(n, 7, 1), dt.date(n, 12, 31))


LIST_MINIMUM = {"men": 2200.0, "women": 1900.0}
"""The list shows "each player whose rating exceeded 2200 (1900 for women, who are listed
separately) on the closing date" (§4.42, L1736); others are rated but not listed."""
