"""Small events for the B.01 (2024) tests: one candidate against listed opponents (a
Swiss-like star: the opponents never meet, so it is no round robin)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from arpad.model import Event, Game, PlayerEntry, Unplayed, UnplayedRound

DAY = dt.date(2025, 6, 1)


@dataclass(frozen=True)
class Opp:
    rating: float | None
    title: str | None = None
    federation: str | None = "GER"
    score: float = 0.5
    """The candidate's score against him."""


def star_event(
    opponents: Sequence[Opp],
    *,
    federation: str | None = "NOR",
    rating: float = 2350.0,
    title: str | None = None,
    unplayed: Sequence[tuple[int, Unplayed]] = (),
    day: dt.date | None = DAY,
) -> Event:
    """The candidate ``c`` meets opponent ``o1`` in round 1, ``o2`` in round 2 …; rounds in
    ``unplayed`` (round, kind) are skipped and recorded as unplayed for him."""
    skipped = {r for r, _ in unplayed}
    rounds = [r for r in range(1, len(opponents) + len(skipped) + 1) if r not in skipped]
    players = [PlayerEntry("c", "Candidate", rating=rating, games=40, federation=federation,
                           title=title, sex="m")]  # fmt: skip
    games = []
    for i, (o, rnd) in enumerate(zip(opponents, rounds, strict=True), 1):
        pid = f"o{i}"
        players.append(
            PlayerEntry(
                pid, f"Opponent {i}", rating=o.rating, games=40 if o.rating else 0,
                federation=o.federation, title=o.title, sex="m",
            )
        )  # fmt: skip
        games.append(Game("c", pid, o.score, rnd))
    extra = tuple(UnplayedRound("c", kind, r) for r, kind in unplayed)
    return Event(
        "star", tuple(players), tuple(games), name="Star", start_date=day, end_date=day,
        unplayed=extra,
    )  # fmt: skip


def mixed(
    n: int, rating: float, score: float, feds: Sequence[str] = ("GER", "FRA", "ESP")
) -> list[Opp]:
    """``n`` opponents rated ``rating``: IMs and GMs alternately, federations in turn."""
    titles = ["GM", "IM"]
    return [Opp(rating, titles[i % 2], feds[i % len(feds)], score) for i in range(n)]
