"""A Dask client for the jobs that may outgrow one machine (simulation runs, evaluation
searches): ``"local"`` starts a LocalCluster, anything else is a scheduler address.

Dask is optional (``pip install 'arpad[dask]'``).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from arpad.errors import ConfigError


@contextmanager
def dask_client(scheduler: str, workers: int | None = None) -> Iterator[tuple[Any, Any]]:
    """``(dask.distributed, client)``, both closed (with any local cluster) on exit.

    Raises:
        ConfigError: Dask is not installed.
    """
    try:
        # Imported as Any: dask is optional and only partly typed.
        dd: Any = importlib.import_module("dask.distributed")
    except ImportError:
        raise ConfigError(
            "Dask is not installed: pip install 'arpad[dask]' (or run without --dask)"
        ) from None
    cluster = None
    if scheduler == "local":
        cluster = dd.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = dd.Client(cluster)
    else:
        client = dd.Client(scheduler)
    try:
        yield dd, client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
