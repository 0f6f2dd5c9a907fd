"""A player's standing in one US Chess pool, and how an event changes it.

us-chess-rating-system-2020.txt §1 (established: more than 25 games), §5 (what the floors
need: wins, draws, events of three or more games, peak established rating, games while
established above 2200), §7 (earlier match changes).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import starmap
from typing import Any

import numpy as np

from arpad.curves import FloatArray, logistic_expectancy, provisional_winning_expectancy
from arpad.model import Event, MatchChange, PlayerEntry
from arpad.systems import ListEntry
from arpad.systems.expectation import ratings_of
from arpad.systems.uscf2020 import rules
from arpad.systems.uscf2020.config import USCFConfig


@dataclass(frozen=True, slots=True)
class USCFState:
    """A player's standing in one pool. ``rating is None`` means unrated in the pool."""

    rating: float | None = None
    games: int = 0
    """N: the games the rating is based on (for an initialised rating, the assigned N)."""
    wins: int = 0
    draws: int = 0
    losses: int = 0
    all_wins: bool = False
    """Every previous rated game was a win (special formula, §4.1)."""
    all_losses: bool = False
    rated_events: int = 0
    """N_R: events in which the player completed three rated games (§5)."""
    peak: float | None = None
    """Highest established rating attained (unrounded; §5 rounds it when it is used)."""
    games_above_2200: int = 0
    """Games played while holding an established rating above 2200 (OLM, §5)."""
    prize_floor: float | None = None
    known_floor: float | None = None
    """A floor set from outside the formulas (a published floor, or one lowered by a
    granted match request, §7 item 4); while set it is the floor (see D-uscf-5)."""
    match_changes: tuple[MatchChange, ...] = ()

    @property
    def has_history(self) -> bool:
        """Whether the player has rated games in this pool (as opposed to an assigned N)."""
        return self.rating is not None and self.games > 0

    def established(self, config: USCFConfig) -> bool:
        return self.rating is not None and self.games > config.established_after


def state_from_entry(entry: PlayerEntry, event: Event, config: USCFConfig) -> USCFState:
    """The prior state that an event file describes (rating, N and history fields).

    Missing history counts default to zero: a file that gives no win/draw counts yields
    the minimal absolute floor of 100 unless ``floor`` is given.
    """
    del event
    established = entry.rating is not None and entry.games > config.established_after
    peak = entry.peak
    if peak is None and established:
        peak = entry.rating
    return USCFState(
        rating=entry.rating,
        games=entry.games,
        wins=entry.wins or 0,
        draws=entry.draws or 0,
        losses=entry.losses or 0,
        all_wins=entry.all_wins,
        all_losses=entry.all_losses,
        rated_events=entry.rated_events or 0,
        peak=peak,
        games_above_2200=entry.games_above_2200 or 0,
        prize_floor=entry.prize_floor,
        known_floor=entry.floor,
        match_changes=entry.match_changes,
    )


def to_row(state: USCFState) -> list[float]:
    """``state`` as the row of floats the rules take (:mod:`.rules`, ``RATING`` …)."""
    nan = math.nan
    return [
        nan if state.rating is None else state.rating,
        float(state.games),
        float(state.wins),
        float(state.draws),
        float(state.losses),
        1.0 if state.all_wins else 0.0,
        1.0 if state.all_losses else 0.0,
        float(state.rated_events),
        nan if state.peak is None else state.peak,
        float(state.games_above_2200),
        nan if state.prize_floor is None else state.prize_floor,
        nan if state.known_floor is None else state.known_floor,
    ]


_OPTIONAL, _COUNT, _FLAG = range(3)
_LAYOUT = (
    (rules.RATING, _OPTIONAL),
    (rules.GAMES, _COUNT),
    (rules.WINS, _COUNT),
    (rules.DRAWS, _COUNT),
    (rules.LOSSES, _COUNT),
    (rules.ALL_WINS, _FLAG),
    (rules.ALL_LOSSES, _FLAG),
    (rules.EVENTS, _COUNT),
    (rules.PEAK, _OPTIONAL),
    (rules.ABOVE_2200, _COUNT),
    (rules.PRIZE, _OPTIONAL),
    (rules.KNOWN, _OPTIONAL),
)
""":class:`USCFState`'s fields in order (``match_changes`` apart): the row field each is
read from, and as what: an optional float (NaN: ``None``), a count, a flag."""


def _value(x: float, how: int) -> float | int | bool | None:
    if how == _COUNT:
        return int(x)
    if how == _FLAG:
        return x != 0.0
    return None if x != x else float(x)


def from_row(row: Sequence[float], match_changes: tuple[MatchChange, ...] = ()) -> USCFState:
    """The state a row of floats holds (the inverse of :func:`to_row`)."""
    values = [_value(row[field], how) for field, how in _LAYOUT]
    return USCFState(*values, match_changes)  # type: ignore[arg-type, call-arg]


def from_rows(
    table: FloatArray, match_changes: Sequence[tuple[MatchChange, ...]] | None = None
) -> list[USCFState]:
    """:func:`from_row` of every row of ``table`` (rows × :data:`.rules.N_FIELDS`), the
    same states built a column at a time: each field converted by NumPy at once and
    the states made by one C-level ``map``, the cost of a season's ``states`` (one per
    player). ``match_changes``: each row's (default: none). A block of rows at a time,
    so the columns converted are small beside the states."""
    changes = match_changes if match_changes is not None else [()] * len(table)
    out: list[USCFState] = []
    for start in range(0, len(table), _ROWS_AT_ONCE):
        stop = start + _ROWS_AT_ONCE
        out.extend(_from_block(table[start:stop], changes[start:stop]))
    return out


_ROWS_AT_ONCE = 8192


def _from_block(
    table: FloatArray, changes: Sequence[tuple[MatchChange, ...]]
) -> Iterator[USCFState]:
    cols = table.T

    def optional(field: int) -> list[float | None]:
        values = cols[field].astype(object)  # Python floats, as ``float(x)``
        values[np.isnan(cols[field])] = None
        out: list[float | None] = values.tolist()
        return out

    def count(field: int) -> list[int]:
        out: list[int] = cols[field].astype(np.int64).tolist()  # ``int(x)``: towards zero
        return out

    def flag(field: int) -> list[bool]:
        out: list[bool] = (cols[field] != 0.0).tolist()
        return out

    convert: dict[int, Callable[[int], list[Any]]] = {
        _OPTIONAL: optional,
        _COUNT: count,
        _FLAG: flag,
    }
    columns = [convert[how](field) for field, how in _LAYOUT]
    return starmap(USCFState, zip(*columns, changes, strict=True))


def after_event(
    prior: USCFState,
    *,
    post: float,
    assigned_games: int,
    wins: int,
    draws: int,
    losses: int,
    config: USCFConfig,
    match_change: tuple[dt.date, float] | None = None,
    known_floor: float | None = None,
) -> USCFState:
    """The state after an event in which the player completed ``wins + draws + losses``
    games (:func:`.rules.after_event`, then :func:`.rules.carry_known_floor`), with a
    match change (§7) added to the history and a floor lowered by a match request."""
    m = wins + draws + losses
    if m == 0:
        return prior
    cfg = rules.params(config, config.bonus_multiplier)
    before = to_row(prior)
    row = [0.0] * rules.N_FIELDS
    rules.after_event(
        before, post, float(assigned_games), float(wins), float(draws), float(m), cfg, row
    )
    if known_floor is not None:
        row[rules.KNOWN] = known_floor
    rules.carry_known_floor(before, row, cfg)
    changes = prior.match_changes
    if match_change is not None:
        changes = (*changes, MatchChange(*match_change))
    return from_row(row, changes)


def list_entry(state: USCFState, config: USCFConfig) -> ListEntry:
    """US Chess lists mark a non-established rating ``P`` + games (``1641P17``)."""
    established = state.established(config)
    mark = "" if established or state.rating is None else f"P{state.games}"
    return ListEntry(state.rating, state.games, established, mark)


def rated_by_special(state: USCFState, config: USCFConfig) -> bool:
    """Whether the special formula (§4.1) would rate the player: N ≤ 8, or every rated
    game so far won, or every one lost (§1 step 4, §4; :func:`.rules.special_applies`)."""
    history = state.has_history
    return rules.special_applies(
        float(state.games),
        history and state.all_wins,
        history and state.all_losses,
        float(config.special_through),
    )


def expected_scores(
    a: Sequence[USCFState], b: Sequence[USCFState], config: USCFConfig, advantage: float
) -> FloatArray:
    """The winning expectancy of ``a`` against ``b``: PWe (§4.1) when either player would
    be rated by the special formula, else the standard formula's logistic We (§4.2, L292);
    ½ when either is unrated (their initial rating needs the event, §2). See
    docs/decisions.md D-iface-3.
    """
    d = ratings_of(a, config) - ratings_of(b, config) + advantage
    special = np.fromiter(
        (
            rated_by_special(x, config) or rated_by_special(y, config)
            for x, y in zip(a, b, strict=True)
        ),
        dtype=bool,
        count=len(a),
    )
    out = np.where(special, provisional_winning_expectancy(d), logistic_expectancy(d))
    out[np.isnan(d)] = 0.5
    result: FloatArray = out
    return result
