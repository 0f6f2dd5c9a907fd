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
from arpad.performance import average
from arpad.systems import EventRating, ListEntry, PeriodLine, PeriodRating, PlayerRating
from arpad.systems.elo.expectancy import CLASS_INTERVAL
from arpad.systems.elo.formulas import (
    adjusted_difference,
    expected_score_individual,
    rating_change_from_performance,
    round_robin_expected,
)
from arpad.systems.elo.groups import rate_round_robin, round_robin_cycles
from arpad.systems.elo.krules import games_for_k
from arpad.systems.fide1986.rules import (
    LIST_MINIMUM,
    OWN_KINDS,
    ChangeFormula,
    EventType,
    ExpectedChoice,
    Fide1986Config,
    Fide1986State,
    UnratedMethod,
    is_woman,
    player_k,
    rating_list_for,
    state_from_entry,
    womens_event,
)


@dataclass(frozen=True, slots=True)
class EventOutcome:
    """What one event does for one player, before any publication."""

    player_id: str
    games: int
    """Games counted for rating."""
    score: float
    expected: float | None = None
    k: float | None = None
    change: float | None = None
    """Rated players: the rating change; ``None`` when none is calculated."""
    performance: float | None = None
    entry: float | None = None
    """Unrated players: the value they are entered at (R_a, R_U or their R_p)."""
    opponents: float = 0.0
    """Σ of the counted opponents' ratings (as entered), for pooling unrated play."""
    method: str = ""
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EventFacts:
    """Event-level numbers of the procedure."""

    round_robin: int | None
    """k for a k-fold round robin, ``None`` for a Swiss or team event."""
    participants: int
    unrated: int
    average: float | None
    """R_a (round robins)."""
    rateable: bool
    notes: tuple[str, ...] = ()


def _entered_rating(
    entry: PlayerEntry, rating: float, women_only: bool, cfg: Fide1986Config
) -> float:
    """A rated player's value as an opponent and in R_a: "In mixed tournaments women are
    entered at their current rating if this is over 2200 or otherwise equal to unrated men at
    2200" (¶3.1, L1716)."""
    if cfg.women_at_nominal and not women_only and is_woman(entry) and rating < cfg.R_U:
        return cfg.R_U
    return rating


def _rateable(
    m: int, rated: int, unrated: int, cycles: int, women_only: bool, cfg: Fide1986Config
) -> list[str]:
    """The ¶3.1 conditions a round robin fails (empty: rateable).

    A match (M = 2) is "a multiple round robin between two players" (§1.75) and is rated when
    both are rated (§1.75, L450; short matches are rated and pooled, ¶3.1): the round-robin
    minimums are for tournaments (decision D-fide-4)."""
    if m == 2:
        return [] if rated == 2 else ["a match is rated only between two rated players"]
    if cfg.national_championship:
        need = 2 if women_only else 3
        return [] if rated >= need else [f"a national championship needs {need} rated players"]
    problems = []
    if rated * 3 < m:
        problems.append(f"only {rated} of {m} players rated; at least one third must be")
    if m < 10 and rated < 4:
        problems.append(f"fewer than ten players and only {rated} rated; four must be")
    if cycles >= 2 and unrated > 0 and (m < 6 or rated < 4):
        problems.append("a double round robin with unrated players needs six players, four rated")
    return problems


def rate_in_period(
    event: Event, states: Mapping[str, Fide1986State], cfg: Fide1986Config
) -> tuple[EventFacts, dict[str, EventOutcome]]:
    """Rate one event with every player at his list rating (``states``), without publishing.

    Returns the event-level facts and one :class:`EventOutcome` per player.
    """
    expectancy = cfg.expectancy()
    women_only = womens_event(event, cfg)
    r_u = cfg.R_U_women if women_only else cfg.R_U
    entries = {p.id: p for p in event.players}
    results = event.results_by_player()
    pre = {pid: states[pid].rating for pid in results}
    notes: list[str] = []
    excluded = {
        pid
        for pid, games in results.items()
        if pre[pid] is None and games and math.fsum(s for _, s in games) == 0.0
    }
    for pid in sorted(excluded):
        notes.append(f"unrated {event.label(pid)!r} scored 0: games against him disregarded (¶3.1)")
    active = [p.id for p in event.players if results[p.id] and p.id not in excluded]
    games_of = {pid: [(o, s) for o, s in results[pid] if o not in excluded] for pid in active}
    entered = {
        pid: _entered_rating(entries[pid], r, women_only, cfg)
        for pid in active
        if (r := pre[pid]) is not None
    }
    cycles = None
    if cfg.event_type is not EventType.SWISS:
        cycles = round_robin_cycles(event, active)
        if cfg.event_type is EventType.ROUND_ROBIN and cycles is None:
            raise ConfigError(f"event {event.id!r} is not a complete round robin")
    m = len(active)
    unrated = [pid for pid in active if pre[pid] is None]
    outcomes: dict[str, EventOutcome] = {}
    if cycles is None:
        return _swiss(event, active, games_of, pre, entered, r_u, cfg, notes, outcomes, states)

    problems = _rateable(m, m - len(unrated), len(unrated), cycles, women_only, cfg)
    if cfg.check_rateable and problems:
        notes.extend(f"not rateable: {p}" for p in problems)
        for pid in active:
            outcomes[pid] = EventOutcome(pid, 0, 0.0, method="not rated", notes=tuple(problems))
        return EventFacts(cycles, m, len(unrated), None, False, tuple(notes)), outcomes

    # R_a (§4.53): unrated at R_U when ≤ 20 %, else by (7) and the 50 % entry rule.
    score = {pid: math.fsum(s for _, s in games_of[pid]) for pid in active}
    n_games = {pid: len(games_of[pid]) for pid in active}
    d_a: dict[str, float] = {}
    for pid in active:
        d = adjusted_difference(expectancy.d(score[pid] / n_games[pid]), m)
        d_a[pid] = round_half_up(d) if cfg.book_rounding and math.isfinite(d) else d
    value: dict[str, float] = dict(entered)
    if len(unrated) <= cfg.unrated_share * m:
        for pid in unrated:
            value[pid] = r_u
        r_a = average([value[pid] for pid in active])
        if cfg.book_rounding:
            r_a = round_half_up(r_a)
    else:
        try:
            rr = rate_round_robin(
                [(pid, entered.get(pid), score[pid], n_games[pid]) for pid in active],
                expectancy,
                book_rounding=cfg.book_rounding,
            )
        except ConfigError as exc:
            notes.append(f"not rateable: {exc}")
            for pid in active:
                outcomes[pid] = EventOutcome(pid, 0, 0.0, method="not rated", notes=(str(exc),))
            return EventFacts(cycles, m, len(unrated), None, False, tuple(notes)), outcomes
        r_a = rr.average
        notes.append(f"{len(unrated)} of {m} unrated (over 20 %): R_a = {r_a:g} by (7)")
        for pid in unrated:
            half = score[pid] * 2 >= n_games[pid]
            value[pid] = r_a if half else r_a + d_a[pid]

    for pid in active:
        perf = r_a + d_a[pid]
        n = n_games[pid]
        if pre[pid] is None:
            outcomes[pid] = _unrated_outcome(
                pid, games_of[pid], pre, value, perf, r_u, cfg, states[pid]
            )
            continue
        r_o = float(pre[pid])  # type: ignore[arg-type]
        if cfg.expected is ExpectedChoice.INDIVIDUAL:
            w_e = expected_score_individual(r_o, [value[o] for o, _ in games_of[pid]], expectancy)
        else:
            w_e = round_robin_expected(expectancy.p(r_o - r_a), m, cycles)
        outcomes[pid] = _rated_outcome(pid, n, score[pid], w_e, perf, r_o, states[pid], cfg)
    facts = EventFacts(cycles, m, len(unrated), r_a, True, tuple(notes))
    return facts, outcomes


def _rated_outcome(
    pid: str,
    n: int,
    score: float,
    w_e: float,
    perf: float,
    r_o: float,
    state: Fide1986State,
    cfg: Fide1986Config,
) -> EventOutcome:
    if n < cfg.min_games:
        return EventOutcome(
            pid,
            n,
            score,
            w_e,
            None,
            None,
            perf,
            method="too few games",
            notes=(f"{n} games: no calculation on fewer than {cfg.min_games} (§4.54)",),
        )
    k = player_k(state, cfg)
    if cfg.change is ChangeFormula.PERFORMANCE:
        n_o = cfg.N_o if cfg.N_o is not None else games_for_k(k, CLASS_INTERVAL)
        change = rating_change_from_performance(perf, r_o, n, n_o)
        return EventOutcome(pid, n, score, w_e, k, change, perf, method="(15)")
    return EventOutcome(pid, n, score, w_e, k, k * (score - w_e), perf, method="K(W-We)")


def _unrated_outcome(
    pid: str,
    games: Sequence[tuple[str, float]],
    pre: Mapping[str, float | None],
    value: Mapping[str, float],
    perf: float,
    r_u: float,
    cfg: Fide1986Config,
    state: Fide1986State,
) -> EventOutcome:
    """An unrated player's event: rated only with ≥ 4 rated opponents (¶3.1, L1716).

    ``value`` holds what every opponent counts as (list rating, R_U, R_a or R_p) and the
    player himself (his entry value).
    """
    rated_games = [(o, s) for o, s in games if pre[o] is not None]
    score = math.fsum(s for _, s in games)
    if len(rated_games) < cfg.min_rated_games:
        return EventOutcome(
            pid,
            0,
            score,
            performance=perf,
            entry=value[pid],
            method="unrated",
            notes=(
                f"only {len(rated_games)} games against rated opponents; "
                f"{cfg.min_rated_games} needed (¶3.1)",
            ),
        )
    if cfg.unrated_method is UnratedMethod.NOMINAL:
        opp = [value[o] for o, _ in rated_games]
        w = math.fsum(s for _, s in rated_games)
        w_e = expected_score_individual(r_u, opp, cfg.expectancy())
        k = player_k(state, cfg)
        return EventOutcome(
            pid,
            len(rated_games),
            w,
            w_e,
            k,
            k * (w - w_e),
            perf,
            value[pid],
            math.fsum(opp),
            method="R_U as R_O",
        )
    return EventOutcome(
        pid,
        len(games),
        score,
        performance=perf,
        entry=value[pid],
        opponents=math.fsum(value[o] for o, _ in games),
        method="unrated",
    )


def _swiss(
    event: Event,
    active: list[str],
    games_of: dict[str, list[tuple[str, float]]],
    pre: Mapping[str, float | None],
    entered: Mapping[str, float],
    r_u: float,
    cfg: Fide1986Config,
    notes: list[str],
    outcomes: dict[str, EventOutcome],
    states: Mapping[str, Fide1986State],
) -> tuple[EventFacts, dict[str, EventOutcome]]:
    """Swiss or team event: only games against rated opponents count (¶3.1, L1716)."""
    expectancy = cfg.expectancy()
    for pid in active:
        counted = [(o, s) for o, s in games_of[pid] if o in entered]
        n = len(counted)
        score = math.fsum(s for _, s in counted)
        if n == 0:
            outcomes[pid] = EventOutcome(
                pid, 0, 0.0, method="no rated games", notes=("no games against rated players",)
            )
            continue
        opp = [entered[o] for o, _ in counted]
        r_c = average(opp)
        d_p = expectancy.d(score / n)
        perf = r_c + d_p
        if pre[pid] is None:
            # "entered at the average rating" (§4.53): in a Swiss, his opponents' average.
            value = {**entered, pid: r_c if score * 2 >= n else perf}
            outcomes[pid] = _unrated_outcome(pid, counted, pre, value, perf, r_u, cfg, states[pid])
            continue
        r_o = float(pre[pid])  # type: ignore[arg-type]
        w_e = expected_score_individual(r_o, opp, expectancy)
        outcomes[pid] = _rated_outcome(pid, n, score, w_e, perf, r_o, states[pid], cfg)
    unrated = sum(1 for pid in active if pre[pid] is None)
    return EventFacts(None, len(active), unrated, None, True, tuple(notes)), outcomes


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
        players.append(
            PlayerRating(
                p.id,
                state.rating,
                post,
                out.games,
                out.score,
                expected=out.expected,
                k=out.k,
                method=out.method,
                performance=out.performance,
                notes=out.notes,
            )
        )
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
