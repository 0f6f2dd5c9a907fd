"""Berard's Tournament App input: a whitespace-separated token stream.

Source: berard-pra-and-tournament-app.txt L603–L647 (Frankfurt 1997), L977–L1005 (Isle of
Lewis 1995) and the Hastings 1919 rosters (L1048–L1062, L1085–L1099). In order:

1. the tournament's name, one token ("underscores to represent spaces", L605);
2. the number of players n;
3. the name of the rating system, one token (``Elo``, ``Chessmetrics(FailedHere)``);
4. n pairs ``rating name`` (players are numbered 1..n in this order); ``?`` as the rating
   marks an unknown initial rating for the app's estimator (our extension);
5. Rating2, the rating of the world's No. 2 player at the time (L626);
6. games as triples ``white black score-of-white`` with 1-based player numbers, in the
   order they were played (L630), ended by ``-1 -1 -1.0`` (L645) or the end of the file.

Line breaks mean nothing: Isle of Lewis puts two triples on a line (L986) and Frankfurt
has a blank line inside its games (L643). Anything after the terminator is ignored (the
author pastes the app's output after the input for his archive, L647). ``#`` starts a
comment to the end of the line (our extension, for a ``# Source:`` header).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TextIO

from arpad.errors import InputError
from arpad.model import Event, EventKind, Game, PlayerEntry, RatingKind

SUFFIXES = (".berard", ".tapp")
"""File name endings that mark the format without looking inside."""

MISSING = "?"
"""Token for an unknown initial rating (the estimator supplies it)."""


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class BerardPlayer:
    name: str
    rating: float | None
    line: int


@dataclass(frozen=True, slots=True)
class BerardGame:
    white: int
    """0-based player index."""
    black: int
    score: float
    line: int


@dataclass(frozen=True, slots=True)
class BerardTournament:
    """One tournament as the paper's app reads it."""

    name: str
    rating_system: str
    players: tuple[BerardPlayer, ...]
    rating2: float
    games: tuple[BerardGame, ...]
    path: str | None = None


def tokens(handle: TextIO) -> Iterator[Token]:
    """Whitespace-separated tokens with their 1-based line and column; ``#`` comments out."""
    for number, raw in enumerate(handle, start=1):
        text = raw.split("#", 1)[0]
        for match in re.finditer(r"\S+", text):
            yield Token(match.group(), number, match.start() + 1)


class _Stream:
    def __init__(self, handle: TextIO, path: str | None) -> None:
        self.items = list(tokens(handle))
        self.pos = 0
        self.path = path

    def error(self, message: str, tok: Token | None) -> InputError:
        if tok is None:
            last = self.items[-1] if self.items else None
            return InputError(
                f"{message}, but the file ends here",
                path=self.path,
                line=None if last is None else last.line,
            )
        return InputError(message, path=self.path, line=tok.line, column=tok.column)

    def peek(self) -> Token | None:
        return self.items[self.pos] if self.pos < len(self.items) else None

    def take(self, what: str) -> Token:
        tok = self.peek()
        if tok is None:
            raise self.error(f"expected {what}", None)
        self.pos += 1
        return tok

    def rating(self, what: str) -> tuple[float | None, Token]:
        """A number, or ``?`` for an unknown rating."""
        if (tok := self.peek()) is not None and tok.text == MISSING:
            self.pos += 1
            return None, tok
        return self.number(what)

    def number(self, what: str) -> tuple[float, Token]:
        tok = self.take(what)
        try:
            value = float(tok.text)
        except ValueError:
            raise self.error(f"expected {what}, got {tok.text!r}", tok) from None
        if not math.isfinite(value):
            raise self.error(f"expected {what}, got {tok.text!r}", tok)
        return value, tok

    def integer(self, what: str) -> tuple[int, Token]:
        tok = self.take(what)
        try:
            return int(tok.text), tok
        except ValueError:
            raise self.error(f"expected {what}, got {tok.text!r}", tok) from None


def read_tournament(handle: TextIO, path: str | None = None) -> BerardTournament:
    """Read one tournament in the paper's format.

    Raises:
        InputError: naming the file, line and column of the first bad token.
    """
    s = _Stream(handle, path)
    name = s.take("the tournament's name").text
    n, n_tok = s.integer("the number of players (a whole number)")
    if n < 2:
        raise s.error(f"a tournament needs at least 2 players, not {n}", n_tok)
    system = s.take("the name of the rating system").text
    players: list[BerardPlayer] = []
    for i in range(1, n + 1):
        rating, tok = s.rating(f"player {i}'s initial rating (a number, or '?')")
        who = s.take(f"player {i}'s name")
        if _is_number(who.text):
            raise s.error(
                f"expected player {i}'s name after the rating, got the number {who.text!r}; "
                f"is the number of players ({n}) right?",
                who,
            )
        players.append(BerardPlayer(who.text, rating, tok.line))
    rating2, _ = s.number("Rating2, the rating of the world's No. 2 player")
    games: list[BerardGame] = []
    while s.peek() is not None:
        white, w_tok = s.integer("White's player number")
        black, b_tok = s.integer("Black's player number")
        score, sc_tok = s.number("White's score")
        if white == -1 and black == -1:
            break
        for number, where in ((white, w_tok), (black, b_tok)):
            if not 1 <= number <= n:
                raise s.error(f"player number {number} is not between 1 and {n}", where)
        if white == black:
            raise s.error(f"player {white} cannot play themself", w_tok)
        if not 0.0 <= score <= 1.0:
            raise s.error(f"White's score must lie between 0 and 1, not {score!r}", sc_tok)
        games.append(BerardGame(white - 1, black - 1, score, w_tok.line))
    return BerardTournament(name, system, tuple(players), rating2, tuple(games), path)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def rating_kind(system: str) -> str:
    """The kind of the ratings of a file naming ``system``: ``Elo`` (the paper's FIDE
    ratings, L997) is FIDE; any other name, lower-cased up to its first character that
    is not a letter, digit or ``-``, is its own kind (``Chessmetrics(FailedHere)`` →
    ``chessmetrics``), which no arpad system takes as its own (D-prov-4).

    >>> rating_kind("Elo"), rating_kind("Chessmetrics(FailedHere)")
    ('fide', 'chessmetrics')
    """
    match = re.match(r"[a-z][a-z0-9-]*", system.lower())
    name = match.group(0) if match else "unnamed"
    return str(RatingKind.FIDE) if name in ("elo", "fide") else name


def to_event(t: BerardTournament) -> Event:
    """The tournament as an :class:`~arpad.model.Event` (players ``"1"``..``"n"``).

    Raises:
        InputError: a score other than 1, ½ or 0 (the app reads it; chess ratings do not).
    """
    kind = rating_kind(t.rating_system)
    players = tuple(
        PlayerEntry(
            id=str(i + 1),
            name=p.name,
            rating=p.rating,
            rating_kind=None if p.rating is None else kind,
            line=p.line,
        )
        for i, p in enumerate(t.players)
    )
    games = []
    for g in t.games:
        if g.score not in (0.0, 0.5, 1.0):
            raise InputError(
                f"score {g.score!r} is not a chess result (1, 0.5 or 0); 'arpad app' reads "
                "split points, rating systems do not",
                path=t.path,
                line=g.line,
            )
        games.append(Game(str(g.white + 1), str(g.black + 1), g.score, line=g.line))
    return Event(
        id=t.name,
        name=t.name.replace("_", " "),
        players=players,
        games=tuple(games),
        kind=EventKind.MATCH if len(players) == 2 else EventKind.TOURNAMENT,
        source=t.path,
    )


def read(handle: TextIO, path: str | None = None) -> list[Event]:
    """The reader interface of :mod:`arpad.io`: one event per file."""
    return [to_event(read_tournament(handle, path))]


def sniff(head: str, path: str) -> bool:
    """Does this look like the paper's format? By suffix, or by its header tokens."""
    if path.lower().endswith(SUFFIXES):
        return True
    toks = head.split("\n")
    words = [w for line in toks for w in line.split("#", 1)[0].split()]
    if len(words) < 5 or words[0][:1] in "{[":
        return False
    try:
        n = int(words[1])
    except ValueError:
        return False
    if n < 2:
        return False
    pairs = words[3 : 3 + 2 * n]
    for k in range(0, len(pairs) - 1, 2):
        if not (pairs[k] == MISSING or _is_number(pairs[k])) or _is_number(pairs[k + 1]):
            return False
    return len(pairs) >= 2
