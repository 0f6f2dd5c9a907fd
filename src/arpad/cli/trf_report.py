"""``arpad trf``: write an event as a FIDE Tournament Report File (TRF16 or TRF26)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from arpad.cli.options import (
    ConfigOptions,
    EventChoice,
    InputFormatOption,
    LegacyFormatOption,
    OutputOption,
    RateWithOption,
    configure,
    input_format,
)
from arpad.errors import ConfigError
from arpad.io import read_event
from arpad.systems import get_system


def trf(
    file: Annotated[Path, typer.Argument(help="The event file (any format arpad reads).")],
    version: Annotated[str, typer.Option(help="TRF version: 16 or 26.")] = "26",
    system: RateWithOption = None,
    option: ConfigOptions = None,
    output: OutputOption = None,
    fmt: InputFormatOption = None,
    old_format: LegacyFormatOption = None,
    event_choice: EventChoice = None,
    rerank: Annotated[
        bool, typer.Option(help="Rank by points (ties share a rank), not the file's ranks.")
    ] = False,
) -> None:
    """Write an event as a FIDE Tournament Report File (TRF16, or TRF26 with its national
    rating records), as a federation submits it.

    A TRF read back keeps its header records, starting ranks, ranks and bye codes; a bye
    dummy (spielfrei) is not written as a player. With --system, the event is rated and
    each player's change is added (TRF26 comments); -o sets that system's options.

    Examples:

        arpad trf event.json --version 16

        arpad trf tournament.trf --system fide --output report.trf
    """
    fmt = input_format(fmt, old_format)
    if version not in ("16", "26"):
        raise ConfigError(f"--version must be 16 or 26, not {version!r}")
    event = read_event(file, fmt, event_choice)
    result = None
    if system is not None:
        rating_system = get_system(system)
        config = configure(rating_system, option)
        result = rating_system.rate_event(event, None, config)
    elif option:
        raise ConfigError("-o sets the options of the rating system: give --system too")
    from arpad.io import trf_writer

    text = trf_writer.dumps(event, "26" if version == "26" else "16", result, rerank=rerank)
    if output is None:
        typer.echo(text, nl=False)
        return
    # Nothing half-written: a temporary file in the same folder, renamed at the end.
    try:
        handle, tmp = tempfile.mkstemp(dir=output.parent or Path("."), suffix=".trf.tmp")
    except OSError as exc:
        exc.filename = str(output)  # the user's file, not the temporary one
        raise
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.replace(tmp, output)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            exc.filename = str(output)  # the user's file, not the temporary one
        raise


def register(app: typer.Typer) -> None:
    app.command("trf")(trf)
