"""``arpad --help`` without the cost of the whole command line (issue 20, start-up).

Two costs that only the help page paid, neither showing on it:

- typer turns every option of every command into a click parameter (``get_type_hints``
  on forty signatures, ≈0.06 s) to list names and first paragraphs: :func:`listing_app`
  lists stand-ins that carry each command's name and help but no options;
- ``typer.rich_utils`` imports ``rich.markdown`` (markdown-it, Pygments) and
  ``rich.traceback`` (rich.pretty, attrs) at the top, ≈0.04 s, for the Markdown markup
  mode and pretty tracebacks, neither of which arpad uses (``rich_markup_mode="rich"``,
  ``pretty_exceptions_enable=False``): :func:`import_typer_help` imports it with stand-ins
  that load the real class on first use (D-startup-1).

``arpad NAME --help`` needs neither trick beyond the second: :func:`arpad.cli.main` builds
NAME's own module only.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import typer

DEFERRED_BY_TYPER = (("rich.markdown", "Markdown"), ("rich.traceback", "Traceback"))
"""The modules ``typer.rich_utils`` imports at its top for what arpad never shows."""


def deferred_class(module_name: str, class_name: str) -> type[Any]:
    """A stand-in for ``module_name.class_name`` that imports the real class when it is
    called or an attribute is read (``Traceback.from_exception``), so a later use by
    typer gets the real thing; ``Markdown | Text`` in typer's annotations still works."""

    def real() -> Any:
        return getattr(importlib.import_module(module_name), class_name)

    class Deferred(type):
        def __getattr__(cls, name: str) -> Any:
            return getattr(real(), name)

        def __call__(cls, *args: Any, **kwargs: Any) -> Any:
            return real()(*args, **kwargs)

    return Deferred(class_name, (), {"__module__": module_name})


def import_typer_help() -> None:
    """Import ``typer.rich_utils`` (typer's help formatter) with :data:`DEFERRED_BY_TYPER`
    standing in for their modules while it loads; the stand-in modules leave
    ``sys.modules`` at once, so any other import gets the real ones."""
    if "typer.rich_utils" in sys.modules:
        return
    standing_in: dict[str, Any] = {}
    for module_name, class_name in DEFERRED_BY_TYPER:
        if module_name not in sys.modules:
            module = type(sys)(module_name)
            setattr(module, class_name, deferred_class(module_name, class_name))
            standing_in[module_name] = module
    sys.modules.update(standing_in)
    try:
        importlib.import_module("typer.rich_utils")
    finally:
        for module_name, module in standing_in.items():
            if sys.modules.get(module_name) is module:
                del sys.modules[module_name]


def _stand_in() -> None:
    """Never run: the listing only shows the command (help=)."""


def listing_app(whole: typer.Typer, settings: dict[str, Any]) -> typer.Typer:
    """``whole``'s top level as typer lists it, every command and command group replaced
    by an option-less stand-in with its name and help, in the same order (typer lists a
    group's commands before its sub-groups)."""
    from typer.main import get_command_name, solve_typer_info_help

    light = typer.Typer(**settings)
    if whole.registered_callback is not None and whole.registered_callback.callback:
        light.callback()(whole.registered_callback.callback)
    for info in whole.registered_commands:
        assert info.callback is not None  # every arpad command is a function
        light.command(
            info.name or get_command_name(info.callback.__name__),
            help=info.help,
            short_help=info.short_help,
            hidden=info.hidden,
            deprecated=info.deprecated,
            rich_help_panel=info.rich_help_panel,
        )(_stand_in)
    for group in whole.registered_groups:
        light.command(group.name, help=solve_typer_info_help(group))(_stand_in)
    return light
