"""JSON decoding that remembers the line of every object, for error messages.

The standard decoder reports positions only for syntax errors. For a semantic error
("game 12 names an unknown player") we want the line too, so this decoder swaps in an
object parser that records where each ``{`` was and returns a :class:`LocatedDict`.
"""

from __future__ import annotations

import bisect
import json
import json.decoder
import json.scanner
import re
from collections.abc import Callable
from typing import Any

from arpad.errors import InputError


class LocatedDict(dict[str, Any]):
    """A JSON object that knows the 1-based line where it started."""

    line: int | None = None


class _NotJson(Exception):
    """``NaN``/``Infinity``: Python's decoder accepts them, JSON does not."""


def _not_json(name: str) -> Any:
    raise _NotJson(name)


class _TooLong(Exception):
    """An integer past Python's limit of 4,300 digits (``int()`` refuses it)."""


def _integer(text: str) -> int:
    if len(text) > 4000:
        raise _TooLong(text)
    return int(text)


class _LocatingDecoder(json.JSONDecoder):
    def __init__(self, text: str) -> None:
        # Python alone accepts NaN and Infinity; int() refuses over 4,300 digits with a
        # ValueError of its own (issue 24).
        super().__init__(parse_constant=_not_json, parse_int=_integer)
        starts = [0]
        starts.extend(i + 1 for i, ch in enumerate(text) if ch == "\n")

        def line_of(index: int) -> int:
            return bisect.bisect_right(starts, index)

        base: Callable[..., tuple[dict[str, Any], int]] = json.decoder.JSONObject  # type: ignore[attr-defined]

        def parse_object(
            s_and_end: tuple[str, int],
            strict: bool,
            scan_once: Callable[[str, int], tuple[Any, int]],
            object_hook: Any,
            object_pairs_hook: Any,
            memo: dict[str, str] | None = None,
        ) -> tuple[LocatedDict, int]:
            obj, end = base(s_and_end, strict, scan_once, None, None, memo)
            located = LocatedDict(obj)
            located.line = line_of(s_and_end[1] - 1)
            return located, end

        self.parse_object = parse_object
        self.scan_once = json.scanner.py_make_scanner(self)  # type: ignore[attr-defined]


def loads_located(text: str, path: str | None = None) -> Any:
    """Parse JSON text; objects come back as :class:`LocatedDict`.

    Raises:
        InputError: a syntax error, with its line and column.

    >>> loads_located('{"a":\\n {"b": 1}}')["a"].line
    2
    """
    try:
        return _LocatingDecoder(text).decode(text)
    except _NotJson as exc:
        name = str(exc)
        where = re.search(rf"[:\[,]\s*{re.escape(name)}", text)
        line = text.count("\n", 0, where.end()) + 1 if where else None
        raise InputError(
            f"invalid JSON: {name} is not a JSON number", path=path, line=line
        ) from None
    except _TooLong as exc:
        digits = str(exc.args[0])
        line = text.count("\n", 0, max(text.find(digits), 0)) + 1
        raise InputError(
            f"invalid JSON: a number of {len(digits.lstrip('-'))} digits", path=path, line=line
        ) from None
    except json.JSONDecodeError as exc:
        raise InputError(
            f"invalid JSON: {exc.msg}", path=path, line=exc.lineno, column=exc.colno
        ) from None
    except RecursionError:
        # The pure-Python scanner (needed for the line numbers) recurses once per level.
        raise InputError("invalid JSON: arrays or objects nested too deeply", path=path) from None
