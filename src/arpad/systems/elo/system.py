"""Elo's rating system as the book describes it, behind the common interface (``elo``).

Source: elo-rating-of-chessplayers-1986.txt, chapters 1–3 and 8.

Rating one event (every step configurable, defaults from the book):

1. **New (unrated) players first** (§3.71, L1237): their performance rating R_p by (1)
   R_p = R_c + D_p against their rated opponents, D_p corrected by the small-sample factor F
   below thirty games (§2.59, §8.85), then a second cycle that also uses the games between
   unrated players, each rated at his first-cycle R_p (§1.67, L400). A new player's rating is
   this R_p, provisional.
2. **Provisional players next** (§3.72, L1239): rated players with fewer than
   ``established_games`` games (30, §2.59) are "processed by equation (1) for a provisional
   period" (§1.67): R_t becomes the games-weighted mean of R_o and the event's R_p, i.e.
   (14) with N_o + N in place of N_o — the performance over all their games so far, if the
   opponents' average is the same.
3. **Everyone else** by (2) R_n = R_o + K (W − W_e), W_e by (3) (default), (4) or (8), K by
   the chosen rule (:mod:`~arpad.systems.elo.krules`). Opponents who were unrated count at
   their R_p, provisional opponents at their post-event rating (§3.71–§3.72).

A perfect or zero score gives no performance rating (§1.54, L354): a new player with one
gets no rating from the event; a provisional player falls back to (2).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from arpad.booktables import HalfRule, round_half_up
from arpad.config import Config, bounds
from arpad.model import Event, PlayerEntry
from arpad.performance import average
from arpad.systems import EventRating, ListEntry, PlayerRating
from arpad.systems.elo.expectancy import CLASS_INTERVAL, Curve, Expectancy, Mode
from arpad.systems.elo.formulas import (
    adjusted_difference,
    exact_performance,
    expected_score_average,
    expected_score_individual,
    linear_performance,
    new_rating,
    round_robin_expected,
    score_difference,
)
from arpad.systems.elo.groups import round_robin_cycles
from arpad.systems.elo.krules import FideK, K25Ends, KRule
from arpad.systems.elo.options import ExpectedFormula, PerformanceFormula


@dataclass(frozen=True)
class EloConfig(Config):
    """Configuration of Elo's system; defaults are the book's.

    Every field can be set with ``arpad rate FILE --system elo -o NAME=VALUE``.
    """

    K: float = field(
        default=10.0,
        metadata=bounds(0, None, low_open=True, doc="K for the 'constant' rule (§2.43: 10)"),
    )
    k_rule: KRule = field(
        default=KRule.CONSTANT,
        metadata=bounds(doc="constant | games (19) | precision (36) | uscf (32) | fide1986"),
    )
    N_o: float | None = field(
        default=None,
        metadata=bounds(
            0, None, low_open=True, doc="N_o for the games/precision rules; None = own games"
        ),
    )
    curve: Curve = field(
        default=Curve.NORMAL, metadata=bounds(doc="normal | logistic | logistic-e | linear")
    )
    mode: Mode = field(
        default=Mode.TABLE,
        metadata=bounds(doc="table (Tables 2.11/8.46) | continuous (the curve itself)"),
    )
    C: float = field(
        default=CLASS_INTERVAL,
        metadata=bounds(0, None, low_open=True, doc="class interval C (continuous mode)"),
    )
    expected: ExpectedFormula = field(
        default=ExpectedFormula.INDIVIDUAL,
        metadata=bounds(doc="W_e by individual (3) | average (4) | round-robin (8)"),
    )
    performance: PerformanceFormula = field(
        default=PerformanceFormula.COMPETITION,
        metadata=bounds(doc="R_p by competition (1) | round-robin (6) | exact | linear (10)"),
    )
    established_games: int = field(
        default=30,
        metadata=bounds(1, None, doc="games for an established rating (§2.59: 30)"),
    )
    factor_f: bool = field(
        default=True, metadata=bounds(doc="apply F (§8.85) to D_p below established_games")
    )
    new_players_first: bool = field(
        default=True, metadata=bounds(doc="rate unrated players first, use their R_p (§3.71)")
    )
    provisional_first: bool = field(
        default=True, metadata=bounds(doc="use provisional players' post ratings (§3.72)")
    )
    second_cycle: bool = field(
        default=True, metadata=bounds(doc="second cycle for games between unrated (§1.67)")
    )
    round_average: bool = field(
        default=True, metadata=bounds(doc="round R_a to an integer, as the book prints 2534")
    )
    fide_k_ends: K25Ends = field(
        default=K25Ends.LAST, metadata=bounds(doc="fide1986 rule: K = 25 ends first | last")
    )
    unknown_history_established: bool = field(
        default=True,
        metadata=bounds(doc="a rating with no games count (TRF) is taken as established"),
    )
    half: HalfRule = field(
        default=HalfRule.CONTINUOUS,
        metadata=bounds(doc="table D_P for P between hundredths: continuous | up | interpolate"),
    )

    def check(self) -> None:
        # The curve/mode combination is checked at construction (late validation is a bug).
        self.expectancy()

    def expectancy(self) -> Expectancy:
        """The expectancy model this configuration describes."""
        return Expectancy(self.curve, self.mode, self.C, half=self.half)


@dataclass(frozen=True, slots=True)
class EloState:
    """A player's standing in Elo's system."""

    rating: float | None = None
    games: int = 0
    """N_o: games the rating is based on."""
    events: int | None = None
    """Events in which a rating was calculated; ``None`` = not known."""
    peak: float | None = None
    """Highest rating held (the FIDE K rule's "first published rating over 2400")."""


def state_from_entry(entry: PlayerEntry, event: Event, config: EloConfig) -> EloState:
    """The state an event file describes: rating, games, events and peak."""
    return EloState(
        rating=entry.rating,
        games=entry.games,
        # A file that does not count events: none for a new player, unknown otherwise.
        events=entry.events if entry.events is not None or entry.rating is not None else 0,
        peak=entry.peak if entry.peak is not None else entry.rating,
    )


def list_entry(state: EloState, config: EloConfig) -> ListEntry:
    """A provisional rating R_t carries an asterisk on all lists (§2.59, L846)."""
    rated = state.rating is not None
    established = rated and not provisional(state, config)
    mark = "" if established or not rated else "*"
    return ListEntry(rating=state.rating, games=state.games, established=established, mark=mark)


def provisional(state: EloState, config: EloConfig) -> bool:
    """Whether a rated state is provisional (:func:`.rules.provisional`, the one test)."""
    from arpad.systems.elo import rules

    return rules.provisional(
        state.rating is not None,
        float(state.games),
        state.events is not None,
        float(config.established_games),
        config.unknown_history_established,
    )


def player_k(state: EloState, games: int, config: EloConfig) -> float:
    """K for a player by the configured rule (see :mod:`~arpad.systems.elo.krules`)."""
    rule = config.k_rule
    if rule is not KRule.FIDE1986:  # the rules the season loop compiles (.rules.k_factor)
        from arpad.systems.elo import fields, rules

        cfg = fields.params_k(config)
        return rules.k_factor(cfg[0], cfg[1], cfg[2], config.C, float(state.games), float(games))
    schedule = FideK(ends=config.fide_k_ends)
    reached = state.peak is not None and state.peak > schedule.top_threshold
    # An unknown number of events counts as enough: only the games count can decide.
    events = state.events if state.events is not None else schedule.new_events
    return schedule.k(events, state.games, reached)


@dataclass
class _Work:
    """Per-event working values (private, never leaves this module)."""

    event: Event
    states: Mapping[str, EloState]
    config: EloConfig
    opponents: dict[str, list[tuple[str, float]]]
    pre: dict[str, float | None]
    active: list[str]
    """Players with rated games in the event."""
    cycles: int | None = None
    event_average: float | None = None
    """R_a of a complete round robin of rated players (round-robin formulas only)."""
    performance: dict[str, float] = field(default_factory=dict)
    used: dict[str, tuple[int, float]] = field(default_factory=dict)
    """New players: games and points against opponents who counted for R_p."""
    post: dict[str, float] = field(default_factory=dict)
    ratings: dict[str, PlayerRating] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    player_notes: dict[str, list[str]] = field(default_factory=dict)

    def is_provisional(self, pid: str) -> bool:
        """Rated, with fewer than ``established_games`` games (§2.59, §3.72)."""
        return self.pre[pid] is not None and provisional(self.states[pid], self.config)


def _performance(
    games: list[tuple[float, float]],
    config: EloConfig,
    event_average: float | None,
    participants: int,
    factor: bool,
) -> float:
    """R_p from ``(opponent rating, score)`` pairs by the configured formula."""
    expectancy = config.expectancy()
    ratings = [r for r, _ in games]
    score = math.fsum(s for _, s in games)
    n = len(games)
    formula = config.performance
    if formula is PerformanceFormula.EXACT:
        return exact_performance(ratings, score, expectancy)
    if formula is PerformanceFormula.LINEAR:
        return linear_performance(average(ratings), score, n - score, n, config.C)
    d_p = score_difference(score, n, expectancy, factor_f=factor)
    if formula is PerformanceFormula.ROUND_ROBIN and event_average is not None:
        return event_average + adjusted_difference(d_p, participants)
    return average(ratings) + d_p


def rate_event(
    event: Event, states: Mapping[str, EloState], config: EloConfig
) -> EventRating[EloState]:
    """Rate one event by Elo's system (see the module docstring for the steps): by the
    rules of :mod:`.rules` (the season loop's) where they cover the configuration
    (:func:`.fields.covered`), else by the general steps below."""
    from arpad.systems.elo import fields

    if fields.covered(config):
        return _rate_by_rules(event, states, config)
    return _rate_general(event, states, config)


def _or_nan(x: float | None) -> float:
    return math.nan if x is None else x


def _rate_by_rules(
    event: Event, states: Mapping[str, EloState], config: EloConfig
) -> EventRating[EloState]:
    """:func:`.rules.rate_field` over the event's players and rated games."""
    from arpad.systems.elo import fields

    ids = [p.id for p in event.players]
    index = {pid: i for i, pid in enumerate(ids)}
    rated = list(event.rated_games())
    nan = math.nan
    out, skipped = fields.rate_field(
        [index[g.white] for g in rated],
        [index[g.black] for g in rated],
        [g.score for g in rated],
        [_or_nan(states[p].rating) for p in ids],
        [states[p].games for p in ids],
        [states[p].events is not None for p in ids],
        config,
    )
    opponents = event.results_by_player()
    columns = out.T.tolist()
    flags = skipped.tolist()
    players = []
    at = 0
    for pid, col in zip(ids, columns, strict=True):
        met = [o for o, _ in opponents[pid]]
        pre = states[pid].rating
        players.append(
            fields.player_rating(
                pid, nan if pre is None else pre, col, met, flags[at : at + len(met)]
            )
        )
        at += len(met)
    by_id = {p.player_id: p for p in players}
    return EventRating(
        system="elo",
        event_id=event.id,
        pool=event.pool,
        players=tuple(players),
        states={pid: _advance(states[pid], by_id[pid]) for pid in states},
    )


def _rate_general(
    event: Event, states: Mapping[str, EloState], config: EloConfig
) -> EventRating[EloState]:
    """The steps for the configurations :mod:`.rules` does not cover (round-robin
    formulas, the exact R_p, continuous normal and logistic curves, FIDE 1986's K)."""
    results = event.results_by_player()
    work = _Work(
        event=event,
        states=states,
        config=config,
        opponents=results,
        pre={p: states[p].rating for p in results},
        active=[p for p in results if results[p]],
        player_notes={p: [] for p in results},
    )
    _round_robin_average(work)
    unrated = _rate_new_players(work)  # 1. §3.71
    provisional = [p for p in results if work.is_provisional(p) and results[p]]
    established = [p for p in results if work.pre[p] is not None and not work.is_provisional(p)]
    for pid in [*provisional, *established]:  # 2. §3.72, then 3. everyone else
        _rate_rated_player(work, pid, pid in provisional)
    for pid in unrated:
        _first_rating(work, pid)
    for p in event.players:
        if p.id not in work.ratings:
            pre = work.pre.get(p.id, states[p.id].rating)
            work.ratings[p.id] = PlayerRating(p.id, pre, pre, 0, 0.0, method="no games")
    new_states = {pid: _advance(states[pid], work.ratings[pid]) for pid in states}
    return EventRating(
        system="elo",
        event_id=event.id,
        pool=event.pool,
        players=tuple(work.ratings[p.id] for p in event.players),
        states=new_states,
        notes=tuple(work.notes),
    )


def _round_robin_average(work: _Work) -> None:
    """R_a of a complete round robin of rated players, for formulas (6) and (8) (§1.65)."""
    config = work.config
    work.cycles = round_robin_cycles(work.event)
    all_rated = all(work.pre[p] is not None for p in work.active)
    if work.cycles is not None and all_rated:
        ratings = [work.pre[p] for p in work.active]
        work.event_average = average([float(r) for r in ratings if r is not None])
        if config.round_average:
            work.event_average = round_half_up(work.event_average)
    needs_rr = (
        config.expected is ExpectedFormula.ROUND_ROBIN
        or config.performance is PerformanceFormula.ROUND_ROBIN
    )
    if needs_rr and work.event_average is None:
        work.notes.append(
            "round-robin formulas need a complete round robin of rated players; "
            "used (1) and (3) instead"
        )


def _rate_new_players(work: _Work) -> list[str]:
    """Step 1 (§3.71): each unrated player's R_p against his rated opponents, then a
    second cycle that also counts unrated opponents at their first R_p (§1.67, L400)."""
    config = work.config
    unrated = [p for p in work.opponents if work.pre[p] is None and work.opponents[p]]
    for cycle in (1, 2):
        if cycle == 2 and not config.second_cycle:
            break
        found: dict[str, float] = {}
        for pid in unrated:
            pairs = []
            for opp, s in work.opponents[pid]:
                r = _known_rating(opp, work, cycle)
                if r is not None:
                    pairs.append((r, s))
            if pairs:
                found[pid] = _performance(pairs, config, None, len(work.active), config.factor_f)
                work.used[pid] = (len(pairs), math.fsum(x for _, x in pairs))
        work.performance.update(found)
    return unrated


def _opponent_rating(work: _Work, pid: str, opp: str, provisional: bool) -> float | None:
    """The rating an opponent counts at (§3.71–§3.72): an unrated one at his R_p, a
    provisional one at his post-event rating (a provisional player meets provisional
    opponents at their pre-event ratings), everyone else at his pre-event rating."""
    config = work.config
    if provisional and work.is_provisional(opp):
        return work.pre[opp]
    if work.pre[opp] is None:
        value = work.performance.get(opp) if config.new_players_first else None
        return value if value is not None and math.isfinite(value) else None
    if config.provisional_first and opp in work.post and work.is_provisional(opp):
        return work.post[opp]
    return work.pre[opp]


def _expected(work: _Work, pre: float, opponents: list[float]) -> float:
    """W_e by (8), (4) or (3) as configured (§1.65–§1.66)."""
    config = work.config
    expectancy = config.expectancy()
    if config.expected is ExpectedFormula.ROUND_ROBIN and work.event_average is not None:
        assert work.cycles is not None
        p_da = expectancy.p(pre - work.event_average)
        return round_robin_expected(p_da, len(work.active), work.cycles)
    if config.expected is ExpectedFormula.AVERAGE:
        return expected_score_average(pre, opponents, expectancy)
    return expected_score_individual(pre, opponents, expectancy)


def _rate_rated_player(work: _Work, pid: str, provisional: bool) -> None:
    """Steps 2 and 3: a provisional player by (14) with N_o + N (§1.67), everyone else by
    (2) R_n = R_o + K(W − W_e); a perfect or zero score falls back to (2) (§1.54)."""
    config = work.config
    pre = work.pre[pid]
    assert pre is not None
    state = work.states[pid]
    notes = work.player_notes[pid]
    pairs = []
    for opp, s in work.opponents[pid]:
        r = _opponent_rating(work, pid, opp, provisional)
        if r is None:
            notes.append(f"game against unrated {opp!r} not rated")
            continue
        pairs.append((r, s))
    n = len(pairs)
    score = math.fsum(s for _, s in pairs)
    if n == 0:
        work.ratings[pid] = PlayerRating(pid, pre, pre, 0, 0.0, method="no games")
        work.post[pid] = pre
        return
    r_p = _performance(pairs, config, work.event_average, len(work.active), False)
    w_e = _expected(work, pre, [r for r, _ in pairs])
    k = player_k(state, n, config)
    method = "standard"
    k_used: float | None = k
    post = new_rating(pre, k, score, w_e)
    if provisional:
        own = _performance(pairs, config, work.event_average, len(work.active), config.factor_f)
        if math.isfinite(own):
            post = (pre * state.games + own * n) / (state.games + n)
            method = "provisional"
            k_used = None
        else:
            notes.append("score of 100 % or 0 % has no performance rating (§1.54); used (2)")
    work.post[pid] = post
    work.ratings[pid] = PlayerRating(
        pid,
        pre,
        post,
        n,
        score,
        expected=w_e,
        k=k_used,
        method=method,
        performance=r_p,
        notes=tuple(notes),
    )


def _first_rating(work: _Work, pid: str) -> None:
    """A new player's rating from the event is his R_p (§3.71), provisional; none with no
    rated opponent or with a perfect or zero score (§1.54)."""
    perf = work.performance.get(pid)
    if perf is None:
        total = math.fsum(s for _, s in work.opponents[pid])
        work.ratings[pid] = PlayerRating(
            pid, None, None, 0, total, method="unrated", notes=("no rated opponent",)
        )
        return
    first = perf if math.isfinite(perf) else None
    note = () if first is not None else ("100 % or 0 %: indeterminate rating (§1.54)",)
    n_used, used_score = work.used[pid]
    work.ratings[pid] = PlayerRating(
        pid,
        None,
        first,
        n_used,
        used_score,
        method="performance",
        performance=perf,
        notes=note,
    )


def _known_rating(opp: str, work: _Work, cycle: int) -> float | None:
    """An opponent's rating for new players' performances: his pre-event rating, or in the
    second cycle the first-cycle R_p of an unrated opponent."""
    pre = work.pre[opp]
    if pre is not None:
        return pre
    if cycle == 2:
        value = work.performance.get(opp)
        if value is not None and math.isfinite(value):
            return value
    return None


def _advance(state: EloState, result: PlayerRating) -> EloState:
    if result.post is None or result.games == 0:
        return state
    peak = result.post if state.peak is None else max(state.peak, result.post)
    return replace(
        state,
        rating=result.post,
        games=state.games + result.games,
        events=None if state.events is None else state.events + 1,
        peak=peak,
    )
