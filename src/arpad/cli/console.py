"""The one way commands make a rich console, and the one place text from files is made safe
to print (D-output-1).

Names, ids and notes come from files anyone can write. On the way to the terminal they are
text, never markup (a player named ``[/]`` must not crash a table, ``[bold]`` must not
style one), and control characters are shown as escapes (``\\x1b``, ``\\n``, ``\\u202e``)
instead of moving the cursor, clearing the screen, breaking a row or reversing the line.
:class:`SafeConsole` applies this to every string it prints, so renderers need not think
of it; :func:`styled` builds the few deliberately styled lines. CSV cells get
:func:`csv_text` and JSON documents :func:`json_text`.
"""

from __future__ import annotations

import json
import math
import re
import shutil
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
"""C0 and C1 control characters, the invisible marks that reorder a line (bidi), and lone
surrogates (no terminal encoding takes them: printing one was a traceback, issue 24)."""
_FORMULA = re.compile(r"'*(?:[=+\-@]|\\[tr])")
"""A cell a spreadsheet reads as a formula (``=``, ``+``, ``-``, ``@``, a TAB or a CR,
which :func:`visible` has written ``\\t``, ``\\r``), or one that starts with quotes
before such a character: both get one more ``'`` (a spreadsheet shows ``'=1`` as the
text ``=1``), so that :func:`csv_value` undoes it exactly."""


def visible(text: str) -> str:
    r"""``text`` with every control or bidi-control character written as an escape.

    >>> visible("Ann\x1b[2J\nBob\u202e")
    'Ann\\x1b[2J\\nBob\\u202e'
    """
    if _UNSAFE.search(text) is None:
        return text
    return _UNSAFE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def csv_text(text: str) -> str:
    """A CSV cell for text from a file: made :func:`visible`, and prefixed with ``'`` when
    a spreadsheet would read it as a formula (it starts with ``=``, ``+``, ``-``, ``@``,
    after any quotes). :func:`csv_value` reads it back.

    >>> csv_text("=HYPERLINK(1)"), csv_text("Ann"), csv_text("'=1"), csv_text("'t Hart")
    ("'=HYPERLINK(1)", 'Ann', "''=1", "'t Hart")
    """
    shown = visible(text)
    return "'" + shown if _FORMULA.match(shown) else shown


def csv_value(cell: str) -> str:
    """The text of a cell :func:`csv_text` wrote (control characters stay escaped).

    >>> csv_value("'=HYPERLINK(1)"), csv_value("''=1"), csv_value("'t Hart")
    ('=HYPERLINK(1)', "'=1", "'t Hart")
    """
    return cell[1:] if cell.startswith("'") and _FORMULA.match(cell, 1) else cell


_FORMULA_LINE = re.compile(r"^'*(?:[=+\-@]|\\[tr])", re.MULTILINE)


def visible_all(texts: Sequence[str]) -> list[str]:
    r""":func:`visible` of every text, in one scan when none needs it (a list's million names).

    >>> visible_all(["Ann", "Bob"]), visible_all(["Ann", "B\x1b"])
    (['Ann', 'Bob'], ['Ann', 'B\\x1b'])
    """
    if _UNSAFE.search("".join(texts)) is None:
        return list(texts)
    return [visible(t) for t in texts]


def csv_texts(texts: Sequence[str]) -> list[str]:
    """:func:`csv_text` of every text, in two scans when none needs it.

    >>> csv_texts(["Ann", "Bob"]), csv_texts(["Ann", "=1"])
    (['Ann', 'Bob'], ['Ann', "'=1"])
    """
    # With no control character in any text, no text holds a newline: each line start of
    # the joined texts is one text's start.
    if _UNSAFE.search("".join(texts)) is None and _FORMULA_LINE.search("\n".join(texts)) is None:
        return list(texts)
    return [csv_text(t) for t in texts]


def _finite(value: Any) -> Any:
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def json_text(doc: Any, *, indent: int | None = 2) -> str:
    r"""``doc`` as JSON that every parser reads: a non-finite number (a performance of
    +∞ after a perfect score) becomes ``null``, never ``NaN`` or ``Infinity``. JSON
    escapes C0 controls itself; the C1 controls, bidi marks and lone surrogates it leaves
    raw are written as ``\uXXXX`` escapes too, so the text is inert on a terminal and
    still the same JSON (issue 24.6).

    >>> print(json_text({"name": "Ann\x9b2J\u202e"}, indent=None))
    {"name": "Ann\u009b2J\u202e"}
    """
    text = json.dumps(_finite(doc), indent=indent, ensure_ascii=False, allow_nan=False)
    if _RAW_IN_JSON.search(text) is None:
        return text
    return _RAW_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_RAW_IN_JSON = re.compile(
    "[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
"""What :func:`json.dumps` leaves raw that :data:`_UNSAFE` escapes (it escapes C0 controls
inside strings itself; a raw line feed outside them is the indentation's)."""


def inert_text(text: str) -> str:
    r"""Text of several lines (a report, Markdown) with every control character but the
    line breaks written as an escape: :func:`visible` line by line.

    >>> print(inert_text("a\x1b[2J\nb"))
    a\x1b[2J
    b
    """
    return "\n".join(visible(line) for line in text.split("\n"))


class SafeConsole(Console):
    """A console that prints strings as text: no markup, no emoji codes, no highlighting,
    and control characters made :func:`visible`."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("markup", False)
        kwargs.setdefault("emoji", False)
        kwargs.setdefault("highlight", False)
        super().__init__(**kwargs)

    def render_str(self, text: str, **kwargs: Any) -> Text:
        return super().render_str(visible(text), **kwargs)


def styled(*parts: str | tuple[str, str]) -> Text:
    """A line of text parts, each plain or ``(text, style)``; every part made visible.

    >>> styled(("note:", "dim"), " [/] wins").plain
    'note: [/] wins'
    """
    out = Text()
    for part in parts:
        if isinstance(part, tuple):
            out.append(visible(part[0]), style=part[1])
        else:
            out.append(visible(part))
    return out


def wide_console() -> Console:
    """The console of table commands: the terminal's width (``COLUMNS`` when set), and 160
    columns when output is piped, so that a saved crosstable keeps one line per player."""
    return SafeConsole(width=shutil.get_terminal_size((160, 24)).columns)


def progress_bar(*, quiet: bool = False) -> Any:
    """The one progress bar of the command line (D-cli-9), each task named by its
    description: on stderr, so that a piped
    table or JSON document stays clean; only when stderr is a terminal; gone when done.
    Every step that can take more than a second shows one (import, rate-pending,
    evaluate, simulate)."""
    import sys

    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
        disable=quiet or not sys.stderr.isatty(),
    )
