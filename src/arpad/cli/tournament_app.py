"""``arpad app``: Berard's Tournament App on one tournament.

(The module is not called ``app``: importing ``arpad.cli.app`` would shadow the typer
application object of the same name in :mod:`arpad.cli`.)
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from arpad.cli.console import inert_text, json_text
from arpad.cli.options import (
    EventChoice,
    InputFormatOption,
    JsonOption,
    LegacyFormatOption,
    ToolConfigOptions,
    configured,
    input_format,
)
from arpad.io import read_event, read_text

if TYPE_CHECKING:  # NumPy/SciPy: imported when the app runs; the reader when one is read
    from arpad.analysis.tournament_app import AppInput
    from arpad.io import berard


def berard_input(t: berard.BerardTournament) -> AppInput:
    """The paper's token stream as the app's input."""
    from arpad.analysis.tournament_app import AppGame, AppInput, Entrant

    return AppInput(
        name=t.name,
        rating_system=t.rating_system,
        entrants=tuple(Entrant(p.name, p.rating, p.line) for p in t.players),
        games=tuple(AppGame(g.white, g.black, g.score, g.line) for g in t.games),
        rating2=t.rating2,
        source=t.path,
    )


def load_input(
    path: Path,
    fmt: str | None,
    rating_system: str | None,
    rating2: float | None,
    knockout: bool,
    event: str | None = None,
) -> AppInput:
    """Read the paper's format directly, anything else through :func:`arpad.io.read_events`.

    Other formats carry no Rating2 and no rating-system name: ``--rating2`` and
    ``--rating-system`` supply them.
    """
    from arpad.analysis.tournament_app import AppInput, from_event
    from arpad.io import berard

    text = read_text(path)
    if fmt == "berard" or (fmt is None and berard.sniff(text[:4096], str(path))):
        t = berard_input(berard.read_tournament(io.StringIO(text), str(path)))
        return AppInput(
            t.name,
            rating_system if rating_system is not None else t.rating_system,
            t.entrants,
            t.games,
            rating2 if rating2 is not None else t.rating2,
            knockout,
            t.source,
        )
    return from_event(
        read_event(path, fmt, event),
        rating_system if rating_system is not None else "Elo",
        rating2,
        knockout,
    )


def app_command(
    file: Annotated[
        Path,
        typer.Argument(help="The tournament: the paper's input format, or JSON/TRF/PGN."),
    ],
    fmt: InputFormatOption = None,
    old_format: LegacyFormatOption = None,
    event_choice: EventChoice = None,
    rating2: Annotated[
        float | None,
        typer.Option(help="Rating of the world's No. 2 at the time (G-scores, strength)."),
    ] = None,
    rating_system: Annotated[
        str | None,
        typer.Option(help="Name of the initial ratings' system, e.g. Chessmetrics."),
    ] = None,
    correct: Annotated[
        bool,
        typer.Option(
            "--correct",
            help="If the test fails, move the out-of-spec ratings onto the PR line "
            "(one shot, players with 6+ games) and run again.",
        ),
    ] = False,
    knockout: Annotated[
        bool, typer.Option(help="A knock-out event: test informational, G ranks.")
    ] = False,
    option: ToolConfigOptions = None,
    as_json: JsonOption = False,
) -> None:
    """Berard's Tournament App: P-Zero scores, the regression of the initial ratings
    on them, residuals with **LR** flags, the Ratings Goodness of Fit Test with its
    verdict, the final table (Elo After, PRA After, Perf. Rating), G-scores and
    Tournament Strength.

    Initial ratings given as '?' (or null in JSON) are estimated first. With --correct a
    failing tournament gets the administrator's one-shot quantum corrections.

    Fields of -o NAME=VALUE (the app's constants): K, constant, alpha, critical_digits,
    elo_k, min_games, correct_pressure, z_sample.

    Examples:

        arpad app examples/frankfurt-1997.berard

        arpad app examples/isle-of-lewis-1995-chessmetrics.berard --correct

        arpad app examples/frankfurt-1997.json --rating2 2765 --json

        arpad app examples/frankfurt-1997.berard -o critical_digits=2
    """
    fmt = input_format(fmt, old_format)
    from arpad.analysis.tournament_app import AppConfig, render, run_app, session_json

    config = configured(AppConfig(), option)
    tournament = load_input(file, fmt, rating_system, rating2, knockout, event_choice)
    session = run_app(tournament, config, correct)
    if as_json:
        typer.echo(json_text(session_json(session)))
        return
    typer.echo(inert_text(render(session)), nl=False)  # names from the file: no escapes


def register(app: typer.Typer) -> None:
    app.command("app")(app_command)
