"""Conditional GETs of the read pages: an ``ETag`` made of the ledger's generation (every
write changes it: :func:`arpad.ledger.db.bump_generation`), so a browser or a proxy that
has a page asks again with ``If-None-Match`` and gets ``304 Not Modified`` without the page
being built (issue 23).

Only for a request without an officer's session cookie: an officer's pages show the
session (its log-out form and CSRF token), which the generation does not describe. The
tag also names arpad's version and the server's settings (a page size changes the pages).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import Response

from arpad import __version__
from arpad.web.auth import SESSION_COOKIE
from arpad.web.reading import cached
from arpad.web.settings import WebSettings

_HEADERS = {"Cache-Control": "no-cache", "Vary": "Cookie"}
"""``no-cache``: keep the page, but ask again (with the tag) before showing it."""


def build_tag(settings: WebSettings) -> str:
    """What besides the ledger's generation a page depends on: arpad's version and the
    server's settings."""
    text = f"{__version__} {dataclasses.astuple(settings)!r}"
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def entity_tag(request: Request) -> str | None:
    """The page's tag, or ``None`` when the page depends on a session."""
    if request.cookies.get(SESSION_COOKIE):
        return None
    return f'W/"{request.app.state.build_tag}-{cached(request).generation}"'


def answer(request: Request, make: Callable[[], Response]) -> Response:
    """``304 Not Modified`` when the client has the page as it is now; else the page
    ``make`` builds, with its tag."""
    tag = entity_tag(request)
    if tag is None:
        return make()
    asked = request.headers.get("if-none-match", "")
    if tag in (t.strip() for t in asked.split(",")):  # the tags it has; "*" is not one
        return Response(status_code=304, headers={"ETag": tag, **_HEADERS})
    response = make()
    if response.status_code == 200:
        response.headers.update({"ETag": tag, **_HEADERS})
    return response
