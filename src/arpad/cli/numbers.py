"""How the command line writes a number in a table: one formatter for every command
(:func:`arpad.display.number_text`; ratings go through :func:`arpad.display.rating_text`)."""

from __future__ import annotations

from arpad.display import number_text as number

__all__ = ["number"]
