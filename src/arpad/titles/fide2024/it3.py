"""The data of FIDE's tournament report (form IT3) that an event file holds.

B.01 (2024) 1.8–1.9: the organisers report a title tournament with its field and the title
results achieved. arpad gives what the event holds: the event, its dates and rounds, the
field (players, rated players, their average, federations, titleholders), the unplayed
rounds, and every norm earned or provisional with its numbers. Place, chief arbiter and
rate of play come from a TRF's header records (022 city, 102 chief arbiter, 122 allotted
time; FIDE's TRF16 description), kept on the event as read; where a file has none they are
``None``, and the chief arbiter adds them.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from arpad.model import Event
from arpad.titles import NormReport, fact_values
from arpad.titles.fide2024.rules import canonical_title

HEADER_FIELDS = {"place": "022", "chief_arbiter": "102", "rate_of_play": "122"}
"""The IT3 fields a TRF header gives, by record code."""


def header_fields(event: Event) -> dict[str, str | None]:
    """The IT3 fields the event's header records give (the first record of each code)."""
    records: dict[str, str] = {}
    for code, text in event.records:
        records.setdefault(code, text.strip())
    return {field: records.get(code) or None for field, code in HEADER_FIELDS.items()}


def it3_data(event: Event, report: NormReport, rounds: int | None) -> dict[str, Any]:
    """The IT3 fields of ``event`` with the norms of ``report`` (plain JSON types)."""
    rated = [p.rating for p in event.players if p.rating is not None]
    feds = Counter((p.federation or "").strip().upper() or None for p in event.players)
    titles = Counter(canonical_title(p.title) for p in event.players)
    return {
        "form": "IT3 tournament report",
        "event": {
            "id": event.id,
            "name": event.name,
            "start_date": None if event.start_date is None else event.start_date.isoformat(),
            "end_date": None if event.end_date is None else event.end_date.isoformat(),
            "rounds": rounds,
            **header_fields(event),
        },
        "players": len(event.players),
        "rated_players": len(rated),
        "average_rating": round(math.fsum(rated) / len(rated)) if rated else None,
        "federations": {k: v for k, v in sorted(feds.items(), key=lambda kv: str(kv[0])) if k},
        "players_without_federation": feds.get(None, 0),
        "titleholders": {k: v for k, v in sorted(titles.items(), key=lambda kv: str(kv[0])) if k},
        "unplayed_rounds": len(event.unplayed),
        "title_results": [
            {
                "player_id": r.player_id,
                "name": r.name,
                "fide_id": event.player(r.player_id).fide_id,
                "federation": event.player(r.player_id).federation,
                "title": r.title,
                "status": None if r.status is None else r.status.value,
                "provisional_on": list(r.provisional_on),
                "score": r.score,
                "games": r.games,
                "Ra": fact_values(r.facts).get("Ra"),
                "Rp": fact_values(r.facts).get("Rp"),
                "counted_games": fact_values(r.facts).get("counted games"),
            }
            for r in report.title_results
        ],
    }
