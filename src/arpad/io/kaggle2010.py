"""The games of Kaggle's 2010 contest "Chess ratings – Elo versus the Rest of the World".

Four columns, a quoted header, one game a row (Jeff Sonas's files ``training_data.csv``,
``cross_validation_dataset.csv``, ``test_data.csv``)::

    "Month #","White Player #","Black Player #","Score"
    1,73,1246,0.5

Months are numbered from 1 and have no calendar date, so each month becomes one event
(the rating period, D-eval-2) whose end date is a stand-in: month *n* is the *n*-th month
counted from January of year 1 (month 96 is ``0008-12-01``). The period numbers of
``arpad evaluate --train-until 95`` are then the contest's month numbers. Player ids are
the file's numbers. Rows without a score (``test_data.csv``, whose answers Kaggle withheld)
are refused with their line.
"""

from __future__ import annotations

import csv
import datetime as dt
from typing import TYPE_CHECKING, TextIO

from arpad.errors import InputError
from arpad.io.fields import (
    byte_texts,
    csv_rows,
    distinct_codes,
    distinct_values,
    parse_count,
    plain_block,
    season_of_text,
)
from arpad.model import DATE_LIMITS, MAX_ID_LENGTH, Event, Game, PlayerEntry

if TYPE_CHECKING:
    from arpad.season import Season

HEADER = ("month #", "white player #", "black player #", "score")
SCORES = {"1": 1.0, "0": 0.0, "0.5": 0.5, "1.0": 1.0, "0.0": 0.0, ".5": 0.5}


def sniff(head: str, path: str) -> bool:
    """The first line is the contest's header."""
    first = head.lstrip("\ufeff").splitlines()[0] if head.strip() else ""
    cells = tuple(c.strip().strip('"').lower() for c in first.split(","))
    return cells == HEADER


MAX_MONTH = 12 * DATE_LIMITS[1].year
"""The last month whose stand-in date lies within :data:`arpad.model.DATE_LIMITS` (a
larger one overflowed the calendar, issue 24)."""


def month_date(month: int) -> dt.date:
    """The stand-in date of a contest month (month 1 = January of year 1).

    >>> month_date(1), month_date(96)
    (datetime.date(1, 1, 1), datetime.date(8, 12, 1))
    """
    return dt.date(1 + (month - 1) // 12, (month - 1) % 12 + 1, 1)


def read(handle: TextIO, path: str | None = None) -> list[Event]:
    """One event per month, in month order.

    Raises:
        InputError: a wrong header, a row that is not four cells, a month that is not a
            positive integer, a missing or unknown score, a player playing themself.
    """
    where = path or "<kaggle2010>"
    rows = csv_rows(handle, where)
    _, header = next(rows, (0, None))
    if header is None or tuple(c.strip().lower() for c in header) != HEADER:
        raise InputError(
            'expected the header "Month #","White Player #","Black Player #","Score"',
            path=where,
            line=1,
        )
    months: dict[int, list[Game]] = {}
    for line, row in rows:
        if not row:
            continue
        if len(row) != 4:
            raise InputError(f"{len(row)} cells, expected 4", path=where, line=line)
        month_text, white, black, score_text = (c.strip() for c in row)
        month = _month(month_text, where, line)
        score = SCORES.get(score_text)
        if score is None:
            why = "no score (the contest's test file withholds them)" if not score_text else ""
            raise InputError(
                why or f"score must be 1, 0.5 or 0, not {score_text!r}",
                path=where,
                line=line,
                field="score",
            )
        if not white or not black:
            raise InputError("empty player id", path=where, line=line)
        try:
            game = Game(white, black, score, line=line)
        except InputError as exc:
            raise exc.located(where, line) from None
        months.setdefault(month, []).append(game)
    if not months:
        raise InputError("no games found", path=where)
    return [_month_event(m, months[m], where) for m in sorted(months)]


def _month(text: str, where: str, line: int) -> int:
    """The month of a row: a whole number from 1 to :data:`MAX_MONTH`."""
    try:
        month = parse_count(text, "month", line=line)
    except InputError as exc:
        raise exc.located(where, line) from None
    if not 1 <= month <= MAX_MONTH:
        raise InputError(
            f"month must be between 1 and {MAX_MONTH:,}, not {text!r}",
            path=where,
            line=line,
            field="month",
        )
    return month


def _month_event(month: int, games: list[Game], where: str) -> Event:
    ids = dict.fromkeys(p for g in games for p in (g.white, g.black))
    return Event(
        id=f"month-{month}",
        name=f"Kaggle 2010, month {month}",
        players=tuple(PlayerEntry(pid) for pid in ids),
        games=tuple(games),
        end_date=month_date(month),
        source=where,
    )


def read_season(handle: TextIO, path: str | None = None) -> Season:
    """The months of the file as a columnar :class:`~arpad.season.Season`, equal column
    for column to ``Season.from_events(read(...))``: a file of plain lines
    (:func:`~arpad.io.fields.plain_block`) is cut into columns by NumPy, each distinct
    month and score checked once, with no Python object per game; any other file (or any
    doubt) goes through :func:`read`, which names the first bad line.

    Raises:
        InputError: what :func:`read` refuses.
    """
    return season_of_text(handle, path, _plain_season, read)


def _plain_season(text: str) -> Season | None:
    """The season of a file whose rows are all plain and right, else ``None``."""
    import numpy as np

    from arpad.season import EPOCH, season_from_codes

    first, _, body = text.partition("\n")
    header = next(csv.reader([first]), [])
    plain = plain_block(body, len(HEADER), MAX_ID_LENGTH)
    if tuple(c.strip().lower() for c in header) != HEADER or plain is None:
        return None
    white, black = plain.column(1), plain.column(2)
    if (white == b"").any() or (black == b"").any() or (white == black).any():
        return None
    months = distinct_values(plain.column(0), _month_or_none)
    scores = distinct_values(plain.column(3), SCORES.get)
    if months is None or scores is None:
        return None
    order = np.argsort(months, kind="stable")  # month by month, each in file order
    distinct, event_of = np.unique(months[order].astype(np.int64), return_inverse=True)
    names, codes = distinct_codes(np.concatenate([white[order], black[order]]))
    games = len(order)
    return season_from_codes(
        event_of.astype(np.int64),
        codes[:games].astype(np.int32),
        codes[games:].astype(np.int32),
        scores[order],
        players=byte_texts(names),
        event_ids=[f"month-{m}" for m in distinct.tolist()],
        end_day=np.array([(month_date(m) - EPOCH).days for m in distinct.tolist()]),
    )


def _month_or_none(text: str) -> float | None:
    try:
        return _month(text, "", 0)
    except InputError:
        return None
