"""Optional Dask execution of many simulation runs (``pip install 'arpad[dask]'``).

Each run carries its own spawned seed, so the results are the ones the local loop gives,
in the same order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from arpad.parallel import dask_client

if TYPE_CHECKING:
    from arpad.sim.run import Progress, RunResult, SimulationSpec


def run_on_dask(
    fn: Callable[[SimulationSpec, np.random.SeedSequence, int], RunResult],
    spec: SimulationSpec,
    seeds: Sequence[np.random.SeedSequence],
    scheduler: str,
    workers: int | None = None,
    progress: Progress | None = None,
) -> tuple[RunResult, ...]:
    """Map ``fn`` over the runs on a Dask cluster (``"local"`` starts a LocalCluster).

    Raises:
        ConfigError: Dask is not installed.
    """
    with dask_client(scheduler, workers) as (dd, client):
        futures = client.map(
            fn, [spec] * len(seeds), list(seeds), list(range(len(seeds))), pure=False
        )
        for done, _ in enumerate(dd.as_completed(futures), start=1):
            if progress is not None:
                progress(done)
        results: list[RunResult] = client.gather(futures)
    return tuple(results)
