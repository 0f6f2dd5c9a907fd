"""The crosstable text printed by the US Chess member-services site (MSA).

Two (or more) lines per player between dashed rules::

        7 | JANE Q PLAYER                   |5.0  |W  57|W  46|L   1|H    |D   9|
       MI | 12345678 / R: 1649   ->1673     |N:3  |W    |B    |B    |     |W    |

Line 1: pair number, name, total, one cell per round: ``W``/``L``/``D`` and the
opponent's pair number (rated games), or ``H`` half-point bye, ``B`` full-point bye,
``X`` forfeit win, ``F`` forfeit loss, ``U`` unplayed (never rated).
Line 2: state, member id, ``R: pre ->post`` (``1641P17`` = provisional on 17 games; no
``P`` = established; ``Unrated``), the norm, and the colour per round (``W``/``B``).
A further line ``Q: pre ->post`` (or ``B:``) gives the other rating of a dual-rated event.

The published post-event rating is kept for comparison only. Established ratings do
not show N; the reader takes N = 50 for them, which gives N' = N* exactly whenever the
player has at least N* games (docs/decisions.md D-io-1).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from arpad.errors import InputError
from arpad.io.fields import parse_count, parse_rating
from arpad.model import (
    Event,
    Game,
    PlayerEntry,
    Pool,
    PoolRating,
    RatingKind,
    Unplayed,
    UnplayedRound,
)

ESTABLISHED_UNKNOWN_GAMES = 50
"""N assumed for an established rating printed without its game count (D-io-1)."""

_PAIR_LINE = re.compile(r"^\s*(\d+)\s*\|", re.ASCII)
_RULE = re.compile(r"^\s*-{10,}\s*$")
_RATING = re.compile(
    r"(?P<label>[RQB]):\s*(?P<pre>Unrated|Unr\.?|\d+(?:P\d+)?|\(?Unr\.?\)?)\s*"
    r"->\s*(?P<post>\d+(?:P\d+)?)?",
    re.IGNORECASE | re.ASCII,
)
_CELL = re.compile(r"^(?P<code>[WLDXFHBU])\s*(?P<opp>\d+)?$", re.ASCII)
_ISO_DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b", re.ASCII)
_LABEL_POOL = {"R": Pool.REGULAR, "Q": Pool.QUICK, "B": Pool.BLITZ}


@dataclass
class _Rating:
    label: str
    pre: float | None
    games: int
    provisional: bool
    post: float | None
    post_games: int | None


@dataclass
class _Row:
    pair: int
    name: str
    line: int
    cells: list[str]
    member_id: str | None = None
    colours: list[str] = field(default_factory=list)
    ratings: list[_Rating] = field(default_factory=list)


def _parse_rating(m: re.Match[str], path: str, line: int) -> _Rating:
    pre_text = m.group("pre")
    post_text = m.group("post")
    pre: float | None
    if pre_text[0].isdigit():
        num, _, games = pre_text.upper().partition("P")
        pre = parse_rating(num, "pre-event rating", line=line)
        provisional = bool(games)
        n = parse_count(games, "games", line=line) if games else ESTABLISHED_UNKNOWN_GAMES
    else:
        pre, provisional, n = None, False, 0
    post = post_games = None
    if post_text:
        num, _, pg = post_text.upper().partition("P")
        post = parse_rating(num, "post-event rating", line=line)
        post_games = parse_count(pg, "games", line=line) if pg else None
    if pre is not None and pre <= 0:
        raise InputError(f"rating {pre_text!r} must be positive", path=path, line=line)
    return _Rating(m.group("label").upper(), pre, n, provisional, post, post_games)


def _cells(text: str) -> list[str]:
    parts = [c.strip() for c in text.split("|")]
    if parts and parts[-1] == "":
        parts.pop()
    return parts


class _Section:
    def __init__(self, title: str) -> None:
        self.title = title
        self.rows: list[_Row] = []


def _read_rows(lines: list[str], path: str) -> tuple[list[_Section], list[str]]:  # noqa: C901
    sections: list[_Section] = []
    header: list[str] = []
    current: _Section | None = None
    pending_title = ""
    row: _Row | None = None
    for number, raw in enumerate(lines, start=1):
        text = raw.rstrip("\n")
        if not text.strip() or _RULE.match(text):
            row = None if _RULE.match(text) else row
            continue
        pair = _PAIR_LINE.match(text)
        if pair:
            cells = _cells(text)
            if len(cells) < 3:
                raise InputError("a player line needs pair | name | total", path=path, line=number)
            pair_no = parse_count(pair.group(1), "pair number", line=number)
            if current is None or (current.rows and pair_no <= current.rows[-1].pair):
                current = _Section(pending_title)
                sections.append(current)
            row = _Row(pair_no, cells[1], number, cells[3:])
            current.rows.append(row)
            continue
        if "|" in text and row is not None:
            cells = _cells(text)
            found = False
            for m in _RATING.finditer(text):
                row.ratings.append(_parse_rating(m, path, number))
                found = True
            if len(cells) > 1:
                ident = re.match(r"^\s*(\d{5,})", cells[1], re.ASCII)
                if ident and row.member_id is None:
                    row.member_id = ident.group(1)
            if found and not row.colours and len(cells) > 3:
                row.colours = cells[3:]
            if not found and row.member_id is None:
                raise InputError(
                    "expected 'ID / R: pre ->post' on the line after a player",
                    path=path,
                    line=number,
                )
            continue
        if "|" in text:  # table header lines ("Pair | Player Name | Total | Round 1 ...")
            continue
        header.append(text.strip())
        if text.strip().lower().startswith("section"):
            pending_title = text.strip()
    return sections, header


def _end_date(header: list[str]) -> dt.date | None:
    dates = []
    for text in header:
        for iso in _ISO_DATE.findall(text):
            try:
                dates.append(dt.date.fromisoformat(iso))
            except ValueError:
                continue
    return max(dates) if dates else None


def _event_name(header: list[str]) -> str:
    for text in header:
        if text.lower().startswith("event:"):
            return text.split(":", 1)[1].strip()
    return header[0] if header else ""


def _section_event(  # noqa: C901
    section: _Section, event_id: str, name: str, end: dt.date | None, path: str
) -> Event:
    rows = {r.pair: r for r in section.rows}
    ids: dict[int, str] = {}
    taken: set[str] = set()  # ids.values() as a set: a linear scan per row was quadratic
    for r in section.rows:
        ids[r.pair] = r.member_id if r.member_id and r.member_id not in taken else str(r.pair)
        taken.add(ids[r.pair])
    primary = next((r.ratings[0].label for r in section.rows if r.ratings), "R")
    pool = _LABEL_POOL[primary]
    dual = any(len({x.label for x in r.ratings}) > 1 for r in section.rows)
    players = []
    for r in section.rows:
        main = next((x for x in r.ratings if x.label == primary), None)
        others = {
            _LABEL_POOL[x.label]: PoolRating(x.pre, x.games, None if x.provisional else True)
            for x in r.ratings
            if x.label != primary and x.pre is not None
        }
        players.append(
            PlayerEntry(
                id=ids[r.pair],
                name=r.name,
                rating=None if main is None else main.pre,
                rating_kind=None if main is None or main.pre is None else RatingKind.US_CHESS,
                games=0 if main is None or main.pre is None else main.games,
                other_pools=others,
                provisional=None if main is None or main.pre is None else main.provisional,
                published_post=None if main is None else main.post,
                published_games_after=None if main is None else main.post_games,
                line=r.line,
            )
        )
    for r in section.rows:
        for rnd, cell in enumerate(r.cells, start=1):
            if cell and _CELL.match(cell) is None:
                raise InputError(f"round {rnd}: cannot read cell {cell!r}", path=path, line=r.line)
    games: list[Game] = []
    unplayed: list[UnplayedRound] = []
    for r in section.rows:
        for rnd, cell in enumerate(r.cells, start=1):
            m = _CELL.match(cell)
            if m is None:
                continue
            code, opp_text = m.group("code"), m.group("opp")
            if code in "WLD":
                if opp_text is None:
                    raise InputError(
                        f"round {rnd}: {cell!r} needs an opponent pair number",
                        path=path,
                        line=r.line,
                    )
                try:
                    opp = parse_count(opp_text, "opponent pair number", line=r.line)
                except InputError as exc:
                    raise exc.located(path) from None
                other = rows.get(opp)
                if other is None:
                    raise InputError(
                        f"round {rnd}: opponent {opp} is not in this section",
                        path=path,
                        line=r.line,
                    )
                expected = {"W": "L", "L": "W", "D": "D"}[code]
                theirs = other.cells[rnd - 1] if rnd <= len(other.cells) else ""
                tm = _CELL.match(theirs)
                if tm is None or tm.group("code") != expected or tm.group("opp") != str(r.pair):
                    raise InputError(
                        f"round {rnd}: pair {r.pair} has {cell!r} but pair {opp} has "
                        f"{theirs!r}; expected '{expected} {r.pair}'",
                        path=path,
                        line=r.line,
                    )
                if r.pair > opp:
                    continue  # the game is created once, from the lower pair number
                score = {"W": 1.0, "L": 0.0, "D": 0.5}[code]
                colour = r.colours[rnd - 1] if rnd <= len(r.colours) else ""
                if colour == "B":
                    games.append(Game(ids[opp], ids[r.pair], 1.0 - score, rnd, line=r.line))
                else:
                    games.append(Game(ids[r.pair], ids[opp], score, rnd, line=r.line))
            else:
                opp_id = None
                if opp_text:  # a forfeit's opponent: thousands of digits broke int()
                    try:
                        opp_id = ids.get(parse_count(opp_text, "opponent pair number", line=r.line))
                    except InputError as exc:
                        raise exc.located(path) from None
                unplayed.append(UnplayedRound(ids[r.pair], Unplayed(code), rnd, opp_id, r.line))
    return Event(
        id=event_id,
        name=name,
        end_date=end,
        pool=pool,
        dual_rated=dual,
        players=tuple(players),
        games=tuple(games),
        unplayed=tuple(unplayed),
        source=path,
    )


def read(handle: TextIO, path: str | None = None) -> list[Event]:
    """Read every section of a crosstable as one event each.

    Raises:
        InputError: with the file and line of the first problem.
    """
    where = path or "<crosstable>"
    sections, header = _read_rows(handle.read().splitlines(), where)
    if not sections:
        raise InputError(
            "no player lines found (expected '  7 | NAME | 5.0 | W  57 |...')", path=where
        )
    stem = Path(where).stem
    end = _end_date(header)
    name = _event_name(header)
    events = []
    for i, section in enumerate(sections, start=1):
        event_id = stem if len(sections) == 1 else f"{stem}-s{i}"
        title = name if not section.title or section.title == name else f"{name} {section.title}"
        events.append(_section_event(section, event_id, title.strip(), end, where))
    return events


def sniff(head: str, path: str) -> bool:
    """A crosstable has pair-number lines and ``R: … ->`` rating lines."""
    return bool(re.search(r"^\s*\d+\s*\|", head, re.M)) and bool(_RATING.search(head))
