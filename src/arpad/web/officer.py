"""The rating officer's pages (issue 21): published lists and their change reports, the
unofficial preview of the next list, and, for a logged-in officer, publishing, correcting
a game (with a dry run first) and the audit log with undo. The same ledger operations as
``arpad publish``, ``arpad correct`` and ``arpad undo`` (:mod:`arpad.ledger.officer`)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response

from arpad.cli.ledger_output import change_report_csv, stored_texts
from arpad.display import rating_text
from arpad.errors import InputError
from arpad.ledger import Ledger
from arpad.ledger.corrections import RESULTS
from arpad.ledger.officer import Corrected
from arpad.ledger.publications import (
    ChangeReport,
    Publication,
    compare,
)
from arpad.model import Pool
from arpad.systems import get_system
from arpad.web.api import check_system, parse_date, parse_pool
from arpad.web.auth import Session, session_writer
from arpad.web.reading import LedgerView

router = APIRouter(include_in_schema=False)
PAGE = 100


def _ledger(request: Request) -> Ledger:
    ledger: Ledger = request.app.state.ledger
    return ledger


def _render(request: Request, name: str, **context: Any) -> HTMLResponse:
    from arpad.web.pages import _render as render

    return render(request, name, **context)


def _session(request: Request) -> Session | None:
    from arpad.web.pages import _session as session

    return session(request)


def _label(system: str, rating: float | None, mark: str = "") -> str:
    return rating_text(rating, system, mark)


def _publication_doc(p: Publication) -> dict[str, Any]:
    return {
        "system": p.system,
        "pool": p.pool.value,
        "version": p.version,
        "cutoff": p.cutoff.isoformat(),
        "players": p.players,
        "sections": p.sections,
        "published_at": p.published_at,
        "published_by": p.published_by,
        "href": f"/publications/{p.system}/{p.pool.value}/{p.version}",
    }


def _report_doc(system: str, report: ChangeReport | None) -> dict[str, Any] | None:
    if report is None:
        return None
    return {
        "old": report.old_version,
        "new": report.new_version,
        "counts": report.counts(),
        "moved": [
            {
                "id": c.player_id,
                "name": c.name,
                "status": c.status,
                "old": _label(system, c.old_rating),
                "new": _label(system, c.new_rating),
            }
            for c in report.moved()
        ],
    }


# -- for the list and player pages ---------------------------------------------------------------


def list_notice(cache: LedgerView, system: str, pool: Pool) -> dict[str, Any] | None:
    """What the rating-list page says about the official list: the latest publication of
    the (system, pool), or ``None`` when nothing is published (the page then shows the list
    as it stands, which is unofficial either way)."""
    p = cache.latest_publications().get((system, pool))
    return None if p is None else _publication_doc(p)


def player_published(cache: LedgerView, player_id: str) -> list[dict[str, Any]]:
    """The player's row in the latest publication of each (system, pool), oldest system
    and pool first."""
    out = []
    for p in cache.latest_publications().values():
        row = cache.published_ranks(p).get(player_id)
        if row is not None:
            rank, rating, games, mark = row
            out.append(
                {
                    **_publication_doc(p),
                    "rank": rank,
                    "label": _label(p.system, rating, mark),
                    "games": games,
                }
            )
    return out


# -- public pages ------------------------------------------------------------------------------


@router.get("/publications", response_class=HTMLResponse)
def publications_page(request: Request) -> HTMLResponse:
    rows = [_publication_doc(p) for p in _ledger(request).publications()][::-1]
    return _render(request, "publications.html", rows=rows)


@router.get("/publications/{system}/{pool}/{version}", response_class=HTMLResponse)
def publication_page(
    request: Request,
    system: str,
    pool: str,
    version: int,
    page: Annotated[int, Query(ge=1)] = 1,
) -> HTMLResponse:
    ledger = _ledger(request)
    name = check_system(ledger, system)
    found, rows = ledger.published_list(name, parse_pool(pool), version)
    report = None
    if found.version > 1:
        with ledger.engine.connect() as conn:
            report = compare(conn, name, found.pool, found.version - 1, found.version)
    pages = max(1, -(-len(rows) // PAGE))
    page = min(page, pages)
    shown = [
        {"rank": r.rank, "id": r.player_id, "name": r.name, "games": r.games,
         "label": _label(name, r.rating, r.mark), "last_event": r.last_event.isoformat()}
        for r in rows[(page - 1) * PAGE : page * PAGE]
    ]  # fmt: skip
    return _render(
        request,
        "publication.html",
        pub=_publication_doc(found),
        rows=shown,
        page=page,
        pages=pages,
        report=_report_doc(name, report),
    )


@router.get("/publications/{system}/{pool}/{version}/changes.csv")
def changes_csv(request: Request, system: str, pool: str, version: int) -> Response:
    ledger = _ledger(request)
    name = check_system(ledger, system)
    if version < 2:
        raise InputError("the first version of a list has no change report")
    with ledger.engine.connect() as conn:
        report = compare(conn, name, parse_pool(pool), version - 1, version)
    return PlainTextResponse(change_report_csv(report), media_type="text/csv")


@router.get("/preview", response_class=HTMLResponse)
def preview_page(
    request: Request,
    system: str | None = None,
    pool: str = Pool.REGULAR.value,
    page: Annotated[int, Query(ge=1)] = 1,
) -> HTMLResponse:
    ledger = _ledger(request)
    names = ledger.systems()
    name = check_system(ledger, system or (names[0] if names else "uscf"))
    shown = ledger.preview(name, parse_pool(pool))
    changes = {c.player_id: c for c in shown.report.changes}
    pages = max(1, -(-len(shown.rows) // PAGE))
    page = min(page, pages)
    rows = []
    for r in shown.rows[(page - 1) * PAGE : page * PAGE]:
        c = changes[r.player_id]
        rows.append(
            {"rank": r.rank, "id": r.player_id, "name": r.name, "games": r.games,
             "label": _label(name, r.rating, r.mark), "published": _label(name, c.old_rating),
             "status": c.status}
        )  # fmt: skip
    since = None if shown.since is None else _publication_doc(shown.since)
    return _render(
        request,
        "officer_preview.html",
        system=name,
        pool=shown.pool.value,
        since=since,
        rows=rows,
        page=page,
        pages=pages,
        counts=shown.report.counts(),
        pools=[p.value for p in get_system(name).pools],
    )


# -- the officer's desk (logged in) ------------------------------------------------------------


def _desk(request: Request, **context: Any) -> HTMLResponse:
    ledger = _ledger(request)
    log = [
        {"id": e.id, "at": e.at, "by": e.by, "kind": e.kind, "target": e.target,
         "reason": e.reason, "undone_by": e.undone_by, "in_effect": live,
         "undoable": e.kind in ("result", "annul", "rating") and live and e.undone_by is None}
        for e, live in ledger.audit()
    ][::-1]  # fmt: skip
    return _render(
        request,
        "officer.html",
        log=log,
        results=list(RESULTS),
        pools=[p.value for p in Pool],
        today=dt.date.today().isoformat(),
        **context,
    )


@router.get("/officer", response_class=HTMLResponse)
def officer_page(request: Request) -> Response:
    if _session(request) is None:
        return RedirectResponse("/login", status_code=303)
    return _desk(request)


def _officer_name(session: Session | None) -> str:
    return f"token {session.token_id}" if session is not None else "unknown"


@router.post("/officer/publish", response_class=HTMLResponse)
def publish_post(
    request: Request,
    system: Annotated[str, Form()],
    pool: Annotated[str, Form()],
    cutoff: Annotated[str, Form()],
    csrf: Annotated[str, Form()] = "",
) -> HTMLResponse:
    ledger = _ledger(request)
    session_writer(ledger, _session(request), csrf)
    name = check_system(ledger, system)
    day = parse_date(cutoff, "cut-off")
    if day is None:
        raise InputError("give the cut-off date")
    done = ledger.publish(name, parse_pool(pool), day, _officer_name(_session(request)),
                          stored_texts)  # fmt: skip
    return _desk(
        request,
        published=_publication_doc(done.publication),
        report=_report_doc(name, done.report),
    )


def _corrected_doc(done: Corrected) -> dict[str, Any]:
    return {
        "dry_run": done.dry_run,
        "entry": {"id": done.entry.id, "kind": done.entry.kind, "target": done.entry.target},
        "moved": [
            {"id": m.player_id, "name": m.name, "system": m.system, "pool": m.pool,
             "old": _label(m.system, m.old), "new": _label(m.system, m.new)}
            for m in done.moved
        ],
    }  # fmt: skip


@router.post("/officer/correct", response_class=HTMLResponse)
def correct_post(
    request: Request,
    event: Annotated[str, Form(max_length=200)],
    round: Annotated[int, Form(ge=1)],
    white: Annotated[str, Form(max_length=200)],
    black: Annotated[str, Form(max_length=200)],
    result: Annotated[str, Form()],
    reason: Annotated[str, Form(min_length=1, max_length=500)],
    dry_run: Annotated[str, Form()] = "",
    csrf: Annotated[str, Form()] = "",
) -> HTMLResponse:
    ledger = _ledger(request)
    session_writer(ledger, _session(request), csrf)
    annul = result == "annul"
    if not annul and result not in RESULTS:
        raise InputError(f"the result must be one of {', '.join(RESULTS)} or annul")
    done = ledger.correct_game(
        event, round, white, black,
        score=None if annul else RESULTS[result], annul=annul, reason=reason,
        by=_officer_name(_session(request)), dry_run=bool(dry_run),
    )  # fmt: skip
    form = {"event": event, "round": round, "white": white, "black": black,
            "result": result, "reason": reason}  # fmt: skip
    return _desk(request, corrected=_corrected_doc(done), form=form)


@router.post("/officer/undo", response_class=HTMLResponse)
def undo_post(
    request: Request,
    entry: Annotated[int, Form()],
    reason: Annotated[str, Form(min_length=1, max_length=500)],
    csrf: Annotated[str, Form()] = "",
) -> HTMLResponse:
    ledger = _ledger(request)
    session_writer(ledger, _session(request), csrf)
    done = ledger.undo(entry, reason=reason, by=_officer_name(_session(request)))
    return _desk(request, corrected=_corrected_doc(done))
