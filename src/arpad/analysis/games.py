"""Reading lists of games for the tests of a rating system.

Three CSV layouts are recognised from their header line:

``pairs`` (arpad's own): a header naming ``white_rating``, ``black_rating`` and ``score``
    (White's: ``1``, ``0.5``, ``0``) or ``result`` (``1-0``, ``1/2-1/2``, ``0-1``); optional
    ``white``, ``black`` (player names or ids) and ``period`` (an integer such as a month
    or a year). Ratings may be left empty when the test is to fit them (``--train``).
``kaggle``: Jeff Sonas's 2010 "Elo versus the Rest of the World" files:
    ``"Month #","White Player #","Black Player #","Score"``. No ratings; the month is the
    period.
``kwiatkowski``: Marek Kwiatkowski's elite-games files, either
    ``date,white,black,result,opening,white_elo,black_elo`` or
    ``Event,Date,White,Black,Result,WhiteElo,BlackElo,ECO,SpeedChess``; the year is the
    period, ``SpeedChess = 1`` marks rapid and blitz games.

Errors name the file, the line and the field; nothing is returned from a bad file.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from arpad.errors import InputError
from arpad.io import read_text
from arpad.model import parse_result


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game as read: players, White's score, optional ratings and period."""

    white: str
    black: str
    score: float
    white_rating: float | None = None
    black_rating: float | None = None
    period: int | None = None
    rapid: bool = False
    """A rapid or blitz game (Kwiatkowski's ``SpeedChess``)."""
    line: int | None = None


@dataclass(frozen=True, slots=True)
class GameFile:
    """The games of one file and the layout they were read in."""

    path: str
    format: str
    games: tuple[GameRecord, ...]

    @property
    def has_ratings(self) -> bool:
        """True when every game carries both players' ratings."""
        return bool(self.games) and all(
            g.white_rating is not None and g.black_rating is not None for g in self.games
        )

    @property
    def periods(self) -> tuple[int, ...]:
        return tuple(sorted({g.period for g in self.games if g.period is not None}))


Row = Mapping[str, str]
Reader = Callable[[Row, int, str], GameRecord]


def _field(row: Row, name: str, line: int, path: str) -> str:
    value = row.get(name)
    if value is None:
        raise InputError(f"missing field {name!r}", path=path, line=line, field=name)
    return value.strip()


def _number(text: str, name: str, line: int, path: str) -> float | None:
    if text == "":
        return None
    try:
        return float(text)
    except ValueError:
        raise InputError(
            f"{name} must be a number, not {text!r}", path=path, line=line, field=name
        ) from None


def _score(text: str, name: str, line: int, path: str) -> float:
    if text == "":
        raise InputError(
            f"no {name} (Kaggle's test_data.csv withholds its results)"
            if name == "Score"
            else f"no {name}",
            path=path,
            line=line,
            field=name,
        )
    try:
        number = float(text)
    except ValueError:
        number = None
    if number in (0.0, 0.5, 1.0):
        return float(number)
    try:
        return parse_result(text)
    except InputError as exc:
        raise InputError(exc.message, path=path, line=line, field=name) from None


def _period(text: str, name: str, line: int, path: str) -> int | None:
    if text == "":
        return None
    try:
        return int(text)
    except ValueError:
        raise InputError(
            f"{name} must be a whole number, not {text!r}", path=path, line=line, field=name
        ) from None


def _pairs(row: Row, line: int, path: str) -> GameRecord:
    keys = {k.lower(): k for k in row if k is not None}

    def get(name: str) -> str:
        return _field(row, keys.get(name, name), line, path)

    score_name = "score" if "score" in keys else "result"
    return GameRecord(
        white=get("white") if "white" in keys else "",
        black=get("black") if "black" in keys else "",
        score=_score(get(score_name), score_name, line, path),
        white_rating=_number(get("white_rating"), "white_rating", line, path),
        black_rating=_number(get("black_rating"), "black_rating", line, path),
        period=_period(get("period"), "period", line, path) if "period" in keys else None,
        line=line,
    )


def _kaggle(row: Row, line: int, path: str) -> GameRecord:
    return GameRecord(
        white=_field(row, "White Player #", line, path),
        black=_field(row, "Black Player #", line, path),
        score=_score(_field(row, "Score", line, path), "Score", line, path),
        period=_period(_field(row, "Month #", line, path), "Month #", line, path),
        line=line,
    )


def _year(text: str, name: str, line: int, path: str) -> int:
    head = text[:4]
    if not head.isdigit():
        raise InputError(f"{name} must be a date, not {text!r}", path=path, line=line, field=name)
    return int(head)


def _kwiatkowski(row: Row, line: int, path: str) -> GameRecord:
    if "white_elo" in row:
        names = ("white", "black", "result", "white_elo", "black_elo", "date")
    else:
        names = ("White", "Black", "Result", "WhiteElo", "BlackElo", "Date")
    white, black, result, w_elo, b_elo, date = (_field(row, n, line, path) for n in names)
    speed = row.get("SpeedChess", "0") or "0"
    return GameRecord(
        white=white,
        black=black,
        score=_score(result, names[2], line, path),
        white_rating=_number(w_elo, names[3], line, path),
        black_rating=_number(b_elo, names[4], line, path),
        period=_year(date, names[5], line, path),
        rapid=speed.strip() == "1",
        line=line,
    )


READERS: Mapping[str, Reader] = {"pairs": _pairs, "kaggle": _kaggle, "kwiatkowski": _kwiatkowski}
"""Format name → row reader."""


def detect(header: list[str], path: str) -> str:
    """The layout named by a header line.

    Raises:
        InputError: no known layout.
    """
    fields = {h.strip() for h in header}
    lower = {h.lower() for h in fields}
    if {"Month #", "White Player #", "Black Player #", "Score"} <= fields:
        return "kaggle"
    if {"white_elo", "black_elo", "result"} <= fields or {"WhiteElo", "BlackElo"} <= fields:
        return "kwiatkowski"
    if {"white_rating", "black_rating"} <= lower and ({"score", "result"} & lower):
        return "pairs"
    raise InputError(
        "cannot tell the layout of this games file: the header needs white_rating, "
        "black_rating and score (or result), or be a Kaggle or Kwiatkowski file",
        path=path,
        line=1,
    )


PGN = "pgn"
"""A PGN file's games, each with the ratings its ``WhiteElo``/``BlackElo`` give the players
at the event (the PGN reader's, :mod:`arpad.io.pgn`), the period being the event's year."""


def _pgn_games(path: str | Path) -> GameFile:
    from arpad.io import read_events

    games = []
    for event in read_events(path, PGN):
        period = event.end_date.year if event.end_date is not None else None
        for g in event.games:
            white, black = event.player(g.white), event.player(g.black)
            games.append(
                GameRecord(
                    g.white, g.black, g.score, white.rating, black.rating, period, line=g.line
                )
            )
    if not games:
        raise InputError("the file holds no games", path=str(path))
    return GameFile(str(path), PGN, tuple(games))


def read_games(path: str | Path, fmt: str | None = None) -> GameFile:
    """Read a games file, detecting its layout unless ``fmt`` names one (a file that
    starts with a PGN tag is PGN).

    Raises:
        InputError: unreadable file, unknown layout, or a bad row (with its line).
    """
    text = read_text(path)
    name = str(path)
    if fmt == PGN or (fmt is None and text.lstrip("\ufeff \t\r\n").startswith("[")):
        return _pgn_games(path)
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    if header is None:
        raise InputError("the file is empty", path=name)
    layout = detect(header, name) if fmt is None else fmt
    if layout not in READERS:
        choices = ", ".join([*READERS, PGN])
        raise InputError(f"unknown games format {layout!r}; choose one of {choices}")
    read_row = READERS[layout]
    games = []
    for number, values in enumerate(reader, start=2):
        if not values or all(v.strip() == "" for v in values):
            continue
        if len(values) != len(header):
            raise InputError(
                f"{len(values)} fields where the header has {len(header)}", path=name, line=number
            )
        games.append(read_row(dict(zip(header, values, strict=True)), number, name))
    if not games:
        raise InputError("the file holds no games", path=name)
    return GameFile(name, layout, tuple(games))
