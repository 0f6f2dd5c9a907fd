"""The JSON API under ``/api`` (described at ``/openapi.json``).

Reading is public. Writing (uploads, commits, deleting an event) needs an API token in
``Authorization: Bearer TOKEN``. Errors are ``{"error": "one line"}`` with a 4xx status.
"""

from __future__ import annotations

import datetime as dt
from pathlib import PurePath
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Header, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.datastructures import UploadFile as StarletteUpload

from arpad.errors import ConfigError, InputError
from arpad.ledger import Ledger
from arpad.model import Pool
from arpad.systems import estimator_names, system_names
from arpad.web import conditional, documents
from arpad.web.auth import token_writer
from arpad.web.estimators import estimate_for
from arpad.web.reading import cached, list_page
from arpad.web.uploads import Uploads, read_options


class ErrorBody(BaseModel):
    """Every error: one line, as the command line prints it."""

    error: str


_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": what}
    for status, what in [
        (400, "bad input (a file, a date, a pool, an option)"),
        (401, "no API token, or an unknown or revoked one"),
        (404, "no such player, event or list"),
        (413, "the request is too large"),
        (422, "a malformed parameter"),
    ]
}
router = APIRouter(prefix="/api", tags=["api"], responses=_ERRORS)

Auth = Annotated[str | None, Header(description="Bearer TOKEN (from 'arpad token create')")]


def _ledger(request: Request) -> Ledger:
    ledger: Ledger = request.app.state.ledger
    return ledger


def parse_date(text: str | None, what: str) -> dt.date | None:
    """Raises: InputError: not an ISO date."""
    if not text:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise InputError(f"{what} must be an ISO date like 2024-05-31, not {text!r}") from None


def parse_pool(text: str) -> Pool:
    try:
        return Pool(text)
    except ValueError:
        choices = ", ".join(p.value for p in Pool)
        raise InputError(f"unknown pool {text!r}; choose one of {choices}") from None


def _json(doc: dict[str, Any]) -> JSONResponse:
    """A document answered as it is: its values are plain JSON already (the documents
    turn non-finite numbers into null), so FastAPI's encoder, which walks every value
    again (5 ms for a list page, ten times the page's own cost), is skipped."""
    return JSONResponse(doc)


def check_system(ledger: Ledger, system: str) -> str:
    """Raises: ConfigError: a name the registry does not know."""
    if system not in system_names():
        raise ConfigError(f"unknown system {system!r}; choose one of {', '.join(system_names())}")
    return system


@router.get("/systems")
def systems(request: Request) -> dict[str, Any]:
    """The systems this ledger rates with, their pools, and the sections each has not
    rated yet."""
    ledger = _ledger(request)
    from arpad.systems import get_system

    names = ledger.systems()
    return {
        "systems": [
            {
                "name": n,
                "title": get_system(n).title,
                "pools": [p.value for p in get_system(n).pools],
            }
            for n in names
        ],
        "pending": ledger.pending(),
        "estimators": estimator_names(),
    }


@router.get("/lists/{system}/{pool}")
def rating_list(
    request: Request,
    system: str,
    pool: str,
    as_of: Annotated[str | None, Query(description="YYYY-MM-DD: the list as it stood")] = None,
    q: Annotated[str, Query(max_length=100, description="part of a name or id")] = "",
    page: Annotated[int, Query(ge=1)] = 1,
    size: Annotated[int | None, Query(ge=1)] = None,
) -> Response:
    """A rating list, best first, searched and paginated."""
    settings = request.app.state.settings
    size = size if size is not None else settings.page_size
    if size > settings.max_page_size:
        raise InputError(f"size must be at most {settings.max_page_size}, not {size}")
    day = parse_date(as_of, "as_of")
    name = check_system(_ledger(request), system)
    chosen = parse_pool(pool)

    def make() -> Response:
        found = cached(request).rating_list(name, chosen, day)
        return _json(documents.list_doc(name, pool, day, q, list_page(found, q, page, size)))

    return conditional.answer(request, make)


@router.get("/players/{player_id:path}")
def player(request: Request, player_id: str) -> Response:
    """A player: state in every system and pool, history, titles and norms."""

    def make() -> Response:
        doc, _ = documents.player_doc(_ledger(request), player_id, cached(request).systems())
        return _json(doc)

    return conditional.answer(request, make)


@router.get("/events")
def events(
    request: Request,
    page: Annotated[int, Query(ge=1)] = 1,
    size: Annotated[int, Query(ge=1, le=500)] = 50,
) -> dict[str, Any]:
    """The events in rating order."""
    rows = cached(request).events()
    pages = max(1, -(-len(rows) // size))
    chosen = rows[(page - 1) * size : page * size]
    return {
        "total": len(rows),
        "page": page,
        "pages": pages,
        "events": [
            {
                "key": r.key,
                "name": r.name,
                "end_date": r.end_date.isoformat(),
                "sections": r.sections,
                "players": r.players,
                "games": r.games,
                # the file's name only: the officer's folders are nobody's business
                "source": PurePath(r.source.replace("\\", "/")).name,
            }
            for r in chosen
        ],
    }


@router.get("/events/{key:path}")
def event(request: Request, key: str, system: str = "uscf") -> JSONResponse:
    """The rated crosstable of an event in one system: pre, post, change, rounds,
    performance and norms of every player."""
    ledger = _ledger(request)
    return _json(documents.event_doc(ledger, key, check_system(ledger, system)))


@router.get("/estimate/{system}")
def estimate(
    system: str,
    opponent: Annotated[list[str], Query(description="RATING:W|D|L, repeat per game")],
    rating: Annotated[str | None, Query(description="your rating; omit if unrated")] = None,
    games: Annotated[
        int | None, Query(description="games your rating is based on (required with it)")
    ] = None,
) -> dict[str, Any]:
    """One player's rating change against opponents whose ratings are taken as given,
    by the rules ``arpad estimate`` applies."""
    r = estimate_for(system, rating, games, opponent)
    return {"system": system, **(documents.rating_doc(r, system) or {})}


@router.get("/status")
def status(request: Request) -> dict[str, Any]:
    """The rating run started by the last commit, and what is still to be rated."""
    s = request.app.state.jobs.status()
    return {
        "rating": {
            "running": s.running,
            "started": s.started,
            "finished": s.finished,
            "exit_code": s.exit_code,
            "output": s.output,
        },
        "pending": _ledger(request).pending(),
    }


def api_writer(request: Request, authorization: Auth = None) -> int:
    """Every write's first check (a dependency, so that it comes before the request's
    parameters are validated: a client without a token learns nothing else)."""
    return token_writer(_ledger(request), authorization)


Writer = Annotated[int, Depends(api_writer)]

_UPLOAD_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["file"],
                    "properties": {
                        "file": {"type": "string", "format": "binary"},
                        "format": {"type": "string", "default": "auto"},
                        "player_key": {"type": "string", "default": "auto"},
                        "date": {"type": "string", "description": "YYYY-MM-DD"},
                        "on_conflict": {"type": "string", "default": "refuse"},
                    },
                }
            }
        },
    }
}


async def receive_upload(request: Request, form: FormData, token_id: int) -> str:
    """Queue the file of an upload's multipart form (read after the writer was checked;
    the form parser spooled the file to disk past 1 MiB), copying it on in chunks;
    returns the upload's id.

    Raises:
        InputError: no file, or bad options.
    """
    file = form.get("file")
    if not isinstance(file, StarletteUpload):
        raise InputError("send the file as the multipart form field 'file'")
    options = read_options(*(_text(form.get(k)) for k in _OPTION_FIELDS))
    uploads: Uploads = request.app.state.uploads
    return await run_in_threadpool(uploads.add, file.file, file.filename, token_id, options)


_OPTION_FIELDS = ("format", "player_key", "date", "on_conflict")


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


@router.post("/uploads", status_code=202, openapi_extra=_UPLOAD_BODY)
async def upload(request: Request, token_id: Writer) -> dict[str, Any]:
    """Queue a file (TRF, PGN, US Chess crosstable, JSON, CSV) to be read and rated as a
    preview by the server's background job; nothing is stored. Follow ``url`` until its
    ``state`` is ``ready`` (or ``failed``), then commit it with
    ``POST /api/uploads/{id}/commit``."""
    async with request.form(max_files=1, max_fields=8) as form:
        upload_id = await receive_upload(request, form, token_id)
    return {"id": upload_id, "state": "queued", "url": f"/api/uploads/{upload_id}"}


@router.get("/uploads/{upload_id}")
def upload_preview(
    request: Request,
    upload_id: str,
    token_id: Writer,
    players_page: Annotated[int, Query(ge=1)] = 1,
    sections_page: Annotated[int, Query(ge=1)] = 1,
) -> dict[str, Any]:
    """An upload's state and, once read, its preview: the summary, and a page of its
    players (100 a page) and of its rated sections (5 a page)."""
    return documents.upload_doc(request.app.state.uploads, upload_id, players_page, sections_page)


@router.post("/uploads/{upload_id}/commit", status_code=202)
def commit(request: Request, upload_id: str, token_id: Writer) -> dict[str, Any]:
    """Store a previewed upload and rate it, in the background job (follow
    ``/api/uploads/{id}`` until ``committed``, then ``/api/status``)."""
    done = request.app.state.uploads.commit(upload_id)
    return {"id": done.id, "state": done.state, "url": f"/api/uploads/{done.id}"}


@router.delete("/uploads/{upload_id}")
def discard(request: Request, upload_id: str, token_id: Writer) -> dict[str, Any]:
    """Drop a preview without storing anything."""
    request.app.state.uploads.discard(upload_id)
    return {"discarded": upload_id}


@router.post("/players/merge")
def merge_players(
    request: Request,
    token_id: Writer,
    kept: Annotated[str, Form()],
    merged: Annotated[str, Form()],
) -> dict[str, Any]:
    """Merge player ``merged`` into ``kept`` (``arpad player merge``); the events either
    played are rated again at once."""
    done = _ledger(request).merge_players(kept, merged)
    request.app.state.jobs.start()
    return {"kept": done.kept, "merged": done.merged, "entries": done.entries,
            "rolled_back": done.rolled_back}  # fmt: skip


@router.post("/players/split")
def split_player(
    request: Request, token_id: Writer, merged: Annotated[str, Form()]
) -> dict[str, Any]:
    """Undo a merge (``arpad player split``)."""
    done = _ledger(request).split_player(merged)
    request.app.state.jobs.start()
    return {"kept": done.kept, "merged": done.merged, "entries": done.entries,
            "rolled_back": done.rolled_back}  # fmt: skip


@router.delete("/events/{key:path}")
def delete_event(request: Request, key: str, token_id: Writer) -> JSONResponse:
    """Delete an event and roll back every rating from its date on; the later events are
    rated again at once."""
    done = _ledger(request).delete_event(key)
    request.app.state.jobs.start()
    return JSONResponse(
        {"deleted": done.key, "sections": done.sections, "rolled_back": done.rolled_back}
    )
