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
gets no rating from the event; a provisional player falls back to (2). W_e by (8) and R_p
by (6) apply to a complete (k-fold) round robin of rated players; elsewhere (3) and (1),
with a note.

Each step is written once, in :mod:`.rules` (:func:`.rules.rate_field`), for every
configuration: :func:`rate_event` calls it as Python and the season loop compiled
(decision D-elowork-1).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import numpy as np

from arpad.booktables import HalfRule
from arpad.config import Config, bounds
from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating, ListEntry, PlayerRating
from arpad.systems.elo.expectancy import CLASS_INTERVAL, Curve, Expectancy, Mode
from arpad.systems.elo.krules import K25Ends, KRule
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


def rate_event(
    event: Event, states: Mapping[str, EloState], config: EloConfig
) -> EventRating[EloState]:
    """Rate one event by Elo's system (see the module docstring for the steps): by
    :func:`.rules.rate_field` over the event's players and rated games, the function the
    season loop compiles, for every configuration."""
    from arpad.systems.elo import fields, rules

    ids = [p.id for p in event.players]
    index = {pid: i for i, pid in enumerate(ids)}
    rated = list(event.rated_games())
    entry = np.array([state_row(states[pid]) for pid in ids], dtype=float).reshape(-1, 4).T
    out, skipped = fields.rate_field(
        [index[g.white] for g in rated],
        [index[g.black] for g in rated],
        [g.score for g in rated],
        np.ascontiguousarray(entry),
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
                pid, math.nan if pre is None else pre, col, met, flags[at : at + len(met)]
            )
        )
        at += len(met)
    by_id = {p.player_id: p for p in players}
    average = out[rules.O_AVERAGE, 0] if ids else math.nan
    return EventRating(
        system="elo",
        event_id=event.id,
        pool=event.pool,
        players=tuple(players),
        states={pid: _advance(states[pid], by_id[pid]) for pid in states},
        notes=fields.round_robin_note(config, float(average)),
    )


def state_row(state: EloState) -> list[float]:
    """A state as the rules' row (``E_*``): NaN for no rating or peak, −1 for unknown
    events."""
    return [
        math.nan if state.rating is None else state.rating,
        float(state.games),
        -1.0 if state.events is None else float(state.events),
        math.nan if state.peak is None else state.peak,
    ]


def _advance(state: EloState, result: PlayerRating) -> EloState:
    """The state after the event (the season loop's :func:`.kernel.apply_result`)."""
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
