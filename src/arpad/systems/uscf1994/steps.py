"""One player's update in each step of uscf-ratings-committee-1994.txt §1.3 (L116–L120).

- step 1, :func:`rate_first`: an unrated or nominally rated player's event performance
  rating (§1.4, §4) over the games on file and the current ones, once there are four
  (§1.4.3, L203);
- step 2, :func:`update_provisional`: ``R0 + K(W − We)`` with K = 600/(N + m − 1) (§1.5.2),
  or the options of §1.5.3 and §1.5.4; K = 32 once N + m exceeds 20 (L223);
- step 3, :func:`update_established`: ``R0 + K(W − We)`` with K = 32/24/16 by rating.

Each takes the player's games against opponents at the ratings its step sees;
:mod:`arpad.systems.uscf1994.rating` decides those ratings and runs the steps in order.
"""

from __future__ import annotations

from collections.abc import Sequence

from arpad.performance import expected_score, glickman_performance
from arpad.systems import PlayerRating
from arpad.systems.uscf1993 import era_k
from arpad.systems.uscf1994.config import (
    ProvisionalMethod,
    Record,
    SavedGame,
    Uscf1994Config,
    Uscf1994State,
)

Update = tuple[PlayerRating, Uscf1994State]
"""A player's result in the event and their state after it."""


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


def performance(games: Sequence[SavedGame]) -> float:
    """The §4 event performance rating of ``games`` (L453–L477)."""
    return glickman_performance([g.opponent for g in games], sum(g.score for g in games))


def rate_first(
    p: str, state: Uscf1994State, current: list[SavedGame], config: Uscf1994Config
) -> Update:
    """Step 1 for one unrated or nominally rated player (§1.4): the performance rating of
    every game on file, once there are ``min_games`` of them (L203); saved until then."""
    record = record_on_file(state) + current
    score = sum(g.score for g in current)
    perf = performance(current)
    if len(record) < config.min_games:
        note = f"{len(record)} games on file, fewer than {config.min_games}: saved (L203)"
        return (
            PlayerRating(
                p, None, None, len(current), score, method="saved", performance=perf, notes=(note,)
            ),
            Uscf1994State(saved=tuple(record), fide=state.fide, birth_date=state.birth_date),
        )
    post = performance(record)
    kind = record_kind(record)
    established = kind == Record.MIXED and len(record) > config.provisional_limit
    return (
        PlayerRating(
            p,
            state.rating,
            post,
            len(current),
            score,
            method="performance" if kind == Record.MIXED else "nominal",
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


def established_formula(
    prior: float, current: Sequence[SavedGame], k: float
) -> tuple[float, float]:
    """``R0 + K(W − We)`` (§1.5.1, L215) → (post, We)."""
    expected = expected_score(prior, [g.opponent for g in current])
    return prior + k * (sum(g.score for g in current) - expected), expected


def update_provisional(
    player: str, state: Uscf1994State, current: list[SavedGame], config: Uscf1994Config
) -> Update:
    """Step 2: K-formula (§1.5.2), greater-of (§1.5.3) or performance (§1.5.4); the
    established formula with K = 32 in the event where N + m first exceeds 20 (L223)."""
    assert state.rating is not None
    k = provisional_k(state.games, len(current), config)
    if k is None:
        return _cross_to_established(player, state, current, config)
    by_k, expected = established_formula(state.rating, current, k)
    cumulative = record_on_file(state) + current
    post, method = _provisional_choice(by_k, cumulative, config.provisional_method)
    notes: tuple[str, ...] = ()
    if config.provisional_method != ProvisionalMethod.K_FORMULA and len(state.saved) < state.games:
        notes = (
            f"{state.games - len(state.saved)} earlier games not on file: counted as draws "
            f"against {state.rating:.0f} (D-uscf1994-6)",
        )
    new_state = Uscf1994State(
        post,
        state.games + len(current),
        False,
        saved=tuple(cumulative),
        fide=state.fide,
        birth_date=state.birth_date,
    )
    k_shown = k if config.provisional_method != ProvisionalMethod.PERFORMANCE else None
    return (
        PlayerRating(
            player,
            state.rating,
            post,
            len(current),
            sum(g.score for g in current),
            expected,
            k_shown,
            method=method,
            performance=performance(current),
            notes=notes,
        ),
        new_state,
    )


def _provisional_choice(
    by_k: float, cumulative: Sequence[SavedGame], method: ProvisionalMethod
) -> tuple[float, str]:
    """The provisional rating by the configured option → (post, method shown): the
    K-formula rating ``by_k`` (§1.5.2), the cumulative performance rating (§1.5.4), or the
    greater of the two (§1.5.3)."""
    if method == ProvisionalMethod.K_FORMULA:
        return by_k, "provisional K"
    cumulative_perf = performance(cumulative)
    if method == ProvisionalMethod.PERFORMANCE:
        return cumulative_perf, "cumulative performance"
    if cumulative_perf > by_k:
        return cumulative_perf, "greater-of: cumulative performance"
    return by_k, "greater-of: provisional K"


def _cross_to_established(
    player: str, state: Uscf1994State, current: list[SavedGame], config: Uscf1994Config
) -> Update:
    """§1.5.2 (L223–L225): N + m > 20, so K = 32 in this event and established after it."""
    method = f"established (N + m > {config.provisional_limit})"
    return _by_established_formula(player, state, current, config.K_crossing, method)


def update_established(
    player: str, state: Uscf1994State, current: list[SavedGame], config: Uscf1994Config
) -> Update:
    """Step 3: ``R0 + K(W − We)`` with K = 32/24/16 by pre-event rating."""
    assert state.rating is not None
    k = era_k(state.rating, config)
    return _by_established_formula(player, state, current, k, "established")


def _by_established_formula(
    player: str, state: Uscf1994State, current: list[SavedGame], k: float, method: str
) -> Update:
    """``R0 + K(W − We)`` with the given K; the player is established afterwards."""
    assert state.rating is not None
    post, expected = established_formula(state.rating, current, k)
    m = len(current)
    return (
        PlayerRating(
            player,
            state.rating,
            post,
            m,
            sum(g.score for g in current),
            expected,
            k,
            method=method,
            performance=performance(current),
        ),
        Uscf1994State(post, state.games + m, True, fide=state.fide, birth_date=state.birth_date),
    )
