"""Write an event as a FIDE Tournament Report File, TRF16 or TRF26, so that arpad can produce
the report a federation submits.

Players are numbered in event order (a player whose id is already a starting rank keeps the
order of the file he came from). Ratings written are the pre-event ones, as a report gives
them. Played games are written ``1 = 0`` when rated, ``W D L`` when not (TRF26: "game lasted
< 1 move"); forfeits ``+ -``; byes ``H`` half-point, ``F`` full-point, ``Z`` zero-point.

TRF26 adds the round count (``142``), a national rating record (NRS) for each national
rating a player carries, and — when a rating result is given — ``###`` comment lines with
each player's rating change (comments are TRF26 only).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any, Literal

from arpad.errors import InputError
from arpad.io.fields import check_writable, line_breaking
from arpad.model import Event, PlayerEntry, RatingKind, Unplayed
from arpad.systems import EventRating

Version = Literal["16", "26"]

_BYE_CODE = {
    Unplayed.HALF_BYE: "H",
    Unplayed.FULL_BYE: "F",
    Unplayed.FORFEIT_WIN: "+",
    Unplayed.FORFEIT_LOSS: "-",
    Unplayed.UNPLAYED: "Z",
}
_TITLE_CODE = {"GM": "g", "IM": "m", "FM": "f", "WGM": "wg", "WIM": "wm", "WFM": "wf"}
_TITLE_CODE |= {"CM": "c", "WCM": "wc"}


def _date(day: dt.date | None) -> str:
    """``YYYY/MM/DD``, ten characters for every year (``strftime`` writes year 999 as
    ``999``, a character short of TRF's birth-date field)."""
    return "" if day is None else f"{day.year:04d}/{day.month:02d}/{day.day:02d}"


MAX_PLAYERS = 9999
"""TRF's starting-rank number, columns 5–8: "1 to 9999" (TRF26, Player Section)."""
MAX_POINTS = 99.5
"""TRF's points field, columns 81–84, format ``11.5``: at most 99.5 in four characters."""


def _field_check(version: Version, who: str, what: str, text: str, columns: str) -> None:
    """Refuse a text field that TRF's fixed columns cannot carry as it is: wider than the
    field, with a blank at either end (the reader strips fields) or a control character.
    FIDE's TRF16 and TRF26 (FIDE Handbook, TRF26 approved by the FIDE Council on
    12 May 2025, applied from 1 September 2025; Player Section) fix the fields' columns and
    say nothing of shortening a longer value, so arpad refuses it rather than cut it
    (D-robust2-1).

    Raises:
        InputError: one line naming the player, the field and its columns.
    """
    first, _, last = columns.partition("–")
    width = int(last or first) - int(first) + 1
    problem = None
    if len(text) > width:
        problem = f"has {len(text)} characters; TRF's field (columns {columns}) holds {width}"
    elif text != text.strip():
        problem = "begins or ends with a blank, which TRF's reader strips"
    elif line_breaking(text) is not None:
        problem = f"has a control character ({line_breaking(text)!r})"
    if problem is not None:
        raise InputError(f"cannot write TRF{version}: the {what} of {who} {problem}")


def _check_fixed_fields(event: Event, players: list[PlayerEntry], version: Version) -> None:
    """What each ``001`` record's fixed columns cannot carry, refused before a line is
    written (:func:`_field_check`); a name longer than 33 characters was cut before."""
    if len(players) > MAX_PLAYERS:
        raise InputError(
            f"cannot write TRF{version}: {len(players):,} players; a starting rank "
            f"(columns 5–8) is 1 to {MAX_PLAYERS}"
        )
    for p in players:
        who = f"player {p.id!r}"
        points = event.total_points(p.id)
        if points > MAX_POINTS:
            raise InputError(
                f"cannot write TRF{version}: {who} has {points:g} points; TRF's points "
                f"field (columns 81–84, format 11.5) holds at most {MAX_POINTS:g}"
            )
        _field_check(version, who, "name", p.name or p.id, "15–47")
        _field_check(version, who, "title", _title(p, version), "11–13")
        _field_check(version, who, "federation", p.federation or "", "54–56")
        _field_check(version, who, "FIDE ID", p.fide_id or "", "58–68")
        for rating in p.ratings if version == "26" else ():
            if rating.kind == RatingKind.NATIONAL and rating.federation:
                _field_check(version, who, "national federation", rating.federation, "1–3")


_SEX_CODES = {"m": "m", "male": "m", "w": "w", "f": "w", "female": "w"}
"""What TRF's column 10 carries for each sex code arpad reads (TRF16 and TRF26: ``m`` or
``w``; ``f``, FIDE's lists' letter, is written ``w`` and read back as ``f``)."""


def _sex_code(p: PlayerEntry, version: Version) -> str:
    """Column 10 for ``p``: ``m``, ``w`` or blank. Any other code is refused rather than
    cut to its first letter (``male`` was written ``m`` but ``female`` ``f``; D-robust2-1).

    Raises:
        InputError: one line naming the player and the code.
    """
    if not p.sex:
        return ""
    code = _SEX_CODES.get(p.sex.strip().lower())
    if code is None:
        raise InputError(
            f"cannot write TRF{version}: the sex of player {p.id!r} is {p.sex!r}; "
            "TRF's column 10 holds m or w (arpad also reads f, male and female)"
        )
    return code


def _title(p: PlayerEntry, version: Version) -> str:
    """The title as TRF writes it: TRF16's letters (``g``, ``m``, ``wg`` …), TRF26's
    ``GM``, ``IM``, ``WGM`` …"""
    title = p.title or ""
    return _TITLE_CODE.get(title.upper(), title) if version == "16" else title


def _points(x: float) -> str:
    return f"{x:4.1f}"


def _columns(cells: Iterable[tuple[int, str]]) -> str:
    """Place (1-based column, text) pieces on one line (a last piece of blanks, a file's
    blank round cell, is kept: it is a round)."""
    line: list[str] = []
    for col, text in cells:
        start = col - 1
        if len(line) < start:
            line.extend(" " * (start - len(line)))
        line[start : start + len(text)] = list(text)
    return "".join(line)


def _player_fields(number: int, p: PlayerEntry, version: Version) -> list[tuple[int, str]]:
    title = _title(p, version)
    sex = _sex_code(p, version)
    fide_rating = p.fide if p.fide is not None else p.rating
    if p.rating_kind not in (None, RatingKind.FIDE) and p.fide is None:
        fide_rating = None
    return [
        (1, "001"),
        (5, f"{number:>4}"),
        (10, sex),
        (11, f"{title:>3}" if title else ""),
        (15, p.name or p.id),
        (49, f"{fide_rating:>4.0f}" if fide_rating else ""),
        (54, p.federation or ""),
        (58, f"{p.fide_id:>11}" if p.fide_id else ""),
        (70, _date(p.birth_date)),
    ]


def _rounds(event: Event) -> list[int]:
    """Each game's round: its own, else the first round both players still have free."""
    busy: dict[str, set[int]] = {p.id: set() for p in event.players}
    for g in event.games:
        if g.round is not None:
            busy[g.white].add(g.round)
            busy[g.black].add(g.round)
    for u in event.unplayed:
        if u.round is not None:
            busy[u.player].add(u.round)
    out = []
    for g in event.games:
        r = g.round
        if r is None:
            r = 1
            while r in busy[g.white] or r in busy[g.black]:
                r += 1
            busy[g.white].add(r)
            busy[g.black].add(r)
        out.append(r)
    return out


BYE_DUMMIES = frozenset({"spielfrei", "freilos", "bye"})
"""Names of the dummy player some pairing programs list for the bye (Swiss-Chess writes
``spielfrei``): not a player; his rounds are byes of his opponents."""


def bye_dummies(event: Event) -> set[str]:
    """Ids of the event's bye dummies: named as one and with no game played."""
    played = {pid for g in event.games for pid in (g.white, g.black)}
    return {
        p.id
        for p in event.players
        if (p.name or "").strip().lower() in BYE_DUMMIES and p.id not in played
    }


def _numbers(players: list[PlayerEntry]) -> dict[str, int]:
    """Starting ranks: the file's own when every id is one (a TRF read back: ASCII digits that
    fit the four-digit rank column), else in order (ids such as FIDE IDs are not ranks)."""
    ids = [p.id for p in players]
    if all(i.isascii() and i.isdigit() and 0 < int(i) <= 9999 for i in ids) and len(
        set(map(int, ids))
    ) == len(ids):
        return {i: int(i) for i in ids}
    return {p.id: n for n, p in enumerate(players, start=1)}


def _cells(event: Event, numbers: dict[str, int]) -> tuple[dict[str, dict[int, str]], int]:
    """Each player's round cells (eight columns) and the number of rounds."""
    cells: dict[str, dict[int, str]] = {pid: {} for pid in numbers}
    rounds = 0
    for g, r in zip(event.games, _rounds(event), strict=True):
        rounds = max(rounds, r)
        codes = ("1", "=", "0") if g.rated else ("W", "D", "L")
        white = codes[{1.0: 0, 0.5: 1, 0.0: 2}[g.score]]
        black = codes[{1.0: 2, 0.5: 1, 0.0: 0}[g.score]]
        cells[g.white][r] = f"{numbers[g.black]:>4} w {white}"
        cells[g.black][r] = f"{numbers[g.white]:>4} b {black}"
    for u in event.unplayed:
        r = u.round or 0
        rounds = max(rounds, r)
        if u.player not in cells:
            continue  # a bye dummy's own rounds
        if u.cell is not None:  # the file's own code for it (U, a blank, 0000 - - …)
            cells[u.player][r] = u.cell
            continue
        opp = "0000" if u.opponent not in numbers else f"{numbers[u.opponent]:>4}"
        cells[u.player][r] = f"{opp} - {_BYE_CODE[u.kind]}"
    return cells, rounds


def _ranks(event: Event, players: list[PlayerEntry], rerank: bool) -> dict[str, int]:
    """The file's own ranks (with its tie-breaks; 0 for a withdrawn player) unless
    ``rerank``; by points (ties share a rank) where the file gives none."""
    points = {p.id: event.total_points(p.id) for p in players}
    order = sorted(points.values(), reverse=True)
    ranks = {pid: order.index(pts) + 1 for pid, pts in points.items()}
    if not rerank:
        ranks.update({p.id: p.rank for p in players if p.rank is not None})
    return ranks


def _header(event: Event, players: list[PlayerEntry], rounds: int, version: Version) -> list[str]:
    """The header: the file's own records in its order, those arpad derives (name, dates,
    counts, rounds) where the event says otherwise; the derived ones missing from the
    file in their place by code."""
    rated = sum(1 for p in players if p.rating is not None or p.fide is not None)
    # An online platform's export says so in 032, so the accounts read back (D-ident-6).
    platforms = {p.account.partition(":")[0] for p in players if p.account}
    derived: dict[str, tuple[str, object]] = {
        "012": (event.name or event.id, event.name or event.id),
        "042": (_date(event.start_date), event.start_date),
        "052": (_date(event.end_date), event.end_date),
        "062": (str(len(players)), len(players)),
        "072": (str(rated), rated),
    }
    if len(platforms) == 1:
        platform = platforms.pop().capitalize()
        derived["032"] = (platform, platform.lower())
    if version == "26":
        derived["142"] = (str(rounds), rounds)
    known = {code for code, _ in event.records}
    missing = sorted(c for c in derived if c not in known)
    lines = []
    for code, text in event.records:
        while missing and missing[0] < code:  # a derived record in its place by code
            lines.append(f"{missing[0]} {derived[missing.pop(0)][0]}")
        if code in derived and _value(code, text) != derived[code][1]:
            lines.append(f"{code} {derived[code][0]}")
        else:
            lines.append(code + text)
    return lines + [f"{c} {derived[c][0]}" for c in missing]


def _value(code: str, text: str) -> object:
    """A header record's value as the event holds it, to tell whether the event changed it."""
    from arpad.io.trf import parse_date

    t = text.strip()
    if code in ("042", "052"):
        return parse_date(t)
    if code in ("062", "072", "142"):
        return int(t) if t.isdigit() else None
    return t.lower() if code == "032" else t


def dumps(
    event: Event,
    version: Version = "16",
    result: EventRating[Any] | None = None,
    *,
    rerank: bool = False,
) -> str:
    """The event as TRF text, one record a line. A TRF read back keeps its header records,
    starting ranks, ranks (unless ``rerank``) and bye codes; a bye dummy is not written.

    Raises:
        InputError: what TRF cannot carry (:func:`arpad.io.fields.check_writable`).
    """
    check_writable(event, f"TRF{version}", line_format=True)
    dummies = bye_dummies(event)
    players = [p for p in event.players if p.id not in dummies]
    _check_fixed_fields(event, players, version)
    numbers = _numbers(players)
    cells, rounds = _cells(event, numbers)
    ranks = _ranks(event, players, rerank)
    lines = _header(event, players, rounds, version)
    national: list[str] = []
    for p in players:
        n = numbers[p.id]
        fields = _player_fields(n, p, version)
        fields += [(81, _points(event.total_points(p.id))), (86, f"{ranks[p.id]:>4}")]
        for r in range(1, rounds + 1):
            cell = cells[p.id].get(r)
            if cell is not None:
                fields.append((92 + 10 * (r - 1), cell))
        lines.append(_columns(fields))
        if version == "26":
            for rating in p.ratings:
                if rating.kind == RatingKind.NATIONAL and rating.federation:
                    rec = [(1, rating.federation.upper()), (5, f"{n:>4}")]
                    rec.append((49, f"{rating.value:>4.0f}"))
                    national.append(_columns(rec))
    lines += national
    if version == "26" and result is not None:
        lines.append(f"### {result.system}: starting rank, pre, post, change")
        for pr in result.players:
            if pr.player_id not in numbers:
                continue
            pre = "-" if pr.pre is None else f"{pr.pre:.0f}"
            post = "-" if pr.post is None else f"{pr.post:.0f}"
            change = "" if pr.change is None else f" {pr.change:+.0f}"
            lines.append(f"### {numbers[pr.player_id]:>4} {pre} {post}{change}")
    return "\n".join(lines) + "\n"
