"""The records TRF-2026 adds to TRF16 (FIDE Handbook C.04 Annex 2, "TRF26", approved by the
FIDE Council on 12 May 2025, applied from 1 September 2025).

:mod:`arpad.io.trf` reads both versions; this module reads what only TRF26 has:

- comment lines, whose first three characters are ``###`` (ignored);
- National Rating Support (NRS) records: the ``001`` layout introduced by a three-letter
  federation code, linked to a player by the starting rank in columns 5-8, with the national
  rating in 49-52, the national origin in 54-56 and the national number in 58-68. Each becomes
  a :class:`~arpad.model.Rating` of kind ``national`` with its federation on the player;
- bye records ``240``: type in column 5 (``F`` full-point, ``H`` half-point, ``Z``
  zero-point), round in 7-9, then starting ranks in 11-14, 16-19, … Each becomes an
  :class:`~arpad.model.UnplayedRound` unless the player's own round cell already says so.

The new header records (``142`` rounds, ``152`` initial colour, ``162`` scoring points,
``172`` starting-rank method, ``182``–``222``) stay in the header as text. The result codes
for games of under one move (``W D L``: not rated) and for byes (``H F U Z``) are TRF16's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from arpad.errors import InputError
from arpad.io.fields import is_digits
from arpad.model import PlayerEntry, Rating, RatingKind, Unplayed, UnplayedRound

COMMENT = "###"
NRS_CODE = re.compile(r"^[A-Z]{3}$")
BYE_RECORD = "240"
BYE_TYPES = {"F": Unplayed.FULL_BYE, "H": Unplayed.HALF_BYE, "Z": Unplayed.UNPLAYED}


@dataclass(frozen=True, slots=True)
class NationalRecord:
    """One NRS record: a player's national rating with its federation."""

    federation: str
    start_rank: int
    rating: float | None
    origin: str
    number: str
    line: int


EXTENSIONS = ("XX", "DAT")
"""Three-letter codes that are not federations: pairing-program extensions (``XXR``,
``XXC`` …) and Tornelo's ``DAT`` records."""


def is_trf26_record(code: str) -> bool:
    """A record only TRF26 defines (comment, NRS, 240), not a header record."""
    if code in (COMMENT, BYE_RECORD):
        return True
    return NRS_CODE.match(code) is not None and not code.startswith(EXTENSIONS)


_TEMPLATE_TOKEN = re.compile(r"^[a-z]?(?:([A-Za-z0-9])\1*)(?:/(?:([A-Za-z0-9])\2*))*$")
_LETTER_RUN = re.compile(r"([A-Za-z])\1")
FREE_TEXT = frozenset({"012", "022", "032", "092", "102", "112", "122"})
"""Header records of free text (name, city, federation, type, arbiters, time control):
never a template, whatever they say."""


def is_template(line: str) -> bool:
    """A column-template row some TRF26 headers keep (``DDD SSSS sTTT NNNN… RRRR …``,
    ``240 T RRR PPPP …``): every field after the record code is a run of one letter, the
    layout of a record rather than data. Skipped with a note, never read as a record."""
    tokens = line.split()
    if len(tokens) < 2 or not tokens[0].isalnum() or tokens[0] in FREE_TEXT:
        return False
    rest = tokens[1:]
    return all(_TEMPLATE_TOKEN.match(t) for t in rest) and any(_LETTER_RUN.search(t) for t in rest)


def _field(line: str, start: int, end: int) -> str:
    return line[start - 1 : end].strip()


def national_record(line: str, line_no: int, path: str | None) -> NationalRecord:
    rank = _field(line, 5, 8)
    if not is_digits(rank):
        raise InputError(
            f"national rating record: starting rank must be a number, not {rank!r}",
            path=path,
            line=line_no,
            column=5,
        )
    rating_text = _field(line, 49, 52)
    if rating_text and not is_digits(rating_text):
        raise InputError(
            f"national rating must be a number, not {rating_text!r}",
            path=path,
            line=line_no,
            column=49,
        )
    rating = float(rating_text) if rating_text and int(rating_text) > 0 else None
    return NationalRecord(
        line[:3], int(rank), rating, _field(line, 54, 56), _field(line, 58, 68), line_no
    )


def bye_records(line: str, line_no: int, path: str | None) -> list[UnplayedRound]:
    kind = BYE_TYPES.get(line[4:5].upper())
    round_text = _field(line, 7, 9)
    if kind is None or not is_digits(round_text):
        raise InputError(
            "bye record 240 needs a type F, H or Z in column 5 and a round in 7-9",
            path=path,
            line=line_no,
        )
    out = []
    for start in range(11, max(len(line.rstrip()), 11), 5):
        rank = _field(line, start, start + 3)
        if not rank:
            continue
        if not is_digits(rank):
            raise InputError(
                f"bye record 240: {rank!r} is not a starting rank", path=path, line=line_no
            )
        out.append(UnplayedRound(str(int(rank)), kind, int(round_text), None, line_no))
    return out


def apply(
    players: Mapping[int, PlayerEntry],
    unplayed: Sequence[UnplayedRound],
    records: Sequence[tuple[int, str]],
    path: str | None,
) -> tuple[dict[int, PlayerEntry], list[UnplayedRound]]:
    """The players with their national ratings and the unplayed rounds with the 240 byes."""
    out = dict(players)
    byes = list(unplayed)
    known = {(u.player, u.round) for u in unplayed}
    for line_no, line in records:
        code = line[:3]
        if code == COMMENT:
            continue
        if code == BYE_RECORD:
            for u in bye_records(line, line_no, path):
                if int(u.player) not in out:
                    raise InputError(
                        f"bye record names starting rank {u.player}, which has no 001 record",
                        path=path,
                        line=line_no,
                    )
                if (u.player, u.round) not in known:
                    byes.append(u)
                    known.add((u.player, u.round))
            continue
        rec = national_record(line, line_no, path)
        if rec.start_rank not in out:
            raise InputError(
                f"national rating record names starting rank {rec.start_rank}, which has no "
                "001 record",
                path=path,
                line=line_no,
            )
        if rec.rating is None:
            continue
        entry = out[rec.start_rank]
        national = Rating(RatingKind.NATIONAL, rec.rating, federation=rec.federation)
        out[rec.start_rank] = replace(entry, ratings=(*entry.ratings, national))
    return out, byes
