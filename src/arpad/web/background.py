"""The server's background job (D-web-7): one process at a time per ledger reads uploads,
stores their previews, commits them, and rates what is pending.

It runs apart from the web server's worker processes, so a 100,000-game file costs the
server no memory and no request time; its memory is capped (``RLIMIT_DATA``, the server's
``--preview-memory-mb``): a file that needs more is refused with one line instead of
growing without end. A lock file in the work folder makes it one process per ledger
whichever worker started it; it ends when there is nothing left to do, and the next
upload starts it again.

Run as ``python -c "from arpad.web.background import main; main()" FOLDER`` with the
ledger in ``ARPAD_DB`` and the cap in bytes in ``ARPAD_JOB_MEMORY``.
"""

from __future__ import annotations

import fcntl
import json
import os
import resource
import subprocess
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update

from arpad.errors import InputError
from arpad.ledger import Ledger, schema
from arpad.ledger.identity import resolve
from arpad.ledger.preview import Identity, preview_import
from arpad.ledger.store import PreparedImport, prepare_file
from arpad.web import previews
from arpad.web.uploads import (
    COMMIT,
    COMMITTED,
    COMMITTING,
    FAILED,
    QUEUED,
    READING,
    READY,
    UploadOptions,
    file_path,
    now,
)

LOCK, RATE_REQUEST, RATING_STATUS, RATING_LOG = "job.lock", "rate.request", "rating.json", "log"
_RUN_CLI = "from arpad.cli import main; main()"
_BATCH = 500


@contextmanager
def job_lock(folder: Path) -> Iterator[bool]:
    """Hold the folder's job lock if nobody else does (yields whether we hold it)."""
    with (folder / LOCK).open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _set_state(conn: Connection, upload_id: str, state: str, **values: Any) -> None:
    t = schema.upload_previews
    conn.execute(
        update(t).where(t.c.id == upload_id).values(state=state, updated_at=now(), **values)
    )


def _claim(ledger: Ledger) -> Any:
    """The oldest upload waiting for the job, marked as taken."""
    t = schema.upload_previews
    with ledger.engine.begin() as conn:
        row = conn.execute(
            select(t).where(t.c.state.in_((QUEUED, COMMIT))).order_by(t.c.created_at).limit(1)
        ).first()
        if row is not None:
            _set_state(conn, row.id, READING if row.state == QUEUED else COMMITTING)
    return row


INTERRUPTED = (
    "the background job stopped while reading this file (the server stopped, or the "
    "job ran out of memory); upload it again"
)


def _requeue(ledger: Ledger) -> None:
    """Work a killed job left taken (we hold the lock now): a commit is asked again (it
    is one transaction), a file being read fails (it may be what killed the job)."""
    t = schema.upload_previews
    with ledger.engine.begin() as conn:
        conn.execute(update(t).where(t.c.state == READING).values(state=FAILED, error=INTERRUPTED))
        conn.execute(update(t).where(t.c.state == COMMITTING).values(state=COMMIT))


def read_upload(
    ledger: Ledger, path: Path, options: UploadOptions, strict: bool
) -> tuple[PreparedImport, str | None]:
    """The file read and checked by the ledger's import path, its players resolved as
    ``arpad import`` resolves them. Not ``strict``: a conflict the options do not
    resolve is returned (the file unresolved) instead of raised.

    Raises:
        InputError: unreadable (naming the uploaded file and line), or a conflict.
    """
    name = path.name
    try:
        prepared = prepare_file(
            path, options.fmt, player_policy=options.player_key, default_date=options.default_date
        )
    except InputError as exc:
        raise InputError(
            exc.message, path=name, line=exc.line, column=exc.column, field=exc.field
        ) from None
    prepared = replace(prepared, source=name)
    with ledger.engine.connect() as conn:
        try:
            return resolve(conn, prepared, options.on_conflict), None
        except InputError as exc:
            if strict:
                raise
            return prepared, str(exc)


def _store_items(conn: Connection, upload_id: str, kind: str, docs: Iterable[Any]) -> None:
    t = schema.upload_preview_items
    batch: list[dict[str, Any]] = []
    for seq, doc in enumerate(docs):
        batch.append({"upload_id": upload_id, "kind": kind, "seq": seq, "doc": json.dumps(doc)})
        if len(batch) == _BATCH:
            conn.execute(insert(t), batch)
            batch = []
    if batch:
        conn.execute(insert(t), batch)


def preview_upload(ledger: Ledger, folder: Path, row: Any) -> None:
    """Read an upload and store its compact preview."""
    options = UploadOptions.from_json(row.options)
    prepared, conflict = read_upload(
        ledger, file_path(folder, row.id, row.filename), options, strict=False
    )
    with ledger.engine.connect() as conn:
        shown = preview_import(conn, prepared)
        new = {q.player_id: q.name for q in shown.players if q.identity == Identity.NEW}
        same = previews.same_names(conn, new)
    if conflict is not None and shown.refused is None:
        shown = replace(shown, refused=conflict)
    summary = previews.summary(shown, same)
    with ledger.engine.begin() as conn:
        items = schema.upload_preview_items
        conn.execute(delete(items).where(items.c.upload_id == row.id))
        _store_items(conn, row.id, "player", previews.player_items(shown))
        _store_items(conn, row.id, "section", previews.section_items(shown))
        _set_state(conn, row.id, READY, summary=json.dumps(summary), error=None)


def commit_upload(ledger: Ledger, folder: Path, row: Any) -> None:
    """Store an upload (read again: the ledger may have changed since the preview)."""
    options = UploadOptions.from_json(row.options)
    path = file_path(folder, row.id, row.filename)
    prepared, _ = read_upload(ledger, path, options, strict=True)
    ledger.import_prepared(prepared)
    with ledger.engine.begin() as conn:
        _set_state(conn, row.id, COMMITTED, error=None)
    (folder / RATE_REQUEST).touch()
    path.unlink(missing_ok=True)


def _memory_text() -> str:
    soft, _ = resource.getrlimit(resource.RLIMIT_DATA)
    return f"{soft // (1024 * 1024)} MiB" if soft != resource.RLIM_INFINITY else "memory"


def process(ledger: Ledger, folder: Path, row: Any) -> None:
    """One upload's turn: preview or commit it; a failure is stored as one line."""
    work = preview_upload if row.state == QUEUED else commit_upload
    try:
        work(ledger, folder, row)
        return
    except InputError as exc:
        message = str(exc)
    except MemoryError:
        message = (
            f"reading this file needs more memory than the {_memory_text()} the server allows "
            "(arpad serve --job-memory-mb); split the file or import it with 'arpad import'"
        )
    with ledger.engine.begin() as conn:
        _set_state(conn, row.id, FAILED, error=message)


def _unlimited() -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_DATA)
    resource.setrlimit(resource.RLIMIT_DATA, (hard, hard))


def rate(folder: Path, db: str) -> None:
    """Run ``arpad rate-pending`` (without the job's memory cap) and record its end."""
    (folder / RATE_REQUEST).unlink(missing_ok=True)
    status = folder / RATING_STATUS
    started = now()
    _write_json(status, {"running": True, "started": started})
    log = folder / RATING_LOG
    with log.open("wb") as out:
        done = subprocess.run(
            [sys.executable, "-c", _RUN_CLI, "rate-pending", "--quiet"],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "ARPAD_DB": db},
            preexec_fn=_unlimited,  # safe: this process runs no threads
            check=False,
        )
    output = log.read_text(encoding="utf-8", errors="replace")[-20_000:]
    _write_json(
        status,
        {"running": False, "started": started, "finished": now(), "exit_code": done.returncode,
         "output": output},
    )  # fmt: skip


def _write_json(path: Path, value: dict[str, Any]) -> None:
    part = path.with_suffix(".part")
    part.write_text(json.dumps(value), encoding="utf-8")
    part.replace(path)


def has_work(ledger: Ledger, folder: Path) -> bool:
    t = schema.upload_previews
    with ledger.engine.connect() as conn:
        waiting = conn.execute(
            select(t.c.id).where(t.c.state.in_((QUEUED, COMMIT))).limit(1)
        ).first()
    return waiting is not None or (folder / RATE_REQUEST).exists()


def run(ledger: Ledger, folder: Path, db: str) -> None:
    """Work until nothing is left (holding the lock), then check once more after letting
    it go, so that work queued meanwhile is not left waiting for the next upload."""
    while True:
        with job_lock(folder) as mine:
            if not mine:
                return
            _requeue(ledger)
            while True:
                row = _claim(ledger)
                if row is not None:
                    process(ledger, folder, row)
                elif (folder / RATE_REQUEST).exists():
                    rate(folder, db)
                else:
                    break
        if not has_work(ledger, folder):
            return


def limit_memory(limit: int) -> None:
    """Cap this process's data segment (heap and anonymous mappings) at ``limit`` bytes."""
    if limit > 0:
        _, hard = resource.getrlimit(resource.RLIMIT_DATA)
        capped = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
        resource.setrlimit(resource.RLIMIT_DATA, (capped, hard))


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0])
    db = os.environ["ARPAD_DB"]
    import numpy  # noqa: F401  (OpenBLAS sets up its buffers before the cap, not after)

    limit_memory(int(os.environ.get("ARPAD_JOB_MEMORY", "0")))
    with Ledger.open(db) as ledger:
        run(ledger, folder, db)


__all__ = ["COMMITTED", "READY", "job_lock", "main", "run"]
