"""``arpad trf``: write an event as a FIDE Tournament Report File (TRF16 or TRF26)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from arpad.cli.options import parse_options
from arpad.config import with_options
from arpad.errors import ConfigError
from arpad.io import format_names, read_event, trf_writer
from arpad.systems import get_system


def register(app: typer.Typer) -> None:
    @app.command("trf")
    def trf(
        file: Annotated[Path, typer.Argument(help="The event file (any format arpad reads).")],
        version: Annotated[str, typer.Option(help="TRF version: 16 or 26.")] = "26",
        system: Annotated[
            str | None,
            typer.Option("--system", "-s", help="Rate it and add the changes (TRF26 comments)."),
        ] = None,
        option: Annotated[
            list[str] | None, typer.Option("--option", "-o", help="System option NAME=VALUE.")
        ] = None,
        output: Annotated[
            Path | None, typer.Option("--output", help="Write here (default: standard output).")
        ] = None,
        fmt: Annotated[
            str | None,
            typer.Option("--format", "-f", help=f"Input format ({', '.join(format_names())})."),
        ] = None,
    ) -> None:
        """Write an event as a FIDE Tournament Report File (TRF16, or TRF26 with its national
        rating records), as a federation submits it.

        Examples:

            arpad trf event.json --version 16

            arpad trf tournament.trf --system fide --output report.trf
        """
        if version not in ("16", "26"):
            raise ConfigError(f"--version must be 16 or 26, not {version!r}")
        event = read_event(file, fmt)
        result = None
        if system is not None:
            rating_system = get_system(system)
            config = with_options(rating_system.default_config(), parse_options(option))
            result = rating_system.rate_event(event, None, config)
        text = trf_writer.dumps(event, "26" if version == "26" else "16", result)
        if output is None:
            typer.echo(text, nl=False)
            return
        # Nothing half-written: a temporary file in the same folder, renamed at the end.
        handle, tmp = tempfile.mkstemp(dir=output.parent or Path("."), suffix=".trf.tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
                out.write(text)
            os.replace(tmp, output)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
