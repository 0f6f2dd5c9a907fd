"""The Glicko-2 system (Glickman 2001/2013): rating, deviation and volatility σ.

Source: Glickman, M. E. (2013), *Example of the Glicko-2 system*
(glicko.net/glicko/glicko2.pdf), Steps 1–8; the worked example of that paper is the test
``test_glicko2_glickman_example``. A rating period is a calendar month (D-eval-2); a
player who sat out t − 1 periods before this one has φ² grown by σ² for each of them
(the paper: "φ' = √(φ² + σ²)" for a player who does not compete). Every step is a rule of
:mod:`arpad.systems.glicko_rules`, which the compiled season loop
(:mod:`arpad.systems.glicko_kernel`) calls too.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field

from arpad.config import Config, bounds
from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating, RatingSystem, davidson
from arpad.systems import glicko_core as core
from arpad.systems import glicko_rules as rules
from arpad.systems.lazy import season_hooks
from arpad.systems.pairwise import game_arrays, list_entry, period_result


@dataclass(frozen=True, slots=True)
class Glicko2State:
    """Rating r, deviation RD and volatility σ on the Glicko scale."""

    rating: float
    rd: float
    volatility: float
    games: int = 0
    last: dt.date | None = None


@dataclass(frozen=True, slots=True)
class Glicko2Config(Config):
    """Glicko-2's constants (Step 1)."""

    initial: float = field(default=1500.0, metadata=bounds(doc="r of an unrated player"))
    initial_rd: float = field(
        default=350.0, metadata=bounds(0, None, low_open=True, doc="RD of an unrated player")
    )
    initial_volatility: float = field(
        default=0.06, metadata=bounds(0, None, low_open=True, doc="σ of an unrated player")
    )
    tau: float = field(
        default=0.5,
        metadata=bounds(0, None, low_open=True, doc="τ: volatility change (0.3–1.2; 0.5 example)"),
    )
    epsilon: float = field(
        default=1e-6, metadata=bounds(0, None, low_open=True, doc="Step 5 tolerance")
    )


def state_from_entry(entry: PlayerEntry, event: Event, config: Glicko2Config) -> Glicko2State:
    rating = config.initial if entry.rating is None else entry.rating
    return Glicko2State(rating, config.initial_rd, config.initial_volatility, entry.games)


def newcomer_state(config: Glicko2Config) -> Glicko2State:
    return Glicko2State(config.initial, config.initial_rd, config.initial_volatility)


def rate_event(
    event: Event, states: Mapping[str, Glicko2State], config: Glicko2Config
) -> EventRating[Glicko2State]:
    """One rating period (Steps 2–8)."""
    arrays = game_arrays(event)
    before = [states[pid] for pid in arrays.ids]
    now = core.month_of(event.end_date)
    n = len(before)
    mu = [rules.to_mu(s.rating) for s in before]
    sigma = [s.volatility for s in before]
    phi = [rules.onset_phi(s.rd, s.volatility, sat_out(s, now)) for s in before]
    out = [[0.0] * n for _ in range(3)]
    played, info, pull = ([0.0] * n for _ in range(3))
    rules.glicko2_event(
        arrays.white.tolist(), arrays.black.tolist(), arrays.score.tolist(), mu, phi, sigma,
        config.tau, config.epsilon, out, played, info, pull,
    )  # fmt: skip
    after: dict[str, Glicko2State] = {}
    for i, pid in enumerate(arrays.ids):
        old, m = before[i], int(played[i])
        after[pid] = (
            Glicko2State(out[0][i], out[1][i], out[2][i], old.games + m, event.end_date)
            if m
            else old
        )
    return period_result("glicko2", event, arrays, after, [s.rating for s in before])


def sat_out(state: Glicko2State, now: int) -> int:
    """:func:`.glicko_rules.periods_sat_out` of a state before month number ``now``."""
    return rules.periods_sat_out(core.month_of(state.last), state.games, now)


expected_score = core.expected_score
"""White's expected score (:func:`arpad.systems.glicko_core.expected_score`)."""


SYSTEM: RatingSystem[Glicko2Config, Glicko2State] = RatingSystem(
    name="glicko2",
    title="Glicko-2 (Glickman 2001)",
    source="Glickman, Example of the Glicko-2 system (glicko.net/glicko/glicko2.pdf)",
    config_type=Glicko2Config,
    state_type=Glicko2State,
    state_from_entry=state_from_entry,
    rate_event_fn=rate_event,
    list_entry=list_entry,
    expected_score_fn=expected_score,
    draw_model=davidson.bradley_terry,
    # One compiled period loop for the family (glicko_kernel.py), loaded by bulk paths.
    **season_hooks("arpad.systems", season="glicko_season", rounds=False, system="glicko2"),
    season_predicts=True,
    newcomer=newcomer_state,
)
