"""Benchmark: the paper's standard-population experiment, 44 runs (target: under 60 s).

Since issue 10 the lab rates through the systems' own hooks (docs/simulate.md, "Speed"):
the PRA's round engine (``arpad.systems.pra.rounds``), so this measures that engine.

berard-pra-and-tournament-app.txt L461–L516: 15,000 players from chaos (every seed
1500), 340 rounds of random pairings, the PRA with boosting, 44 runs. Prints the wall
time, the throughput (game ratings per second) and how the table of games until in spec
compares with the paper's (the accuracy next to the speed, style habit 14).

    python benchmarks/sim_standard.py                    # the paper's experiment
    python benchmarks/sim_standard.py --runs 1 -s pra -s uscf:games=9
    python benchmarks/sim_standard.py --dask local --workers 2
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

from arpad.sim import PopulationSpec, SimulationSpec, parse_system, run_many, tracked_table
from arpad.sim.paper import compare_table, paper_table
from arpad.sim.populations import PopulationKind


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=44)
    parser.add_argument("--rounds", type=int, default=340)
    parser.add_argument("--players", type=int, default=15_000)
    parser.add_argument("--seed", type=int, default=1876)
    parser.add_argument("-s", "--system", action="append", default=None)
    parser.add_argument("--dask", default=None, help="'local' or a scheduler address")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    systems = tuple(parse_system(s) for s in (args.system or ["pra"]))
    spec = SimulationSpec(
        PopulationSpec(players=args.players), args.rounds, systems, trajectories=False
    )
    print(
        f"python {platform.python_version()}, {os.cpu_count()} CPUs; {args.runs} runs × "
        f"{args.rounds} rounds × {args.players:,} players; systems: "
        f"{', '.join(s.name for s in systems)}; "
        f"{'dask ' + args.dask if args.dask else 'in process'}"
    )
    start = time.perf_counter()
    results = run_many(spec, args.runs, args.seed, args.dask, args.workers)
    elapsed = time.perf_counter() - start
    games = args.runs * args.rounds * args.players // 2
    print(
        f"elapsed {elapsed:.1f} s; {games / elapsed / 1e6:.2f} M games/s; "
        f"{games * len(systems) / elapsed / 1e6:.2f} M game ratings/s; "
        f"{elapsed / args.runs:.2f} s per run"
    )
    for system in systems:
        end = [int(r.system(system.name).out_of_spec[100.0][args.rounds]) for r in results]
        print(
            f"{system.name}: out of spec after {args.rounds} games: mean "
            f"{statistics.fmean(end):.0f} (range {min(end)}–{max(end)}); paper, PRA: 463 (L429)"
        )
    if "pra" in [s.name for s in systems] and args.rounds >= 320:
        table = paper_table(PopulationKind.STANDARD)
        comp = compare_table(table, tracked_table(results, "pra", table.columns))
        inside = sum(c.within_spread for c in comp)
        print(f"games until in spec: {inside} of {len(comp)} columns within the paper's spread")
        for c in comp:
            ours = "—" if c.ours_mean is None else f"{c.ours_mean:7.2f}"
            print(
                f"  R{c.true_rating:.0f}: paper {c.paper_mean:7.2f} ± {c.paper_sd:6.2f}, "
                f"ours {ours} (never in spec: {c.never})"
            )


if __name__ == "__main__":
    main()
