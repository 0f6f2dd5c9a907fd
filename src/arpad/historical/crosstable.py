"""A period's crosstable: who played whom, how often, and with what score.

Elo's historical study built "a giant crosstable for each half decade" (§5.43, L1892), and
the Morphy-era example is such a table (3.43, L1125–1136: "row player's points against
column player"). Stored as a list of pairs so that thousands of players fit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from arpad.errors import ConfigError
from arpad.model import Event

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True, eq=False)
class Crosstable:
    """Pairs (i, j), i < j, with the games between them and i's points.

    Build it with :meth:`from_results`, :meth:`from_matrix` or :meth:`from_events`.
    """

    players: tuple[str, ...]
    first: IntArray
    second: IntArray
    games: FloatArray
    points: FloatArray
    """Points of ``first`` against ``second``."""

    def __post_init__(self) -> None:
        if len(set(self.players)) != len(self.players):
            raise ConfigError("player names must be unique")
        if np.any(self.first >= self.second):
            raise ConfigError("pairs must have first < second")
        if np.any(self.games <= 0) or np.any(self.points < 0) or np.any(self.points > self.games):
            raise ConfigError("each pair needs games > 0 and 0 ≤ points ≤ games")

    @classmethod
    def from_results(cls, results: Iterable[tuple[str, str, float]]) -> Crosstable:
        """From ``(player, opponent, score)`` per game (score of ``player``: 1, ½, 0)."""
        index: dict[str, int] = {}
        totals: dict[tuple[int, int], list[float]] = {}
        for a, b, score in results:
            if a == b:
                raise ConfigError(f"player {a!r} cannot play themself")
            if not 0.0 <= score <= 1.0:
                raise ConfigError(f"a game score must be in [0, 1], not {score!r}")
            i = index.setdefault(a, len(index))
            j = index.setdefault(b, len(index))
            key, mine = ((i, j), score) if i < j else ((j, i), 1.0 - score)
            cell = totals.setdefault(key, [0.0, 0.0])
            cell[0] += 1.0
            cell[1] += mine
        return cls._build(tuple(index), totals)

    @classmethod
    def from_matrix(
        cls, players: Sequence[str], points: Sequence[Sequence[float | None]]
    ) -> Crosstable:
        """From a square table of the row player's points against the column player, as
        the book prints crosstables (blank = ``None`` or 0 = no games when both are 0)."""
        n = len(players)
        if len(points) != n or any(len(row) != n for row in points):
            raise ConfigError(f"the table must be {n} × {n}")
        totals: dict[tuple[int, int], list[float]] = {}
        for i in range(n):
            for j in range(i + 1, n):
                a, b = points[i][j] or 0.0, points[j][i] or 0.0
                if a + b > 0:
                    totals[(i, j)] = [a + b, a]
        return cls._build(tuple(players), totals)

    @classmethod
    def from_events(cls, events: Iterable[Event]) -> Crosstable:
        """Every rated game of ``events``, players keyed by their ids."""
        return cls.from_results(
            (g.white, g.black, g.score) for e in events for g in e.rated_games()
        )

    @classmethod
    def _build(
        cls, players: tuple[str, ...], totals: dict[tuple[int, int], list[float]]
    ) -> Crosstable:
        keys = sorted(totals)
        return cls(
            players=players,
            first=np.array([k[0] for k in keys], dtype=np.int64),
            second=np.array([k[1] for k in keys], dtype=np.int64),
            games=np.array([totals[k][0] for k in keys], dtype=float),
            points=np.array([totals[k][1] for k in keys], dtype=float),
        )

    @property
    def size(self) -> int:
        return len(self.players)

    def games_played(self) -> FloatArray:
        """N_i: games per player."""
        n = np.zeros(self.size)
        np.add.at(n, self.first, self.games)
        np.add.at(n, self.second, self.games)
        return n

    def scores(self) -> FloatArray:
        """W_i: points per player."""
        w = np.zeros(self.size)
        np.add.at(w, self.first, self.points)
        np.add.at(w, self.second, self.games - self.points)
        return w

    def competition(self, ratings: FloatArray) -> FloatArray:
        """R_c per player: the opponents' ratings "weighted for the number of encounters
        with each opponent" (§3.44, L1140)."""
        total = np.zeros(self.size)
        np.add.at(total, self.first, self.games * ratings[self.second])
        np.add.at(total, self.second, self.games * ratings[self.first])
        n = self.games_played()
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.asarray(np.where(n > 0, total / n, np.nan))
