"""A player's games as B.01 (2024) counts them: 1.4.2, what is not included.

1.4.2a games against opponents who do not belong to FIDE federations; 1.4.2b games
against unrated players who score zero against rated opponents in round robins; 1.4.2c
games decided by forfeit or anything but over-the-board play (arpad's event files keep
those as unplayed rounds, never as games, so they never reach this module).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum

from arpad.model import Event, PlayerEntry, Unplayed
from arpad.systems.elo.groups import round_robin_cycles
from arpad.titles.fide2024.rules import canonical_title


@dataclass(frozen=True, slots=True)
class Opponent:
    """An opponent as the title regulations see him (rating list at the start, 1.4.6a)."""

    id: str
    name: str
    rating: float | None
    title: str | None
    federation: str | None


@dataclass(frozen=True, slots=True)
class CountedGame:
    """One game that counts for a norm: its round (``None`` when the file gives none),
    the opponent and the player's score."""

    round: int | None
    opponent: Opponent
    score: float

    @property
    def won(self) -> bool:
        return self.score == 1.0


class Exclusion(StrEnum):
    """Why a game is not included (1.4.2)."""

    NON_FIDE = "1.4.2a opponent not of a FIDE federation"
    UNRATED_SCORELESS = "1.4.2b unrated opponent scored 0 against rated players"


@dataclass(frozen=True, slots=True)
class PlayerGames:
    """A player's counted games in round order, the games left out and why, and the
    rounds he did not play that 1.4.1c can credit (a forfeit win or a pairing bye)."""

    player: PlayerEntry
    games: tuple[CountedGame, ...]
    excluded: tuple[tuple[str, Exclusion], ...]
    credited_unplayed: int
    """Rounds won by forfeit or given a pairing-allocated bye (1.4.1c)."""

    @property
    def score(self) -> float:
        return math.fsum(g.score for g in self.games)


def opponent_of(p: PlayerEntry) -> Opponent:
    """``p`` as an opponent: rating, title (0.3.1 spelling) and federation (upper case)."""
    fed = p.federation.strip().upper() if p.federation and p.federation.strip() else None
    return Opponent(p.id, p.name or p.id, p.rating, canonical_title(p.title), fed)


def scoreless_unrated(event: Event) -> frozenset[str]:
    """1.4.2b: in a round robin, the unrated players who scored zero against the rated.

    >>> from arpad.model import Game, PlayerEntry, build_event
    >>> e = build_event("rr", [PlayerEntry("a", rating=2000.0), PlayerEntry("b"),
    ...     PlayerEntry("c", rating=2100.0)],
    ...     [Game("a", "b", 1.0), Game("b", "c", 0.0), Game("c", "a", 0.5)])
    >>> sorted(scoreless_unrated(e))
    ['b']
    """
    if round_robin_cycles(event) is None:
        return frozenset()
    out = set()
    for p in event.players:
        if p.rating is not None:
            continue
        against_rated = [s for o, s in event.results_of(p.id) if event.player(o).rating is not None]
        if against_rated and math.fsum(against_rated) == 0:
            out.add(p.id)
    return frozenset(out)


def excluded_reason(
    opponent: PlayerEntry, scoreless: Collection[str], non_fide: Collection[str]
) -> Exclusion | None:
    """Why a game against ``opponent`` is not included (1.4.2a, 1.4.2b), if it is not."""
    fed = (opponent.federation or "").strip().upper()
    if fed and fed in non_fide:
        return Exclusion.NON_FIDE
    if opponent.id in scoreless:
        return Exclusion.UNRATED_SCORELESS
    return None


def player_games(
    event: Event, player_id: str, non_fide: Collection[str], scoreless: Collection[str]
) -> PlayerGames:
    """The games of ``player_id`` that count (1.4.2), in round order."""
    counted: list[CountedGame] = []
    excluded: list[tuple[str, Exclusion]] = []
    for g in event.games_of(player_id):
        if not g.rated:
            continue
        other = event.player(g.opponent_of(player_id))
        why = excluded_reason(other, scoreless, non_fide)
        if why is not None:
            excluded.append((other.id, why))
            continue
        counted.append(CountedGame(g.round, opponent_of(other), g.score_of(player_id)))
    counted.sort(key=lambda c: math.inf if c.round is None else c.round)
    credited = sum(
        1
        for u in event.unplayed
        if u.player == player_id and u.kind in (Unplayed.FORFEIT_WIN, Unplayed.FULL_BYE)
    )
    return PlayerGames(event.player(player_id), tuple(counted), tuple(excluded), credited)


def federations(games: Sequence[CountedGame]) -> list[str | None]:
    """The opponents' federations (``None`` where the file gives none)."""
    return [g.opponent.federation for g in games]
