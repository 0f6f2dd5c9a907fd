"""The web's ledger cache builds a value once, however many requests miss it together.

Before, every request thread that missed the cache built its own copy: under 50 readers a
worker's cold list was built by its 15 ledger connections at once, each query through
its own memory map of the ledger, and the worker peaked at 1,643 MB (1,243 MB of it
file-backed) against 176 MB for the warm worker (``benchmarks/web_load.py``; the
"1,529 MiB process" of issue 24's load test; docs/performance.md, helper robust2).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from arpad.ledger import Ledger
from arpad.web.reading import LedgerCache

THREADS = 8


def _stampede(cache: LedgerCache, build: object) -> list[object]:
    start = threading.Barrier(THREADS)
    got: list[object] = []

    def request() -> None:
        start.wait()
        got.append(cache.get(("list", "uscf"), build))  # type: ignore[arg-type]

    threads = [threading.Thread(target=request) for _ in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return got


def test_requests_that_miss_together_build_once(tmp_path: Path) -> None:
    builds: list[int] = []

    def build() -> list[int]:
        builds.append(1)
        time.sleep(0.2)  # a list takes the ledger a while: the others arrive meanwhile
        return [len(builds)]

    with Ledger.open(str(tmp_path / "l.db")) as ledger:
        got = _stampede(LedgerCache(ledger), build)
    assert len(builds) == 1
    assert len(got) == THREADS and all(value is got[0] for value in got)


def test_a_failed_build_is_tried_again_by_the_next_request(tmp_path: Path) -> None:
    calls: list[int] = []

    def build() -> str:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the ledger went away")
        return "list"

    with Ledger.open(str(tmp_path / "l.db")) as ledger:
        cache = LedgerCache(ledger)
        with pytest.raises(RuntimeError):
            cache.get(("list",), build)
        assert cache.get(("list",), build) == "list"
        assert cache.get(("list",), build) == "list"
    assert len(calls) == 2
