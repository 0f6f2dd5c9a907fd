"""The US Chess crosstable writer: what it writes, the reader reads back."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.io import uscf_crosstable
from arpad.io.uscf_crosstable_writer import RatingLine, assign_rounds, dumps, rating_text
from arpad.model import Event, Game, PlayerEntry, Pool, Unplayed, UnplayedRound
from tests.conftest import EXAMPLES


def test_the_example_crosstable_round_trips() -> None:
    text = (EXAMPLES / "uscf-crosstable.txt").read_text()
    (event,) = uscf_crosstable.read(io.StringIO(text), "club.txt")
    labels = {
        p.id: [
            RatingLine(
                "R", rating_text(p.rating, p.games, not p.provisional), f"{p.published_post:.0f}"
            )
        ]
        for p in event.players
    }
    (back,) = uscf_crosstable.read(io.StringIO(dumps(event, labels)), "club.txt")
    assert back.games == event.games and back.unplayed == event.unplayed
    assert [(p.id, p.name, p.rating, p.games, p.published_post) for p in back.players] == [
        (p.id, p.name, p.rating, p.games, p.published_post) for p in event.players
    ]


def test_dual_rated_writes_a_quick_line() -> None:
    players = (PlayerEntry("12345678", "A"), PlayerEntry("12345679", "B"))
    event = Event("d", players, (Game("12345678", "12345679", 1.0, 1),), dual_rated=True)
    labels = {
        "12345678": [RatingLine("R", "1500", "1510"), RatingLine("Q", "1400P5", "1420P6")],
        "12345679": [RatingLine("R", "1600", "1590"), RatingLine("Q", "Unrated", "1580P1")],
    }
    (back,) = uscf_crosstable.read(io.StringIO(dumps(event, labels)), "d.txt")
    assert back.dual_rated and back.pool == Pool.REGULAR
    assert back.player("12345678").other_pools[Pool.QUICK].rating == 1400.0


def test_rounds_are_laid_out_when_missing_or_clashing() -> None:
    ids = ("10000001", "10000002", "10000003")
    players = tuple(PlayerEntry(i) for i in ids)
    games = (Game(ids[0], ids[1], 1.0), Game(ids[1], ids[2], 0.5), Game(ids[0], ids[2], 0.0))
    assert assign_rounds(Event("r", players, games)) == [1, 2, 3]
    clash = (Game(ids[0], ids[1], 1.0, 1), Game(ids[0], ids[2], 0.0, 1))
    assert assign_rounds(Event("c", players, clash)) == [1, 2]


@st.composite
def events(draw: st.DrawFn) -> Event:
    n = draw(st.integers(2, 8))
    ids = [f"{20000000 + i}" for i in range(n)]
    rounds = draw(st.integers(1, 5))
    games, unplayed = [], []
    for r in range(1, rounds + 1):
        order = draw(st.permutations(ids))
        for a, b in zip(order[0::2], order[1::2], strict=False):
            games.append(Game(a, b, draw(st.sampled_from([0.0, 0.5, 1.0])), r))
        if len(order) % 2:
            unplayed.append(UnplayedRound(order[-1], draw(st.sampled_from(list(Unplayed))), r))
    players = tuple(PlayerEntry(i, f"PLAYER {i}") for i in ids)
    return Event("prop", players, tuple(games), name="Prop", unplayed=tuple(unplayed))


@settings(max_examples=60, deadline=None)
@given(events())
def test_written_crosstables_read_back_to_the_same_event(event: Event) -> None:
    (back,) = uscf_crosstable.read(io.StringIO(dumps(event)), "prop.txt")
    # A crosstable is ordered by player, not by game: compare the games as sets.
    assert sorted(back.games, key=repr) == sorted(event.games, key=repr)
    assert sorted((u.player, u.kind, u.round) for u in back.unplayed) == sorted(
        (u.player, u.kind, u.round) for u in event.unplayed
    )
    assert back.player_ids == event.player_ids
    assert all(back.total_points(p) == event.total_points(p) for p in event.player_ids)
