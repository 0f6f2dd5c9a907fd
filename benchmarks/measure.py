"""Wall time, CPU time and peak memory of one ``arpad`` command run as a subprocess: the
one measurement the benchmarks that time whole commands share (``big_inputs.py``,
``fide_list_import.py``).

The figures are the child's own (``os.wait4``): ``RUSAGE_CHILDREN``, used before, gives
the largest peak of every child so far, so a small command after a big one reported the
big one's memory.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Measured:
    wall: float
    """Seconds on the clock."""
    cpu: float
    """User and system CPU seconds (the fairer figure on a shared machine)."""
    peak_mib: float
    """The child's peak resident memory (``ru_maxrss``), MiB."""
    stdout: str


def measure(args: list[str], command: str = "arpad") -> Measured:
    """Run ``arpad ARGS`` (the ``arpad`` on PATH, so any installed version is measured);
    exit the benchmark with its stderr if it fails."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen([command, *args], stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if child.returncode != 0:
            sys.exit(f"{command} {' '.join(args)} failed:\n{err.read().decode(errors='replace')}")
        return Measured(
            elapsed,
            usage.ru_utime + usage.ru_stime,
            usage.ru_maxrss / 1024,
            out.read().decode(errors="replace").strip(),
        )
