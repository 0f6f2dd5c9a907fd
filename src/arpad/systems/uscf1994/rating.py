"""Rating an event under the proposed 1994 system (uscf-ratings-committee-1994.txt §1.3–§1.5).

Three sequential steps (§1.3, L116–L120):

1. unrated players (and nominally rated ones, §1.4.3) get the event performance rating of
   §4 (:func:`arpad.performance.glickman_performance`) over their saved and current
   games; unrated opponents count at an imputed rating: FIDE converted by Table 1, else
   Table 2 by age (§1.4.2). Fewer than four games: no rating, games saved; all wins or
   all losses: a nominal rating, games saved, re-rated with the next event (§1.4.3);
2. provisional players: ``R = R0 + K(W − We)`` with K = 600/(N + m − 1) while N + m ≤ 20
   (§1.5.2), or one of the options of §1.5.3/§1.5.4;
3. established players in the usual manner, K = 32/24/16 by rating.

Each step sees the results of the earlier ones (§1.3: the pre-event rating of an unrated
or provisional opponent "may be very inaccurate", L122): a provisional player meets an
unrated opponent at the opponent's step-1 rating, an established player meets unrated and
provisional opponents at their new ratings. Exceptions from §1.4.3: a player rated on
fewer than four games counts for every opponent at the imputed rating (L203); a player who
arrives with a nominal rating counts at that nominal rating for unrated and provisional
opponents (L205).

:func:`rate_event` runs one function per step (``_step1_unrated``, ``_step2_provisional``,
``_step3_established``); one player's update in each is in :mod:`arpad.systems.uscf1994.steps`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating, ListEntry, PlayerRating
from arpad.systems.uscf1994 import steps
from arpad.systems.uscf1994.config import Record, SavedGame, Uscf1994Config, Uscf1994State
from arpad.systems.uscf1994.tables import age_on, age_rating, fide_to_uscf

SYSTEM_NAME = "uscf1994"


@dataclass(frozen=True, slots=True)
class Imputation:
    """The rating imputed to an unrated player and where it came from (§1.4.2)."""

    rating: float
    source: str


def impute(state: Uscf1994State, event: Event, config: Uscf1994Config) -> Imputation:
    """The rating an unrated player counts at for opponents (§1.4.2, L138–L176).

    A FIDE rating converted by Table 1 comes first, then Table 2 by the completed age on
    the event's end date; with neither, ``config.imputed_default`` (D-uscf1994-4).

    >>> import datetime as dt
    >>> from arpad.model import build_event
    >>> e = build_event("e", [], [], end_date=dt.date(1994, 8, 1))
    >>> impute(Uscf1994State(birth_date=dt.date(1982, 1, 1)), e, Uscf1994Config())
    Imputation(rating=822.0, source='age 12, Table 2')
    """
    if state.fide is not None:
        rating = fide_to_uscf(
            state.fide, config.fide_between, config.fide_low_add, config.fide_high_add
        )
        return Imputation(rating, f"FIDE {state.fide:g}, Table 1")
    if state.birth_date is not None and event.end_date is not None:
        age = age_on(state.birth_date, event.end_date)
        return Imputation(age_rating(age), f"age {age}, Table 2")
    return Imputation(config.imputed_default, "no FIDE rating or age")


def opponent_view(
    event: Event, states: Mapping[str, Uscf1994State], config: Uscf1994Config
) -> dict[str, Imputation]:
    """How every player counts for opponents before any step: the pre-event (or nominal)
    rating, or for an unrated player the imputed one (§1.4.2)."""
    out: dict[str, Imputation] = {}
    for p in event.player_ids:
        state = states[p]
        if state.rating is None:
            out[p] = impute(state, event, config)
        else:
            out[p] = Imputation(state.rating, "nominal" if state.nominal else "rating")
    return out


def state_from_entry(entry: PlayerEntry, event: Event, config: Uscf1994Config) -> Uscf1994State:
    """A player's prior state as an event file describes them.

    A rating with ``games = 0`` not marked provisional is taken as established (the file
    gave no game count, D-uscf1993-2); ``all_wins``/``all_losses`` mark a nominal rating.
    """
    if entry.rating is None:
        return Uscf1994State(fide=entry.fide, birth_date=entry.birth_date)
    record = (
        Record.ALL_WINS
        if entry.all_wins
        else Record.ALL_LOSSES
        if entry.all_losses
        else Record.MIXED
    )
    established = record == Record.MIXED and (
        entry.games > config.provisional_limit
        or (entry.games == 0 and entry.provisional is not True)
    )
    return Uscf1994State(
        rating=float(entry.rating),
        games=entry.games,
        established=established,
        record=record,
        fide=entry.fide,
        birth_date=entry.birth_date,
    )


def list_entry(state: Uscf1994State, config: Uscf1994Config) -> ListEntry:
    """Unrated: no rating (``mark`` tells how many games are saved); provisional ``P<N>``;
    nominal ``P<N> nominal``."""
    if state.rating is None:
        mark = f"{len(state.saved)} saved" if state.saved else ""
        return ListEntry(None, len(state.saved), False, mark)
    if state.established:
        return ListEntry(state.rating, state.games, True)
    mark = f"P{state.games}" + (" nominal" if state.nominal else "")
    return ListEntry(state.rating, state.games, False, mark)


@dataclass
class _Event:
    """One event's working values across the three steps (private)."""

    event: Event
    states: Mapping[str, Uscf1994State]
    config: Uscf1994Config
    results: dict[str, list[tuple[str, float]]]
    pre: dict[str, float]
    """How every player counts for opponents before any step (:func:`opponent_view`)."""
    outcome: dict[str, steps.Update] = field(default_factory=dict)

    def against(self, player: str, seen: Mapping[str, float]) -> list[SavedGame]:
        """The player's games, opponents at the ratings ``seen``."""
        return [SavedGame(seen[o], s) for o, s in self.results[player]]


def rate_event(
    event: Event, states: Mapping[str, Uscf1994State], config: Uscf1994Config
) -> EventRating[Uscf1994State]:
    """Rate ``event`` in the three steps of §1.3 (L116–L120); see the module docstring."""
    results = event.results_by_player()
    view = opponent_view(event, states, config)
    work = _Event(event, states, config, results, {p: v.rating for p, v in view.items()})
    ids = [p for p in event.player_ids if results[p]]
    first = [p for p in ids if states[p].rating is None or states[p].nominal]
    provisional = [p for p in ids if p not in first and not states[p].established]
    step1 = _step1_unrated(work, first)
    step2 = _step2_provisional(work, provisional, step1)
    _step3_established(work, [p for p in ids if p not in work.outcome], {**step1, **step2})
    notes = [
        f"{p}: unrated, counts at {view[p].rating:.0f} for opponents ({view[p].source})"
        for p in ids
        if states[p].rating is None
    ]
    return _event_rating(work, notes)


def _step1_unrated(work: _Event, first: list[str]) -> dict[str, float]:
    """Step 1 (§1.4): unrated and nominally rated players against the pre-event and
    imputed ratings → the step-1 rating of each player who received one."""
    step1: dict[str, float] = {}
    for p in first:
        rating, new_state = steps.rate_first(
            p, work.states[p], work.against(p, work.pre), work.config
        )
        work.outcome[p] = (rating, new_state)
        if rating.post is not None:
            step1[p] = rating.post
    return step1


def _step2_provisional(
    work: _Event, provisional: list[str], step1: Mapping[str, float]
) -> dict[str, float]:
    """Step 2 (§1.5): provisional players; unrated opponents at their step-1 ratings,
    nominally rated ones at their nominal rating (L205) → each player's step-2 rating."""
    seen = dict(work.pre)
    seen.update({p: r for p, r in step1.items() if work.states[p].rating is None})
    step2: dict[str, float] = {}
    for p in provisional:
        state = work.states[p]
        assert state.rating is not None
        rating, new_state = steps.update_provisional(p, state, work.against(p, seen), work.config)
        step2[p] = rating.post if rating.post is not None else state.rating
        work.outcome[p] = (rating, new_state)
    return step2


def _step3_established(work: _Event, established: list[str], newest: Mapping[str, float]) -> None:
    """Step 3 (§1.3): established players, against everyone's newest rating (``newest``:
    the ratings of steps 1 and 2, over the pre-event ones)."""
    seen = {**work.pre, **newest}
    for p in established:
        work.outcome[p] = steps.update_established(
            p, work.states[p], work.against(p, seen), work.config
        )


def _event_rating(work: _Event, notes: list[str]) -> EventRating[Uscf1994State]:
    """Every player's result in event order; players without games are unchanged."""
    players: list[PlayerRating] = []
    new_states = dict(work.states)
    for p in work.event.player_ids:
        if p in work.outcome:
            rating, new_state = work.outcome[p]
            players.append(rating)
            new_states[p] = new_state
        else:
            state = work.states[p]
            players.append(PlayerRating(p, state.rating, state.rating, 0, 0.0))
    return EventRating(
        system=SYSTEM_NAME,
        event_id=work.event.id,
        pool=work.event.pool,
        players=tuple(players),
        states=new_states,
        notes=tuple(notes),
    )
