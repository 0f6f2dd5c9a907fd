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
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

import chess.pgn

from arpad.errors import InputError
from arpad.io.fields import parse_count, parse_rating
from arpad.model import (
    RATING_LIMITS,
    Event,
    Game,
    PlayerEntry,
    Rating,
    RatingKind,
    Unplayed,
    UnplayedRound,
    parse_result,
)

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


def _player(headers: chess.pgn.Headers, side: str, where: str, line: int) -> PlayerEntry:
    name = headers.get(side, "").strip()
    if not name or name == "?":
        raise InputError(f"the game has no {side} player name", path=where, line=line)
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


def read(handle: TextIO, path: str | None = None) -> list[Event]:  # noqa: C901
    """Read every event of a PGN file (see the module docstring).

    Raises:
        InputError: a game without player names, a bad result or rating, a player
            playing themself; with the file and the line of the game.
    """
    where = path or "<pgn>"
    text = handle.read()
    starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
    stream = io.StringIO(text)
    groups: dict[str, _Group] = {}
    while True:
        offset = stream.tell()
        headers = chess.pgn.read_headers(stream)
        if headers is None:
            break
        tag_at = text.find("[", offset)
        line = bisect.bisect_right(starts, tag_at if tag_at >= 0 else offset)
        result = headers.get("Result", "*").strip()
        if result == "*":
            continue
        name = headers.get("Event", "").strip()
        if not name or name == "?":
            name = Path(where).stem
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
        day = parse_date(headers.get("Date"))
        if day is not None:
            group.dates.append(day)
        event_day = parse_date(headers.get("EventDate"))
        if event_day is not None:
            group.event_dates.append(event_day)
        for tag in ("Date", "EventDate"):
            m = _YEAR.match(headers.get(tag, ""))
            if m is not None:
                group.years.append(int(m.group(1)))
            period_end = parse_period_end(headers.get(tag))
            if period_end is not None:
                group.period_ends.append(period_end)
    events = []
    used: set[str] = set()
    for group in groups.values():
        end = max(group.dates) if group.dates else max(group.event_dates, default=None)
        if end is None and group.period_ends:
            end = max(group.period_ends)  # only partial dates: the end of their period
        year = end.year if end is not None else (max(group.years) if group.years else None)
        event_id = slug(group.name) or "event"
        if year is not None and not event_id.endswith(str(year)):
            event_id = f"{event_id}-{year}"
        base, n = event_id, 1
        while event_id in used:  # two Event tags with the same slug ("New York", "New York*")
            n += 1
            event_id = f"{base}-{n}"
        used.add(event_id)
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
