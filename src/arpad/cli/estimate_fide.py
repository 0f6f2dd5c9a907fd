"""``arpad estimate --system fide``: one player's change as FIDE computes it."""

from __future__ import annotations

import datetime as dt

from rich.table import Table

from arpad.cli.console import styled, wide_console
from arpad.errors import ConfigError
from arpad.systems.fide import FideConfig, RatingType
from arpad.systems.fide.estimate import estimate


def run_fide(
    rating: float | None,
    games: int,
    results: list[tuple[float, float]],
    day: dt.date,
    k: int | None,
    birth_year: int | None,
    reached_2400: bool,
    rating_type: str,
) -> None:
    """Print the game-by-game calculation (as FIDE's calculation page lays it out)."""
    try:
        rtype = RatingType(rating_type)
    except ValueError:
        raise ConfigError(f"--type must be standard, rapid or blitz, not {rating_type!r}") from None
    cfg = FideConfig()
    est = estimate(
        rating,
        results,
        cfg,
        k=k,
        games_before=games if games else cfg.new_games,
        reached_top=reached_2400,
        birth_year=birth_year,
        start=day,
        rating_type=rtype,
    )
    console = wide_console()
    console.print(f"rules              FIDE {est.era.value} ({rtype.value}), event of {day}")
    if rating is None:
        init = est.initial
        if init is not None:
            console.print(
                f"Ra                 {init.average:.2f}   p {init.p:.4f}   dp {init.dp:g}"
            )
            console.print(f"initial rating     {init.rating:.0f} ({init.rule} rule)")
        if est.note:
            console.print(f"note               {est.note}")
        return
    table = Table("#", "Opp.", "used", "W", "PD", "W − PD", title_justify="left")
    for i, g in enumerate(est.games, start=1):
        used = f"{g.opponent_rating:.0f}" + (" *" if g.capped else "")
        opp = results[int(g.opponent) - 1][0]
        table.add_row(
            str(i), f"{opp:.0f}", used, f"{g.score:g}", f"{g.expected:.2f}", f"{g.delta:+.2f}"
        )
    console.print(table)
    if est.skipped:
        console.print(f"not rated          {est.skipped} game(s) under the 600-point rule")
    console.print(f"Σ (W − PD)         {est.delta:+.2f}")
    console.print(f"K                  {est.k}")
    if est.change is not None and est.new_rating is not None:
        console.print(f"K × Σ              {est.change:+.2f}")
        console.print(styled((f"new rating         {est.new_rating:.0f}", "bold")))
