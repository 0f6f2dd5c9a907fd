"""The USCF rating system in use in 1993–94 ("CurrSys"), as the 1994 Ratings Committee
reconstructed it from the rating program.

Source: uscf-ratings-committee-1994.txt §1.2 (L98–L112); the K of the established formula
from §1.5.1 (L217: 32 below 2100), §6.4 (L587: 16 from 2400) and
us-chess-rating-system-2020.txt §4.2 (L261: K "used to take on the values 32, 24 or 16,
depending only on a player's pre-event rating").

A tournament is rated in four sequential steps (§1.2, L102–L106):

1. unrated players are rated against their opponents' pre-event ratings, every unrated
   opponent counting as 1000;
2. provisionally rated players are updated, unrated opponents counting at their step-1
   ratings;
3. unrated players are rated again against the step-1 ratings of unrated opponents and
   the step-2 ratings of provisional ones;
4. established players are updated against the ratings of steps 2 and 3.

Unrated and provisional players use the provisional formula, "an average of opponents'
ratings (plus or minus 400)" (L112), weighted with the N games of a provisional rating::

    R = (N·R0 + Σ R_i + 400·(wins − losses)) / (N + m)

with two adjustments for wins: an unrated player's win over an opponent rated 600 or less
counts as a win over 601 (L107), and a provisional player (pre-event rating R) beating an
opponent rated R − 400 or less counts it as a win over R − 399 (L109). A provisional rating
based on 14 or more games is updated with the established formula in an event of 6 or
more rounds (L110). Established players: ``R = R0 + K(W − We)`` with the logistic We and
K = 32 / 24 / 16 below 2100 / 2100–2399 / from 2400.

A player is rated only after at least four games in the event (§1.4.3, L203: "as is the
practice in the currently implemented system").

>>> from arpad.model import Game, PlayerEntry, build_event
>>> players = [PlayerEntry("new")] + [PlayerEntry(f"o{r}", rating=r, games=50)
...     for r in (700, 850, 950, 1200, 1500)]
>>> games = [Game("new", f"o{r}", s) for r, s in ((700, 1), (850, 1), (950, 0.5),
...     (1200, 0), (1500, 0))]
>>> result = SYSTEM.rate_event(build_event("ex1", players, games))
>>> round(result.player("new").post)
1040
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from arpad.config import Config, bounds
from arpad.curves import logistic_expectancy
from arpad.model import Event, PlayerEntry, Pool, RatingKind
from arpad.performance import expected_score, performance_rating
from arpad.systems import EventRating, ListEntry, PlayerRating, RatingSystem
from arpad.systems.expectation import by_difference

SEED = "uscf-ratings-committee-1994.txt"


@dataclass(frozen=True)
class EraK(Config):
    """The established K schedule of the early 1990s, declared once: the configurations
    of uscf1993 and uscf1994 both derive from it."""

    K_low: float = field(default=32.0, metadata=bounds(0, None, doc="K below K_mid_from (L217)"))
    K_mid: float = field(
        default=24.0, metadata=bounds(0, None, doc="K from K_mid_from (2020 text L261)")
    )
    K_high: float = field(default=16.0, metadata=bounds(0, None, doc="K from K_high_from (L587)"))
    K_mid_from: float = field(default=2100.0, metadata=bounds(doc="rating where K_mid starts"))
    K_high_from: float = field(default=2400.0, metadata=bounds(doc="rating where K_high starts"))


def era_k(rating: float, config: EraK) -> float:
    """K of the established formula by pre-event rating: 32 / 24 / 16.

    uscf-ratings-committee-1994.txt L217 (32 below 2100) and L587 (16 from 2400);
    us-chess-rating-system-2020.txt L261 recalls the three values.

    >>> cfg = Uscf1993Config()
    >>> [era_k(r, cfg) for r in (2099, 2100, 2399, 2400)]
    [32.0, 24.0, 24.0, 16.0]
    """
    if rating >= config.K_high_from:
        return config.K_high
    if rating >= config.K_mid_from:
        return config.K_mid
    return config.K_low


@dataclass(frozen=True)
class Uscf1993Config(EraK):
    """Constants of the 1993 USCF system (uscf-ratings-committee-1994.txt §1.2)."""

    unrated_imputed: float = field(
        default=1000.0,
        metadata=bounds(0, None, doc="rating imputed to unrated opponents (§1.2 step 1, L103)"),
    )
    spread: float = field(
        default=400.0,
        metadata=bounds(0, None, doc="the ±400 per win/loss of the provisional formula (L112)"),
    )
    unrated_win_cutoff: float = field(
        default=600.0,
        metadata=bounds(doc="an unrated player's win over a rating ≤ this … (L107)"),
    )
    unrated_win_substitute: float = field(
        default=601.0, metadata=bounds(doc="… counts as a win over this rating (L107)")
    )
    provisional_win_gap: float = field(
        default=400.0,
        metadata=bounds(0, None, doc="a provisional R's win over a rating ≤ R − this … (L109)"),
    )
    provisional_win_substitute_gap: float = field(
        default=399.0, metadata=bounds(0, None, doc="… counts as a win over R − this (L109)")
    )
    established_games: int = field(
        default=20,
        metadata=bounds(1, None, doc="games after which a rating is established (D-uscf1993-1)"),
    )
    switch_games: int = field(
        default=14,
        metadata=bounds(0, None, doc="a provisional rating on this many games or more … (L110)"),
    )
    switch_rounds: int = field(
        default=6,
        metadata=bounds(1, None, doc="… is updated as established in events of this many rounds"),
    )
    min_games: int = field(
        default=4, metadata=bounds(1, None, doc="games needed for a first rating (L203)")
    )


@dataclass(frozen=True, slots=True)
class Uscf1993State:
    """A player's standing: ``rating`` is ``None`` while unrated; ``games`` is N."""

    rating: float | None = None
    games: int = 0
    established: bool = False


def state_from_entry(entry: PlayerEntry, event: Event, config: Uscf1993Config) -> Uscf1993State:
    """The prior state of a player as an event file describes them.

    A rating given with ``games = 0`` and not marked provisional is taken as established:
    the file gave a rating but no game count (D-uscf1993-2).
    """
    if entry.rating is None:
        return Uscf1993State()
    established = entry.games >= config.established_games or (
        entry.games == 0 and entry.provisional is not True
    )
    return Uscf1993State(float(entry.rating), entry.games, established)


def list_entry(state: Uscf1993State, config: Uscf1993Config) -> ListEntry:
    if state.rating is None:
        return ListEntry(None, 0, False)
    mark = "" if state.established else f"P{state.games}"
    return ListEntry(state.rating, state.games, state.established, mark)


def provisional_formula(
    prior: float | None,
    prior_games: int,
    results: Sequence[tuple[float, float]],
    spread: float = 400.0,
) -> float:
    """``(N·R0 + Σ R_i + spread·(wins − losses)) / (N + m)`` (§1.2, L112; §1.7 L253–L298).

    ``results`` are ``(opponent rating, score)`` pairs, after the win adjustments.

    >>> provisional_formula(None, 0, [(700, 0), (850, 0), (950, 0), (1200, 0), (1500, 0)])
    640.0
    >>> round(provisional_formula(700, 10, [(900, 0), (1100, 0), (1350, 0), (1400, 0), (1450, 0)]))
    747
    """
    total = sum(r + spread * (2.0 * s - 1.0) for r, s in results)
    n = prior_games if prior is not None else 0
    if prior is not None:
        total += n * prior
    return total / (n + len(results))


def event_rounds(event: Event) -> int:
    """Rounds in the event: the highest round number given, else the most games anyone played."""
    numbered = [g.round for g in event.games if g.round is not None]
    numbered += [u.round for u in event.unplayed if u.round is not None]
    if numbered:
        return max(numbered)
    counts = [len(v) for v in event.results_by_player().values()]
    return max(counts, default=0)


def _adjust_unrated_wins(
    results: list[tuple[float, float]], config: Uscf1993Config
) -> list[tuple[float, float]]:
    """L107: a win over an opponent rated ≤ 600 counts as a win over 601."""
    return [
        (config.unrated_win_substitute if s == 1.0 and r <= config.unrated_win_cutoff else r, s)
        for r, s in results
    ]


def _adjust_provisional_wins(
    prior: float, results: list[tuple[float, float]], config: Uscf1993Config
) -> list[tuple[float, float]]:
    """L109: a win over an opponent rated ≤ R − 400 counts as a win over R − 399."""
    cutoff = prior - config.provisional_win_gap
    substitute = prior - config.provisional_win_substitute_gap
    return [(substitute if s == 1.0 and r <= cutoff else r, s) for r, s in results]


@dataclass
class _Event:
    """One event's working values across the four steps (private)."""

    event: Event
    states: Mapping[str, Uscf1993State]
    config: Uscf1993Config
    results: dict[str, list[tuple[str, float]]]
    pre: dict[str, float]
    """Pre-event ratings, unrated players at ``unrated_imputed`` (1000, L103)."""
    step1: dict[str, float] = field(default_factory=dict)
    step2: dict[str, float] = field(default_factory=dict)
    step3: dict[str, float] = field(default_factory=dict)
    methods: dict[str, str] = field(default_factory=dict)
    ks: dict[str, float] = field(default_factory=dict)

    def against(self, player: str, ratings: Mapping[str, float]) -> list[tuple[float, float]]:
        return [(ratings[o], s) for o, s in self.results[player]]


def rate_event(
    event: Event, states: Mapping[str, Uscf1993State], config: Uscf1993Config
) -> EventRating[Uscf1993State]:
    """Rate ``event`` with the four sequential steps of §1.2 (L102–L106)."""
    results = event.results_by_player()
    work = _Event(
        event,
        states,
        config,
        results,
        pre={
            p: s.rating if s.rating is not None else config.unrated_imputed
            for p, s in states.items()
        },
    )
    unrated = [p for p in event.player_ids if states[p].rating is None and results[p]]
    provisional = [
        p
        for p in event.player_ids
        if states[p].rating is not None and not states[p].established and results[p]
    ]
    work.step1 = _rate_unrated(work, unrated, work.pre)  # step 1
    _step2_provisional(work, provisional)  # step 2
    work.step3 = _rate_unrated(work, unrated, {**work.pre, **work.step1, **work.step2})
    return _step4_results(work)  # step 4, and every player's result


def _rate_unrated(work: _Event, unrated: list[str], seen: Mapping[str, float]) -> dict[str, float]:
    """Steps 1 and 3: the provisional formula for unrated players against ``seen`` (step 1:
    pre-event ratings, unrated at 1000; step 3: the ratings of steps 1 and 2)."""
    return {
        p: provisional_formula(
            None, 0, _adjust_unrated_wins(work.against(p, seen), work.config), work.config.spread
        )
        for p in unrated
    }


def _step2_provisional(work: _Event, provisional: list[str]) -> None:
    """Step 2: provisional players, unrated opponents at their step-1 ratings; a rating on
    ``switch_games`` games or more in an event of ``switch_rounds`` rounds or more is
    updated as established (L110)."""
    config = work.config
    rounds = event_rounds(work.event)
    seen2 = {**work.pre, **work.step1}
    for p in provisional:
        state = work.states[p]
        assert state.rating is not None
        if state.games >= config.switch_games and rounds >= config.switch_rounds:
            k = era_k(state.rating, config)
            exp = expected_score(state.rating, [r for r, _ in work.against(p, seen2)])
            work.step2[p] = state.rating + k * (sum(s for _, s in work.results[p]) - exp)
            work.ks[p] = k
            work.methods[p] = (
                f"established ({config.switch_games}+ games, {config.switch_rounds}+ rounds)"
            )
        else:
            adjusted = _adjust_provisional_wins(state.rating, work.against(p, seen2), config)
            work.step2[p] = provisional_formula(state.rating, state.games, adjusted, config.spread)
            work.methods[p] = "provisional"


def _step4_results(work: _Event) -> EventRating[Uscf1993State]:
    """Step 4: established players against the ratings of steps 2 and 3; then every
    player's result and new state (a first rating needs ``min_games`` games, L203)."""
    seen2 = {**work.pre, **work.step1}
    seen3 = {**work.pre, **work.step1, **work.step2}
    seen4 = {**work.pre, **work.step2, **work.step3}
    players: list[PlayerRating] = []
    new_states: dict[str, Uscf1993State] = dict(work.states)
    for p in work.event.player_ids:
        state = work.states[p]
        if not work.results[p]:
            players.append(PlayerRating(p, state.rating, state.rating, 0, 0.0))
            continue
        seen = seen3 if p in work.step3 else seen2 if p in work.step2 else seen4
        opponents = [seen[o] for o, _ in work.results[p]]
        rating, new_state = (
            _unrated_result(work, p, opponents)
            if p in work.step3
            else _rated_result(work, p, opponents)
        )
        players.append(rating)
        if new_state is not None:
            new_states[p] = new_state
    return EventRating(
        system="uscf1993",
        event_id=work.event.id,
        pool=work.event.pool,
        players=tuple(players),
        states=new_states,
    )


def _unrated_result(
    work: _Event, p: str, opponents: list[float]
) -> tuple[PlayerRating, Uscf1993State | None]:
    """An unrated player's step-3 rating, given only after ``min_games`` games (L203)."""
    config = work.config
    m = len(opponents)
    score = sum(s for _, s in work.results[p])
    rated = m >= config.min_games
    post = work.step3[p] if rated else None
    notes = () if rated else (f"fewer than {config.min_games} games: no rating (L203)",)
    new_state = None if post is None else Uscf1993State(post, m, m >= config.established_games)
    perf = performance_rating(opponents, score)
    rating = PlayerRating(p, None, post, m, score, method="unrated", performance=perf, notes=notes)
    return rating, new_state


def _rated_result(
    work: _Event, p: str, opponents: list[float]
) -> tuple[PlayerRating, Uscf1993State]:
    """A rated player: the step-2 rating of a provisional player, or the established
    formula of step 4 against the ratings of steps 2 and 3."""
    config, state = work.config, work.states[p]
    assert state.rating is not None
    m = len(opponents)
    score = sum(s for _, s in work.results[p])
    k_used = work.ks.get(p) if p in work.step2 else era_k(state.rating, config)
    expected = None if k_used is None else expected_score(state.rating, opponents)
    if p in work.step2:
        post, method = work.step2[p], work.methods[p]
    else:
        assert expected is not None and k_used is not None
        post, method = state.rating + k_used * (score - expected), "established"
    games = state.games + m
    new_state = Uscf1993State(post, games, state.established or games >= config.established_games)
    rating = PlayerRating(
        p,
        state.rating,
        post,
        m,
        score,
        expected=expected,
        k=k_used,
        method=method,
        performance=performance_rating(opponents, score),
    )
    return rating, new_state


SYSTEM: RatingSystem[Uscf1993Config, Uscf1993State] = RatingSystem(
    name="uscf1993",
    title="USCF 1993 (the system the 1994 Ratings Committee replaced)",
    source=f"{SEED} §1.2",
    config_type=Uscf1993Config,
    state_type=Uscf1993State,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    pools=(Pool.REGULAR,),
    rating_kinds=(RatingKind.US_CHESS,),
    # The logistic We of the established formula; an unrated player counts at 1000 (L103).
    expected_score_fn=by_difference(
        lambda d, cfg: logistic_expectancy(d), lambda s, cfg: cfg.unrated_imputed
    ),
)
