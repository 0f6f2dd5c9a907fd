"""``arpad evaluate``: the command and its options. The work (readers, harness, metrics,
search) is in :mod:`arpad.cli.evaluate_run`, imported when the command runs, so that
``arpad --help`` stays light (docs/architecture.md, "Start-up")."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from arpad.cli.lazy_enum import enum_option
from arpad.cli.options import (
    InputFormatOption,
    JsonOption,
    LegacyFormatOption,
    SystemSpecsOption,
    input_format,
)


def register(app: typer.Typer) -> None:
    app.command()(evaluate)


def evaluate(
    games: Annotated[
        Path | None, typer.Argument(help="Games: Kaggle CSV, games CSV, PGN, … (or --ledger)")
    ] = None,
    system: SystemSpecsOption = None,
    preset: Annotated[
        list[str] | None, typer.Option("--preset", help="A shipped preset (repeat).")
    ] = None,
    train_until: Annotated[
        str | None, typer.Option(help="Last training period: month number or YYYY-MM.")
    ] = None,
    test_from: Annotated[str | None, typer.Option(help="First test period.")] = None,
    test_until: Annotated[str | None, typer.Option(help="Last test period.")] = None,
    mode: Annotated[
        Any,
        enum_option(
            "arpad.evaluate.harness:Mode",
            "rolling: rate test periods after predicting them; fixed: not.",
        ),
    ] = "rolling",
    newcomers: Annotated[
        str, typer.Option(help="'system' (its own rule) or a seeded rating such as 1400.")
    ] = "system",
    unrated: Annotated[
        Any,
        enum_option(
            "arpad.evaluate.harness:Unrated",
            "Games of never-rated players: newcomer, constant or skip.",
        ),
    ] = "newcomer",
    first_move: Annotated[
        bool, typer.Option(help="Fit White's advantage on the training predictions.")
    ] = True,
    search_field: Annotated[
        list[str] | None,
        typer.Option("--search", help="Search a field: K=16,24,32 (grid) or K=10:60 (--random)."),
    ] = None,
    random: Annotated[int | None, typer.Option(help="Random search: this many draws.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the random search.")] = 0,
    validate_from: Annotated[
        str | None, typer.Option(help="First validation period (default: last 5 of training).")
    ] = None,
    dask: Annotated[
        str | None, typer.Option(help="Search on Dask: 'local' or tcp://host:port.")
    ] = None,
    calibration: Annotated[
        Path | None,
        typer.Option(help="Write a calibration plot (PNG) here; print the best's table."),
    ] = None,
    breakdown: Annotated[
        bool,
        typer.Option("--breakdown", help="Also print first-move advantage and newcomers' games."),
    ] = False,
    fmt: InputFormatOption = None,
    old_format: LegacyFormatOption = None,
    ledger: Annotated[
        str | None,
        typer.Option(help="Evaluate on a ledger's history (SQLite file or URL) instead of GAMES."),
    ] = None,
    as_json: JsonOption = False,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
) -> None:
    """Predict each test game from the ratings before its period and score the predictions
    (binomial deviance, log loss, Brier, Kaggle RMSE), system by system. With no --system
    it evaluates every system that can predict, the baselines and every shipped preset.

    Examples:
        arpad evaluate training_data.csv --train-until 95 --test-from 96
        arpad evaluate training_data.csv -s logistic:K=32 --mode fixed --json
        arpad evaluate games.csv -s stephenson --search lam=0,0.05 --dask local
    """
    fmt = input_format(fmt, old_format)
    del old_format  # merged: run() takes the options by name
    arguments = dict(locals())
    from arpad.cli.evaluate_run import run

    run(**arguments)
