"""Option types that keep ``import arpad.cli`` light.

Every command module is imported to build ``arpad --help``, so a module may import only
the standard library, typer/rich and arpad's light core at its top (docs/architecture.md,
"Start-up"). An option whose choices are an enum defined in a heavy module names the enum
by path instead: :class:`EnumValue` imports it only when the option is parsed or its help
shown.
"""

from __future__ import annotations

import functools
import importlib
from enum import Enum
from typing import Any

import typer


@functools.cache
def _enum(path: str) -> type[Enum]:
    module, _, name = path.partition(":")
    enum: type[Enum] = getattr(importlib.import_module(module), name)
    return enum


class EnumValue:
    """Converts an option's text to a member of the enum at ``"module:Name"``, imported only
    when the option is parsed; a bad value is a usage error naming the choices.

    >>> EnumValue("arpad.model:Pool")("quick")
    <Pool.QUICK: 'quick'>
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.__name__ = path.rpartition(":")[2]

    def __call__(self, value: Any) -> Any:
        enum = _enum(self.path)
        if isinstance(value, enum):
            return value
        try:
            return enum(value)
        except ValueError:
            choices = ", ".join(repr(m.value) for m in enum)
            raise typer.BadParameter(f"{value!r} is not one of {choices}.") from None


def enum_option(path: str, help: str, *names: str) -> Any:
    """A ``typer.Option`` whose value is a member of the lazily imported enum at ``path``.

    Annotate the parameter with ``Any`` (the enum is not imported when the command is
    registered) and give the default as the member's value (a string); ``help`` should
    name the choices.
    """
    return typer.Option(*names, help=help, parser=EnumValue(path), metavar="CHOICE")
