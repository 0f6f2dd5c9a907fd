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
