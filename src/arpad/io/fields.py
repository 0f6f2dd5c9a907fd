"""Number fields as event files write them, parsed the same way by every reader.

``int()`` and ``float()`` accept more than any chess format allows: superscript and
Arabic-Indic digits (``int("²")`` fails but ``"²".isdigit()`` is true; ``int("١٢")`` is 12),
underscores, ``inf``, ``nan`` and ``1e400``. A reader therefore matches a field against an
explicit ASCII pattern first and checks the value against the model's limits
(:data:`arpad.model.RATING_LIMITS`, :data:`arpad.model.MAX_COUNT`), so that a broken file is
refused with its line instead of rating a player at infinity (docs/formats.md, "Malformed
input"; D-input-1, D-input-2).
"""

from __future__ import annotations

import re

from arpad.errors import InputError
from arpad.model import check_count, check_rating

_DIGITS = re.compile(r"[0-9]+", re.ASCII)
_INTEGER = re.compile(r"[+-]?[0-9]+", re.ASCII)
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)", re.ASCII)


def is_digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits (``str.isdigit`` accepts ``²`` and ``١``).

    >>> is_digits("2100"), is_digits("²"), is_digits("١٢"), is_digits("")
    (True, False, False, False)
    """
    return _DIGITS.fullmatch(text) is not None


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 40 else f"{text[:20]!r}… ({len(text)} characters)"


def parse_count(text: str, what: str, *, line: int | None = None) -> int:
    """A whole number of ASCII digits in ``0..MAX_COUNT`` (games, rounds, pair numbers).

    Raises:
        InputError: naming ``what`` and the text.
    """
    stripped = text.strip()
    if _INTEGER.fullmatch(stripped) is None:
        raise InputError(
            f"{what} must be a whole number, not {_shown(text)}", field=what, line=line
        )
    value = int(stripped)
    check_count(value, what, line)
    return value


def parse_integer(text: str, what: str, *, line: int | None = None) -> int:
    """A signed whole number of at most 18 ASCII digits (``-1`` ends a Berard game list).

    Raises:
        InputError: naming ``what`` and the text.
    """
    stripped = text.strip()
    if _INTEGER.fullmatch(stripped) is None or len(stripped.lstrip("+-")) > 18:
        raise InputError(
            f"{what} must be a whole number, not {_shown(text)}", field=what, line=line
        )
    return int(stripped)


def parse_decimal(text: str, what: str, *, line: int | None = None) -> float:
    """A decimal number of ASCII digits (``12``, ``1.5``, ``1,5``); no exponent, no ``inf``.

    Raises:
        InputError: naming ``what`` and the text.
    """
    stripped = text.strip()
    if _DECIMAL.fullmatch(stripped) is None or len(stripped) > 40:
        raise InputError(f"{what} must be a number, not {_shown(text)}", field=what, line=line)
    return float(stripped.replace(",", "."))


def parse_rating(text: str, what: str = "rating", *, line: int | None = None) -> float:
    """A rating: a decimal number within :data:`arpad.model.RATING_LIMITS`.

    >>> parse_rating("2100"), parse_rating(" 1641.5 ")
    (2100.0, 1641.5)

    Raises:
        InputError: not a plain decimal number, or out of range.
    """
    value = parse_decimal(text, what, line=line)
    check_rating(value, what, line)
    return value
