"""PGN files of whole events (read with python-chess; only the tag pairs are used).

Games are grouped into events by their ``Event`` tag (a file may hold several events).
For each event:

- id: the ``Event`` tag in lower case with runs of other characters turned into ``-``,
  plus ``-YEAR`` when a year is known (``84th-tata-steel-masters-2022``), plus ``-2``,
  ``-3`` … when two tags of one file give the same id;
- end date: the latest complete ``Date`` of its games, else a complete ``EventDate``,
  else the last day of the period partial dates imply (``1924.??.??``: 1924-12-31, marked
  ``end_date_implied``, so that ``arpad import --date`` replaces it); ``None`` without any;
- players: id and name from ``White``/``Black`` (use ``arpad import --player-key fide-id``
  to identify players by ``WhiteFideId``/``BlackFideId`` instead); ``WhiteElo`` is the
  pre-event rating (taken from the player's first game of the event) and also the FIDE
  rating, ``WhiteTitle`` the title, ``WhiteFideId`` the FIDE ID, ``WhiteFed`` the
  federation (three letters, as FIDE's broadcasts write it);
- games: ``Round`` ``"3"`` or ``"3.1"`` is round 3; results ``1-0``, ``0-1``, ``1/2-1/2``;
  games with result ``*`` (unfinished) are left out; a game whose ``Termination`` is a
  forfeit (not ``time forfeit``) was not played: a forfeit win and loss, never rated.

Errors name the file and the line of the game's first tag.
"""

from __future__ import annotations

import bisect
import datetime as dt
import io
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import chess.pgn

from arpad.errors import InputError
from arpad.io.fields import parse_count, parse_rating
from arpad.model import (
    MAX_CODE_LENGTH,
    MAX_ID_LENGTH,
    RATING_LIMITS,
    Event,
    Game,
    PlayerEntry,
    Rating,
    RatingKind,
    Unplayed,
    UnplayedRound,
    check_date,
    check_game,
    check_text,
    parse_result,
)

if TYPE_CHECKING:
    from arpad.season import Season

_TAG = re.compile(r'^\s*\[\s*[A-Za-z0-9_]+\s+"', re.M)
_DATE = re.compile(r"^(\d{4})\.(\d{2})\.(\d{2})$", re.ASCII)
_YEAR = re.compile(r"^(\d{4})\.", re.ASCII)


def sniff(head: str, path: str) -> bool:
    """A PGN file starts with tag pairs like ``[Event "..."]``."""
    first = head.lstrip()
    return first.startswith("[") and bool(_TAG.match(first)) and "[Event " in head


def parse_date(text: str | None) -> dt.date | None:
    """A complete PGN date ``YYYY.MM.DD``; ``None`` for partial or invalid ones.

    >>> parse_date("2022.01.30"), parse_date("1924.??.??")
    (datetime.date(2022, 1, 30), None)
    """
    if text is None:
        return None
    m = _DATE.match(text.strip())
    if m is None:
        return None
    try:
        return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None


_PARTIAL = re.compile(r"^([0-9]{4})\.([0-9]{2}|\?\?)\.\?\?$", re.ASCII)


def parse_period_end(text: str | None) -> dt.date | None:
    """The last day of the period a partial PGN date implies: ``1988.??.??`` the year
    1988, ``1988.05.??`` May 1988 (historians' collections date games so, issue 23.4);
    ``None`` for a complete, unknown or malformed date.

    >>> parse_period_end("1988.??.??"), parse_period_end("1988.02.??")
    (datetime.date(1988, 12, 31), datetime.date(1988, 2, 29))
    >>> parse_period_end("????.??.??"), parse_period_end("1988.02.03")
    (None, None)
    """
    m = _PARTIAL.match((text or "").strip())
    if m is None:
        return None
    year, month = int(m.group(1)), 12 if m.group(2) == "??" else int(m.group(2))
    if not 1 <= month <= 12 or year == 0:
        return None
    first_of_next = dt.date(year + (month == 12), month % 12 + 1, 1) if year < 9999 else None
    return None if first_of_next is None else first_of_next - dt.timedelta(days=1)


def parse_round(text: str | None) -> int | None:
    """``"3"`` and ``"3.1"`` are round 3; ``"?"``, ``"-"`` and empty are unknown.

    >>> parse_round("3.1"), parse_round("?")
    (3, None)
    """
    if text is None:
        return None
    m = re.match(r"^\s*([0-9]+)", text)
    if m is None:
        return None
    number = parse_count(m.group(1).lstrip("0") or "0", "round")  # 4,300 digits: one line
    return number if number > 0 else None


def slug(text: str) -> str:
    """``"84th Tata Steel Masters"`` → ``"84th-tata-steel-masters"``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@dataclass
class _Group:
    name: str
    first_line: int
    players: dict[str, PlayerEntry] = field(default_factory=dict)
    games: list[Game] = field(default_factory=list)
    unplayed: list[UnplayedRound] = field(default_factory=list)
    dates: list[dt.date] = field(default_factory=list)
    event_dates: list[dt.date] = field(default_factory=list)
    years: list[int] = field(default_factory=list)
    period_ends: list[dt.date] = field(default_factory=list)
    """The last days of the periods partial dates imply (``1988.??.??``: 1988-12-31)."""

    def add_dates(self, headers: chess.pgn.Headers) -> None:
        """A game's ``Date`` and ``EventDate``: complete dates, years, partial dates."""
        day = parse_date(headers.get("Date"))
        if day is not None:
            self.dates.append(day)
        event_day = parse_date(headers.get("EventDate"))
        if event_day is not None:
            self.event_dates.append(event_day)
        for tag in ("Date", "EventDate"):
            m = _YEAR.match(headers.get(tag, ""))
            if m is not None:
                self.years.append(int(m.group(1)))
            period_end = parse_period_end(headers.get(tag))
            if period_end is not None:
                self.period_ends.append(period_end)

    def head(self, used: set[str]) -> tuple[str, dt.date | None]:
        """The event's id (not one of ``used``, which it joins) and end date (the module
        docstring)."""
        end = max(self.dates) if self.dates else max(self.event_dates, default=None)
        if end is None and self.period_ends:
            end = max(self.period_ends)  # only partial dates: the end of their period
        year = end.year if end is not None else (max(self.years) if self.years else None)
        event_id = slug(self.name) or "event"
        if year is not None and not event_id.endswith(str(year)):
            event_id = f"{event_id}-{year}"
        base, n = event_id, 1
        while event_id in used:  # two Event tags with the same slug ("New York", "New York*")
            n += 1
            event_id = f"{base}-{n}"
        used.add(event_id)
        return event_id, end


def _finished_games(text: str) -> Iterator[tuple[int, chess.pgn.Headers, str]]:
    """Each finished game's line (of its first tag), tag pairs and result (``*``: left out)."""
    starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
    stream = io.StringIO(text)
    while True:
        offset = stream.tell()
        headers = chess.pgn.read_headers(stream)
        if headers is None:
            return
        tag_at = text.find("[", offset)
        line = bisect.bisect_right(starts, tag_at if tag_at >= 0 else offset)
        result = headers.get("Result", "*").strip()
        if result != "*":
            yield line, headers, result


def _event_name(headers: chess.pgn.Headers, where: str) -> str:
    """The game's ``Event`` tag, else the file's name."""
    name = headers.get("Event", "").strip()
    return Path(where).stem if not name or name == "?" else name


def _rating(text: str | None, where: str, line: int, tag: str) -> float | None:
    if text is None or not text.strip() or text.strip() in ("?", "-", "0"):
        return None
    try:
        value = parse_rating(text, tag)
    except InputError as exc:
        low, high = RATING_LIMITS
        shown = repr(text) if len(text) <= 40 else f"{text[:20]!r}…"
        raise InputError(
            f"{tag} {shown} is not a rating between {low:g} and {high:g}", path=where, line=line
        ) from exc
    return value if value > 0 else None


def _forfeit(termination: str) -> bool:
    """A ``Termination`` saying the game was not played: ``forfeit`` (not ``time forfeit``,
    a game lost on time, which was played and is rated)."""
    words = termination.strip().lower()
    return "forfeit" in words and "time" not in words


def _forfeits(
    white: str, black: str, score: float, rnd: int | None, line: int
) -> list[UnplayedRound]:
    """A forfeited game as two unplayed rounds: X for the winner, F for the loser; a drawn
    "forfeit" (both absent) is U for both. Never a rated game."""
    kinds = {
        1.0: (Unplayed.FORFEIT_WIN, Unplayed.FORFEIT_LOSS),
        0.0: (Unplayed.FORFEIT_LOSS, Unplayed.FORFEIT_WIN),
        0.5: (Unplayed.UNPLAYED, Unplayed.UNPLAYED),
    }[score]
    return [
        UnplayedRound(white, kinds[0], rnd, black, line),
        UnplayedRound(black, kinds[1], rnd, white, line),
    ]


def _name(headers: chess.pgn.Headers, side: str, where: str, line: int) -> str:
    """A side's player name, the player's id (refused: none, or ``?``)."""
    name = headers.get(side, "").strip()
    if not name or name == "?":
        raise InputError(f"the game has no {side} player name", path=where, line=line)
    return name


def _player(headers: chess.pgn.Headers, side: str, where: str, line: int) -> PlayerEntry:
    name = _name(headers, side, where, line)
    rating = _rating(headers.get(f"{side}Elo"), where, line, f"{side}Elo")
    uscf = _rating(headers.get(f"{side}USCF"), where, line, f"{side}USCF")
    fide_id = headers.get(f"{side}FideId", "").strip() or None
    title = headers.get(f"{side}Title", "").strip() or None
    federation = headers.get(f"{side}Fed", "").strip().upper() or None
    # WhiteElo is a FIDE rating, WhiteUSCF a US Chess one (docs/formats.md, D-prov-1).
    kind = RatingKind.FIDE if rating is not None else None
    if rating is None and uscf is not None:
        rating, kind, uscf = uscf, RatingKind.US_CHESS, None
    return PlayerEntry(
        id=name,
        name=name,
        rating=rating,
        rating_kind=kind,
        ratings=() if uscf is None else (Rating(RatingKind.US_CHESS, uscf),),
        fide=rating if kind == RatingKind.FIDE else None,
        fide_id=fide_id,
        title=title,
        federation=federation,
        line=line,
    )


def read(handle: TextIO, path: str | None = None) -> list[Event]:
    """Read every event of a PGN file (see the module docstring).

    Raises:
        InputError: a game without player names, a bad result or rating, a player
            playing themself; with the file and the line of the game.
    """
    where = path or "<pgn>"
    groups: dict[str, _Group] = {}
    for line, headers, result in _finished_games(handle.read()):
        name = _event_name(headers, where)
        group = groups.setdefault(name, _Group(name, line))
        white = _player(headers, "White", where, line)
        black = _player(headers, "Black", where, line)
        for p in (white, black):
            group.players.setdefault(p.id, p)
        try:
            score = parse_result(result)
            rnd = parse_round(headers.get("Round"))
            if _forfeit(headers.get("Termination", "")):
                group.unplayed += _forfeits(white.id, black.id, score, rnd, line)
            else:
                group.games.append(Game(white.id, black.id, score, rnd, line=line))
        except InputError as exc:
            raise exc.located(where, line) from None
        group.add_dates(headers)
    events = []
    used: set[str] = set()
    for group in groups.values():
        event_id, end = group.head(used)
        try:
            events.append(
                Event(
                    id=event_id,
                    name=group.name,
                    end_date=end,
                    end_date_implied=bool(end) and not (group.dates or group.event_dates),
                    players=tuple(group.players.values()),
                    games=tuple(group.games),
                    unplayed=tuple(group.unplayed),
                    source=where,
                )
            )
        except InputError as exc:
            raise exc.located(where, group.first_line) from None
    if not events:
        raise InputError("no finished game found (every result was '*')", path=where)
    return events


def read_season(handle: TextIO, path: str | None = None) -> Season:
    """The file's events as a columnar :class:`~arpad.season.Season`, equal column for
    column to ``Season.from_events(read(...))`` and rated alike by every system, built
    from each game's tag pairs with no :class:`~arpad.model.Event`,
    :class:`~arpad.model.Game` or :class:`~arpad.model.PlayerEntry` (a game's checks by
    :func:`~arpad.model.check_game`): ``WhiteElo`` and
    ``BlackElo`` become each member's rating at the event (his first game's,
    :attr:`~arpad.season.Season.member_rating`) of kind ``fide``. The season holds what
    rating reads (not titles, FIDE ids or federations). A file with a forfeit, a
    ``WhiteUSCF``/``BlackUSCF`` rating (another kind), or anything :func:`read` refuses
    goes through :func:`read`, which names the line.

    Raises:
        InputError: what :func:`read` refuses.
    """
    text = handle.read()
    season = _column_season(text, path or "<pgn>")
    if season is None:
        from arpad.season import Season

        season = Season.from_events(read(io.StringIO(text), path))
    return season


@dataclass
class _Columns:
    """A file's finished games as columns (:func:`_column_season`)."""

    event: list[int] = field(default_factory=list)
    white: list[str] = field(default_factory=list)
    black: list[str] = field(default_factory=list)
    score: list[float] = field(default_factory=list)
    white_elo: list[float] = field(default_factory=list)
    black_elo: list[float] = field(default_factory=list)


def _column_season(text: str, where: str) -> Season | None:
    """The season of a file every game of which :func:`read` takes as one rated game of
    players with at most a FIDE rating, else ``None``."""
    import numpy as np

    from arpad.season import EPOCH, NO_DAY, season_from_codes

    groups: dict[str, _Group] = {}
    number: dict[str, int] = {}
    cols = _Columns()
    try:
        for line, headers, result in _finished_games(text):
            if _forfeit(headers.get("Termination", "")):
                return None
            name = _event_name(headers, where)
            group = groups.setdefault(name, _Group(name, line))
            cols.event.append(number.setdefault(name, len(number)))
            white_id, w_elo = _side(headers, "White", where, line)
            black_id, b_elo = _side(headers, "Black", where, line)
            score = parse_result(result)
            check_game(white_id, black_id, score, parse_round(headers.get("Round")))
            cols.white.append(white_id)
            cols.black.append(black_id)
            cols.score.append(score)
            cols.white_elo.append(w_elo)
            cols.black_elo.append(b_elo)
            group.add_dates(headers)
        heads = _heads(groups.values())
    except (InputError, _NotPlain):
        return None
    if not cols.event:
        return None
    ids = sorted(set(cols.white) | set(cols.black))
    code = {pid: i for i, pid in enumerate(ids)}
    event_of = np.array(cols.event, dtype=np.int64)
    order = np.argsort(event_of, kind="stable")  # event by event, each in file order
    white = np.array([code[p] for p in cols.white], dtype=np.int32)[order]
    black = np.array([code[p] for p in cols.black], dtype=np.int32)[order]
    end = [NO_DAY if day is None else (day - EPOCH).days for _, day in heads]
    return season_from_codes(
        event_of[order],
        white,
        black,
        np.array(cols.score, dtype=float)[order],
        players=ids,
        event_ids=[event_id for event_id, _ in heads],
        end_day=np.array(end, dtype=np.int32),
        ratings=(np.array(cols.white_elo)[order], np.array(cols.black_elo)[order]),
        rating_kind=RatingKind.FIDE,
    )


class _NotPlain(Exception):
    """A game :func:`read` reads into more than the columns hold."""


def _side(headers: chess.pgn.Headers, side: str, where: str, line: int) -> tuple[str, float]:
    """A side's player id and FIDE rating (NaN: none), checked as :func:`_player` checks
    them (the entry's limits too: :meth:`arpad.model.PlayerEntry._check_limits`).

    Raises:
        InputError: what :func:`_player` refuses.
        _NotPlain: a US Chess rating beside or instead of the FIDE one.
    """
    name = _name(headers, side, where, line)
    rating = _rating(headers.get(f"{side}Elo"), where, line, f"{side}Elo")
    if _rating(headers.get(f"{side}USCF"), where, line, f"{side}USCF") is not None:
        raise _NotPlain(side)
    check_text(name, "player id", MAX_ID_LENGTH, line)
    for what, tag in (("fide_id", "FideId"), ("title", "Title"), ("federation", "Fed")):
        value = headers.get(f"{side}{tag}", "").strip()
        if value:
            check_text(value, what, MAX_CODE_LENGTH, line)
    return name, math.nan if rating is None else rating


def _heads(groups: Iterable[_Group]) -> list[tuple[str, dt.date | None]]:
    """Each group's event id and end date, checked as :class:`~arpad.model.Event` checks
    them.

    Raises:
        InputError: an id, name or date :class:`~arpad.model.Event` refuses.
    """
    used: set[str] = set()
    out = []
    for group in groups:
        event_id, end = group.head(used)
        check_text(event_id, "event id", MAX_ID_LENGTH)
        check_text(group.name, "event name")
        if end is not None:
            check_date(end, "end date")
        out.append((event_id, end))
    return out
