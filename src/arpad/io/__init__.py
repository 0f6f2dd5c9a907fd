"""Readers and writers of event files. Every error names the file and line.

Each format is a module exposing ``read(handle, path) -> list[Event]`` and
``sniff(head, path) -> bool`` (does the beginning of this file look like my format?).
:data:`FORMATS` maps a format name to its module; add one line per format.
"""

from __future__ import annotations

import codecs
import importlib
import io
import re
from pathlib import Path
from types import ModuleType
from typing import BinaryIO, TextIO

from arpad.errors import InputError
from arpad.model import Event, check_rating

FORMATS: dict[str, str] = {
    "fide-players": "arpad.io.fide_players_list",
    "json": "arpad.io.json_event",
    "trf": "arpad.io.trf",
    "uscf-crosstable": "arpad.io.uscf_crosstable",
    "berard": "arpad.io.berard",
    "pgn": "arpad.io.pgn",
    "games-csv": "arpad.io.games_csv",
    "kaggle2010": "arpad.io.kaggle2010",
    "dated-games": "arpad.io.dated_games",
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


def _unreadable(exc: OSError, path: str | Path) -> InputError:
    if isinstance(exc, FileNotFoundError):
        return InputError("no such file", path=str(path))
    return InputError(f"cannot read file: {exc.strerror}", path=str(path))


def _read_bytes(path: str | Path, limit: int = -1) -> bytes:
    """The bytes of ``path`` (the first ``limit`` only, if given)."""
    try:
        with open(path, "rb") as handle:
            return handle.read(limit)
    except OSError as exc:
        raise _unreadable(exc, path) from None


_CHUNK = 1 << 20
_HEAD_CHARS = 4096
"""How much of a file's beginning the format sniffers see."""
_HEAD_BYTES = 4 * _HEAD_CHARS


def _encoding(data: bytes, path: str | Path) -> str:
    """``utf-8-sig``, or ``latin-1`` for a file with no UTF-8 character at all (D-input-4).

    Checked a megabyte at a time, so that the check holds no second copy of the file.

    Raises:
        InputError: UTF-8 with an invalid byte, naming its line and byte offset.
    """
    decoder = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(data)
    try:
        for start in range(0, len(data), _CHUNK):
            decoder.decode(view[start : start + _CHUNK], final=start + _CHUNK >= len(data))
        return "utf-8-sig"
    except UnicodeDecodeError:
        if _UTF8_SEQUENCE.search(data) is None:
            return "latin-1"
    bad = 0
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:  # the exact offset, on this rare path only
        bad = exc.start
    line = data.count(b"\n", 0, bad) + 1
    raise InputError(
        f"invalid UTF-8 byte {data[bad : bad + 1]!r} at byte offset {bad}; the rest of "
        "the file is UTF-8, so re-save it as UTF-8",
        path=str(path),
        line=line,
    )


def read_text(path: str | Path) -> str:
    """The text of ``path``: UTF-8, or Latin-1 for old federation files (D-input-4).

    A file that is UTF-8 except for some invalid bytes is refused at the first of them:
    decoding it as Latin-1 would turn every other accented name into mojibake.

    Raises:
        InputError: the file is missing or unreadable, or UTF-8 with invalid bytes.
    """
    data = _read_bytes(path)
    return data.decode(_encoding(data, path))


def file_format(path: str | Path) -> str:
    """The format of the file at ``path``, told from its first bytes as :func:`read_events`
    tells it, without reading (and decoding) the whole file.

    Raises:
        InputError: the file is missing or unreadable, or no reader recognises it.
    """
    data = _read_bytes(path, _HEAD_BYTES)
    try:
        # Incremental: a character cut at the end of the head is left out, not an error.
        head = codecs.getincrementaldecoder("utf-8-sig")().decode(data)
    except UnicodeDecodeError:
        head = data.decode("latin-1")  # only a Latin-1 file (or a bad one) gets here
    try:
        return detect_format(head[:_HEAD_CHARS], str(path))
    except InputError:
        read_text(path)  # a file that is not valid text: say that instead
        raise


def _file_encoding(path: str | Path) -> str:
    """:func:`_encoding` of the file at ``path``, checked as it is read a megabyte at a
    time, so that not even one copy of a valid UTF-8 file is held.

    Raises:
        InputError: as :func:`_encoding`, or the file cannot be read.
    """
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        with open(path, "rb") as handle:
            while block := handle.read(_CHUNK):
                decoder.decode(block)
        decoder.decode(b"", final=True)
        return "utf-8-sig"
    except UnicodeDecodeError:
        return _encoding(_read_bytes(path), path)  # Latin-1, or where it is bad (rare)
    except OSError as exc:
        raise _unreadable(exc, path) from None


def _open_text(path: str | Path) -> tuple[str, TextIO]:
    """The beginning of a file's text (for the sniffers) and the file opened to read its
    text, decoded as the reader goes: neither the bytes nor the text of a large file are
    held whole (a StringIO of the text holds four bytes a character). Universal newlines:
    a bare carriage return (old Mac files) ends a line, as it does in an editor, instead
    of reaching a reader inside a line or a cell.

    Raises:
        InputError: the file is missing or unreadable, or UTF-8 with invalid bytes.
    """
    raw: BinaryIO
    if Path(path).is_file():
        encoding = _file_encoding(path)
        head = _read_bytes(path, _HEAD_BYTES)
        try:
            raw = open(path, "rb")  # noqa: SIM115 (closed with the text handle)
        except OSError as exc:
            raise _unreadable(exc, path) from None
    else:  # a pipe (``<(…)``) can be read only once: read it whole
        data = _read_bytes(path)
        encoding = _encoding(data, path)
        head, raw = data[:_HEAD_BYTES], io.BytesIO(data)
    text = head.decode(encoding, errors="ignore")[:_HEAD_CHARS]
    return text, io.TextIOWrapper(raw, encoding=encoding, newline=None)


def read_events(path: str | Path, fmt: str | None = None) -> list[Event]:
    """Read every event in a file, detecting its format unless ``fmt`` is given."""
    head, handle = _open_text(path)
    with handle:
        name = fmt if fmt is not None else detect_format(head, str(path))
        module = _module(name)
        try:
            events: list[Event] = module.read(handle, str(path))
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
