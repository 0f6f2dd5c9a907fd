"""The conformance suite: one battery run over every registered rating system.

Every system in :data:`arpad.systems.REGISTRY` (and every title system in
:data:`arpad.titles.NORM_SYSTEMS`) passes every test here, so a system cannot be added
without it: its configuration refuses bad values at construction, its expected
score is a probability and symmetric, rating is deterministic and leaves its inputs alone,
its states survive the ledger's codec, :func:`arpad.replay` equals rating the events one by
one, and its batch engine (where it has one) equals the per-event path to 1e-9.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import arpad
from arpad.errors import ConfigError, RatingError
from arpad.io import read_event
from arpad.ledger.codec import Codec
from arpad.ledger.norms import facts_from_json, facts_json
from arpad.model import Event, Game, PlayerEntry, Rating, RatingKind, build_event
from arpad.systems import REGISTRY, EventRating, RatingSystem, get_system, system_names
from arpad.systems.replay import Replay
from arpad.titles import Fact, get_title_system, norm_system_names
from tests.conftest import EXAMPLES

NAMES = system_names()


@pytest.fixture(params=NAMES)
def system(request: pytest.FixtureRequest) -> RatingSystem[Any, Any]:
    return get_system(request.param)


# -- the events every system is run on -------------------------------------------------------


def _players(rng: np.random.Generator, n: int, unrated: bool) -> list[PlayerEntry]:
    """Established players (positive ratings, for the ratio scale), a provisional one, and
    (``unrated``) one new player."""
    out = [
        PlayerEntry(
            f"p{i}", rating=float(rng.integers(1200, 2400)), games=int(rng.integers(40, 90))
        )
        for i in range(n - 2)
    ]
    out.append(PlayerEntry(f"p{n - 2}", rating=1500.0, games=5))
    return [
        *out,
        PlayerEntry(f"p{n - 1}") if unrated else PlayerEntry(f"p{n - 1}", rating=1600.0, games=60),
    ]


def history(seed: int = 7, events: int = 24, *, unrated: bool = True) -> list[Event]:
    """A history: one-game events between two players, and small round robins."""
    rng = np.random.default_rng(seed)
    players = _players(rng, 10, unrated)
    out: list[Event] = []
    for i in range(events):
        size = 2 if i % 3 else 4
        chosen = [players[j] for j in rng.choice(len(players), size=size, replace=False)]
        games = [
            Game(a.id, b.id, float(rng.choice([0.0, 0.5, 1.0])))
            for k, a in enumerate(chosen)
            for b in chosen[k + 1 :]
        ]
        out.append(build_event(f"e{i}", chosen, games))
    return out


def rounds_history(seed: int = 3, rounds: int = 12, *, unrated: bool = True) -> list[Event]:
    """Rounds of a season: every round a perfect matching, each game its own event (the
    case a batch engine merges: consecutive events share no player)."""
    rng = np.random.default_rng(seed)
    players = _players(rng, 10, unrated)
    out: list[Event] = []
    for r in range(rounds):
        order = rng.permutation(len(players))
        for k in range(0, len(order), 2):
            a, b = players[order[k]], players[order[k + 1]]
            score = float(rng.choice([0.0, 0.5, 1.0]))
            out.append(build_event(f"r{r}g{k}", [a, b], [Game(a.id, b.id, score)]))
    return out


EVENT = history(events=1)[0]


def takes_unrated(system: RatingSystem[Any, Any]) -> bool:
    """Whether the system rates an event with an unrated player under its defaults (CCLA
    gives no start rating and says so)."""
    try:
        for event in history(events=6):
            system.rate_event(event)
    except RatingError as err:
        assert "unrated" in str(err)
        return False
    return True


def events_for(system: RatingSystem[Any, Any], **kw: Any) -> list[Event]:
    return history(unrated=takes_unrated(system), **kw)


def _assert_close(x: float | None, y: float | None, tol: float = 1e-9) -> None:
    if x is None or y is None:
        assert x is y
    else:
        assert x == pytest.approx(y, abs=tol, rel=tol)


def _assert_states_close(a: object, b: object) -> None:
    assert type(a) is type(b)
    for f in dataclasses.fields(a):  # type: ignore[arg-type]
        x, y = getattr(a, f.name), getattr(b, f.name)
        if isinstance(x, float) and isinstance(y, float):
            _assert_close(x, y)
        elif isinstance(x, tuple) and x and isinstance(x[0], float):
            assert len(x) == len(y)
            for u, v in zip(x, y, strict=True):
                _assert_close(u, v)
        else:
            assert x == y, f.name


def _assert_results_close(a: EventRating[Any], b: EventRating[Any]) -> None:
    assert a.event_id == b.event_id
    assert [p.player_id for p in a.players] == [p.player_id for p in b.players]
    for p, q in zip(a.players, b.players, strict=True):
        _assert_close(p.pre, q.pre)
        _assert_close(p.post, q.post)
        _assert_close(p.expected, q.expected)
        _assert_close(p.k, q.k)
        assert (p.games, p.score, p.method) == (q.games, q.score, q.method)
    assert set(a.states) == set(b.states)
    for pid in a.states:
        _assert_states_close(a.states[pid], b.states[pid])


# -- the interface is complete -----------------------------------------------------------------


def test_registry_names_match_the_systems() -> None:
    for name in REGISTRY:
        assert get_system(name).name == name


def test_every_system_provides_every_member(system: RatingSystem[Any, Any]) -> None:
    assert system.expected_score_fn is not None, f"{system.name}: no expected_score_fn"
    assert isinstance(system.newcomer_state(), system.state_type)
    assert isinstance(system.default_config(), system.config_type)
    assert dataclasses.is_dataclass(system.state_type)
    assert system.pools


def test_another_systems_states_and_config_are_refused(system: RatingSystem[Any, Any]) -> None:
    other = get_system("pra" if system.name != "pra" else "elo")
    foreign = other.newcomer_state()
    with pytest.raises(ConfigError, match="states"):
        system.rate_event(EVENT, {EVENT.players[0].id: foreign})
    with pytest.raises(ConfigError, match="takes a"):
        system.rate_event(EVENT, None, other.default_config())
    with pytest.raises(ConfigError):
        system.expected_score(foreign, system.newcomer_state())


# -- configurations validate themselves --------------------------------------------------------


def _bad_values(f: dataclasses.Field[Any]) -> Iterator[float]:
    """Values outside a field's declared range (as scikit-learn's generate_invalid_param_val)."""
    low, high, low_open, high_open = f.metadata["range"]
    if low is not None:
        yield low if low_open else low - 1
    if high is not None:
        yield high if high_open else high + 1
    yield math.nan


def _ranged_fields(system: RatingSystem[Any, Any]) -> list[dataclasses.Field[Any]]:
    return [
        f
        for f in dataclasses.fields(system.config_type)
        if f.metadata.get("range") is not None and f.type in ("float", "int", "float | None")
    ]


def test_bad_config_values_are_refused_at_construction(system: RatingSystem[Any, Any]) -> None:
    fields = _ranged_fields(system)
    assert fields, f"{system.name}: no field declares its range"
    for f in fields:
        for bad in _bad_values(f):
            with pytest.raises(ConfigError, match=f.name):
                system.config_type(**{f.name: bad})
            with pytest.raises(ConfigError, match=f.name):
                dataclasses.replace(system.default_config(), **{f.name: bad})


# -- expected score ---------------------------------------------------------------------------


ratings = st.floats(min_value=100.0, max_value=2800.0, allow_nan=False)
game_counts = st.integers(min_value=0, max_value=200)


def _state(system: RatingSystem[Any, Any], rating: float | None, games: int) -> Any:
    entry = PlayerEntry("x", rating=rating, games=games)
    return system.state_from_entry(entry, build_event("s", [entry], []), system.default_config())


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=40, deadline=None)
@given(ra=ratings, rb=ratings, na=game_counts, nb=game_counts)
def test_expected_score_is_a_probability_and_symmetric(
    name: str, ra: float, rb: float, na: int, nb: int
) -> None:
    system = get_system(name)
    a, b = _state(system, ra, na), _state(system, rb, nb)
    e_ab = system.expected_score(a, b)
    e_ba = system.expected_score(b, a)
    assert isinstance(e_ab, float)
    assert 0.0 <= e_ab <= 1.0 and 0.0 <= e_ba <= 1.0
    if system.zero_sum_expectancy:
        assert e_ab + e_ba == pytest.approx(1.0, abs=1e-12)


def test_expected_score_is_vectorised(system: RatingSystem[Any, Any]) -> None:
    a = [_state(system, r, 50) for r in (1400.0, 1800.0, 2200.0)]
    b = _state(system, 1800.0, 50)
    many = system.expected_score(a, b)
    assert isinstance(many, np.ndarray) and many.shape == (3,)
    for state, e in zip(a, many, strict=True):
        assert system.expected_score(state, b) == pytest.approx(float(e), abs=1e-15)
    assert system.expected_score(b, b) == pytest.approx(0.5)
    unrated = system.newcomer_state()
    assert 0.0 <= system.expected_score(unrated, b) <= 1.0


def test_first_move_advantage_helps_the_first_player(system: RatingSystem[Any, Any]) -> None:
    a, b = _state(system, 1500.0, 60), _state(system, 1500.0, 60)
    assert system.expected_score(a, b, first_move_advantage=35.0) >= 0.5


# -- rating ------------------------------------------------------------------------------------


def test_rating_is_deterministic_and_leaves_inputs_alone(system: RatingSystem[Any, Any]) -> None:
    cfg = system.default_config()
    event = events_for(system, events=1)[0]
    states = {p.id: system.state_from_entry(p, event, cfg) for p in event.players}
    before_states = dict(states)
    first = system.rate_event(event, states, cfg)
    second = system.rate_event(event, states, cfg)
    assert first == second
    assert states == before_states
    assert event == events_for(system, events=1)[0]
    assert cfg == system.default_config()


def test_states_round_trip_through_the_ledger_codec(system: RatingSystem[Any, Any]) -> None:
    codec = Codec.of(system.state_type)
    final = arpad.replay(events_for(system, events=8), system).states
    for state in [*final.values(), system.newcomer_state()]:
        assert codec.loads(codec.dumps(state)) == state


def test_rate_game_is_a_one_game_event(system: RatingSystem[Any, Any]) -> None:
    a, b = _state(system, 1700.0, 60), _state(system, 1500.0, 60)
    by_game = system.rate_game(a, b, 0.5)
    event = build_event("game", [PlayerEntry("a"), PlayerEntry("b")], [Game("a", "b", 0.5)])
    assert by_game == system.rate_event(event, {"a": a, "b": b})


# -- replay, periods and batches -----------------------------------------------------------------


def _one_by_one(system: RatingSystem[Any, Any], events: list[Event]) -> list[EventRating[Any]]:
    states: dict[str, Any] = {}
    out = []
    for event in events:
        known = {p.id: states[p.id] for p in event.players if p.id in states}
        result = system.rate_event(event, known)
        states.update(result.states)
        out.append(result)
    return out


def test_replay_equals_rating_events_one_by_one(system: RatingSystem[Any, Any]) -> None:
    events = events_for(system)
    expected = _one_by_one(system, events)
    seen: list[float] = []
    run: Replay[Any] = arpad.replay(events, system.name, predict=lambda g: seen.append(g.expected))
    assert list(run) == expected
    assert list(run) == expected  # iterating again gives the same results
    assert run.states == {k: v for r in expected for k, v in r.states.items()}
    assert len(seen) == sum(len(e.games) for e in events)
    assert all(0.0 <= e <= 1.0 for e in seen)


@pytest.mark.parametrize("kind", ["mixed", "rounds"])
def test_batch_engine_equals_the_per_event_path(system: RatingSystem[Any, Any], kind: str) -> None:
    unrated = takes_unrated(system)
    if kind == "rounds":
        events = rounds_history(unrated=unrated)
    else:
        events = history(seed=11, events=60, unrated=unrated)
    expected = _one_by_one(system, events)
    batch = system.rate_batch(events)
    assert len(batch.events) == len(expected)
    for a, b in zip(batch.events, expected, strict=True):
        _assert_results_close(a, b)
    replayed = list(arpad.replay(events, system))
    for a, b in zip(replayed, expected, strict=True):
        _assert_results_close(a, b)


@pytest.mark.parametrize("games", [0, 9, 40])
@pytest.mark.parametrize("name", [n for n in NAMES if get_system(n).round_engine is not None])
def test_round_engine_equals_the_batch_hook(name: str, games: int) -> None:
    """Every system with a round engine (where it covers the players) rates a
    perfect-matching round as ``rate_batch`` rates its one-game events, to 1e-9."""
    system = get_system(name)
    assert system.round_engine is not None
    n, rng = 40, np.random.default_rng(games)
    config = system.default_config()
    entries = [
        PlayerEntry(str(i), rating=float(r), games=games)
        for i, r in enumerate(rng.normal(1600.0, 300.0, n).round(1))
    ]
    seeded = build_event("seeds", entries, [])
    states = {p.id: system.prior_state(p, seeded, config) for p in entries}
    engine = system.round_engine(list(states.values()), config)
    assert engine is not None
    players = [PlayerEntry(p.id) for p in entries]
    for k in range(30):
        order = rng.permutation(n)
        white, black = order[0::2], order[1::2]
        score = rng.choice([0.0, 0.5, 1.0], white.size)
        engine.play_round(white, black, score)
        games_ = zip(white.tolist(), black.tolist(), score.tolist(), strict=True)
        events = [
            build_event(f"r{k}.{j}", [players[w], players[b]], [Game(str(w), str(b), s)])
            for j, (w, b, s) in enumerate(games_)
        ]
        states.update(system.rate_batch(events, states, config).states)
        listed = [system.list_entry(states[p.id], config).rating for p in entries]
        assert np.max(np.abs(engine.ratings - np.array(listed, dtype=float))) < 1e-9


def test_batch_engine_writes_the_notes_of_the_per_event_path(
    system: RatingSystem[Any, Any],
) -> None:
    """The notes :meth:`RatingSystem.rate_event` adds (a file rating of another kind not
    used; nobody rated in a pool that starts unrated) come out of ``rate_batch`` and
    ``replay`` too: the ledger rates runs of events by them (D-ledger-batch-1)."""
    cfc = Rating(RatingKind.CFC, 1650.0)
    newcomers = [PlayerEntry(f"n{i}", ratings=(cfc,)) for i in range(4)]
    events = [
        *history(seed=5, events=6, unrated=takes_unrated(system)),
        build_event("foreign", newcomers[:2], [Game("n0", "n1", 1.0)]),
        build_event("foreign-again", newcomers[:2], [Game("n1", "n0", 0.5)]),
        build_event("two-more", newcomers[2:], [Game("n2", "n3", 0.0)]),
    ]
    try:
        expected = [r.notes for r in _one_by_one(system, events)]
    except RatingError:
        pytest.skip(f"{system.name} refuses an event of unrated players")
    assert any(expected)
    assert [r.notes for r in system.rate_batch(events).events] == expected
    assert [r.notes for r in arpad.replay(events, system)] == expected


def test_rate_period_covers_every_event(system: RatingSystem[Any, Any]) -> None:
    events = events_for(system, events=6)
    period = system.rate_period(events)
    assert [r.event_id for r in period.events] == [e.id for e in events]
    assert {p.id for e in events for p in e.players} <= set(period.states)


# -- title systems -----------------------------------------------------------------------------

TITLE_NAMES = norm_system_names()
TITLE_EVENTS = [EXAMPLES / "wijk-aan-zee-1975.json", EXAMPLES / "uscf-1994-compare.json"]


@pytest.mark.parametrize("name", TITLE_NAMES)
def test_title_system_registry_and_bad_config(name: str) -> None:
    system = get_title_system(name)
    assert system.name == name
    fields = [
        f
        for f in dataclasses.fields(system.config_type)
        if f.metadata.get("range") is not None and f.type in ("float", "int", "float | None")
    ]
    assert fields, f"{name}: no field declares its range"
    for f in fields:
        for bad in _bad_values(f):
            with pytest.raises(ConfigError, match=f.name):
                system.config_type(**{f.name: bad})


@pytest.mark.parametrize("path", TITLE_EVENTS, ids=lambda p: p.name)
@pytest.mark.parametrize("name", TITLE_NAMES)
def test_title_results_are_typed_and_survive_the_ledger(name: str, path: Path) -> None:
    system = get_title_system(name)
    report = system.norm_report(read_event(path), {"show_all": "true"})
    assert report.system == name
    facts = [*report.facts, *(f for r in report.results for f in r.facts)]
    assert facts
    for fact in facts:
        assert isinstance(fact, Fact)
        assert fact.value is None or isinstance(fact.value, float | int | bool | str | tuple)
        assert isinstance(fact.text, str)
    for result in report.results:
        assert facts_from_json(facts_json(result.facts)) == result.facts
    if system.titles_from_norms_fn is not None:
        earned = [r for r in report.results if r.earned]
        for index, title in system.titles_from_norms_fn([earned]):
            assert index == 0 and title
