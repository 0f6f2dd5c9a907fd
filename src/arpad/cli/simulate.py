"""``arpad simulate`` (the simulation lab) and ``arpad pra-claims`` (docs/pra-claims.md)."""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arpad.cli.console import progress_bar
from arpad.cli.lazy_enum import enum_option
from arpad.cli.options import JsonOption, ReportOutputOption, SystemSpecsOption
from arpad.errors import ConfigError

if TYPE_CHECKING:  # NumPy (and Dask): imported when a simulation runs
    from arpad.sim import RunResult, SimulationSpec

CHECKPOINTS = (0, 20, 40, 80, 100, 160, 200, 240, 320, 340, 400, 600)


def _progress(total: int, quiet: bool) -> Any:
    """A progress report for ``total`` runs: the command line's bar on a terminal
    (:func:`arpad.cli.console.progress_bar`), else nothing."""
    bar = progress_bar(quiet=quiet)
    task = bar.add_task("simulating", total=total)

    def report(done: int) -> None:
        if done == 0 or not bar.live.is_started:
            bar.start()
        bar.update(task, completed=done)
        if done >= total:
            bar.stop()

    return report


def summary_lines(
    results: tuple[RunResult, ...], spec: SimulationSpec, tolerance: float, width: int = 80
) -> list[str]:
    """Out of spec after chosen games: mean [min-max] over the runs, per system.

    Columns that do not fit in ``width`` go to a further block below, each block repeating
    the system column, so no cell is cut at 80 columns.
    """
    import statistics  # here: 'arpad --help' imports this module (issue 20, start-up)

    games = [g for g in CHECKPOINTS if g <= spec.rounds]
    if spec.rounds not in games:
        games.append(spec.rounds)
    n = spec.population.players
    grid = [["system", *(f"game {g}" for g in games), "in spec"]]
    for system in results[0].systems:
        row = [system.name]
        for g in games:
            values = [int(r.system(system.name).out_of_spec[tolerance][g]) for r in results]
            cell = f"{statistics.fmean(values):.0f}"
            if len(values) > 1:
                cell += f" [{min(values)}-{max(values)}]"
            row.append(cell)
        last = statistics.fmean(
            int(r.system(system.name).out_of_spec[tolerance][spec.rounds]) for r in results
        )
        row.append(f"{100 * (1 - last / n):.2f} %")
        grid.append(row)
    widths = [max(len(r[j]) for r in grid) for j in range(len(grid[0]))]
    lines = [
        f"Players out of spec (|true - rating| >= {tolerance:g}), mean [min-max] over "
        f"{len(results)} run(s):"
    ]
    for block in _column_blocks(widths, width):
        if len(lines) > 1:
            lines.append("")
        for r in grid:
            cells = [r[0].ljust(widths[0])] + [r[j].rjust(widths[j]) for j in block]
            lines.append("  ".join(cells))
    return lines


def _column_blocks(widths: list[int], width: int) -> list[list[int]]:
    """The columns after the first, in blocks that fit ``width`` beside the first column."""
    blocks: list[list[int]] = [[]]
    used = widths[0]
    for j in range(1, len(widths)):
        if blocks[-1] and used + 2 + widths[j] > width:
            blocks.append([])
            used = widths[0]
        blocks[-1].append(j)
        used += 2 + widths[j]
    return blocks


def results_json(results: tuple[RunResult, ...], spec: SimulationSpec) -> dict[str, Any]:
    return {
        "population": spec.population.kind.value,
        "players": spec.population.players,
        "rounds": spec.rounds,
        "runs": [
            {
                "index": r.index,
                "population_mean": r.population_mean,
                "tracked_true": list(r.tracked_true),
                "systems": {
                    s.name: {
                        "out_of_spec": {f"{t:g}": v.tolist() for t, v in s.out_of_spec.items()},
                        "games_until_in_spec": list(s.until_in_spec),
                        "final_mean": s.final_mean,
                    }
                    for s in r.systems
                },
            }
            for r in results
        ],
    }


def writable_file(path: Path, default_name: str) -> Path:
    """The file to write for ``path`` (a file, or an existing folder to put
    ``default_name`` in), shown to be writable by opening it before any work starts (a
    file that did not exist is removed again).

    Raises:
        ConfigError: the file cannot be written (with the system's reason).
    """
    target = path / default_name if path.is_dir() else path
    existed = target.exists()
    try:
        with target.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise ConfigError(f"cannot write {target}: {exc.strerror or exc}") from None
    if not existed:
        target.unlink()
    return target


def writable_folder(path: Path) -> None:
    """Create the folder ``path`` if needed and show that a file can be written in it.

    Raises:
        ConfigError: it cannot be created or written (with the system's reason).
    """
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        raise ConfigError(f"cannot write plots to {path}: {exc.strerror or exc}") from None


def simulate(
    population: Annotated[
        Any,
        enum_option(
            "arpad.sim.populations:PopulationKind",
            "standard: N(1500, 300); elite: its top 1.5 %.",
        ),
    ] = "standard",
    players: Annotated[int, typer.Option(help="Population size (even).")] = 15_000,
    rounds: Annotated[int, typer.Option(help="Rounds = games per player.")] = 340,
    runs: Annotated[int, typer.Option(help="Independent runs.")] = 1,
    seed: Annotated[int | None, typer.Option(help="Seed for exact reproducibility.")] = None,
    system: SystemSpecsOption = None,
    seeds: Annotated[
        Any,
        enum_option(
            "arpad.sim.populations:SeedMode",
            "Seed ratings: chaos, stable, offset, disturbance.",
        ),
    ] = "chaos",
    offset: Annotated[float, typer.Option(help="Seed offset for --seeds offset.")] = 0.0,
    disturbance: Annotated[
        float, typer.Option(help="σ of --seeds disturbance (true + N(0, σ)).")
    ] = 100.0,
    tolerance: Annotated[
        list[float] | None,
        typer.Option(help="Out-of-spec tolerances to record (default 100 and 200)."),
    ] = None,
    plot: Annotated[
        Path | None, typer.Option(help="Write a PNG of out of spec against games played.")
    ] = None,
    table: Annotated[
        bool,
        typer.Option(help="Compare the PRA's games-until-in-spec with the paper's table."),
    ] = False,
    dask: Annotated[
        str | None,
        typer.Option(help="Run on Dask: 'local' (LocalCluster) or a scheduler address."),
    ] = None,
    workers: Annotated[int | None, typer.Option(help="Local Dask workers.")] = None,
    as_json: JsonOption = False,
    quiet: Annotated[bool, typer.Option(help="No progress on stderr.")] = False,
) -> None:
    """Berard's simulation lab: a population with known true ratings plays random
    pairings, the paper's oracle decides every game, and each system under test rates
    the same games, one one-game event per game through the system's batch hook.
    Prints the players out of spec after chosen games.

    Examples:

        arpad simulate --seed 1 --plot out-of-spec.png

        arpad simulate --runs 44 --seed 1876 --table

        arpad simulate --population elite -s pra -s pra:boosting=false

        arpad simulate --seeds disturbance --rounds 160 -s elo:K=10 -s uscf:games=9
    """
    from arpad.sim import PopulationSpec, SimulationSpec, parse_system, run_many, tracked_table
    from arpad.sim.paper import compare_table, comparison_lines, paper_table

    systems = tuple(parse_system(s) for s in (system or ["pra"]))
    tols = tuple(tolerance) if tolerance else (100.0, 200.0)
    if any(t <= 0 for t in tols):
        raise ConfigError("tolerances must be > 0")
    spec = SimulationSpec(
        PopulationSpec(
            kind=population,
            players=players,
            seeds=seeds,
            offset=offset,
            disturbance=disturbance,
        ),
        rounds=rounds,
        systems=systems,
        tolerances=tols,
        trajectories=False,
    )
    if table and "pra" not in [s.name for s in systems]:
        raise ConfigError("--table compares the PRA's table: include -s pra")
    started = time.perf_counter()
    results = run_many(spec, runs, seed, dask, workers, _progress(runs, quiet or as_json))
    elapsed = time.perf_counter() - started
    if plot is not None:
        from arpad.sim.plot import plot_out_of_spec

        plot_out_of_spec(results, plot, tols[0])
    if as_json:
        typer.echo(json.dumps(results_json(results, spec)))
        return
    games = runs * rounds * players // 2
    for line in summary_lines(results, spec, tols[0], shutil.get_terminal_size().columns):
        typer.echo(line)
    if table:
        paper = paper_table(population)
        comp = compare_table(paper, tracked_table(results, "pra", paper.columns))
        typer.echo("")
        typer.echo(f"Games until in spec (PRA) against the paper ({paper.source}):")
        for line in comparison_lines(comp):
            typer.echo(line)
        inside = sum(c.within_spread for c in comp)
        typer.echo(f"{inside} of {len(comp)} columns within the paper's run-to-run spread.")
    typer.echo(
        f"\n{runs} run(s), {games:,} games, {len(systems)} system(s) in {elapsed:.1f} s "
        f"({games * len(systems) / elapsed / 1e6:.1f} M game ratings/s)"
        + (f"; plot: {plot}" if plot is not None else "")
    )


def pra_claims(
    out: ReportOutputOption = Path("pra-claims.md"),
    plots: Annotated[
        Path | None, typer.Option(help="Folder for the PNG plots (e.g. docs/img).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of all experiments.")] = 1876,
    runs_standard: Annotated[int, typer.Option(help="Standard-population runs.")] = 44,
    runs_elite: Annotated[int, typer.Option(help="Elite-population runs.")] = 40,
    runs_disturbance: Annotated[int, typer.Option(help="Mild-disturbance runs.")] = 10,
    runs_long: Annotated[int, typer.Option(help="600-game runs.")] = 10,
    players: Annotated[int, typer.Option(help="Population size.")] = 15_000,
    dask: Annotated[
        str | None, typer.Option(help="Run on Dask: 'local' or a scheduler address.")
    ] = None,
    workers: Annotated[int | None, typer.Option(help="Local Dask workers.")] = None,
) -> None:
    """Measure the paper's headline claims about the PRA and write docs/pra-claims.md:
    the paper's result tables next to ours (mean and spread over runs), the Elo
    comparison, and a verdict on each claim. The defaults (104 runs of 15,000 players)
    take about 4 minutes of CPU through the systems' round engines (docs/simulate.md,
    "Speed"); --dask spreads the runs.

    Examples:

        arpad pra-claims -o docs/pra-claims.md --plots docs/img

        arpad pra-claims -o results/ --dask local --workers 2
    """
    from arpad.sim.claims import ClaimsSpec, measure, write

    # Fail now, not after minutes of simulation, if the results cannot be written.
    out = writable_file(out, "pra-claims.md")
    if plots is not None:
        writable_folder(plots)

    spec = ClaimsSpec(
        seed=seed,
        runs_standard=runs_standard,
        runs_elite=runs_elite,
        runs_disturbance=runs_disturbance,
        runs_long=runs_long,
        players=players,
    )

    from arpad.sim import run_many

    def runner(sim: SimulationSpec, n: int, s: int) -> tuple[RunResult, ...]:
        return run_many(sim, n, s, dask, workers, _progress(n, False))

    started = time.perf_counter()
    data = measure(spec, runner)
    path = write(data, out, plots)
    typer.echo(f"wrote {path} in {time.perf_counter() - started:.0f} s")


def register(app: typer.Typer) -> None:
    app.command()(simulate)
    app.command("pra-claims")(pra_claims)
