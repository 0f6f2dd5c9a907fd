"""The season engine: many US Chess events rated together, equal to rating them one by one.

Events that share no player do not influence each other, so a date-ordered history is
scheduled into *waves*: an event goes into the wave after the last wave holding one of its
players. Each wave is rated in one vectorised pass over arrays (the same steps as
:func:`arpad.systems.uscf2020.rating.rate_event`: Step 1 initial ratings, step 3, steps 4
and 5 with the special formula, floors, state updates), the players' states held in a
:class:`Roster`, one row of floats per player. Matches (§7) and FIDE foreign events (§6),
rare and with rules of their own, are rated in their wave by ``rate_event`` itself.

Whatever does not depend on ratings is laid out for the whole season before the first
wave (:func:`schedule`): each entry's games as a run of *half-games* (one per player and
game, an entry's own run contiguous), its score, wins, draws, bonus eligibility and bonus
threshold. A wave then costs a fixed number of array operations whatever its size
(D-season-uscf-2).

:func:`rate_season` returns a :class:`SeasonRatings`: arrays per player-event, from which
the per-event results (:meth:`SeasonRatings.event_ratings`, with performance ratings
computed in one batch) and the final states are built only when asked for. ``arpad.replay``
and :meth:`arpad.systems.RatingSystem.rate_batch` use it through :func:`rate_batch`.
docs/decisions.md D-speed-1 to D-speed-3, D-season-uscf-1 to D-season-uscf-3.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from array import array
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from arpad.collector import collection_paused
from arpad.curves import FloatArray, logistic_expectancy
from arpad.errors import ConfigError
from arpad.model import Event, EventKind, MatchChange, Pool
from arpad.performance import logistic_performances
from arpad.systems import EventRating, PeriodRating, PlayerRating
from arpad.systems.uscf2020 import formulas as fm
from arpad.systems.uscf2020.config import USCFConfig
from arpad.systems.uscf2020.floors import OLM_FLOOR, PEAK_FLOORS
from arpad.systems.uscf2020.initial import Initial, initial_rating
from arpad.systems.uscf2020.rating import SYSTEM_NAME, rate_event
from arpad.systems.uscf2020.state import USCFState, state_from_entry

IntArray = npt.NDArray[np.intp]
Int32Array = npt.NDArray[np.int32]
"""Per-half-game and per-game indices: a season's millions of them in half the memory."""
BoolArray = npt.NDArray[np.bool_]

FIELDS = tuple(f.name for f in dataclasses.fields(USCFState) if f.name != "match_changes")
"""USCFState's fields as the columns of a :class:`Roster` (NaN stands for ``None``,
1.0/0.0 for booleans; counts are exact in floats)."""
RATING, GAMES, WINS, DRAWS, LOSSES, ALL_WINS, ALL_LOSSES, EVENTS = (
    FIELDS.index(name)
    for name in (
        "rating",
        "games",
        "wins",
        "draws",
        "losses",
        "all_wins",
        "all_losses",
        "rated_events",
    )
)
PEAK, ABOVE, PRIZE, KNOWN = (
    FIELDS.index(name) for name in ("peak", "games_above_2200", "prize_floor", "known_floor")
)
COUNTS = [WINS, DRAWS, LOSSES, EVENTS]
"""The columns an event adds to (``Schedule.counts``)."""
_fields_of = attrgetter(*FIELDS)


_match_changes_of = attrgetter("match_changes")


def _state(v: Sequence[float], match_changes: tuple[MatchChange, ...]) -> USCFState:
    """The state a roster row holds (``v`` as a list: plain floats are cheaper to read)."""
    return USCFState(
        rating=None if v[RATING] != v[RATING] else v[RATING],
        games=int(v[GAMES]),
        wins=int(v[WINS]),
        draws=int(v[DRAWS]),
        losses=int(v[LOSSES]),
        all_wins=v[ALL_WINS] != 0.0,
        all_losses=v[ALL_LOSSES] != 0.0,
        rated_events=int(v[EVENTS]),
        peak=None if v[PEAK] != v[PEAK] else v[PEAK],
        games_above_2200=int(v[ABOVE]),
        prize_floor=None if v[PRIZE] != v[PRIZE] else v[PRIZE],
        known_floor=None if v[KNOWN] != v[KNOWN] else v[KNOWN],
        match_changes=match_changes,
    )


@dataclass
class Roster:
    """Every player's state, one row of :data:`FIELDS` per player (``slot[player_id]``)."""

    ids: list[str]
    slot: dict[str, int]
    table: FloatArray
    match_changes: dict[int, tuple[MatchChange, ...]] = field(default_factory=dict)
    """The few players with match history (§7), by slot."""
    has_matches: BoolArray = field(default_factory=lambda: np.zeros(0, dtype=bool))

    @classmethod
    def of(cls, ids: list[str]) -> Roster:
        table = np.zeros((len(ids), len(FIELDS)))
        table[:, [RATING, PEAK, PRIZE, KNOWN]] = np.nan
        return cls(ids, {pid: i for i, pid in enumerate(ids)}, table, {}, np.zeros(len(ids), bool))

    def put_all(self, slots: list[int], states: Sequence[USCFState]) -> None:
        if not slots:
            return
        # None becomes NaN, booleans 1.0 and 0.0.
        self.table[slots] = np.array(list(map(_fields_of, states)), dtype=float)
        changes = self.match_changes
        for slot, history in zip(slots, map(_match_changes_of, states), strict=True):
            if history:
                changes[slot] = history
            elif slot in changes:
                del changes[slot]
        self.has_matches[slots] = [bool(h) for h in map(_match_changes_of, states)]

    def get(self, slot: int) -> USCFState:
        return _state(self.table[slot].tolist(), self.match_changes.get(slot, ()))

    def states(self) -> dict[str, USCFState]:
        rows = self.table.tolist()
        mc = self.match_changes
        return {pid: _state(rows[i], mc.get(i, ())) for i, pid in enumerate(self.ids)}


def computed_floors(a: FloatArray, config: USCFConfig) -> FloatArray:
    """:func:`arpad.systems.uscf2020.floors.computed_floor` over roster rows (§5)."""
    absolute = np.minimum(100.0 + 4.0 * a[:, WINS] + 2.0 * a[:, DRAWS] + a[:, EVENTS], 150.0)
    out = np.maximum(absolute, config.minimum_rating)
    rating, peak = a[:, RATING], a[:, PEAK]
    established = (rating == rating) & (a[:, GAMES] > config.established_after)
    level = np.floor((np.floor(peak + 0.5) - 200.0) / 100.0) * 100.0  # L314
    has_peak = established & (level >= PEAK_FLOORS[0])
    out = np.where(has_peak, np.maximum(out, np.minimum(level, PEAK_FLOORS[-1])), out)
    out = np.where(a[:, ABOVE] >= config.olm_games, np.maximum(out, OLM_FLOOR), out)
    result: FloatArray = np.fmax(out, a[:, PRIZE])  # a prize floor, where there is one
    return result


@dataclass
class Schedule:
    """A history in columns: entries (player-events) and their half-games, by wave.

    Only the events rated by the vectorised pass have entries here; matches and FIDE
    foreign events (rated by ``rate_event``) are listed per wave in ``fallback``.
    """

    events: Sequence[Event]
    entry_ids: list[str]
    """Player id per entry, in wave order (an event's entries contiguous, in its order)."""
    entry_slot: IntArray
    entry_event: IntArray
    event_start: IntArray
    """First entry of each event (``event_size`` entries from there; 0 for matches and
    FIDE foreign events)."""
    event_size: IntArray
    wave_entries: list[int]
    """Entry offsets of the waves (``n_waves + 1``)."""
    wave_halves: list[int]
    fallback: list[list[int]]
    """Per wave, the events rated by ``rate_event`` (matches, FIDE foreign events)."""
    half_opponent: Int32Array
    """Per half-game (grouped by player), the opponent's entry, relative to the wave's
    first entry."""
    half_start: IntArray
    """Per entry, its first half-game, relative to the wave's first half-game."""
    wave_games: list[int]
    white: Int32Array
    """Per rated game, in wave order: White's entry (global)."""
    black: Int32Array
    white_score: FloatArray
    m: FloatArray
    score: FloatArray
    counts: FloatArray
    """Per entry: wins, draws, losses and (m ≥ 3), the state's increments (§5)."""
    swept: FloatArray
    """Per entry: 1.0 if every game was won, else 0.0 (§4.1); ``lost_all`` likewise."""
    lost_all: FloatArray
    bonus_ok: BoolArray
    bonus_threshold: FloatArray
    """B·√max(m, 4), the bonus threshold (§4.2, L296–300)."""
    regular: FloatArray
    """The fixed Regular rating for the dual-rated K (NaN where none)."""
    regular_own: BoolArray
    """The dual-rated K uses the player's own pre-event Regular rating (§4.2, L280)."""

    @property
    def n_waves(self) -> int:
        return len(self.fallback)


def _plain(event: Event) -> bool:
    return event.kind not in (EventKind.MATCH, EventKind.FIDE_FOREIGN)


_white, _black, _score, _rated, _id = (
    attrgetter(a) for a in ("white", "black", "score", "rated", "id")
)


def schedule(  # noqa: C901
    events: Sequence[Event], roster: Roster, config: USCFConfig, seen: set[str]
) -> Schedule:
    """Put every event into its wave and lay the history out in columns.

    Players met for the first time get their file's state in ``roster`` (as
    :meth:`arpad.systems.RatingSystem.rate_event` would give them).
    """
    n_events = len(events)
    slot_of = roster.slot
    last = [-1] * len(roster.ids)
    wave = [0] * n_events
    plain = [_plain(ev) for ev in events]
    entry_ids: list[str] = []
    entry_slot: list[int] = []
    entry_event: list[int] = []
    # Games as C arrays: a Python int per index of a million games would cost 28 bytes.
    g_white, g_black, g_score = array("i"), array("i"), array("d")
    g_events: list[int] = []
    g_counts: list[int] = []
    new_slots: list[int] = []
    new_states: list[USCFState] = []
    for e, event in enumerate(events):
        ids = list(map(_id, event.players))
        slots = list(map(slot_of.__getitem__, ids))
        if not seen.issuperset(ids):
            for p, s in zip(event.players, slots, strict=True):
                if p.id not in seen:
                    seen.add(p.id)
                    new_slots.append(s)
                    new_states.append(state_from_entry(p, event, config))
        if slots:
            w = max(map(last.__getitem__, slots)) + 1
            for s in slots:
                last[s] = w
            wave[e] = w
        if not plain[e]:
            continue
        base = len(entry_ids)
        local = {pid: base + i for i, pid in enumerate(ids)}.__getitem__
        entry_ids += ids
        entry_slot += slots
        entry_event += [e] * len(ids)
        games = event.games
        if not all(map(_rated, games)):
            games = tuple(g for g in games if g.rated)
        g_white.extend(map(local, map(_white, games)))
        g_black.extend(map(local, map(_black, games)))
        g_score.extend(map(_score, games))
        g_events.append(e)
        g_counts.append(len(games))
    roster.put_all(new_slots, new_states)
    n_waves = max(wave) + 1 if n_events else 0
    fallback: list[list[int]] = [[] for _ in range(n_waves)]
    for e in range(n_events):
        if not plain[e]:
            fallback[wave[e]].append(e)
    # Entries in wave order (stable: an event's entries stay together and in order).
    e_of_entry = np.array(entry_event, dtype=np.intp)
    wave_arr = np.array(wave, dtype=np.intp)
    order = np.argsort(wave_arr[e_of_entry], kind="stable")
    n = len(order)
    new_index = np.empty(n, dtype=np.int32)
    new_index[order] = np.arange(n, dtype=np.int32)
    # Games in wave order too (stable: each player's games keep their order, so sums over
    # them are the per-event path's to the last bit).
    game_wave = wave_arr[np.repeat(np.array(g_events, dtype=np.intp), g_counts)]
    by_wave = np.argsort(game_wave, kind="stable")
    white = new_index[np.frombuffer(g_white, dtype=np.int32)[by_wave]]
    black = new_index[np.frombuffer(g_black, dtype=np.int32)[by_wave]]
    score = np.frombuffer(g_score, dtype=float)[by_wave]
    wave_games = np.searchsorted(game_wave[by_wave], np.arange(n_waves + 1))
    del g_white, g_black, g_score, game_wave, by_wave
    return _columns(
        events,
        [entry_ids[i] for i in order.tolist()],
        np.array(entry_slot, dtype=np.intp)[order],
        e_of_entry[order],
        np.searchsorted(wave_arr[e_of_entry[order]], np.arange(n_waves + 1)),
        wave_games.tolist(),
        fallback,
        white,
        black,
        score,
        n,
        config,
    )


def _columns(
    events: Sequence[Event],
    entry_ids: list[str],
    entry_slot: IntArray,
    entry_event: IntArray,
    wave_bounds: IntArray,
    wave_games: list[int],
    fallback: list[list[int]],
    white: Int32Array,
    black: Int32Array,
    score: FloatArray,
    n: int,
    config: USCFConfig,
) -> Schedule:
    """The per-entry and per-half-game columns of :class:`Schedule`."""
    # Half-games: each game twice (White's, then Black's), grouped by player in game order
    # (the order of the per-event path's opponent table).
    owner, opponent = np.empty(2 * len(white), np.int32), np.empty(2 * len(white), np.int32)
    owner[0::2], owner[1::2] = white, black
    opponent[0::2], opponent[1::2] = black, white
    by_owner = np.argsort(owner, kind="stable")
    owner, opponent = owner[by_owner], opponent[by_owner]
    del by_owner
    m_int: IntArray = np.bincount(owner, minlength=n)
    bonus_ok = _bonus_eligible(owner, opponent, m_int, n, config)
    m = m_int.astype(float)
    starts = np.cumsum(m_int) - m_int
    wave_halves = np.concatenate([starts, [len(owner)]])[wave_bounds]
    wave_of_entry = np.repeat(np.arange(len(wave_bounds) - 1), np.diff(wave_bounds))
    first_entry = wave_bounds[:-1][wave_of_entry].astype(np.int32)
    first_of_owner = first_entry[owner]
    opponent -= first_of_owner  # now relative to the wave's first entry
    del first_of_owner
    first_half = wave_halves[:-1][wave_of_entry]
    wins = np.bincount(white, score == 1.0, n) + np.bincount(black, score == 0.0, n)
    half = score == 0.5
    draws = np.bincount(white, half, n) + np.bincount(black, half, n)
    counts, swept, lost_all = event_counts(m, wins, draws)
    event_start = np.zeros(len(events), dtype=np.intp)
    event_start[entry_event[::-1]] = np.arange(n)[::-1]  # each event's first entry
    return Schedule(
        events=events,
        entry_ids=entry_ids,
        entry_slot=entry_slot,
        entry_event=entry_event,
        event_start=event_start,
        event_size=np.bincount(entry_event, minlength=len(events)),
        wave_entries=wave_bounds.tolist(),
        wave_halves=wave_halves.tolist(),
        fallback=fallback,
        half_opponent=opponent,
        half_start=starts - first_half,
        wave_games=wave_games,
        white=white,
        black=black,
        white_score=score,
        m=m,
        score=_points(white, black, score, n),
        counts=counts,
        swept=swept,
        lost_all=lost_all,
        bonus_ok=bonus_ok,
        bonus_threshold=config.bonus_multiplier * np.sqrt(np.maximum(m, config.bonus_games_floor)),
        regular=_fixed_regulars(events, entry_event, entry_ids, config),
        regular_own=np.array(
            [ev.dual_rated and ev.pool == Pool.REGULAR for ev in events], dtype=bool
        ).reshape(len(events))[entry_event],
    )


def event_counts(
    m: FloatArray, wins: npt.NDArray[Any], draws: npt.NDArray[Any]
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Per entry of ``m`` games: the state's increments (wins, draws, losses, and an event
    of three or more games, §5) and whether every game was won or lost (§4.1)."""
    losses = m - wins - draws
    counts = np.column_stack([wins, draws, losses, (m >= 3).astype(float)])
    return counts, (wins == m).astype(float), (losses == m).astype(float)


def _points(white: Int32Array, black: Int32Array, points: FloatArray, n: int) -> FloatArray:
    """Per entry: Σ ``points`` as White and Σ 1 − ``points`` as Black (the score, as
    :meth:`arpad.systems.uscf2020.steps.Field.points` sums it)."""
    return cast(FloatArray, np.bincount(white, points, n) + np.bincount(black, 1.0 - points, n))


def _bonus_eligible(
    owner: Int32Array, opponent: Int32Array, m: IntArray, n: int, config: USCFConfig
) -> BoolArray:
    """:func:`arpad.systems.uscf2020.formulas.bonus_eligible` for every entry at once:
    m ≥ 3 and no opponent met more than twice (§4.2, L288–294). Matches, which never
    get a bonus (§7), are not among the entries."""
    # Sorted (player, opponent) pairs: a pair met more than t times has its first and
    # (t+1)-th copies t places apart. The half-games are grouped by player already.
    pairs = owner.astype(np.int64)
    pairs *= max(n, 1)
    pairs += opponent
    pairs.sort(kind="stable")
    t = config.max_meetings_for_bonus
    repeated = pairs[t:][pairs[t:] == pairs[:-t]] // max(n, 1)
    out: BoolArray = m >= config.bonus_min_games
    out[repeated] = False
    return out


def _fixed_regulars(
    events: Sequence[Event], entry_event: IntArray, entry_ids: list[str], config: USCFConfig
) -> FloatArray:
    """The Regular rating a Quick-pool player brings to a dual-rated event when the option
    asks for the dual-rated K there (§4.2, D-uscf-3); NaN otherwise."""
    out = np.full(len(entry_ids), np.nan)
    if not config.dual_rated_k_in_quick:
        return out
    for i, e in enumerate(entry_event.tolist()):
        event = events[e]
        if event.dual_rated and event.pool == Pool.QUICK:
            other = event.player(entry_ids[i]).other_pools.get(Pool.REGULAR)
            if other is not None and other.rating is not None:
                out[i] = other.rating
    return out


_RESULTS = ("pre", "post", "expected", "k", "bonus", "special", "floor", "step4")
(PRE, POST, EXPECTED, K, BONUS, SPECIAL, FLOOR, STEP4) = range(len(_RESULTS))


@dataclass
class SeasonRatings:
    """What :func:`rate_season` computed, per entry (player-event) in wave order."""

    schedule: Schedule
    roster: Roster
    config: USCFConfig
    results: FloatArray
    """Per entry, the columns of ``_RESULTS`` (special as 1.0/0.0; NaN for ``None``);
    ``step4`` is each entry's step-4 rating, the performance column's opponent ratings."""
    after: FloatArray
    """Each entry's state after its event, as roster rows."""
    after_matches: dict[int, tuple[MatchChange, ...]]
    initials: dict[int, Initial]
    fallback: dict[int, EventRating[USCFState]]

    def column(self, name: str) -> FloatArray:
        out: FloatArray = self.results[:, _RESULTS.index(name)]
        return out

    @property
    def states(self) -> dict[str, USCFState]:
        """Every player's state after the last event."""
        return self.roster.states()

    def performances(self) -> FloatArray:
        """Every entry's performance rating against the opponents' step-4 ratings, in one
        batch (D-uscf-12; the per-event path's solver, to its tolerance)."""
        s = self.schedule
        return logistic_performances(
            s.white.astype(np.intp), s.black.astype(np.intp), s.white_score, self.results[:, STEP4]
        )

    def event_ratings(self) -> list[EventRating[USCFState]]:
        """Each event's result, in the order the events were given."""
        with collection_paused():
            return self._event_ratings()

    def _event_ratings(self) -> list[EventRating[USCFState]]:
        s = self.schedule
        players = self._players()
        starts, sizes = s.event_start.tolist(), s.event_size.tolist()
        ids = s.entry_ids
        out = []
        for e, event in enumerate(s.events):
            if e in self.fallback:
                out.append(self.fallback[e])
                continue
            a, b = starts[e], starts[e] + sizes[e]
            out.append(
                EventRating(
                    SYSTEM_NAME,
                    event.id,
                    event.pool,
                    tuple(players[a:b]),
                    _States(ids[a:b], self.after[a:b], a, self.after_matches),
                )
            )
        return out

    def _players(self) -> list[PlayerRating]:
        """Every entry's :class:`PlayerRating`."""
        s = self.schedule
        perf = self.performances().tolist()
        cols = [
            [None if x != x else x for x in col]
            for col in self.results.T.tolist()  # NaN → None
        ]
        pre, post, expected, k, bonus, special, floor = cols[:7]
        games = s.m.astype(np.int64).tolist()
        score = s.score.tolist()
        out = []
        initials = self.initials
        for i, pid in enumerate(s.entry_ids):
            notes: tuple[str, ...] = ()
            if i in initials:
                init = initials[i]
                notes = (f"unrated: initial {init.rating:.0f} from {init.source} (N={init.games})",)
            m = games[i]
            if m == 0:
                out.append(PlayerRating(pid, pre[i], pre[i], 0, 0.0, notes=notes))
                continue
            f = floor[i]
            if f is not None:
                notes = (*notes, f"floor {f:.0f} applied")
            out.append(
                PlayerRating(
                    pid,
                    pre[i],
                    post[i],
                    m,
                    score[i],
                    expected[i],
                    k[i],
                    bonus[i] or 0.0,
                    "special" if special[i] else "standard",
                    perf[i],
                    f,
                    notes,
                )
            )
        return out


class _States(Mapping[str, USCFState]):
    """An event's states after it, by player id, each built from its roster row when it is
    first read (most consumers read few of a season's hundreds of thousands)."""

    __slots__ = ("_ids", "_index", "_matches", "_offset", "_rows")

    def __init__(
        self,
        ids: list[str],
        rows: FloatArray,
        offset: int,
        matches: Mapping[int, tuple[MatchChange, ...]],
    ) -> None:
        self._ids, self._rows, self._offset, self._matches = ids, rows, offset, matches
        self._index: dict[str, int] | None = None

    def __getitem__(self, pid: str) -> USCFState:
        if self._index is None:
            self._index = {p: i for i, p in enumerate(self._ids)}
        i = self._index[pid]
        return _state(self._rows[i].tolist(), self._matches.get(self._offset + i, ()))

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)

    def __repr__(self) -> str:
        return repr(dict(self))


def rate_season(
    events: Sequence[Event], states: Mapping[str, USCFState], config: USCFConfig
) -> SeasonRatings:
    """Rate ``events`` in order (each from the states the earlier ones left), in waves.

    ``states`` are the players' states before the first event, by player id; a player met
    for the first time starts from their event file's entry. The events share one bonus
    era (B by end date, D-uscf-eras-1), as :func:`rate_batch` arranges.

    Raises:
        ConfigError: the events span bonus eras and the configuration does not fix B.
    """
    with collection_paused():
        return _rate_season(events, states, config)


def _rate_season(
    events: Sequence[Event], states: Mapping[str, USCFState], config: USCFConfig
) -> SeasonRatings:
    runs = _era_runs(events, config)
    if len(runs) > 1:
        raise ConfigError("rate_season: the events span bonus eras; rate them by rate_batch")
    if runs:
        config = runs[0][0]
    ids = list(dict.fromkeys([*states, *(p.id for e in events for p in e.players)]))
    roster = Roster.of(ids)
    roster.put_all([roster.slot[pid] for pid in states], list(states.values()))
    sched = schedule(events, roster, config, set(states))
    n = len(sched.entry_ids)
    results = np.full((n, len(_RESULTS)), np.nan)
    out = SeasonRatings(
        schedule=sched,
        roster=roster,
        config=config,
        results=results,
        after=np.zeros((n, len(FIELDS))),
        after_matches={},
        initials={},
        fallback={},
    )
    we, wh, wg = sched.wave_entries, sched.wave_halves, sched.wave_games
    for w in range(sched.n_waves):
        if we[w + 1] > we[w]:
            # Entries without games meet K = 800/0 and NaN; they keep their rating.
            with np.errstate(divide="ignore", invalid="ignore"):
                _rate_wave(out, (we[w], we[w + 1]), (wh[w], wh[w + 1]), (wg[w], wg[w + 1]))
        for e in sched.fallback[w]:
            _rate_alone(out, e)
    return out


def _rate_wave(  # noqa: C901
    out: SeasonRatings, entries: tuple[int, int], halves: tuple[int, int], rated: tuple[int, int]
) -> None:
    """Rate the vectorised events of one wave: its entries, half-games and rated games."""
    (a, b), (ha, hb), (ga, gb) = entries, halves, rated
    s, roster, config = out.schedule, out.roster, out.config
    n = b - a
    slot = s.entry_slot[a:b]
    prior = roster.table.take(slot, axis=0)
    rating = prior[:, RATING]
    unrated = rating != rating
    # Step 1 (§1 L27, §2): R_0 and N; initial ratings for the unrated.
    r0 = rating.copy()
    games = prior[:, GAMES].copy()
    if unrated.any():
        for j in unrated.nonzero()[0].tolist():
            e = int(s.entry_event[a + j])
            event = s.events[e]
            entry = event.players[a + j - int(s.event_start[e])]
            init = initial_rating(
                entry,
                event.pool,
                event.end_date,
                config.established_after,
                config.fide_conversion_since,
            )
            out.initials[a + j] = init
            r0[j], games[j] = init.rating, init.games
    history = ~unrated & (prior[:, GAMES] > 0)
    all_wins = history & (prior[:, ALL_WINS] != 0.0)
    all_losses = history & (prior[:, ALL_LOSSES] != 0.0)
    special = (games <= config.special_through) | all_wins | all_losses
    m, score = s.m[a:b], s.score[a:b]
    opponent = s.half_opponent[ha:hb].astype(np.intp)
    white, black = s.white[ga:gb] - a, s.black[ga:gb] - a
    r0_white, r0_black = r0[white], r0[black]
    n_eff = np.minimum(games, fm.effective_games_caps(r0))  # §3
    regular = np.where(s.regular_own[a:b] & ~unrated, r0, s.regular[a:b])
    bonus_ok, threshold = s.bonus_ok[a:b], s.bonus_threshold[a:b]
    played = m > 0
    k = fm.k_factors(n_eff, m, regular)
    starts = s.half_start[a:b]

    def special_rows(
        rows: IntArray, table: _Table, opp: FloatArray, own_n: FloatArray, flags: bool
    ) -> FloatArray:
        """§4.1 for ``rows`` against ``opp`` (:func:`steps.special_batch`)."""
        no = np.zeros(rows.size, dtype=bool)
        batch = fm.SpecialBatch(
            r0[rows],
            own_n[rows],
            table.ratings(opp),
            score[rows],
            all_wins[rows] if flags else no,
            all_losses[rows] if flags else no,
        )
        return fm.special_ratings(batch, config.epsilon, config.special_cap, config.special_start)

    def step(opp: FloatArray, rows: IntArray) -> tuple[FloatArray, FloatArray, FloatArray]:
        """Step 4 or 5 (L44–53), :func:`arpad.systems.uscf2020.steps.rating_step`."""
        ew = logistic_expectancy(r0_white - opp[black])
        eb = logistic_expectancy(r0_black - opp[white])
        expected = cast(FloatArray, np.bincount(white, ew, n) + np.bincount(black, eb, n))
        change = k * (score - expected)
        bonus = np.where(bonus_ok, np.maximum(0.0, change - threshold), 0.0)
        new = r0 + change + bonus
        if rows.size:
            new[rows] = special_rows(rows, table, opp, n_eff, True)
        new = np.where(played, np.maximum(new, config.minimum_rating), r0)
        return new, expected, bonus

    # Step 3 (L37–42): unrated players with N = 0, special formula with N' = 1.
    r3 = r0
    rows3 = (unrated & (games == 0) & played).nonzero()[0]
    if rows3.size:
        r3 = r0.copy()
        table3 = _Table.of(rows3, starts, m, opponent)
        r3[rows3] = np.maximum(
            special_rows(rows3, table3, r0, np.ones(n), False), config.minimum_rating
        )
    rows = (special & played).nonzero()[0]
    table = _Table.of(rows, starts, m, opponent)
    step4, _, _ = step(r3, rows)
    post, expected, bonus = step(step4, rows)
    res = out.results[a:b]
    res[:, STEP4] = step4
    if config.apply_floors and _below_a_floor(prior, post, config):
        known = prior[:, KNOWN]  # §5: the floor in force before the event
        in_force = np.where(known != known, computed_floors(prior, config), known)
        binds = played & (post < in_force)
        if binds.any():
            post = np.where(binds, in_force, post)
            res[:, FLOOR] = np.where(binds, in_force, np.nan)
    res[:, PRE] = np.where(unrated, np.nan, r0)
    res[:, POST] = np.where(played, post, res[:, PRE])
    res[:, EXPECTED] = expected
    res[:, K] = np.where(special, np.nan, k)
    res[:, BONUS] = np.where(special, 0.0, bonus)
    res[:, SPECIAL] = special
    new = _after_event(s, a, b, prior, post, games, unrated, config)
    if not played.all():
        new[~played] = prior[~played]
    roster.table[slot] = new
    out.after[a:b] = new
    matches = roster.has_matches[slot]
    if matches.any():
        for j in np.flatnonzero(matches).tolist():
            out.after_matches[a + j] = roster.match_changes[int(slot[j])]


def _below_a_floor(prior: FloatArray, post: FloatArray, config: USCFConfig) -> bool:
    """Whether any new rating lies below a bound on its floor (most waves have none): the
    absolute floor is at most 150, the peak floor at most the peak less 199.5 (§5)."""
    bound = np.fmax(np.fmax(prior[:, PEAK] - 199.5, prior[:, PRIZE]), prior[:, KNOWN])
    low = (post < max(150.0, config.minimum_rating)) | (post < bound)
    return bool(low.any() or (prior[:, ABOVE] >= config.olm_games).any())


@dataclass(frozen=True)
class _Table:
    """Some players' opponents in a wave, one row per player in game order, padded."""

    index: IntArray
    valid: BoolArray

    @classmethod
    def of(cls, rows: IntArray, starts: IntArray, m: FloatArray, opponent: IntArray) -> _Table:
        games = m[rows]
        cols = np.arange(int(games.max()) if rows.size else 0)
        valid = cols < games[:, None]
        return cls(opponent[np.where(valid, starts[rows][:, None] + cols, 0)], valid)

    def ratings(self, opp: FloatArray) -> FloatArray:
        """The opponents' ratings from ``opp``, NaN-padded (SpecialBatch's table)."""
        out: FloatArray = np.where(self.valid, opp[self.index], np.nan)
        return out


def _after_event(
    s: Schedule,
    a: int,
    b: int,
    prior: FloatArray,
    post: FloatArray,
    games: FloatArray,
    unrated: BoolArray,
    config: USCFConfig,
) -> FloatArray:
    """:func:`after_event_rows` for the entries ``a:b`` of a schedule."""
    m, counts, swept, lost_all = s.m[a:b], s.counts[a:b], s.swept[a:b], s.lost_all[a:b]
    return after_event_rows(prior, post, games, unrated, m, counts, swept, lost_all, config)


def after_event_rows(
    prior: FloatArray,
    post: FloatArray,
    games: FloatArray,
    unrated: BoolArray,
    m: FloatArray,
    counts: FloatArray,
    swept: FloatArray,
    lost_all: FloatArray,
    config: USCFConfig,
) -> FloatArray:
    """:func:`arpad.systems.uscf2020.state.after_event` then
    :func:`arpad.systems.uscf2020.floors.carry_known_floor`, for every roster row at once
    (the caller keeps the prior rows of entries without games): ``m`` games, ``counts``
    and ``swept``/``lost_all`` as :class:`Schedule` holds them per entry."""
    new = prior.copy()
    history = ~unrated & (prior[:, GAMES] > 0)
    total = games + m
    new[:, RATING] = post
    new[:, GAMES] = total
    new[:, COUNTS] += counts
    new[:, ALL_WINS] = np.where(history, prior[:, ALL_WINS], 1.0) * swept
    new[:, ALL_LOSSES] = np.where(history, prior[:, ALL_LOSSES], 1.0) * lost_all
    above = ~unrated & (prior[:, GAMES] > config.established_after) & (prior[:, RATING] > 2200.0)
    new[:, ABOVE] += np.where(above, m, 0.0)
    peak = prior[:, PEAK]
    new[:, PEAK] = np.where(total > config.established_after, np.fmax(peak, post), peak)
    known = prior[:, KNOWN]
    if not np.isnan(known).all():  # the formulas never read the known floor itself
        new[:, KNOWN] = np.nan
        raised = computed_floors(new, config)
        drop = (known == known) & (raised > computed_floors(prior, config)) & (raised > known)
        new[:, KNOWN] = np.where(drop, np.nan, known)
    return new


def _rate_alone(out: SeasonRatings, e: int) -> None:
    """A match or FIDE foreign event: rated by ``rate_event`` from the roster's states."""
    roster = out.roster
    event = out.schedule.events[e]
    prior = {p.id: roster.get(roster.slot[p.id]) for p in event.players}
    result = rate_event(event, prior, out.config)
    roster.put_all([roster.slot[pid] for pid in result.states], list(result.states.values()))
    out.fallback[e] = result


def rate_batch(
    events: Sequence[Event], states: Mapping[str, USCFState], config: USCFConfig
) -> PeriodRating[USCFState]:
    """The batch hook of :data:`arpad.systems.uscf2020.SYSTEM`: :func:`rate_season` with
    every event's result built.

    The engine rates with one configuration, so a history that crosses a bonus era (B by
    the event's end date, D-uscf-eras-1) is rated run by run, each run of consecutive
    events with its era's B, exactly as the per-event path picks it.
    """
    results: list[EventRating[USCFState]] = []
    current: dict[str, USCFState] = dict(states)
    for run_config, run in _era_runs(events, config):
        season = rate_season(run, current, run_config)
        results.extend(season.event_ratings())
        current.update(season.states)
    return PeriodRating(tuple(results), current)


def _era_runs(events: Sequence[Event], config: USCFConfig) -> list[tuple[USCFConfig, list[Event]]]:
    """Consecutive events grouped by the configuration of their date (:meth:`for_date`)."""
    runs: list[tuple[USCFConfig, list[Event]]] = []
    dated: dict[dt.date | None, USCFConfig] = {}
    for event in events:
        end = event.end_date
        if end not in dated:
            dated[end] = config.for_date(end)
        if runs and runs[-1][0] == dated[end]:
            runs[-1][1].append(event)
        else:
            runs.append((dated[end], [event]))
    return runs
