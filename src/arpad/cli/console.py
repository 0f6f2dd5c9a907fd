"""The one way commands make a rich console."""

from __future__ import annotations

import shutil

from rich.console import Console


def wide_console() -> Console:
    """A console that does not squeeze tables to 80 columns when output is piped.

    A terminal's own width wins when it is wider than 100 columns; piped output (no
    terminal) gets 160 columns so that crosstables keep one line per player.
    """
    width = shutil.get_terminal_size((160, 24)).columns
    return Console(width=max(width, 100))
