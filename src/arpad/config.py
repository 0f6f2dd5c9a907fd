"""Shared machinery for rating-system configuration objects.

Each system's configuration is a frozen dataclass whose fields are named after the
seed's symbols (``B``, ``K``, …) with the seed's values as defaults. A field declares
its allowed range as data in its metadata (``field(default=14.0, metadata=bounds(0, None))``)
and :func:`validate` checks every field with one message template, so one test can feed
bad values to every system.

Every configuration derives from :class:`Config`, whose ``__post_init__`` calls
:func:`validate`: a configuration that exists is valid, so no path (a system's public
``rate_event``, ``dataclasses.replace``, the CLI's ``-o``) can skip the check.

>>> from dataclasses import dataclass, field
>>> @dataclass(frozen=True)
... class Demo(Config):
...     K: float = field(default=10.0, metadata=bounds(0, None, low_open=True))
>>> Demo(K=-9)
Traceback (most recent call last):
...
arpad.errors.ConfigError: The 'K' parameter of Demo must be in (0, inf). Got -9 instead.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import functools
import math
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from arpad.errors import ConfigError

C = TypeVar("C")


def bounds(
    low: float | None = None,
    high: float | None = None,
    *,
    low_open: bool = False,
    high_open: bool = False,
    doc: str = "",
) -> dict[str, Any]:
    """Field metadata declaring an allowed interval (``None`` = unbounded).

    >>> bounds(0, None, low_open=True)["range"]
    (0, None, True, False)
    """
    return {"range": (low, high, low_open, high_open), "doc": doc}


def _interval_text(low: float | None, high: float | None, lo_open: bool, hi_open: bool) -> str:
    left = "(" if lo_open or low is None else "["
    right = ")" if hi_open or high is None else "]"
    return f"in {left}{'-inf' if low is None else low}, {'inf' if high is None else high}{right}"


@functools.cache
def _enum_fields(cls: type) -> tuple[tuple[str, type[enum.Enum]], ...]:
    """The fields of a configuration class declared as one enumeration (not optional)."""
    try:
        hints = typing.get_type_hints(cls)
    except NameError:  # an annotation only a type checker can resolve: nothing to check
        return ()
    return tuple(
        (f.name, hint)
        for f in dataclasses.fields(cls)
        if isinstance(hint := hints.get(f.name), type) and issubclass(hint, enum.Enum)
    )


def _check_enums(config: object) -> None:
    """An enumeration field given its value (``mode="continuous"``, as Python callers
    write it) holds the member; any other value is refused. Before, the text was kept
    and every ``is`` comparison with a member failed silently."""
    cls: Any = type(config)
    for name, kind in _enum_fields(cls):
        value = getattr(config, name)
        if isinstance(value, kind):
            continue
        try:
            member = kind(value)
        except ValueError:
            choices = ", ".join(str(m.value) for m in kind)
            raise ConfigError(
                f"The {name!r} parameter of {type(config).__name__} must be one of "
                f"{choices}. Got {value!r} instead."
            ) from None
        object.__setattr__(config, name, member)  # frozen: set once, while constructed


def validate(config: object) -> None:
    """Check every field of a configuration dataclass against its declared range (and an
    enumeration field against its members, turning a member's value into the member).

    Raises:
        ConfigError: "The 'B' parameter of USCFConfig must be in [0, inf). Got -1.0 instead."
    """
    _check_enums(config)
    for f in dataclasses.fields(config):  # type: ignore[arg-type]
        spec = f.metadata.get("range")
        if spec is None:
            continue
        low, high, lo_open, hi_open = spec
        value = getattr(config, f.name)
        if value is None:
            continue
        ok = not (isinstance(value, float) and not math.isfinite(value))
        if low is not None:
            ok = ok and (value > low if lo_open else value >= low)
        if high is not None:
            ok = ok and (value < high if hi_open else value <= high)
        if not ok:
            raise ConfigError(
                f"The {f.name!r} parameter of {type(config).__name__} must be "
                f"{_interval_text(low, high, lo_open, hi_open)}. Got {value!r} instead."
            )


class Config:
    """Base of every configuration dataclass: validated when constructed.

    A subclass with cross-field rules overrides :meth:`check` (called after the ranges
    are checked) rather than ``__post_init__``.
    """

    __slots__ = ()

    def __post_init__(self) -> None:
        validate(self)
        self.check()

    def check(self) -> None:
        """Rules that tie fields together (none by default).

        Raises:
            ConfigError: the fields contradict each other.
        """


def _shown(text: str) -> str:
    """``text`` for a message: whole when short, else its start and length (a number of
    5,000 digits is not echoed back)."""
    return repr(text) if len(text) <= 40 else f"{text[:20]!r}… ({len(text)} characters)"


def _convert(text: str, annotation: Any, name: str) -> Any:  # noqa: C901
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if text.lower() in ("none", "null", ""):
            return None
        return _convert(text, args[0], name)
    if annotation is bool:
        low = text.lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise ConfigError(f"option {name!r} takes true or false, not {text!r}")
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        try:
            return annotation(text)
        except ValueError:
            choices = ", ".join(repr(m.value) for m in annotation)
            raise ConfigError(f"option {name!r} takes one of {choices}, not {text!r}") from None
    if annotation is dt.date:
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            raise ConfigError(f"option {name!r} takes a date YYYY-MM-DD, not {text!r}") from None
    if annotation in (int, float, str):
        try:
            value = annotation(text)
        except ValueError:
            raise ConfigError(
                f"option {name!r} takes a {annotation.__name__}, not {_shown(text)}"
            ) from None
        if isinstance(value, float) and not math.isfinite(value):
            raise ConfigError(f"option {name!r} takes a finite number, not {_shown(text)}")
        return value
    raise ConfigError(f"option {name!r} cannot be set from the command line")


def with_options(config: C, options: Mapping[str, str]) -> C:
    """A copy of ``config`` with fields set from ``name=value`` strings (the CLI's ``-o``).

    Raises:
        ConfigError: an unknown field name, a value of the wrong type, or out of range.
    """
    if not options:
        return config
    hints = typing.get_type_hints(type(config))
    names = {f.name for f in dataclasses.fields(config)}  # type: ignore[arg-type]
    changes: dict[str, Any] = {}
    for name, text in options.items():
        if name not in names:
            known = ", ".join(sorted(names))
            raise ConfigError(
                f"{type(config).__name__} has no option {name!r}; known options: {known}"
            )
        changes[name] = _convert(text, hints[name], name)
    new = dataclasses.replace(config, **changes)  # type: ignore[type-var]
    validate(new)
    return new


def describe(config: object) -> list[tuple[str, str, str]]:
    """``(name, value, doc)`` rows for ``arpad systems`` and the docs."""
    rows = []
    for f in dataclasses.fields(config):  # type: ignore[arg-type]
        value = getattr(config, f.name)
        if isinstance(value, enum.Enum):
            shown = value.value
        elif isinstance(value, dt.date):
            shown = value.isoformat()
        else:
            shown = repr(value)
        rows.append((f.name, str(shown), str(f.metadata.get("doc", ""))))
    return rows
