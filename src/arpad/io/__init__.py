"""Readers and writers of event files. Every error names the file and line.

Each format is a module exposing ``read(handle, path) -> list[Event]`` and
``sniff(head, path) -> bool`` (does the beginning of this file look like my format?).
:data:`FORMATS` maps a format name to its module; add one line per format.
"""

from __future__ import annotations

import importlib
import io
from pathlib import Path
from types import ModuleType

from arpad.errors import InputError
from arpad.model import Event

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


def read_text(path: str | Path) -> str:
    """The text of ``path`` (UTF-8, with a Latin-1 fallback for old federation files).

    Raises:
        InputError: the file is missing or unreadable.
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
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_events(path: str | Path, fmt: str | None = None) -> list[Event]:
    """Read every event in a file, detecting its format unless ``fmt`` is given."""
    text = read_text(path)
    name = fmt if fmt is not None else detect_format(text[:4096], str(path))
    module = _module(name)
    events: list[Event] = module.read(io.StringIO(text), str(path))
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
