"""``arpad test-system``, ``arpad reliability`` and ``arpad masters``: Elo's statistical
toolkit and the historical lists on the command line."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from arpad.cli.console import styled, wide_console
from arpad.cli.lazy_enum import enum_option
from arpad.cli.options import (
    GamesFormatOption,
    JsonOption,
    LegacyFormatOption,
    ListsOption,
    input_format,
)
from arpad.cli.tables import Column, fitted_table
from arpad.errors import ConfigError

if TYPE_CHECKING:  # SciPy: imported by the commands that use it (docs/architecture.md)
    from arpad.analysis.real_data import RealDataReport
    from arpad.analysis.system_tests import RatingDifferenceTest
    from arpad.cli.published import MasterLists
    from arpad.historical.lists import Master


def _edges(text: str | None) -> tuple[float, ...]:
    from arpad.analysis.system_tests import MILWAUKEE_EDGES

    if text is None:
        return MILWAUKEE_EDGES
    try:
        return tuple(float(x) for x in text.split(","))
    except ValueError:
        raise ConfigError(f"--classes takes numbers separated by commas, not {text!r}") from None


def _class_table(test: RatingDifferenceTest) -> Table:
    table = Table(
        title=f"{test.curve} curve — lower-rated player's score by rating difference",
        title_justify="left",
        header_style="bold",
    )
    for col in ("Class", "Games", "W", "L", "D", "f_o", "f_e", "f_o/N", "f_e/N", "σ"):
        table.add_column(col, justify="left" if col == "Class" else "right")
    for c in test.classes:
        if c.games == 0:
            continue
        table.add_row(
            c.label,
            str(c.games),
            str(c.wins),
            str(c.losses),
            str(c.draws),
            f"{c.observed:.1f}",
            f"{c.expected:.1f}",
            f"{c.observed_share:.3f}",
            f"{c.expected_share:.3f}",
            f"{c.sd:.1f}",
        )
    return table


def _verdict_lines(test: RatingDifferenceTest) -> list[str]:
    chi = test.chi_square
    if chi is None:
        return [f"{test.curve}: a single class; no χ² (try narrower --classes)"]
    lines = [
        f"{test.curve}: χ² = {chi.statistic:.2f} with {chi.dof} d.f. over "
        f"{len(test.labels)} classes (critical 5 % {chi.critical_5:.3f}, 1 % "
        f"{chi.critical_1:.3f}); P = {chi.p_value:.3g}: {chi.verdict.value}",
        f"  log-loss {test.log_loss:.4f}, Brier {test.brier:.4f} per game",
    ]
    merged = [label for label in test.labels if "+" in label]
    if merged:
        lines.append(f"  merged to expect ≥ 5 points: {', '.join(merged)}")
    lines += [f"  rule not met: {p}" for p in chi.problems]
    return lines


def _report_json(report: RealDataReport) -> dict[str, Any]:
    def test_doc(t: RatingDifferenceTest) -> dict[str, Any]:
        chi = t.chi_square
        return {
            "curve": t.curve,
            "games": t.games,
            "classes": [
                {
                    "class": c.label,
                    "games": c.games,
                    "wins": c.wins,
                    "losses": c.losses,
                    "draws": c.draws,
                    "observed": c.observed,
                    "expected": c.expected,
                    "sd": c.sd,
                }
                for c in t.classes
            ],
            "chi_square": None
            if chi is None
            else {
                "statistic": chi.statistic,
                "dof": chi.dof,
                "p_value": chi.p_value,
                "critical_5": chi.critical_5,
                "critical_1": chi.critical_1,
                "verdict": chi.verdict.value,
                "intervals": list(t.labels),
                "problems": list(chi.problems),
            },
            "log_loss": t.log_loss,
            "brier": t.brier,
        }

    return {
        "source": report.source,
        "method": report.method,
        "games_read": report.games_read,
        "games_tested": report.games_tested,
        "train_games": report.train_games,
        "rated_players": report.rated_players,
        "notes": list(report.notes),
        "tests": [test_doc(t) for t in report.comparison.tests],
        "better_fit": report.comparison.best.curve,
    }


def _master_doc(m: Master) -> dict[str, Any]:
    doc = dataclasses.asdict(m)
    doc["source"] = m.source.value
    return doc


def system_test(
    games: Annotated[
        Path, typer.Argument(help="Games: a CSV (pairs, Kaggle or Kwiatkowski) or a PGN file.")
    ],
    fmt: GamesFormatOption = None,
    old_format: LegacyFormatOption = None,
    curve: Annotated[
        list[str] | None,
        typer.Option(help="Curve(s) to test: normal, logistic (default both)."),
    ] = None,
    classes: Annotated[
        str | None,
        typer.Option(help="Class edges of |D|, e.g. 0,50,100,200 (default the book's)."),
    ] = None,
    train: Annotated[
        str | None, typer.Option(help="Fit each curve's ratings on these periods, e.g. 1-95.")
    ] = None,
    test: Annotated[str | None, typer.Option(help="Test on these periods, e.g. 96-100.")] = None,
    min_games: Annotated[int, typer.Option(help="Training games a player needs to be rated.")] = 10,
    prior_draws: Annotated[
        float, typer.Option(help="Virtual draws per player against the average (fit only).")
    ] = 1.0,
    classical_only: Annotated[
        bool, typer.Option(help="Leave out rapid and blitz games (Kwiatkowski 2021 file).")
    ] = False,
    plot: Annotated[
        Path | None, typer.Option(help="Also draw observed against expected into FILE.png.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Test expectancy curves on real games (Elo §8.96, §8.74): the lower-rated
    player's observed score against his expected score, class by class of rating
    difference, with the chi-square test (73) and the book's rules (≥ 30 observations,
    ≥ 6 intervals, ≥ 5 expected in each; small classes are merged).

    When the games carry ratings they are used as they are. Otherwise (or with --train
    and --test) each curve first gets its own ratings, fitted on the training periods
    so that every player's expected score equals his score, and is tested on the later
    games.

    Examples:

        arpad test-system games.csv --plot fit.png

        arpad test-system training_data.csv --train 1-95 --test 96-100

        arpad test-system results_2021_all_speeds.csv --classical-only --json
    """
    fmt = input_format(fmt, old_format)
    from arpad.analysis.real_data import PeriodRange, curve_test
    from arpad.analysis.system_tests import CURVES

    names = curve or list(CURVES)
    unknown = [n for n in names if n not in CURVES]
    if unknown:
        raise ConfigError(f"unknown curve {unknown[0]!r}; choose from {', '.join(CURVES)}")
    from arpad.analysis.games import read_games

    file = read_games(games, fmt)
    report = curve_test(
        file,
        {n: CURVES[n] for n in names},
        train=None if train is None else PeriodRange.parse(train),
        test=None if test is None else PeriodRange.parse(test),
        min_games=min_games,
        prior_draws=prior_draws,
        edges=_edges(classes),
        classical_only=classical_only,
    )
    if plot is not None:
        from arpad.analysis.plots import plot_comparison

        plot_comparison(report.comparison, plot, title=f"{games.name}: {report.method}")
    if as_json:
        typer.echo(json.dumps(_report_json(report), indent=2, ensure_ascii=False))
        return
    console = wide_console()
    console.print(
        f"{report.source} ({file.format}): {report.games_read} games read, "
        f"{report.games_tested} tested ({report.method})"
    )
    for note in report.notes:
        console.print(styled(("note:", "dim"), f" {note}"))
    for t in report.comparison.tests:
        console.print(_class_table(t))
        for line in _verdict_lines(t):
            console.print(line)
    if len(report.comparison.tests) > 1:
        best = report.comparison.best
        console.print(styled((f"Better fit: {best.curve}", "bold"), " (smallest χ²)"))
    if plot is not None:
        console.print(f"plot written to {plot}")


def reliability_command(
    games: Annotated[
        list[int] | None, typer.Argument(help="Numbers of games (default table 2.55's).")
    ] = None,
) -> None:
    """How reliable is a rating or performance over N games (Elo table 2.55), and what
    excess score W − W_e is exceptional (the z-M test, table 3.64).

    Example:

        arpad reliability 9 15 30
    """
    from arpad.analysis.reliability import TABLE_2_55_GAMES, TABLE_3_64_LEVELS, reliability
    from arpad.analysis.reliability import exceptional_threshold as _threshold

    counts = games or list(TABLE_2_55_GAMES)
    if any(n < 1 for n in counts):
        raise ConfigError("numbers of games must be ≥ 1")
    table = Table(title="Expressions of reliability (Elo §2.55, §3.64)", header_style="bold")
    for col in ("Games", "SD in W", "SD in E", "PE in W", "PE in E", "Confidence"):
        table.add_column(col, justify="right")
    for level in TABLE_3_64_LEVELS:
        table.add_column(f"excess p<{level:.0%}", justify="right")
    for n in counts:
        r = reliability(n)
        table.add_row(
            str(n),
            f"{r.sd_score:.2f}",
            f"{r.sd_rating:.1f}",
            f"{r.pe_score:.2f}",
            f"{r.pe_rating:.1f}",
            f"{r.confidence:.3f}",
            *(f"{_threshold(n, a):.2f}" for a in TABLE_3_64_LEVELS),
        )
    wide_console().print(table)


def masters(
    name: Annotated[str | None, typer.Argument(help="Part of a name.")] = None,
    source: Annotated[
        str, typer.Option("--list", help="titleholders (§9.4), untitled (§9.5) or all.")
    ] = "all",
    country: Annotated[str | None, typer.Option(help="Part of the country as printed.")] = None,
    title: Annotated[str | None, typer.Option(help="GM, IM or none.")] = None,
    born_from: Annotated[int | None, typer.Option(help="Born in or after this year.")] = None,
    born_to: Annotated[int | None, typer.Option(help="Born in or before this year.")] = None,
    min_best5: Annotated[
        int | None, typer.Option(help="Best five-year average at least this.")
    ] = None,
    alive: Annotated[
        bool | None, typer.Option("--alive/--dead", help="Alive (no death year) or dead.")
    ] = None,
    sort: Annotated[
        Any,
        enum_option("arpad.historical.lists:SortKey", "Sort: best5, rating, peak, name or born."),
    ] = "best5",
    limit: Annotated[int | None, typer.Option(help="Show at most this many.")] = 25,
    as_json: JsonOption = False,
    lists: ListsOption = None,
) -> None:
    """Query Elo's lists of 1986: the 1053 titleholders (§9.4) and 197 untitled masters
    (§9.5), with their best five-year averages and 1 January 1986 ratings.

    With --lists, each master's peak in published historical lists (Edo, Chessmetrics,
    FIDE 1975-2000) stands beside Elo's figures, as rating and year.

    Examples:

        arpad masters --min-best5 2650

        arpad masters lasker

        arpad masters --list untitled --born-to 1850 --sort born
    """
    from arpad.historical.lists import (
        MasterQuery,
        all_masters,
        query,
        titleholders,
        untitled_masters,
    )

    elo_lists = {
        "titleholders": titleholders,
        "untitled": untitled_masters,
        "all": all_masters,
    }
    if source not in elo_lists:
        raise ConfigError(f"--list takes titleholders, untitled or all, not {source!r}")
    found = query(
        elo_lists[source](),
        MasterQuery(name, country, title, born_from, born_to, min_best5, alive),
        sort,
        limit,
    )
    beside = None
    if lists:
        from arpad.cli.published import master_lists

        beside = master_lists(found, lists)
    if as_json:
        docs = [_master_doc(m) for m in found]
        if beside is not None:
            for doc, m in zip(docs, found, strict=True):
                doc["lists"] = beside.record(m.name)
        typer.echo(json.dumps(docs, indent=2, ensure_ascii=False))
        return
    _masters_table(found, beside)


MASTER_COLUMNS = (
    Column("Name", "left", text=True),
    Column("Country", "left", text=True, drop=102),
    Column("Dates", "left", drop=101),
    Column("Title", "left", drop=101),
    Column("Best 5-yr"),
    Column("1-1-86"),
    Column("Line", drop=103),
)
"""Elo's figures are never left out; a published list's peak (``--lists``) goes before them,
the master's country, dates, title and the seed line before the lists."""


LIST_NOTE = "each list's cell: the master's highest rating in it, and its year"


def _master_cells(m: Master) -> list[str]:
    from arpad.historical.lists import ListName

    dates = f"{m.born or '?'}-{m.died or ''}" if m.born or m.died else ""
    best = "" if m.best5 is None else f"{m.best5}{'*' if m.active_period_only else ''}"
    rating = "lost" if m.rating_1986_lost else ("" if m.rating_1986 is None else str(m.rating_1986))
    label = "" if m.title is None else f"{m.title}-{m.title_year}"
    if m.source is ListName.UNTITLED:
        label = "untitled"
    return [m.name, m.country, dates, label, best, rating, str(m.seed_line)]


def _masters_table(found: list[Master], beside: MasterLists | None) -> None:
    columns = list(MASTER_COLUMNS) + ([] if beside is None else beside.columns())
    rows = [_master_cells(m) + ([] if beside is None else beside.cells(m.name)) for m in found]
    console = wide_console()
    title = "Elo 1986: titleholders and untitled masters"
    note = None if beside is None else LIST_NOTE
    console.print(fitted_table(columns, rows, console.width, title, note))
    console.print(f"{len(found)} shown; * = data cover the period of active play only")
    missing = None if beside is None else beside.unmatched_line([m.name for m in found])
    if missing is not None:
        console.print(missing, overflow="fold")


def register(app: typer.Typer) -> None:
    app.command("test-system")(system_test)
    app.command("reliability")(reliability_command)
    app.command("masters")(masters)
