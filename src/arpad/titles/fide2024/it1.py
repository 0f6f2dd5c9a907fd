"""The data of FIDE's title result certificate (form IT1) for one player, and a printable
page of it.

B.01 (2024) 1.8: the chief arbiter prepares and signs the certificate of a title result.
The form asks for the event (name, place, dates, rounds, the rules applied), the player
(name, FIDE ID, federation), the title, every opponent counted (round, name, title,
federation, rating as counted, result), the counts behind 1.4.3–1.4.5, Ra, the score, the
percentage, Rp and the games the norm counts for. Signatures stay blank.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

import jinja2

from arpad.model import Event, PlayerEntry
from arpad.titles import NormStatus
from arpad.titles.fide2024.norm import TitleCheck


def it1_data(event: Event, p: PlayerEntry, check: TitleCheck, rules_title: str) -> dict[str, Any]:
    """The IT1 fields for ``p``'s ``check`` (plain JSON types)."""
    opponents = []
    for i, g in enumerate(check.games):
        o = g.opponent
        opponents.append(
            {
                "round": g.round,
                "name": o.name,
                "title": o.title,
                "federation": o.federation,
                "rating": o.rating,
                "counted_rating": check.ratings.values[i],
                "result": g.score,
            }
        )
    found = {
        r.article.value: {"found": r.found, "needed": r.needed, "ok": r.ok}
        for r in check.requirements
    }
    return {
        "form": "IT1 title result certificate",
        "rules": rules_title,
        "event": {
            "id": event.id,
            "name": event.name,
            "start_date": None if event.start_date is None else event.start_date.isoformat(),
            "end_date": None if event.end_date is None else event.end_date.isoformat(),
        },
        "player": {
            "id": p.id,
            "name": p.name or p.id,
            "fide_id": p.fide_id,
            "federation": p.federation,
            "title": p.title,
            "rating": p.rating,
        },
        "title": check.title.value,
        "status": check.status.value,
        "title_result": check.status is not NormStatus.NOT_EARNED,
        "administration": "1.1 (rounds a day, time control, arbiters, registration): "
        "certified by the chief arbiter's signature",
        "decided_by": check.deciding.value,
        "games": len(check.games),
        "counted_games": check.counted_games,
        "score": check.score,
        "percent": check.percent,
        "Ra": check.average,
        "Rp": check.performance,
        "points_required": check.required,
        "raised_to_floor": None
        if check.ratings.raised is None
        else check.games[check.ratings.raised].opponent.name,
        "dropped_rounds": [g.round for g in check.dropped],
        "requirements": found,
        "opponents": opponents,
        "signatures": {"chief_arbiter": None, "rating_officer": None},
    }


def _page() -> jinja2.Template:
    source = resources.files(__package__).joinpath("it1.html").read_text(encoding="utf-8")
    return jinja2.Environment(autoescape=True).from_string(source)


def it1_html(data: dict[str, Any]) -> str:
    """A printable page of :func:`it1_data` (one A4 page for up to 13 opponents)."""
    return _page().render(d=data)
