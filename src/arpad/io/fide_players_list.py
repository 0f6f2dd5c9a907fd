"""FIDE's downloadable players list (docs/formats.md, "FIDE's players list"): the TXT
files (fixed-width columns named by the header line) and the XML files
(``<playerslist><player>…``), for the standard, rapid and blitz lists and the combined
file of every player.

Read as a stream (:func:`read_list`): one player at a time, never the whole file, so a
1.6-million-row list costs the memory of one chunk of players. A players list holds no
event: ``arpad import`` stores its players in a ledger (:mod:`arpad.ledger.fide_list`);
as an event file it is refused with a message saying so.

Columns are found by the header's labels, not by fixed offsets, because FIDE's files
differ: the single-kind lists name the rating column by the month (``SEP26``, then
``Gms`` and ``K``), the combined file by kind (``SRtng SGm SK RRtng RGm Rk BRtng BGm BK``);
a field runs from its label's first column to the next label's.

The same reader reads back ``arpad list --format fide``, a ledger's rating list in this
layout: its ``Mark`` and ``Ledger id`` columns are read into :attr:`ListPlayer.mark` and
:attr:`ListPlayer.ledger_id`, a player without a FIDE ID has a blank ``ID Number``, and
``arpad import`` refuses it (it is not FIDE's list).
"""

from __future__ import annotations

import datetime as dt
import operator
import re
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, NamedTuple

from arpad.errors import InputError
from arpad.model import MAX_CODE_LENGTH, MAX_SEX_LENGTH, Event

KINDS = ("standard", "rapid", "blitz")

_MONTHS = {
    m: i
    for i, m in enumerate(
        ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"), 1
    )
}
_MONTH_LABEL = re.compile(r"^([A-Z]{3})(\d{2})$")
_TXT_HEADER = re.compile(r"^\s*ID Number\s+Name\s", re.IGNORECASE)
_XML_ROOT = re.compile(r"<playerslist[\s>]", re.IGNORECASE)


class ListRating(NamedTuple):
    kind: str
    """``standard``, ``rapid`` or ``blitz``."""
    rating: int
    games: int | None
    k: int | None


class ListPlayer(NamedTuple):
    """One player of FIDE's players list (a named tuple: a list has 1.6 million)."""

    fide_id: str
    name: str
    federation: str | None
    sex: str | None
    title: str | None
    women_title: str | None
    other_titles: str | None
    foa_title: str | None
    birth_year: int | None
    flag: str | None
    ratings: tuple[ListRating, ...]
    line: int
    mark: str | None = None
    """The system's mark of the rating (``P12``): arpad's own list only."""
    ledger_id: str | None = None
    """The ledger's player id: arpad's own list only (``arpad list --format fide``)."""


@dataclass(frozen=True, slots=True)
class ListInfo:
    format: str
    """``txt`` or ``xml``."""
    kinds: tuple[str, ...]
    """The rating lists the file holds."""
    list_date: dt.date | None
    """The list's date (the first of its month), from the header or the file's name."""
    arpad_list: bool = False
    """A ledger's rating list written by ``arpad list --format fide`` (it names ledger ids)."""


def sniff(head: str, path: str) -> bool:
    """A TXT list begins with its header ``ID Number      Name …``; an XML list has the
    root element ``<playerslist>``."""
    return _TXT_HEADER.match(head) is not None or _XML_ROOT.search(head[:512]) is not None


def read(handle: IO[str], path: str) -> list[Event]:
    """A players list is not an event file.

    Raises:
        InputError: always, saying what to do with it.
    """
    raise InputError(
        "this is FIDE's players list, not an event file; store its players in a ledger "
        "with 'arpad import FILE'",
        path=path,
    )


# -- dates and kinds ----------------------------------------------------------------------


def _date_of_label(label: str) -> dt.date | None:
    m = _MONTH_LABEL.match(label.upper())
    if m is None or m.group(1) not in _MONTHS:
        return None
    return dt.date(2000 + int(m.group(2)), _MONTHS[m.group(1)], 1)


_NAME_DATE = re.compile(r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(\d{2})", re.I)


def date_from_name(path: str | Path) -> dt.date | None:
    """``standard_sep26frl.txt`` → 2026-09-01 (FIDE's file names carry the list's month)."""
    m = _NAME_DATE.search(Path(path).name)
    return None if m is None else _date_of_label(m.group(0))


def kind_from_name(path: str | Path) -> str:
    """The kind of a single-kind list, from its file name (FIDE: ``rapid_…``, ``blitz_…``;
    anything else is the standard list)."""
    name = Path(path).name.lower()
    for kind in ("rapid", "blitz"):
        if kind in name:
            return kind
    return "standard"


# -- TXT ------------------------------------------------------------------------------------

_FIELDS = {
    "ID NUMBER": "id",
    "NAME": "name",
    "FED": "federation",
    "SEX": "sex",
    "TIT": "title",
    "WTIT": "women_title",
    "OTIT": "other_titles",
    "FOA": "foa_title",
    "B-DAY": "birth_year",
    "BORN": "birth_year",
    "FLAG": "flag",
    "MARK": "mark",
    "LEDGER ID": "ledger_id",
    "SRTNG": "standard",
    "SGM": "standard_games",
    "SK": "standard_k",
    "RRTNG": "rapid",
    "RGM": "rapid_games",
    "RK": "rapid_k",
    "BRTNG": "blitz",
    "BGM": "blitz_games",
    "BK": "blitz_k",
    "GMS": "{kind}_games",
    "GAMES": "{kind}_games",
    "K": "{kind}_k",
}


def _header_fields(
    header: str, path: str, kind: str
) -> tuple[list[tuple[str, int, int | None]], dt.date | None]:
    """``(field, start, end)`` byte ranges from the header line, and the list's date.

    Raises:
        InputError: a label this reader does not know, or no ID/name column.
    """
    labels = [
        (m.group(0), m.start()) for m in re.finditer(r"ID Number|Ledger id|\S+", header, re.I)
    ]
    fields: list[tuple[str, int, int | None]] = []
    list_date = None
    for i, (label, start) in enumerate(labels):
        end = labels[i + 1][1] if i + 1 < len(labels) else None
        key = _FIELDS.get(label.upper())
        if key is None:
            list_date = _date_of_label(label)
            if list_date is None and label.upper() not in ("RTNG", "RATING"):
                raise InputError(f"unknown column {label!r} in the header", path=path, line=1)
            key = kind
        fields.append((key.format(kind=kind), start, end))
    if [f[0] for f in fields[:2]] != ["id", "name"]:
        raise InputError("the header does not begin with ID Number and Name", path=path, line=1)
    return fields, list_date


_WHOLE = re.compile(r"[+-]?[0-9]{1,18}", re.ASCII)
"""A number cell: at most 18 ASCII digits (:data:`arpad.io.fields.MAX_DIGITS`); ``int()``
also takes Unicode digits such as ``١٢`` and raises its own ValueError on ``²`` and on
more than 4,300 digits."""


def _int(text: str, what: str, path: str, line: int) -> int | None:
    if not text:
        return None
    if _WHOLE.fullmatch(text) is None:
        shown = repr(text) if len(text) <= 40 else f"{text[:20]!r}… ({len(text)} characters)"
        raise InputError(f"{what} {shown} is not a number", path=path, line=line)
    return int(text)


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _number(text: str, what: str, path: str, line: int) -> int | None:
    """A number cell: blank is ``None``; digits are read without a try block per cell."""
    if not text:
        return None
    if text.isdigit() and text.isascii() and len(text) <= 18:
        return int(text)
    return _int(text, what, path, line)


def _ratings(values: dict[str, str], kinds: tuple[str, ...], path: str, line: int) -> Any:
    ratings = []
    get = values.get
    for kind in kinds:
        rating = _number(get(kind, ""), f"{kind} rating", path, line)
        if rating:
            games = _number(get(kind + "_games", ""), f"{kind} games", path, line)
            k = _number(get(kind + "_k", ""), f"{kind} K", path, line)
            ratings.append(ListRating(kind, rating, games, k))
    return tuple(ratings)


_FIDE_ID = re.compile(r"[0-9]{1,18}", re.ASCII)

FIELD_LIMITS = {
    "federation": MAX_CODE_LENGTH,
    "sex": MAX_SEX_LENGTH,
    "title": MAX_CODE_LENGTH,
    "women_title": MAX_CODE_LENGTH,
    "other_titles": 2 * MAX_CODE_LENGTH,
    "foa_title": MAX_CODE_LENGTH,
    "flag": MAX_SEX_LENGTH,
}
"""The longest value each code field of a list may have: the ledger's ``fide_players``
columns, so that SQLite and PostgreSQL refuse the same lists (PostgreSQL refused a longer
value at import with a database error; SQLite stored it)."""


def _check_codes(values: dict[str, str], path: str, line: int) -> None:
    """Refuse a code field longer than :data:`FIELD_LIMITS` allows, naming it."""
    for field, limit in FIELD_LIMITS.items():
        text = values.get(field) or ""
        if len(text) > limit:
            shown = repr(text) if len(text) <= 40 else f"{text[:20]!r}…"
            raise InputError(
                f"{field.replace('_', ' ')} {shown} has {len(text)} characters; at most {limit}",
                path=path,
                line=line,
            )


def _player(
    values: dict[str, str], path: str, line: int, kinds: tuple[str, ...] = KINDS
) -> ListPlayer:
    get = values.get
    fide_id = get("id", "")
    ledger_id = get("ledger_id") or None
    if _FIDE_ID.fullmatch(fide_id) is None and not (ledger_id is not None and fide_id == ""):
        raise InputError(f"FIDE ID {fide_id!r} is not a number", path=path, line=line)
    born = _number(get("birth_year", ""), "birth year", path, line)
    _check_codes(values, path, line)
    return ListPlayer(
        fide_id,
        get("name", ""),
        get("federation") or None,
        get("sex") or None,
        get("title") or None,
        get("women_title") or None,
        get("other_titles") or None,
        get("foa_title") or None,
        born or None,
        get("flag") or None,
        _ratings(values, kinds, path, line),
        line,
        get("mark") or None,
        ledger_id,
    )


def _txt_players(
    handle: IO[bytes], fields: list[tuple[str, int, int | None]], path: str
) -> Iterator[ListPlayer]:
    keys = [key for key, _, _ in fields]
    kinds = tuple(k for k in KINDS if k in keys)
    cut = operator.itemgetter(*(slice(start, end) for _, start, end in fields))
    strip = str.strip
    for number, raw in enumerate(handle, start=2):
        cells: Iterator[str]
        if raw.isascii():  # FIDE's names are transliterated: bytes are characters
            cells = map(strip, cut(raw.decode("ascii")))
        else:  # the columns count bytes: cut, then decode each cell
            cells = (_decode(raw[start:end]).strip() for _, start, end in fields)
        values = dict(zip(keys, cells, strict=True))
        if not any(values.values()):
            continue
        yield _player(values, path, number, kinds)


# -- XML ------------------------------------------------------------------------------------

_XML_FIELDS = {
    "fideid": "id",
    "name": "name",
    "country": "federation",
    "sex": "sex",
    "title": "title",
    "w_title": "women_title",
    "o_title": "other_titles",
    "foa_title": "foa_title",
    "birthday": "birth_year",
    "flag": "flag",
    "rating": "{kind}",
    "games": "{kind}_games",
    "k": "{kind}_k",
    "rapid_rating": "rapid",
    "rapid_games": "rapid_games",
    "rapid_k": "rapid_k",
    "blitz_rating": "blitz",
    "blitz_games": "blitz_games",
    "blitz_k": "blitz_k",
}


def _xml_players(handle: IO[bytes], path: str, kind: str) -> Iterator[ListPlayer]:
    import xml.etree.ElementTree as ET

    names = {tag: key.format(kind=kind) for tag, key in _XML_FIELDS.items()}
    count = 0
    try:
        for _, elem in ET.iterparse(handle, events=("end",)):
            if elem.tag != "player":
                continue
            count += 1
            values = {names.get(c.tag, c.tag): (c.text or "").strip() for c in elem}
            elem.clear()
            yield _player(values, path, count)
    except ET.ParseError as exc:
        raise InputError(f"not well-formed XML: {exc}", path=path, line=exc.position[0]) from None
    except LookupError as exc:  # the XML declaration names an encoding Python does not know
        raise InputError(f"not readable XML: {exc}", path=path, line=1) from None


# -- reading ----------------------------------------------------------------------------------


def _xml_kinds(head: bytes, kind: str) -> tuple[str, ...]:
    return KINDS if b"<rapid_rating" in head or b"<blitz_rating" in head else (kind,)


def open_list(
    path: str | Path, kind: str | None = None
) -> tuple[ListInfo, Generator[ListPlayer, None, None]]:
    """The list's description and its players, read as they are consumed (close the file
    by exhausting or closing the iterator). ``kind`` is the kind of a single-kind list
    (default: from the file's name, :func:`kind_from_name`).

    Raises:
        InputError: unreadable file, unknown header, or (while iterating) a bad line.
    """
    where = str(path)
    kind = kind or kind_from_name(path)
    try:
        handle = open(path, "rb")  # noqa: SIM115 (closed by the generator)
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", path=where) from None
    head = handle.read(4096)
    handle.seek(0)
    if _XML_ROOT.search(_decode(head[:512])) is not None:
        kinds = _xml_kinds(head, kind)
        info = ListInfo("xml", kinds, date_from_name(path))
        return info, _closing(handle, _xml_players(handle, where, kind))
    header = _decode(handle.readline()).rstrip("\r\n")
    try:
        fields, label_date = _header_fields(header, where, kind)
    except InputError:
        handle.close()
        raise
    kinds = tuple(k for k in KINDS if any(f[0] == k for f in fields))
    arpad_list = any(f[0] == "ledger_id" for f in fields)
    info = ListInfo("txt", kinds, label_date or date_from_name(path), arpad_list)
    return info, _closing(handle, _txt_players(handle, fields, where))


def _closing(handle: IO[bytes], players: Iterator[ListPlayer]) -> Generator[ListPlayer, None, None]:
    with handle:
        yield from players


def describe(player: ListPlayer) -> dict[str, Any]:
    """A player as a plain dict (tests, JSON)."""
    return {
        "fide_id": player.fide_id,
        "name": player.name,
        "federation": player.federation,
        "sex": player.sex,
        "title": player.title,
        "birth_year": player.birth_year,
        "flag": player.flag,
        "ratings": {r.kind: (r.rating, r.games, r.k) for r in player.ratings},
    }
