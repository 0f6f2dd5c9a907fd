"""The Elo season engine: many events rated together, equal to rating them one by one.

A date-ordered history is scheduled into *waves* of player-disjoint events
(:func:`arpad.systems.waves.wave_order`, docs/decisions.md D-speed-1); each wave is rated in one
vectorised pass over its games, the players' states held in arrays, by the same steps as
:func:`arpad.systems.elo.system.rate_event` (docs/decisions.md D-season-elo-1):

1. unrated players' R_p against their rated opponents, then the second cycle that also
   counts unrated opponents at their first R_p (§3.71, §1.67);
2. provisional players by (14) with N_o + N, their opponents at their pre-event ratings
   (unrated ones at R_p) (§3.72);
3. everyone else by (2), provisional opponents at their post-event ratings.

The numbers the book looks up by a player's games and score — D_p (with the factor F) and
K — are computed once per distinct key by the per-event functions themselves
(:func:`~arpad.systems.elo.formulas.score_difference`, :func:`~arpad.systems.elo.system.player_k`),
the expectancies by :meth:`~arpad.systems.elo.expectancy.Expectancy.p_array`, so no formula
is written twice. A player's counts and scores (whole multiples of ½) are summed in one pass
(``np.bincount``, exact); sums of ratings and expectancies by ``math.fsum`` over his games
(:func:`arpad.systems.waves.grouped_fsums`), as the per-event path sums them, so the two
paths agree to the last bit.

Two options look at an event as a whole or solve per player, and are not vectorised: the
round-robin formulas (8) and (6) need the event's own R_a and completeness, the exact
performance (§1.55) an iterative solver. With either, every event is rated by
``rate_event`` in order (the same results, at the per-event path's speed).

:func:`rate_season` returns a :class:`EloSeason` of arrays per player-event; the
per-event results and the final states are built when asked for.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from arpad.model import Event
from arpad.systems import EventRating, PeriodRating, PlayerRating
from arpad.systems.batch import merged_rounds
from arpad.systems.elo.expectancy import Expectancy
from arpad.systems.elo.formulas import score_difference
from arpad.systems.elo.krules import FideK, KRule
from arpad.systems.elo.system import (
    EloConfig,
    EloState,
    ExpectedFormula,
    PerformanceFormula,
    player_k,
    rate_event,
    state_from_entry,
)
from arpad.systems.waves import (
    Columns,
    FloatArray,
    IntArray,
    WaveOrder,
    columns,
    grouped,
    grouped_fsums,
    wave_order,
)

BoolArray = npt.NDArray[np.bool_]

NO_GAMES, STANDARD, PROVISIONAL, UNRATED, PERFORMANCE = range(5)
"""Method codes per entry: which step rated the player (``PlayerRating.method``)."""
_METHOD = {
    NO_GAMES: "no games",
    STANDARD: "standard",
    PROVISIONAL: "provisional",
    UNRATED: "unrated",
    PERFORMANCE: "performance",
}
_NO_RATED_OPPONENT = ("no rated opponent",)
_INDETERMINATE = ("100 % or 0 %: indeterminate rating (§1.54)",)
_TOP = FideK().top_threshold
_FELL_BACK = "score of 100 % or 0 % has no performance rating (§1.54); used (2)"


def vectorised(config: EloConfig) -> bool:
    """Whether the season engine rates ``config`` in waves (else event by event)."""
    return config.expected is not ExpectedFormula.ROUND_ROBIN and config.performance not in (
        PerformanceFormula.ROUND_ROBIN,
        PerformanceFormula.EXACT,
    )


@dataclass
class Roster:
    """Every player's :class:`EloState` as arrays, one slot per player; NaN stands for a
    ``None`` rating or peak, −1 for an unknown number of events."""

    rating: FloatArray
    games: IntArray
    events: IntArray
    peak: FloatArray

    @classmethod
    def of(cls, n: int) -> Roster:
        return cls(
            np.full(n, np.nan), np.zeros(n, np.int64), np.zeros(n, np.int64), np.full(n, np.nan)
        )

    def put(self, slot: int, state: EloState) -> None:
        self.rating[slot] = np.nan if state.rating is None else state.rating
        self.games[slot] = state.games
        self.events[slot] = -1 if state.events is None else state.events
        self.peak[slot] = np.nan if state.peak is None else state.peak


def _state(rating: float, games: int, events: int, peak: float) -> EloState:
    return EloState(
        rating=None if math.isnan(rating) else rating,
        games=games,
        events=None if events < 0 else events,
        peak=None if math.isnan(peak) else peak,
    )


@dataclass
class _Lookups:
    """D_p and K by distinct key, computed by the per-event functions (cached)."""

    config: EloConfig
    expectancy: Expectancy
    differences: dict[bool, FloatArray] = field(default_factory=dict)
    """D_p by [n, 2 × score], NaN where not yet computed; one table per ``factor_f``."""
    ks: dict[tuple[int, int, bool, int], float] = field(default_factory=dict)

    def score_differences(self, n: IntArray, score: FloatArray, factor: bool) -> FloatArray:
        """``score_difference(score, n, factor_f=factor)`` per element (n > 0), from a
        table by (n, 2 × score) filled on first use."""
        twice = (2.0 * score).astype(np.int64)  # scores are whole multiples of ½
        table = self.differences.get(factor)
        top = int(n.max())
        if table is None or table.shape[0] <= top:
            grown = np.full((2 * top + 8, 4 * top + 17), np.nan)
            if table is not None:
                grown[: table.shape[0], : table.shape[1]] = table
            table = self.differences[factor] = grown
        out: FloatArray = table[n, twice]
        missing = np.isnan(out)
        if missing.any():
            for games, points in set(
                zip(n[missing].tolist(), twice[missing].tolist(), strict=True)
            ):
                table[games, points] = score_difference(
                    points / 2.0, games, self.expectancy, factor_f=factor
                )
            out = table[n, twice]
        return out

    def k(self, games: IntArray, events: IntArray, peak: FloatArray, n: IntArray) -> FloatArray:
        """:func:`player_k` of each entry's state before the event, for ``n`` games."""
        config = self.config
        if config.k_rule in (KRule.CONSTANT, KRule.USCF) or n.size == 0:
            return np.full(n.size, player_k(EloState(), 1, config))
        reached = (peak > _TOP).astype(np.int64)  # NaN (no peak) compares False
        if config.k_rule is KRule.FIDE1986:  # K by events, games, top reached (§4.56)
            n = np.zeros_like(n)
        else:
            events, reached = np.zeros_like(events), np.zeros_like(reached)
        table = np.stack([games, events, reached, n], axis=1)
        keys, inverse = np.unique(table, axis=0, return_inverse=True)
        values = []
        for g, ev, top, m in keys.tolist():
            key = (g, ev, bool(top), m)
            cached = self.ks.get(key)
            if cached is None:
                state = EloState(
                    rating=0.0,
                    games=g,
                    events=None if ev < 0 else ev,
                    peak=_TOP + 1 if top else None,
                )
                cached = player_k(state, m, config)
                self.ks[key] = cached
            values.append(cached)
        out: FloatArray = np.array(values, dtype=float)[inverse.reshape(-1)]
        return out


@dataclass
class EloSeason:
    """What :func:`rate_season` computed: per entry (player-event) in wave order."""

    columns: Columns
    waves: WaveOrder
    roster: Roster
    config: EloConfig
    pre: FloatArray
    post: FloatArray
    games: IntArray
    score: FloatArray
    expected: FloatArray
    k: FloatArray
    performance: FloatArray
    method: IntArray
    fell_back: BoolArray
    """Provisional players whose 100 % or 0 % left them to (2) (a note)."""
    after: Roster
    """Each entry's state after its event."""
    skipped: list[tuple[int, int, int]] = field(default_factory=list)
    """``(game, entry, opponent entry)`` of games not rated against unrated opponents."""

    @property
    def states(self) -> dict[str, EloState]:
        """Every player's state after the last event."""
        r = self.roster
        return {
            pid: _state(float(r.rating[i]), int(r.games[i]), int(r.events[i]), float(r.peak[i]))
            for i, pid in enumerate(self.columns.ids)
        }

    def event_ratings(self) -> list[EventRating[EloState]]:
        """Each event's result, in the order the events were given."""
        c, w = self.columns, self.waves
        notes: dict[int, list[str]] = {}
        order = w.entry_order.tolist()
        for _, i, j in sorted(self.skipped):
            notes.setdefault(i, []).append(
                f"game against unrated {c.entries[order[j]].id!r} not rated"
            )
        columns_ = {
            "pre": self.pre.tolist(),
            "post": self.post.tolist(),
            "games": self.games.tolist(),
            "score": self.score.tolist(),
            "expected": self.expected.tolist(),
            "k": self.k.tolist(),
            "performance": self.performance.tolist(),
            "method": self.method.tolist(),
            "fell_back": self.fell_back.tolist(),
        }
        a = self.after
        after = (a.rating.tolist(), a.games.tolist(), a.events.tolist(), a.peak.tolist())
        by_event: list[list[PlayerRating]] = [[] for _ in c.events]
        states: list[dict[str, EloState]] = [{} for _ in c.events]
        events_of = c.entry_event[w.entry_order].tolist()
        for i, (original, e) in enumerate(zip(order, events_of, strict=True)):
            pid = c.entries[original].id
            by_event[e].append(_player(pid, i, columns_, notes.get(i, [])))
            states[e][pid] = _state(after[0][i], after[1][i], after[2][i], after[3][i])
        return [
            EventRating("elo", ev.id, ev.pool, tuple(by_event[e]), states[e])
            for e, ev in enumerate(c.events)
        ]


def _none(x: float) -> float | None:
    return None if math.isnan(x) else x


def _player(pid: str, i: int, v: Mapping[str, list[float]], skipped: list[str]) -> PlayerRating:
    """Entry ``i``'s result, field for field as the per-event path builds it."""
    method = int(v["method"][i])
    pre = _none(v["pre"][i])
    if method == NO_GAMES:
        return PlayerRating(pid, pre, pre, 0, 0.0, method="no games")
    if method == UNRATED:
        return PlayerRating(
            pid, None, None, 0, v["score"][i], method="unrated", notes=_NO_RATED_OPPONENT
        )
    post = _none(v["post"][i])
    if method == PERFORMANCE:
        return PlayerRating(
            pid,
            None,
            post,
            int(v["games"][i]),
            v["score"][i],
            method="performance",
            performance=v["performance"][i],
            notes=() if post is not None else _INDETERMINATE,
        )
    notes = [*skipped, _FELL_BACK] if v["fell_back"][i] else skipped
    return PlayerRating(
        pid,
        pre,
        post,
        int(v["games"][i]),
        v["score"][i],
        expected=v["expected"][i],
        k=_none(v["k"][i]),
        method=_METHOD[method],
        performance=v["performance"][i],
        notes=tuple(notes),
    )


def rate_season(
    events: Sequence[Event], states: Mapping[str, EloState], config: EloConfig
) -> EloSeason:
    """Rate ``events`` in order, in waves, each from the states the earlier ones left.

    ``states`` are the players' states before the first event, by player id; a player met
    for the first time starts from their event file's entry (``state_from_entry``). Only
    for a configuration the engine vectorises (:func:`vectorised`).
    """
    c = columns(events, states)
    roster = Roster.of(len(c.ids))
    for pid, st in states.items():
        roster.put(c.slot[pid], st)
    for i, e in c.first_seen:
        roster.put(int(c.entry_slot[i]), state_from_entry(c.entries[i], events[e], config))
    w = wave_order(c)
    n = w.entry_order.size
    out = EloSeason(
        columns=c,
        waves=w,
        roster=roster,
        config=config,
        pre=np.full(n, np.nan),
        post=np.full(n, np.nan),
        games=np.zeros(n, np.int64),
        score=np.zeros(n),
        expected=np.full(n, np.nan),
        k=np.full(n, np.nan),
        performance=np.full(n, np.nan),
        method=np.zeros(n, np.int64),
        fell_back=np.zeros(n, bool),
        after=Roster.of(n),
    )
    lookups = _Lookups(config, config.expectancy())
    slots = c.entry_slot[w.entry_order]
    for wave in range(w.entry_bounds.size - 1):
        a, b = int(w.entry_bounds[wave]), int(w.entry_bounds[wave + 1])
        ga, gb = int(w.game_bounds[wave]), int(w.game_bounds[wave + 1])
        _Wave(out, lookups, slots[a:b], a, ga, gb).rate()
    return out


class _Wave:
    """One wave: entries ``a:a + len(slots)``, games ``ga:gb`` (in wave order)."""

    def __init__(
        self, out: EloSeason, lookups: _Lookups, slots: IntArray, a: int, ga: int, gb: int
    ) -> None:
        self.out, self.lookups, self.slots, self.a = out, lookups, slots, a
        self.config = out.config
        r = out.roster
        self.pre = r.rating[slots]
        self.n0 = r.games[slots]
        self.events0 = r.events[slots]
        self.peak0 = r.peak[slots]
        self.size = slots.size
        w = out.waves
        white, black = w.game_white[ga:gb] - a, w.game_black[ga:gb] - a
        self.game = np.concatenate([np.arange(ga, gb), np.arange(ga, gb)])
        self.own = np.concatenate([white, black])
        self.opp = np.concatenate([black, white])
        self.points = np.concatenate([w.game_score[ga:gb], 1.0 - w.game_score[ga:gb]])
        self.unrated = np.isnan(self.pre)
        unknown = (self.n0 == 0) & (self.events0 < 0)
        self.provisional = ~self.unrated & (self.n0 < self.config.established_games)
        if self.config.unknown_history_established:
            self.provisional &= ~unknown

    def _sum(self, mask: BoolArray, values: FloatArray | None = None) -> FloatArray:
        """Per entry, the count (or the sum of ``values``, whole multiples of ½: exact) over
        the sides in ``mask``."""
        weights = None if values is None else values[mask]
        out: FloatArray = np.asarray(np.bincount(self.own[mask], weights, self.size), float)
        return out

    def _fsums(self, mask: BoolArray, *values: FloatArray) -> list[FloatArray]:
        """Per entry and per array in ``values``, ``math.fsum`` over the sides in ``mask``:
        the sums the per-event path takes, to the last bit (a ``bincount`` differs in the
        last bits)."""
        groups = grouped(self.own, self.game, mask, self.size)
        return [np.array(grouped_fsums(groups, v), dtype=float) for v in values]

    def _performances(
        self, n: IntArray, score: FloatArray, total: FloatArray, factor: bool
    ) -> FloatArray:
        """R_p of each entry with n > 0 games (NaN elsewhere), by (1) or (10)."""
        out = np.full(self.size, np.nan)
        has = n > 0
        if not has.any():
            return out
        m, s = n[has], score[has]
        average = total[has] / m
        if self.config.performance is PerformanceFormula.LINEAR:
            out[has] = average + 2.0 * self.config.C * (s - (m - s)) / m
        else:
            out[has] = average + self.lookups.score_differences(m, s, factor)
        return out

    def _pairs(
        self, mask: BoolArray, opponent: FloatArray, expected: bool = False
    ) -> tuple[IntArray, FloatArray, FloatArray, BoolArray, FloatArray | None]:
        """Games, score and the sum of opponents' ratings over the sides in ``mask`` whose
        opponent counts (a rating, not NaN); those sides; and with ``expected``, W_e by (3),
        Σ P(R − R_i) over them (one grouping for both sums)."""
        counted = mask & ~np.isnan(opponent)
        n = self._sum(counted).astype(np.int64)
        score = self._sum(counted, self.points)
        if not expected:
            (total,) = self._fsums(counted, opponent)
            return n, score, total, counted, None
        p = np.zeros(self.own.size)
        p[counted] = self.lookups.expectancy.p_array(
            self.pre[self.own[counted]] - opponent[counted]
        )
        total, w_e = self._fsums(counted, opponent, p)
        return n, score, total, counted, w_e

    def rate(self) -> None:
        config, out, a, b = self.config, self.out, self.a, self.a + self.size
        pre = self.pre
        method = np.full(self.size, NO_GAMES)
        post = pre.copy()
        games = np.zeros(self.size, np.int64)
        score = np.zeros(self.size)
        expected = np.full(self.size, np.nan)
        k = np.full(self.size, np.nan)
        perf = self._new_players(method, post, games, score)
        performance = np.where(self.unrated, perf, np.nan)
        # Opponents as step 2 sees them: unrated ones at R_p (§3.71), rated at R_o.
        opp_perf = perf[self.opp]
        usable = (
            np.isfinite(opp_perf) if config.new_players_first else np.zeros_like(opp_perf, bool)
        )
        at_rp = np.where(usable, opp_perf, np.nan)
        base = np.where(self.unrated[self.opp], at_rp, pre[self.opp])
        step2 = self.provisional
        step3 = ~self.unrated & ~self.provisional
        self._rated(step2, base, method, post, games, score, expected, k, performance)
        if config.provisional_first:  # §3.72: provisional opponents at their new rating
            base = np.where(self.provisional[self.opp], post[self.opp], base)
        self._rated(step3, base, method, post, games, score, expected, k, performance)
        out.pre[a:b] = pre
        out.post[a:b] = post
        out.games[a:b] = games
        out.score[a:b] = score
        out.expected[a:b] = expected
        out.k[a:b] = k
        out.performance[a:b] = performance
        out.method[a:b] = method
        self._advance(post, games)

    def _new_players(
        self, method: IntArray, post: FloatArray, games: IntArray, score: FloatArray
    ) -> FloatArray:
        """Step 1 (§3.71): each unrated player's R_p, then the second cycle (§1.67)."""
        config = self.config
        perf = np.full(self.size, np.nan)
        sides = self.unrated[self.own]
        if not sides.any():
            return perf
        played = self._sum(sides).astype(np.int64) > 0
        total = self._sum(sides, self.points)
        opponent = np.where(self.unrated[self.opp], np.nan, self.pre[self.opp])
        n, s, r, _, _ = self._pairs(sides, opponent)
        perf = self._performances(n, s, r, config.factor_f)
        if config.second_cycle:
            second = np.where(self.unrated[self.opp], perf[self.opp], self.pre[self.opp])
            second = np.where(np.isfinite(second), second, np.nan)
            n2, s2, r2, _, _ = self._pairs(sides, second)
            perf2 = self._performances(n2, s2, r2, config.factor_f)
            take = n2 > 0
            perf = np.where(take, perf2, perf)
            n, s = np.where(take, n2, n), np.where(take, s2, s)
        rated = played & (n > 0)
        lone = played & self.unrated & (n == 0)
        method[rated] = PERFORMANCE
        method[lone] = UNRATED
        post[rated] = np.where(np.isfinite(perf[rated]), perf[rated], np.nan)
        games[rated] = n[rated]
        score[rated] = s[rated]
        score[lone] = total[lone]
        return perf

    def _rated(
        self,
        who: BoolArray,
        opponent: FloatArray,
        method: IntArray,
        post: FloatArray,
        games: IntArray,
        score: FloatArray,
        expected: FloatArray,
        k: FloatArray,
        performance: FloatArray,
    ) -> None:
        """Steps 2 and 3 for the entries in ``who``: (14) for provisional players, (2) for
        everyone else, a perfect or zero score falling back to (2) (§1.54)."""
        if not who.any():
            return
        config, lookups = self.config, self.lookups
        sides = who[self.own]
        average = config.expected is ExpectedFormula.AVERAGE
        n, s, total, counted, w_e3 = self._pairs(sides, opponent, expected=not average)
        skipped = sides & ~counted & (n[self.own] > 0)  # notes dropped with no game rated
        a = self.a
        self.out.skipped += zip(
            self.game[skipped].tolist(),
            (self.own[skipped] + a).tolist(),
            (self.opp[skipped] + a).tolist(),
            strict=True,
        )
        on = who & (n > 0)
        if not on.any():
            return
        pre = self.pre
        expectancy = lookups.expectancy
        if w_e3 is not None:
            w_e = w_e3
        else:  # (4) N × P(R − R_c)
            with np.errstate(invalid="ignore", divide="ignore"):
                centre = pre - total / n
            w_e = np.zeros(self.size)
            w_e[on] = n[on] * expectancy.p_array(centre[on])
        k_on = lookups.k(self.n0[on], self.events0[on], self.peak0[on], n[on])
        new = pre[on] + k_on * (s[on] - w_e[on])
        r_p = self._performances(n, s, total, False)
        rule = np.full(on.sum(), STANDARD)
        k_used = k_on
        if self.provisional[on].any():
            own = self._performances(n, s, total, config.factor_f)[on]
            prov = self.provisional[on]
            finite = prov & np.isfinite(own)
            g0, m = self.n0[on], n[on]
            weighted = (pre[on] * g0 + own * m) / (g0 + m)
            new = np.where(finite, weighted, new)
            rule = np.where(finite, PROVISIONAL, STANDARD)
            k_used = np.where(finite, np.nan, k_on)
            self.out.fell_back[self.a + np.flatnonzero(on)[prov & ~finite]] = True
        method[on] = rule
        post[on] = new
        games[on] = n[on]
        score[on] = s[on]
        expected[on] = w_e[on]
        k[on] = k_used
        performance[on] = r_p[on]

    def _advance(self, post: FloatArray, games: IntArray) -> None:
        """:func:`arpad.systems.elo.system._advance` for every entry at once."""
        out, slots, a, b = self.out, self.slots, self.a, self.a + self.size
        moved = ~np.isnan(post) & (games > 0)  # a rating from the event
        r = out.roster
        rating = np.where(moved, post, self.pre)
        n = np.where(moved, self.n0 + games, self.n0)
        events = np.where(moved & (self.events0 >= 0), self.events0 + 1, self.events0)
        peak = np.where(moved, np.fmax(self.peak0, post), self.peak0)
        r.rating[slots], r.games[slots], r.events[slots], r.peak[slots] = rating, n, events, peak
        after = out.after
        after.rating[a:b], after.games[a:b], after.events[a:b], after.peak[a:b] = (
            rating,
            n,
            events,
            peak,
        )


def rate_batch(
    events: Sequence[Event], states: Mapping[str, EloState], config: EloConfig
) -> PeriodRating[EloState]:
    """The batch hook of :data:`arpad.systems.elo.SYSTEM`: :func:`rate_season` with every
    event's result built; event by event for the options it does not vectorise."""
    if not vectorised(config):
        return _ONE_BY_ONE(events, states, config)
    season = rate_season(events, states, config)
    return PeriodRating(tuple(season.event_ratings()), season.states)


_ONE_BY_ONE = merged_rounds(rate_event, state_from_entry, lambda event, config: False)
"""Every event rated alone by ``rate_event``, in order (no event is merged)."""
