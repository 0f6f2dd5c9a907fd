"""Uploads waiting for a decision: read through the ledger's import path, previewed, and
stored only when an officer commits them (:mod:`arpad.ledger.preview`)."""

from __future__ import annotations

import datetime as dt
import re
import secrets
import tempfile
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path

from arpad.errors import InputError
from arpad.io import format_names
from arpad.ledger import Imported, Ledger, OnConflict, PlayerKey
from arpad.ledger.identity import resolve
from arpad.ledger.preview import ImportPreview, preview_import
from arpad.ledger.store import PreparedImport, prepare_file

_SAFE = re.compile(r"[^A-Za-z0-9._-]+")
_GONE = "no such upload waiting (expired, discarded or committed); upload again"


def safe_filename(name: str | None) -> str:
    """The uploaded file's own name, reduced to harmless characters (it becomes the
    import's source, and the reader may look at its extension).

    >>> safe_filename("../../etc/pass wd.trf"), safe_filename("<b>.json"), safe_filename(None)
    ('pass_wd.trf', 'b_.json', 'upload')
    """
    base = (name or "").replace("\\", "/").rsplit("/", 1)[-1]
    cleaned = _SAFE.sub("_", base).lstrip("._")[-100:]
    return cleaned or "upload"


@dataclass(frozen=True, slots=True)
class UploadOptions:
    """How to read an upload (``arpad import``'s options)."""

    fmt: str | None = None
    player_key: PlayerKey = PlayerKey.AUTO
    default_date: dt.date | None = None
    on_conflict: OnConflict = OnConflict.REFUSE


@dataclass(frozen=True, slots=True)
class Upload:
    id: str
    filename: str
    preview: ImportPreview
    token_id: int
    created: float
    data: bytes
    """The file itself, to preview it again with other options."""
    options: UploadOptions


def read_options(
    fmt: str | None, player_key: str | None, date: str | None, on_conflict: str | None = None
) -> UploadOptions:
    """The upload form's options, checked as the CLI checks them.

    Raises:
        InputError: an unknown format or player key, or a malformed date.
    """
    fmt = fmt or None
    if fmt == "auto":
        fmt = None
    if fmt is not None and fmt not in format_names():
        raise InputError(f"unknown format {fmt!r}; choose one of {', '.join(format_names())}")
    try:
        key = PlayerKey(player_key or PlayerKey.AUTO.value)
    except ValueError:
        choices = ", ".join(k.value for k in PlayerKey)
        raise InputError(f"unknown player key {player_key!r}; choose one of {choices}") from None
    day = None
    if date:
        try:
            day = dt.date.fromisoformat(date)
        except ValueError:
            raise InputError(f"the date must look like 2024-05-31, not {date!r}") from None
    try:
        policy = OnConflict(on_conflict or OnConflict.REFUSE.value)
    except ValueError:
        choices = ", ".join(c.value for c in OnConflict)
        raise InputError(
            f"unknown conflict choice {on_conflict!r}; choose one of {choices}"
        ) from None
    return UploadOptions(fmt, key, day, policy)


class Uploads:
    """Previews waiting for commit (in memory, bounded; the oldest is dropped)."""

    def __init__(self, ledger: Ledger, limit: int, ttl_seconds: int) -> None:
        self.ledger = ledger
        self.limit = limit
        self.ttl = ttl_seconds
        self._items: dict[str, Upload] = {}
        self._lock = threading.Lock()

    def read(
        self, data: bytes, name: str, options: UploadOptions, *, strict: bool = True
    ) -> tuple[PreparedImport, str | None]:
        """The upload read and checked by the ledger's import path, its players resolved
        as ``arpad import`` resolves them (merged ids, FIDE IDs, conflicts under
        ``options.on_conflict``); nothing written. Not ``strict``: a conflict the options
        do not resolve is returned (with the file unresolved) instead of raised.

        Raises:
            InputError: the file cannot be read (naming the uploaded file and line), or
                an unresolved conflict when ``strict``.
        """
        with tempfile.TemporaryDirectory(prefix="arpad-upload-") as folder:
            path = Path(folder) / name
            path.write_bytes(data)
            try:
                prepared = prepare_file(
                    path,
                    options.fmt,
                    player_policy=options.player_key,
                    default_date=options.default_date,
                )
            except InputError as exc:
                raise InputError(
                    exc.message, path=name, line=exc.line, column=exc.column, field=exc.field
                ) from None
        prepared = replace(prepared, source=name)
        with self.ledger.engine.connect() as conn:
            try:
                return resolve(conn, prepared, options.on_conflict), None
            except InputError as exc:
                if strict:
                    raise
                return prepared, str(exc)

    def preview(
        self, data: bytes, filename: str | None, token_id: int, options: UploadOptions
    ) -> Upload:
        """Read ``data`` as the file ``filename`` and preview importing it.

        Raises:
            InputError: the file cannot be read (naming the uploaded file and line).
        """
        name = safe_filename(filename)
        prepared, conflict = self.read(data, name, options, strict=False)
        with self.ledger.engine.connect() as conn:
            shown = preview_import(conn, prepared)
        if conflict is not None and shown.refused is None:
            shown = replace(shown, refused=conflict)
        upload = Upload(
            secrets.token_urlsafe(16), name, shown, token_id, time.monotonic(), data, options
        )
        with self._lock:
            self._expire()
            while len(self._items) >= self.limit:
                del self._items[next(iter(self._items))]
            self._items[upload.id] = upload
        return upload

    def again(self, upload_id: str, token_id: int, options: UploadOptions) -> Upload:
        """Preview a waiting upload again with other options (it replaces the first).

        Raises:
            InputError: no such upload waiting, or the file cannot be read so.
        """
        with self._lock:
            upload = self._items.pop(upload_id, None)
        if upload is None:
            raise InputError(_GONE)
        return self.preview(upload.data, upload.filename, token_id, options)

    def _expire(self) -> None:
        now = time.monotonic()
        for key in [k for k, u in self._items.items() if u.created + self.ttl < now]:
            del self._items[key]

    def get(self, upload_id: str) -> Upload | None:
        with self._lock:
            self._expire()
            return self._items.get(upload_id)

    def discard(self, upload_id: str) -> None:
        with self._lock:
            self._items.pop(upload_id, None)

    def commit(self, upload_id: str) -> Imported:
        """Store a previewed upload (then the caller starts the rating).

        Raises:
            InputError: no such preview (expired or committed), or the ledger refuses it
                now (the same checks as at preview time, made again).
        """
        with self._lock:
            upload = self._items.pop(upload_id, None)
        if upload is None:
            raise InputError(_GONE)
        # read again: the ledger may have changed since the preview (the same file, the
        # same options, checked against the ledger as it is now)
        prepared, _ = self.read(upload.data, upload.filename, upload.options)
        return self.ledger.import_prepared(prepared)
