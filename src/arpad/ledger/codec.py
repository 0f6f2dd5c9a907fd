"""A generic codec between frozen dataclasses and compact JSON text.

The ledger stores every rating system's player state, every system's configuration and
every player entry of an event without knowing their types in advance: the common
interface promises only that they are dataclasses whose fields are JSON-friendly
(numbers, strings, booleans, ``None``, dates, enums, and tuples, mappings or nested
dataclasses of those). A :class:`Codec` reads a dataclass's type hints once and builds
an encoder and a decoder for it.

- Fields equal to their default are left out, so a typical state is a few dozen bytes
  and a field added later with a default still decodes old rows.
- Floats round-trip exactly (``json`` writes ``repr``), including ``±inf`` and ``nan``
  (written ``Infinity``/``NaN``, which :mod:`json` reads back); ``-0.0`` is kept.
- Dates are ISO strings, enums their values, tuples lists, mappings objects whose keys
  are the encoded keys as strings, nested dataclasses objects.

>>> from arpad.model import MatchChange, PlayerEntry
>>> codec = Codec.of(PlayerEntry)
>>> text = codec.dumps(PlayerEntry("a1", rating=1500.0, games=12,
...                                match_changes=(MatchChange(dt.date(2024, 1, 5), -23.5),)))
>>> text
'{"id":"a1","rating":1500.0,"games":12,"match_changes":[{"date":"2024-01-05","change":-23.5}]}'
>>> codec.loads(text).match_changes[0].change
-23.5
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import json
import math
import operator
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

T = TypeVar("T")

Decoder = Callable[[Any], Any]

_MISSING = dataclasses.MISSING


def encode_value(value: Any) -> Any:
    """The JSON-friendly form of one field value (by its runtime type)."""
    if value is None or isinstance(value, bool | int | float | str):
        if isinstance(value, enum.Enum):  # StrEnum / IntEnum are str / int too
            return encode_value(value.value)
        return value
    if isinstance(value, enum.Enum):
        return encode_value(value.value)
    if isinstance(value, dt.date):  # dt.datetime is a dt.date too
        return value.isoformat()
    if isinstance(value, tuple | list):
        return [encode_value(v) for v in value]
    if isinstance(value, Mapping):
        return {_key_text(encode_value(k)): encode_value(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return Codec.of(type(value)).to_dict(value)
    raise TypeError(f"cannot store a value of type {type(value).__name__}: {value!r}")


def _key_text(key: Any) -> str:
    if isinstance(key, str):
        return key
    if key is None or isinstance(key, bool | int | float):
        return json.dumps(key)
    raise TypeError(f"cannot use {key!r} as a mapping key")


def _both_mappings(value: Any, default: Any) -> bool:
    """A ``dict`` equal to a ``MappingProxyType`` default is the default too."""
    return isinstance(value, Mapping) and isinstance(default, Mapping)


def _decoder(annotation: Any) -> Decoder:  # noqa: C901
    """A function turning the JSON form back into a value of type ``annotation``."""
    if annotation is Any or annotation is object:
        return lambda v: v
    if annotation is type(None) or annotation is None:
        return lambda v: None
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        return _union_decoder(args)
    if origin is typing.Literal:
        return lambda v: v
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])
            return lambda v: tuple(item(x) for x in v)
        if args == ((),) or not args:
            return lambda v: tuple(v)
        parts = [_decoder(a) for a in args]
        return lambda v: tuple(p(x) for p, x in zip(parts, v, strict=True))
    if origin in (list, typing.Sequence) or (origin is not None and _is_sequence(origin)):
        item = _decoder(args[0]) if args else (lambda v: v)
        kind = list if origin is list else tuple
        return lambda v: kind(item(x) for x in v)
    if origin is dict or (origin is not None and _is_mapping(origin)):
        key = _key_decoder(args[0]) if args else (lambda k: k)
        val = _decoder(args[1]) if args else (lambda v: v)
        if origin is dict:
            return lambda v: {key(k): val(x) for k, x in v.items()}
        return lambda v: types.MappingProxyType({key(k): val(x) for k, x in v.items()})
    if isinstance(annotation, type):
        return _class_decoder(annotation)
    raise TypeError(f"cannot store fields of type {annotation!r}")


def _is_sequence(origin: Any) -> bool:
    import collections.abc as abc

    return origin in (abc.Sequence, abc.Iterable, abc.Collection)


def _is_mapping(origin: Any) -> bool:
    import collections.abc as abc

    return origin in (abc.Mapping, abc.MutableMapping)


def _class_decoder(cls: type) -> Decoder:
    if cls is bool:
        return bool
    if cls is int:
        return int
    if cls is float:
        return float
    if cls is str:
        return str
    if issubclass(cls, enum.Enum):
        return cls
    if cls is dt.datetime:
        return dt.datetime.fromisoformat
    if cls is dt.date:
        return dt.date.fromisoformat
    if dataclasses.is_dataclass(cls):
        return lambda v: Codec.of(cls).from_dict(v)
    raise TypeError(f"cannot store fields of type {cls.__name__}")


def _key_decoder(annotation: Any) -> Decoder:
    inner = _decoder(annotation)
    if annotation is str or (isinstance(annotation, type) and issubclass(annotation, str)):
        return inner
    return lambda k: inner(json.loads(k))


def _json_kind(annotation: Any) -> tuple[type, ...]:
    """The JSON types a value of ``annotation`` can be written as (to pick a union arm)."""
    origin = typing.get_origin(annotation) or annotation
    if origin in (tuple, list) or _is_sequence(origin):
        return (list,)
    if origin is dict or _is_mapping(origin):
        return (dict,)
    if isinstance(origin, type):
        if origin is bool:
            return (bool,)
        if origin in (int, float):
            return (int, float)
        if issubclass(origin, enum.Enum):
            return (str, int, float)
        if origin in (str, dt.date, dt.datetime):
            return (str,)
        if dataclasses.is_dataclass(origin):
            return (dict,)
    return (object,)


def _union_decoder(args: tuple[Any, ...]) -> Decoder:
    arms = [a for a in args if a is not type(None)]
    if len(arms) == 1:
        only = _decoder(arms[0])
        return lambda v: None if v is None else only(v)
    choices = [(_json_kind(a), _decoder(a)) for a in arms]

    def decode(v: Any) -> Any:
        if v is None:
            return None
        for kinds, dec in choices:
            if isinstance(v, bool) and bool not in kinds and object not in kinds:
                continue
            if isinstance(v, kinds):
                try:
                    return dec(v)
                except (TypeError, ValueError):
                    continue
        raise ValueError(f"no type of {arms!r} accepts {v!r}")

    return decode


_PRIMITIVES = (bool, int, float, str, type(None))


def _unencodable(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _compact_json() -> Callable[[Any], str]:
    """``json.dumps(value, separators=(",", ":"), ensure_ascii=False)``, the same bytes,
    without building a new encoder for every call (the ledger encodes a state per player
    and event: a season's hundreds of thousands). The C encoder is built once; where the
    interpreter has none, a reused :class:`json.JSONEncoder` does the same."""
    plain = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
    make = getattr(json.encoder, "c_make_encoder", None)  # not in the typeshed stubs
    if make is None:  # pragma: no cover - CPython always has the accelerator
        return plain
    encode = make(
        None, _unencodable, json.encoder.encode_basestring, None, ":", ",", False, False, True
    )

    def dumps(value: Any) -> str:
        # Floats and bare strings take the encoder's own one-value path in json.dumps.
        return "".join(encode(value, 0)) if isinstance(value, dict) else plain(value)

    return dumps


compact_json = _compact_json()
"""Compact JSON text of a JSON-friendly value (the codec's and the ledger's format)."""


def _is_primitive(annotation: Any) -> bool:
    """Whether values of ``annotation`` are already JSON values (no encoding needed)."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return all(_is_primitive(a) for a in typing.get_args(annotation))
    return annotation in _PRIMITIVES


@dataclasses.dataclass(frozen=True, slots=True)
class _Field:
    name: str
    default: Any
    decode: Decoder
    primitive: bool
    """The value is written as it is (numbers, strings, booleans, ``None``)."""
    signed_zero: bool
    """The default is a float zero, so ``-0.0`` must not be taken for it."""


def _is_default(f: _Field, value: Any) -> bool:
    """Whether ``value`` counts as ``f``'s default (left out of the JSON): the default
    itself, or an equal value of the same type (a ``dict`` equal to a mapping default),
    never ``-0.0`` for a ``0.0`` default. The rule :func:`_dict_encoder` writes out."""
    default = f.default
    return value is default or (
        (type(value) is type(default) or _both_mappings(value, default))
        and value == default
        and (not f.signed_zero or math.copysign(1.0, value) == 1.0)
    )


def _default_test(f: _Field, i: int) -> str:
    """The source of :func:`_is_default` for field ``i``: the call itself, but where its
    answer needs no call (``None`` is left out only as itself; a required field never)."""
    if f.default is None:
        return "v is None"
    if f.default is _MISSING:
        return "False"
    return f"_is_default(_f{i}, v)"


def _dict_encoder(fields: tuple[_Field, ...]) -> Callable[[Any], dict[str, Any]]:
    """The codec's encoder of one dataclass, written out field by field as Python source
    and compiled once (as :mod:`dataclasses` writes ``__init__``): the ledger encodes a
    state per player and event, and a loop over the fields spent about twice as long
    (docs/decisions.md D-ledgerfast-2). Field names are identifiers, so they can be
    written into the source as they are."""
    scope: dict[str, Any] = {
        "_encode": encode_value,
        "_is_default": _is_default,
    }
    lines = ["def to_dict(obj):", "    out = {}"]
    for i, f in enumerate(fields):
        scope[f"_f{i}"] = f
        value = "v" if f.primitive else "_encode(v)"
        lines += [
            f"    v = obj.{f.name}",
            f"    if not ({_default_test(f, i)}):",
            f"        out[{f.name!r}] = {value}",
        ]
    lines.append("    return out")
    exec("\n".join(lines), scope)  # the source is built above from field names only
    encoder: Callable[[Any], dict[str, Any]] = scope["to_dict"]
    return encoder


class Codec(Generic[T]):
    """Encoder and decoder for one dataclass type (build with :meth:`of`, which caches).

    ``exclude`` leaves fields out of the JSON (the caller stores them elsewhere and passes
    them back to :meth:`from_dict` as keyword arguments).
    """

    _cache: ClassVar[dict[tuple[type, tuple[str, ...]], Codec[Any]]] = {}

    def __init__(self, cls: type[T], exclude: tuple[str, ...] = ()) -> None:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__name__} is not a dataclass")
        hints = typing.get_type_hints(cls)
        fields: list[_Field] = []
        for f in dataclasses.fields(cls):
            if not f.init or f.name in exclude:
                continue
            if f.default is not _MISSING:
                default = f.default
            elif f.default_factory is not _MISSING:
                default = f.default_factory()
            else:
                default = _MISSING
            signed_zero = isinstance(default, float) and default == 0.0
            fields.append(
                _Field(
                    f.name,
                    default,
                    _decoder(hints[f.name]),
                    _is_primitive(hints[f.name]),
                    signed_zero,
                )
            )
        self.cls = cls
        self.fields = tuple(fields)
        self._by_name = {f.name: f for f in fields}
        names = [f.name for f in fields]
        getter = operator.attrgetter(*names) if names else (lambda obj: ())
        # attrgetter of one name returns the value itself, of several a tuple.
        self._values: Callable[[Any], tuple[Any, ...]] = (
            (lambda obj: (getter(obj),)) if len(names) == 1 else getter
        )
        self.to_dict: Callable[[T], dict[str, Any]] = _dict_encoder(self.fields)
        """The JSON-friendly dict of an object without the fields that equal their default
        (:func:`_dict_encoder`)."""

    @classmethod
    def of(cls, kind: type[T], exclude: tuple[str, ...] = ()) -> Codec[T]:
        """The (cached) codec of ``kind``."""
        key = (kind, exclude)
        codec = cls._cache.get(key)
        if codec is None:
            codec = cls._cache[key] = Codec(kind, exclude)
        return codec

    def from_dict(self, data: Mapping[str, Any], **extra: Any) -> T:
        """Rebuild the dataclass; ``extra`` supplies excluded fields.

        Raises:
            ValueError: an unknown field name or a value of the wrong shape.
        """
        kwargs: dict[str, Any] = dict(extra)
        by_name = self._by_name
        for name, raw in data.items():
            f = by_name.get(name)
            if f is None:
                raise ValueError(f"{self.cls.__name__} has no field {name!r}")
            kwargs[name] = f.decode(raw)
        return self.cls(**kwargs)

    def dumps(self, obj: T) -> str:
        """Compact JSON text of ``obj`` (stable: the same value gives the same bytes)."""
        return compact_json(self.to_dict(obj))

    def dumps_unless_default(self, obj: T) -> str | None:
        """:meth:`dumps`, or ``None`` when every field equals its default."""
        data = self.to_dict(obj)
        return compact_json(data) if data else None

    def loads(self, text: str, **extra: Any) -> T:
        """The dataclass value written by :meth:`dumps`."""
        return self.from_dict(json.loads(text), **extra)
