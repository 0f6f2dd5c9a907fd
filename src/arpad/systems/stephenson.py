"""The Stephenson system (2012): Glicko with a deviation growth per game, a per-game bonus
and a pull toward the opponents' ratings.

Alec Stephenson's variant of the entry that won FIDE's prize for a practical rating
system in the Deloitte/FIDE Chess Rating Challenge (Kaggle, 2011; organised by Jeff
Sonas). Source of the definition: Stephenson, A. (2012), *Comparing predictive
performance of chess ratings with the PlayerRatings package*, appendix "Stephenson
System" (vignette ``ChessRatings`` of the R package PlayerRatings); the formulas live in
:mod:`arpad.systems.glicko_rules` (the period in :mod:`arpad.systems.glicko_core`).
Defaults are those of the R function ``steph`` (init 2200/300, cval 10, hval 10, bval 0,
lambda 2, deviation ceiling 350), converted as D-eval-3 says.
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
class StephensonConfig(Config):
    """The appendix's constants (c, h in rating points; b per game; λ)."""

    initial: float = field(default=2200.0, metadata=bounds(doc="rating of an unrated player"))
    initial_rd: float = field(
        default=300.0, metadata=bounds(0, None, low_open=True, doc="RD of an unrated player")
    )
    c: float = field(default=10.0, metadata=bounds(0, None, doc="RD growth per period (cval)"))
    h: float = field(default=10.0, metadata=bounds(0, None, doc="RD growth per game (hval)"))
    b: float = field(default=0.0, metadata=bounds(0, None, doc="bonus per game (bval/100)"))
    lam: float = field(
        default=0.02, metadata=bounds(0, 1, doc="λ: pull toward the opponents (lambda/100)")
    )
    gamma: float = field(
        default=0.0, metadata=bounds(doc="γ: White's advantage in rating points, in updates")
    )
    rd_max: float = field(
        default=350.0, metadata=bounds(0, None, low_open=True, doc="ceiling of the RD")
    )


def rate_event(
    event: Event, states: Mapping[str, GlickoState], config: StephensonConfig
) -> EventRating[GlickoState]:
    """One month: Step 1 (v + c²t), then Step 2 with h, b, λ and γ."""
    return core.rate_period(
        "stephenson",
        event,
        states,
        c=config.c,
        rd_max=config.rd_max,
        gamma=config.gamma,
        h=config.h,
        b=config.b,
        lam=config.lam,
    )


expected_score = core.expected_score
"""White's expected score (:func:`arpad.systems.glicko_core.expected_score`)."""


SYSTEM: RatingSystem[StephensonConfig, GlickoState] = RatingSystem(
    name="stephenson",
    title="Stephenson (2012), Glicko with bonus and neighbourhood",
    source="Stephenson 2012, PlayerRatings vignette ChessRatings, appendix",
    config_type=StephensonConfig,
    state_type=GlickoState,
    state_from_entry=core.state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    expected_score_fn=expected_score,
    draw_model=davidson.bradley_terry,
    # One compiled period loop for the family (glicko_kernel.py), loaded by bulk paths.
    **season_hooks("arpad.systems", season="glicko_season", rounds=False, system="stephenson"),
    season_predicts=True,
    newcomer=core.newcomer_state,
)
