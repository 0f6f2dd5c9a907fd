"""FIDE Tournament Report File (TRF16 and TRF26), tolerant of the variations found in real
files. TRF26's own records (comments, national ratings, 240 byes) are read by
:mod:`arpad.io.trf26`.

The format (FIDE Handbook C.04 Annex 2, "TRF16") is fixed-column text. Header records:
``012`` name, ``022`` city, ``032`` federation, ``042`` start date, ``052`` end date, ``062``
players, ``072`` rated players, ``092`` type, ``102``/``112`` arbiters, ``122`` time control,
``132`` round dates; ``XXR`` (rounds) and ``XXC`` are pairing-program extensions. One ``001``
record per player (columns 1-based)::

    1-3  001        10    sex (m/f)      11-13 title     15-47 name
    49-52 rating    54-56 federation     58-68 FIDE id   70-79 birth date
    81-84 points    86-89 rank           then per round, from column 92, ten columns:
                                         92-95 opponent, 97 colour (w/b/-), 99 result

Result codes: ``1 = 0`` played games, ``W D L`` played but not rated, ``+ -`` forfeit win /
loss, ``H`` half-point bye, ``F`` full-point bye, ``U`` pairing-allocated bye (scores a
point), ``Z`` or blank zero-point bye. Byes and forfeits become :class:`UnplayedRound` records
(never rated); an opponent of ``0000`` or blank with ``+`` is a full-point bye, with ``-`` an
unplayed round.

Real-world variations accepted: CRLF and tabs, a BOM, Latin-1 text, short lines, lowercase or
uppercase codes, a comma as decimal point, birth dates as ``YYYY/MM/DD``, ``YYYY.MM.DD``,
``YYYY-MM-DD`` or ``YYYY`` (or zeros), rating ``0`` for unrated, round sections shifted by a
column (then read as tokens), old title codes (``g m f wg wm wf``), header dates in many
forms, unknown record types (ignored). Contradictions — two players disagreeing on a game
they both report — are errors naming the line.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TextIO

from arpad.errors import InputError
from arpad.io import trf26
from arpad.io.fields import is_digits, parse_count, parse_decimal, parse_rating
from arpad.model import Event, EventKind, Game, PlayerEntry, RatingKind, Unplayed, UnplayedRound

log = logging.getLogger(__name__)

ROUND_START = 91
"""0-based column where the first round's ten columns begin (column 92)."""
ROUND_WIDTH = 10

PLAYED = {"1": 1.0, "=": 0.5, "0": 0.0}
UNRATED_PLAYED = {"W": 1.0, "D": 0.5, "L": 0.0}
BYE_CODES = {
    "H": Unplayed.HALF_BYE,
    "F": Unplayed.FULL_BYE,
    "U": Unplayed.FULL_BYE,
    "Z": Unplayed.UNPLAYED,
}
TITLES = {
    "G": "GM",
    "M": "IM",
    "F": "FM",
    "WG": "WGM",
    "WM": "WIM",
    "WF": "WFM",
    "C": "CM",
    "WC": "WCM",
}
_CELL = re.compile(r"^[ 0-9]{4} [wbWB\- ] [10=+\-WDLHFUZwdlhfuz ]$")
_MONTHS = {
    m: i
    for i, m in enumerate(
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1
    )
}


def sniff(head: str, path: str) -> bool:
    """A TRF file has ``001`` player records (and usually ``012`` and friends)."""
    lines = [ln for ln in head.splitlines() if ln.strip()]
    if not lines or lines[0].lstrip().startswith(("{", "[")):
        return False
    return any(re.match(r"^001 ", ln) for ln in lines) or (
        Path(path).suffix.lower() == ".trf" and any(re.match(r"^\d{3} ", ln) for ln in lines)
    )


@dataclass(frozen=True, slots=True)
class _Cell:
    round: int
    opponent: int | None
    colour: str
    code: str
    text: str | None = None
    """The eight columns as the file wrote them (fixed-column rows only)."""


@dataclass(frozen=True, slots=True)
class _Player:
    number: int
    entry: PlayerEntry
    points: float | None
    cells: tuple[_Cell, ...]
    line: int


def parse_date(text: str) -> dt.date | None:
    """Dates as TRF files write them; ``None`` when empty, zero or only a year.

    >>> parse_date("2005/07/31"), parse_date("28. 07. 2005"), parse_date("May 29, 2020")
    (datetime.date(2005, 7, 31), datetime.date(2005, 7, 28), datetime.date(2020, 5, 29))
    """
    t = text.strip()
    if not t or set(t) <= set("0/.- "):
        return None
    m = re.fullmatch(r"(\d{4})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{1,2})", t, re.ASCII)
    if m:
        y, mo, d = (int(x) for x in m.groups())
    elif m := re.fullmatch(r"(\d{1,2})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{4})", t, re.ASCII):
        d, mo, y = (int(x) for x in m.groups())
    elif m := re.fullmatch(r"([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})", t, re.ASCII):
        mo, d, y = _MONTHS.get(m.group(1).lower(), 0), int(m.group(2)), int(m.group(3))
    elif m := re.fullmatch(r"(\d{1,2})\.?\s+([A-Za-z]{3})[a-z]*\.?\s+(\d{4})", t, re.ASCII):
        d, mo, y = int(m.group(1)), _MONTHS.get(m.group(2).lower(), 0), int(m.group(3))
    else:
        return None
    if mo == 0 or d == 0:
        return None
    try:
        return dt.date(y, mo, d)
    except ValueError:
        return None


def _field(line: str, start: int, end: int) -> str:
    """Columns ``start``..``end`` (1-based, inclusive)."""
    return line[start - 1 : end].strip()


def _cells_fixed(line: str) -> list[_Cell] | None:
    rest = line[ROUND_START:]
    cells = []
    for r, i in enumerate(range(0, len(rest), ROUND_WIDTH), start=1):
        raw = rest[i : i + 8].ljust(8)
        if not raw.strip():
            cells.append(_Cell(r, None, "", "Z", raw))
            continue
        if not _CELL.match(raw):
            return None
        opp = raw[:4].strip()
        if opp and not is_digits(opp):  # "1 2": an inner space; read as tokens instead
            return None
        cells.append(
            _Cell(
                r,
                int(opp) if opp and int(opp) > 0 else None,
                raw[5].strip().lower(),
                raw[7].upper(),
                raw,
            )
        )
    return cells


def _cells_tokens(text: str, path: str | None, line_no: int) -> list[_Cell]:
    """Round data read as tokens when the columns are shifted."""
    tokens = text.split()
    cells: list[_Cell] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        r = len(cells) + 1
        if is_digits(tok):
            if i + 2 < len(tokens) and tokens[i + 1].lower() in ("w", "b", "-"):
                colour = tokens[i + 1].lower()
                opponent = parse_count(tok, "opponent", line=line_no)
                cells.append(_Cell(r, opponent or None, colour, tokens[i + 2].upper()))
                i += 3
                continue
            raise InputError(f"cannot read the round data near {tok!r}", path=path, line=line_no)
        code = tok.upper()
        if code in ("H", "F", "U", "Z", "-", "+"):
            cells.append(_Cell(r, None, "", code))
            i += 1
            continue
        raise InputError(f"unknown round entry {tok!r}", path=path, line=line_no)
    return cells


def _player(line: str, line_no: int, path: str | None) -> _Player:
    line = line.expandtabs().rstrip("\r\n")
    number_text = _field(line, 5, 8)
    if not is_digits(number_text):
        raise InputError(
            f"starting rank must be a number, not {number_text!r}",
            path=path,
            line=line_no,
            column=5,
            field="start rank",
        )
    number = parse_count(number_text, "starting rank", line=line_no)
    sex = _field(line, 10, 10).lower() or None
    title_code = _field(line, 11, 13).upper()
    title = TITLES.get(title_code, title_code) or None
    name = _field(line, 15, 47)
    rating_text = _field(line, 49, 52)
    if rating_text and not is_digits(rating_text):
        raise InputError(
            f"rating must be a number, not {rating_text!r}",
            path=path,
            line=line_no,
            column=49,
            field="rating",
        )
    rating = parse_rating(rating_text, line=line_no) if rating_text.strip("0") else None
    federation = _field(line, 54, 56) or None
    fide_text = _field(line, 58, 68)
    fide_id = fide_text if fide_text.strip("0") else None
    birth_text = _field(line, 70, 79)
    points_text = _field(line, 81, 84).replace(",", ".")
    points = parse_decimal(points_text, "points", line=line_no) if points_text else None
    rank_text = _field(line, 86, 89)
    rank = int(rank_text) if is_digits(rank_text) else None  # 0: withdrawn, unranked
    cells = _cells_fixed(line)
    if cells is None:
        cells = _cells_tokens(line[89:], path, line_no)
    entry = PlayerEntry(
        id=str(number),
        name=name,
        rating=rating,
        rating_kind=None if rating is None else RatingKind.FIDE,
        fide=rating,
        birth_date=parse_date(birth_text),
        title=title,
        federation=federation,
        sex={"w": "f"}.get(sex, sex) if sex else None,
        fide_id=fide_id,
        line=line_no,
        rank=rank,
    )
    return _Player(number, entry, points, tuple(cells), line_no)


def read(handle: TextIO, path: str | None = None) -> list[Event]:
    """Read one TRF16 file as one event.

    Raises:
        InputError: no player records, a malformed record, an unknown opponent, or two
            players reporting the same game differently.
    """
    header: dict[str, str] = {}
    kept: list[tuple[str, str]] = []  # every header record, in order, for writing back
    players: dict[int, _Player] = {}
    records: list[tuple[int, str]] = []  # TRF26's comments, national ratings, byes
    for line_no, raw in enumerate(handle, start=1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        code = line[:3]
        if trf26.is_template(line):
            log.warning("%s:%d: column template row skipped: %s", path, line_no, line[:40])
        elif code == "001":
            p = _player(line, line_no, path)
            if p.number in players:
                raise InputError(
                    f"starting rank {p.number} appears twice (first at line "
                    f"{players[p.number].line})",
                    path=path,
                    line=line_no,
                )
            players[p.number] = p
        elif trf26.is_trf26_record(code):
            records.append((line_no, line))
        else:
            kept.append((code, line[3:]))
            header.setdefault(code, line[4:].strip())
    if not players:
        raise InputError("no player records (001 lines): not a TRF file?", path=path)
    games, unplayed = _games(players, path)
    entries, unplayed = trf26.apply(
        {n: p.entry for n, p in players.items()}, unplayed, records, path
    )
    platform = _platform(header)
    if platform is not None:
        entries = {
            n: replace(e, account=f"{platform}:{e.name}") if e.name else e
            for n, e in entries.items()
        }
    name = header.get("012", "")
    event_id = name or (Path(path).stem if path else "trf-event")
    event = Event(
        id=event_id,
        name=name,
        players=tuple(entries[n] for n in sorted(players)),
        games=tuple(games),
        end_date=parse_date(header.get("052", "")),
        start_date=parse_date(header.get("042", "")),
        kind=EventKind.TOURNAMENT,
        unplayed=tuple(unplayed),
        source=path,
        records=tuple(kept),
    )
    _check_points(event, players)
    return [event]


ONLINE_PLATFORMS = {"lichess": "lichess.org"}
"""Online platforms whose TRF exports name the platform as the federation (``032 Lichess``)
or its site (``022 https://lichess.org/…``); their player names are account names, unique
on the platform (D-ident-6)."""


def _platform(header: Mapping[str, str]) -> str | None:
    """The online platform a file was exported from, if its header says so."""
    federation, site = header.get("032", "").strip().lower(), header.get("022", "").lower()
    for platform, host in ONLINE_PLATFORMS.items():
        if federation == platform or f"//{host}/" in site:
            return platform
    return None


def _games(players: dict[int, _Player], path: str | None) -> tuple[list[Game], list[UnplayedRound]]:  # noqa: C901
    games: list[Game] = []
    unplayed: list[UnplayedRound] = []
    seen: dict[tuple[int, int, int], tuple[str, int]] = {}
    for p in players.values():
        me = str(p.number)
        for c in p.cells:
            if c.opponent is None:
                kind = _bye(c.code)
                if kind is not None:
                    unplayed.append(UnplayedRound(me, kind, c.round, None, p.line, c.text))
                continue
            if c.opponent not in players:
                raise InputError(
                    f"round {c.round}: opponent {c.opponent} is not a player of this file",
                    path=path,
                    line=p.line,
                )
            if c.opponent == p.number:
                raise InputError(f"round {c.round}: paired with himself", path=path, line=p.line)
            opp = str(c.opponent)
            if c.code in ("+", "-"):
                kind = Unplayed.FORFEIT_WIN if c.code == "+" else Unplayed.FORFEIT_LOSS
                unplayed.append(UnplayedRound(me, kind, c.round, opp, p.line, c.text))
                continue
            if c.code in PLAYED or c.code in UNRATED_PLAYED:
                score = PLAYED.get(c.code, UNRATED_PLAYED.get(c.code))
                assert score is not None
                key = (min(p.number, c.opponent), max(p.number, c.opponent), c.round)
                mine = (c.code, p.line)
                if key in seen:
                    other_code, other_line = seen[key]
                    other_score = PLAYED.get(other_code, UNRATED_PLAYED.get(other_code))
                    if other_score is None or other_score + score != 1.0:
                        raise InputError(
                            f"round {c.round}: players {key[0]} and {key[1]} report the game "
                            f"differently ({other_code!r} at line {other_line}, {c.code!r} here)",
                            path=path,
                            line=p.line,
                        )
                    continue
                seen[key] = mine
                white_first = c.colour != "b"
                if c.colour not in ("w", "b"):
                    white_first = p.number < c.opponent
                white, black = (me, opp) if white_first else (opp, me)
                games.append(
                    Game(
                        white,
                        black,
                        score if white_first else 1.0 - score,
                        c.round,
                        rated=c.code in PLAYED,
                        line=p.line,
                    )
                )
                continue
            kind = _bye(c.code)
            if kind is None:
                raise InputError(
                    f"round {c.round}: unknown result code {c.code!r}", path=path, line=p.line
                )
            unplayed.append(UnplayedRound(me, kind, c.round, opp, p.line, c.text))
    return games, unplayed


def _bye(code: str) -> Unplayed | None:
    if code in BYE_CODES:
        return BYE_CODES[code]
    if code == "+":
        return Unplayed.FULL_BYE
    if code in ("-", " ", ""):
        return Unplayed.UNPLAYED
    return None


def _check_points(event: Event, players: dict[int, _Player]) -> None:
    """Warn (not fail) when a player's points column differs from his results: tournaments
    score byes differently."""
    for p in players.values():
        if p.points is None:
            continue
        total = event.total_points(str(p.number))
        if abs(total - p.points) > 1e-9:
            log.warning(
                "%s:%d: points column %s but the rounds add up to %s",
                event.source,
                p.line,
                p.points,
                total,
            )
