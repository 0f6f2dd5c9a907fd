"""Readers and writers of event files. Every error names the file and line.

Each format is a module exposing ``read(handle, path) -> list[Event]`` and
``sniff(head, path) -> bool`` (does the beginning of this file look like my format?).
:data:`FORMATS` maps a format name to its module; add one line per format.
"""

from __future__ import annotations

import importlib
import io
import re
from pathlib import Path
from types import ModuleType

from arpad.errors import InputError
from arpad.model import Event, check_rating

FORMATS: dict[str, str] = {
    "json": "arpad.io.json_event",
    "trf": "arpad.io.trf",
    "uscf-crosstable": "arpad.io.uscf_crosstable",
    "berard": "arpad.io.berard",
    "pgn": "arpad.io.pgn",
    "games-csv": "arpad.io.games_csv",
}
"""Format name → reader module. The order is the order in which formats are sniffed."""


def format_names() -> list[str]:
    return list(FORMATS)


def _module(name: str) -> ModuleType:
    try:
        return importlib.import_module(FORMATS[name])
    except KeyError:
        raise InputError(
            f"unknown input format {name!r}; choose one of {', '.join(FORMATS)}"
        ) from None


def detect_format(head: str, path: str) -> str:
    """The name of the format whose sniffer accepts this file's beginning.

    Raises:
        InputError: no reader recognises the file.
    """
    for name in FORMATS:
        module = _module(name)
        sniff = getattr(module, "sniff", None)
        if sniff is not None and sniff(head, path):
            return name
    raise InputError(
        f"cannot tell the format of this file; pass --format ({', '.join(FORMATS)})", path=path
    )


_UTF8_SEQUENCE = re.compile(
    rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}"
)
"""A multi-byte UTF-8 character; a Latin-1 file practically never holds one."""


def read_text(path: str | Path) -> str:
    """The text of ``path``: UTF-8, or Latin-1 for old federation files (D-input-4).

    A file that is UTF-8 except for some invalid bytes is refused at the first of them:
    decoding it as Latin-1 would turn every other accented name into mojibake.

    Raises:
        InputError: the file is missing or unreadable, or UTF-8 with invalid bytes.
    """
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", path=str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", path=str(path)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if _UTF8_SEQUENCE.search(data) is None:
            return data.decode("latin-1")
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(
            f"invalid UTF-8 byte {data[exc.start : exc.start + 1]!r} at byte offset "
            f"{exc.start}; the rest of the file is UTF-8, so re-save it as UTF-8",
            path=str(path),
            line=line,
        ) from None


def read_events(path: str | Path, fmt: str | None = None) -> list[Event]:
    """Read every event in a file, detecting its format unless ``fmt`` is given."""
    text = read_text(path)
    name = fmt if fmt is not None else detect_format(text[:4096], str(path))
    module = _module(name)
    try:
        # Universal newlines: a bare carriage return (old Mac files) ends a line, as it
        # does in an editor, instead of reaching the readers inside a line or a CSV cell.
        events: list[Event] = module.read(io.StringIO(text, newline=None), str(path))
        for event in events:
            for entry in event.players:
                for what, rating in entry.rating_values():
                    check_rating(rating, what, entry.line)
    except InputError as exc:
        raise exc.located(str(path)) from None
    if not events:
        raise InputError("the file holds no event", path=str(path))
    return events


def read_event(path: str | Path, fmt: str | None = None, event: str | None = None) -> Event:
    """Read one event of a file: its only event, or the one ``event`` names (its id, its
    name, or its number 1, 2 … in the file).

    Raises:
        InputError: the file is unreadable or malformed; it holds several events and
            ``event`` is not given (the message lists them); no event matches ``event``.
    """
    events = read_events(path, fmt)
    if event is None:
        if len(events) == 1:
            return events[0]
        raise InputError(
            f"the file holds {len(events)} events; choose one with --event: {_listing(events)}",
            path=str(path),
        )
    for i, e in enumerate(events, start=1):
        if event in (e.id, e.name, str(i)):
            return e
    raise InputError(f"no event {event!r} in the file; it holds {_listing(events)}", path=str(path))


def _listing(events: list[Event]) -> str:
    """``1 'ny-1924' (New York, 40 games), 2 …`` for messages."""
    out = []
    for i, e in enumerate(events, start=1):
        name = f"{e.name}, " if e.name and e.name != e.id else ""
        games = f"{len(e.games)} game{'' if len(e.games) == 1 else 's'}"
        out.append(f"{i} {e.id!r} ({name}{games})")
    return ", ".join(out)
