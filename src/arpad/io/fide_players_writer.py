"""Writing files in the layout of FIDE's players list, and realistic synthetic players
for tests and benchmarks (FIDE's own data is never shipped: docs/formats.md).

The TXT layout is the one :mod:`arpad.io.fide_players_list` reads: fixed-width columns
(in bytes) under a header line naming them, a single-kind list with the month as its
rating column's label (``SEP26 Gms K``), the combined file with ``SRtng SGm SK RRtng RGm
Rk BRtng BGm BK``. The XML layout is ``<playerslist><player><fideid>…</player>…``.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from xml.sax.saxutils import escape

from arpad.errors import InputError
from arpad.io.fide_players_list import KINDS, ListPlayer, ListRating

_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")

_HEAD = (("ID Number", 15), ("Name", 61), ("Fed", 4), ("Sex", 4), ("Tit", 5), ("WTit", 5))
_TAIL_SINGLE = (("Gms", 4), ("K", 3))
_COMBINED = {
    "standard": (("SRtng", 6), ("SGm", 4), ("SK", 3)),
    "rapid": (("RRtng", 6), ("RGm", 4), ("Rk", 3)),
    "blitz": (("BRtng", 6), ("BGm", 4), ("BK", 3)),
}


def month_label(day: dt.date) -> str:
    """``2026-09-01`` → ``SEP26``, the label of a single-kind list's rating column."""
    return f"{_MONTHS[day.month - 1]}{day.year % 100:02d}"


_BREAKING = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")
"""What a line of the TXT file or an XML 1.0 text node cannot hold as it is (XML 1.0
has no C0 control but TAB and the line ends, no surrogate, no U+FFFE or U+FFFF)."""


def carried(text: str, what: str, width: int | None = None) -> str:
    """``text`` if a cell of FIDE's layout carries it so that the reader reads it back:
    no control character, no blank at either end (the reader strips cells) and, in the
    TXT file's fixed columns, at most ``width`` bytes of UTF-8 (the columns count bytes).

    Raises:
        InputError: one line naming ``what`` and why it cannot be written.
    """
    bad = _BREAKING.search(text)
    if bad is not None:
        raise InputError(
            f"cannot write FIDE's layout: {what} has a control character {bad.group()!r}"
        )
    if text != text.strip():
        raise InputError(f"cannot write FIDE's layout: {what} begins or ends with a blank")
    size = len(text.encode("utf-8"))
    if width is not None and size > width:
        raise InputError(f"cannot write FIDE's layout: {what} has {size} bytes, its column {width}")
    return text


def _cell(value: object, width: int, what: str = "a cell") -> bytes:
    text = "" if value is None else carried(str(value), what, width)
    return text.encode("utf-8").ljust(width)


def _rating_cells(r: ListRating | None, widths: tuple[int, int, int]) -> bytes:
    if r is None:
        return b"".join(_cell(None, w) for w in widths)
    return _cell(r.rating, widths[0]) + _cell(r.games, widths[1]) + _cell(r.k, widths[2])


def _layout(kinds: tuple[str, ...], list_date: dt.date) -> list[tuple[str, int]]:
    columns = [*_HEAD, ("OTit", 15), ("FOA", 4)]
    if len(kinds) == 1:
        columns += [(month_label(list_date), 6), *_TAIL_SINGLE]
    else:
        for kind in kinds:
            columns += list(_COMBINED[kind])
    return [*columns, ("B-day", 6), ("Flag", 4)]


def txt_lines(
    players: Iterable[ListPlayer], kinds: tuple[str, ...], list_date: dt.date
) -> Iterator[bytes]:
    """The TXT file's lines (bytes, each ending in ``\\n``), header first."""
    layout = _layout(kinds, list_date)
    yield b"".join(_cell(label, width) for label, width in layout).rstrip() + b"\n"
    for p in players:
        by_kind = {r.kind: r for r in p.ratings}
        who = f"player {p.fide_id!r}"
        head = (
            _cell(p.fide_id, 15, f"{who}'s FIDE ID")
            + _cell(p.name, 61, f"{who}'s name")
            + _cell(p.federation, 4, f"{who}'s federation")
            + _cell(p.sex, 4, f"{who}'s sex")
            + _cell(p.title, 5, f"{who}'s title")
            + _cell(p.women_title, 5, f"{who}'s women's title")
            + _cell(p.other_titles, 15, f"{who}'s other titles")
            + _cell(p.foa_title, 4, f"{who}'s FOA title")
        )
        ratings = b"".join(_rating_cells(by_kind.get(k), (6, 4, 3)) for k in kinds)
        tail = _cell(p.birth_year, 6) + _cell(p.flag, 4)
        yield (head + ratings + tail).rstrip() + b"\n"


def _xml_player(p: ListPlayer, kinds: tuple[str, ...]) -> str:
    by_kind = {r.kind: r for r in p.ratings}
    cells: list[tuple[str, object]] = [
        ("fideid", p.fide_id),
        ("name", p.name),
        ("country", p.federation),
        ("sex", p.sex),
        ("title", p.title),
        ("w_title", p.women_title),
        ("o_title", p.other_titles),
        ("foa_title", p.foa_title),
    ]
    for kind in kinds:
        prefix = "" if len(kinds) == 1 or kind == "standard" else f"{kind}_"
        r = by_kind.get(kind)
        cells += [
            (f"{prefix}rating", None if r is None else r.rating),
            (f"{prefix}games", None if r is None else r.games),
            (f"{prefix}k", None if r is None else r.k),
        ]
    cells += [("birthday", p.birth_year), ("flag", p.flag)]
    who = f"player {p.fide_id!r}"
    inner = "".join(
        f"<{tag}>{'' if v is None else escape(carried(str(v), f'{who} <{tag}>'))}</{tag}>"
        for tag, v in cells
    )
    return f"<player>{inner}</player>\n"


def write_list(
    path: str | Path,
    players: Iterable[ListPlayer],
    *,
    kinds: tuple[str, ...] = KINDS,
    list_date: dt.date,
    fmt: str = "txt",
) -> None:
    """Write a players list (``fmt`` ``txt`` or ``xml``) of ``kinds`` (one kind: a
    single-kind list, of the players rated in that kind). The file appears whole or not
    at all (written beside it, then renamed).

    Raises:
        InputError: a cell the layout cannot carry (:func:`carried`); nothing is written.
    """
    if len(kinds) == 1:  # FIDE's single-kind lists hold the players rated in that kind
        players = (p for p in players if any(r.kind == kinds[0] for r in p.ratings))
    target = Path(path)
    part = target.with_name(target.name + ".part")
    try:
        with open(part, "wb") as out:
            if fmt == "xml":
                out.write(b'<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n')
                for p in players:
                    out.write(_xml_player(p, kinds).encode("utf-8"))
                out.write(b"</playerslist>\n")
            else:
                out.writelines(txt_lines(players, kinds, list_date))
        part.replace(target)
    finally:
        part.unlink(missing_ok=True)


# -- synthetic players --------------------------------------------------------------------------

_FEDERATIONS = (
    ("IND", 12), ("GER", 8), ("ESP", 7), ("FRA", 7), ("RUS", 6), ("ITA", 5), ("USA", 5),
    ("POL", 5), ("TUR", 5), ("IRI", 3), ("BRA", 3), ("NED", 3), ("ENG", 3), ("CZE", 3),
    ("ARG", 3), ("HUN", 2), ("SRB", 2), ("UKR", 2), ("GRE", 2), ("AUT", 2), ("IRL", 1),
    ("NOR", 1), ("MEX", 1), ("COL", 1), ("BAN", 1), ("EGY", 1), ("PER", 1), ("SUI", 1),
)  # fmt: skip
"""Federations weighted roughly as their share of FIDE's list (illustrative, not data)."""

_SYLLABLES = (
    "an", "ber", "ca", "dor", "el", "fi", "gar", "ha", "is", "jo", "ko", "lu", "mar", "ne",
    "ov", "pe", "qui", "ro", "sa", "tin", "ul", "va", "wen", "xi", "yo", "za",
)  # fmt: skip
_ACCENTED = ("ić", "ör", "ñe", "ška")
"""FIDE's list spells most names in ASCII; a few keep their letters (2 % here)."""


def _name(rng: random.Random) -> str:
    def word(n: int) -> str:
        return "".join(rng.choice(_SYLLABLES) for _ in range(n)).capitalize()

    surname = word(rng.randint(2, 4))
    if rng.random() < 0.02:
        surname += rng.choice(_ACCENTED)
    return f"{surname}, {word(rng.randint(1, 3))}"


def _title(rating: int | None, sex: str, rng: random.Random) -> tuple[str | None, str | None]:
    if rating is None or rating < 2100:
        return None, None
    ladder = [(2500, "GM"), (2400, "IM"), (2300, "FM"), (2200, "CM")]
    earned = next((t for floor, t in ladder if rating >= floor + rng.randint(-60, 60)), None)
    women = "W" + earned if sex == "F" and earned is not None else None
    return earned, women


def synthetic_players(
    n: int,
    *,
    seed: int = 21,
    kinds: tuple[str, ...] = KINDS,
    first_id: int = 1_000_000,
    month: int = 0,
) -> Iterator[ListPlayer]:
    """``n`` made-up players shaped like FIDE's list: about 31 % with a standard rating
    (502,000 of 1.6 million), fewer with rapid and blitz ratings, 11 % women, birth years
    1930–2019, ratings 1400–2850 skewed low, titles by rating, inactive flags, ids rising
    with gaps. Deterministic for a ``seed``; a later ``month`` gives the same players with
    their ratings moved by up to 15 points (next month's list)."""
    rng = random.Random(seed)
    drift = random.Random(seed * 1000 + month)
    feds = [f for f, _ in _FEDERATIONS]
    weights = [w for _, w in _FEDERATIONS]
    share = {"standard": 0.31, "rapid": 0.22, "blitz": 0.19}
    fide_id = first_id
    for index in range(n):
        fide_id += rng.randint(1, 9)
        sex = "F" if rng.random() < 0.11 else "M"
        ratings = []
        for kind in kinds:
            if rng.random() < share[kind]:
                rating = int(min(2850, 1400 + rng.expovariate(1 / 330)))
                rating += drift.randint(-15, 15) if month else 0
                ratings.append(ListRating(kind, rating, rng.choice((0, 0, 0, 4, 9)), 20))
        standard = next((r.rating for r in ratings if r.kind == "standard"), None)
        title, women = _title(standard, sex, rng)
        inactive = rng.random() < 0.45
        flag = ("w" if sex == "F" else "") + ("i" if inactive else "")
        yield ListPlayer(
            str(fide_id),
            _name(rng),
            rng.choices(feds, weights)[0],
            sex,
            title,
            women,
            "FA" if rng.random() < 0.005 else None,
            None,
            rng.randint(1930, 2019) if rng.random() < 0.97 else None,
            flag or None,
            tuple(ratings),
            index + 2,
        )
