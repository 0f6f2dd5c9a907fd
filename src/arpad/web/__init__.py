"""``arpad serve``: the ledger on the web: rating lists, players, events, estimators, a
JSON API (OpenAPI at ``/openapi.json``), and uploads that are previewed before an officer
commits them. Server-rendered pages that work without JavaScript. See docs/web.md.

This package needs the ``web`` extra (FastAPI, Jinja2, uvicorn, python-multipart); the
command line imports it only inside ``arpad serve``.
"""

from __future__ import annotations

from arpad.web.app import create_app
from arpad.web.settings import WebSettings

__all__ = ["WebSettings", "create_app"]
