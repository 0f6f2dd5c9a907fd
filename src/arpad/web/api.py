"""The JSON API under ``/api`` (described at ``/openapi.json``).

Reading is public. Writing (uploads, commits, deleting an event) needs an API token in
``Authorization: Bearer TOKEN``. Errors are ``{"error": "one line"}`` with a 4xx status.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Header, Query, Request, UploadFile
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from arpad.errors import ConfigError, InputError
from arpad.ledger import Ledger
from arpad.model import Pool
from arpad.systems import estimator_names, system_names
from arpad.web import documents
from arpad.web.auth import token_writer
from arpad.web.estimators import estimate_for
from arpad.web.reading import list_page
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
) -> dict[str, Any]:
    """A rating list, best first, searched and paginated."""
    settings = request.app.state.settings
    size = size if size is not None else settings.page_size
    if size > settings.max_page_size:
        raise InputError(f"size must be at most {settings.max_page_size}, not {size}")
    day = parse_date(as_of, "as_of")
    name = check_system(_ledger(request), system)
    found = request.app.state.cache.rating_list(name, parse_pool(pool), day)
    return documents.list_doc(name, pool, day, q, list_page(found, q, page, size))


@router.get("/players/{player_id:path}")
def player(request: Request, player_id: str) -> dict[str, Any]:
    """A player: state in every system and pool, history, titles and norms."""
    doc, _ = documents.player_doc(_ledger(request), player_id)
    return doc


@router.get("/events")
def events(
    request: Request,
    page: Annotated[int, Query(ge=1)] = 1,
    size: Annotated[int, Query(ge=1, le=500)] = 50,
) -> dict[str, Any]:
    """The events in rating order."""
    rows = request.app.state.cache.events()
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
                "source": r.source,
            }
            for r in chosen
        ],
    }


@router.get("/events/{key:path}")
def event(request: Request, key: str, system: str = "uscf") -> dict[str, Any]:
    """The rated crosstable of an event in one system: pre, post, change, rounds,
    performance and norms of every player."""
    ledger = _ledger(request)
    return documents.event_doc(ledger, key, check_system(ledger, system))


@router.get("/estimate/{system}")
def estimate(
    system: str,
    opponent: Annotated[list[str], Query(description="RATING:W|D|L, repeat per game")],
    rating: float | None = None,
    games: Annotated[int, Query(ge=0)] = 0,
) -> dict[str, Any]:
    """One player's rating change against opponents whose ratings are taken as given."""
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


@router.post("/uploads")
async def upload(
    request: Request,
    file: Annotated[UploadFile, File(description="TRF, PGN, US Chess crosstable, JSON, CSV")],
    format: Annotated[str, Form()] = "auto",
    player_key: Annotated[str, Form()] = "auto",
    date: Annotated[str, Form()] = "",
    on_conflict: Annotated[str, Form()] = "refuse",
    authorization: Auth = None,
) -> dict[str, Any]:
    """Read and rate a file as a preview (nothing is stored): the identity of every
    player, and each section's crosstable as it would be rated. Commit it with
    ``POST /api/uploads/{id}/commit``."""
    token_id = token_writer(_ledger(request), authorization)
    options = read_options(format, player_key, date, on_conflict)
    data = await file.read()
    uploads: Uploads = request.app.state.uploads
    # reading and rating a file takes a while: off the event loop, so readers go on
    made = await run_in_threadpool(uploads.preview, data, file.filename, token_id, options)
    return documents.preview_doc(made.id, made.preview)


@router.post("/uploads/{upload_id}/commit", status_code=202)
def commit(request: Request, upload_id: str, authorization: Auth = None) -> dict[str, Any]:
    """Store a previewed upload and start rating it (see ``/api/status``)."""
    token_writer(_ledger(request), authorization)
    done = request.app.state.uploads.commit(upload_id)
    request.app.state.jobs.start()
    return {"source": done.source, "events": done.events, "sections": done.sections,
            "games": done.games, "rating": "started"}  # fmt: skip


@router.delete("/uploads/{upload_id}")
def discard(request: Request, upload_id: str, authorization: Auth = None) -> dict[str, Any]:
    """Drop a preview without storing anything."""
    token_writer(_ledger(request), authorization)
    request.app.state.uploads.discard(upload_id)
    return {"discarded": upload_id}


@router.post("/players/merge")
def merge_players(
    request: Request,
    kept: Annotated[str, Form()],
    merged: Annotated[str, Form()],
    authorization: Auth = None,
) -> dict[str, Any]:
    """Merge player ``merged`` into ``kept`` (``arpad player merge``); the events either
    played are rated again at once."""
    ledger = _ledger(request)
    token_writer(ledger, authorization)
    done = ledger.merge_players(kept, merged)
    request.app.state.jobs.start()
    return {"kept": done.kept, "merged": done.merged, "entries": done.entries,
            "rolled_back": done.rolled_back}  # fmt: skip


@router.post("/players/split")
def split_player(
    request: Request, merged: Annotated[str, Form()], authorization: Auth = None
) -> dict[str, Any]:
    """Undo a merge (``arpad player split``)."""
    ledger = _ledger(request)
    token_writer(ledger, authorization)
    done = ledger.split_player(merged)
    request.app.state.jobs.start()
    return {"kept": done.kept, "merged": done.merged, "entries": done.entries,
            "rolled_back": done.rolled_back}  # fmt: skip


@router.delete("/events/{key:path}")
def delete_event(request: Request, key: str, authorization: Auth = None) -> JSONResponse:
    """Delete an event and roll back every rating from its date on; the later events are
    rated again at once."""
    ledger = _ledger(request)
    token_writer(ledger, authorization)
    done = ledger.delete_event(key)
    request.app.state.jobs.start()
    return JSONResponse(
        {"deleted": done.key, "sections": done.sections, "rolled_back": done.rolled_back}
    )
