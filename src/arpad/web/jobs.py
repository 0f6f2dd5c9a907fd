"""Rating after a commit, in a separate process (D-web-3).

``arpad rate-pending`` runs as a child process, so a long rating run holds neither the
server's threads nor its interpreter lock: readers go on being served from the ledger's
last committed state (SQLite in WAL mode and PostgreSQL both let readers read while one
writer writes). One run at a time; a commit made during a run starts another after it.
The ledger URL is passed in the environment, never on the command line (``ps`` would
show a password).
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from arpad.ledger import database_url

_RUN = "from arpad.cli import main; main()"


@dataclass(frozen=True, slots=True)
class JobStatus:
    running: bool
    started: str | None
    finished: str | None
    exit_code: int | None
    output: str
    """What the last finished run printed (its summary and warnings)."""


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


class RatingJobs:
    def __init__(self, db: str) -> None:
        self.url = database_url(db)
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._log: Path | None = None
        self._again = False
        self._started: str | None = None
        self._finished: str | None = None
        self._exit: int | None = None
        self._output = ""

    def start(self) -> None:
        """Rate the pending events now, or as soon as the current run ends."""
        with self._lock:
            self._poll()
            if self._process is not None:
                self._again = True
                return
            self._spawn()

    def _spawn(self) -> None:
        handle, name = tempfile.mkstemp(prefix="arpad-rate-", suffix=".log")
        env = {**os.environ, "ARPAD_DB": self.url}
        self._process = subprocess.Popen(
            [sys.executable, "-c", _RUN, "rate-pending", "--quiet"],
            stdin=subprocess.DEVNULL,
            stdout=handle,
            stderr=subprocess.STDOUT,
            env=env,
        )
        os.close(handle)
        self._log = Path(name)
        self._started, self._finished, self._exit = _now(), None, None
        self._again = False

    def _poll(self) -> None:
        if self._process is None or self._process.poll() is None:
            return
        self._exit = self._process.returncode
        self._finished = _now()
        assert self._log is not None
        self._output = self._log.read_text(encoding="utf-8", errors="replace")[-20_000:]
        self._log.unlink(missing_ok=True)
        self._process, self._log = None, None
        if self._again:
            self._spawn()

    def status(self) -> JobStatus:
        with self._lock:
            self._poll()
            return JobStatus(
                self._process is not None, self._started, self._finished, self._exit, self._output
            )

    def wait(self, timeout: float | None = None) -> JobStatus:
        """Wait until no run is going (tests, and the server's shutdown)."""
        while True:
            with self._lock:
                process = self._process
            if process is None:
                return self.status()
            process.wait(timeout)
            self.status()
