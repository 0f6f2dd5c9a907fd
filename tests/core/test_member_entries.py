"""Per-member entries without Event objects (issue 20 point 3, docs/decisions.md
D-entries-1..): a rated file read as columns (dated games with ``white_elo``/``black_elo``,
a PGN collection with ``WhiteElo``/``BlackElo``) rates, in every system with a season
loop, to exactly what its events give, rated as a season or one by one: every
``EventRating`` field, the notes (US Chess's §2 conversion of FIDE ratings, the ratings a
system does not use) and every state, to the last bit."""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from arpad.io import dated_games, pgn, read_events, read_season
from arpad.model import PlayerEntry
from arpad.season import Season
from arpad.systems import REGISTRY, RatingSystem, get_system
from tests.season_equality import one_by_one

SEASON_SYSTEMS = sorted(n for n in REGISTRY if get_system(n).season_fn is not None)
DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"


def _games(seed: int, games: int = 160) -> list[tuple[str, str, str, str, str, str, str]]:
    """Random rated games over years on both sides of US Chess's 2024 FIDE conversion:
    (date, event, white, black, result, White's FIDE rating, Black's). A player's rating
    changes from event to event, is missing in some (unrated again), and in some events
    his first game gives none and a later one does."""
    rng = random.Random(seed)
    base = {f"p{i}": rng.choice([None, 1500.0, 1800.0, 2100.5, 2400.0]) for i in range(24)}
    months = sorted({(rng.randint(2022, 2025), rng.randint(1, 12)) for _ in range(14)})
    out = []
    for _ in range(games):
        year, month = rng.choice(months)
        white, black = rng.sample(sorted(base), 2)
        ratings = []
        for pid in (white, black):
            rating = base[pid]
            if rating is None or rng.random() < 0.2:
                ratings.append("")  # unrated in this game (again, for a rated player)
            else:
                ratings.append(f"{rating + 10 * ((year + month) % 7):g}")
        out.append(
            (f"{year:04d}-{month:02d}-{rng.randint(1, 28):02d}", rng.choice(["open", "masters"]),
             white, black, rng.choice(["1-0", "0-1", "1/2-1/2"]), *ratings)
        )  # fmt: skip
    out.sort()
    return out  # type: ignore[return-value]


def dated_text(seed: int) -> str:
    rows = [",".join(g) for g in _games(seed)]
    return "date,event,white,black,result,white_elo,black_elo\n" + "\n".join(rows) + "\n"


def pgn_text(seed: int) -> str:
    out = []
    for day, event, white, black, result, w_elo, b_elo in _games(seed):
        tags = {"Event": event, "Date": day.replace("-", "."), "White": white, "Black": black,
                "Result": result, "WhiteElo": w_elo, "BlackElo": b_elo}  # fmt: skip
        out.append("".join(f'[{k} "{v}"]\n' for k, v in tags.items() if v) + f"\n{result}\n\n")
    return "".join(out)


def assert_rated_alike(system: RatingSystem[Any, Any], columns: Season, events: list[Any]) -> None:
    """The columns-only season, the season of the events and the events one by one give
    the same results (every field, notes included) and states, to the last bit."""
    assert columns.events is None
    config = system.default_config()
    by_columns = system.rate_season(columns, {}, config)
    by_season = system.rate_season(Season.from_events(events), {}, config)
    one, states = one_by_one(system, events, config)
    assert list(by_season) == one
    assert list(by_columns) == one
    assert by_columns.states == by_season.states == states
    assert [by_columns.event_notes(e) for e in range(columns.size)] == [r.notes for r in one]
    a, b = by_columns.member_results(), by_season.member_results()
    for f in dataclasses.fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if isinstance(x, np.ndarray):
            assert np.array_equal(x, y, equal_nan=True), f.name
        else:
            assert x == y, f.name
    assert by_columns.member_states() == by_season.member_states()


@pytest.mark.parametrize("name", SEASON_SYSTEMS)
@pytest.mark.parametrize("seed", [1, 2])
def test_rated_dated_games_as_columns_rate_as_their_events(name: str, seed: int) -> None:
    text = dated_text(seed)
    columns = dated_games.read_season(io.StringIO(text), "g.csv")
    assert columns.member_rating is not None
    assert_rated_alike(get_system(name), columns, dated_games.read(io.StringIO(text), "g.csv"))


@pytest.mark.parametrize("name", SEASON_SYSTEMS)
@pytest.mark.parametrize("seed", [3, 4])
def test_pgn_collections_as_columns_rate_as_their_events(name: str, seed: int) -> None:
    text = pgn_text(seed)
    columns = pgn.read_season(io.StringIO(text), "g.pgn")
    assert_rated_alike(get_system(name), columns, pgn.read(io.StringIO(text), "g.pgn"))


def test_the_random_files_hold_what_the_rules_read() -> None:
    """The generated files are not trivial: FIDE-rated newcomers on both sides of US
    Chess's 2024 conversion (its notes say so), players unrated again, and a later event
    giving a player another rating."""
    text = dated_text(1)
    season = dated_games.read_season(io.StringIO(text), "g.csv")
    assert season.member_rating is not None
    by_player: dict[int, list[float]] = {}
    for slot, rating in zip(season.members.tolist(), season.member_rating.tolist(), strict=True):
        by_player.setdefault(slot, []).append(rating)
    seen = [r for r in by_player.values() if len(r) > 1]
    assert any(np.isnan(r[1:]).any() and not np.isnan(r[0]) for r in seen)  # unrated again
    assert any(len({x for x in r if x == x}) > 1 for r in seen)  # another rating later
    notes = [n for r in get_system("uscf").rate_season(season) for p in r.players for n in p.notes]
    assert any("from FIDE" in n for n in notes)
    years = {season.end_date(e).year for e in range(season.size)}  # type: ignore[union-attr]
    assert min(years) < 2024 <= max(years)


@pytest.mark.parametrize("name", SEASON_SYSTEMS)
def test_real_rated_files_as_columns_rate_as_their_events(name: str) -> None:
    paths = [DATA / "elite-games-kwiatkowski" / "games_2015_2020_classical.csv",
             *sorted((DATA / "pgn-real-events").glob("*.pgn"))]  # fmt: skip
    paths = [p for p in paths if p.exists()]
    if not paths:
        pytest.skip("the real rated files are not here")
    for path in paths:
        assert_rated_alike(get_system(name), read_season(path), read_events(path))


# -- the Season API ----------------------------------------------------------------------


def _with_entry_source(season: Season) -> tuple[Season, list[int]]:
    """``season`` without its events, handing each member's entry by row (as the ledger
    does), and the rows asked for."""
    events = season.to_events()
    entries = [p for e in events for p in e.players]
    asked: list[int] = []

    def entry(row: int) -> PlayerEntry:
        asked.append(row)
        return entries[row]

    bare = dataclasses.replace(season, events=None, first_entries=None, entries=entry)
    return bare, asked


@pytest.mark.parametrize("name", ["uscf", "fide", "elo"])
def test_a_season_with_an_entry_source_rates_as_its_events(name: str) -> None:
    """Entries handed by row (birth dates, FIDE ratings of unrated players, peaks, other
    kinds) rate as the events do; the loops read entries, never an event."""
    from tests.core.test_season_columns import _foreign_kinds_season

    events = _foreign_kinds_season()
    events = [
        dataclasses.replace(
            e,
            players=tuple(
                dataclasses.replace(p, birth_date=dt.date(2010, 5, 1)) if i % 4 == 0 else p
                for i, p in enumerate(e.players)
            ),
        )
        for e in events
    ]
    system = get_system(name)
    bare, asked = _with_entry_source(Season.from_events(events))
    got = system.rate_season(bare)
    one, states = one_by_one(system, events, system.default_config())
    assert list(got) == one and got.states == states
    assert asked  # the entries were read through the source


def test_member_entry_is_the_entry_as_the_system_sees_it() -> None:
    """``member_entry`` after ``own_season`` gives each member's entry seen as the
    system's own, whichever way the season holds its entries."""
    from tests.core.test_season_columns import _foreign_kinds_season

    events = _foreign_kinds_season()
    system = get_system("uscf")
    seen = [p for e in events for p in system.seen_as_own(e).players]
    for season in (Season.from_events(events), _with_entry_source(Season.from_events(events))[0]):
        own = system.own_season(season)
        assert [own.member_entry(r) for r in range(len(own.members))] == seen


def test_event_built_from_columns_carries_the_member_entries() -> None:
    """An event a loop rates alone, built from the columns of a rated reader's season:
    its entries say what the file's say (rating, kind, FIDE rating), its games and dates
    are the file's."""
    text = dated_text(5)
    season = dated_games.read_season(io.StringIO(text), "g.csv")
    events = dated_games.read(io.StringIO(text), "g.csv")
    for e, want in enumerate(events):
        got = season.event(e)
        assert (got.id, got.end_date, got.games) == (want.id, want.end_date, want.games)
        assert got.players == want.players  # the reader's entries say no more


def test_a_bare_season_has_no_entries_to_read() -> None:
    """A file without ratings: nothing beyond the entry columns (no entry is built)."""
    s = Season.from_games([0, 0, 1], ["a", "c", "a"], ["b", "d", "c"], [1.0, 0.5, 0.0])
    assert not s.holds_entries and list(s.first_entries_to_read()) == []
    assert s.member_entry(0) == PlayerEntry("a")
    assert s.event(1) == s.to_events()[1]
