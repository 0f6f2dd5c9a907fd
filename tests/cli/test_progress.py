"""Progress bars on a terminal, nothing when piped (issue 23, "no progress on import";
D-cli-9): ``arpad import`` and ``arpad rate-pending`` run with stderr on a pseudo-terminal
draw their bar there; with stderr a pipe they print no bar."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES

SRC = Path(__file__).resolve().parents[2] / "src"

FILES = [str(EXAMPLES / "uscf-open.json"), *sorted(map(str, (EXAMPLES / "ledger").iterdir()))]


def _arpad(args: list[str], *, terminal: bool) -> tuple[int, str]:
    """Exit code and stderr of ``arpad ARGS``, stderr a pseudo-terminal or a pipe."""
    env = {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "80", "TERM": "xterm"}
    command = [sys.executable, "-c", "from arpad.cli import main; main()", *args]
    if not terminal:
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        return done.returncode, done.stderr
    main, side = pty.openpty()
    with subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=side, env=env) as proc:
        os.close(side)
        chunks = []
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the terminal closes when the process ends
                break
            if not chunk:
                break
            chunks.append(chunk)
        code = proc.wait()
    os.close(main)
    return code, b"".join(chunks).decode("utf-8", errors="replace")


@pytest.mark.parametrize(
    ("args", "task"),
    [(["import", *FILES], "importing"), (["rate-pending", "-s", "uscf"], "uscf")],
)
def test_a_bar_on_a_terminal_none_in_a_pipe(tmp_path: Path, args: list[str], task: str) -> None:
    db = str(tmp_path / "l.db")
    if args[0] == "rate-pending":
        assert _arpad(["import", *FILES, "--db", db], terminal=False)[0] == 0
    code, shown = _arpad([*args, "--db", db], terminal=True)
    assert code == 0, shown
    assert task in shown and "━" in shown  # rich's bar, with its task's name
    again = str(tmp_path / "again.db")
    if args[0] == "rate-pending":
        assert _arpad(["import", *FILES, "--db", again], terminal=False)[0] == 0
    code, piped = _arpad([*args, "--db", again], terminal=False)
    assert code == 0 and "━" not in piped
