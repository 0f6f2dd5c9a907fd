"""``fide-printout/1``: the per-event lines of FIDE's six-monthly printout, as CSV.

The input of the 1994 FIDE-event adjustment (uscf-ratings-committee-1994.txt §6; the
printout's columns at L544). Documented in docs/formats.md. One row per player and event::

    # Kamsky, first half of 1993 (uscf-ratings-committee-1994.txt L544–L548)
    player,uscf,start,fed,city,ro,rc,w,n,chg
    Kamsky,2795,22.02.93,ESP,Linares,2655,2678,5.5,13,-0.61
    Kamsky,,20.03.93,USA,New York,2655,2372,2.5,3,-0.02

Required columns: ``player``, ``ro`` (pre-event FIDE rating), ``w`` (score), ``n``
(games), ``chg`` (score − expected). Optional: ``uscf`` (the player's current USCF
rating, on at least one of the player's rows unless given on the command line), ``start``,
``fed``, ``city``, ``rc``, ``k``, ``kchg`` (FIDE's K and rating change, ignored) and
``uscf_rated`` (``yes``/``no``: overrides the rule that events in the USA were USCF-rated).
Lines starting with ``#`` and blank lines are skipped. This is not an event format: it is
read by ``arpad fide-adjust``, not by ``arpad rate``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from arpad.errors import InputError
from arpad.io.fields import csv_rows, parse_decimal, parse_rating
from arpad.systems.uscf1994.fide_adjustment import PrintoutLine

REQUIRED = ("player", "ro", "w", "n", "chg")
OPTIONAL = ("uscf", "start", "fed", "city", "rc", "k", "kchg", "uscf_rated")
TRUE_WORDS = {"yes", "y", "true", "1"}
FALSE_WORDS = {"no", "n", "false", "0"}


def _content_lines(handle: TextIO) -> Iterable[tuple[int, str]]:
    for number, text in enumerate(handle, start=1):
        stripped = text.strip()
        if stripped and not stripped.startswith("#"):
            yield number, text


def read(handle: TextIO, path: str | None = None) -> list[PrintoutLine]:
    """Read the printout rows of a ``fide-printout/1`` file.

    Raises:
        InputError: a missing or unknown column, a malformed number, an impossible score,
            or two different USCF ratings for one player; the message names file and line.
    """
    numbered = list(_content_lines(handle))
    if not numbered:
        raise InputError("the file holds no printout lines", path=path)
    header_line, header_text = numbered[0]
    header = [h.strip().lower() for h in _cells(header_text, path, header_line)]
    unknown = [h for h in header if h not in REQUIRED + OPTIONAL]
    if unknown:
        raise InputError(
            f"unknown column {unknown[0]!r}; columns: {', '.join(REQUIRED + OPTIONAL)}",
            path=path,
            line=header_line,
        )
    missing = [h for h in REQUIRED if h not in header]
    if missing:
        raise InputError(f"missing column {missing[0]!r}", path=path, line=header_line)
    out: list[PrintoutLine] = []
    uscf_of: dict[str, float] = {}
    for number, text in numbered[1:]:
        cells = _cells(text, path, number)
        if len(cells) != len(header):
            raise InputError(
                f"{len(cells)} cells, the header has {len(header)}", path=path, line=number
            )
        row = {h: c.strip() for h, c in zip(header, cells, strict=True)}
        line = _row(row, path, number)
        if line.uscf is not None:
            known = uscf_of.setdefault(line.player, line.uscf)
            if known != line.uscf:
                raise InputError(
                    f"player {line.player!r} has USCF rating {known:g} on an earlier line",
                    path=path,
                    line=number,
                    field="uscf",
                )
        out.append(line)
    if not out:
        raise InputError("the file holds no printout lines", path=path)
    return out


def _cells(text: str, path: str | None, line: int) -> list[str]:
    return next((cells for _, cells in csv_rows([text], path, line)), [])


RATINGS = ("uscf", "ro", "rc")
"""The columns that hold ratings (checked against :data:`arpad.model.RATING_LIMITS`)."""


def _number(row: dict[str, str], key: str, path: str | None, line: int) -> float | None:
    text = row.get(key, "")
    if text == "":
        if key in REQUIRED:
            raise InputError(f"missing value for {key!r}", path=path, line=line, field=key)
        return None
    try:
        if key in RATINGS:
            return parse_rating(text, repr(key), line=line)
        return parse_decimal(text, repr(key), line=line)
    except InputError as exc:
        raise exc.located(path) from None


def _row(row: dict[str, str], path: str | None, line: int) -> PrintoutLine:
    player = row["player"]
    if not player:
        raise InputError("missing value for 'player'", path=path, line=line, field="player")
    fide = _number(row, "ro", path, line)
    score = _number(row, "w", path, line)
    games = _number(row, "n", path, line)
    change = _number(row, "chg", path, line)
    assert fide is not None and score is not None and games is not None and change is not None
    if games != int(games) or games < 1:
        raise InputError(
            f"'n' must be a whole number of games ≥ 1, not {row['n']!r}",
            path=path,
            line=line,
            field="n",
        )
    if not 0 <= score <= games or score * 2 != int(score * 2):
        raise InputError(
            f"'w' must be a score in half points between 0 and {int(games)}, not {row['w']!r}",
            path=path,
            line=line,
            field="w",
        )
    flag = row.get("uscf_rated", "").lower()
    if flag and flag not in TRUE_WORDS | FALSE_WORDS:
        raise InputError(
            f"'uscf_rated' must be yes or no, not {row['uscf_rated']!r}",
            path=path,
            line=line,
            field="uscf_rated",
        )
    return PrintoutLine(
        player=player,
        fide=fide,
        score=score,
        games=int(games),
        change=change,
        federation=row.get("fed", ""),
        start=row.get("start", ""),
        city=row.get("city", ""),
        opponents_average=_number(row, "rc", path, line),
        uscf_rated=None if not flag else flag in TRUE_WORDS,
        uscf=_number(row, "uscf", path, line),
        line=line,
    )
