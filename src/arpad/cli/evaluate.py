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
            "rolling (default): rate test periods after predicting them; fixed: not.",
        ),
    ] = None,
    newcomers: Annotated[
        str | None,
        typer.Option(
            help="'system' (its own rule, default) or a seeded rating such as 1400. "
            "A preset refuses a rule other than its own."
        ),
    ] = None,
    unrated: Annotated[
        Any,
        enum_option(
            "arpad.evaluate.harness:Unrated",
            "Games of never-rated players: newcomer (default), constant or skip.",
        ),
    ] = None,
    first_move: Annotated[
        bool | None,
        typer.Option(
            "--first-move/--no-first-move",
            help="Fit White's advantage on the training predictions (default: yes).",
        ),
    ] = None,
    search_field: Annotated[
        list[str] | None,
        typer.Option("--search", help="Search a field: K=16,24,32 (grid) or K=10:60 (--random)."),
    ] = None,
    random: Annotated[int | None, typer.Option(help="Random search: this many draws.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the random search.")] = 0,
    seeds: Annotated[
        int,
        typer.Option(
            min=1,
            help="Random search: repeat it with seeds SEED … SEED+N−1; every winner "
            "is a row and the spread over seeds is reported.",
        ),
    ] = 1,
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
        typer.Option(
            "--breakdown",
            help="Also print the deviance by newcomers/seen/contest subset, prior games and "
            "rating band.",
        ),
    ] = False,
    predictions: Annotated[
        Path | None,
        typer.Option(help="Write every scored test game's prediction, per system, here (CSV)."),
    ] = None,
    draw_nu: Annotated[
        float | None,
        typer.Option(
            min=0.0,
            help="Davidson's draw parameter ν for the systems with a draw model "
            "(default: fitted on the training games).",
        ),
    ] = None,
    bootstrap: Annotated[
        int,
        typer.Option(
            min=0, help="Bootstrap draws for the 95 % intervals (player-month blocks); 0: none."
        ),
    ] = 1000,
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
    (binomial deviance, log loss, Brier, Kaggle RMSE), system by system, with paired
    bootstrap intervals. Every row records its protocol (mode, newcomers, unrated games,
    first move); a row whose system rated nobody (!) or that loses to the constant (<) is
    flagged. With no --system it evaluates every system that can predict, the baselines
    and every shipped preset.

    Examples:
        arpad evaluate training_data.csv --train-until 95 --test-from 96
        arpad evaluate training_data.csv -s logistic:K=32 --mode fixed --json
        arpad evaluate games.csv -s stephenson --search lam=0,0.05 --dask local
        arpad evaluate training_data.csv --preset stephenson-kaggle --predictions p.csv
    """
    fmt = input_format(fmt, old_format)
    del old_format  # merged: run() takes the options by name
    arguments = dict(locals())
    from arpad.cli.evaluate_run import run

    run(**arguments)
