"""The work of ``arpad evaluate`` (imported when the command runs): how well does each rating
system predict real games?"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from arpad.cli.console import json_text
from arpad.cli.evaluate_table import (
    breakdown_lines,
    calibration_lines,
    results_json,
    table_lines,
)
from arpad.cli.options import configure, parse_options
from arpad.errors import ArpadError, ConfigError
from arpad.evaluate import bootstrap, breakdowns, export, harness, metrics
from arpad.evaluate.harness import (
    DEFAULT_POLICY,
    Mode,
    Period,
    Policy,
    PolicyOptions,
    Result,
    Split,
    Unrated,
)
from arpad.evaluate.harness import period_label as label
from arpad.evaluate.peers import PREFIX, get_peer
from arpad.evaluate.presets import PRESETS, get_preset
from arpad.evaluate.search import best_config, candidates, parse_space, search_many
from arpad.io import read_events
from arpad.model import Event
from arpad.systems import get_system, system_names


@dataclass(frozen=True)
class Entry:
    """One line of the table to be: a system, its config, its policy."""

    system: str
    config: Any
    policy: Policy
    preset: str | None = None
    search: Mapping[str, Any] | None = None
    """The search that chose the configuration (space, draws, seed), for the protocol."""


def parse_system(spec: str) -> tuple[str, dict[str, str]]:
    """``glicko2:tau=0.3,initial_rd=300`` → ``("glicko2", {...})``.

    >>> parse_system("logistic:K=24")
    ('logistic', {'K': '24'})
    """
    name, _, rest = spec.partition(":")
    return name.strip(), parse_options([p for p in rest.split(",") if p.strip()])


def default_entries(options: PolicyOptions) -> tuple[list[Entry], list[str]]:
    """Every registered system that can predict (but those that refit the whole history,
    which take minutes: named with ``-s`` only), then every shipped preset that accepts the
    options (a preset that refuses one is reported, and the others go on)."""
    policy = options.apply(DEFAULT_POLICY)
    out = []
    refused = []
    for name in system_names():
        system = get_system(name)
        if harness.can_predict(system) and not system.refits_history:
            out.append(Entry(name, system.default_config(), policy))
    for preset in PRESETS.values():
        try:
            out.append(Entry(preset.system, preset.config(), preset.policy(options), preset.name))
        except ConfigError as exc:
            refused.append(str(exc))
    return out, refused


def evaluate_all(
    periods: Sequence[Period],
    entries: Sequence[Entry],
    split: Split,
    replicates: int = 0,
    draw_nu: float | None = None,
) -> tuple[list[Result], list[str]]:
    """Each entry's result, ranked, with paired intervals; an entry that fails is reported
    and the others go on. ``draw_nu``: the draw parameter of the systems with a draw model
    (``None``: fitted on the training games)."""
    results: list[Result] = []
    failures: list[str] = []
    for e in entries:
        try:
            system = get_peer(e.system) if e.system.startswith(PREFIX) else get_system(e.system)
            results.append(
                harness.run(periods, system, e.config, split, e.policy, e.preset, e.search, draw_nu)
            )
        except ArpadError as exc:
            failures.append(f"{e.preset or e.system}: {exc}")
    results.sort(key=lambda r: r.deviance)
    return bootstrap.intervals(breakdowns.with_bands(results), replicates), failures


def _progress_bar(total: int, quiet: bool) -> Any:
    from arpad.cli.console import progress_bar

    bar = progress_bar(quiet=quiet)
    task = bar.add_task("validation", total=total)
    return bar, (lambda done: bar.update(task, completed=done))


def ledger_events(db: str) -> list[Event]:
    """Every section stored in the ledger ``db``, in rating order (date, then position).

    Raises:
        ConfigError: ``db`` is a SQLite file that does not exist (nothing is created).
    """
    from sqlalchemy import select

    from arpad.ledger import Ledger, schema
    from arpad.ledger.store import load_sections

    if "://" not in db and not Path(db).exists():
        raise ConfigError(f"no ledger at {db!r}; import games first with 'arpad import'")
    with Ledger.open(db) as ledger, ledger.engine.connect() as conn:
        s = schema.sections
        ids = [r[0] for r in conn.execute(select(s.c.id).order_by(s.c.end_date, s.c.position))]
        return [section.event for section in load_sections(conn, ids)]


def run(
    *,
    games: Path | None,
    system: list[str] | None,
    preset: list[str] | None,
    train_until: str | None,
    test_from: str | None,
    test_until: str | None,
    mode: Mode | None,
    newcomers: str | None,
    unrated: Unrated | None,
    first_move: bool | None,
    search_field: list[str] | None,
    random: int | None,
    seed: int,
    seeds: int,
    validate_from: str | None,
    dask: str | None,
    calibration: Path | None,
    breakdown: bool,
    predictions: Path | None,
    draw_nu: float | None,
    bootstrap: int,
    fmt: str | None,
    ledger: str | None,
    as_json: bool,
    quiet: bool,
) -> None:
    """``arpad evaluate`` with the options it was given (:func:`arpad.cli.evaluate.evaluate`)."""
    if (games is None) == (ledger is None):
        raise ConfigError("give either a games file or --ledger DB")
    options = PolicyOptions(mode, newcomers, unrated, first_move)
    options.newcomer_rating()  # a bad --newcomers fails before any work
    events = read_events(games, fmt) if games is not None else ledger_events(str(ledger))
    periods = harness.periods_of(events)
    split = harness.default_split(
        periods,
        None if train_until is None else harness.parse_period(train_until),
        None if test_from is None else harness.parse_period(test_from),
        None if test_until is None else harness.parse_period(test_until),
    )
    entries, notes = _entries(system, preset, options)
    if search_field:
        if len(entries) != 1:
            raise ConfigError("--search needs exactly one --system or --preset")
        plan = _SearchPlan(search_field, random, seed, seeds, validate_from, dask)
        entries, searched = _search(periods, entries[0], split, plan, quiet)
        notes += searched
    results, failures = evaluate_all(periods, entries, split, bootstrap, draw_nu)
    if search_field and len(results) > 1:
        notes += _spread(results)
    _emit(results, failures, notes, split, calibration, breakdown, predictions, bootstrap, as_json)


def _entries(
    system: list[str] | None, preset: list[str] | None, options: PolicyOptions
) -> tuple[list[Entry], list[str]]:
    """The rows asked for (refusing an option a named preset refuses), or every system and
    preset; the notes say which presets refused the options."""
    policy = options.apply(DEFAULT_POLICY)
    entries: list[Entry] = []
    for spec in system or []:
        if spec.startswith(PREFIX):
            peer = get_peer(spec.strip())
            entries.append(Entry(peer.name, peer.default_config(), policy))
            continue
        name, given = parse_system(spec)
        chosen = get_system(name)
        config = configure(chosen, [f"{k}={v}" for k, v in given.items()])
        entries.append(Entry(chosen.name, config, policy))
    for name in preset or []:
        p = get_preset(name)
        entries.append(Entry(p.system, p.config(), p.policy(options), p.name))
    if entries:
        return entries, []
    found, refused = default_entries(options)
    return found, [f"not run: {r}" for r in refused]


def _emit(
    results: Sequence[Result],
    failures: Sequence[str],
    notes: Sequence[str],
    split: Split,
    calibration: Path | None,
    breakdown: bool,
    predictions: Path | None,
    replicates: int,
    as_json: bool,
) -> None:
    """Write the plot and the predictions file, print the table or the JSON."""
    if calibration is not None and results:
        metrics.plot_calibration(
            {r.label: r.calibration for r in results[:6]},
            calibration,
            f"Calibration on periods {split.test_from}-{split.test_until}",
        )
    if predictions is not None:
        _write_whole(predictions, export.csv_text(results))
    if as_json:
        out = results_json(results, split, replicates)
        out["failures"] = list(failures)
        out["notes"] = list(notes)
        print(json_text(out))
    else:
        _print_tables(results, notes, split, replicates, breakdown, calibration is not None)
    for f in failures:
        typer.echo(f"arpad: {f}", err=True)
    if failures and not results:
        raise typer.Exit(2)


def _print_tables(
    results: Sequence[Result],
    notes: Sequence[str],
    split: Split,
    replicates: int,
    breakdown: bool,
    calibration: bool,
) -> None:
    lines = [*notes, *table_lines(results, split, replicates)]
    if breakdown:
        lines += breakdown_lines(results)
    if calibration and results:
        lines += calibration_lines(results[0])
    lines += [f"warning: {r.label}: {w}" for r in results for w in r.warnings]
    for line in lines:
        print(line)


def _write_whole(path: Path, text: str) -> None:
    """``text`` into ``path`` whole or not at all (written beside it, then renamed)."""
    partial = path.with_name(path.name + ".partial")
    try:
        partial.write_text(text, encoding="utf-8")
        partial.replace(path)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise ConfigError(f"cannot write the predictions to {path}: {exc.strerror}") from None


@dataclass(frozen=True)
class _SearchPlan:
    fields: Sequence[str]
    random: int | None
    seed: int
    seeds: int
    validate_from: str | None
    dask: str | None

    def trial_sets(self) -> list[list[dict[str, str]]]:
        space = parse_space(self.fields)
        if self.random is None and self.seeds > 1:
            raise ConfigError("--seeds repeats a random search: give --random N")
        return [candidates(space, self.random, self.seed + i) for i in range(self.seeds)]


def _search(
    periods: Sequence[Period], entry: Entry, split: Split, plan: _SearchPlan, quiet: bool
) -> tuple[list[Entry], list[str]]:
    """Each seed's winner on the validation periods, as an entry recording its search."""
    sets = plan.trial_sets()
    numbers = [p.number for p in periods if p.number <= split.train_until]
    start = (
        harness.parse_period(plan.validate_from)
        if plan.validate_from is not None
        else numbers[max(1, len(numbers) - 5)]
    )
    base = {k: str(v) for k, v in harness.config_fields(entry.config).items()}
    total = sum(len(t) for t in sets)
    bar, progress = _progress_bar(total, quiet)
    with bar:
        found = search_many(
            periods, entry.system, sets, split, start, entry.policy, base, plan.dask, progress
        )
    notes = [
        f"Search on validation periods {label(start)} to {label(split.train_until)} "
        f"({len(sets[0])} candidates" + (f" × {len(sets)} seeds):" if len(sets) > 1 else "):")
    ]
    out = []
    for i, result in enumerate(found):
        seed = plan.seed + i if plan.random is not None else None
        space = {
            "fields": list(plan.fields),
            "random": plan.random,
            "seed": seed,
            "validate_from": start,
            "candidates": len(sets[i]),
        }
        if len(found) == 1:
            for t in sorted(result.trials, key=lambda t: t.deviance)[:5]:
                shown = ", ".join(f"{k}={v}" for k, v in t.options.items())
                notes.append(f"  {t.deviance:.5f}  {shown}")
        else:
            notes.append(f"  seed {seed}: best validation deviance {result.best.deviance:.5f}")
        config = best_config(result, base)
        out.append(Entry(entry.system, config, entry.policy, entry.preset, space))
    return out, notes


def _spread(results: Sequence[Result]) -> list[str]:
    """The test deviance of the seeds' winners: not the best seed alone (issue 22)."""
    values = sorted(r.deviance for r in results)
    mid = (
        values[len(values) // 2]
        if len(values) % 2
        else sum(values[len(values) // 2 - 1 : len(values) // 2 + 1]) / 2
    )
    return [
        f"Test deviance of the {len(values)} seeds' winners: min {values[0]:.4f}, "
        f"median {mid:.4f}, max {values[-1]:.4f}."
    ]
