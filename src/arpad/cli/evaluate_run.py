"""The work of ``arpad evaluate`` (imported when the command runs): how well does each rating
system predict real games?"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from arpad.cli.console import json_text
from arpad.cli.options import configure, parse_options
from arpad.errors import ArpadError, ConfigError
from arpad.evaluate import harness, metrics
from arpad.evaluate.harness import Mode, Period, Policy, Result, Split, Unrated
from arpad.evaluate.harness import period_label as label
from arpad.evaluate.presets import PRESETS, get_preset
from arpad.evaluate.search import best_config, candidates, parse_space, search
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


def parse_system(spec: str) -> tuple[str, dict[str, str]]:
    """``glicko2:tau=0.3,initial_rd=300`` → ``("glicko2", {...})``.

    >>> parse_system("logistic:K=24")
    ('logistic', {'K': '24'})
    """
    name, _, rest = spec.partition(":")
    return name.strip(), parse_options([p for p in rest.split(",") if p.strip()])


def default_entries(policy: Policy) -> list[Entry]:
    """Every registered system that can predict, then every shipped preset."""
    out = []
    for name in system_names():
        system = get_system(name)
        if harness.can_predict(system):
            out.append(Entry(name, system.default_config(), policy))
    for preset in PRESETS.values():
        out.append(
            Entry(preset.system, preset.config(), preset.policy(policy.first_move), preset.name)
        )
    return out


def evaluate_all(
    periods: Sequence[Period], entries: Sequence[Entry], split: Split
) -> tuple[list[Result], list[str]]:
    """Each entry's result; an entry that fails is reported and the others go on."""
    results: list[Result] = []
    failures: list[str] = []
    for e in entries:
        try:
            system = get_system(e.system)
            results.append(harness.run(periods, system, e.config, split, e.policy, e.preset))
        except ArpadError as exc:
            failures.append(f"{e.preset or e.system}: {exc}")
    results.sort(key=lambda r: r.deviance)
    return results, failures


def _label(r: Result, width: int = 30) -> str:
    name = r.system if r.preset is None else f"{r.system} ({r.preset})"
    return name if len(name) <= width else name[: width - 1] + "…"


def table_lines(results: Sequence[Result], split: Split) -> list[str]:
    """The ranked table, at most 80 columns wide."""
    lines = [
        f"Test periods {label(split.test_from)} to {label(split.test_until)} (trained to "
        f"{label(split.train_until)}); deviance base 10, clipped",
        f"{'#':>2} {'system (preset)':<30} {'deviance':>8} {'no FM':>7} {'logloss':>7} "
        f"{'Brier':>6} {'RMSE':>6} {'games':>6}",
    ]
    for i, r in enumerate(results, start=1):
        name = _label(r)
        lines.append(
            f"{i:>2} {name:<30} {r.deviance:>8.4f} {r.deviance_without_first_move:>7.4f} "
            f"{r.log_loss:>7.4f} {r.brier:>6.4f} {r.rmse:>6.4f} {r.games:>6}"
        )
    lines.append("no FM: the deviance without the fitted first-move advantage.")
    return lines


def breakdown_lines(results: Sequence[Result]) -> list[str]:
    """First-move advantage and the newcomers' games, per system (80 columns)."""

    def dev(x: float | None) -> str:
        return "-" if x is None else f"{x:.4f}"

    lines = [
        "",
        f"{'#':>2} {'system (preset)':<30} {'FM pts':>6} {'newcomer games':>14} "
        f"{'their dev':>9} {'others':>7} {'skip':>5}",
    ]
    for i, r in enumerate(results, start=1):
        name = _label(r)
        lines.append(
            f"{i:>2} {name:<30} {r.first_move_advantage:>6.1f} {r.newcomer_games:>14} "
            f"{dev(r.newcomer_deviance):>9} {dev(r.established_deviance):>7} "
            f"{r.skipped_games:>5}"
        )
    lines.append("newcomer games: a player had no rated game before the game's period.")
    return lines


def calibration_lines(result: Result) -> list[str]:
    """The calibration table of one result."""
    name = result.system if result.preset is None else f"{result.system} ({result.preset})"
    lines = [
        "",
        f"Calibration of {name}:",
        f"{'predicted':>13} {'games':>7} {'mean':>7} {'actual':>7}",
    ]
    for b in result.calibration:
        lines.append(
            f"{b.low:>5.1f} - {b.high:<5.1f} {b.games:>7} {b.predicted:>7.4f} {b.actual:>7.4f}"
        )
    return lines


def results_json(results: Sequence[Result], split: Split) -> dict[str, Any]:
    return {
        "split": {
            "train_until": split.train_until,
            "test_from": split.test_from,
            "test_until": split.test_until,
        },
        "results": [r.as_json() for r in results],
    }


def _policy(mode: Mode, newcomers: str, unrated: Unrated, first_move: bool) -> Policy:
    if newcomers == "system":
        rating = None
    else:
        try:
            rating = float(newcomers)
        except ValueError:
            raise ConfigError(
                f"--newcomers takes 'system' or a rating, not {newcomers!r}"
            ) from None
    return Policy(mode, rating, unrated, first_move)


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
    mode: Mode,
    newcomers: str,
    unrated: Unrated,
    first_move: bool,
    search_field: list[str] | None,
    random: int | None,
    seed: int,
    validate_from: str | None,
    dask: str | None,
    calibration: Path | None,
    breakdown: bool,
    fmt: str | None,
    ledger: str | None,
    as_json: bool,
    quiet: bool,
) -> None:
    """``arpad evaluate`` with the options it was given (:func:`arpad.cli.evaluate.evaluate`)."""
    if (games is None) == (ledger is None):
        raise ConfigError("give either a games file or --ledger DB")
    events = read_events(games, fmt) if games is not None else ledger_events(str(ledger))
    periods = harness.periods_of(events)
    split = harness.default_split(
        periods,
        None if train_until is None else harness.parse_period(train_until),
        None if test_from is None else harness.parse_period(test_from),
        None if test_until is None else harness.parse_period(test_until),
    )
    policy = _policy(mode, newcomers, unrated, first_move)
    entries: list[Entry] = []
    for spec in system or []:
        name, options = parse_system(spec)
        chosen = get_system(name)
        config = configure(chosen, [f"{k}={v}" for k, v in options.items()])
        entries.append(Entry(chosen.name, config, policy))
    for name in preset or []:
        p = get_preset(name)
        entries.append(Entry(p.system, p.config(), p.policy(first_move), p.name))
    if not entries:
        entries = default_entries(policy)
    notes: list[str] = []
    if search_field:
        if len(entries) != 1:
            raise ConfigError("--search needs exactly one --system or --preset")
        entries, notes = _search(
            periods, entries[0], split, search_field, random, seed, validate_from, dask, quiet
        )
    results, failures = evaluate_all(periods, entries, split)
    if calibration is not None and results:
        metrics.plot_calibration(
            {(r.preset or r.system): r.calibration for r in results[:6]},
            calibration,
            f"Calibration on periods {split.test_from}-{split.test_until}",
        )
    if as_json:
        out = results_json(results, split)
        out["failures"] = failures
        out["notes"] = notes
        print(json_text(out))
    else:
        lines = [*notes, *table_lines(results, split)]
        if breakdown:
            lines += breakdown_lines(results)
        if calibration is not None and results:
            lines += calibration_lines(results[0])
        for line in lines:
            print(line)
        for r in results:
            for w in r.warnings:
                print(f"warning: {r.preset or r.system}: {w}")
    for f in failures:
        typer.echo(f"arpad: {f}", err=True)
    if failures and not results:
        raise typer.Exit(2)


def _search(
    periods: Sequence[Period],
    entry: Entry,
    split: Split,
    fields: Sequence[str],
    random: int | None,
    seed: int,
    validate_from: str | None,
    dask: str | None,
    quiet: bool,
) -> tuple[list[Entry], list[str]]:
    trials = candidates(parse_space(fields), random, seed)
    numbers = [p.number for p in periods if p.number <= split.train_until]
    start = (
        harness.parse_period(validate_from)
        if validate_from is not None
        else numbers[max(1, len(numbers) - 5)]
    )
    base = {k: str(v) for k, v in harness.config_fields(entry.config).items()}
    bar, progress = _progress_bar(len(trials), quiet)
    with bar:
        found = search(
            periods, entry.system, trials, split, start, entry.policy, base, dask, progress
        )
    notes = [
        f"Search on validation periods {label(start)} to {label(split.train_until)} "
        f"({len(trials)} candidates):"
    ]
    for t in sorted(found.trials, key=lambda t: t.deviance)[:5]:
        shown = ", ".join(f"{k}={v}" for k, v in t.options.items())
        notes.append(f"  {t.deviance:.5f}  {shown}")
    best = Entry(entry.system, best_config(found, base), entry.policy, entry.preset)
    return [best], notes
