"""Uploads waiting for an officer (D-web-7).

A request only stores: the uploaded file is copied to the server's work folder in small
chunks (never held whole in memory) and a row in ``upload_previews`` says it is
``queued``. The background job (:mod:`arpad.web.background`, a separate process with a
memory limit) reads it through the ledger's import path, previews it, and stores a compact
summary and one row per player and per rated section (:mod:`arpad.web.previews`); pages
read them a page at a time. A commit is a request too: the job reads the file again,
checks it against the ledger as it is then, stores it and rates it.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import secrets
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from sqlalchemy import Connection, delete, func, insert, select, update

from arpad.errors import InputError
from arpad.io import format_names
from arpad.ledger import Ledger, OnConflict, PlayerKey, schema

_SAFE = re.compile(r"[^A-Za-z0-9._-]+")
_GONE = "no such upload waiting (expired, discarded or committed); upload again"
CHUNK = 64 * 1024

QUEUED, READING, READY, FAILED = "queued", "reading", "ready", "failed"
COMMIT, COMMITTING, COMMITTED = "commit", "committing", "committed"
WAITING = (QUEUED, READING)
"""States in which the background job has not finished reading the file."""


def safe_filename(name: str | None) -> str:
    """The uploaded file's own name, reduced to harmless characters (it becomes the
    import's source, and the reader may look at its extension).

    >>> safe_filename("../../etc/pass wd.trf"), safe_filename("<b>.json"), safe_filename(None)
    ('pass_wd.trf', 'b_.json', 'upload')
    """
    base = (name or "").replace("\\", "/").rsplit("/", 1)[-1]
    cleaned = _SAFE.sub("_", base).lstrip("._")[-100:]
    return cleaned or "upload"


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class UploadOptions:
    """How to read an upload (``arpad import``'s options)."""

    fmt: str | None = None
    player_key: PlayerKey = PlayerKey.AUTO
    default_date: dt.date | None = None
    on_conflict: OnConflict = OnConflict.REFUSE

    def to_json(self) -> str:
        return json.dumps(
            {
                "fmt": self.fmt,
                "player_key": self.player_key.value,
                "default_date": None if self.default_date is None else str(self.default_date),
                "on_conflict": self.on_conflict.value,
            }
        )

    @staticmethod
    def from_json(text: str) -> UploadOptions:
        d = json.loads(text)
        day = d["default_date"]
        return UploadOptions(
            d["fmt"],
            PlayerKey(d["player_key"]),
            None if day is None else dt.date.fromisoformat(day),
            OnConflict(d["on_conflict"]),
        )


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


@dataclass(frozen=True, slots=True)
class Upload:
    """An upload's row: its state, and once read, its preview's summary."""

    id: str
    token_id: int
    filename: str
    options: UploadOptions
    state: str
    created_at: str
    updated_at: str
    error: str | None
    summary: dict[str, Any] | None

    @property
    def can_commit(self) -> bool:
        return self.state == READY and self.summary is not None and not self.summary["refused"]


def _upload(row: Any) -> Upload:
    return Upload(
        row.id,
        row.token_id,
        row.filename,
        UploadOptions.from_json(row.options),
        row.state,
        row.created_at,
        row.updated_at,
        row.error,
        None if row.summary is None else json.loads(row.summary),
    )


def file_path(folder: Path, upload_id: str, filename: str) -> Path:
    return folder / upload_id / filename


class Uploads:
    """Uploads in the ledger (``upload_previews``), their files in ``folder``."""

    def __init__(
        self, ledger: Ledger, folder: Path, limit: int, ttl_seconds: int, kick: Callable[[], None]
    ) -> None:
        self.ledger = ledger
        self.folder = folder
        self.limit = limit
        self.ttl = ttl_seconds
        self.kick = kick
        """Starts the background job (or tells the running one there is work)."""

    def add(
        self, source: IO[bytes], filename: str | None, token_id: int, options: UploadOptions
    ) -> str:
        """Copy ``source`` to the work folder in chunks and queue it for the background
        job; the oldest uploads go beyond the limit. Returns the upload's id."""
        upload_id = secrets.token_urlsafe(16)
        name = safe_filename(filename)
        path = file_path(self.folder, upload_id, name)
        path.parent.mkdir(parents=True, mode=0o700)
        with path.open("wb") as out:
            shutil.copyfileobj(source, out, CHUNK)
        self._insert(upload_id, name, token_id, options)
        self.kick()
        return upload_id

    def _insert(self, upload_id: str, name: str, token_id: int, options: UploadOptions) -> None:
        t = schema.upload_previews
        stamp = now()
        with self.ledger.engine.begin() as conn:
            conn.execute(
                insert(t).values(
                    id=upload_id,
                    token_id=token_id,
                    filename=name,
                    options=options.to_json(),
                    state=QUEUED,
                    created_at=stamp,
                    updated_at=stamp,
                )
            )
            self._prune(conn)

    def _prune(self, conn: Connection) -> None:
        """Forget uploads older than the time to live, and the oldest beyond the limit
        (never one the background job is reading or committing)."""
        t = schema.upload_previews
        cutoff = (dt.datetime.now(dt.UTC) - dt.timedelta(seconds=self.ttl)).isoformat()
        rows = conn.execute(
            select(t.c.id, t.c.filename, t.c.created_at, t.c.state)
            .where(t.c.state.not_in((READING, COMMIT, COMMITTING)))
            .order_by(t.c.created_at.desc(), t.c.id)
        ).all()
        for i, row in enumerate(rows):
            if i >= self.limit or row.created_at < cutoff or row.state == COMMITTED:
                self._forget(conn, row.id, row.filename)

    def _forget(self, conn: Connection, upload_id: str, filename: str) -> None:
        t, items = schema.upload_previews, schema.upload_preview_items
        conn.execute(delete(items).where(items.c.upload_id == upload_id))
        conn.execute(delete(t).where(t.c.id == upload_id))
        shutil.rmtree(self.folder / upload_id, ignore_errors=True)  # ids are ours: URL-safe

    def get(self, upload_id: str) -> Upload | None:
        t = schema.upload_previews
        with self.ledger.engine.connect() as conn:
            row = conn.execute(select(t).where(t.c.id == upload_id)).first()
        return None if row is None else _upload(row)

    def require(self, upload_id: str) -> Upload:
        """Raises: InputError: no such upload."""
        found = self.get(upload_id)
        if found is None:
            raise InputError(_GONE)
        return found

    def items(self, upload_id: str, kind: str, page: int, size: int) -> tuple[list[Any], int]:
        """Page ``page`` (from 1) of the preview's ``player`` or ``section`` documents,
        and how many there are."""
        t = schema.upload_preview_items
        where = (t.c.upload_id == upload_id) & (t.c.kind == kind)
        with self.ledger.engine.connect() as conn:
            total = conn.execute(select(func.count()).select_from(t).where(where)).scalar_one()
            rows = conn.execute(
                select(t.c.doc)
                .where(where & (t.c.seq >= (page - 1) * size) & (t.c.seq < page * size))
                .order_by(t.c.seq)
            ).scalars()
            return [json.loads(doc) for doc in rows], int(total)

    def discard(self, upload_id: str) -> None:
        t = schema.upload_previews
        with self.ledger.engine.begin() as conn:
            row = conn.execute(select(t).where(t.c.id == upload_id)).first()
            if row is not None and row.state not in (COMMIT, COMMITTING):
                self._forget(conn, row.id, row.filename)

    def commit(self, upload_id: str) -> Upload:
        """Ask the background job to store a previewed upload (then to rate it).

        Raises:
            InputError: no such upload, not read yet, or refused by the preview.
        """
        upload = self.require(upload_id)
        if upload.state in (COMMIT, COMMITTING, COMMITTED):
            return upload
        if not upload.can_commit:
            why = upload.error or (upload.summary or {}).get("refused") or "not read yet"
            raise InputError(f"this upload cannot be committed: {why}")
        t = schema.upload_previews
        with self.ledger.engine.begin() as conn:
            done = conn.execute(
                update(t)
                .where((t.c.id == upload_id) & (t.c.state == READY))
                .values(state=COMMIT, updated_at=now())
            )
        if done.rowcount != 1:
            raise InputError(_GONE)
        self.kick()
        return self.require(upload_id)

    def again(self, upload_id: str, token_id: int, options: UploadOptions) -> str:
        """Preview a waiting upload again with other options (it replaces the first).

        Raises:
            InputError: no such upload waiting.
        """
        upload = self.require(upload_id)
        path = file_path(self.folder, upload.id, upload.filename)
        if upload.state in (COMMIT, COMMITTING, COMMITTED) or not path.exists():
            raise InputError(_GONE)
        with path.open("rb") as handle:
            made = self.add(handle, upload.filename, token_id, options)
        self.discard(upload_id)
        return made
