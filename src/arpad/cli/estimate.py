"""``arpad estimate``: one player's new US Chess rating, like the federation's estimator."""

from __future__ import annotations

from typing import Annotated

import typer

from arpad.cli.console import wide_console
from arpad.config import with_options
from arpad.errors import ConfigError
from arpad.systems.uscf2020 import USCFConfig
from arpad.systems.uscf2020.rating import estimate as estimate_rating

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


def register(app: typer.Typer) -> None:
    @app.command()
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
            typer.Option(help="N, games your rating is based on (required with --rating)."),
        ] = None,
        initial: Annotated[
            float | None, typer.Option(help="Initial rating if unrated (default 750, N = 0).")
        ] = None,
        all_wins: Annotated[bool, typer.Option(help="All your previous games were wins.")] = False,
        all_losses: Annotated[bool, typer.Option(help="All previous games were losses.")] = False,
        bonus_multiplier: Annotated[float, typer.Option(help="Bonus multiplier B.")] = 14.0,
    ) -> None:
        """Estimate your new US Chess rating from your opponents' ratings and your results.

        Like the federation's estimator, the opponents' ratings are taken as they are; the
        full algorithm ('arpad rate') also re-rates them first.

        Example:

            arpad estimate --rating 1649 --games 40 -p 1700:W -p 1580:D -p 1812:L
        """
        if rating is None and games:
            raise ConfigError("--games needs --rating (an unrated player has no games)")
        if rating is not None and games is None:
            # N changes K and the special formula; assuming 0 would treat an established
            # player as new (issue 15).
            raise ConfigError(
                "--rating needs --games: the number of games the rating is based on "
                "(N: 17 for 1641P17; any number over 25 for an established rating)"
            )
        if games is not None and games < 0:
            raise ConfigError(f"--games must be ≥ 0, not {games}")
        results = [parse_opponent(o) for o in opponent]
        config = with_options(USCFConfig(), {"B": str(bonus_multiplier)})
        init = None
        if initial is not None:
            from arpad.systems.uscf2020.initial import Initial

            init = Initial(initial, 0, "given")
        r = estimate_rating(
            rating,
            games or 0,
            results,
            config,
            all_wins=all_wins,
            all_losses=all_losses,
            initial=init,
        )
        console = wide_console()
        pre = "unrated" if rating is None else f"{rating:.0f}"
        assert r.post is not None
        console.print(f"pre-event rating   {pre}")
        console.print(f"games / score      {r.games} / {r.score:g}")
        console.print(f"formula            {r.method}")
        if r.k is not None:
            console.print(f"K                  {r.k:.2f}")
        if r.expected is not None:
            console.print(f"expected score     {r.expected:.2f}")
        if r.bonus:
            console.print(f"bonus              {r.bonus:.2f}")
        console.print(f"[bold]new rating         {round(r.post)}[/bold]  ({r.post:.2f})")
        if r.pre is not None:
            console.print(f"change             {r.post - r.pre:+.2f}")
