"""Starting the background job and reading how the last rating went (D-web-3, D-web-7).

Every worker process of the server may start the job (:mod:`arpad.web.background`) when
it has queued work; the job's lock keeps it to one process per ledger. A rating run's
state is a small file in the work folder, so every worker shows the same status. The
ledger URL is passed in the environment, never on the command line (``ps`` would show a
password).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from arpad.ledger import Ledger, database_url
from arpad.web.background import RATE_REQUEST, RATING_STATUS, has_work, job_lock

_RUN = "from arpad.web.background import main; main()"


def work_folder(db: str, base: str | None = None) -> Path:
    """The server's work folder for ledger ``db`` (uploads waiting, the job's lock and
    status): one per ledger, private to this user."""
    url = database_url(db)
    name = "arpad-web-" + hashlib.sha256(url.encode()).hexdigest()[:16]
    folder = Path(base or tempfile.gettempdir()) / name
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder


@dataclass(frozen=True, slots=True)
class JobStatus:
    running: bool
    started: str | None
    finished: str | None
    exit_code: int | None
    output: str
    """What the last finished run printed (its summary and warnings)."""


class Background:
    """This worker's view of the background job."""

    def __init__(self, ledger: Ledger, db: str, folder: Path, memory_bytes: int) -> None:
        self.ledger = ledger
        self.url = database_url(db)
        self.folder = folder
        self.memory = memory_bytes
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None

    def kick(self) -> None:
        """Start the job unless this worker's last one is still running (a job started
        by another worker just ends at once when one holds the lock)."""
        with self._lock:
            if self._process is not None and self._process.poll() is None:
                return
            env = {**os.environ, "ARPAD_DB": self.url, "ARPAD_JOB_MEMORY": str(self.memory)}
            env.setdefault("OPENBLAS_NUM_THREADS", "1")
            self._process = subprocess.Popen(
                [sys.executable, "-c", _RUN, str(self.folder)],
                stdin=subprocess.DEVNULL,
                env=env,
            )

    def start(self) -> None:
        """Rate the pending events as soon as the job can."""
        (self.folder / RATE_REQUEST).touch()
        self.kick()

    def status(self) -> JobStatus:
        try:
            d = json.loads((self.folder / RATING_STATUS).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return JobStatus(False, None, None, None, "")
        return JobStatus(
            bool(d.get("running")) and self.busy(),
            d.get("started"),
            d.get("finished"),
            d.get("exit_code"),
            d.get("output", ""),
        )

    def busy(self) -> bool:
        """The job is running (somebody holds its lock)."""
        with job_lock(self.folder) as free:
            return not free

    def wait(self, timeout: float = 600) -> JobStatus:
        """Wait until the job has nothing left to do (tests, benchmarks)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                process = self._process
            if process is not None:
                process.wait(max(0.0, deadline - time.monotonic()))
            if not self.busy():
                if not has_work(self.ledger, self.folder):
                    break
                self.kick()
            time.sleep(0.05)
        return self.status()

    def stop(self) -> None:
        """Stop this worker's job at shutdown (its work is taken up again next time)."""
        with self._lock:
            process = self._process
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
