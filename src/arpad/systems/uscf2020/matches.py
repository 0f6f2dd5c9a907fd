"""Individual matches, us-chess-rating-system-2020.txt §7 (L339–343).

1. Both players need established published ratings no more than 400 points apart.
2. At most 50 points change per match; net match change at most 100 in 180 days and 200
   in 3 years (earlier match changes are part of the player's state).
3. No bonus.
4. Floors are not applied: a result below the floor is a request to lower the floor by 100.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from arpad.errors import RatingError
from arpad.model import Event
from arpad.systems.uscf2020.config import USCFConfig
from arpad.systems.uscf2020.floors import rating_floor
from arpad.systems.uscf2020.state import USCFState


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    post: float
    notes: tuple[str, ...]
    new_floor: float | None
    """The lowered floor when a floor request is granted."""


def check_match(event: Event, states: Mapping[str, USCFState], config: USCFConfig) -> dt.date:
    """Check §7 item 1 and return the match date.

    Raises:
        RatingError: not two players, a player without an established rating, a rating
            difference over 400, or no end date.
    """
    players = [p.id for p in event.players if event.games_of(p.id)]
    if len(players) != 2:
        raise RatingError(f"match {event.id!r} must have exactly two players with games")
    for pid in players:
        if not states[pid].established(config):
            raise RatingError(
                f"match {event.id!r} is not ratable: player {pid!r} has no established "
                "published rating (US Chess §7 item 1)"
            )
    a, b = (states[p].rating or 0.0 for p in players)
    if abs(a - b) > config.match_max_difference:
        raise RatingError(
            f"match {event.id!r} is not ratable: ratings {a:.0f} and {b:.0f} differ by more "
            f"than {config.match_max_difference:.0f} (US Chess §7 item 1)"
        )
    if event.end_date is None:
        raise RatingError(f"match {event.id!r} needs an end_date (for the §7 caps)")
    return event.end_date


def years_before(day: dt.date, years: int) -> dt.date:
    """The same calendar day ``years`` earlier (29 February → 28 February)."""
    try:
        return day.replace(year=day.year - years)
    except ValueError:
        return day.replace(year=day.year - years, day=28)


def net_match_change(state: USCFState, since: dt.date, until: dt.date) -> float:
    """Net of earlier match changes dated after ``since`` and not after ``until``."""
    return sum(c.change for c in state.match_changes if since < c.date <= until)


def limit_match_change(
    r0: float, post: float, state: USCFState, event: Event, config: USCFConfig
) -> MatchOutcome:
    """Apply the §7 item 2 caps and the item 4 floor rule to one player's match result."""
    assert event.end_date is not None
    day = event.end_date
    change = post - r0
    notes: list[str] = []
    n180 = net_match_change(state, day - dt.timedelta(days=180), day)
    n3y = net_match_change(state, years_before(day, 3), day)
    hi = min(
        config.match_max_change, config.match_cap_180_days - n180, config.match_cap_3_years - n3y
    )
    lo = max(
        -config.match_max_change, -config.match_cap_180_days - n180, -config.match_cap_3_years - n3y
    )
    # Earlier changes beyond a cap (inconsistent history) allow no change in that direction.
    hi, lo = max(hi, 0.0), min(lo, 0.0)
    limited = min(max(change, lo), hi)
    if limited != change:
        notes.append(f"match change {change:+.1f} capped to {limited:+.1f} (§7 item 2)")
    new = r0 + limited
    new_floor = None
    floor = rating_floor(state, config)
    if config.apply_floors and new < floor:
        lowered = floor - 100.0
        notes.append(
            f"result {new:.0f} is below the floor {floor:.0f}: a request to lower the floor "
            f"to {lowered:.0f} (§7 item 4); "
            + ("granted" if config.grant_match_floor_requests else "not granted")
        )
        if config.grant_match_floor_requests:
            new_floor = lowered
            new = max(new, lowered)
        else:
            new = floor
    return MatchOutcome(new, tuple(notes), new_floor)
