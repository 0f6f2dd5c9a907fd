"""The PRA as a rating system of the common interface (``--system pra``).

Source: berard-pra-and-tournament-app.txt Part 1 (L159–L337). An event is rated game by
game, in the order of its games, exactly as the paper's Basic System runs (L169, L630):
each game uses both players' current ratings; after each of a player's games the
Boosting System may measure the player's block (:mod:`.boosting`). The population-wide
``adj`` is not part of rating one event (docs/decisions.md D-pra-1); the ledger or the
simulation applies :func:`arpad.systems.pra.basic.recentre` periodically.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from arpad.config import Config, bounds
from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating, ListEntry, PlayerRating
from arpad.systems.pra.basic import BASIC_K, R_BAR, basic_game
from arpad.systems.pra.boosting import (
    COEFF_FROM_STABLE,
    COEFF_REVERSING,
    COEFF_SAME,
    OMEGA,
    BoostCoefficients,
    BoostSchedule,
    after_game_plan,
    boost,
    in_first_block,
)


@dataclass(frozen=True, slots=True)
class PRAConfig(Config):
    """Constants of the PRA, named after the paper's symbols, with its values as defaults."""

    K: float = field(
        default=BASIC_K, metadata=bounds(0, None, low_open=True, doc="Basic System K (L169)")
    )
    R_bar: float = field(
        default=R_BAR, metadata=bounds(doc="rating of a new player; adj anchor (L163)")
    )
    boosting: bool = field(default=True, metadata={"doc": "run the Boosting System (L226–L337)"})
    schedule: BoostSchedule = field(
        default=BoostSchedule.PAPER,
        metadata={"doc": "boost games: 'paper' (L300–L302) or 'l467' (extra one at 179)"},
    )
    omega: float = field(default=OMEGA, metadata=bounds(0, 1, doc="ω, reduced-phase factor (L302)"))
    coeff_same: float = field(
        default=COEFF_SAME, metadata=bounds(0, None, doc="same direction as before (L268)")
    )
    coeff_from_stable: float = field(
        default=COEFF_FROM_STABLE, metadata=bounds(0, None, doc="previous direction 0 (L268)")
    )
    coeff_reversing: float = field(
        default=COEFF_REVERSING, metadata=bounds(0, None, doc="opposite direction (L268)")
    )

    @property
    def coefficients(self) -> BoostCoefficients:
        return BoostCoefficients(self.coeff_same, self.coeff_from_stable, self.coeff_reversing)

    @property
    def l467(self) -> bool:
        """The ``l467`` schedule (:class:`~.boosting.BoostSchedule`)."""
        return self.schedule == BoostSchedule.L467


@dataclass(frozen=True, slots=True)
class PRAState:
    """A player's standing in the PRA.

    ``block`` holds R(k), the ratings after each game of the current block so far
    (the Boosting System's window); it is empty for a player who joins mid-block, whose
    first measurement is then skipped.
    """

    rating: float
    games: int = 0
    """ctr: rated games played (the 0-based counter of the next game)."""
    direction: int = 0
    """The last block's direction: +1, 0 or −1 (L254)."""
    block: tuple[float, ...] = ()
    boosting: bool = True
    """False once the player was calibrated by a quantum correction (L1501)."""


def initial_state(config: PRAConfig | None = None) -> PRAState:
    """A player new to the pool: R_bar = 1500, no games (L163, L873: no provisional start)."""
    cfg = PRAConfig() if config is None else config
    return PRAState(rating=cfg.R_bar, boosting=cfg.boosting)


def state_from_entry(entry: PlayerEntry, event: Event, config: PRAConfig) -> PRAState:
    """The prior state of an event-file player: their rating and game count, or a new player."""
    if entry.rating is None:
        return initial_state(config)
    return PRAState(rating=float(entry.rating), games=entry.games, boosting=config.boosting)


@dataclass(frozen=True, slots=True)
class BoostEvent:
    """What the Boosting System did after one game."""

    game: int
    """0-based counter of the game that ended the block."""
    before: float
    after: float
    trend: int
    direction: int
    omega: float


def after_game(
    state: PRAState, rating: float, config: PRAConfig
) -> tuple[PRAState, BoostEvent | None]:
    """Record game ``state.games`` (rating ``rating`` after the Basic System) and boost
    (:func:`.boosting.after_game_plan`, :func:`.boosting.boost`).

    Returns the new state and, at a scheduled measurement with a complete block, what the
    Boosting System did (``None`` otherwise).
    """
    ctr = state.games
    keep, block, omega = after_game_plan(
        ctr, len(state.block), state.boosting, config.l467, config.omega
    )
    window = (*state.block, rating)
    done = replace(state, rating=rating, games=ctr + 1, block=window if keep else ())
    if block == 0:
        return done, None
    after, direction, trend = boost(
        window,
        state.direction,
        omega,
        in_first_block(ctr),
        config.coeff_same,
        config.coeff_from_stable,
        config.coeff_reversing,
    )
    record = BoostEvent(ctr, rating, after, trend, direction, omega)
    return replace(done, rating=after, direction=direction), record


def rate_event(
    event: Event, states: Mapping[str, PRAState], config: PRAConfig
) -> EventRating[PRAState]:
    """Rate an event game by game (L169): Basic System, then each player's Boosting System.

    ``expected`` is Σ E over the player's games, each E taken at the moment of the game.
    """
    current = dict(states)
    pre = {pid: current[pid].rating for pid in event.player_ids}
    expected = dict.fromkeys(event.player_ids, 0.0)
    score = dict.fromkeys(event.player_ids, 0.0)
    played = dict.fromkeys(event.player_ids, 0)
    notes: dict[str, list[str]] = {pid: [] for pid in event.player_ids}
    boosted: set[str] = set()
    for game in event.rated_games():
        w, b = current[game.white], current[game.black]
        e_white, change = basic_game(w.rating, b.rating, game.score, config.K)
        results = (
            (game.white, w, w.rating + change, e_white, game.score),
            (game.black, b, b.rating - change, 1.0 - e_white, 1.0 - game.score),
        )
        for pid, state, rating, e, s in results:
            expected[pid] += e
            score[pid] += s
            played[pid] += 1
            new_state, record = after_game(state, rating, config)
            current[pid] = new_state
            if record is not None and record.trend != 0:
                boosted.add(pid)
                verb = "boost" if record.trend > 0 else "crash"
                notes[pid].append(
                    f"{verb} after game {record.game + 1} (ω={record.omega:g}): "
                    f"{record.before:.2f} → {record.after:.2f}, direction {record.direction:+d}"
                )
    players = tuple(
        PlayerRating(
            player_id=pid,
            pre=pre[pid],
            post=current[pid].rating,
            games=played[pid],
            score=score[pid],
            expected=expected[pid] if played[pid] else None,
            k=config.K,
            method="basic+boost" if pid in boosted else "basic",
            notes=tuple(notes[pid]),
        )
        for pid in event.player_ids
    )
    return EventRating(
        system="pra", event_id=event.id, pool=event.pool, players=players, states=current
    )


def list_entry(state: PRAState, config: PRAConfig) -> ListEntry:
    """PRA ratings are never provisional (L873): every rating is listed as it is."""
    return ListEntry(rating=state.rating, games=state.games, established=True)
