"""``arpad fide-adjust``: update USCF ratings from FIDE events (USCF 1994 §6)."""

from __future__ import annotations

import io
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from arpad.cli.console import json_text, styled, wide_console
from arpad.cli.options import JsonOption, ToolConfigOptions, configured
from arpad.errors import InputError
from arpad.io import read_text

if TYPE_CHECKING:  # NumPy/SciPy: imported when the command runs
    from arpad.systems.uscf1994.fide_adjustment import FideAdjustment, FideAdjustmentConfig


def adjust_file(
    path: Path, uscf_rating: float | None, config: FideAdjustmentConfig
) -> list[FideAdjustment]:
    """Read a ``fide-printout/1`` file and adjust every player in it.

    Raises:
        InputError: a malformed file, or a player without a USCF rating.
    """
    from arpad.io.fide_printout import read
    from arpad.systems.uscf1994.fide_adjustment import PrintoutLine, fide_adjustment

    # newline=None: a bare carriage return ends a line, as everywhere (io._open_text).
    lines = read(io.StringIO(read_text(path), newline=None), str(path))
    by_player: dict[str, list[PrintoutLine]] = {}
    for line in lines:
        by_player.setdefault(line.player, []).append(line)
    if uscf_rating is not None and len(by_player) > 1:
        raise InputError(
            "--uscf-rating applies to a file of one player; this one has "
            f"{len(by_player)}: give each player's rating in the 'uscf' column",
            path=str(path),
        )
    out = []
    for player, rows in by_player.items():
        rating = uscf_rating
        if rating is None:
            rating = next((r.uscf for r in rows if r.uscf is not None), None)
        if rating is None:
            raise InputError(
                f"player {player!r} has no USCF rating: fill the 'uscf' column or pass "
                "--uscf-rating",
                path=str(path),
                line=rows[0].line,
            )
        try:
            out.append(fide_adjustment(rows, rating, config))
        except InputError as exc:
            raise exc.located(str(path)) from None
    return out


def fide_adjust(
    file: Annotated[Path, typer.Argument(help="FIDE printout lines (fide-printout/1 CSV).")],
    uscf_rating: Annotated[
        float | None,
        typer.Option(help="The player's current USCF rating (a one-player file)."),
    ] = None,
    option: ToolConfigOptions = None,
    as_json: JsonOption = False,
) -> None:
    """Update USCF ratings from FIDE events the USCF did not rate, by the algorithm
    the Policy Board adopted in February 1994 (uscf-ratings-committee-1994.txt §6).

    Events in the USA are taken as USCF-rated and skipped unless the file's
    'uscf_rated' column says otherwise. The file format is in docs/formats.md.

    Fields of -o NAME=VALUE: K, home_federation, fide_between, fide_low_add, fide_high_add.

    Example (Gata Kamsky, first half of 1993: 2795 → 2757):

        arpad fide-adjust examples/fide-printout-kamsky-1993.csv
    """
    from arpad.systems.uscf1994.fide_adjustment import FideAdjustmentConfig

    config = configured(FideAdjustmentConfig(), option)
    results = adjust_file(file, uscf_rating, config)
    if as_json:
        typer.echo(json_text([asdict(r) for r in results]))
        return
    table = Table(
        title="USCF adjustment from FIDE events (USCF 1994 §6)",
        title_justify="left",
        header_style="bold",
    )
    for col in (
        "Player",
        "USCF",
        "FIDE",
        "Events",
        "N",
        "W",
        "d",
        "E",
        "A",
        "E adj",
        "New",
        "Chg",
    ):
        table.add_column(col, justify="left" if col == "Player" else "right")
    for r in results:
        table.add_row(
            r.player,
            f"{r.uscf:g}",
            f"{r.fide:g}",
            f"{r.events_used}/{r.events_used + r.events_skipped}",
            str(r.games),
            f"{r.score:g}",
            f"{r.change_sum:+.2f}",
            f"{r.expected:.2f}",
            f"{r.offset:g}",
            f"{r.adjusted_expected:.2f}",
            f"{r.new_rating:.0f}",
            f"{r.new_rating - r.uscf:+.1f}",
        )
    console = wide_console()
    console.print(table)
    console.print(
        styled(("Events: used/listed (events in the USA were USCF-rated: skipped).", "dim"))
    )
    for r in results:
        for note in r.notes:
            console.print(styled((f"{r.player}:", "dim"), f" {note}"))


def register(app: typer.Typer) -> None:
    app.command("fide-adjust")(fide_adjust)
