"""The PRA season engine: a whole history rated game by game, many games at once.

The PRA rates each game from both players' current states (L169, L630), so event
boundaries do not matter to the ratings: only each player's own order of games does. The
engine therefore schedules *games*, not events, into layers: a game goes into the layer
after the last layer holding a game of either player (docs/decisions.md D-season-elo-2). The
games of a layer share no player, and every player's games keep their order; each layer is
one vectorised step of the Basic System (:func:`arpad.curves.eacomp_expectancy`, the
per-event path's own function) followed by the Boosting System's measurements
(:func:`arpad.systems.pra.boosting.boost`, called once for all players measured with
the same block, ω and first-block rule). The players' ratings are arrays, the boosting
windows rows of a matrix; whatever depends on a game's counter alone is laid out before
the first layer. Every step is the per-event path's, in the same order per player, so the doubles
are the same (Σ E too: a ``bincount`` over a player's games in the order played adds them
from 0.0 one by one, as the per-event path does; docs/decisions.md D-waves-1). The history
is laid out by :func:`arpad.systems.waves.columns`.

:func:`rate_season` returns a :class:`PRASeason` of arrays per game side; the per-event
results (pre, post, Σ E, notes) and every state after each event are built only when asked
for: a player's window is a suffix of his basic ratings, rebuilt from the game records.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from arpad.curves import eacomp_expectancy
from arpad.model import Event
from arpad.systems import EventRating, PeriodRating, PlayerRating
from arpad.systems.pra.boosting import FULL_BLOCK, boost
from arpad.systems.pra.system import PRAConfig, PRAState, state_from_entry
from arpad.systems.waves import Columns, FloatArray, IntArray, columns

BoolArray = npt.NDArray[np.bool_]

NO_CHANGE = -9
"""A side after which the player's direction is the one he had (no block measured)."""


def game_layers(white: Sequence[int], black: Sequence[int], players: int) -> IntArray:
    """The layer of each game (players by slot): one after the last layer of either."""
    last = [-1] * players
    layer = []
    for w, b in zip(white, black, strict=True):
        lw, lb = last[w], last[b]
        now = (lw if lw > lb else lb) + 1
        last[w] = last[b] = now
        layer.append(now)
    return np.array(layer, dtype=np.int64)


@dataclass
class _Played:
    """A season's game records in ``sequence`` order (see :class:`PRASeason`)."""

    basic: list[float]
    after: list[float]
    counter: list[int]
    direction: list[int]
    window: list[int]
    player_start: list[int]


@dataclass
class PRASeason:
    """What :func:`rate_season` computed, per game side (a player's part in one game), the
    sides in layer order."""

    columns: Columns
    config: PRAConfig
    start: list[PRAState]
    """Each player's state before the first event, by slot."""
    side_slot: IntArray
    side_game: IntArray
    points: FloatArray
    """The player's score in the game."""
    before: FloatArray
    """The player's rating before the game."""
    basic: FloatArray
    """R(k): the rating after the Basic System's step, before any boost."""
    after: FloatArray
    expected: FloatArray
    counter: IntArray
    """The 0-based counter ``ctr`` of the game for the player."""
    trend: IntArray
    direction: IntArray
    """The player's direction after a measured block (``NO_CHANGE`` elsewhere)."""
    window: IntArray
    """The length of the player's boosting window after the game."""
    sequence: IntArray
    """Sides by player, each player's in the order played."""
    player_start: IntArray
    """Offsets of each player's sides in ``sequence`` (players + 1 of them)."""

    def _by_position(self) -> _Played:
        """The game records in ``sequence`` order, as lists (for building states)."""
        q = self.sequence
        # A direction is recorded where a block was measured (else NO_CHANGE): each side
        # carries the last one recorded for its player, or the player's starting one.
        recorded = self.direction[q]
        at = np.arange(q.size)
        latest = np.maximum.accumulate(np.where(recorded != NO_CHANGE, at, -1))
        slot = self.side_slot[q]
        own = latest >= self.player_start[slot]
        starting = np.array([st.direction for st in self.start], dtype=np.int64)
        direction = np.where(own, recorded[np.maximum(latest, 0)], starting[slot])
        return _Played(
            self.basic[q].tolist(),
            self.after[q].tolist(),
            self.counter[q].tolist(),
            direction.tolist(),
            self.window[q].tolist(),
            self.player_start.tolist(),
        )

    def _state(self, slot: int, position: int, played: _Played) -> PRAState:
        """The player's state after the side at ``position`` of ``sequence`` (before his
        first side: his state before the season)."""
        start = self.start[slot]
        own_first = played.player_start[slot]
        if position < own_first:
            return start
        first = position - played.window[position] + 1
        block = tuple(played.basic[max(first, own_first) : position + 1])
        if first < own_first:  # the window began before the season: the given block's end
            block = start.block[len(start.block) - (own_first - first) :] + block
        return PRAState(
            rating=played.after[position],
            games=played.counter[position] + 1,
            direction=played.direction[position],
            block=block,
            boosting=start.boosting,
        )

    def _last_positions(self) -> tuple[IntArray, IntArray]:
        """Per entry: the position in ``sequence`` of its first side, and of the last side
        played by then (before ``player_start`` of the slot when there is none)."""
        c = self.columns
        side_event = c.game_event[self.side_game]
        n_events = max(len(c.events), 1)
        side_keys = (self.side_slot * n_events + side_event)[self.sequence]
        entry_keys = c.entry_slot * n_events + c.entry_event
        first = np.searchsorted(side_keys, entry_keys, side="left")
        last = np.searchsorted(side_keys, entry_keys, side="right") - 1
        return first, last

    @property
    def states(self) -> dict[str, PRAState]:
        """Every player's state after the last event."""
        ends = (self.player_start[1:] - 1).tolist()
        played = self._by_position()
        return {pid: self._state(i, ends[i], played) for i, pid in enumerate(self.columns.ids)}

    def event_ratings(self) -> list[EventRating[PRAState]]:
        """Each event's result, in the order the events were given."""
        c, config = self.columns, self.config
        first, last = self._last_positions()
        n_entries = c.entry_slot.size
        played = last - first + 1
        has = played > 0
        # Each entry's sides are consecutive in ``sequence``, in the order played.
        entry_of_side = np.repeat(np.arange(n_entries)[has], played[has])
        offset = np.cumsum(played[has]) - played[has]
        positions = np.repeat(first[has] - offset, played[has]) + np.arange(entry_of_side.size)
        sides = self.sequence[positions]
        score = np.bincount(entry_of_side, self.points[sides], n_entries).tolist()
        expected = np.bincount(entry_of_side, self.expected[sides], n_entries).tolist()
        trended = self.trend[sides] != 0
        boosted = np.zeros(n_entries, bool)
        boosted[entry_of_side[trended]] = True
        notes: dict[int, list[str]] = {}
        for side, i in zip(sides[trended].tolist(), entry_of_side[trended].tolist(), strict=True):
            notes.setdefault(i, []).append(self._note(side))
        by_event: list[list[PlayerRating]] = [[] for _ in c.events]
        states: list[dict[str, PRAState]] = [{} for _ in c.events]
        slots, events_of = c.entry_slot.tolist(), c.entry_event.tolist()
        by_position = self._by_position()
        # The rating before an entry's first game (entries without one: never read).
        before = np.append(self.before[self.sequence], np.nan)[first]
        pre_played, lasts, games = before.tolist(), last.tolist(), played.tolist()
        for i, entry in enumerate(c.entries):
            state = self._state(slots[i], lasts[i], by_position)
            m = games[i]
            pre = pre_played[i] if m else state.rating
            by_event[events_of[i]].append(
                PlayerRating(
                    player_id=entry.id,
                    pre=pre,
                    post=state.rating,
                    games=m,
                    score=score[i],
                    expected=expected[i] if m else None,
                    k=config.K,
                    method="basic+boost" if boosted[i] else "basic",
                    notes=tuple(notes.get(i, ())),
                )
            )
            states[events_of[i]][entry.id] = state
        return [
            EventRating("pra", ev.id, ev.pool, tuple(by_event[e]), states[e])
            for e, ev in enumerate(c.events)
        ]

    def _note(self, side: int) -> str:
        """What the Boosting System did after one game, worded as the per-event path."""
        ctr = int(self.counter[side])
        omega = self.config.measurement_at()[ctr].omega
        verb = "boost" if self.trend[side] > 0 else "crash"
        return (
            f"{verb} after game {ctr + 1} (ω={omega:g}): {self.basic[side]:.2f} → "
            f"{self.after[side]:.2f}, direction {int(self.direction[side]):+d}"
        )


def rate_season(
    events: Sequence[Event], states: Mapping[str, PRAState], config: PRAConfig
) -> PRASeason:
    """Rate ``events`` in order, each game from the states the earlier games left.

    ``states`` are the players' states before the first event, by player id; a player met
    for the first time starts from their event file's entry (``state_from_entry``).
    """
    c = columns(events, states)
    start = [PRAState(rating=0.0)] * len(c.ids)
    for pid, st in states.items():
        start[c.slot[pid]] = st
    for i, e in c.first_seen:
        start[int(c.entry_slot[i])] = state_from_entry(c.entries[i], events[e], config)
    n_games = c.game_white.size
    white, black = c.entry_slot[c.game_white], c.entry_slot[c.game_black]
    # Sides in layer order: a layer of n games holds its n White sides, then its n Black.
    layer = game_layers(white.tolist(), black.tolist(), len(c.ids))
    order = np.argsort(layer, kind="stable")
    bounds = np.searchsorted(layer[order], np.arange(int(layer.max(initial=-1)) + 2))
    sizes = np.diff(bounds)
    in_layer = layer[order]
    q_white = bounds[in_layer] + np.arange(n_games)  # 2a + (position within the layer)
    q_black = q_white + sizes[in_layer]
    side_game = np.empty(2 * n_games, np.int64)
    side_game[q_white], side_game[q_black] = order, order
    side_slot = np.empty(2 * n_games, np.int64)
    side_slot[q_white], side_slot[q_black] = white[order], black[order]
    points = np.empty(2 * n_games)
    points[q_white], points[q_black] = c.game_score[order], 1.0 - c.game_score[order]
    sequence = np.lexsort((side_game, side_slot))
    player_start = np.searchsorted(side_slot[sequence], np.arange(len(c.ids) + 1))
    season = PRASeason(
        columns=c,
        config=config,
        start=start,
        side_slot=side_slot,
        side_game=side_game,
        points=points,
        before=np.zeros(2 * n_games),
        basic=np.zeros(2 * n_games),
        after=np.zeros(2 * n_games),
        expected=np.zeros(2 * n_games),
        counter=np.zeros(2 * n_games, np.int64),
        trend=np.zeros(2 * n_games, np.int64),
        direction=np.full(2 * n_games, NO_CHANGE, np.int64),
        window=np.zeros(2 * n_games, np.int64),
        sequence=sequence,
        player_start=player_start,
    )
    layers = _Layers(season)
    side_layer = np.repeat(np.arange(sizes.size), 2 * sizes)
    appends = np.bincount(side_layer, layers.appending, sizes.size) > 0
    boosts = np.bincount(side_layer, layers.complete, sizes.size) > 0
    for n, (a, b) in enumerate(zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True)):
        layers.step(2 * a, a + b, 2 * b, bool(appends[n]), bool(boosts[n]))
    return season


class _Layers:
    """The players' ratings and windows as arrays, and the games rated layer by layer.

    A side's game counter is the player's starting count plus the games he played before
    it, so everything that depends on the counter alone — does the window grow, where does
    the rating go in it, is a block measured, is it complete (L234, L300–L302), the
    window's length after the game — is laid out for every side before the first layer.
    """

    def __init__(self, season: PRASeason) -> None:
        self.season = s = season
        config = self.config = season.config
        start = season.start
        self.rating = np.array([st.rating for st in start], dtype=float)
        self.direction = np.array([st.direction for st in start], dtype=np.int64)
        games = np.array([st.games for st in start], dtype=np.int64)
        held = np.array([len(st.block) for st in start], dtype=np.int64)
        boosting = np.array([st.boosting for st in start], dtype=bool)
        schedule = config.measurement_at()
        last = max(schedule)
        block_at = np.zeros(last + 2, dtype=np.int64)  # 0: no measurement
        previous = np.full(last + 2, -1, dtype=np.int64)  # the last measurement before
        # Measurements with the same block, ω and first-block rule are one boost() call.
        self.kinds: list[tuple[int, float, bool]] = []
        self.kind_at = np.full(last + 2, -1, dtype=np.int64)
        for point_at, point in sorted(schedule.items()):
            block_at[point_at] = point.block
            previous[point_at + 1 :] = point_at
            kind = (point.block, point.omega, point_at < FULL_BLOCK)
            if kind not in self.kinds:
                self.kinds.append(kind)
            self.kind_at[point_at] = self.kinds.index(kind)
        # Each side's counter: his count before the season plus his games before this one.
        slot = s.side_slot
        rank = np.empty(slot.size, dtype=np.int64)
        rank[s.sequence] = np.arange(slot.size) - s.player_start[slot[s.sequence]]
        g0 = games[slot]
        ctr = g0 + rank
        at = np.minimum(ctr, last + 1)
        self.appending: BoolArray = ctr <= last
        # The window after appending: since the last measurement, if that fell in the
        # season, else the block the player brought plus his games so far.
        since = previous[at]
        grown = np.where(since >= g0, ctr - since, held[slot] + ctr - g0 + 1)
        grown = np.where(self.appending, grown, 0)
        block = block_at[at]
        self.complete = (block > 0) & boosting[slot] & (grown == block)
        self.kind = self.kind_at[at]
        s.counter[:] = ctr
        s.window[:] = np.where(block > 0, 0, grown)
        # Boosting windows: a row for each player who may still append to one (L234).
        open_ = np.flatnonzero(games <= last)
        row = np.full(len(start), -1, dtype=np.int64)
        row[open_] = np.arange(open_.size)
        width = int(held[open_].max(initial=0)) + int(block_at.max())
        self.windows = np.zeros((open_.size, max(width, 1)))
        for r, i in enumerate(open_.tolist()):
            if start[i].block:
                self.windows[r, : len(start[i].block)] = start[i].block
        self.row = row[slot]
        self.position = grown - 1

    def step(self, a: int, mid: int, b: int, appends: bool, boosts: bool) -> None:
        """One layer, sides ``a:b`` (White's ``a:mid``, Black's ``mid:b``): the Basic
        System for each game (L169), then each player's window and measurement."""
        s, config = self.season, self.config
        slots = s.side_slot[a:b]
        n = mid - a
        before = self.rating[slots]
        e_white = eacomp_expectancy(before[:n] - before[n:])
        change = config.K * (s.points[a:mid] - e_white)
        basic = before.copy()
        basic[:n] += change
        basic[n:] -= change
        if appends:
            grow = self.appending[a:b]
            self.windows[self.row[a:b][grow], self.position[a:b][grow]] = basic[grow]
        rating = basic
        if boosts:
            rating = basic.copy()
            complete = self.complete[a:b]
            kind = self.kind[a:b]
            for k in np.unique(kind[complete]).tolist():
                which = np.flatnonzero(complete & (kind == k))
                size, omega, first_block = self.kinds[k]
                r, d, t = boost(
                    self.windows[self.row[a + which], :size].T,
                    self.direction[slots[which]],
                    omega,
                    first_block=first_block,
                    coefficients=config.coefficients,
                )
                rating[which] = r
                self.direction[slots[which]] = d
                s.direction[a + which], s.trend[a + which] = d, t
        self.rating[slots] = rating
        s.before[a:b] = before
        s.basic[a:b] = basic
        s.after[a:b] = rating
        s.expected[a:mid] = e_white
        s.expected[mid:b] = 1.0 - e_white


def rate_batch(
    events: Sequence[Event], states: Mapping[str, PRAState], config: PRAConfig
) -> PeriodRating[PRAState]:
    """The batch hook of :data:`arpad.systems.pra.SYSTEM`: :func:`rate_season` with every
    event's result built; the states of every player, given or met."""
    season = rate_season(events, states, config)
    return PeriodRating(tuple(season.event_ratings()), season.states)
