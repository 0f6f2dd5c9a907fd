"""The generic state codec: every dataclass value the ledger stores comes back equal, and
writing it again gives the same bytes."""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import json
import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arpad.errors import InputError
from arpad.ledger.codec import Codec, _is_default, compact_json, encode_value
from arpad.model import MatchChange, PlayerEntry, Pool, PoolRating
from arpad.systems import REGISTRY, get_system
from arpad.systems.uscf2020.state import USCFState


class Colour(enum.Enum):
    WHITE = 1
    BLACK = 2


@dataclasses.dataclass(frozen=True, slots=True)
class Inner:
    day: dt.date
    value: float | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Everything:
    number: float
    count: int = 0
    flag: bool = False
    text: str | None = None
    when: dt.date | None = None
    stamp: dt.datetime | None = None
    pool: Pool = Pool.REGULAR
    colour: Colour | None = None
    inner: Inner | None = None
    inners: tuple[Inner, ...] = ()
    pair: tuple[int, str] = (0, "")
    numbers: tuple[float, ...] = ()
    by_pool: Mapping[Pool, PoolRating] = dataclasses.field(
        default_factory=lambda: MappingProxyType({})
    )
    by_int: dict[int, str] = dataclasses.field(default_factory=dict)
    either: int | str = 0
    score: float = 0.0


floats = st.floats(allow_nan=False, width=64)
dates = st.dates(min_value=dt.date(1800, 1, 1), max_value=dt.date(2200, 1, 1))
inners = st.builds(Inner, dates, st.none() | floats)
pool_ratings = st.builds(PoolRating, floats, st.integers(0, 10_000), st.none() | st.booleans())
everything = st.builds(
    Everything,
    number=floats,
    count=st.integers(),
    flag=st.booleans(),
    text=st.none() | st.text(),
    when=st.none() | dates,
    stamp=st.none() | st.datetimes(),
    pool=st.sampled_from(Pool),
    colour=st.none() | st.sampled_from(Colour),
    inner=st.none() | inners,
    inners=st.lists(inners, max_size=3).map(tuple),
    pair=st.tuples(st.integers(), st.text()),
    numbers=st.lists(floats, max_size=4).map(tuple),
    by_pool=st.dictionaries(st.sampled_from(Pool), pool_ratings, max_size=3),
    by_int=st.dictionaries(st.integers(), st.text(), max_size=3),
    either=st.integers() | st.text(),
    score=floats,
)


@given(everything)
def test_every_supported_kind_round_trips(value: Everything) -> None:
    codec = Codec.of(Everything)
    text = codec.dumps(value)
    back = codec.loads(text)
    assert back == value
    assert codec.dumps(back) == text


@given(everything, st.floats(allow_nan=True) | st.text())
def test_text_is_what_json_dumps_writes(value: Everything, extra: float | str) -> None:
    """The codec's reused encoder (codec.compact_json) writes the bytes json.dumps writes,
    so rows written before and after it are alike."""
    data = {**Codec.of(Everything).to_dict(value), "extra": extra, "é": [extra, None, True]}
    assert compact_json(data) == json.dumps(data, separators=(",", ":"), ensure_ascii=False)


uscf_states = st.builds(
    USCFState,
    rating=st.none() | floats,
    games=st.integers(0, 5000),
    wins=st.integers(0, 5000),
    all_wins=st.booleans(),
    peak=st.none() | floats,
    known_floor=st.none() | floats,
    match_changes=st.lists(st.builds(MatchChange, dates, floats), max_size=3).map(tuple),
)


@given(uscf_states)
def test_uscf_states_round_trip(state: USCFState) -> None:
    codec = Codec.of(USCFState)
    assert codec.loads(codec.dumps(state)) == state


# Entries within the model's limits (arpad.model.RATING_LIMITS, MAX_ID_LENGTH, no NUL).
# No NUL and no lone surrogate: the model refuses both (no file or database takes them).
entry_text = st.text(st.characters(codec="utf-8", blacklist_characters="\x00"))
entry_ratings = st.floats(0.0, 4000.0)


@given(
    st.builds(
        PlayerEntry,
        id=st.text(
            st.characters(codec="utf-8", blacklist_characters="\x00"),
            min_size=1,
            max_size=200,
        ),
        name=entry_text,
        birth_date=st.none() | dates,
        fide=st.none() | entry_ratings,
        other_pools=st.dictionaries(
            st.sampled_from(Pool),
            st.builds(PoolRating, entry_ratings, st.integers(0, 10_000), st.none() | st.booleans()),
            max_size=2,
        ),
        match_changes=st.lists(
            st.builds(MatchChange, dates, st.floats(allow_nan=False, allow_infinity=False)),
            max_size=2,
        ).map(tuple),
        line=st.none() | st.integers(1, 10**6),
    )
)
def test_player_entries_round_trip_with_their_line(entry: PlayerEntry) -> None:
    codec = Codec.of(PlayerEntry)
    back = codec.loads(codec.dumps(entry))
    assert back == entry and back.line == entry.line


def test_defaults_are_left_out_and_signed_zero_and_infinity_kept() -> None:
    codec = Codec.of(USCFState)
    assert codec.dumps(USCFState()) == "{}"
    assert codec.dumps(USCFState(rating=1500.0, games=30)) == '{"rating":1500.0,"games":30}'
    assert codec.loads(codec.dumps(USCFState(peak=math.inf))).peak == math.inf
    assert Codec.of(Everything).dumps(Everything(1.0, score=-0.0)) == '{"number":1.0,"score":-0.0}'
    assert math.copysign(1.0, Codec.of(Everything).loads('{"number":1.0,"score":-0.0}').score) < 0


def _fields_one_by_one(codec: Codec[Any], obj: Any) -> dict[str, Any]:
    """The codec's rule read field by field (what the written-out encoder must do)."""
    return {
        f.name: getattr(obj, f.name) if f.primitive else encode_value(getattr(obj, f.name))
        for f in codec.fields
        if not _is_default(f, getattr(obj, f.name))
    }


# Values equal to a default but of another type (True and 0.0 for an int's 0, 0 for a
# float's 0.0, -0.0, a dict for a mapping default) are not the default: they are written.
near_defaults = st.sampled_from([0, 0.0, -0.0, False, True, 1, "", None, math.nan])


@given(everything, near_defaults, near_defaults, near_defaults)
def test_the_written_out_encoder_leaves_out_exactly_the_defaults(
    value: Everything, count: Any, either: Any, score: Any
) -> None:
    """D-ledgerfast-2: the encoder compiled from the fields' defaults writes what the
    rule (codec._is_default, field by field) writes, key order included."""
    codec = Codec.of(Everything)
    for odd in (value, dataclasses.replace(value, count=count, either=either, score=score)):
        assert list(codec.to_dict(odd).items()) == list(_fields_one_by_one(codec, odd).items())


def test_old_rows_without_a_new_field_decode_with_its_default() -> None:
    assert Codec.of(Everything).loads('{"number": 1.5}') == Everything(1.5)


def test_unknown_field_and_validation_errors() -> None:
    with pytest.raises(ValueError, match="no field 'nope'"):
        Codec.of(Everything).loads('{"number": 1.0, "nope": 2}')
    with pytest.raises(InputError):  # PlayerEntry still validates
        Codec.of(PlayerEntry).loads('{"id": "a", "games": 3}')


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_registered_system_state_and_config_can_be_stored(name: str) -> None:
    system = get_system(name)
    config = system.default_config()
    assert Codec.of(system.config_type).loads(Codec.of(system.config_type).dumps(config)) == config
    entry = PlayerEntry("x", rating=1500.0, games=30)
    from arpad.model import Event, Game

    event = Event(
        "e", (entry, PlayerEntry("y")), (Game("x", "y", 1.0),), end_date=dt.date(2024, 1, 1)
    )
    state = system.state_from_entry(entry, event, config)
    codec = Codec.of(system.state_type)
    assert codec.loads(codec.dumps(state)) == state
