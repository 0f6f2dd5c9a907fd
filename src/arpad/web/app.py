"""The application: one FastAPI app over one ledger (D-web-1).

Errors follow the command line's rule (one line, never a traceback): an
:class:`~arpad.errors.ArpadError` or a malformed request becomes a 4xx answer whose body is
that line, as ``{"error": "..."}`` under ``/api`` and as a short page elsewhere.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, MutableMapping
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.exceptions import HTTPException as StarletteHTTPException

from arpad.display import number_text
from arpad.errors import ArpadError
from arpad.ledger import Ledger, LedgerError
from arpad.web.auth import NotAllowed, Sessions, TooManyAttempts
from arpad.web.conditional import build_tag
from arpad.web.jobs import Background, work_folder
from arpad.web.reading import LedgerCache
from arpad.web.settings import WebSettings
from arpad.web.uploads import Uploads

log = logging.getLogger("arpad.web")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
        b"frame-ancestors 'none'; base-uri 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
]


_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Explicit embeddings, overrides and isolates: they would make a name display as other
letters (an override shows "evil" as "live")."""
_UNSHOWN = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f" + "".join(sorted(_BIDI_CONTROLS)) + "]")
"""What :func:`clean` replaces: the control characters (Unicode category Cc, which is
exactly U+0000–U+001F and U+007F–U+009F) but the tab, and the bidi controls; one regular
expression, as a list page cleans a hundred names (issue 23)."""


def clean(text: object) -> str:
    """Text from a file as shown on a page: control characters (which HTML cannot carry
    and terminals would obey) and explicit bidi controls become U+FFFD. Markup is escaped
    by the templates; right-to-left names keep their natural direction, isolated by the
    ``<bdi>`` the templates put around every name.

    >>> clean("Bell\x07 \u202eevil"), clean("אבג Smith")
    ('Bell\ufffd \ufffdevil', 'אבג Smith')
    """
    value = "" if text is None else str(text)
    return _UNSHOWN.sub("\ufffd", value)


def clean_lines(text: object) -> str:
    r""":func:`clean` for a log shown in ``<pre>``: its line breaks stay line breaks (a
    carriage return before one is dropped; any other is a control character).

    >>> clean_lines("rated 3 events\r\nuscf: 1 failed\x1b[31m")
    'rated 3 events\nuscf: 1 failed\ufffd[31m'
    """
    value = "" if text is None else str(text)
    return "\n".join(clean(line) for line in value.replace("\r\n", "\n").split("\n"))


def make_templates() -> Jinja2Templates:
    env = Environment(
        loader=PackageLoader("arpad.web", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,  # the templates are the package's: no stat of each per request
    )
    env.filters["clean"] = clean
    env.filters["clean_lines"] = clean_lines
    env.filters["num"] = number_text  # a number; ratings come as labels (arpad.display)
    return Jinja2Templates(env=env)


class BodyTooLarge(Exception):
    pass


class Limits:
    """Refuse request bodies larger than the limit (by header, and while streaming), and
    add the security headers to every answer."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = too_large = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if too_large and not started:
                return  # the app's answer to a cut body (a form parser's 400): ours is 413
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        if "\x00" in scope.get("path", "") or b"%00" in scope.get("query_string", b""):
            # No id, name or date holds a NUL, and PostgreSQL refuses one in text: a 400
            # here, not a database error for every route (tests/web/test_api_fuzz.py).
            response = _error(str(scope.get("path", "")), 400, "the request holds a NUL character")
            await response(scope, _nothing, send_with_headers)
            return
        length = dict(scope.get("headers", [])).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await self._refuse(scope, send_with_headers)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen, too_large
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.max_body:
                too_large = True
                raise BodyTooLarge
            return message

        with suppress(BodyTooLarge):
            await self.app(scope, counted, send_with_headers)
        if too_large and not started:
            too_large = False
            await self._refuse(scope, send_with_headers)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        text = f"the request is larger than {self.max_body} bytes"
        response = _error(str(scope.get("path", "")), 413, text)
        await response(scope, _nothing, send)


async def _nothing() -> Message:
    return {"type": "http.disconnect"}


_TEMPLATES = make_templates()


def _error(
    path: str, status: int, message: str, headers: Mapping[str, str] | None = None
) -> Response:
    line = " ".join(message.split())
    if path.startswith("/api"):
        return JSONResponse({"error": line}, status_code=status, headers=headers)
    body = _TEMPLATES.get_template("error.html").render(status=status, message=line)
    return HTMLResponse(body, status_code=status, headers=headers)


def _status(exc: ArpadError) -> int:
    if isinstance(exc, NotAllowed):
        return exc.status
    if isinstance(exc, TooManyAttempts):
        return 429
    if isinstance(exc, LedgerError):
        return 404
    return 400


def _validation_message(exc: RequestValidationError) -> str:
    first = exc.errors()[0] if exc.errors() else {}
    where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("query", "body", "path"))
    return f"{where or 'request'}: {first.get('msg', 'invalid input')}"


def create_app(settings: WebSettings | None = None, ledger: Ledger | None = None) -> FastAPI:
    """The web application over ``settings.db`` (or an open ``ledger``)."""
    from arpad.web import api, officer, pages

    settings = settings if settings is not None else WebSettings()
    ledger = ledger if ledger is not None else Ledger.open(settings.db)
    folder = Path(settings.work_dir) if settings.work_dir else work_folder(settings.db)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    jobs = Background(ledger, settings.db, folder, settings.job_memory_bytes)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        jobs.stop()  # SIGTERM: the job's work is taken up again by the next one

    app = FastAPI(
        title="arpad",
        summary="Rating lists, players, rated crosstables and estimators from an arpad ledger.",
        version="1",
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.ledger = ledger
    app.state.cache = LedgerCache(ledger)
    app.state.jobs = jobs
    app.state.uploads = Uploads(
        ledger, folder, settings.max_pending_uploads, settings.upload_ttl_seconds, jobs.kick
    )
    app.state.sessions = Sessions(ledger, settings.session_ttl_seconds, settings.max_failed_logins)
    app.state.templates = _TEMPLATES
    app.state.build_tag = build_tag(settings)

    @app.exception_handler(ArpadError)
    async def arpad_error(request: Request, exc: ArpadError) -> Response:
        return _error(request.url.path, _status(exc), str(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        return _error(request.url.path, 422, _validation_message(exc))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        # keep the exception's headers: a 405 names the methods allowed (RFC 9110 §15.5.6)
        return _error(request.url.path, exc.status_code, str(exc.detail), exc.headers)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> Response:
        log.warning("internal error on %s", request.url.path, exc_info=exc)
        return _error(request.url.path, 500, "internal error (the server's log has the details)")

    app.include_router(api.router)
    app.include_router(pages.router)
    app.include_router(officer.router)
    app.mount("/static", StaticFiles(packages=[("arpad.web", "static")]), name="static")
    app.add_middleware(Limits, max_body=settings.max_upload_bytes + 64 * 1024)
    return app
