"""``arpad estimate``: one player's new rating, by the estimator of the chosen system
(:attr:`arpad.systems.RatingSystem.estimator`: US Chess, FIDE)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

import typer
from rich.table import Table

from arpad.cli.console import json_text, styled, wide_console
from arpad.cli.options import ConfigOptions, JsonOption, SystemOption, configure
from arpad.display import rating_text
from arpad.errors import ConfigError
from arpad.systems import Estimate, EstimateRequest, estimator_names, get_system

_RESULTS = {"W": 1.0, "1": 1.0, "D": 0.5, "0.5": 0.5, "½": 0.5, "=": 0.5, "L": 0.0, "0": 0.0}


def parse_opponent(text: str) -> tuple[float, float]:
    """``"1650:W"`` → ``(1650.0, 1.0)``; results W/D/L or 1/0.5/0."""
    rating, sep, result = text.partition(":")
    if not sep:
        raise ConfigError(f"opponent {text!r} must look like RATING:RESULT, e.g. 1650:W")
    try:
        r = float(rating)
    except ValueError:
        raise ConfigError(f"opponent {text!r}: {rating!r} is not a rating") from None
    score = _RESULTS.get(result.strip().upper())
    if score is None:
        raise ConfigError(f"opponent {text!r}: result must be W, D, L, 1, 0.5 or 0")
    return r, score


def parse_day(text: str | None) -> dt.date:
    """``--date``: an ISO date, default today (the CLI's clock, never the core's)."""
    if text is None:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise ConfigError(f"--date must look like 2025-11-07, not {text!r}") from None


ESTIMATOR_FLAGS = {
    "--all-wins": "all_wins",
    "--all-losses": "all_losses",
    "--initial": "initial",
    "--k": "k",
    "--birth-year": "birth_year",
    "--reached-2400": "reached_top",
    "--type": "rating_type",
}
"""Flags of the facts only some estimators read (:attr:`arpad.systems.Estimator.uses`)."""


def check_flags(system: str, given: dict[str, object]) -> None:
    """Refuse a flag the system's estimator does not read, naming the systems that do.

    ``given`` maps each flag the user set to its value (``None``/``False``: not set).

    Raises:
        ConfigError: the flag and its systems.
    """
    rating_system = get_system(system)
    uses = rating_system.require_estimator().uses
    for flag, value in given.items():
        field = ESTIMATOR_FLAGS[flag]
        if value in (None, False) or field in uses:
            continue
        owners = [n for n in estimator_names() if field in get_system(n).require_estimator().uses]
        takes = [f for f, name in ESTIMATOR_FLAGS.items() if name in uses]
        raise ConfigError(
            f"{flag} is read by the estimator of {', '.join(owners)}; {rating_system.name!r} "
            f"takes {', '.join(takes) or 'none of these flags'}"
        )


def estimate_json(result: Estimate, system: str) -> dict[str, object]:
    """``arpad estimate --json``: the new rating (unrounded, and as published), the rules,
    the calculation's steps and the game-by-game table."""
    r = result.rating
    header, *games = result.games or ((),)
    return {
        "system": system,
        "rules": result.rules,
        "pre": r.pre,
        "post": r.post,
        "post_label": rating_text(r.post, system),
        "change": r.change,
        "games": r.games,
        "score": r.score,
        "expected": r.expected,
        "k": r.k,
        "bonus": r.bonus,
        "method": r.method,
        "performance": r.performance,
        "steps": [{"label": label, "value": value} for label, value in result.lines],
        "game_table": [dict(zip(header, row, strict=False)) for row in games],
    }


def render(result: Estimate) -> None:
    """Print the calculation, then the new rating."""
    console = wide_console()
    console.print(f"{'rules':<18} {result.rules}")
    if result.games:
        table = Table(*result.games[0], title_justify="left")
        for row in result.games[1:]:
            table.add_row(*row)
        console.print(table)
    for label, value in result.lines:
        console.print(f"{label:<18} {value}")
    post = result.rating.post
    if post is not None:
        exact = "" if post == round(post) else f"  ({post:.2f})"
        console.print(styled((f"{'new rating':<18} {round(post)}", "bold"), exact))


def estimate(
    opponent: Annotated[
        list[str],
        typer.Option(
            "--opponent",
            "-p",
            help="An opponent and your result: RATING:W|D|L (repeat for each game).",
        ),
    ],
    rating: Annotated[
        float | None, typer.Option(help="Your pre-event rating; omit if unrated.")
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(help="N, games your rating is based on (US Chess: required with --rating)."),
    ] = None,
    initial: Annotated[
        float | None,
        typer.Option(help="US Chess: initial rating if unrated (default 750, N = 0)."),
    ] = None,
    all_wins: Annotated[
        bool, typer.Option(help="US Chess: all your previous games were wins.")
    ] = False,
    all_losses: Annotated[
        bool, typer.Option(help="US Chess: all previous games were losses.")
    ] = False,
    bonus_multiplier: Annotated[
        float | None,
        typer.Option(
            help="US Chess: bonus multiplier B (default: by the era of --date); = -o B=VALUE."
        ),
    ] = None,
    system: SystemOption = "uscf",
    option: ConfigOptions = None,
    date: Annotated[
        str | None,
        typer.Option(help="Event date YYYY-MM-DD: picks the rule era (default today)."),
    ] = None,
    k: Annotated[
        int | None, typer.Option("--k", help="FIDE: fix K (as FIDE's calculator).")
    ] = None,
    birth_year: Annotated[int | None, typer.Option(help="FIDE: for the junior K.")] = None,
    reached_2400: Annotated[
        bool, typer.Option(help="FIDE: a published rating has reached 2400 (K = 10).")
    ] = False,
    rating_type: Annotated[
        str, typer.Option("--type", help="FIDE: standard, rapid or blitz.")
    ] = "standard",
    as_json: JsonOption = False,
) -> None:
    """Estimate your new rating from your opponents' ratings and your results,
    by the estimator of the rating system (US Chess; --system fide for FIDE's).

    Like the federation's estimator, the opponents' ratings are taken as they
    are; the full algorithm ('arpad rate') also re-rates them first.

    With --system fide, like FIDE's calculator but under the rules FIDE
    applies (the 2650+ exemption, K × n ≤ 700, the current initial rating for
    an unrated player).

    Examples:

        arpad estimate --rating 1649 --games 40 -p 1700:W -p 1580:D -p 1812:L

        arpad estimate --system fide --rating 2813 --k 10 -p 2400:W -p 2505:D
    """
    rating_system = get_system(system)
    estimator = rating_system.require_estimator()
    day = parse_day(date)
    results = tuple(parse_opponent(o) for o in opponent)
    config = configure(rating_system, option, {"--bonus-multiplier": ("B", bonus_multiplier)})
    flags: dict[str, object] = {
        "--all-wins": all_wins,
        "--all-losses": all_losses,
        "--initial": initial,
        "--k": k,
        "--birth-year": birth_year,
        "--reached-2400": reached_2400,
        "--type": None if rating_type == "standard" else rating_type,
    }
    check_flags(system, flags)
    if rating is None and games:
        raise ConfigError("--games needs --rating (an unrated player has no games)")
    if games is not None and games < 0:
        raise ConfigError(f"--games must be ≥ 0, not {games}")
    if rating is not None and games is None and estimator.needs_games:
        # N changes K and the special formula; assuming 0 would treat an established
        # player as new (issue 15).
        raise ConfigError(
            "--rating needs --games: the number of games the rating is based on "
            "(N: 17 for 1641P17; any number over 25 for an established rating)"
        )
    request = EstimateRequest(
        rating,
        games,
        results,
        day,
        all_wins=all_wins,
        all_losses=all_losses,
        initial=initial,
        k=k,
        birth_year=birth_year,
        reached_top=reached_2400,
        rating_type=rating_type,
    )
    result = rating_system.estimate(request, config)
    if as_json:
        typer.echo(json_text(estimate_json(result, rating_system.name)))
        return
    render(result)


def register(app: typer.Typer) -> None:
    app.command()(estimate)
