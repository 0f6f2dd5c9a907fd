"""The columnar season (arpad.season) and arpad.replay over columns (issue 20, point 3)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import arpad
from arpad.errors import ConfigError
from arpad.model import Game, PlayerEntry, build_event
from arpad.season import NO_DAY, Season, season_from_codes
from arpad.systems.replay import Replay
from tests.season_equality import mixed_season, one_by_one


def test_from_events_lays_out_games_members_and_entries() -> None:
    a, b, c = PlayerEntry("a", rating=1700.0, games=30), PlayerEntry("b"), PlayerEntry("c")
    events = [
        build_event("e1", [a, b], [Game("a", "b", 1.0)]),
        build_event("e2", [b, c, a], [Game("c", "b", 0.5), Game("a", "c", 0.0)]),
    ]
    s = Season.from_events(events)
    assert s.players == ("a", "b", "c")
    assert (s.white.tolist(), s.black.tolist(), s.score.tolist()) == (
        [0, 2, 0],
        [1, 1, 2],
        [1.0, 0.5, 0.0],
    )
    assert s.game_start.tolist() == [0, 1, 3]
    assert (s.members.tolist(), s.member_start.tolist()) == ([0, 1, 1, 2, 0], [0, 2, 5])
    assert s.entry_rating[0] == 1700.0 and math.isnan(s.entry_rating[1])
    assert s.end_day.tolist() == [NO_DAY, NO_DAY]
    assert [e.id for e in s.to_events()] == ["e1", "e2"]


def test_from_games_numbers_players_by_first_appearance() -> None:
    s = Season.from_games([0, 0, 1], ["z", "y", "y"], ["x", "w", "z"], [1.0, 0.0, 0.5])
    assert s.players == ("z", "x", "y", "w")
    assert s.members.tolist() == [0, 1, 2, 3, 2, 0]
    assert s.member_start.tolist() == [0, 4, 6]
    assert s.event_ids == ("0", "1")


def test_a_season_refuses_inconsistent_columns() -> None:
    s = Season.from_games([0], ["a"], ["b"], [1.0])
    with pytest.raises(ConfigError):
        Season(**{**s.__dict__, "game_start": np.array([0, 2])})
    with pytest.raises(ConfigError):
        Season.from_games([1, 0], ["a", "b"], ["b", "a"], [1.0, 0.0])
    with pytest.raises(ConfigError, match="member ratings"):
        Season(**{**s.__dict__, "member_rating": np.array([2000.0])})
    with pytest.raises(ConfigError, match="start day"):
        Season(**{**s.__dict__, "start_day": np.array([1, 2], dtype=np.int32)})


def test_replay_of_columns_equals_replay_of_events() -> None:
    """The season loop over columns gives what the per-event path gives, to the last bit,
    and the results are EventRating objects only when read."""
    events = mixed_season(5, players=40, events=50)
    by_events: list[Any] = list(arpad.replay(iter(events), "uscf"))  # one by one (an iterator)
    history: Replay[Any] = arpad.replay(Season.from_events(events), "uscf")
    assert history.columns is not None
    assert history.columns.post.shape == (sum(len(e.players) for e in events),)
    assert list(history) == by_events
    assert history.states == arpad.replay(events, "uscf").states


def test_replay_of_columns_from_games_rates_newcomers_from_the_default() -> None:
    """A bulk reader's season (no Event objects): everyone starts unrated, at US Chess's
    initial rating of last resort (750, §2.1 item 5), as the per-event path starts a
    player known only by name."""
    s = Season.from_games([0, 0, 1], ["a", "c", "a"], ["b", "d", "c"], [1.0, 0.5, 0.0])
    columns: Replay[Any] = arpad.replay(s, "uscf")
    by_events: Replay[Any] = arpad.replay(s.to_events(), "uscf")
    assert list(columns) == list(by_events)
    assert columns.states == by_events.states


def test_a_system_without_a_season_loop_replays_the_seasons_events() -> None:
    events = mixed_season(2, players=20, events=12)
    got: Replay[Any] = arpad.replay(Season.from_events(events), "logistic")
    assert got.columns is None
    assert list(got) == list(arpad.replay(events, "logistic"))


def test_games_csv_read_season_equals_reading_events() -> None:
    """The bulk reader builds the same season as reading Event objects (games CSV), and
    rating it gives the same results and states to the last bit."""
    import io

    from arpad.io import games_csv

    text = (
        "event,date,round,white,black,result\n"
        "b,2024-01-02,1,x,y,1-0\n"
        "a,2024-01-05,1,y,z,1/2-1/2\n"
        "b,2024-01-03,2,y,z,0-1\n"
        "a,2024-01-05,2,z,x,1-0\n"
    )
    events = games_csv.read(io.StringIO(text), "g.csv")
    season = games_csv.read_season(io.StringIO(text), "g.csv")
    assert season.event_ids == ("b", "a")
    assert [season.end_date(e) for e in range(2)] == [e.end_date for e in events]
    by_events: Replay[Any] = arpad.replay(events, "uscf")
    by_columns: Replay[Any] = arpad.replay(season, "uscf")
    assert list(by_columns) == list(by_events)
    assert by_columns.states == by_events.states


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("a,2024-01-05,1,x,x,1-0", "cannot play themself"),
        ("a,2024-01-05,1,x,y,1-0,quick", "a season is one pool"),
        ("a,2024-13-05,1,x,y,1-0", "not a day of the calendar"),
    ],
)
def test_games_csv_read_season_refuses_bad_rows_with_their_line(row: str, message: str) -> None:
    import io

    from arpad.errors import InputError
    from arpad.io import games_csv

    text = "event,date,round,white,black,result,pool\na,2024-01-05,1,y,z,1-0,regular\n" + row
    if row.count(",") == 5:
        text = text.replace(",pool", "").replace(",regular", "")
    with pytest.raises(InputError, match=message) as err:
        games_csv.read_season(io.StringIO(text), "g.csv")
    assert err.value.line == 3


_DAMAGE = [
    ("date", lambda r: r.replace("2024-01-", "2024-13-")),
    ("result", lambda r: r.rsplit(",", 1)[0] + ",2-0"),
    ("self", lambda r: ",".join([*r.split(",")[:4], r.split(",")[3], r.split(",")[5]])),
    ("empty id", lambda r: ",".join([*r.split(",")[:3], "", *r.split(",")[4:]])),
    ("round", lambda r: ",".join([r.split(",")[0], r.split(",")[1], "0", *r.split(",")[3:]])),
    ("few cells", lambda r: r.rsplit(",", 2)[0]),
    ("blank", lambda r: ""),
    ("header", lambda r: "event,date,round,white,black,result"),
    ("quoted", lambda r: '"' + r.split(",")[0] + '",' + r.split(",", 1)[1]),
    ("spaces", lambda r: r.replace(",", " , ", 1) + " "),
    ("tab", lambda r: "\t" + r),
    ("extra cell", lambda r: r + ",x"),
    ("non-ASCII", lambda r: r.replace("p", "ṗ", 1)),
    ("carriage return", lambda r: r + "\r"),
    ("NUL", lambda r: r.replace(",", "\0,", 1)),
    ("long id", lambda r: r.replace("p", "p" * 200, 1)),
    ("surrogate", lambda r: r.replace("p", "\ud800", 1)),
]


@pytest.mark.parametrize("seed", range(60))
def test_games_csv_read_season_checks_in_chunks_as_row_by_row(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bulk reader splits plain blocks of lines at once, checks a chunk a column at a
    time and falls back to the csv module and the row parser for anything doubtful: a
    random CSV with random damage is refused at the line, with the message, that reading
    Event objects gives; one it accepts gives the same season as reading Event objects
    does."""
    import io
    import random

    from arpad.errors import InputError
    from arpad.io import games_csv

    rng = random.Random(seed)
    monkeypatch.setattr(games_csv, "_CHUNK_ROWS", rng.choice([1, 3, 7, 50]))
    monkeypatch.setattr(games_csv, "_BLOCK_CHARS", rng.choice([1, 40, 300, 1 << 20]))
    rows = [
        f"e{rng.randint(0, 6)},2024-01-{rng.randint(1, 28):02d},{rng.randint(1, 9)},"
        f"p{a},p{a + rng.randint(1, 5)},{rng.choice(['1-0', '0-1', '1/2-1/2'])}"
        for a in (rng.randint(0, 30) for _ in range(40))
    ]
    for _ in range(rng.randint(0, 2)):
        at = rng.randrange(len(rows))
        rows[at] = rng.choice(_DAMAGE)[1](rows[at])
    text = "event,date,round,white,black,result\n" + "\n".join(rows) + "\n"
    try:
        events = games_csv.read(io.StringIO(text), "g.csv")
    except InputError as exc:
        with pytest.raises(InputError) as err:
            games_csv.read_season(io.StringIO(text), "g.csv")
        assert (str(err.value), err.value.line) == (str(exc), exc.line)
        return
    season = games_csv.read_season(io.StringIO(text), "g.csv")
    by_events = Season.from_events(events)
    assert season.event_ids == by_events.event_ids
    assert [season.end_date(e) for e in range(season.size)] == [e.end_date for e in events]
    assert season.players == by_events.players
    for name in ("white", "black", "score", "game_start", "members", "member_start"):
        assert getattr(season, name).tolist() == getattr(by_events, name).tolist(), name


def _foreign_kinds_season() -> list[Any]:
    """Events whose entries carry ratings of other kinds (a US Chess rating, a FIDE field,
    a further FIDE rating, a CFC rating), the same players' entries changing between
    events: what each system sees as its own differs from what is given."""
    from dataclasses import replace

    from arpad.model import Rating, RatingKind

    events = mixed_season(11, players=36, events=40)
    out = []
    for n, event in enumerate(events):
        players = []
        for i, p in enumerate(event.players):
            way = (i + n) % 5
            if way == 0 and p.rating is not None:
                p = replace(p, rating_kind=RatingKind.US_CHESS)
            elif way == 1:
                p = replace(p, rating=None, games=0, fide=1850.0 + i, peak=None, events=None)
            elif way == 2 and p.rating is not None:
                p = replace(p, ratings=(Rating(RatingKind.FIDE, p.rating - 40.0, 12),))
            elif way == 3 and p.rating is not None:
                p = replace(p, rating_kind=RatingKind.CFC, cfc=p.rating)
            players.append(p)
        out.append(replace(event, players=tuple(players)))
    return out


@pytest.mark.parametrize("name", ["uscf", "elo", "fide", "pra"])
def test_a_season_is_rated_as_its_events_seen_as_the_systems_own(name: str) -> None:
    """``rate_season`` of a season built from events with other kinds of rating gives what
    rebuilding the season from the events seen as the system's own gives (what it did
    before it translated only the first entries, and the events the loop opens, lazily),
    result for result and state for state, to the last bit."""
    from arpad.systems import get_system

    system = get_system(name)
    config = system.default_config()
    events = _foreign_kinds_season()
    season = Season.from_events(events)
    rebuilt = Season.from_events([system.seen_as_own(e) for e in events])
    own = system.own_season(season)
    assert own.entry_rating.tobytes() == rebuilt.entry_rating.tobytes()
    assert own.entry_games.tolist() == rebuilt.entry_games.tolist()
    assert own.first_entries == rebuilt.first_entries
    assert own.events is not None and list(own.events) == list(rebuilt.to_events())
    got = system.rate_season(season, {}, config)
    want = system.season_fn(rebuilt, {}, config)  # type: ignore[misc]
    assert got.states == want.states
    # rate_season adds the notes rate_event adds (the other kinds of rating, unused):
    # result for result what rating the events one by one gives.
    by_events, states = one_by_one(system, events, config)
    assert list(got) == by_events
    assert got.states == states
    assert [r.notes for r in want] != [r.notes for r in by_events]  # the notes were missing


@st.composite
def coded_games(draw: st.DrawFn) -> tuple[list[int], list[int], list[int], list[str]]:
    """Games as a bulk reader codes them: event numbers (non-decreasing, every event with a
    game), White and Black as indices into a list of ids, some ids never met."""
    ids = [f"p{i}" for i in range(draw(st.integers(2, 12)))]
    pairs = draw(
        st.lists(
            st.tuples(st.integers(0, len(ids) - 1), st.integers(0, len(ids) - 1)).filter(
                lambda p: p[0] != p[1]
            ),
            min_size=1,
            max_size=40,
        )
    )
    steps = draw(st.lists(st.booleans(), min_size=len(pairs) - 1, max_size=len(pairs) - 1))
    events = np.concatenate([[0], np.cumsum(steps)]).astype(int).tolist()
    return events, [w for w, _ in pairs], [b for _, b in pairs], ids


@settings(max_examples=200, deadline=None)
@given(coded_games())
def test_season_from_codes_is_from_games(
    games: tuple[list[int], list[int], list[int], list[str]],
) -> None:
    """The coded path (first appearances found by one pass, D-readfast-4) numbers players
    and members exactly as ``Season.from_games`` does from the ids."""
    events, white, black, ids = games
    n = events[-1] + 1
    score = [1.0] * len(events)
    coded = season_from_codes(
        np.array(events),
        np.array(white, dtype=np.int32),
        np.array(black, dtype=np.int32),
        np.array(score),
        players=ids,
        event_ids=[str(e) for e in range(n)],
        end_day=np.full(n, NO_DAY, dtype=np.int32),
    )
    by_ids = Season.from_games(events, [ids[w] for w in white], [ids[b] for b in black], score)
    assert coded.players == by_ids.players
    for column in ("white", "black", "members", "member_start", "game_start"):
        assert getattr(coded, column).tolist() == getattr(by_ids, column).tolist(), column
