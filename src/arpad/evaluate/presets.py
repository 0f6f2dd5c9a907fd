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
from arpad.evaluate.harness import Mode, Policy, PolicyOptions, Unrated
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

    def policy(self, options: PolicyOptions | None = None) -> Policy:
        """The preset's policy with the user's explicit options (D-evaluate-1).

        A preset obeys ``--mode``, ``--unrated`` and ``--first-move``: they say how the
        games are predicted and scored, the same for every row of a table. It refuses a
        ``--newcomers`` other than its own: how newcomers enter was part of what the
        search chose with the configuration (the Stephenson presets' ``initial_rd`` was
        fitted to newcomers entering by the system's rule).

        Raises:
            ConfigError: ``--newcomers`` asks for another newcomer rule (one line).
        """
        options = options or PolicyOptions()
        own = Policy(self.mode, self.newcomer_rating, self.unrated, True)
        wanted = options.apply(own)
        if wanted.newcomer_rating != own.newcomer_rating:
            mine = (
                "the system's own rule"
                if own.newcomer_rating is None
                else (f"{own.newcomer_rating:g}")
            )
            raise ConfigError(
                f"preset {self.name!r} was chosen with newcomers entering by {mine}; "
                f"--newcomers {options.newcomers} would make it another configuration "
                f"(run -s {self.system} with its options instead)"
            )
        return wanted


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


_KAGGLE_SEARCH = (
    "arpad evaluate training_data.csv --train-until 95 --validate-from 91 -s {system} "
    "{searches} --random {n} --seed {seed}"
)

_add(
    Preset(
        name="stephenson-kaggle",
        system="stephenson",
        options=MappingProxyType(
            {
                "c": "6.68617",
                "h": "6.41288",
                "lam": "0.0827301",
                "b": "0.14642",
                "initial_rd": "89.9934",
                "gamma": "33.4982",
            }
        ),
        description=(
            "The Stephenson system with a large per-game bonus and a pull toward the "
            "opponents, newcomers entering by the system's own rule (2200, RD 90) and "
            "rolling prediction. Why it works on these games: the players of the Kaggle set "
            "are players on their way into the FIDE top lists, so a player who plays often "
            "is, on average, improving; the bonus b rates activity as improvement (at the "
            "price of rating inflation, as the R documentation warns), and λ pulls a new "
            "player's rating toward the opponents he was paired with, which carries the "
            "organisers' information about his strength. Chosen on validation months "
            "91-95 only (D-eval-5)."
        ),
        extra=MappingProxyType(
            {
                "validation deviance (months 91-95)": "0.28565",
                "search": _KAGGLE_SEARCH.format(
                    system="stephenson",
                    searches="--search c=2:20 --search h=5:25 --search lam=0.08:0.3 "
                    "--search b=0.06:0.16 --search initial_rd=30:100 --search gamma=0:45",
                    n=80,
                    seed=4,
                ),
            }
        ),
    )
)

_add(
    Preset(
        name="stephenson-kaggle-nobonus",
        system="stephenson",
        options=MappingProxyType(
            {
                "c": "4.59782",
                "h": "28.0612",
                "lam": "0.10954",
                "b": "0",
                "initial_rd": "86.2681",
                "gamma": "0",
            }
        ),
        description=(
            "The same search with the bonus held at 0 (no inflation by design): the pull "
            "toward the opponents and the deviation growth per game alone. It shows how much "
            "of the gain of `stephenson-kaggle` is the bonus. Chosen on validation months "
            "91-95 only."
        ),
        extra=MappingProxyType(
            {
                "validation deviance (months 91-95)": "0.29150",
                "search": _KAGGLE_SEARCH.format(
                    system="stephenson:b=0",
                    searches="--search c=2:30 --search h=0:30 --search lam=0:0.3 "
                    "--search initial_rd=30:350 --search gamma=0:45",
                    n=60,
                    seed=5,
                ),
            }
        ),
    )
)
