"""What the period-based paired-comparison systems share (Glicko, Glicko-2, Stephenson,
logistic Elo, the constant baseline): an event's rated games as index arrays, sums per
player, and the number of rating periods between two events.

A *rating period* is one calendar month (decision D-eval-2): an event dated in the month
after the player's last one is one period later. Events without a date count as one
period each.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from arpad.model import Event
from arpad.systems import EventRating, ListEntry, PlayerRating

S = TypeVar("S")
FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]


@dataclass(frozen=True)
class GameArrays:
    """An event's rated games as arrays over its players ``ids`` (event order)."""

    ids: tuple[str, ...]
    white: IntArray
    black: IntArray
    score: FloatArray
    """White's score."""

    @property
    def players(self) -> int:
        return len(self.ids)

    def per_player(self, white_values: FloatArray, black_values: FloatArray) -> FloatArray:
        """Σ over each player's games of the value seen from that player's side."""
        n = self.players
        total = np.bincount(self.white, white_values, minlength=n) + np.bincount(
            self.black, black_values, minlength=n
        )
        return np.asarray(total, dtype=float)

    def games(self) -> npt.NDArray[np.int64]:
        """Rated games per player."""
        ones = np.ones(len(self.score))
        return self.per_player(ones, ones).astype(np.int64)


def game_arrays(event: Event) -> GameArrays:
    """The rated games of ``event`` as :class:`GameArrays`.

    >>> from arpad.model import Event, Game, PlayerEntry
    >>> e = Event("e", (PlayerEntry("a"), PlayerEntry("b")), (Game("a", "b", 1.0),))
    >>> game_arrays(e).white.tolist(), game_arrays(e).score.tolist()
    ([0], [1.0])
    """
    ids = tuple(p.id for p in event.players)
    index = {pid: i for i, pid in enumerate(ids)}
    rated = [g for g in event.games if g.rated]
    white = np.fromiter((index[g.white] for g in rated), dtype=np.intp, count=len(rated))
    black = np.fromiter((index[g.black] for g in rated), dtype=np.intp, count=len(rated))
    score = np.fromiter((g.score for g in rated), dtype=float, count=len(rated))
    return GameArrays(ids, white, black, score)


def month_index(day: dt.date) -> int:
    """Months since the start of year 1 (January of year 1 is 1).

    >>> month_index(dt.date(1, 1, 31)), month_index(dt.date(2, 3, 1))
    (1, 15)
    """
    return (day.year - 1) * 12 + day.month


def periods_between(last: dt.date | None, now: dt.date | None) -> int:
    """Rating periods (months) from the period of ``last`` to that of ``now``, at least 1.

    >>> periods_between(dt.date(2020, 1, 5), dt.date(2020, 4, 1))
    3
    >>> periods_between(None, dt.date(2020, 4, 1))
    1
    """
    if last is None or now is None:
        return 1
    return max(1, month_index(now) - month_index(last))


def period_result(
    system: str,
    event: Event,
    arrays: GameArrays,
    after: Mapping[str, S],
    pre: Sequence[float | None],
) -> EventRating[S]:
    """The :class:`EventRating` of a period-based system: one :class:`PlayerRating` per
    player of the event, as every system gives (``pre`` indexed like ``arrays.ids``; the
    post-period rating read from ``after``; a player without a rated game has 0 games), and
    a note when nobody was rated."""
    games = arrays.games()
    scores = arrays.per_player(arrays.score, 1.0 - arrays.score)
    players = tuple(
        PlayerRating(
            pid,
            pre[i],
            getattr(after[pid], "rating", None),
            int(games[i]),
            float(scores[i]),
            method=system,
        )
        for i, pid in enumerate(arrays.ids)
    )
    notes = () if games.any() else ("no rated game: nobody is rated",)
    return EventRating(system, event.id, event.pool, players, dict(after), notes)


class RatedWithGames(Protocol):
    @property
    def rating(self) -> float: ...
    @property
    def games(self) -> int: ...


def list_entry(state: RatedWithGames, config: object) -> ListEntry:
    """Rated once the player has a game; no provisional mark (the RD, where there is one,
    shows the uncertainty)."""
    return ListEntry(rating=state.rating, games=state.games, established=state.games > 0)
