"""FIDE's calculation procedure of 1986, for one event and for a whole rating period.

Source: elo-rating-of-chessplayers-1986.txt §4.41 (¶3.1, L1704–1734), §4.51–§4.56
(L1744–1760).

For one event (every player at his list rating R_O):

1. Unplayed games do not count; "In the event that an unrated player has a zero score in a
   tournament the scores of his opponents against him are disregarded" (L1724).
2. Round robins must be rateable (¶3.1): a third of the players rated, at least four when
   fewer than ten play, six players with four rated in a double round robin with unrated
   players, three (two for women) in a national championship.
3. Round robin: R_a with the unrated at R_U when they are at most 20 % of the field, else by
   the method of §2.48 (formula (7)); then "the unrated players who score 50% or better in
   game points are entered at the average rating as calculated while those unrated with below
   50% game score are entered at their performance ratings" (§4.53, L1746). Swiss or team
   event: "only the games against rated opponents are counted" (L1716).
4. A rated player's change is K(W − W_e) with W_e by (8), D_a = R_O − R_a (§4.55; the book's
   "D_a = R_a − R_O" at L1754 has its sign reversed), or (3) in a Swiss; or, as an option,
   ΔR = (R_p − R_O) N/N_o by (15) (§4.53). No change is calculated on fewer than four games.
5. An unrated player's play is pooled (with at least four games against rated opponents per
   event) until nine games; a rating is published only then and only if some R_P exceeds R_U.

For a rating period (:func:`rate_period`), every event is rated against the list's ratings and
a listed player's new rating is "the summation of his former rating R_O and all the
subsequent changes" (§4.55, L1754).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from arpad.booktables import round_half_up
from arpad.errors import ConfigError
from arpad.model import Event, PlayerEntry, identity_key
from arpad.systems import EventRating, ListEntry, PeriodLine, PeriodRating, PlayerRating
from arpad.systems.fide1986 import steps
from arpad.systems.fide1986.rules import (
    LIST_MINIMUM,
    OWN_KINDS,
    Fide1986Config,
    Fide1986State,
    UnratedMethod,
    is_woman,
    rating_list_for,
    state_from_entry,
    womens_event,
)
from arpad.systems.fide1986.steps import EventFacts, EventOutcome, Outcomes


def rate_in_period(
    event: Event, states: Mapping[str, Fide1986State], cfg: Fide1986Config
) -> Outcomes:
    """Rate one event with every player at his list rating (``states``), without publishing:
    the steps of :mod:`arpad.systems.fide1986.steps` in the source's order.

    Returns the event-level facts and one :class:`EventOutcome` per player.
    """
    play = steps.counted_play(event, states, cfg)  # step 1
    cycles = steps.event_form(event, play.active, cfg)  # step 2
    if cycles is None:
        return steps.swiss(play, states, cfg)
    m, unrated = len(play.active), len(play.unrated)
    problems = steps.rateable(m, m - unrated, unrated, cycles, play.women_only, cfg)
    if cfg.check_rateable and problems:
        return steps.not_rated(play, cycles, problems)
    diffs = steps.performance_differences(play, cfg)  # step 3
    try:
        avg = steps.rating_average(play, diffs, cfg)
    except ConfigError as exc:
        return steps.not_rated(play, cycles, (str(exc),))
    outcomes = {  # steps 4 and 5
        pid: steps.round_robin_outcome(pid, play, diffs, avg, cycles, states[pid], cfg)
        for pid in play.active
    }
    facts = EventFacts(cycles, m, unrated, avg.r_a, True, (*play.notes, *avg.notes))
    return facts, outcomes


# -- publication ---------------------------------------------------------------------------


def pool_unrated(state: Fide1986State, outcome: EventOutcome) -> Fide1986State:
    """Add one event's play of an unrated player to his pooled record (§4.54)."""
    if outcome.games == 0:
        return state
    best = outcome.performance
    if state.pending_best is not None and (best is None or state.pending_best > best):
        best = state.pending_best
    return replace(
        state,
        pending_games=state.pending_games + outcome.games,
        pending_score=state.pending_score + outcome.score,
        pending_opponents=state.pending_opponents + outcome.opponents,
        pending_entry=state.pending_entry + (outcome.entry or 0.0) * outcome.games,
        pending_change=state.pending_change + (outcome.change or 0.0),
        pending_best=best,
    )


def publish_unrated(
    state: Fide1986State, cfg: Fide1986Config, r_u: float
) -> tuple[Fide1986State, str | None]:
    """The first published rating of an unrated player, if his pooled play earns one.

    Returns the new state and a note when nothing is published.
    """
    if state.rating is not None or state.pending_games == 0:
        return state, None
    if state.pending_games < cfg.publish_games:
        return state, (
            f"{state.pending_games} rated games pooled; a rating is published from "
            f"{cfg.publish_games} (§4.54)"
        )
    if state.pending_best is None or not state.pending_best > r_u:
        return state, f"no R_P higher than R_U = {r_u:g}: no rating published (§4.54)"
    n = state.pending_games
    if cfg.unrated_method is UnratedMethod.ENTRY:
        rating = state.pending_entry / n
    elif cfg.unrated_method is UnratedMethod.NOMINAL:
        rating = r_u + state.pending_change
    else:
        d_p = cfg.expectancy().d(state.pending_score / n)
        rating = state.pending_opponents / n + d_p
    if not math.isfinite(rating):
        return state, "100 % or 0 %: indeterminate rating (§1.54)"
    published = replace(
        state,
        rating=rating,
        games=n,
        events=0 if cfg.unrated_method is not UnratedMethod.NOMINAL else state.events,
        reached_top=publish_value(rating, cfg) > cfg.top_threshold,
        pending_games=0,
        pending_score=0.0,
        pending_opponents=0.0,
        pending_entry=0.0,
        pending_change=0.0,
        pending_best=None,
    )
    return published, None


def publish_value(rating: float, cfg: Fide1986Config) -> float:
    """The rating as published: rounded half up to a multiple of ``list_rounding``."""
    step = cfg.list_rounding
    return round_half_up(rating / step) * step


def list_entry(state: Fide1986State, cfg: Fide1986Config) -> ListEntry:
    """The list standing, unrounded (lists print it through :func:`publish_value`)."""
    if state.rating is None:
        return ListEntry(None, state.pending_games, False)
    return ListEntry(state.rating, state.games, True)


def _advance(state: Fide1986State, outcome: EventOutcome) -> Fide1986State:
    """Counters after an event in which a change was calculated (K schedule, §4.56)."""
    if outcome.change is None or state.rating is None:
        return state
    return replace(
        state,
        games=state.games + outcome.games,
        events=None if state.events is None else state.events + 1,
    )


def rate_event(
    event: Event, states: Mapping[str, Fide1986State], cfg: Fide1986Config
) -> EventRating[Fide1986State]:
    """Rate one event as its own rating period (every post-event rating is "published")."""
    period = rate_period([event], states, cfg, key=_identity_key)
    return period.events[0]


# -- rating period ---------------------------------------------------------------------------


player_key = identity_key
"""How one player is recognised across the events of a period (:func:`arpad.model.identity_key`)."""


PeriodResult = PeriodRating[Fide1986State]
"""A whole rating period rated against one list: ``events`` holds each event's result
(``post`` = R_O + that event's change alone), ``states`` every player's state on the new
list by player key, ``lines`` the new list."""


def rate_period(
    events: Sequence[Event],
    states: Mapping[str, Fide1986State],
    cfg: Fide1986Config,
    *,
    key: Callable[[PlayerEntry], str] | None = None,
) -> PeriodResult:
    """Rate a rating period's events against the list's ratings (§4.54–§4.55).

    Args:
        events: the events completed before the list closing date, in order.
        states: list standings by player key; a player missing here takes his standing from
            the first event that names him (his rating there is his list rating).
        key: how a player is recognised across events (default :func:`player_key`).

    Every event is rated at the list ratings R_O; a listed player's new rating is R_O plus the
    sum of the changes; K advances event by event (three events or thirty games) but K = 10
    only follows a *published* rating over 2400, i.e. the next list. Unrated players' play is
    pooled over the period and published at its end when it qualifies.
    """
    key_of = key if key is not None else player_key
    book = _Book(current=dict(states), start={k: st.rating for k, st in states.items()})
    results: list[EventRating[Fide1986State]] = []
    for event in events:
        keys = {p.id: key_of(p) for p in event.players}
        if len(set(keys.values())) != len(keys):
            raise ConfigError(f"event {event.id!r}: two players share a key; give FIDE ids")
        results.append(_rate_in_book(book, event, keys, cfg))
    lines = _close_period(book, cfg)
    current, publish_notes = book.current, book.publish_notes
    # Each event's states: the players' standing on the new list.
    finished = []
    for event, res in zip(events, results, strict=True):
        keys = {p.id: key_of(p) for p in event.players}
        finished.append(replace(res, states={pid: current[keys[pid]] for pid in keys}))
    if len(events) == 1:
        finished = [
            _single_event_posts(finished[0], current, events[0], key_of, cfg, publish_notes)
        ]
    lists = sorted({rating_list_for(e.end_date).name for e in events if e.end_date})
    period_notes = (
        (f"the events belong to several lists: {', '.join(lists)}",) if len(lists) > 1 else ()
    )
    return PeriodRating(
        events=tuple(finished), states=current, lines=tuple(lines), notes=period_notes
    )


@dataclass
class _Book:
    """A rating period's bookkeeping, by player key (private)."""

    current: dict[str, Fide1986State]
    start: dict[str, float | None]
    """R_O: each player's rating on the list the period is rated against."""
    names: dict[str, str] = field(default_factory=dict)
    changes: dict[str, list[tuple[str, float]]] = field(default_factory=dict)
    player_notes: dict[str, list[str]] = field(default_factory=dict)
    r_u_of: dict[str, float] = field(default_factory=dict)
    women: set[str] = field(default_factory=set)
    publish_notes: dict[str, str] = field(default_factory=dict)


def _rate_in_book(
    book: _Book, event: Event, keys: Mapping[str, str], cfg: Fide1986Config
) -> EventRating[Fide1986State]:
    """One event of the period at the list ratings R_O (§4.55): listed players' changes are
    booked, unrated players' play is pooled (§4.54). ``states`` are filled in at the end."""
    current = book.current
    for p in event.players:
        k = keys[p.id]
        book.names.setdefault(k, p.name or p.id)
        if is_woman(p):
            book.women.add(k)
        if k not in current:
            current[k] = state_from_entry(p.own_rating(OWN_KINDS), event, cfg)
        book.start.setdefault(k, current[k].rating)
    local = {p.id: current[keys[p.id]] for p in event.players}
    facts, outcomes = rate_in_period(event, local, cfg)
    women_only = womens_event(event, cfg)
    players: list[PlayerRating] = []
    for p in event.players:
        k = keys[p.id]
        state = current[k]
        out = outcomes.get(p.id)
        if out is None:
            players.append(
                PlayerRating(p.id, state.rating, state.rating, 0, 0.0, method="no games")
            )
            continue
        book.player_notes.setdefault(k, []).extend(out.notes)
        if state.rating is None:
            book.r_u_of[k] = cfg.R_U_women if women_only and is_woman(p) else cfg.R_U
            current[k] = pool_unrated(state, out)
            post = None
        else:
            post = state.rating if out.change is None else state.rating + out.change
            if out.change is not None:
                book.changes.setdefault(k, []).append((event.id, out.change))
            current[k] = _advance(state, out)
        players.append(steps.player_rating(out, state.rating, post))
    return EventRating("fide1986", event.id, event.pool, tuple(players), {}, facts.notes)


def _close_period(book: _Book, cfg: Fide1986Config) -> list[PeriodLine]:
    """The new list: R_O plus the sum of the changes for listed players (§4.55), a first
    publication for unrated players whose pooled play qualifies (§4.54)."""
    current = book.current
    lines: list[PeriodLine] = []
    for k, state in current.items():
        if k not in book.names:
            continue
        notes = book.player_notes.get(k, [])
        if state.rating is None:
            new_state, why = publish_unrated(state, cfg, book.r_u_of.get(k, cfg.R_U))
            if why is not None:
                notes.append(why)
                book.publish_notes[k] = why
            current[k] = new_state
            lines.append(
                PeriodLine(
                    k,
                    book.names[k],
                    None,
                    new_state.rating,
                    new_state.pending_games or new_state.games,
                    (),
                    tuple(notes),
                    _listed(new_state.rating, k in book.women, cfg),
                )
            )
            continue
        total = math.fsum(c for _, c in book.changes.get(k, []))
        new = state.rating + total
        current[k] = replace(
            state,
            rating=new,
            reached_top=state.reached_top or publish_value(new, cfg) > cfg.top_threshold,
        )
        lines.append(
            PeriodLine(
                k,
                book.names[k],
                book.start[k],
                new,
                current[k].games,
                tuple(book.changes.get(k, [])),
                tuple(notes),
                _listed(new, k in book.women, cfg),
            )
        )
    return lines


def _listed(rating: float | None, woman: bool, cfg: Fide1986Config) -> bool:
    if rating is None:
        return False
    return publish_value(rating, cfg) > LIST_MINIMUM["women" if woman else "men"]


def _identity_key(entry: PlayerEntry) -> str:
    return entry.id


def _single_event_posts(
    result: EventRating[Fide1986State],
    states: Mapping[str, Fide1986State],
    event: Event,
    key_of: Callable[[PlayerEntry], str],
    cfg: Fide1986Config,
    publish_notes: Mapping[str, str],
) -> EventRating[Fide1986State]:
    """For a one-event period, show a newly published rating as the unrated player's post."""
    players = []
    for pr in result.players:
        k = key_of(event.player(pr.player_id))
        st = states[k]
        if pr.pre is None and st.rating is not None:
            method = f"first rating ({cfg.unrated_method.value})"
            players.append(replace(pr, post=st.rating, method=method))
        elif k in publish_notes:
            players.append(replace(pr, notes=(*pr.notes, publish_notes[k])))
        else:
            players.append(pr)
    return replace(result, players=tuple(players))
