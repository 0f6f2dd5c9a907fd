"""`arpad serve` on the command line: a port it cannot use is one line and exit code 2."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path


def test_an_address_in_use_is_one_line_exit_2(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = "import sys; from arpad.cli import main; sys.argv = ['arpad', *sys.argv[1:]]; main()"
        done = subprocess.run(
            [sys.executable, "-c", code, "serve", "--db", str(tmp_path / "l.db"), "--port",
             str(port)],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        f"arpad: error: cannot listen on 127.0.0.1:{port}: Address already in use"
    )
    assert "Traceback" not in done.stderr
