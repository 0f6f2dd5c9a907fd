"""Rating one event: the five steps of us-chess-rating-system-2020.txt §1, floors (§5),
FIDE foreign events (§6) and matches (§7).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace

from arpad.errors import RatingError
from arpad.model import Event, EventKind, PlayerEntry, Pool
from arpad.performance import performance_rating
from arpad.systems import EventRating, PlayerRating
from arpad.systems.uscf2020 import formulas as fm
from arpad.systems.uscf2020.config import USCFConfig
from arpad.systems.uscf2020.floors import carry_known_floor, rating_floor
from arpad.systems.uscf2020.initial import Initial, fide_to_uscf, fide_to_uscf_youth, initial_rating
from arpad.systems.uscf2020.matches import MatchOutcome, check_match, limit_match_change
from arpad.systems.uscf2020.state import USCFState, after_event

SYSTEM_NAME = "uscf"


@dataclass(frozen=True, slots=True)
class Prior:
    """A player's R_0 and N for this event (Step 1), and whether they were unrated."""

    r0: float
    games: int
    unrated: bool
    initial: Initial | None


@dataclass(frozen=True, slots=True)
class Step:
    """One player's result of Step 4 or 5."""

    rating: float
    method: str
    expected: float
    k: float | None
    bonus: float


def _priors(event: Event, states: Mapping[str, USCFState], config: USCFConfig) -> dict[str, Prior]:
    """Step 1 (§1, L27; §2): R_0 and N for everyone, initial ratings for the unrated."""
    out: dict[str, Prior] = {}
    for entry in event.players:
        st = states[entry.id]
        if st.rating is not None:
            out[entry.id] = Prior(st.rating, st.games, False, None)
        else:
            init = initial_rating(entry, event.pool, event.end_date, config.established_after)
            out[entry.id] = Prior(init.rating, init.games, True, init)
    return out


def _uses_special(prior: Prior, state: USCFState, config: USCFConfig) -> bool:
    """Step 4 (L46–47): special if N ≤ 8 or all previous games were wins or losses."""
    if prior.games <= config.special_through:
        return True
    return state.has_history and (state.all_wins or state.all_losses)


def _rate_one(
    pid: str,
    prior: Prior,
    state: USCFState,
    results: list[tuple[str, float]],
    opp_rating: Mapping[str, float],
    event: Event,
    config: USCFConfig,
    *,
    allow_bonus: bool,
) -> Step:
    """Step 4 or 5 for one player: the special or the standard formula, then the 100 floor."""
    opponents = tuple(opp_rating[o] for o, _ in results)
    score = math.fsum(s for _, s in results)
    m = len(results)
    n_eff = fm.effective_games(prior.games, prior.r0)
    expected = fm.standard_expected(prior.r0, opponents)
    if _uses_special(prior, state, config):
        rating = fm.special_rating(
            fm.SpecialInput(
                prior.r0,
                n_eff,
                opponents,
                score,
                all_wins=state.has_history and state.all_wins,
                all_losses=state.has_history and state.all_losses,
            ),
            config.epsilon,
            config.special_cap,
        )
        return Step(max(rating, config.minimum_rating), "special", expected, None, 0.0)
    regular = _regular_rating(pid, prior, event, config)
    k = fm.k_factor(n_eff, m, dual_rated=regular is not None, regular_rating=regular)
    change = k * (score - expected)
    bonus = 0.0
    if allow_bonus and fm.bonus_eligible(
        [o for o, _ in results],
        min_games=config.bonus_min_games,
        max_meetings=config.max_meetings_for_bonus,
    ):
        bonus = fm.bonus_amount(k, score, expected, m, config.B, config.bonus_games_floor)
    rating = prior.r0 + change + bonus
    return Step(max(rating, config.minimum_rating), "standard", expected, k, bonus)


def _regular_rating(pid: str, prior: Prior, event: Event, config: USCFConfig) -> float | None:
    """The Regular rating for the dual-rated K rule (§4.2, L280), or None if it does not apply."""
    if not event.dual_rated:
        return None
    if event.pool == Pool.REGULAR:
        return None if prior.unrated else prior.r0
    if event.pool == Pool.QUICK and config.dual_rated_k_in_quick:
        other = event.player(pid).other_pools.get(Pool.REGULAR)
        return None if other is None else other.rating
    return None


def _performance(opponents: list[float], score: float) -> float | None:
    if not opponents:
        return None
    return performance_rating(opponents, score)


def rate_event(
    event: Event, states: Mapping[str, USCFState], config: USCFConfig
) -> EventRating[USCFState]:
    """Rate ``event`` in its pool (§1 steps 1–5, §5 floors, §6 or §7 by event kind)."""
    if event.kind == EventKind.FIDE_FOREIGN:
        return _rate_fide_foreign(event, states, config)
    match = check_match(event, states, config) if event.kind == EventKind.MATCH else None
    results = event.results_by_player()
    priors = _priors(event, states, config)

    # Step 3 (L37–42): first estimates for the unrated with N = 0, N' set to 1.
    step3: dict[str, float] = {}
    for pid, pr in priors.items():
        if pr.unrated and pr.games == 0 and results[pid]:
            opps = tuple(priors[o].r0 for o, _ in results[pid])
            est = fm.special_rating(
                fm.SpecialInput(pr.r0, 1.0, opps, math.fsum(s for _, s in results[pid])),
                config.epsilon,
                config.special_cap,
            )
            step3[pid] = max(est, config.minimum_rating)

    # Step 4 (L44–51): opponents at pre-event / Step 3 / Step 1 ratings.
    step4_opp = {pid: step3.get(pid, pr.r0) for pid, pr in priors.items()}
    allow_bonus = match is None
    step4 = {
        pid: _rate_one(
            pid, pr, states[pid], results[pid], step4_opp, event, config, allow_bonus=allow_bonus
        )
        for pid, pr in priors.items()
        if results[pid]
    }
    # Step 5 (L53): again from each player's own R_0, opponents at their Step 4 ratings.
    step5_opp = {pid: step4[pid].rating if pid in step4 else step4_opp[pid] for pid in priors}
    step5 = {
        pid: _rate_one(
            pid, pr, states[pid], results[pid], step5_opp, event, config, allow_bonus=allow_bonus
        )
        for pid, pr in priors.items()
        if results[pid]
    }

    players: list[PlayerRating] = []
    new_states: dict[str, USCFState] = {}
    for entry in event.players:
        pid = entry.id
        pr, st = priors[pid], states[pid]
        notes: list[str] = []
        if pr.initial is not None:
            notes.append(
                f"unrated: initial {pr.initial.rating:.0f} from {pr.initial.source} "
                f"(N={pr.initial.games})"
            )
        if pid not in step5:
            players.append(
                PlayerRating(
                    pid,
                    None if pr.unrated else pr.r0,
                    None if pr.unrated else pr.r0,
                    0,
                    0.0,
                    notes=tuple(notes),
                )
            )
            new_states[pid] = st
            continue
        res = step5[pid]
        post, floor_used = res.rating, None
        match_change = None
        outcome: MatchOutcome | None = None
        if match is not None:
            outcome = limit_match_change(pr.r0, post, st, event, config)
            post = outcome.post
            notes.extend(outcome.notes)
            match_change = (match, post - pr.r0)
        elif config.apply_floors:
            floor = rating_floor(st, config)
            if post < floor:
                post, floor_used = floor, floor
                notes.append(f"floor {floor:.0f} applied")
        score = math.fsum(s for _, s in results[pid])
        wins = sum(1 for _, s in results[pid] if s == 1.0)
        draws = sum(1 for _, s in results[pid] if s == 0.5)
        losses = len(results[pid]) - wins - draws
        new = after_event(
            st,
            post=post,
            assigned_games=pr.games,
            wins=wins,
            draws=draws,
            losses=losses,
            config=config,
            match_change=match_change,
        )
        if outcome is not None and outcome.new_floor is not None:
            new = replace(new, known_floor=outcome.new_floor)
        new_states[pid] = carry_known_floor(st, new, config)
        players.append(
            PlayerRating(
                player_id=pid,
                pre=None if pr.unrated else pr.r0,
                post=post,
                games=len(results[pid]),
                score=score,
                expected=res.expected,
                k=res.k,
                bonus=res.bonus,
                method=res.method if match is None else "match",
                performance=_performance([step5_opp[o] for o, _ in results[pid]], score),
                floor=floor_used,
                notes=tuple(notes),
            )
        )
    return EventRating(SYSTEM_NAME, event.id, event.pool, tuple(players), new_states)


def _rate_fide_foreign(
    event: Event, states: Mapping[str, USCFState], config: USCFConfig
) -> EventRating[USCFState]:
    """§6 (L320–330): established Regular players updated once by the standard formula
    (with bonus) against opponents' FIDE ratings converted to the US Chess scale."""
    if event.pool != Pool.REGULAR:
        raise RatingError("FIDE foreign events update Regular ratings only (US Chess §6)")
    convert = fide_to_uscf_youth if event.youth else fide_to_uscf
    results = event.results_by_player()
    players: list[PlayerRating] = []
    new_states: dict[str, USCFState] = {}
    for entry in event.players:
        pid, st = entry.id, states[entry.id]
        counted = [(o, s) for o, s in results[pid] if event.player(o).fide is not None]
        if st.rating is None or not st.established(config) or not counted:
            reason = "not an established US Chess player" if counted else "no FIDE-rated games"
            players.append(
                PlayerRating(pid, st.rating, st.rating, 0, 0.0, notes=(f"not updated: {reason}",))
            )
            new_states[pid] = st
            continue
        opponents = [convert(event.player(o).fide or 0.0) for o, _ in counted]
        score = math.fsum(s for _, s in counted)
        m = len(counted)
        r0 = st.rating
        n_eff = fm.effective_games(st.games, r0)
        expected = fm.standard_expected(r0, opponents)
        k = fm.k_factor(n_eff, m)
        bonus = 0.0
        if fm.bonus_eligible(
            [o for o, _ in counted],
            min_games=config.bonus_min_games,
            max_meetings=config.max_meetings_for_bonus,
        ):
            bonus = fm.bonus_amount(k, score, expected, m, config.B, config.bonus_games_floor)
        post = max(r0 + k * (score - expected) + bonus, config.minimum_rating)
        floor_used = None
        if config.apply_floors:
            floor = rating_floor(st, config)
            if post < floor:
                post, floor_used = floor, floor
        wins = sum(1 for _, s in counted if s == 1.0)
        draws = sum(1 for _, s in counted if s == 0.5)
        new = after_event(
            st,
            post=post,
            assigned_games=st.games,
            wins=wins,
            draws=draws,
            losses=m - wins - draws,
            config=config,
        )
        new_states[pid] = carry_known_floor(st, new, config)
        ignored = len(results[pid]) - m
        notes = (
            (f"{ignored} game(s) against players without FIDE rating ignored",) if ignored else ()
        )
        players.append(
            PlayerRating(
                pid,
                r0,
                post,
                m,
                score,
                expected,
                k,
                bonus,
                "fide-foreign",
                _performance(opponents, score),
                floor_used,
                notes,
            )
        )
    return EventRating(SYSTEM_NAME, event.id, event.pool, tuple(players), new_states)


def estimate(
    rating: float | None,
    games: int,
    results: list[tuple[float, float]],
    config: USCFConfig,
    *,
    all_wins: bool = False,
    all_losses: bool = False,
    initial: Initial | None = None,
) -> PlayerRating:
    """One player's new rating against opponents whose ratings are taken as given, like the
    federation's rating estimator (the full algorithm would also re-rate the opponents and
    use their step-4 ratings in step 5).

    ``rating=None`` is an unrated player starting from ``initial`` (default 750, N = 0).
    """
    if rating is None:
        init = initial if initial is not None else Initial(750.0, 0, "default 750")
        prior = Prior(init.rating, init.games, True, init)
        state = USCFState()
    else:
        prior = Prior(rating, games, False, None)
        state = USCFState(rating=rating, games=games, all_wins=all_wins, all_losses=all_losses)
    ids = [f"opponent {i + 1}" for i in range(len(results))]
    opp = {pid: r for pid, (r, _) in zip(ids, results, strict=True)}
    played = [(pid, s) for pid, (_, s) in zip(ids, results, strict=True)]
    dummy = Event(id="estimate", players=(PlayerEntry("you"),), games=())
    step = _rate_one("you", prior, state, played, opp, dummy, config, allow_bonus=True)
    post = step.rating
    floor_used = None
    if config.apply_floors and post < (floor := rating_floor(state, config)):
        post, floor_used = floor, floor
    score = math.fsum(s for _, s in results)
    return PlayerRating(
        "you", rating, post, len(results), score, step.expected, step.k, step.bonus,
        step.method, _performance([r for r, _ in results], score), floor_used,
    )  # fmt: skip
