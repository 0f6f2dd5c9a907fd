"""The batch engine of FIDE 1986: a run of events rated in waves over arrays, equal to
:func:`arpad.systems.fide1986.procedure.rate_event` one event after the other.

Rated one by one, each event is its own rating period (every player at his list rating R_O,
the new rating R_O + K(W − W_e) published at its end, §4.55), so an event depends on the
earlier ones only through its players' standing, and events that share no player are
independent. The history is scheduled into waves of player-disjoint events
(:func:`arpad.systems.waves.waves`) and the common event, a Swiss or team event where
"only the games against rated opponents are counted" (¶3.1, L1716), is rated for a whole
wave in one vectorised pass: W_e by (3) with Table 2.11 (§4.44), K by §4.56, the change
K(W − W_e) and "no calculation on fewer than four games" (§4.54), the new rating and the
K = 10 mark of a published rating over 2400.

Done with the per-event path's own functions, because they are rare or have rules of their
own: an unrated player's play (his entry value, the pooling of §4.54 and a first published
rating, :mod:`arpad.systems.fide1986.steps`), and whole events that are round robins (R_a,
(7), the rateability rules of ¶3.1), have women (entered at R_U in mixed events, R_U 1900 in
women's events) or an unrated player with a zero score (his games disregarded, L1724). A
configuration that rates by (15), rates every event as a round robin or names a women's
event is rated event by event.

R_c and W_e are ``math.fsum`` over each player's games
(:func:`arpad.systems.waves.grouped_fsums`), as the per-event path sums them: the results
are its own to the last bit (docs/decisions.md D-waves-1).

Per-event results are built lazily (:meth:`Fide1986Season.event_ratings`); :func:`rate_batch`
is the system's ``rate_batch_fn``, which :func:`arpad.replay` uses. docs/decisions.md
D-season-fide-2.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from arpad.booktables import HalfRule, table_rows
from arpad.model import Event
from arpad.systems import EventRating, PeriodRating, PlayerRating
from arpad.systems.elo.expectancy import Mode
from arpad.systems.elo.groups import round_robin_cycles
from arpad.systems.elo.krules import K25Ends
from arpad.systems.fide1986 import steps
from arpad.systems.fide1986.procedure import (
    pool_unrated,
    publish_unrated,
    publish_value,
    rate_event,
)
from arpad.systems.fide1986.rules import (
    ChangeFormula,
    EventType,
    Fide1986Config,
    Fide1986State,
    is_woman,
    state_from_entry,
)
from arpad.systems.waves import (
    BoolArray,
    FloatArray,
    IntArray,
    entry_offsets,
    grouped,
    grouped_fsums,
    layout,
    one_by_one,
    starting_states,
    waves,
)

NONE = -1
"""``events = None`` (not known) in the integer array."""

NO_GAMES, NO_RATED_GAMES, TOO_FEW, CHANGE = range(4)
METHODS = ("no games", "no rated games", "too few games", "K(W-We)")

_PENDING_DEFAULTS = {
    f.name: f.default for f in fields(Fide1986State) if f.name.startswith("pending_")
}


def _in_arrays(state: Fide1986State) -> bool:
    """A listed player with no pooled play: his state is four numbers."""
    return state.rating is not None and all(
        getattr(state, name) == value for name, value in _PENDING_DEFAULTS.items()
    )


@dataclass
class Roster:
    """Every player's state, listed players as arrays (rating, games, events, the K = 10
    mark), the others (unrated, pooling play toward a first rating) as state objects."""

    ids: list[str]
    slot: dict[str, int]
    rating: FloatArray
    games: IntArray
    events: IntArray
    top: BoolArray
    others: dict[int, Fide1986State] = field(default_factory=dict)

    @classmethod
    def of(cls, ids: list[str]) -> Roster:
        n = len(ids)
        return cls(
            ids,
            {pid: i for i, pid in enumerate(ids)},
            np.full(n, np.nan),
            np.zeros(n, np.int64),
            np.full(n, NONE, np.int64),
            np.zeros(n, bool),
        )

    def put(self, slot: int, state: Fide1986State) -> None:
        if _in_arrays(state):
            assert state.rating is not None
            self.rating[slot] = state.rating
            self.games[slot] = state.games
            self.events[slot] = NONE if state.events is None else state.events
            self.top[slot] = state.reached_top
            self.others.pop(slot, None)
        else:
            self.rating[slot] = np.nan
            self.others[slot] = state

    def get(self, slot: int) -> Fide1986State:
        other = self.others.get(slot)
        if other is not None:
            return other
        return _listed(
            float(self.rating[slot]),
            int(self.games[slot]),
            int(self.events[slot]),
            bool(self.top[slot]),
        )

    def states(self) -> dict[str, Fide1986State]:
        return {pid: self.get(i) for i, pid in enumerate(self.ids)}


def _listed(rating: float, games: int, events: int, top: bool) -> Fide1986State:
    return Fide1986State(
        rating=rating, games=games, events=None if events == NONE else events, reached_top=top
    )


# -- the rules over arrays --------------------------------------------------------------------


def table_p_array(d: FloatArray, cfg: Fide1986Config) -> FloatArray:
    """P_D of :meth:`arpad.systems.elo.expectancy.Expectancy.p` over an array: Table 2.11
    (|D| rounded half up) in table mode, else the curve itself."""
    expectancy = cfg.expectancy()
    table = expectancy.table
    if table is None:
        return expectancy.p_array(d)
    upper, h = _table(table.value)
    a = np.floor(np.abs(d) + 0.5 + 1e-9)  # booktables._half_up_int
    row = h[np.searchsorted(upper, a, side="left")]
    out: FloatArray = np.where(d >= 0, row, 100 - row) / 100.0
    return out


@functools.lru_cache(maxsize=4)
def _table(name: str) -> tuple[FloatArray, FloatArray]:
    rows = table_rows(name)
    upper = np.array([r.hi for r in rows if r.hi is not None], dtype=float)
    return upper, np.array([r.h for r in rows], dtype=float)


def k_array(games: IntArray, events: IntArray, top: BoolArray, cfg: Fide1986Config) -> FloatArray:
    """:func:`arpad.systems.fide1986.rules.player_k` over arrays of listed players (§4.56)."""
    unknown = (games == 0) & (events == NONE) & cfg.unknown_history_established
    counted = np.where(events == NONE, cfg.new_events, events)
    if cfg.k25_ends is K25Ends.LAST:
        new = (counted < cfg.new_events) | (games < cfg.new_games)
    else:
        new = (counted < cfg.new_events) & (games < cfg.new_games)
    settled = np.where(top, cfg.K_top, cfg.K_regular)
    out: FloatArray = np.where(~unknown & new, cfg.K_new, settled).astype(float)
    return out


def reaches_top(rating: FloatArray, top: BoolArray, cfg: Fide1986Config) -> BoolArray:
    """The K = 10 mark after a list: a published (rounded) rating over 2400 (§4.56); the
    rounding is the list's own (:func:`publish_value`) near the threshold."""
    out = top.copy()
    near = np.flatnonzero(~top & (rating > cfg.top_threshold - 2 * cfg.list_rounding))
    for i in near.tolist():
        out[i] = publish_value(float(rating[i]), cfg) > cfg.top_threshold
    return out


# -- the season -----------------------------------------------------------------------------


def _alone(event: Event, cfg: Fide1986Config) -> bool:
    """Whether ``event`` is rated by the per-event path whatever its players' states: a
    round robin (a match included) or an event with women."""
    if any(is_woman(p) for p in event.players):
        return True
    rated = [g for g in event.games if g.rated]
    m = len({pid for g in rated for pid in (g.white, g.black)})
    if m < 2 or len(rated) * 2 % m or len(rated) * 2 // m % (m - 1):
        return False  # players with unequal games, or not a multiple of M − 1: not complete
    return round_robin_cycles(event) is not None


@dataclass
class Fide1986Season:
    """What :func:`rate_season` computed, per entry (player-event); results and states are
    built when asked for."""

    events: Sequence[Event]
    roster: Roster
    entry_start: list[int]
    cfg: Fide1986Config
    arrays: dict[str, npt.NDArray[Any]]
    """Per entry: pre, post, games, score, expected, k, perf, method; and the state after
    (rating, state games, events, top) of listed players."""
    after_other: dict[int, Fide1986State] = field(default_factory=dict)
    players: dict[int, PlayerRating] = field(default_factory=dict)
    """Results built by the per-event rules (unrated players)."""
    alone: dict[int, EventRating[Fide1986State]] = field(default_factory=dict)
    notes: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """Event notes (unrated players whose zero score is disregarded)."""

    @property
    def states(self) -> dict[str, Fide1986State]:
        """Every player's state after the last event."""
        return self.roster.states()

    def event_ratings(self) -> list[EventRating[Fide1986State]]:
        """Each event's result, in the order the events were given."""
        v = {name: values.tolist() for name, values in self.arrays.items()}
        out = []
        for e, event in enumerate(self.events):
            if e in self.alone:
                out.append(self.alone[e])
                continue
            base = self.entry_start[e]
            players = []
            states = {}
            for j, entry in enumerate(event.players):
                i = base + j
                pr = self.players.get(i)
                players.append(pr if pr is not None else self._player(i, entry.id, v))
                other = self.after_other.get(i)
                states[entry.id] = (
                    other
                    if other is not None
                    else _listed(v["a_rating"][i], v["a_games"][i], v["a_events"][i], v["a_top"][i])
                )
            notes = self.notes.get(e, ())
            out.append(EventRating("fide1986", event.id, event.pool, tuple(players), states, notes))
        return out

    def _player(self, i: int, pid: str, v: Mapping[str, list[Any]]) -> PlayerRating:
        method = v["method"][i]
        n = v["games"][i]
        notes: tuple[str, ...] = ()
        if method == NO_RATED_GAMES:
            notes = ("no games against rated players",)
        elif method == TOO_FEW:
            notes = (f"{n} games: no calculation on fewer than {self.cfg.min_games} (§4.54)",)
        measured = method >= TOO_FEW
        return PlayerRating(
            pid,
            v["pre"][i],
            v["post"][i],
            n,
            v["score"][i],
            expected=v["expected"][i] if measured else None,
            k=v["k"][i] if method == CHANGE else None,
            method=METHODS[method],
            performance=v["perf"][i] if measured else None,
            notes=notes,
        )


def rate_season(
    events: Sequence[Event], states: Mapping[str, Fide1986State], cfg: Fide1986Config
) -> Fide1986Season:
    """Rate ``events`` in order (each its own rating period, from the states the earlier
    ones left), in waves. ``states`` by player id; a player met for the first time starts
    from his event file's entry."""
    first = starting_states(events, states, cfg, state_from_entry)
    ids = list(first)
    roster = Roster.of(ids)
    for slot, st in enumerate(first.values()):
        roster.put(slot, st)
    starts = entry_offsets(events)
    n = starts[-1]
    floats = ("pre", "post", "score", "expected", "k", "perf", "a_rating")
    arrays: dict[str, npt.NDArray[Any]] = {name: np.full(n, np.nan) for name in floats}
    arrays |= {name: np.zeros(n, np.int64) for name in ("games", "method", "a_games")}
    arrays["a_events"] = np.full(n, NONE, np.int64)
    arrays["a_top"] = np.zeros(n, bool)
    season = Fide1986Season(events, roster, starts[:-1], cfg, arrays)
    alone = [_alone(e, cfg) for e in events]
    for wave in waves(events, roster.slot, len(ids)):
        plain = []
        for e in wave:
            if alone[e] or _leftover_pool(events[e], roster):
                _rate_alone(season, e)
            else:
                plain.append(e)
        if plain:
            _rate_wave(season, plain)
    return season


def _leftover_pool(event: Event, roster: Roster) -> bool:
    """A listed player with pooled play left over (a state given so): the per-event path
    rates the event."""
    others = roster.others
    return any(
        (st := others.get(roster.slot[p.id])) is not None and st.rating is not None
        for p in event.players
    )


def _rate_alone(season: Fide1986Season, e: int) -> None:
    roster, event = season.roster, season.events[e]
    prior = {p.id: roster.get(roster.slot[p.id]) for p in event.players}
    result = rate_event(event, prior, season.cfg)
    for pid, st in result.states.items():
        roster.put(roster.slot[pid], st)
    season.alone[e] = result


def _rate_wave(season: Fide1986Season, wave: Sequence[int]) -> None:
    """The Swiss events of a wave (no women): steps 1, 4 and 5 of
    :mod:`arpad.systems.fide1986.steps` for every game at once."""
    roster, cfg, a = season.roster, season.cfg, season.arrays
    lay = layout(season.events, wave, season.entry_start, roster.slot)
    event_of, slot = lay.event.tolist(), lay.slot
    size, g = len(slot), len(lay.white)
    w, b, s = lay.white, lay.black, lay.score
    owner, opp = np.concatenate([w, b]), np.concatenate([b, w])
    won = np.concatenate([s, 1.0 - s])
    order = np.concatenate([np.arange(g), np.arange(g)])
    r = roster.rating[slot]
    own_r, opp_r = r[owner], r[opp]
    counted = ~np.isnan(opp_r)  # step 1: only the games against rated opponents (L1716)
    played_any = np.bincount(owner, minlength=size) > 0
    points = np.bincount(owner, won, minlength=size)
    dropped = np.isnan(r) & played_any & (points == 0.0)
    excluded: dict[int, list[str]] = {}
    for j in np.flatnonzero(dropped).tolist():
        excluded.setdefault(event_of[j], []).append(roster.ids[int(slot[j])])
    round_robins = [e for e, ids in excluded.items() if _round_robin_without(season, e, ids)]
    if round_robins:  # with the zero scorer left out, a round robin: the per-event path
        for e in round_robins:
            _rate_alone(season, e)
        rest = [e for e in wave if e not in round_robins]
        if rest:
            _rate_wave(season, rest)
        return
    for e, ids in excluded.items():
        event = season.events[e]
        season.notes[e] = tuple(
            f"unrated {event.label(pid)!r} scored 0: games against him disregarded (¶3.1)"
            for pid in sorted(ids)
        )
    # L1724: the games of an unrated player who scored 0 count for no one; as they are games
    # against an unrated player, only he himself is affected (no games).
    played = played_any & ~dropped
    n = np.bincount(owner[counted], minlength=size)
    total = np.bincount(owner[counted], won[counted], minlength=size)
    groups = grouped(owner, order, counted, size)
    r_c = np.array(grouped_fsums(groups, np.nan_to_num(opp_r))) / np.maximum(n, 1)
    rated = ~np.isnan(r)
    d = np.where(counted & ~np.isnan(own_r), own_r - np.nan_to_num(opp_r), 0.0)
    w_e = np.array(grouped_fsums(groups, table_p_array(d, cfg)))  # (3), step 4
    d_p = np.array([_d(cfg, x, int(m)) if m else 0.0 for x, m in zip(total, n, strict=True)])
    perf = r_c + d_p
    k = k_array(roster.games[slot], roster.events[slot], roster.top[slot], cfg)
    change = np.where(n >= cfg.min_games, k * (total - w_e), 0.0)
    method = np.where(
        ~played,
        NO_GAMES,
        np.where(n == 0, NO_RATED_GAMES, np.where(n < cfg.min_games, TOO_FEW, CHANGE)),
    )
    calculated = rated & (method == CHANGE)
    new = np.where(calculated, r + change, r)
    idx = lay.entries
    a["pre"][idx] = r
    a["post"][idx] = new
    a["games"][idx] = np.where(played, n, 0)
    a["score"][idx] = np.where(n > 0, total, 0.0)
    a["expected"][idx] = w_e
    a["k"][idx] = k
    a["perf"][idx] = perf
    a["method"][idx] = method
    # The list at the end of the one-event period (§4.55, §4.56).
    listed = slot[rated]
    roster.rating[listed] = new[rated]
    roster.games[listed] += np.where(calculated, n, 0)[rated]
    events = roster.events[listed]
    roster.events[listed] = np.where(calculated[rated] & (events != NONE), events + 1, events)
    roster.top[listed] = reaches_top(new[rated], roster.top[listed], cfg)
    for name, values in (
        ("a_rating", roster.rating),
        ("a_games", roster.games),
        ("a_events", roster.events),
        ("a_top", roster.top),
    ):
        a[name][idx] = values[slot]
    for j in np.flatnonzero(~rated).tolist():
        mine = groups[0][groups[1][j] : groups[1][j + 1]]
        opponents = slot[opp[mine]].tolist()
        counted_games = list(zip(opponents, won[mine].tolist(), r[opp[mine]].tolist(), strict=True))
        _rate_unrated(season, int(idx[j]), int(slot[j]), bool(played[j]), counted_games)


def _round_robin_without(season: Fide1986Season, e: int, excluded: list[str]) -> bool:
    """Whether the event's other players played a complete round robin (then it is rated
    as one, by the per-event path)."""
    event = season.events[e]
    seen = {pid for g in event.rated_games() for pid in (g.white, g.black)}
    active = [p.id for p in event.players if p.id in seen and p.id not in excluded]
    return round_robin_cycles(event, active) is not None


_D_P: dict[tuple[Mode, HalfRule, float, int], float] = {}


def _d(cfg: Fide1986Config, score: float, n: int) -> float:
    """D_P of ``cfg.expectancy()`` for a score of ``score`` in ``n`` games (few distinct
    pairs, so remembered; the curve depends on the mode and the half rule only)."""
    key = (cfg.mode, cfg.half, float(score), n)
    d = _D_P.get(key)
    if d is None:
        d = _D_P[key] = cfg.expectancy().d(score / n)
    return d


def _rate_unrated(
    season: Fide1986Season,
    i: int,
    slot: int,
    played: bool,
    games: list[tuple[int, float, float]],
) -> None:
    """An unrated player's Swiss event by the per-event rules: his entry value, his play
    pooled (§4.54), and a first rating if the one-event period publishes one. ``games``:
    (opponent slot, score, opponent's rating) of his games against rated opponents."""
    roster, cfg = season.roster, season.cfg
    pid = roster.ids[slot]
    state = roster.get(slot)
    if not played:
        pr = PlayerRating(pid, None, None, 0, 0.0, method="no games")
    else:
        counted = [(roster.ids[o], score) for o, score, _ in games]
        out = _unrated_outcome(pid, counted, [r for _, _, r in games], state, cfg)
        state = pool_unrated(state, out)
        pr = steps.player_rating(out, None, None)
    published, why = publish_unrated(state, cfg, cfg.R_U)
    if published.rating is not None:
        method = f"first rating ({cfg.unrated_method.value})"
        pr = replace(pr, post=published.rating, method=method)
    elif why is not None:
        pr = replace(pr, notes=(*pr.notes, why))
    season.players[i] = pr
    season.after_other[i] = published
    roster.put(slot, published)


def _unrated_outcome(
    pid: str,
    counted: list[tuple[str, float]],
    ratings: list[float],
    state: Fide1986State,
    cfg: Fide1986Config,
) -> steps.EventOutcome:
    """:func:`arpad.systems.fide1986.steps.swiss` for one unrated player."""
    n = len(counted)
    if n == 0:
        return steps.EventOutcome(
            pid, 0, 0.0, method="no rated games", notes=("no games against rated players",)
        )
    score = math.fsum(s for _, s in counted)
    r_c = math.fsum(ratings) / n
    perf = r_c + _d(cfg, score, n)
    value = {o: r for (o, _), r in zip(counted, ratings, strict=True)}
    value[pid] = r_c if score * 2 >= n else perf
    pre: dict[str, float | None] = dict.fromkeys(value, 0.0)
    return steps.unrated_outcome(pid, counted, pre, value, perf, cfg.R_U, cfg, state)


def rate_batch(
    events: Sequence[Event], states: Mapping[str, Fide1986State], config: Fide1986Config
) -> PeriodRating[Fide1986State]:
    """The batch hook of :data:`arpad.systems.fide1986.SYSTEM`: :func:`rate_season` with
    every event's result built; a configuration that changes ratings by (15), rates every
    event as a round robin or names a women's event is rated event by event."""
    if (
        config.change is ChangeFormula.PERFORMANCE
        or config.event_type is EventType.ROUND_ROBIN
        or config.womens_event is not None
    ):
        return one_by_one(events, states, config, rate_event, state_from_entry)
    season = rate_season(events, states, config)
    return PeriodRating(tuple(season.event_ratings()), season.states)
