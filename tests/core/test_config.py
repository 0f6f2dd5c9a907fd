"""Configuration validation and command-line overrides (arpad.config)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from arpad.config import bounds, validate, with_options
from arpad.errors import ConfigError


@dataclass(frozen=True)
class Demo:
    B: float = field(default=14.0, metadata=bounds(0, None, doc="bonus multiplier"))
    K: float | None = field(default=None, metadata=bounds(0, None, low_open=True))
    table: bool = False


def test_validate_message_names_parameter_and_value() -> None:
    with pytest.raises(
        ConfigError, match=r"The 'B' parameter of Demo must be in \[0, inf\)\. Got -1\.0"
    ):
        validate(Demo(B=-1.0))


def test_with_options_converts_types() -> None:
    cfg = with_options(Demo(), {"B": "12", "K": "none", "table": "yes"})
    assert cfg == Demo(B=12.0, K=None, table=True)


@pytest.mark.parametrize(
    ("opts", "message"),
    [
        ({"Q": "1"}, "no option 'Q'"),
        ({"B": "x"}, "takes a float"),
        ({"K": "0"}, "must be in \\(0"),
        ({"table": "maybe"}, "true or false"),
    ],
)
def test_with_options_rejects(opts: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        with_options(Demo(), opts)


def test_an_enumeration_given_its_value_holds_the_member() -> None:
    """``EloConfig(mode="continuous")`` kept the text, so ``Expectancy``'s ``is``
    comparisons with ``Mode.CONTINUOUS`` failed without a word."""
    from arpad.systems.elo import EloConfig, Mode
    from arpad.systems.fide import Era, FideConfig

    assert EloConfig(mode="continuous").mode is Mode.CONTINUOUS  # type: ignore[arg-type]
    assert EloConfig(mode="continuous") == EloConfig(mode=Mode.CONTINUOUS)  # type: ignore[arg-type]
    first = next(iter(Era))
    assert FideConfig(era=first.value).era is first  # type: ignore[arg-type]


@pytest.mark.parametrize("system", ["elo", "fide"])
def test_an_enumeration_refuses_any_other_value(system: str) -> None:
    from arpad.systems.elo import EloConfig
    from arpad.systems.fide import FideConfig

    with pytest.raises(ConfigError, match=r"parameter of \w+Config must be one of .* Got 'bogus'"):
        if system == "elo":
            EloConfig(mode="bogus")  # type: ignore[arg-type]
        else:
            FideConfig(era="bogus")  # type: ignore[arg-type]
