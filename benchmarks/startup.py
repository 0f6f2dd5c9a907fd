"""Benchmark (issue 20, start-up): where the start-up of ``arpad rate``, ``arpad --help``
and a warm Numba load goes, in CPU seconds of child processes.

    python -m compileall -q src          # with PYTHONDONTWRITEBYTECODE=1 (what users pay)
    python benchmarks/startup.py [--repeat 10] [--systems uscf,glicko2] [--skip-numba]

1. ``python -c pass``, ``arpad rate examples/uscf-open.json`` and ``arpad --help``, best
   of ``--repeat`` (CPU by ``resource.getrusage`` of the children), and their ratios to
   ``python -c pass`` (the targets: ≤ 0.3 s and ≤ 15×);
2. what the libraries ``arpad rate`` loads cost on their own: ``python -c "import X"``
   minus ``python -c pass``, best of ``--repeat`` (NumPy, typer, rich's console and
   table, the arpad modules of the rate command);
3. per system with a season loop, a warm Numba load (the loop compiled before, in the
   cache) split into its parts, best of three: the source digest naming the cache folder
   (:func:`arpad.compiled.source_digest`), ``import numba`` and the rules' registration,
   Numba's target refresh on the first cached load (its implementation registries; inside
   it, ``numba.np.arraymath``'s BLAS check importing ``scipy.linalg`` and the NRT's
   helpers compiled), the cached object code loaded (index, data, rebuild) and the rest
   of the first call. The parts are timed by wrapping Numba's functions in the child
   process only (this script's measuring, not arpad's code).

The machine is shared: use best-of figures and the ratios measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARPAD = str(Path(sys.executable).parent / "arpad")

LIBRARIES = (
    ("numpy", "import numpy"),
    ("typer", "import typer"),
    ("rich console + table", "import rich.console, rich.table"),
    ("typer + rich", "import typer, rich.console, rich.table"),
    ("typer + rich + numpy", "import typer, rich.console, rich.table, numpy"),
    ("arpad (package)", "import arpad"),
    ("arpad.cli.rate", "import arpad.cli.rate"),
    ("arpad.cli.rate + US Chess", "import arpad.cli.rate, arpad.systems.uscf2020"),
)
"""What ``arpad rate`` of a US Chess event imports, cumulatively."""


def child_cpu(args: list[str]) -> float:
    """CPU seconds (user + system) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, check=True, capture_output=True, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def best(args: list[str], repeat: int) -> float:
    return min(child_cpu(args) for _ in range(repeat))


def command_line(repeat: int) -> float:
    base = best([sys.executable, "-c", "pass"], repeat)
    print(f"1. Command line (best of {repeat}, CPU): python -c pass {base:.3f} s")
    for label, args in (
        ("arpad rate examples/uscf-open.json", ["rate", "examples/uscf-open.json"]),
        ("arpad --help", ["--help"]),
    ):
        cpu = best([ARPAD, *args], repeat)
        met = "met" if cpu <= 0.3 and cpu / base <= 15 else "NOT MET"
        print(f"   {label:<36} {cpu:.3f} s = {cpu / base:4.1f}×  (≤ 0.3 s, ≤ 15×: {met})")
    return base


def libraries(repeat: int, base: float) -> None:
    print(f"2. Imports on their own (best of {repeat}, CPU above python -c pass):")
    for label, code in LIBRARIES:
        cpu = best([sys.executable, "-c", code], repeat)
        print(f"   {label:<28} {cpu - base:.3f} s")


NUMBA_PARTS = r"""
import json, sys, time
sys.path.insert(0, sys.argv[2])
from season import generate_season
from arpad.season import Season
from arpad.systems import get_system
system = get_system(sys.argv[1])
own = Season.from_events([system.seen_as_own(e) for e in generate_season(7, 1500, 300)])
config = system.default_config()
clock = time.process_time
parts = {}

def timed(owner, name, label):
    original = getattr(owner, name)
    def wrapper(*args, **kwargs):
        start = clock()
        try:
            return original(*args, **kwargs)
        finally:
            parts[label] = parts.get(label, 0.0) + clock() - start
    setattr(owner, name, wrapper)

from arpad import compiled
start = clock(); compiled.source_digest(); parts["source digest"] = clock() - start
start = clock(); compiled.numba(); parts["import numba, register rules"] = clock() - start
import numba.np.linalg
from numba.core import caching, cpu
from numba.core.runtime import rtsys
timed(numba.np.linalg, "ensure_blas", "  of which BLAS check (scipy.linalg)")
timed(type(rtsys), "initialize", "  of which NRT helpers compiled")
timed(cpu.CPUContext, "load_additional_registries", "target refresh (registries)")
timed(caching.IndexDataCacheFile, "load", "cached code: index and data")
timed(caching.CompileResultCacheImpl, "rebuild", "cached code: rebuild (LLVM)")
start = clock(); system.rate_season(own, {}, config); first = clock() - start
start = clock(); system.rate_season(own, {}, config); loop = clock() - start
named = sum(v for k, v in parts.items() if not k.startswith(("  ", "source", "import")))
parts["rest of the first call"] = first - loop - named
parts["Numba's part (all but the loop)"] = first - loop + parts["source digest"] + parts[
    "import numba, register rules"
]
print(json.dumps(parts))
"""


ORDER = (
    "source digest",
    "import numba, register rules",
    "target refresh (registries)",
    "  of which BLAS check (scipy.linalg)",
    "  of which NRT helpers compiled",
    "cached code: index and data",
    "cached code: rebuild (LLVM)",
    "rest of the first call",
    "Numba's part (all but the loop)",
)


def numba_parts(systems: list[str]) -> None:
    from arpad.systems import REGISTRY, get_system

    names = systems or [n for n in REGISTRY if get_system(n).season_fn is not None]
    print("3. Warm Numba load by part (best of 3 per part, CPU s; the loop compiled first):")
    for name in names:
        args = [sys.executable, "-c", NUMBA_PARTS, name, str(ROOT / "benchmarks")]
        subprocess.run(args, check=True, capture_output=True, cwd=ROOT)  # compile if cold
        runs = []
        for _ in range(3):
            out = subprocess.run(args, check=True, capture_output=True, text=True, cwd=ROOT)
            runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
        print(f"   {name}")
        for part in ORDER:
            figure = min(r[part] for r in runs)
            print(f"     {part:<40} {figure:.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--systems", default="", help="section 3 for these systems only")
    ap.add_argument("--skip-numba", action="store_true")
    args = ap.parse_args()
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("(PYTHONDONTWRITEBYTECODE is set: run 'python -m compileall -q src' first)")
    base = command_line(args.repeat)
    libraries(args.repeat, base)
    if not args.skip_numba:
        numba_parts([n for n in args.systems.split(",") if n])


if __name__ == "__main__":
    main()
