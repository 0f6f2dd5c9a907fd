"""The season loop of the current FIDE system (arpad.systems.fide.kernel, compiled, over a
columnar season: arpad.systems.fide.season) equals rating the events one by one
(arpad.systems.fide.system.rate_event), to the last bit on every number of every player's
result and state (issue 20).

The seasons run from September 2023 to March 2026, so they cross both eras (the 2022 one
upgrade, the 2024 rules), the March 2024 list (the one-time increase, the 1400 floor), the
rapid/blitz 600-point rule (1 December 2024) and the 2650 exemption (1 October 2025); their
players are listed, new (K 40), junior, top (K 10), 2650+, near the floor, with a history
FIDE does not give (games 0), or unrated (a first rating in both eras, or none); their events
are Swisses and round robins, some starting in the month before they end (so a player has
events pending in two periods), some big enough for K × n ≤ 700, with unrated games and
players without games.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import arpad.compiled
from arpad.model import Event, Game, PlayerEntry, Pool
from arpad.season import Season
from arpad.systems import get_system
from arpad.systems.fide import SYSTEM, Era, FideConfig, FideState, Rounding
from arpad.systems.fide import season as engine
from tests.batch_checks import (
    assert_batch_equals_one_by_one,
    assert_replay_uses_the_hook,
    assert_same_results,
    one_by_one,
    synthetic_season,
)

START = dt.date(2023, 9, 1)
DAYS = 940  # to the end of March 2026


def _player(rng: random.Random, i: int) -> PlayerEntry:
    pid = f"p{i:03d}"
    kind = i % 12
    r = float(rng.randint(1450, 2350))
    if kind == 0:  # unrated: a first rating later, or one below the floor
        return PlayerEntry(pid)
    if kind == 1:
        return PlayerEntry(pid, rating=r, games=rng.randint(1, 25))  # K 40
    if kind == 2:  # junior under 2300
        return PlayerEntry(pid, rating=r, games=80, birth_date=dt.date(2009, 3, 1))
    if kind == 3:  # top: K 10
        return PlayerEntry(pid, rating=float(rng.randint(2400, 2600)), games=400)
    if kind == 4:  # about 2650 and above: the full difference since October 2025
        return PlayerEntry(pid, rating=float(rng.randint(2630, 2790)), games=600)
    if kind == 5:  # near the floor: falls below it
        return PlayerEntry(pid, rating=float(rng.randint(1300, 1420)), games=60)
    if kind == 6:  # a history FIDE does not give: counted as past K 40
        return PlayerEntry(pid, rating=r)
    if kind == 7:  # the FIDE rating beside the file's
        return PlayerEntry(pid, fide=r)
    if kind == 8:  # weak, for the 400-point rule and the March 2024 increase
        return PlayerEntry(pid, rating=float(rng.randint(1000, 1500)), games=90)
    return PlayerEntry(pid, rating=r, games=rng.randint(30, 500))


def _event(rng: random.Random, e: int, field: list[PlayerEntry], pool: Pool, day: int) -> Event:
    ids = [p.id for p in field]
    games: list[Game] = []
    if len(ids) <= 6 and rng.random() < 0.5:  # a round robin
        for k, a in enumerate(ids):
            games += [Game(a, b, rng.choice([0.0, 0.5, 1.0]), 1) for b in ids[k + 1 :]]
    else:
        for rnd in range(1, rng.randint(3, 11) + 1):
            order = rng.sample(ids, len(ids))
            for a, b in zip(order[0::2], order[1::2], strict=False):
                score = rng.choice([0.0, 0.5, 1.0, 1.0, 0.0])
                games.append(Game(a, b, score, rnd, rated=rng.random() > 0.04))
    end = START + dt.timedelta(days=day)
    start = end - dt.timedelta(days=rng.choice([0, 0, 0, 2, 6, 12]))
    return Event(
        id=f"e{e:03d}",
        players=tuple(field),
        games=tuple(games),
        start_date=start,
        end_date=end,
        pool=pool,
    )


def season(
    seed: int, pool: Pool = Pool.REGULAR, events: int = 90, players: int = 60
) -> list[Event]:
    rng = random.Random(seed)
    entries = [_player(rng, i) for i in range(players)]
    out = []
    day = 0
    for e in range(events):
        day = min(DAYS, day + rng.randint(0, 2 * DAYS // events))
        size = min(players, rng.choice([2, 4, 6, 8, 12, 16, 24]))
        field = rng.sample(entries, size)
        if rng.random() < 0.05:  # a player listed without games
            field.append(PlayerEntry(f"idle{e}", rating=1800.0, games=50))
        out.append(_event(rng, e, field, pool, day))
    if events >= 60:  # a newcomer whose first rating is below the floor (October 2024)
        low = [PlayerEntry(f"low{i}", rating=1000.0, games=40) for i in range(5)]
        field = [PlayerEntry("weak"), *low]
        games = [Game("weak", o.id, 0.5 if i == 0 else 0.0, i + 1) for i, o in enumerate(low)]
        when = dt.date(2024, 10, 10)
        out.append(
            Event("weak", tuple(field), tuple(games), start_date=when, end_date=when, pool=pool)
        )
        # 600 points apart with a player above 2600: not rated in rapid and blitz from
        # 1 December 2024; capped in standard until the 2650 exemption of October 2025.
        star, club = PlayerEntry("star", rating=2700.0), PlayerEntry("club", rating=1900.0)
        for k, when in enumerate((dt.date(2025, 1, 15), dt.date(2025, 11, 3))):
            games = [Game("star", "club", 1.0, 1), Game("club", "star", 0.5, 2)]
            out.append(
                Event(
                    f"gap{k}", (star, club), tuple(games), start_date=when, end_date=when, pool=pool
                )
            )
        out.sort(key=lambda ev: ev.end_date or START)
    return out


@pytest.fixture(autouse=True)
def compiled_always(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every season of these tests runs the compiled loop, however small."""
    monkeypatch.setattr(arpad.compiled, "COMPILED_FROM", 0)


def _check(events: list[Event], config: FideConfig) -> None:
    assert_batch_equals_one_by_one(SYSTEM, events, config, tolerance=0.0)


CASES = [
    (1, Pool.REGULAR, FideConfig()),
    (2, Pool.QUICK, FideConfig()),
    (3, Pool.BLITZ, FideConfig()),
    (4, Pool.REGULAR, FideConfig(era=Era.ERA_2022)),
    (5, Pool.REGULAR, FideConfig(era=Era.ERA_2024, compression=False)),
    (6, Pool.REGULAR, FideConfig(rounding=Rounding.TOURNAMENT)),
    (7, Pool.REGULAR, FideConfig(period="2025-12")),
    (8, Pool.REGULAR, FideConfig(K_games_cap=300, cap_exempt_since=None)),
]


@pytest.mark.parametrize(("seed", "pool", "config"), CASES)
def test_season_loop_equals_the_per_event_path(seed: int, pool: Pool, config: FideConfig) -> None:
    _check(season(seed, pool), config)


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    case=st.sampled_from(CASES),
    events=st.integers(1, 40),
    players=st.integers(4, 40),
)
def test_random_seasons_are_bit_identical_to_the_per_event_path(
    seed: int, case: tuple[int, Pool, FideConfig], events: int, players: int
) -> None:
    # The ledger compares lists byte for byte (tests/ledger/test_lookahead.py): equal to
    # the last bit, not only to 1e-9.
    _, pool, config = case
    history = season(seed, pool, events, players)
    assert_batch_equals_one_by_one(SYSTEM, history, config, tolerance=0.0)


def test_the_season_has_every_kind_of_player_and_event() -> None:
    """The seasons above use what the module docstring says they use."""
    events = season(3)
    results = one_by_one(SYSTEM, events, FideConfig())
    players = [p for r in results for p in r.players]
    methods = {p.method for p in players}
    assert {"2022 rules", "2024 rules", "unrated"} <= methods
    assert any(m.startswith("first rating") and "(2022 rule)" in m for m in methods)
    assert any(m.startswith("first rating") and "(2024 rule)" in m for m in methods)
    notes = [n for p in players for n in p.notes]
    assert any("400-point rule" in n for n in notes)
    assert any("K reduced" in n for n in notes)
    assert any("below 1400: not published" in n for n in notes)
    assert any("zero score in a first event" in n for n in notes)
    states = [s for r in results for s in r.states.values()]
    assert any(len({e.period for e in s.pending}) > 1 for s in states)
    assert any("shown unrated on the next list" in n for s in states for n in s.notes)
    assert any(p.games == 0 and p.pre is not None for p in players)
    assert any(not g.rated for e in events for g in e.games)
    quick = [p for r in one_by_one(SYSTEM, season(2, Pool.QUICK), FideConfig()) for p in r.players]
    assert any("not rated (rapid)" in n for p in quick for n in p.notes)


def test_starting_states_carry_into_the_batch() -> None:
    events = season(9, events=30)
    start = {
        "p001": FideState(rating=2210.0, month="2023-08", games=12, birth_year=2010),
        "elsewhere": FideState(rating=1900.0),
    }
    expected = SYSTEM._in_order(events, start, FideConfig(), lambda p: p.id)
    got = SYSTEM.rate_batch(events, start, FideConfig())
    assert_same_results(got.events, expected.events)
    assert got.states["elsewhere"] == FideState(rating=1900.0)


def test_replay_and_rate_batch_use_the_loop() -> None:
    system = get_system("fide")
    assert system.rate_batch_fn is not None
    assert system.season_fn is engine.rate_season
    assert_replay_uses_the_hook(SYSTEM, season(10, events=40), FideConfig())


def test_synthetic_benchmark_season_equals_the_per_event_path() -> None:
    """A small season from the benchmark generator (benchmarks/season.py)."""
    _check(synthetic_season(3, 600, 150), FideConfig())


def test_python_loop_equals_the_compiled_loop() -> None:
    """The loop run as Python (small seasons, before Numba is loaded) gives the compiled
    loop's bits."""
    columns = Season.from_events(season(11, Pool.BLITZ, events=50))
    compiled = engine.rate_season(columns, {}, FideConfig(), compiled=True)
    plain = engine.rate_season(columns, {}, FideConfig(), compiled=False)
    assert_same_results(list(plain), list(compiled), tolerance=0.0)
    assert plain.states == compiled.states


def test_a_season_of_columns_only_equals_its_events() -> None:
    """A season a bulk reader builds (columns, no Event objects: entry rating and games,
    events dated by their end) equals its events rated one by one."""
    full = Season.from_events(season(12, events=60))
    bare = replace(full, events=None, first_entries=None, first_member=None)
    events = bare.to_events()
    got = SYSTEM.rate_season(bare)
    assert_same_results(list(got), one_by_one(SYSTEM, events, FideConfig()), tolerance=0.0)
    assert len(got.post) == len(bare.members)


def _with_standard(events: list[Event], shift: dt.timedelta) -> list[Event]:
    """``events`` moved back by ``shift`` (to span the October 2022 list), every third rated
    player given a standard rating 300 above his rapid/blitz one (``other_pools``), and the
    unrated players (the file's entries) one of 1900 (rapid/blitz §7.2.1)."""
    from types import MappingProxyType

    from arpad.model import PoolRating

    def entry(p: PlayerEntry) -> PlayerEntry:
        if p.rating is not None and int(p.id[-1:], 36) % 3:
            return p
        standard = 1900.0 if p.rating is None else p.rating + 300.0
        return replace(p, other_pools=MappingProxyType({Pool.REGULAR: PoolRating(standard, 100)}))

    return [
        replace(
            e,
            players=tuple(entry(p) for p in e.players),
            start_date=None if e.start_date is None else e.start_date - shift,
            end_date=None if e.end_date is None else e.end_date - shift,
        )
        for e in events
    ]


@pytest.mark.parametrize(("pool", "days", "rule"), [
    (Pool.QUICK, 420, "October 2022"),
    (Pool.BLITZ, 420, "October 2022"),
    (Pool.QUICK, 0, "§7.2.1"),
])  # fmt: skip
def test_batch_equals_per_event_across_the_october_2022_raise_and_7_2_1(
    pool: Pool, days: int, rule: str
) -> None:
    """The rapid/blitz rules that read the standard rating (the October 2022 raise to
    standard − 100, §7.2.1 of the 1 March 2024 rapid and blitz regulations) in the batch
    engine as in the per-event path; each season does exercise its rule."""
    events = _with_standard(season(4, pool), dt.timedelta(days=days))
    _check(events, FideConfig())
    results = one_by_one(SYSTEM, events, FideConfig())
    assert any(rule in n for r in results for p in r.players for n in p.notes)


@pytest.mark.parametrize("pool", [Pool.REGULAR, Pool.BLITZ])
def test_a_season_goes_on_from_the_states_another_left(pool: Pool) -> None:
    """The second half of a season rated from the states the first half left (pending
    events in one or two periods, pooled play, notes of a publication), as the ledger rates
    a history batch after batch: equal to the per-event path over the whole season."""
    events = season(13, pool, events=80)
    first, rest = events[:40], events[40:]
    states = dict(SYSTEM.rate_batch(first, {}, FideConfig()).states)
    assert any(s.pending for s in states.values()) and any(s.pooled for s in states.values())
    for pid in list(states)[:5]:  # notes a state brings are kept as they are
        states[pid] = replace(states[pid], notes=("a note from elsewhere", "and another"))
    got = SYSTEM.rate_batch(rest, states, FideConfig())
    expected = SYSTEM._in_order(rest, states, FideConfig(), lambda p: p.id)
    assert_same_results(got.events, expected.events, tolerance=0.0)
    assert got.states == expected.states


def _pooler_event(n: int, day: dt.date, pooler: PlayerEntry, weak: list[PlayerEntry]) -> Event:
    """The unrated ``pooler``'s event ``n`` on ``day``: a draw with the first of ``weak``
    and losses to the rest (his initial rating stays under the floor)."""
    played = tuple(Game("pooler", w.id, 0.5 if k == 0 else 0.0, k + 1) for k, w in enumerate(weak))
    return Event(f"p{n:02d}", (pooler, *weak), played, start_date=day, end_date=day)


def _next_month(day: dt.date) -> dt.date:
    """The 10th of the month after ``day``'s."""
    return (day.replace(day=1) + dt.timedelta(days=32)).replace(day=10)


def _long_histories() -> list[Event]:
    """A rated player with an event every day of January 2024 and every other day of
    February (31 then 14 events pending before each list), and an unrated player with an
    event every month from September 2023 to March 2026 whose initial rating stays under
    the floor (§8.2: his pooled play grows past the 26-month window)."""
    busy = PlayerEntry("busy", rating=2000.0, games=100)
    pooler = PlayerEntry("pooler")
    rivals = [PlayerEntry(f"r{i}", rating=1900.0 + 15 * i, games=80) for i in range(8)]
    weak = [PlayerEntry(f"w{i}", rating=1100.0 + 5 * i, games=80) for i in range(4)]
    out: list[Event] = []
    days = [dt.date(2024, 1, d) for d in range(1, 32)]
    days += [dt.date(2024, 2, d) for d in range(1, 29, 2)]
    for n, day in enumerate(days):
        a, b = rivals[n % 8], rivals[(n + 3) % 8]
        games = (Game("busy", a.id, 1.0, 1), Game(b.id, "busy", 0.5, 2))
        out.append(Event(f"b{n:02d}", (busy, a, b), games, start_date=day, end_date=day))
    month = dt.date(2023, 9, 10)
    for n in range(31):
        out.append(_pooler_event(n, month, pooler, weak))
        month = _next_month(month)
    out.sort(key=lambda ev: ev.end_date or START)
    return out


def test_long_pending_and_pooled_histories_equal_the_per_event_path() -> None:
    """Players whose pending (§8.3.4) and pooled (§8.2) records pile up: the loop walks
    them at every event, and still gives the per-event path's bits."""
    events = _long_histories()
    _check(events, FideConfig())
    results = SYSTEM.rate_batch(events, {}, FideConfig()).events
    pending = max(len(r.states["busy"].pending) for r in results if "busy" in r.states)
    pooled = max(len(r.states["pooler"].pooled) for r in results if "pooler" in r.states)
    assert pending >= 14 and pooled > 26, (pending, pooled)  # past the 26-month window


def _late_record(strong: int) -> list[Event]:
    """An unrated player with an event every month from March 2024 whose initial rating
    stays under the 1400 floor (each list settles, D-loopspeed-3), and an event of May 2024
    (period 2024-06) rated only after his event of January 2025: its ``strong`` wins
    against 2000s reach back into the lists already published."""
    pooler = PlayerEntry("pooler")
    weak = [PlayerEntry(f"w{i}", rating=1300.0 + 5 * i, games=80) for i in range(4)]
    rivals = [PlayerEntry(f"s{i}", rating=2000.0 + 10 * i, games=80) for i in range(strong)]
    out: list[Event] = []
    month = dt.date(2024, 3, 10)
    for n in range(14):
        out.append(_pooler_event(n, month, pooler, weak))
        month = _next_month(month)
        if n == 10:
            day = dt.date(2024, 5, 20)
            won = tuple(Game("pooler", s.id, 1.0, k + 1) for k, s in enumerate(rivals))
            out.append(Event("late", (pooler, *rivals), won, start_date=day, end_date=day))
    return out


@pytest.mark.parametrize("strong", [4, 6])
def test_a_late_record_unsettles_the_lists_it_reaches(strong: int) -> None:
    """A record pooled for a period already published (settled: no first rating) makes the
    next publication look at that period again, as the per-event path does: the player
    is rated from it (D-loopspeed-3)."""
    events = _late_record(strong)
    _check(events, FideConfig())
    after_late = SYSTEM.rate_batch(events, {}, FideConfig()).events[12]
    assert after_late.event_id == "p11"
    assert after_late.states["pooler"].rating is not None  # rated on the list of 2025-02
