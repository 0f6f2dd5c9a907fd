"""The HTML pages: the same documents as the API (:mod:`arpad.web.documents`), rendered
by Jinja2 templates with autoescaping; forms work without JavaScript."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from arpad.errors import ArpadError
from arpad.io import format_names
from arpad.ledger import Ledger, LedgerError, OnConflict, PlayerKey
from arpad.model import Pool
from arpad.systems import estimator_names, get_system
from arpad.web import conditional, documents, officer
from arpad.web.api import check_system, parse_date, parse_pool, receive_upload
from arpad.web.auth import SESSION_COOKIE, NotAllowed, Session, login, session_writer
from arpad.web.chart import NARROW, WIDE, history_svg
from arpad.web.estimators import estimate_for, estimator
from arpad.web.reading import cached, list_page
from arpad.web.uploads import COMMITTED, read_options

router = APIRouter(include_in_schema=False)


def _ledger(request: Request) -> Ledger:
    ledger: Ledger = request.app.state.ledger
    return ledger


def _session(request: Request) -> Session | None:
    session: Session | None = request.app.state.sessions.get(request.cookies.get(SESSION_COOKIE))
    return session


def _render(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    session = _session(request)
    systems = cached(request).systems()
    response: HTMLResponse = request.app.state.templates.TemplateResponse(
        request,
        name,
        {"session": session, "ledger_systems": systems, **context},
        status_code=status,
    )
    return response


def _default_system(request: Request) -> str:
    names: list[str] = cached(request).systems()
    return "uscf" if not names or "uscf" in names else names[0]


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> HTMLResponse:
    ledger = _ledger(request)
    names = cached(request).systems()
    lists = [(n, get_system(n).title, [p.value for p in get_system(n).pools]) for n in names]
    recent = cached(request).events()[-10:][::-1]
    return _render(request, "home.html", lists=lists, recent=recent, pending=ledger.pending())


@router.get("/lists", response_class=HTMLResponse)
def rating_list(
    request: Request,
    system: str | None = None,
    pool: str = Pool.REGULAR.value,
    as_of: str | None = None,
    q: Annotated[str, Query(max_length=100)] = "",
    page: Annotated[int, Query(ge=1)] = 1,
) -> Response:
    name = check_system(_ledger(request), system or _default_system(request))
    day = parse_date(as_of, "as of")
    chosen = parse_pool(pool)

    def make() -> Response:
        size = request.app.state.settings.page_size
        found = cached(request).rating_list(name, chosen, day)
        doc = documents.list_doc(name, pool, day, q, list_page(found, q, page, size))
        pools = [p.value for p in get_system(name).pools]
        official = None if day is not None else officer.list_notice(cached(request), name, chosen)
        return _render(request, "list.html", doc=doc, pools=pools, official=official)

    return conditional.answer(request, make)


@router.get("/players/{player_id:path}", response_class=HTMLResponse)
def player(request: Request, player_id: str) -> Response:
    def make() -> Response:
        cache = cached(request)
        doc, rows = documents.player_doc(_ledger(request), player_id, cache.systems())
        published = officer.player_published(cache, player_id)
        return _render(
            request,
            "player.html",
            doc=doc,
            chart=history_svg(rows, WIDE),
            narrow_chart=history_svg(rows, NARROW),
            published=published,
        )

    return conditional.answer(request, make)


@router.get("/events", response_class=HTMLResponse)
def events(request: Request, page: Annotated[int, Query(ge=1)] = 1) -> HTMLResponse:
    rows = cached(request).events()[::-1]
    size = request.app.state.settings.page_size
    pages = max(1, -(-len(rows) // size))
    page = min(page, pages)
    chosen = rows[(page - 1) * size : page * size]
    return _render(request, "events.html", rows=chosen, page=page, pages=pages, total=len(rows))


@router.get("/events/{key:path}", response_class=HTMLResponse)
def event(request: Request, key: str, system: str | None = None) -> HTMLResponse:
    ledger = _ledger(request)
    name = check_system(ledger, system or _default_system(request))
    job = request.app.state.jobs.status()
    try:
        doc = documents.event_doc(ledger, key, name)
    except LedgerError as exc:
        if not job.running:
            raise
        return _render(request, "waiting.html", message=str(exc), key=key, system=name)
    return _render(request, "event.html", doc=doc, key=key, rating=job.running)


@router.get("/estimate", response_class=HTMLResponse)
def estimate_page(
    request: Request,
    system: str = "uscf",
    rating: Annotated[str, Query(max_length=20)] = "",
    games: Annotated[str, Query(max_length=10)] = "",
    opponents: Annotated[str, Query(max_length=2000)] = "",
) -> HTMLResponse:
    result = error = None
    chosen = estimator(system if system in estimator_names() else "uscf")
    if opponents.strip():
        try:
            n = int(games) if games.strip() else None
        except ValueError:
            error = f"games must be a whole number, not {games!r}"
        else:
            try:
                result = documents.rating_doc(
                    estimate_for(chosen.system, rating, n, [opponents]), chosen.system
                )
            except ArpadError as exc:
                error = str(exc)
    form = {"system": chosen.system, "rating": rating, "games": games, "opponents": opponents}
    return _render(
        request,
        "estimate.html",
        status=400 if error else 200,
        estimators=[estimator(n) for n in estimator_names()],
        chosen=chosen,
        form=form,
        result=result,
        error=error,
    )


@router.get("/status", response_class=HTMLResponse)
def status(request: Request) -> HTMLResponse:
    return _render(
        request,
        "status.html",
        job=request.app.state.jobs.status(),
        pending=_ledger(request).pending(),
    )


# -- officers -------------------------------------------------------------------------------


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request) -> HTMLResponse:
    return _render(request, "login.html", error=None)


@router.post("/login")
def login_post(request: Request, token: Annotated[str, Form(max_length=200)]) -> Response:
    sessions = request.app.state.sessions
    client = request.client.host if request.client else "?"
    sessions.check_attempts(client)
    token_id = login(_ledger(request), token)
    if token_id is None:
        sessions.failed(client)
        return _render(request, "login.html", status=401, error="unknown or revoked token")
    sid, _ = sessions.open(token_id)
    response = RedirectResponse("/upload", status_code=303)
    response.set_cookie(
        SESSION_COOKIE,
        sid,
        httponly=True,
        samesite="strict",
        secure=request.app.state.settings.secure_cookies,
        max_age=request.app.state.settings.session_ttl_seconds,
    )
    return response


@router.post("/logout")
def logout(request: Request, csrf: Annotated[str, Form()] = "") -> Response:
    session_writer(_ledger(request), _session(request), csrf)
    request.app.state.sessions.close(request.cookies.get(SESSION_COOKIE))
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(SESSION_COOKIE)
    return response


def _need_session(request: Request) -> Session:
    session = _session(request)
    if session is None:
        raise NotAllowed("log in as a rating officer first (with an API token)")
    return session


@router.get("/upload", response_class=HTMLResponse)
def upload_page(request: Request) -> Response:
    if _session(request) is None:
        return RedirectResponse("/login", status_code=303)
    return _render(
        request,
        "upload.html",
        formats=format_names(),
        keys=[k.value for k in PlayerKey],
        conflicts=[c.value for c in OnConflict],
    )


@router.post("/upload", response_class=HTMLResponse)
async def upload_post(request: Request) -> Response:
    session = _need_session(request)  # before the body is read
    async with request.form(max_files=1, max_fields=8) as form:
        csrf = form.get("csrf")
        token_id = session_writer(
            _ledger(request), session, csrf if isinstance(csrf, str) else None
        )
        upload_id = await receive_upload(request, form, token_id)
    return RedirectResponse(f"/upload/{upload_id}", status_code=303)


@router.post("/upload/{upload_id}/again")
def preview_again(
    request: Request,
    upload_id: str,
    csrf: Annotated[str, Form()] = "",
    format: Annotated[str, Form()] = "auto",
    player_key: Annotated[str, Form()] = "auto",
    date: Annotated[str, Form()] = "",
    on_conflict: Annotated[str, Form()] = "refuse",
) -> Response:
    token_id = session_writer(_ledger(request), _session(request), csrf)
    made = request.app.state.uploads.again(
        upload_id, token_id, read_options(format, player_key, date, on_conflict)
    )
    return RedirectResponse(f"/upload/{made}", status_code=303)


@router.get("/upload/{upload_id}", response_class=HTMLResponse)
def preview_page(
    request: Request,
    upload_id: str,
    players: Annotated[int, Query(ge=1)] = 1,
    sections: Annotated[int, Query(ge=1)] = 1,
) -> Response:
    _need_session(request)
    doc = documents.upload_doc(request.app.state.uploads, upload_id, players, sections)
    first = (doc["summary"] or {}).get("first_event")
    if doc["state"] == COMMITTED and first:
        return RedirectResponse(f"/events/{quote(first, safe='')}", status_code=303)
    return _render(
        request,
        "preview.html",
        doc=doc,
        options=request.app.state.uploads.require(upload_id).options,
        formats=format_names(),
        keys=[k.value for k in PlayerKey],
        conflicts=[c.value for c in OnConflict],
    )


@router.post("/upload/{upload_id}/commit")
def commit(request: Request, upload_id: str, csrf: Annotated[str, Form()] = "") -> Response:
    session_writer(_ledger(request), _session(request), csrf)
    request.app.state.uploads.commit(upload_id)
    return RedirectResponse(f"/upload/{upload_id}", status_code=303)


@router.post("/upload/{upload_id}/discard")
def discard(request: Request, upload_id: str, csrf: Annotated[str, Form()] = "") -> Response:
    session_writer(_ledger(request), _session(request), csrf)
    request.app.state.uploads.discard(upload_id)
    return RedirectResponse("/upload", status_code=303)


@router.post("/delete-event")
def delete_event(
    request: Request, key: Annotated[str, Form()], csrf: Annotated[str, Form()] = ""
) -> Response:
    session_writer(_ledger(request), _session(request), csrf)
    _ledger(request).delete_event(key)
    request.app.state.jobs.start()
    return RedirectResponse("/events", status_code=303)
