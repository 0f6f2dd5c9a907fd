"""How ``arpad serve`` runs the app under uvicorn (D-web-8): several worker processes, a
deadline for each request's headers and body, a short keep-alive, and a prompt stop.

uvicorn closes a keep-alive connection after ``timeout_keep_alive`` but leaves a
connection that never sends a complete request open for ever, and it counts open
connections against ``limit_concurrency`` (answering 503 beyond it): 260 idle connections
made every other request 503 for minutes (issue 24). :class:`GuardedH11Protocol` gives the
headers of every request ``header_timeout`` seconds and its body ``body_timeout`` seconds
from the first byte, and closes the connection after that.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from arpad.web.settings import WebSettings

SETTINGS_ENV = "ARPAD_WEB_SETTINGS"
HEADER_TIMEOUT = 10.0
"""Seconds a client has to send a request's headers (nginx's client_header_timeout is 60;
a browser sends them at once)."""
BODY_TIMEOUT = 120.0
"""Seconds a client has to send a request's body: 5 MiB at 350 kbit/s."""
KEEP_ALIVE = 5
"""Seconds an idle keep-alive connection stays open (uvicorn's default)."""
GRACEFUL_SHUTDOWN = 3
"""Seconds the requests going on at SIGTERM have to finish."""
LIMIT_CONCURRENCY = 1000
"""Connections and requests at once per worker before uvicorn answers 503."""
WORKER_HEALTHCHECK = 60
"""Seconds a worker has to answer the supervisor's ping. uvicorn's 5 s killed workers still
importing the app on a busy machine, which then restarted them for ever."""


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with header and body deadlines."""

    header_timeout = HEADER_TIMEOUT
    body_timeout = BODY_TIMEOUT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._waiting_for: object = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm(h11.IDLE, self.header_timeout)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._disarm()  # the keep-alive timer watches an idle connection from now on

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _follow(self) -> None:
        """Headers started: keep their deadline; a body expected: give it its own."""
        state = self.conn.their_state
        if state is h11.IDLE:
            self._arm(h11.IDLE, self.header_timeout)
        elif state is h11.SEND_BODY:
            self._arm(h11.SEND_BODY, self.body_timeout)
        else:
            self._disarm()

    def _arm(self, state: object, seconds: float) -> None:
        if self._deadline is not None and self._waiting_for is state:
            return  # a deadline counts from the first byte: trickling does not extend it
        self._disarm()
        self._waiting_for = state
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline, self._waiting_for = None, None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def export_settings(settings: WebSettings) -> None:
    """Hand the settings to the worker processes (they build the app themselves)."""
    os.environ[SETTINGS_ENV] = json.dumps(dataclasses.asdict(settings))


def app_from_environment() -> Any:
    """The app of one worker process (uvicorn's factory)."""
    from arpad.web.app import create_app

    return create_app(WebSettings(**json.loads(os.environ[SETTINGS_ENV])))


def uvicorn_options(workers: int) -> dict[str, Any]:
    """uvicorn's options: the protocol with deadlines, the limits, a prompt stop."""
    return {
        "http": GuardedH11Protocol,
        "workers": workers,
        "limit_concurrency": LIMIT_CONCURRENCY,
        "timeout_keep_alive": KEEP_ALIVE,
        "timeout_graceful_shutdown": GRACEFUL_SHUTDOWN,
        "timeout_worker_healthcheck": WORKER_HEALTHCHECK,
        "h11_max_incomplete_event_size": 16 * 1024,
    }
