"""The Glicko system (Glickman 1995): a rating and a rating deviation RD per player,
updated once per rating period.

Source: Glickman, M. E., *The Glicko system* (glicko.net/glicko/glicko.pdf), Steps 1–2;
the formulas live in :mod:`arpad.systems.glicko_rules` (shared with the Stephenson system,
of which Glicko is the case h = b = λ = 0), the period in :mod:`arpad.systems.glicko_core`,
the compiled season loop in :mod:`arpad.systems.glicko_kernel`. A rating period is a calendar month
(D-eval-2); an event file's rated player enters with its rating and the newcomer RD.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from arpad.config import Config, bounds
from arpad.model import Event
from arpad.systems import EventRating, RatingSystem, davidson
from arpad.systems import glicko_core as core
from arpad.systems.glicko_core import GlickoState
from arpad.systems.lazy import season_hooks
from arpad.systems.pairwise import list_entry


@dataclass(frozen=True, slots=True)
class GlickoConfig(Config):
    """Glicko's constants (Glickman 1995, Step 1)."""

    initial: float = field(default=1500.0, metadata=bounds(doc="rating of an unrated player"))
    initial_rd: float = field(
        default=350.0, metadata=bounds(0, None, low_open=True, doc="RD of an unrated player")
    )
    c: float = field(
        default=34.6,
        metadata=bounds(
            0, None, doc="RD growth per period: √((350² − 50²)/100) ≈ 34.6, the paper's example"
        ),
    )
    rd_max: float = field(
        default=350.0, metadata=bounds(0, None, low_open=True, doc="ceiling of the RD (Step 1)")
    )


def rate_event(
    event: Event, states: Mapping[str, GlickoState], config: GlickoConfig
) -> EventRating[GlickoState]:
    """One rating period: Step 1 for every player, then Step 2 over the event's games."""
    return core.rate_period("glicko", event, states, c=config.c, rd_max=config.rd_max)


expected_score = core.expected_score
"""White's expected score (:func:`arpad.systems.glicko_core.expected_score`)."""


SYSTEM: RatingSystem[GlickoConfig, GlickoState] = RatingSystem(
    name="glicko",
    title="Glicko (Glickman 1995)",
    source="Glickman, The Glicko system (glicko.net/glicko/glicko.pdf), Steps 1-2",
    config_type=GlickoConfig,
    state_type=GlickoState,
    state_from_entry=core.state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    expected_score_fn=expected_score,
    draw_model=davidson.bradley_terry,
    # One compiled period loop for the family (glicko_kernel.py), loaded by bulk paths.
    **season_hooks("arpad.systems", season="glicko_season", rounds=False, system="glicko"),
    season_predicts=True,
    newcomer=core.newcomer_state,
)
