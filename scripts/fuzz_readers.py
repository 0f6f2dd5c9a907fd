"""The long run of the reader fuzzer: many inputs per format, failures counted by class.

The CI test (``tests/io/test_fuzz_cli.py``) runs a few dozen inputs per format and stops at
the first failure; this script runs as many as asked and groups what it finds by the
exception (or broken promise) and the line of arpad that raised it, so a run reports every
class of bug at once. The figure of the last run is in docs/formats.md ("Malformed input").

    python scripts/fuzz_readers.py --examples 500            # every format
    python scripts/fuzz_readers.py --examples 2000 --format trf
    python scripts/fuzz_readers.py --examples 10000 --readers-only   # 100,000 inputs
"""

from __future__ import annotations

import argparse
import collections
import logging
import sys
import time
import traceback
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from hypothesis import HealthCheck, given, settings  # noqa: E402
from tests.io.fuzz_harness import SEEDS, check_input, check_reader, inputs  # noqa: E402


def _where(exc: BaseException) -> str:
    """The innermost arpad frame of an exception chain, as ``file:line``."""
    cause: BaseException | None = exc
    while cause.__cause__ is not None:
        cause = cause.__cause__
    frames = [f for f in traceback.extract_tb(cause.__traceback__) if "/arpad/" in f.filename]
    where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
    return f"{type(cause).__name__} at {where}"


Found = tuple[int, "collections.Counter[str]", dict[str, bytes]]


def fuzz(fmt: str, examples: int, seed: int, *, readers_only: bool = False) -> Found:
    failures: collections.Counter[str] = collections.Counter()
    samples: dict[str, bytes] = {}
    count = 0

    @settings(
        max_examples=examples,
        database=None,
        deadline=None,
        derandomize=False,
        suppress_health_check=list(HealthCheck),
    )
    @given(inputs(fmt))
    def one(data: bytes) -> None:
        nonlocal count
        count += 1
        try:
            (check_reader if readers_only else check_input)(fmt, data)
        except AssertionError as exc:
            key = _where(exc) if exc.__cause__ is not None else str(exc).splitlines()[0][:100]
            failures[key] += 1
            samples.setdefault(key, data)

    one._hypothesis_internal_use_seed = seed  # type: ignore[attr-defined]
    one()
    return count, failures, samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=500, help="inputs per format")
    parser.add_argument("--format", action="append", choices=list(SEEDS), help="only these")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--show", action="store_true", help="print one failing input per class")
    parser.add_argument(
        "--readers-only",
        action="store_true",
        help="call the readers directly (about a hundred times faster than through the CLI)",
    )
    args = parser.parse_args()
    logging.getLogger("arpad").setLevel(logging.ERROR)  # a mutated points column warns
    total_cases = total_failures = 0
    for fmt in args.format or list(SEEDS):
        start = time.perf_counter()
        count, failures, samples = fuzz(
            fmt, args.examples, args.seed, readers_only=args.readers_only
        )
        total_cases += count
        total_failures += sum(failures.values())
        elapsed = time.perf_counter() - start
        print(f"{fmt}: {count} inputs, {sum(failures.values())} failures ({elapsed:.0f} s)")
        for key, n in failures.most_common():
            print(f"  {n:5d}  {key}")
            if args.show:
                print(f"         {samples[key][:300]!r}")
    print(f"total: {total_cases} inputs, {total_failures} failures")


if __name__ == "__main__":
    main()
