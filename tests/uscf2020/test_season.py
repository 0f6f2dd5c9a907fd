"""The compiled season loop (arpad.systems.uscf2020.kernel) equals rating the events one by one.

Seasons with every kind of player and event the per-event path knows: established,
provisional and unrated players (FIDE, CFC, age, adult, foreign, other-pool and default
initial ratings), all-wins and all-losses histories, peak, OLM, prize and known floors,
repeated opponents (the bonus rule), unrated games, players without games, dual-rated
events in both pools (with and without the Quick-side option), matches (§7, with their
caps) and FIDE foreign events (§6). Every player's result and state after every event
must agree to the last bit.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import arpad
from arpad.model import Event, EventKind, Game, MatchChange, PlayerEntry, Pool, PoolRating
from arpad.season import Season
from arpad.systems import EventRating
from arpad.systems.uscf2020 import SYSTEM, USCFConfig, USCFState
from arpad.systems.uscf2020 import season as uscf_season
from arpad.systems.uscf2020.formulas import SpecialStart

START = dt.date(2024, 1, 1)


def _player(rng: random.Random, i: int, pool: Pool) -> PlayerEntry:  # noqa: C901
    pid = f"p{i:03d}"
    kind = i % 16
    r = round(rng.uniform(500, 2500), rng.choice([0, 1]))
    if kind == 0:  # established, peak well above: the peak floor binds on a bad event
        return PlayerEntry(pid, rating=1805.0, games=200, wins=80, draws=20, peak=2010.0)
    if kind == 1:  # Original Life Master floor
        return PlayerEntry(pid, rating=2230.0, games=400, games_above_2200=320, peak=2300.0)
    if kind == 2:  # a known (published) floor and a prize floor
        return PlayerEntry(pid, rating=1320.0, games=60, floor=1300.0, prize_floor=1250.0)
    if kind == 3:  # all wins so far, few games
        return PlayerEntry(pid, rating=r, games=4, all_wins=True, wins=4)
    if kind == 4:
        return PlayerEntry(pid, rating=r, games=6, all_losses=True, losses=6)
    if kind == 5:
        return PlayerEntry(pid, rating=r, games=rng.randint(1, 8))
    if kind == 6:
        return PlayerEntry(pid, rating=r, games=rng.randint(9, 25))
    if kind == 7:
        return PlayerEntry(pid, fide=float(rng.randint(1400, 2400)))
    if kind == 8:
        return PlayerEntry(pid, cfc=float(rng.randint(900, 2200)))
    if kind == 9:
        return PlayerEntry(pid, birth_date=dt.date(rng.randint(1950, 2016), 5, 17))
    if kind == 10:
        return PlayerEntry(pid, adult=True)
    if kind == 11:
        return PlayerEntry(pid, foreign_rating=float(rng.randint(1000, 2000)))
    if kind == 12:  # rated in the other pool (Quick from Regular and the reverse)
        other = Pool.QUICK if pool == Pool.REGULAR else Pool.REGULAR
        return PlayerEntry(pid, other_pools={other: PoolRating(r, rng.randint(5, 80))})
    if kind == 13:
        return PlayerEntry(pid)  # nothing known: 750
    if kind == 14:  # strong established (the dual-rated K above 2200 and 2500)
        return PlayerEntry(
            pid,
            rating=float(rng.randint(2150, 2650)),
            games=300,
            other_pools={Pool.REGULAR: PoolRating(float(rng.randint(2150, 2650)), 300)},
        )
    return PlayerEntry(pid, rating=r, games=rng.randint(26, 500), wins=rng.randint(0, 40))


def _tournament(
    rng: random.Random, e: int, field: list[PlayerEntry], pool: Pool, day: int
) -> Event:
    games: list[Game] = []
    ids = [p.id for p in field]
    rounds = rng.randint(1, 7)
    for rnd in range(1, rounds + 1):
        order = rng.sample(ids, len(ids))
        for a, b in zip(order[0::2], order[1::2], strict=False):
            score = rng.choice([0.0, 0.5, 1.0, 1.0, 0.0])
            games.append(Game(a, b, score, rnd, rated=rng.random() > 0.05))
    if len(ids) >= 2 and rng.random() < 0.3:  # a pair meets three times: no bonus for them
        games += [Game(ids[0], ids[1], 1.0, rounds + 1 + k) for k in range(3)]
    return Event(
        id=f"e{e:03d}",
        players=tuple(field),
        games=tuple(games),
        end_date=START + dt.timedelta(days=day),
        pool=pool,
        dual_rated=rng.random() < 0.3,
    )


def season(seed: int, pool: Pool, events: int = 80, players: int = 120) -> list[Event]:
    rng = random.Random(seed)
    entries = [_player(rng, i, pool) for i in range(players)]
    out: list[Event] = []
    day = 0
    for e in range(events):
        day += rng.randint(0, 5)
        roll = rng.random()
        if pool == Pool.REGULAR and roll < 0.06:  # a match between two close established
            a, b = (
                PlayerEntry(
                    f"m{e}a",
                    rating=1800.0,
                    games=100,
                    match_changes=(MatchChange(START - dt.timedelta(days=30), 20.0),),
                ),
                PlayerEntry(f"m{e % 3}b", rating=1850.0, games=100),
            )
            games = tuple(Game(a.id, b.id, rng.choice([0.0, 1.0]), k) for k in range(1, 7))
            out.append(
                Event(
                    f"e{e:03d}",
                    (a, b),
                    games,
                    end_date=START + dt.timedelta(days=day),
                    kind=EventKind.MATCH,
                )
            )
            continue
        if pool == Pool.REGULAR and roll < 0.1:  # a FIDE foreign event
            us = entries[rng.choice([0, 1, 15, 31])]
            foreign = [
                PlayerEntry(f"f{e}x{k}", fide=float(rng.randint(1800, 2500))) for k in range(3)
            ]
            nofide = PlayerEntry(f"f{e}n")
            games = tuple(
                Game(us.id, f.id, rng.choice([0.0, 0.5, 1.0]), k + 1)
                for k, f in enumerate([*foreign, nofide])
            )
            out.append(
                Event(
                    f"e{e:03d}",
                    (us, *foreign, nofide),
                    games,
                    end_date=START + dt.timedelta(days=day),
                    kind=EventKind.FIDE_FOREIGN,
                )
            )
            continue
        size = rng.choice([2, 3, 4, 6, 8, 10, 14, 20, 30])
        field = rng.sample(entries, size)
        if rng.random() < 0.1:  # a late entrant without a game
            field.append(PlayerEntry(f"idle{e}"))
        out.append(_tournament(rng, e, field, pool, day))
    return out


def rate_season(
    events: list[Event], start: dict[str, USCFState], config: USCFConfig
) -> uscf_season.USCFSeasonRatings:
    """The compiled season loop over the events' columns (as the batch hook sees them)."""
    own = Season.from_events([SYSTEM.seen_as_own(e) for e in events])
    return uscf_season.rate_season(own, start, config, compiled=True)


def one_by_one(events: list[Event], config: USCFConfig) -> list[EventRating[USCFState]]:
    states: dict[str, USCFState] = {}
    out = []
    for event in events:
        known = {p.id: states[p.id] for p in event.players if p.id in states}
        result = SYSTEM.rate_event(event, known, config)
        states.update(result.states)
        out.append(result)
    return out


def close(x: Any, y: Any) -> bool:
    """Equal to the last bit (NaN equal to NaN)."""
    if isinstance(x, float) and isinstance(y, float) and math.isnan(x):
        return math.isnan(y)
    return bool(x == y)


def assert_same(a: EventRating[USCFState], b: EventRating[USCFState]) -> None:
    assert (a.event_id, a.pool) == (b.event_id, b.pool)
    assert [p.player_id for p in a.players] == [p.player_id for p in b.players]
    for p, q in zip(a.players, b.players, strict=True):
        for f in dataclasses.fields(p):
            x, y = getattr(p, f.name), getattr(q, f.name)
            assert close(x, y), (a.event_id, p.player_id, f.name, x, y)
    assert a.states.keys() == b.states.keys()
    for pid, s in a.states.items():
        t = b.states[pid]
        for f in dataclasses.fields(s):
            x, y = getattr(s, f.name), getattr(t, f.name)
            assert close(x, y), (a.event_id, pid, f.name, x, y)


CASES = [
    (1, Pool.REGULAR, USCFConfig()),
    (2, Pool.REGULAR, USCFConfig(B=12.0)),
    (3, Pool.QUICK, USCFConfig(dual_rated_k_in_quick=True)),
    (4, Pool.QUICK, USCFConfig()),
    (5, Pool.REGULAR, USCFConfig(apply_floors=False)),
    # The bonus's repeated-opponent rule at another limit, the text's first estimate of
    # the special formula and another tolerance (the knot walk, D-season-uscf-1).
    (8, Pool.REGULAR, USCFConfig(max_meetings_for_bonus=1, special_start=SpecialStart.TEXT)),
    (9, Pool.REGULAR, USCFConfig(epsilon=1e-3)),
]


@pytest.mark.parametrize(("seed", "pool", "config"), CASES)
def test_season_engine_equals_the_per_event_path(seed: int, pool: Pool, config: USCFConfig) -> None:
    events = season(seed, pool)
    expected = one_by_one(events, config)
    got = rate_season(events, {}, config)
    results = got
    assert len(results) == len(expected)
    for a, b in zip(results, expected, strict=True):
        assert_same(a, b)
    final = {k: v for r in expected for k, v in r.states.items()}
    assert got.states.keys() == final.keys()
    for pid, state in final.items():
        for f in dataclasses.fields(state):
            assert close(getattr(got.states[pid], f.name), getattr(state, f.name)), (pid, f)


def test_the_season_has_every_kind_of_player_and_event() -> None:
    """The seasons above are not easy: they use what the test claims they use."""
    events = season(1, Pool.REGULAR)
    results = one_by_one(events, USCFConfig())
    players = [p for r in results for p in r.players]
    methods = {p.method for p in players}
    assert {"special", "standard", "match", "fide-foreign"} <= methods
    assert any(p.floor is not None for p in players)
    assert any(p.bonus > 0 for p in players)
    assert any(p.games == 0 for p in players)
    assert any("unrated: initial" in n for p in players for n in p.notes)
    sources = {
        n.split(" from ")[1].split(" (")[0] for p in players for n in p.notes if " from " in n
    }
    assert len(sources) >= 5, sources
    assert any(e.dual_rated for e in events)
    assert any(not g.rated for e in events for g in e.games)


def test_starting_states_carry_into_the_season() -> None:
    events = season(6, Pool.REGULAR, events=30)
    start = {"p000": USCFState(rating=1500.0, games=40, peak=1900.0), "elsewhere": USCFState()}
    expected = SYSTEM._in_order(events, start, USCFConfig(), lambda p: p.id)
    got = rate_season(events, start, USCFConfig())
    for a, b in zip(got, expected.events, strict=True):
        assert_same(a, b)
    assert "elsewhere" not in got.states  # the season's players only
    columns = Season.from_events(events)
    assert arpad.replay(columns, "uscf", states=start).states["elsewhere"] == USCFState()


def test_replay_and_rate_batch_use_the_season_engine() -> None:
    events = season(7, Pool.REGULAR, events=40)
    expected = one_by_one(events, USCFConfig())
    assert SYSTEM.rate_batch_fn is not None
    run: list[Any] = list(arpad.replay(events, "uscf"))
    for a, b in zip(run, expected, strict=True):
        assert_same(a, b)
    for a, b in zip(SYSTEM.rate_batch(events).events, expected, strict=True):
        assert_same(a, b)


def test_synthetic_benchmark_season_equals_the_per_event_path() -> None:
    """A small season from the benchmark generator (benchmarks/season.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    try:
        from season import generate_season  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    events = generate_season(seed=3, players=600, events=150)
    expected = one_by_one(events, USCFConfig())
    for a, b in zip(rate_season(events, {}, USCFConfig()), expected, strict=True):
        assert_same(a, b)


def test_a_season_across_bonus_eras_equals_the_per_event_path() -> None:
    """B is 14, then 12 from 1 February 2023, then 10 from 2025 (D-uscf-eras-1): the batch
    hook rates each era's run with its own B, as the per-event path does event by event."""
    events = season(7, Pool.REGULAR, events=60)
    days = [dt.date(2022, 12, 1) + dt.timedelta(days=13 * i) for i in range(len(events))]
    events = [dataclasses.replace(e, end_date=d) for e, d in zip(events, days, strict=True)]
    config = USCFConfig()
    assert {config.for_date(d).B for d in days} == {14.0, 12.0, 10.0}
    expected = one_by_one(events, config)
    got = SYSTEM.rate_batch(events, {}, config)
    for a, b in zip(got.events, expected, strict=True):
        assert_same(a, b)
    for a, b in zip(rate_season(events, {}, config), expected, strict=True):
        assert_same(a, b)


def test_event_states_are_a_mapping_of_the_players() -> None:
    """The engine's per-event states are built when read (D-season-uscf-3): a mapping
    with the event's players in order, equal to a plain dict of the same states."""
    events = season(10, Pool.REGULAR, events=20)
    got = rate_season(events, {}, USCFConfig())
    for result, event in zip(got, events, strict=True):
        states = result.states
        assert list(states) == [p.id for p in event.players]
        assert len(states) == len(event.players)
        assert dict(states) == {pid: states[pid] for pid in states}
        assert states.get("nobody") is None
        assert all(isinstance(st, USCFState) for st in states.values())


@pytest.mark.parametrize(("seed", "pool", "config"), CASES)
def test_season_engine_gives_the_per_event_paths_bits(
    seed: int, pool: Pool, config: USCFConfig
) -> None:
    """Not just to 1e-9: the same floats, so that a ledger rated by the engine and one rated
    event by event write the same lists byte for byte (tests/ledger/test_lookahead.py).
    Sums over a player's games and opponents are taken in the same order whatever else
    is in the batch (D-season-uscf-1, D-season-uscf-2)."""
    events = season(seed, pool)
    got = rate_season(events, {}, config)
    for a, b in zip(got, one_by_one(events, config), strict=True):
        assert a.players == b.players, a.event_id
        assert dict(a.states) == dict(b.states), a.event_id


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    pool=st.sampled_from([Pool.REGULAR, Pool.QUICK]),
    events=st.integers(1, 60),
    players=st.integers(40, 160),  # the generator draws fields of up to 30 players
)
def test_random_seasons_give_the_per_event_paths_bits(
    seed: int, pool: Pool, events: int, players: int
) -> None:
    history = season(seed, pool, events, players)
    got = rate_season(history, {}, USCFConfig())
    for a, b in zip(got, one_by_one(history, USCFConfig()), strict=True):
        assert a.players == b.players, a.event_id
        assert dict(a.states) == dict(b.states), a.event_id
