"""Named evaluation presets: a system, its configuration and the newcomer policy.

Each preset was chosen by :mod:`arpad.evaluate.search` on the validation periods of the
Kaggle 2010 games (training months 1–90, validation 91–95), never on the test months
96–100; ``docs/evaluation.md`` shows how each scores on the test months and the command
that regenerates the table. ``arpad evaluate GAMES --preset NAME`` runs one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from arpad.config import with_options
from arpad.errors import ConfigError
from arpad.evaluate.harness import Mode, Policy, Unrated
from arpad.systems import get_system


@dataclass(frozen=True)
class Preset:
    name: str
    system: str
    options: Mapping[str, str]
    description: str
    newcomer_rating: float | None = None
    unrated: Unrated = Unrated.NEWCOMER
    mode: Mode = Mode.ROLLING
    extra: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def config(self) -> Any:
        return with_options(get_system(self.system).default_config(), self.options)

    def policy(self, first_move: bool = True) -> Policy:
        return Policy(self.mode, self.newcomer_rating, self.unrated, first_move)


PRESETS: dict[str, Preset] = {}
"""Preset name → :class:`Preset`."""


def _add(preset: Preset) -> None:
    PRESETS[preset.name] = preset


def get_preset(name: str) -> Preset:
    """The preset registered as ``name``.

    Raises:
        ConfigError: no such preset.
    """
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(sorted(PRESETS)) or "none"
        raise ConfigError(f"unknown preset {name!r}; choose one of {known}") from None
