"""The steps of FIDE's 1986 procedure for one event, each a function, in the order of the
source (elo-rating-of-chessplayers-1986.txt ¶3.1, L1704–1734; §4.51–§4.56, L1744–1760):

1. :func:`counted_play`: the games that count (unplayed games do not; an unrated player's
   zero score removes his games, L1724) and each rated player's entry value (L1716);
2. :func:`event_form` and :func:`rateable`: round robin or Swiss, and the ¶3.1 minimums;
3. :func:`performance_differences` and :func:`rating_average`: D_a and R_a (§4.53);
4. :func:`round_robin_expected_score` and :func:`rated_outcome`: K(W − W_e) (§4.55) or (15);
5. :func:`unrated_outcome`: an unrated player's play, pooled toward a first rating (§4.54);

and :func:`swiss` for a Swiss or team event, where "only the games against rated opponents
are counted" (L1716). :func:`arpad.systems.fide1986.procedure.rate_in_period` calls them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arpad.booktables import round_half_up
from arpad.errors import ConfigError
from arpad.model import Event, PlayerEntry
from arpad.performance import average
from arpad.systems import PlayerRating
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
    ChangeFormula,
    EventType,
    ExpectedChoice,
    Fide1986Config,
    Fide1986State,
    UnratedMethod,
    is_woman,
    player_k,
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


Outcomes = tuple[EventFacts, dict[str, EventOutcome]]


def player_rating(out: EventOutcome, pre: float | None, post: float | None) -> PlayerRating:
    """The interface's result of one player's event outcome (``pre``: R_O; ``post``: what
    the event leaves him at)."""
    return PlayerRating(
        out.player_id,
        pre,
        post,
        out.games,
        out.score,
        expected=out.expected,
        k=out.k,
        method=out.method,
        performance=out.performance,
        notes=out.notes,
    )


# -- step 1: the play that counts --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CountedPlay:
    """An event's play as FIDE rates it (step 1)."""

    women_only: bool
    r_u: float
    """R_U of the event: 1900 in an exclusively women's event, else 2200 (§4.51)."""
    pre: Mapping[str, float | None]
    """Every player's list rating R_O (``None``: unrated)."""
    active: list[str]
    """Players with counted games, in the event's order."""
    games_of: dict[str, list[tuple[str, float]]]
    """Each active player's counted games: (opponent, score)."""
    entered: dict[str, float]
    """Each active rated player's value as an opponent and in R_a."""
    notes: tuple[str, ...]

    @property
    def unrated(self) -> list[str]:
        return [pid for pid in self.active if self.pre[pid] is None]


def entered_rating(
    entry: PlayerEntry, rating: float, women_only: bool, cfg: Fide1986Config
) -> float:
    """A rated player's value as an opponent and in R_a: "In mixed tournaments women are
    entered at their current rating if this is over 2200 or otherwise equal to unrated men at
    2200" (¶3.1, L1716)."""
    if cfg.women_at_nominal and not women_only and is_woman(entry) and rating < cfg.R_U:
        return cfg.R_U
    return rating


def counted_play(
    event: Event, states: Mapping[str, Fide1986State], cfg: Fide1986Config
) -> CountedPlay:
    """Step 1: unplayed games do not count (``results_by_player`` holds rated games only);
    "In the event that an unrated player has a zero score in a tournament the scores of his
    opponents against him are disregarded" (¶3.1, L1724)."""
    women_only = womens_event(event, cfg)
    entries = {p.id: p for p in event.players}
    results = event.results_by_player()
    pre = {pid: states[pid].rating for pid in results}
    excluded = {
        pid
        for pid, games in results.items()
        if pre[pid] is None and games and math.fsum(s for _, s in games) == 0.0
    }
    notes = tuple(
        f"unrated {event.label(pid)!r} scored 0: games against him disregarded (¶3.1)"
        for pid in sorted(excluded)
    )
    active = [p.id for p in event.players if results[p.id] and p.id not in excluded]
    games_of = {pid: [(o, s) for o, s in results[pid] if o not in excluded] for pid in active}
    entered = {
        pid: entered_rating(entries[pid], r, women_only, cfg)
        for pid in active
        if (r := pre[pid]) is not None
    }
    r_u = cfg.R_U_women if women_only else cfg.R_U
    return CountedPlay(women_only, r_u, pre, active, games_of, entered, notes)


# -- step 2: round robin or Swiss, and whether it is rateable ----------------------------------


def event_form(event: Event, active: Sequence[str], cfg: Fide1986Config) -> int | None:
    """k for a k-fold round robin of the active players, ``None`` for a Swiss or team event.

    Raises:
        ConfigError: the configuration says round robin and the event is not a complete one.
    """
    if cfg.event_type is EventType.SWISS:
        return None
    cycles = round_robin_cycles(event, active)
    if cfg.event_type is EventType.ROUND_ROBIN and cycles is None:
        raise ConfigError(f"event {event.id!r} is not a complete round robin")
    return cycles


def rateable(
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


def not_rated(play: CountedPlay, cycles: int, problems: Sequence[str]) -> Outcomes:
    """An event that cannot be rated: every active player gets no calculation."""
    notes = (*play.notes, *(f"not rateable: {p}" for p in problems))
    outcomes = {
        pid: EventOutcome(pid, 0, 0.0, method="not rated", notes=tuple(problems))
        for pid in play.active
    }
    m = len(play.active)
    return EventFacts(cycles, m, len(play.unrated), None, False, notes), outcomes


# -- step 3: D_a and R_a (§4.53) ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PerformanceDifferences:
    """Each active player's W, N and D_a = D_p (M − 1)/M by (5)."""

    score: dict[str, float]
    games: dict[str, int]
    d_a: dict[str, float]


def performance_differences(play: CountedPlay, cfg: Fide1986Config) -> PerformanceDifferences:
    """D_a of every active player of a round robin: (5), rounded as the book's tables are
    (§3.35) when ``book_rounding``."""
    expectancy = cfg.expectancy()
    m = len(play.active)
    score = {pid: math.fsum(s for _, s in play.games_of[pid]) for pid in play.active}
    n_games = {pid: len(play.games_of[pid]) for pid in play.active}
    d_a: dict[str, float] = {}
    for pid in play.active:
        d = adjusted_difference(expectancy.d(score[pid] / n_games[pid]), m)
        d_a[pid] = round_half_up(d) if cfg.book_rounding and math.isfinite(d) else d
    return PerformanceDifferences(score, n_games, d_a)


@dataclass(frozen=True, slots=True)
class RatingAverage:
    """R_a and what every active player counts as in the event (step 3)."""

    r_a: float
    value: dict[str, float]
    """Rated players at their entry value, unrated ones at R_U, R_a or their R_p."""
    notes: tuple[str, ...] = ()


def rating_average(
    play: CountedPlay, diffs: PerformanceDifferences, cfg: Fide1986Config
) -> RatingAverage:
    """R_a (§4.53, L1746): the unrated at R_U when they are at most 20 % of the field;
    otherwise R_a by (7) and "the unrated players who score 50% or better in game points are
    entered at the average rating as calculated while those unrated with below 50% game score
    are entered at their performance ratings".

    Raises:
        ConfigError: (7) cannot be applied (no rated player), from :func:`rate_round_robin`.
    """
    active, unrated = play.active, play.unrated
    m = len(active)
    value: dict[str, float] = dict(play.entered)
    if len(unrated) <= cfg.unrated_share * m:
        for pid in unrated:
            value[pid] = play.r_u
        r_a = average([value[pid] for pid in active])
        return RatingAverage(round_half_up(r_a) if cfg.book_rounding else r_a, value)
    rr = rate_round_robin(
        [(pid, play.entered.get(pid), diffs.score[pid], diffs.games[pid]) for pid in active],
        cfg.expectancy(),
        book_rounding=cfg.book_rounding,
    )
    r_a = rr.average
    note = f"{len(unrated)} of {m} unrated (over 20 %): R_a = {r_a:g} by (7)"
    for pid in unrated:
        half = diffs.score[pid] * 2 >= diffs.games[pid]
        value[pid] = r_a if half else r_a + diffs.d_a[pid]
    return RatingAverage(r_a, value, (note,))


# -- step 4: a rated player's change (§4.55) ---------------------------------------------------


def round_robin_expected_score(
    r_o: float,
    opponents: Sequence[float],
    r_a: float,
    m: int,
    cycles: int,
    cfg: Fide1986Config,
) -> float:
    """W_e in a round robin: by (8) with D_a = R_O − R_a (§4.55; the book's "D_a = R_a − R_O"
    at L1754 has its sign reversed), or by (3) over the opponents when configured."""
    expectancy = cfg.expectancy()
    if cfg.expected is ExpectedChoice.INDIVIDUAL:
        return expected_score_individual(r_o, opponents, expectancy)
    return round_robin_expected(expectancy.p(r_o - r_a), m, cycles)


def rated_outcome(
    pid: str,
    n: int,
    score: float,
    w_e: float,
    perf: float,
    r_o: float,
    state: Fide1986State,
    cfg: Fide1986Config,
) -> EventOutcome:
    """K(W − W_e) with K by §4.56, or (15) ΔR = (R_p − R_O) N/N_o (§4.53); no change is
    calculated on fewer than four games (§4.54)."""
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
    if cfg.change is ChangeFormula.PERFORMANCE and not math.isfinite(perf):
        # (1) "quite logically produces an indeterminate rating for a 100% score, or for a
        # zero score" (§1.54, L354), so (15) has no R_p to start from: no change is
        # calculated, as on too few games (docs/decisions.md, D-robust-1).
        return EventOutcome(
            pid,
            n,
            score,
            w_e,
            None,
            None,
            None,
            method="indeterminate",
            notes=(
                f"{score:g}/{n}: the performance of a {'perfect' if score else 'zero'} "
                "score is indeterminate (§1.54), so (15) gives no change",
            ),
        )
    if cfg.change is ChangeFormula.PERFORMANCE:
        n_o = cfg.N_o if cfg.N_o is not None else games_for_k(k, CLASS_INTERVAL)
        change = rating_change_from_performance(perf, r_o, n, n_o)
        return EventOutcome(pid, n, score, w_e, k, change, perf, method="(15)")
    return EventOutcome(pid, n, score, w_e, k, k * (score - w_e), perf, method="K(W-We)")


# -- step 5: an unrated player's play (§4.54) --------------------------------------------------


def unrated_outcome(
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


# -- steps 3–5 in a round robin, and a Swiss -------------------------------------------------


def round_robin_outcome(
    pid: str,
    play: CountedPlay,
    diffs: PerformanceDifferences,
    avg: RatingAverage,
    cycles: int,
    state: Fide1986State,
    cfg: Fide1986Config,
) -> EventOutcome:
    """One active player of a rateable round robin: R_p = R_a + D_a (6), then step 4 or 5."""
    perf = avg.r_a + diffs.d_a[pid]
    games = play.games_of[pid]
    pre = play.pre[pid]
    if pre is None:
        return unrated_outcome(pid, games, play.pre, avg.value, perf, play.r_u, cfg, state)
    r_o, m = float(pre), len(play.active)
    w_e = round_robin_expected_score(r_o, [avg.value[o] for o, _ in games], avg.r_a, m, cycles, cfg)
    return rated_outcome(pid, diffs.games[pid], diffs.score[pid], w_e, perf, r_o, state, cfg)


def swiss(play: CountedPlay, states: Mapping[str, Fide1986State], cfg: Fide1986Config) -> Outcomes:
    """Swiss or team event: only games against rated opponents count (¶3.1, L1716)."""
    expectancy = cfg.expectancy()
    entered, pre = play.entered, play.pre
    outcomes: dict[str, EventOutcome] = {}
    for pid in play.active:
        counted = [(o, s) for o, s in play.games_of[pid] if o in entered]
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
            outcomes[pid] = unrated_outcome(
                pid, counted, pre, value, perf, play.r_u, cfg, states[pid]
            )
            continue
        r_o = float(pre[pid])  # type: ignore[arg-type]
        w_e = expected_score_individual(r_o, opp, expectancy)
        outcomes[pid] = rated_outcome(pid, n, score, w_e, perf, r_o, states[pid], cfg)
    facts = EventFacts(None, len(play.active), len(play.unrated), None, True, play.notes)
    return facts, outcomes
