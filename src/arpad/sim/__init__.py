"""The simulation lab: Berard's populations, pairings and oracle, any system under test.

Source: berard-pra-and-tournament-app.txt L339–L593. See docs/simulate.md.

- :mod:`.populations`: standard and elite populations, tracked players, seed ratings;
- :mod:`.oracle`: the outcome table (who wins, from the true ratings);
- :mod:`.engines`: the systems under test: any registered rating system with a
  configuration, each round rated by its round engine (``RatingSystem.round_engine``)
  where it has one, else through its batch hook (``RatingSystem.rate_batch``);
- :mod:`.run`: one run, many runs (optionally on Dask), out-of-spec counts and the
  "games until in spec" tables;
- :mod:`.plot`: the out-of-spec plot; :mod:`.claims`: the paper's claims, measured.
"""

from __future__ import annotations

from arpad.sim.engines import SystemSpec, parse_system
from arpad.sim.populations import PopulationKind, PopulationSpec, SeedMode, draw_population
from arpad.sim.run import (
    RunResult,
    SimulationSpec,
    mean_out_of_spec,
    run_many,
    run_simulation,
    tracked_table,
)

__all__ = [
    "PopulationKind",
    "PopulationSpec",
    "RunResult",
    "SeedMode",
    "SimulationSpec",
    "SystemSpec",
    "draw_population",
    "mean_out_of_spec",
    "parse_system",
    "run_many",
    "run_simulation",
    "tracked_table",
]
