"""Readers and writers of event files. Every error names the file and line.

Each format is a module exposing ``read(handle, path) -> list[Event]`` and
``sniff(head, path) -> bool`` (does the beginning of this file look like my format?).
:data:`FORMATS` maps a format name to its module; add one line per format.
"""

from __future__ import annotations

import codecs
import gzip
import importlib
import io
import re
import zlib
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, BinaryIO, TextIO

from arpad.errors import InputError
from arpad.model import Event, check_rating

if TYPE_CHECKING:
    from arpad.season import Season

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


_GZIP_MAGIC = b"\x1f\x8b"


def open_binary(path: str | Path) -> BinaryIO:
    """``path`` opened to read bytes, decompressed on the fly when it is gzip (told by its
    first two bytes, not its name): every reader takes ``.gz`` files alike (issue 23.4).

    Raises:
        OSError: the file cannot be opened.
    """
    raw = open(path, "rb")  # noqa: SIM115 (the caller closes it)
    if raw.peek(2)[:2] != _GZIP_MAGIC:  # peek: a pipe cannot seek back
        return raw
    return _OwningGzip(raw)  # type: ignore[return-value]


class _OwningGzip(gzip.GzipFile):
    """A gzip reader that closes the file under it (``GzipFile`` leaves a given one open)."""

    def __init__(self, raw: BinaryIO) -> None:
        super().__init__(fileobj=raw, mode="rb", filename="")
        self._raw = raw

    def close(self) -> None:
        try:
            super().close()
        finally:
            self._raw.close()


def _read_bytes(path: str | Path, limit: int = -1) -> bytes:
    """The bytes of ``path`` (the first ``limit`` only, if given), decompressed if gzip."""
    try:
        with open_binary(path) as handle:
            return handle.read(limit)
    except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
        raise InputError(f"not a complete gzip file ({exc})", path=str(path)) from None
    except OSError as exc:
        raise _unreadable(exc, path) from None


_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def _wide_encoding(head: bytes) -> str | None:
    """UTF-16 or UTF-32, told by a byte-order mark or (without one) by the zero bytes
    that every ASCII character of such a file brings; ``None`` for a byte-wide file.
    Spreadsheets save "Unicode text" as UTF-16 (reported as "no finished game found"
    before, issue 23.5)."""
    for bom, name in _BOMS:
        if head.startswith(bom):
            return name
    sample = head[:4096]
    if len(sample) < 4 or sample.count(0) < len(sample) // 4:
        return None
    if sample[1::2].count(0) > len(sample) // 4 and sample[0::2].count(0) == 0:
        return "utf-16-le"
    if sample[0::2].count(0) > len(sample) // 4 and sample[1::2].count(0) == 0:
        return "utf-16-be"
    return None


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
    wide = _wide_encoding(data[:_HEAD_BYTES])
    if wide is not None:
        return _checked_wide(data, wide, path)
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


def _checked_wide(data: bytes, encoding: str, path: str | Path) -> str:
    """``encoding`` if the whole of ``data`` decodes in it.

    Raises:
        InputError: naming the encoding and where it breaks.
    """
    try:
        data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise InputError(
            f"the file looks like {encoding.upper()} but byte offset {exc.start} is not; "
            "re-save it as UTF-8",
            path=str(path),
        ) from None
    return encoding


def read_text(path: str | Path) -> str:
    """The text of ``path``: UTF-8, or Latin-1 for old federation files (D-input-4).

    A file that is UTF-8 except for some invalid bytes is refused at the first of them:
    decoding it as Latin-1 would turn every other accented name into mojibake.

    Raises:
        InputError: the file is missing or unreadable, or UTF-8 with invalid bytes.
    """
    data = _read_bytes(path)
    return data.decode(_encoding(data, path))


def _sniffed_name(path: str | Path) -> str:
    """The name the sniffers judge by: ``games.pgn.gz`` is a PGN file."""
    name = str(path)
    return name[: -len(".gz")] if name.lower().endswith(".gz") else name


def file_format(path: str | Path) -> str:
    """The format of the file at ``path``, told from its first bytes as :func:`read_events`
    tells it, without reading (and decoding) the whole file.

    Raises:
        InputError: the file is missing or unreadable, or no reader recognises it.
    """
    data = _read_bytes(path, _HEAD_BYTES)
    wide = _wide_encoding(data)
    try:
        # Incremental: a character cut at the end of the head is left out, not an error.
        head = codecs.getincrementaldecoder(wide or "utf-8-sig")(errors="strict").decode(data)
    except UnicodeDecodeError:
        head = data.decode("latin-1")  # only a Latin-1 file (or a bad one) gets here
    try:
        return detect_format(head[:_HEAD_CHARS], _sniffed_name(path))
    except InputError:
        read_text(path)  # a file that is not valid text: say that instead
        raise


def _file_encoding(path: str | Path) -> str:
    """:func:`_encoding` of the file at ``path``, checked as it is read a megabyte at a
    time, so that not even one copy of a valid UTF-8 file is held.

    Raises:
        InputError: as :func:`_encoding`, or the file cannot be read.
    """
    if _wide_encoding(_read_bytes(path, _HEAD_BYTES)) is not None:
        return _encoding(_read_bytes(path), path)  # UTF-16/32: checked whole (rare)
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        with open_binary(path) as handle:
            while block := handle.read(_CHUNK):
                decoder.decode(block)
        decoder.decode(b"", final=True)
        return "utf-8-sig"
    except UnicodeDecodeError:
        return _encoding(_read_bytes(path), path)  # Latin-1, or where it is bad (rare)
    except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
        raise InputError(f"not a complete gzip file ({exc})", path=str(path)) from None
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
            raw = open_binary(path)  # closed with the text handle
        except OSError as exc:
            raise _unreadable(exc, path) from None
    else:  # a pipe (``<(…)``) can be read only once: read it whole
        data = _read_bytes(path)
        encoding = _encoding(data, path)
        head, raw = data[:_HEAD_BYTES], io.BytesIO(data)
    text = codecs.getincrementaldecoder(encoding)(errors="ignore").decode(head)[:_HEAD_CHARS]
    return text, io.TextIOWrapper(raw, encoding=encoding, newline=None)


def read_events(path: str | Path, fmt: str | None = None) -> list[Event]:
    """Read every event in a file, detecting its format unless ``fmt`` is given."""
    head, handle = _open_text(path)
    with handle:
        name = fmt if fmt is not None else detect_format(head, _sniffed_name(path))
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


def read_season(path: str | Path, fmt: str | None = None) -> Season:
    """A file's events as a columnar :class:`~arpad.season.Season` (one pool): through
    the format's own ``read_season`` where it has one (games CSV, dated games, Kaggle
    2010, PGN: columns without a Python object per game; the file's ratings as each
    member's rating at the event, :attr:`~arpad.season.Season.member_rating`), else
    ``Season.from_events(read_events(path, fmt))``. Either way a season every system rates
    as it rates the file's events.

    Raises:
        InputError: what :func:`read_events` refuses (a games CSV of several pools too).
    """
    from arpad.season import Season

    head, handle = _open_text(path)
    with handle:
        name = fmt if fmt is not None else detect_format(head, _sniffed_name(path))
        reader = getattr(_module(name), "read_season", None)
        if reader is not None:
            try:
                season: Season = reader(handle, str(path))
            except InputError as exc:
                raise exc.located(str(path)) from None
            return season
    return Season.from_events(read_events(path, name))


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
