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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arpad.model import Event, PlayerEntry
from arpad.performance import expected_score, glickman_performance
from arpad.systems import EventRating, ListEntry, PlayerRating
from arpad.systems.uscf1993 import era_k
from arpad.systems.uscf1994.config import (
    ProvisionalMethod,
    Record,
    SavedGame,
    Uscf1994Config,
    Uscf1994State,
)
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


def provisional_k(prior_games: int, m: int, config: Uscf1994Config) -> float | None:
    """§1.5.2 (L221–L229): K = 600/(N + m − 1) while N + m ≤ 20, else ``None``.

    For N + m < 4, which the seed's rules never produce (a first rating needs four games),
    the value at N + m = 4 is used (D-uscf1994-5).

    >>> round(provisional_k(10, 5, Uscf1994Config()), 3)
    42.857
    >>> provisional_k(16, 5, Uscf1994Config()) is None
    True
    """
    if prior_games + m > config.provisional_limit:
        return None
    return config.K_numerator / max(prior_games + m - 1, 3)


def nominal_offset() -> float:
    """How far above equal opponents the §4 formula puts an all-wins record (≈ 612.3).

    The same for any number of games (the formula's terms all scale with m), so a nominal
    rating read from a file without its games can be represented exactly (D-uscf1994-6).
    """
    return glickman_performance([0.0], 1.0)


def record_on_file(state: Uscf1994State) -> list[SavedGame]:
    """The games on file, completed when the state came from a file (D-uscf1994-6).

    Missing games of a nominal rating R are wins over (losses to) opponents rated
    R ∓ :func:`nominal_offset`, which the §4 formula rates back to R; missing games of a
    provisional rating R are draws against opponents rated R.
    """
    saved = list(state.saved)
    missing = state.games - len(saved)
    if state.rating is None or missing <= 0:
        return saved
    if state.record == Record.ALL_WINS:
        filler = SavedGame(state.rating - nominal_offset(), 1.0)
    elif state.record == Record.ALL_LOSSES:
        filler = SavedGame(state.rating + nominal_offset(), 0.0)
    else:
        filler = SavedGame(state.rating, 0.5)
    return [filler] * missing + saved


def record_kind(games: Sequence[SavedGame]) -> Record:
    """All wins, all losses, or mixed."""
    if all(g.score == 1.0 for g in games):
        return Record.ALL_WINS
    if all(g.score == 0.0 for g in games):
        return Record.ALL_LOSSES
    return Record.MIXED


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


def _performance(games: Sequence[SavedGame]) -> float:
    return glickman_performance([g.opponent for g in games], sum(g.score for g in games))


def rate_event(
    event: Event, states: Mapping[str, Uscf1994State], config: Uscf1994Config
) -> EventRating[Uscf1994State]:
    """Rate ``event`` in the three steps of §1.3 (L116–L120); see the module docstring."""
    results = event.results_by_player()
    ids = [p for p in event.player_ids if results[p]]
    first = [p for p in ids if states[p].rating is None or states[p].nominal]
    provisional = [p for p in ids if p not in first and not states[p].established]
    view = opponent_view(event, states, config)
    notes = [
        f"{p}: unrated, counts at {view[p].rating:.0f} for opponents ({view[p].source})"
        for p in ids
        if states[p].rating is None
    ]
    pre = {p: v.rating for p, v in view.items()}

    def games_against(p: str, seen: Mapping[str, float]) -> list[SavedGame]:
        return [SavedGame(seen[o], s) for o, s in results[p]]

    # Step 1: unrated and nominally rated players (§1.4).
    step1: dict[str, float] = {}
    outcome: dict[str, tuple[PlayerRating, Uscf1994State]] = {}
    for p in first:
        rating, new_state = _rate_first(p, states[p], games_against(p, pre), config)
        outcome[p] = (rating, new_state)
        if rating.post is not None:
            step1[p] = rating.post

    # Step 2: provisional players; unrated opponents at their step-1 ratings, nominally
    # rated ones at their nominal rating (L205).
    seen2 = dict(pre)
    seen2.update({p: r for p, r in step1.items() if states[p].rating is None})
    step2: dict[str, float] = {}
    for p in provisional:
        state = states[p]
        assert state.rating is not None
        current = games_against(p, seen2)
        rating, player_state = _update_provisional(p, state, current, config)
        step2[p] = rating.post if rating.post is not None else state.rating
        outcome[p] = (rating, player_state)

    # Step 3: established players, against everyone's newest rating.
    seen3 = {**pre, **step1, **step2}
    for p in ids:
        if p in outcome:
            continue
        state = states[p]
        assert state.rating is not None
        current = games_against(p, seen3)
        outcome[p] = _update_established(p, state, current, config)

    players: list[PlayerRating] = []
    new_states = dict(states)
    for p in event.player_ids:
        if p in outcome:
            rating, new_state = outcome[p]
            players.append(rating)
            new_states[p] = new_state
        else:
            players.append(PlayerRating(p, states[p].rating, states[p].rating, 0, 0.0))
    return EventRating(
        system=SYSTEM_NAME,
        event_id=event.id,
        pool=event.pool,
        players=tuple(players),
        states=new_states,
        notes=tuple(notes),
    )


def _rate_first(
    p: str, state: Uscf1994State, current: list[SavedGame], config: Uscf1994Config
) -> tuple[PlayerRating, Uscf1994State]:
    """Step 1 for one unrated or nominally rated player (§1.4): the performance rating of
    every game on file, once there are ``min_games`` of them (L203); saved until then."""
    record = record_on_file(state) + current
    score = sum(g.score for g in current)
    perf = _performance(current)
    kind = record_kind(record)
    if len(record) < config.min_games:
        note = f"{len(record)} games on file, fewer than {config.min_games}: saved (L203)"
        return (
            PlayerRating(
                p, None, None, len(current), score, method="saved", performance=perf, notes=(note,)
            ),
            Uscf1994State(saved=tuple(record), fide=state.fide, birth_date=state.birth_date),
        )
    post = _performance(record)
    established = kind == Record.MIXED and len(record) > config.provisional_limit
    method = "performance" if kind == Record.MIXED else "nominal"
    return (
        PlayerRating(
            p,
            state.rating,
            post,
            len(current),
            score,
            method=method,
            performance=perf,
            notes=(f"rated on {len(record)} games (saved and current)",)
            if len(record) > len(current)
            else (),
        ),
        Uscf1994State(
            rating=post,
            games=len(record),
            established=established,
            record=kind,
            saved=() if established else tuple(record),
            fide=state.fide,
            birth_date=state.birth_date,
        ),
    )


def _established_update(
    prior: float, current: Sequence[SavedGame], k: float
) -> tuple[float, float]:
    """``R0 + K(W − We)`` (§1.5.1, L215) → (post, We)."""
    expected = expected_score(prior, [g.opponent for g in current])
    return prior + k * (sum(g.score for g in current) - expected), expected


def _update_provisional(
    player: str, state: Uscf1994State, current: list[SavedGame], config: Uscf1994Config
) -> tuple[PlayerRating, Uscf1994State]:
    """Step 2: K-formula (§1.5.2), greater-of (§1.5.3) or performance (§1.5.4)."""
    assert state.rating is not None
    m = len(current)
    score = sum(g.score for g in current)
    perf = _performance(current)
    games = state.games + m
    k = provisional_k(state.games, m, config)
    if k is None:
        k = config.K_crossing
        post, expected = _established_update(state.rating, current, k)
        method = f"established (N + m > {config.provisional_limit})"
        new_state = Uscf1994State(post, games, True, fide=state.fide, birth_date=state.birth_date)
        return (
            PlayerRating(
                player, state.rating, post, m, score, expected, k, method=method, performance=perf
            ),
            new_state,
        )
    by_k, expected = _established_update(state.rating, current, k)
    cumulative = record_on_file(state) + current
    method_used = config.provisional_method
    if method_used == ProvisionalMethod.K_FORMULA:
        post, method = by_k, "provisional K"
    else:
        cumulative_perf = _performance(cumulative)
        if method_used == ProvisionalMethod.PERFORMANCE:
            post, method = cumulative_perf, "cumulative performance"
        elif cumulative_perf > by_k:
            post, method = cumulative_perf, "greater-of: cumulative performance"
        else:
            post, method = by_k, "greater-of: provisional K"
    notes: tuple[str, ...] = ()
    if method_used != ProvisionalMethod.K_FORMULA and len(state.saved) < state.games:
        notes = (
            f"{state.games - len(state.saved)} earlier games not on file: counted as draws "
            f"against {state.rating:.0f} (D-uscf1994-6)",
        )
    new_state = Uscf1994State(
        post, games, False, saved=tuple(cumulative), fide=state.fide, birth_date=state.birth_date
    )
    k_shown = k if method_used != ProvisionalMethod.PERFORMANCE else None
    return (
        PlayerRating(
            player,
            state.rating,
            post,
            m,
            score,
            expected,
            k_shown,
            method=method,
            performance=perf,
            notes=notes,
        ),
        new_state,
    )


def _update_established(
    player: str, state: Uscf1994State, current: list[SavedGame], config: Uscf1994Config
) -> tuple[PlayerRating, Uscf1994State]:
    """Step 3: ``R0 + K(W − We)`` with K = 32/24/16 by pre-event rating."""
    assert state.rating is not None
    k = era_k(state.rating, config)
    post, expected = _established_update(state.rating, current, k)
    m = len(current)
    new_state = Uscf1994State(
        post, state.games + m, True, fide=state.fide, birth_date=state.birth_date
    )
    return (
        PlayerRating(
            player,
            state.rating,
            post,
            m,
            sum(g.score for g in current),
            expected,
            k,
            method="established",
            performance=_performance(current),
        ),
        new_state,
    )
