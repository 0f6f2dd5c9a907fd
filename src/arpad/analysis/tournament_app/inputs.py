"""What the Tournament App reads: a tournament as the paper's app sees it.

The paper's input (berard-pra-and-tournament-app.txt L603–L647) is a name, the number of
players, the name of the rating system, each player's initial rating and name, the rating
of the world's No. 2 player (Rating2) and the games as ``white black score`` triples in
their real order (L630). :class:`AppInput` holds exactly that; it can also be built from
any :class:`arpad.model.Event` (JSON, TRF, PGN inputs) with :func:`from_event`.

Scores are White's share of the point, any value in [0, 1] (Tines and Barbs splits the
point, L177–L181). Forfeits are not games (L1525): they are simply not listed.
"""

from __future__ import annotations

from dataclasses import dataclass

from arpad.errors import InputError
from arpad.model import Event


@dataclass(frozen=True, slots=True)
class Entrant:
    """One player: a name and the initial rating (``None`` = unknown, to be estimated)."""

    name: str
    rating: float | None
    line: int | None = None


@dataclass(frozen=True, slots=True)
class AppGame:
    """A game between entrants ``white`` and ``black`` (0-based indices); White's score."""

    white: int
    black: int
    score: float
    line: int | None = None


@dataclass(frozen=True, slots=True)
class AppInput:
    """A tournament for the app.

    Raises:
        InputError: fewer than two players, a game naming an unknown player or a player
            against themself, or a score outside [0, 1].
    """

    name: str
    rating_system: str
    entrants: tuple[Entrant, ...]
    games: tuple[AppGame, ...]
    rating2: float | None = None
    """The world No. 2's rating in ``rating_system`` (L626–L628); G and T.S. need it."""
    knockout: bool = False
    """A knock-out event: the test is informational and G ranks the players (L1391, L1410)."""
    source: str | None = None

    def __post_init__(self) -> None:
        n = len(self.entrants)
        if n < 2:
            raise InputError(f"a tournament needs at least two players, not {n}", path=self.source)
        for g in self.games:
            for who in (g.white, g.black):
                if not 0 <= who < n:
                    raise InputError(
                        f"game names player {who + 1}, but there are {n} players",
                        path=self.source,
                        line=g.line,
                    )
            if g.white == g.black:
                raise InputError(
                    f"player {g.white + 1} cannot play themself", path=self.source, line=g.line
                )
            if not 0.0 <= g.score <= 1.0:
                raise InputError(
                    f"White's score must lie in [0, 1], not {g.score!r}",
                    path=self.source,
                    line=g.line,
                )

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(e.name for e in self.entrants)

    @property
    def ratings(self) -> tuple[float | None, ...]:
        return tuple(e.rating for e in self.entrants)

    def games_played(self) -> tuple[int, ...]:
        """Games each player actually played (forfeits are not games, L1525)."""
        counts = [0] * len(self.entrants)
        for g in self.games:
            counts[g.white] += 1
            counts[g.black] += 1
        return tuple(counts)

    def points(self) -> tuple[float, ...]:
        """Points scored in the listed games."""
        pts = [0.0] * len(self.entrants)
        for g in self.games:
            pts[g.white] += g.score
            pts[g.black] += 1.0 - g.score
        return tuple(pts)

    def played_only(self) -> tuple[AppInput, tuple[str, ...]]:
        """The tournament without entrants who played no game, and their names.

        A player with no game has no performance to measure (P-Zero would be a
        meaningless 0), so the app leaves them out (docs/decisions.md D-app-6).
        """
        played = self.games_played()
        keep = [i for i, g in enumerate(played) if g > 0]
        if len(keep) == len(self.entrants):
            return self, ()
        index = {old: new for new, old in enumerate(keep)}
        games = tuple(AppGame(index[g.white], index[g.black], g.score, g.line) for g in self.games)
        absent = tuple(e.name for i, e in enumerate(self.entrants) if played[i] == 0)
        entrants = tuple(self.entrants[i] for i in keep)
        trimmed = AppInput(
            self.name, self.rating_system, entrants, games, self.rating2, self.knockout, self.source
        )
        return trimmed, absent

    def with_ratings(self, ratings: tuple[float | None, ...]) -> AppInput:
        """The same tournament with other initial ratings (corrections, estimates)."""
        entrants = tuple(
            Entrant(e.name, r, e.line) for e, r in zip(self.entrants, ratings, strict=True)
        )
        return AppInput(
            self.name,
            self.rating_system,
            entrants,
            self.games,
            self.rating2,
            self.knockout,
            self.source,
        )


def from_event(
    event: Event,
    rating_system: str = "Elo",
    rating2: float | None = None,
    knockout: bool = False,
) -> AppInput:
    """An event read by any reader, as the app's input: rated games only, in file order.

    The name becomes a single token as the paper writes it (spaces → underscores, L605).

    >>> from arpad.model import Game, PlayerEntry, build_event
    >>> e = build_event("x", [PlayerEntry("a", "Ann", 2400), PlayerEntry("b", "Bob", 2300)],
    ...                 [Game("a", "b", 1.0)], name="Spring Open")
    >>> app = from_event(e)
    >>> app.name, app.names, app.games[0]
    ('Spring_Open', ('Ann', 'Bob'), AppGame(white=0, black=1, score=1.0, line=None))
    """
    index = {p.id: i for i, p in enumerate(event.players)}
    entrants = tuple(
        Entrant(p.name or p.id, None if p.rating is None else float(p.rating), p.line)
        for p in event.players
    )
    games = tuple(
        AppGame(index[g.white], index[g.black], g.score, g.line) for g in event.rated_games()
    )
    name = "_".join((event.name or event.id).split())
    return AppInput(name, rating_system, entrants, games, rating2, knockout, event.source)
