"""The batch engine of FIDE 1986 (arpad.systems.fide1986.season) equals rating the events one
by one (arpad.systems.fide1986.procedure.rate_event), to 1e-9 on every player.

The seasons hold listed players (K 25 for the first three events or thirty games, then 15,
10 after a published rating over 2400; files that count neither games nor events), women
(entered at R_U = 2200 in mixed events, R_U 1900 in women's events) and unrated players
(pooled to nine games, some reaching a first rating over R_U, some scoring zero so that
their games are disregarded); their events are Swisses (the vectorised path), single and
double round robins (R_a, formula (7) above 20 % unrated, the ¶3.1 minimums), matches and
women's events (the per-event path inside the engine), with unrated games and players
without games.
"""

from __future__ import annotations

import datetime as dt
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.model import Event, Game, PlayerEntry
from arpad.systems import get_system
from arpad.systems.elo.expectancy import Mode
from arpad.systems.elo.krules import K25Ends
from arpad.systems.fide1986 import SYSTEM, Fide1986Config, Fide1986State
from arpad.systems.fide1986 import season as engine
from arpad.systems.fide1986.rules import ChangeFormula, EventType, UnratedMethod
from tests.batch_checks import (
    assert_batch_equals_one_by_one,
    assert_replay_uses_the_hook,
    assert_same_results,
    one_by_one,
    synthetic_season,
)

START = dt.date(1984, 1, 1)


def _player(rng: random.Random, i: int) -> PlayerEntry:
    pid = f"p{i:03d}"
    kind = i % 10
    r = float(rng.randint(2050, 2450))
    if kind == 0:  # unrated, strong: pooled toward a first rating over R_U
        return PlayerEntry(pid, sex="m")
    if kind == 1:  # unrated, weak: scores zero now and then
        return PlayerEntry(pid)
    if kind == 2:  # new: K 25
        return PlayerEntry(pid, rating=r, games=rng.randint(0, 25), events=rng.randint(0, 2))
    if kind == 3:  # top: K 10
        return PlayerEntry(pid, rating=float(rng.randint(2405, 2600)), games=300, events=30)
    if kind == 4:  # a woman under 2200, entered at 2200 in mixed events
        return PlayerEntry(pid, rating=float(rng.randint(1850, 2190)), games=80, sex="f")
    if kind == 5:  # neither games nor events known
        return PlayerEntry(pid, rating=r)
    if kind == 6:  # just under 2400: the published rating decides K 10
        return PlayerEntry(pid, rating=float(rng.randint(2385, 2399)), games=200, events=20)
    return PlayerEntry(pid, rating=r, games=rng.randint(30, 400), events=rng.randint(3, 40))


def _round_robin(rng: random.Random, ids: list[str], cycles: int) -> list[Game]:
    games = []
    for c in range(cycles):
        for k, a in enumerate(ids):
            for b in ids[k + 1 :]:
                white, black = (a, b) if c % 2 == 0 else (b, a)
                games.append(Game(white, black, rng.choice([0.0, 0.5, 1.0]), c + 1))
    return games


def _swiss(rng: random.Random, ids: list[str], strong: set[str], weak: set[str]) -> list[Game]:
    games = []
    for rnd in range(1, rng.randint(3, 11) + 1):
        order = rng.sample(ids, len(ids))
        for a, b in zip(order[0::2], order[1::2], strict=False):
            score = rng.choice([0.0, 0.5, 1.0])
            if a in strong or b in strong:  # strong unrated players score well
                score = 1.0 if a in strong else 0.0
            elif a in weak or b in weak:  # weak ones score nothing
                score = 0.0 if a in weak else 1.0
            games.append(Game(a, b, score, rnd, rated=rng.random() > 0.04))
    return games


def season(seed: int, events: int = 80, players: int = 60) -> list[Event]:
    rng = random.Random(seed)
    entries = [_player(rng, i) for i in range(players)]
    strong = {p.id for p in entries if p.sex == "m"}
    weak = {p.id for i, p in enumerate(entries) if i % 10 == 1}
    women = [p for p in entries if p.sex == "f"]
    out = []
    for e in range(events):
        roll = rng.random()
        if roll < 0.08 and len(women) >= 4:  # a women's round robin: R_U 1900
            field = rng.sample(women, 4)
            games = _round_robin(rng, [p.id for p in field], 1)
        elif roll < 0.3:  # a round robin, single or double (some not rateable)
            field = rng.sample(entries, min(players, rng.choice([2, 4, 5, 6, 8])))
            games = _round_robin(rng, [p.id for p in field], rng.choice([1, 1, 2]))
        else:
            mixed = [p for p in entries if p.sex != "f"]
            field = rng.sample(mixed, min(len(mixed), rng.choice([2, 6, 10, 16, 24])))
            games = _swiss(rng, [p.id for p in field], strong, weak)
        if rng.random() < 0.05:
            field = [*field, PlayerEntry(f"idle{e}", rating=2300.0, games=50, events=5)]
        out.append(
            Event(
                id=f"e{e:03d}",
                players=tuple(field),
                games=tuple(games),
                end_date=START + dt.timedelta(days=7 * e),
            )
        )
    return out


def _check(events: list[Event], config: Fide1986Config) -> None:
    assert_batch_equals_one_by_one(SYSTEM, events, config)


CONFIGS = [
    Fide1986Config(),
    Fide1986Config(k25_ends=K25Ends.FIRST, unknown_history_established=False),
    Fide1986Config(unrated_method=UnratedMethod.PERFORMANCE),
    Fide1986Config(unrated_method=UnratedMethod.NOMINAL, min_games=3),
    Fide1986Config(mode=Mode.CONTINUOUS, book_rounding=False, list_rounding=5),
    Fide1986Config(event_type=EventType.SWISS, check_rateable=False),
]


@pytest.mark.parametrize("config", CONFIGS, ids=range(len(CONFIGS)))
def test_batch_engine_equals_the_per_event_path(config: Fide1986Config) -> None:
    _check(season(1), config)


@settings(max_examples=16, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    config=st.sampled_from(CONFIGS),
    events=st.integers(1, 40),
    players=st.integers(4, 40),
)
def test_random_seasons_are_bit_identical_to_the_per_event_path(
    seed: int, config: Fide1986Config, events: int, players: int
) -> None:
    # Equal to the last bit, as the ledger's byte-for-byte lists need (not only to 1e-9).
    assert_batch_equals_one_by_one(SYSTEM, season(seed, events, players), config, tolerance=0.0)


def test_the_season_has_every_kind_of_player_and_event() -> None:
    """The season above uses what the module docstring says it uses."""
    events = season(1)
    results = one_by_one(SYSTEM, events, Fide1986Config())
    players = [p for r in results for p in r.players]
    methods = {p.method for p in players}
    assert {"K(W-We)", "too few games", "unrated", "no games", "not rated"} <= methods
    assert "first rating (entry)" in methods
    assert {p.k for p in players} >= {25.0, 15.0, 10.0}
    notes = [n for r in results for n in r.notes]
    assert any("scored 0: games against him disregarded" in n for n in notes)
    assert any("by (7)" in n for n in notes)
    assert any("not rateable" in n for n in notes)
    assert any(all(p.sex == "f" for p in e.players) for e in events)
    assert any(len(e.players) == 2 for e in events)
    assert any(not g.rated for e in events for g in e.games)
    swiss = [e for e in events if len(e.games) and len(e.players) > 8]
    assert swiss, "the vectorised path is used"


def test_starting_states_carry_into_the_batch() -> None:
    events = season(6, events=30)
    start = {
        "p002": Fide1986State(rating=2390.0, games=28, events=2),
        "p000": Fide1986State(pending_games=5, pending_score=4.0, pending_opponents=11000.0),
        "elsewhere": Fide1986State(rating=2250.0),
    }
    expected = SYSTEM._in_order(events, start, Fide1986Config(), lambda p: p.id)
    got = SYSTEM.rate_batch(events, start, Fide1986Config())
    assert_same_results(got.events, expected.events)
    assert got.states["elsewhere"] == Fide1986State(rating=2250.0)


def test_replay_and_rate_batch_use_the_engine() -> None:
    assert get_system("fide1986").rate_batch_fn is engine.rate_batch
    assert_replay_uses_the_hook(SYSTEM, season(7, events=40), Fide1986Config())


def test_synthetic_benchmark_season_equals_the_per_event_path() -> None:
    """A small season from the benchmark generator (benchmarks/season.py)."""
    assert_batch_equals_one_by_one(SYSTEM, synthetic_season(3, 600, 150), Fide1986Config())


def test_a_configuration_rating_by_15_goes_event_by_event() -> None:
    """ΔR = (R_p − R_O) N/N_o (§4.53) through the per-event path inside the hook (a history
    without a 100 % or 0 % score, where R_p is finite)."""
    field = [PlayerEntry(f"q{i}", rating=2200.0 + 40 * i, games=60, events=6) for i in range(6)]
    events = []
    for e in range(4):
        games = [
            Game(a.id, b.id, 0.5 if (k + e) % 3 else 1.0, r)
            for r in range(1, 6)
            for k, (a, b) in enumerate(zip(field[r % 2 :: 2], field[1 - r % 2 :: 2], strict=False))
        ]
        events.append(Event(id=f"f{e}", players=tuple(field), games=tuple(games)))
    config = Fide1986Config(change=ChangeFormula.PERFORMANCE)
    assert {p.method for p in one_by_one(SYSTEM, events, config)[-1].players} == {"(15)"}
    _check(events, config)


def test_array_rules_equal_the_scalar_rules() -> None:
    """P_D by Table 2.11, K by §4.56 and the K = 10 mark over arrays, against the scalar
    rules, on a grid with every branch (differences at halves, both K-25 endings)."""
    import numpy as np

    from arpad.systems.fide1986.procedure import publish_value
    from arpad.systems.fide1986.rules import player_k

    d = np.array([-735.5, -400.0, -25.5, -3.5, -0.4, 0.0, 0.5, 3.5, 25.49, 108.0, 736.0, 2000.0])
    for config in (Fide1986Config(), Fide1986Config(mode=Mode.CONTINUOUS)):
        expectancy = config.expectancy()
        assert engine.table_p_array(d, config).tolist() == [expectancy.p(float(x)) for x in d]
    states = [
        Fide1986State(rating=2300.0, games=games, events=events, reached_top=top)
        for games in (0, 29, 30, 31)
        for events in (None, 0, 2, 3)
        for top in (False, True)
    ]
    for config in (Fide1986Config(), Fide1986Config(k25_ends=K25Ends.FIRST)):
        got = engine.k_array(
            np.array([s.games for s in states]),
            np.array([-1 if s.events is None else s.events for s in states]),
            np.array([s.reached_top for s in states]),
            config,
        )
        assert got.tolist() == [player_k(s, config) for s in states]
    config = Fide1986Config()
    ratings = np.array([2399.4, 2399.5, 2400.0, 2400.49, 2400.5, 2401.0, 2500.0, 1800.0])
    top = engine.reaches_top(ratings, np.zeros(len(ratings), bool), config)
    assert top.tolist() == [publish_value(float(r), config) > 2400.0 for r in ratings]
