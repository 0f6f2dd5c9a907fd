"""Shared test fixtures: where the seeds and the real data live."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from arpad.compiled import fresh_cache_dir

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
SEEDS = SHARED / "seeds"
DATA = SHARED / "data"
EXAMPLES = REPO / "examples"

# Hypothesis' per-example deadline is a wall-clock assertion: on a loaded CI machine a slow
# first example (imports, caches) fails a correct test. Tests never assert wall-clock times.
settings.register_profile("arpad", deadline=None)
settings.load_profile("arpad")

# One compile of each season loop per test session (issue 20): every test process and the
# command lines the tests start (they inherit the environment) use one Numba cache folder,
# the user cache's folder for these sources (arpad.compiled), unless NUMBA_CACHE_DIR is
# set already (CI may point it at a cache kept between runs, keyed on the sources). A cold
# compile costs 10–20 s per loop (docs/performance.md); a warm one well under a second.
if not os.environ.get("NUMBA_CACHE_DIR"):
    os.environ["NUMBA_CACHE_DIR"] = str(fresh_cache_dir())


def shared_data(relative: str) -> Path:
    """A file under ../shared/data, or skip the test cleanly when it is absent."""
    path = DATA / relative
    if not path.exists():
        pytest.skip(f"real data not available: {path}")
    return path


def seed_line(seed: str, line: int) -> str:
    """Line ``line`` (1-based) of a seed file, or skip when the seeds are absent."""
    path = SEEDS / seed
    if not path.exists():
        pytest.skip(f"seed not available: {path}")
    return path.read_text(encoding="utf-8").splitlines()[line - 1]


@pytest.fixture(autouse=True)
def _fail_on_error_logs(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Any ERROR log record fails the test (python-chess's habit)."""
    yield
    errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    assert not errors, f"ERROR log records: {[r.getMessage() for r in errors]}"
