"""Rating one event: the five steps of us-chess-rating-system-2020.txt §1, floors (§5),
FIDE foreign events (§6) and matches (§7).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from arpad.curves import FloatArray
from arpad.errors import RatingError
from arpad.model import Event, EventKind, PlayerEntry, Pool
from arpad.performance import logistic_performance, logistic_performances
from arpad.systems import EventRating, PlayerRating
from arpad.systems.uscf2020 import rules
from arpad.systems.uscf2020.config import USCFConfig
from arpad.systems.uscf2020.floors import rating_floor
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


def _priors(event: Event, states: Mapping[str, USCFState], config: USCFConfig) -> dict[str, Prior]:
    """Step 1 (§1, L27; §2): R_0 and N for everyone, initial ratings for the unrated."""
    out: dict[str, Prior] = {}
    for entry in event.players:
        st = states[entry.id]
        if st.rating is not None:
            out[entry.id] = Prior(st.rating, st.games, False, None)
        else:
            init = initial_rating(
                entry,
                event.pool,
                event.end_date,
                config.established_after,
                config.fide_conversion_since,
            )
            out[entry.id] = Prior(init.rating, init.games, True, init)
    return out


def quick_regular(entry: PlayerEntry, event: Event, config: USCFConfig) -> float:
    """The Regular rating the file gives for the dual-rated K when rating the Quick side
    (``dual_rated_k_in_quick``, D-uscf-3); NaN where none applies."""
    if not (event.dual_rated and event.pool == Pool.QUICK and config.dual_rated_k_in_quick):
        return math.nan
    other = entry.other_pools.get(Pool.REGULAR)
    return math.nan if other is None else other.rating


@dataclass(frozen=True)
class Field:
    """One event's players (local indices) and rated games, as :func:`.rules.rate_field`
    takes them, and what it gives back (``out``)."""

    white: npt.NDArray[np.int64]
    black: npt.NDArray[np.int64]
    white_score: FloatArray
    r0: FloatArray
    out: FloatArray
    """Rows: m, score, step-4 rating, step-5 rating, E, K, bonus, special (1.0)."""


def rate_field(
    white: list[int],
    black: list[int],
    white_score: list[float],
    r0: list[float],
    games: list[int],
    unrated: list[bool],
    all_wins: list[bool],
    all_losses: list[bool],
    regular: list[float],
    allow_bonus: bool,
    cfg: FloatArray,
    *,
    fixed: bool = False,
) -> Field:
    """Steps 3–5 (§1) by :func:`.rules.rate_field`, as ordinary Python (``fixed``: one
    step against everyone's R_0, :func:`.rules.rate_fixed`).

    Raises:
        RatingError: the special formula failed to settle (the rule's guard).
    """
    w, b = np.array(white, dtype=np.int64), np.array(black, dtype=np.int64)
    ws, r = np.array(white_score, dtype=float), np.array(r0, dtype=float)
    out = np.zeros((8, len(r0)))
    n, aw, al = np.array(games, dtype=float), np.array(all_wins, bool), np.array(all_losses, bool)
    reg = np.array(regular, dtype=float)
    fw, iw = rules.work(len(r), len(w))
    if fixed:
        rules.rate_fixed(w, b, ws, r, n, aw, al, reg, cfg, out, fw, iw)
    else:
        rules.rate_field(
            w, b, ws, r, n, np.array(unrated, bool), aw, al, reg, allow_bonus, cfg, out, fw, iw
        )
    if np.isnan(out[3]).any():  # pragma: no cover - guarded in the rule
        raise RatingError("special formula did not converge")
    return Field(w, b, ws, r, out)


def _field(
    event: Event,
    priors: Mapping[str, Prior],
    states: Mapping[str, USCFState],
    config: USCFConfig,
    *,
    allow_bonus: bool,
) -> tuple[list[str], Field]:
    ids = [p.id for p in event.players]
    index = {pid: i for i, pid in enumerate(ids)}
    rated = [g for g in event.games if g.rated]
    history = [states[pid].has_history for pid in ids]
    in_regular = event.dual_rated and event.pool == Pool.REGULAR
    return ids, rate_field(
        white=[index[g.white] for g in rated],
        black=[index[g.black] for g in rated],
        white_score=[g.score for g in rated],
        r0=[priors[pid].r0 for pid in ids],
        games=[priors[pid].games for pid in ids],
        unrated=[priors[pid].unrated for pid in ids],
        all_wins=[h and states[pid].all_wins for pid, h in zip(ids, history, strict=True)],
        all_losses=[h and states[pid].all_losses for pid, h in zip(ids, history, strict=True)],
        regular=[
            rules.dual_regular(
                in_regular, priors[e.id].unrated, priors[e.id].r0, quick_regular(e, event, config)
            )
            for e in event.players
        ],
        allow_bonus=allow_bonus,
        cfg=rules.params(config, config.bonus_multiplier),
    )


def _wins_draws(field: Field) -> tuple[list[int], list[int]]:
    """Each player's wins and draws among the event's rated games."""
    n = len(field.r0)
    wins, draws = [0] * n, [0] * n
    for w, b, x in zip(
        field.white.tolist(), field.black.tolist(), field.white_score.tolist(), strict=True
    ):
        if x == 0.5:
            draws[w] += 1
            draws[b] += 1
        elif x == 1.0:
            wins[w] += 1
        elif x == 0.0:
            wins[b] += 1
    return wins, draws


def _performance(opponents: list[float], score: float) -> float | None:
    if not opponents:
        return None
    return logistic_performance(opponents, score)


def performances(field: Field) -> FloatArray:
    """The Perf column: exact logistic performance against the step-4 ratings
    (D-uscf-12), by the batch solver for every event, so that a season's results, which
    compute it the same way when asked for, give the very same numbers (D-speed-3)."""
    return logistic_performances(field.white, field.black, field.white_score, field.out[2])


def _optional(x: float) -> float | None:
    return None if math.isnan(x) else float(x)


def rate_event(
    event: Event, states: Mapping[str, USCFState], config: USCFConfig
) -> EventRating[USCFState]:
    """Rate ``event`` in its pool (§1 steps 1–5, §5 floors, §6 or §7 by event kind), with
    the bonus multiplier of the event's era unless the configuration fixes it."""
    config = config.for_date(event.end_date)
    if event.kind == EventKind.FIDE_FOREIGN:
        return _rate_fide_foreign(event, states, config)
    match = check_match(event, states, config) if event.kind == EventKind.MATCH else None
    priors = _priors(event, states, config)
    ids, field = _field(event, priors, states, config, allow_bonus=match is None)
    out = field.out
    m, score = out[0], out[1]
    wins_all, draws_all = _wins_draws(field)
    perf = performances(field)

    players: list[PlayerRating] = []
    new_states: dict[str, USCFState] = {}
    for i, pid in enumerate(ids):
        pr, st = priors[pid], states[pid]
        notes: list[str] = []
        if pr.initial is not None:
            notes.append(
                f"unrated: initial {pr.initial.rating:.0f} from {pr.initial.source} "
                f"(N={pr.initial.games})"
            )
        pre = None if pr.unrated else pr.r0
        if m[i] == 0:
            players.append(PlayerRating(pid, pre, pre, 0, 0.0, notes=tuple(notes)))
            new_states[pid] = st
            continue
        post, floor_used = float(out[3, i]), None
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
        wins, draws = int(wins_all[i]), int(draws_all[i])
        new_states[pid] = after_event(
            st,
            post=post,
            assigned_games=pr.games,
            wins=wins,
            draws=draws,
            losses=int(m[i]) - wins - draws,
            config=config,
            match_change=match_change,
            known_floor=None if outcome is None else outcome.new_floor,
        )
        players.append(
            PlayerRating(
                player_id=pid,
                pre=pre,
                post=post,
                games=int(m[i]),
                score=float(score[i]),
                expected=float(out[4, i]),
                k=_optional(out[5, i]),
                bonus=float(out[6, i]),
                method=("special" if out[7, i] else "standard") if match is None else "match",
                performance=float(perf[i]),
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

    def convert(fide: float) -> float:  # §6: the §2.7 conversion in force, or the youth one
        if event.youth:
            return fide_to_uscf_youth(fide)
        return fide_to_uscf(fide, event.end_date, config.fide_conversion_since)

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
        r0 = st.rating
        opponents = [convert(event.player(o).fide or 0.0) for o, _ in counted]
        # §6: the standard formula (with bonus), applied once against the converted
        # ratings; an established player is never on the special formula here.
        field = _against_fixed(
            r0,
            st.games,
            [(o, r, s) for (o, s), r in zip(counted, opponents, strict=True)],
            config,
            unrated=False,
        )
        post = float(field.out[3, 0])
        score, m = float(field.out[1, 0]), len(counted)
        expected, k, bonus = (
            float(field.out[4, 0]),
            _optional(field.out[5, 0]),
            float(field.out[6, 0]),
        )
        floor_used = None
        if config.apply_floors:
            floor = rating_floor(st, config)
            if post < floor:
                post, floor_used = floor, floor
        wins = sum(1 for _, s in counted if s == 1.0)
        draws = sum(1 for _, s in counted if s == 0.5)
        new_states[pid] = after_event(
            st,
            post=post,
            assigned_games=st.games,
            wins=wins,
            draws=draws,
            losses=m - wins - draws,
            config=config,
        )
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


def _against_fixed(
    r0: float,
    games: int,
    opponents: list[tuple[str, float, float]],
    config: USCFConfig,
    *,
    unrated: bool,
    all_wins: bool = False,
    all_losses: bool = False,
) -> Field:
    """One rating step for one player (index 0) against opponents at fixed ratings.

    ``opponents`` holds ``(key, rating, score)`` per game; games with the same key are
    against the same opponent (the bonus's "more than twice" rule).
    """
    keys = list(dict.fromkeys(k for k, _, _ in opponents))
    index = {k: i + 1 for i, k in enumerate(keys)}
    rating_of = {k: r for k, r, _ in opponents}
    others = len(keys)
    return rate_field(
        white=[0] * len(opponents),
        black=[index[k] for k, _, _ in opponents],
        white_score=[s for _, _, s in opponents],
        r0=[r0] + [rating_of[k] for k in keys],
        games=[games] + [50] * others,
        unrated=[unrated] + [False] * others,
        all_wins=[all_wins] + [False] * others,
        all_losses=[all_losses] + [False] * others,
        regular=[math.nan] * (others + 1),
        allow_bonus=True,
        cfg=rules.params(config, config.bonus_multiplier),
        fixed=True,
    )


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
    init = None
    if rating is None:
        init = initial if initial is not None else Initial(750.0, 0, "default 750")
        r0, n = init.rating, init.games
    else:
        r0, n = rating, games
    history = rating is not None and games > 0
    m = len(results)
    field = _against_fixed(
        r0,
        n,
        [(str(i), r, sc) for i, (r, sc) in enumerate(results)],
        config,
        unrated=rating is None,
        all_wins=history and all_wins,
        all_losses=history and all_losses,
    )
    post = float(field.out[3, 0])
    floor_used = None
    state = USCFState(rating=rating, games=games if rating is not None else 0)
    if config.apply_floors and post < (floor := rating_floor(state, config)):
        post, floor_used = floor, floor
    score = math.fsum(s for _, s in results)
    return PlayerRating(
        "you",
        rating,
        post,
        m,
        score,
        float(field.out[4, 0]),
        _optional(field.out[5, 0]),
        float(field.out[6, 0]),
        "special" if field.out[7, 0] else "standard",
        _performance([r for r, _ in results], score),
        floor_used,
    )
