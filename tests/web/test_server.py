"""The server itself, on loopback: idle connections cannot starve it (issue 24: 260 idle
TCP connections made every other request 503 for minutes), it stops promptly on SIGTERM
with an upload being read, and the background job keeps to its memory cap."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.h11_impl import H11Protocol

from arpad.ledger import Ledger
from arpad.ledger.tokens import create_token
from arpad.web.server import GuardedH11Protocol

IDLE = 12
LIMIT = 10


class QuickGuard(GuardedH11Protocol):
    header_timeout = 0.5
    body_timeout = 0.5


def _tiny_app() -> FastAPI:
    app = FastAPI()

    @app.get("/")
    def root() -> dict[str, str]:
        return {"ok": "yes"}

    return app


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


@contextmanager
def _serving(protocol: type[H11Protocol]) -> Iterator[int]:
    port = _free_port()
    config = uvicorn.Config(
        _tiny_app(),
        host="127.0.0.1",
        port=port,
        http=protocol,
        limit_concurrency=LIMIT,
        log_level="error",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(10)


def _get(port: int) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", "/")
        return conn.getresponse().status
    finally:
        conn.close()


def _idle_then_request(protocol: type[H11Protocol]) -> tuple[list[bytes | None], list[int]]:
    """Open more idle connections than the server's concurrency limit (one sends half a
    request line), then ask for a page a few times, a second apart."""
    with _serving(protocol) as port:
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(IDLE)]
        idle[0].sendall(b"GET / HT")  # a trickle counts as idle too
        answers = []
        for _ in range(4):
            time.sleep(1)
            answers.append(_get(port))
        closed: list[bytes | None] = []
        for s in idle:
            s.settimeout(0.2)
            try:
                closed.append(s.recv(1))  # b"": the server closed it
            except TimeoutError:
                closed.append(None)  # still open
            s.close()
    return closed, answers


def test_idle_connections_are_closed_and_cannot_starve_the_server() -> None:
    closed, answers = _idle_then_request(QuickGuard)
    assert closed == [b""] * IDLE
    assert answers[-1] == 200


def test_without_the_guard_idle_connections_starve_it() -> None:
    """The reproducer on uvicorn's own protocol: the idle connections stay open and every
    request is refused (the guard above is what changes it)."""
    closed, answers = _idle_then_request(H11Protocol)
    assert None in closed
    assert set(answers) == {503}


def _wait_up(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if _get(port) in (200, 404):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("the server did not start")


@pytest.fixture
def served_ledger(tmp_path: Path) -> Iterator[tuple[int, str, subprocess.Popen[bytes], str]]:
    db = str(tmp_path / "serve.db")
    with Ledger.open(db) as ledger, ledger.engine.begin() as conn:
        token = create_token(conn, "test").token
    port = _free_port()
    env = {**os.environ, "ARPAD_DB": db, "TMPDIR": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-c", "from arpad.cli import main; main()", "serve", "--port",
         str(port), "--workers", "2"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        _wait_up(port, process)
        yield port, token, process, str(tmp_path)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _post_file(port: int, token: str, name: str, data: bytes) -> dict[str, Any]:
    import json

    boundary = "b0undary"
    head = f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"'
    body = (head + "\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request(
        "POST",
        "/api/uploads",
        body=body,
        headers={
            "Authorization": f"Bearer {token}",
            "Content-Type": f"multipart/form-data; boundary={boundary}",
        },
    )
    response = conn.getresponse()
    assert response.status == 202, response.read()
    doc: dict[str, Any] = json.loads(response.read())
    conn.close()
    return doc


def test_sigterm_stops_the_server_while_an_upload_is_read(
    served_ledger: tuple[int, str, subprocess.Popen[bytes], str],
) -> None:
    """Issue 24: with an upload being read in a request, SIGTERM did not stop the server
    within 30 s. Reading is the background job's now; the server and the job stop."""
    port, token, process, folder = served_ledger
    rows = ["event,date,round,white,black,result"]
    rows += [f"e{i % 300},2024-01-01,1,P{i % 4000},Q{i % 3000},1-0" for i in range(60_000)]
    _post_file(port, token, "big.csv", "\n".join(rows).encode())
    deadline = time.monotonic() + 30
    while not _processes_naming(folder) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _processes_naming(folder), "the background job did not start"
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(20)  # a bound for the test, not a measurement
    except subprocess.TimeoutExpired:
        pytest.fail("the server did not stop on SIGTERM")
    stderr = process.stderr.read().decode() if process.stderr else ""
    assert "Traceback" not in stderr, stderr
    assert _processes_naming(folder) == []  # the job (its argument is the work folder)


def _processes_naming(text: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                argv = (entry / "cmdline").read_bytes().decode(errors="replace")
            except OSError:
                continue
            if text in argv:
                found.append(int(entry.name))
    return found


def test_the_job_refuses_a_file_that_needs_more_than_its_memory_cap(tmp_path: Path) -> None:
    """Issue 24: one 123k-game upload took the server from 116 MB to 1 GB. The job that
    reads it runs apart with a cap (here 100 MiB: the 123k-game file needs more) and
    refuses the file with one line; the server's workers never hold it."""
    from fastapi.testclient import TestClient

    from arpad.web import WebSettings, create_app
    from tests.web.conftest import bearer, previewed

    db = str(tmp_path / "cap.db")
    with Ledger.open(db) as ledger, ledger.engine.begin() as conn:
        token = create_token(conn, "test").token
    rows = ["event,date,round,white,black,result"]
    rows += [f"e{i // 100},2024-01-01,1,{10_000_000 + i % 6000},{20_000_000 + i % 5000},1-0"
             for i in range(123_000)]  # fmt: skip
    settings = WebSettings(
        db=db,
        max_upload_bytes=8 * 1024 * 1024,
        job_memory_bytes=100 * 1024 * 1024,
        work_dir=str(tmp_path / "work"),
    )
    app = create_app(settings)
    with TestClient(app) as client:
        queued = client.post(
            "/api/uploads",
            files={"file": ("big.csv", "\n".join(rows).encode())},
            headers=bearer(token),
        )
        doc = previewed(client, queued, token)
    app.state.ledger.close()
    assert doc["state"] == "failed"
    assert doc["error"].startswith("reading this file needs more memory than the 100 MiB")
