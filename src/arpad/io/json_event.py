"""The project's JSON event format, ``arpad-event/1`` (documented in docs/formats.md; the
JSON Schema ships as ``arpad/schemas/arpad-event-1.json``).

The reader checks every field and reports the file and line of the offending object;
unknown keys are refused, because a misspelt optional key would otherwise be silently
ignored and change a rating.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from typing import Any, TextIO

from arpad.errors import InputError
from arpad.io.fields import check_writable
from arpad.io.jsonloc import LocatedDict, loads_located
from arpad.model import (
    Event,
    EventKind,
    Game,
    MatchChange,
    PlayerEntry,
    Pool,
    PoolRating,
    Rating,
    Unplayed,
    UnplayedRound,
    check_rating_kind,
    format_result,
    parse_result,
)

FORMAT_TAG = "arpad-event/1"

EVENT_KEYS = {
    "id",
    "name",
    "start_date",
    "end_date",
    "pool",
    "dual_rated",
    "kind",
    "youth",
    "rating_kind",
}
PLAYER_KEYS = {
    "id",
    "name",
    "rating",
    "games",
    "rating_kind",
    "ratings",
    "all_wins",
    "all_losses",
    "floor",
    "birth_date",
    "fide",
    "cfc",
    "adult",
    "foreign_rating",
    "other_pools",
    "wins",
    "draws",
    "losses",
    "rated_events",
    "peak",
    "games_above_2200",
    "prize_floor",
    "match_changes",
    "events",
    "title",
    "federation",
    "sex",
    "fide_id",
    "published_post",
}
GAME_KEYS = {"round", "white", "black", "result", "rated"}
UNPLAYED_KEYS = {"player", "round", "kind", "opponent"}
TOP_KEYS = {"format", "event", "players", "games", "unplayed"}


class _Reader:
    def __init__(self, path: str | None) -> None:
        self.path = path

    def fail(self, message: str, obj: Any = None, field: str | None = None) -> InputError:
        line = obj.line if isinstance(obj, LocatedDict) else None
        return InputError(message, path=self.path, line=line, field=field)

    def obj(self, value: Any, what: str, parent: Any) -> LocatedDict:
        if not isinstance(value, LocatedDict):
            raise self.fail(f"{what} must be a JSON object, not {value!r}", parent)
        return value

    def keys(self, obj: LocatedDict, allowed: set[str], what: str) -> None:
        extra = sorted(set(obj) - allowed)
        if extra:
            raise self.fail(
                f"unknown key {extra[0]!r} in {what}; allowed: {', '.join(sorted(allowed))}", obj
            )

    def get(
        self, obj: LocatedDict, key: str, kind: type | tuple[type, ...], *, required: bool = False
    ) -> Any:
        if key not in obj or obj[key] is None:
            if required:
                raise self.fail(f"missing required key {key!r}", obj, key)
            return None
        value = obj[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        # bool is an int in Python; a number field must not accept true/false.
        if isinstance(value, bool) and bool not in kinds:
            raise self.fail(f"{key!r} must be a number, not {value!r}", obj, key)
        if not isinstance(value, kinds):
            names = " or ".join(k.__name__ for k in kinds)
            raise self.fail(f"{key!r} must be {names}, not {value!r}", obj, key)
        return value

    def number(self, obj: LocatedDict, key: str, *, required: bool = False) -> float | None:
        v = self.get(obj, key, (int, float), required=required)
        if isinstance(v, int) and v.bit_length() > 64:  # float() of it overflows
            raise self.fail(f"{key!r} is out of range (a number of {len(str(v))} digits)", obj)
        return None if v is None else float(v)

    def count(self, obj: LocatedDict, key: str) -> int | None:
        v = self.get(obj, key, int)
        if v is not None and v < 0:
            raise self.fail(f"{key!r} must be ≥ 0, not {v!r}", obj, key)
        return None if v is None else int(v)

    def flag(self, obj: LocatedDict, key: str) -> bool:
        v = self.get(obj, key, bool)
        return bool(v) if v is not None else False

    def text(self, obj: LocatedDict, key: str, *, required: bool = False) -> str | None:
        v = self.get(obj, key, (str, int), required=required)
        return None if v is None else str(v)

    def date(self, obj: LocatedDict, key: str) -> dt.date | None:
        v = self.get(obj, key, str)
        if v is None:
            return None
        try:
            return dt.date.fromisoformat(v)
        except ValueError:
            raise self.fail(
                f"{key!r} must be an ISO date like 2024-05-31, not {v!r}", obj, key
            ) from None

    def enum(self, obj: LocatedDict, key: str, kind: type[Any], default: Any) -> Any:
        v = self.get(obj, key, str)
        if v is None:
            return default
        try:
            return kind(v)
        except ValueError:
            choices = ", ".join(repr(m.value) for m in kind)
            raise self.fail(f"{key!r} must be one of {choices}, not {v!r}", obj, key) from None

    # -- records -----------------------------------------------------------------------

    def other_pools(self, obj: LocatedDict) -> Mapping[Pool, PoolRating]:
        raw = self.get(obj, "other_pools", dict)
        if raw is None:
            return {}
        out: dict[Pool, PoolRating] = {}
        for name, rec in raw.items():
            try:
                pool = Pool(name)
            except ValueError:
                raise self.fail(f"other_pools has unknown pool {name!r}", obj) from None
            rec = self.obj(rec, f"other_pools[{name!r}]", obj)
            self.keys(rec, {"rating", "games", "established"}, "other_pools entry")
            rating = self.number(rec, "rating", required=True)
            assert rating is not None
            est = self.get(rec, "established", bool)
            out[pool] = PoolRating(rating, self.count(rec, "games") or 0, est)
        return out

    def kind(self, obj: LocatedDict, key: str, *, required: bool = False) -> str | None:
        kind = self.text(obj, key, required=required)
        try:
            return None if kind is None else check_rating_kind(kind)
        except InputError as exc:
            raise exc.located(self.path, obj.line) from None

    def ratings(self, obj: LocatedDict) -> tuple[Rating, ...]:
        out = []
        for rec in self.get(obj, "ratings", list) or []:
            rec = self.obj(rec, "a rating", obj)
            self.keys(rec, {"kind", "rating", "games", "federation"}, "a rating")
            kind, value = self.kind(rec, "kind", required=True), self.number(rec, "rating")
            if kind is None or value is None:
                raise self.fail("a rating needs 'kind' and 'rating'", rec)
            out.append(Rating(kind, value, self.count(rec, "games"), self.text(rec, "federation")))
        return tuple(out)

    def player(self, raw: Any, parent: Any, default_kind: str | None = None) -> PlayerEntry:
        obj = self.obj(raw, "a player", parent)
        self.keys(obj, PLAYER_KEYS, "a player")
        changes = []
        for rec in self.get(obj, "match_changes", list) or []:
            rec = self.obj(rec, "a match change", obj)
            self.keys(rec, {"date", "change"}, "a match change")
            day = self.date(rec, "date")
            change = self.number(rec, "change", required=True)
            if day is None or change is None:
                raise self.fail("a match change needs 'date' and 'change'", rec)
            changes.append(MatchChange(day, change))
        try:
            return PlayerEntry(
                id=self.text(obj, "id", required=True) or "",
                name=self.text(obj, "name") or "",
                rating=self.number(obj, "rating"),
                games=self.count(obj, "games") or 0,
                # A kind describes a rating: an unrated player has none.
                rating_kind=None
                if obj.get("rating") is None
                else self.kind(obj, "rating_kind") or default_kind,
                ratings=self.ratings(obj),
                all_wins=self.flag(obj, "all_wins"),
                all_losses=self.flag(obj, "all_losses"),
                floor=self.number(obj, "floor"),
                birth_date=self.date(obj, "birth_date"),
                fide=self.number(obj, "fide"),
                cfc=self.number(obj, "cfc"),
                adult=self.flag(obj, "adult"),
                foreign_rating=self.number(obj, "foreign_rating"),
                other_pools=self.other_pools(obj),
                wins=self.count(obj, "wins"),
                draws=self.count(obj, "draws"),
                losses=self.count(obj, "losses"),
                rated_events=self.count(obj, "rated_events"),
                peak=self.number(obj, "peak"),
                games_above_2200=self.count(obj, "games_above_2200"),
                prize_floor=self.number(obj, "prize_floor"),
                match_changes=tuple(changes),
                events=self.count(obj, "events"),
                title=self.text(obj, "title"),
                federation=self.text(obj, "federation"),
                sex=self.text(obj, "sex"),
                fide_id=self.text(obj, "fide_id"),
                published_post=self.number(obj, "published_post"),
                line=obj.line,
            )
        except InputError as exc:
            raise exc.located(self.path, obj.line) from None

    def game(self, raw: Any, parent: Any) -> Game:
        obj = self.obj(raw, "a game", parent)
        self.keys(obj, GAME_KEYS, "a game")
        result = self.text(obj, "result", required=True) or ""
        try:
            score = parse_result(result)
            rated = self.get(obj, "rated", bool)
            return Game(
                white=self.text(obj, "white", required=True) or "",
                black=self.text(obj, "black", required=True) or "",
                score=score,
                round=self.count(obj, "round"),
                rated=True if rated is None else rated,
                line=obj.line,
            )
        except InputError as exc:
            raise exc.located(self.path, obj.line) from None

    def unplayed(self, raw: Any, parent: Any) -> UnplayedRound:
        obj = self.obj(raw, "an unplayed round", parent)
        self.keys(obj, UNPLAYED_KEYS, "an unplayed round")
        return UnplayedRound(
            player=self.text(obj, "player", required=True) or "",
            kind=self.enum(obj, "kind", Unplayed, None) or Unplayed.UNPLAYED,
            round=self.count(obj, "round"),
            opponent=self.text(obj, "opponent"),
            line=obj.line,
        )

    def document(self, doc: Any) -> Event:
        top = self.obj(doc, "the document", None)
        self.keys(top, TOP_KEYS, "the document")
        tag = self.get(top, "format", str, required=True)
        if tag != FORMAT_TAG:
            raise self.fail(f"unsupported format {tag!r}; expected {FORMAT_TAG!r}", top, "format")
        ev = self.obj(self.get(top, "event", dict, required=True), "'event'", top)
        self.keys(ev, EVENT_KEYS, "'event'")
        kind = self.kind(ev, "rating_kind")
        players = [self.player(p, top, kind) for p in self.get(top, "players", list, required=True)]
        games = [self.game(g, top) for g in self.get(top, "games", list, required=True)]
        unplayed = [self.unplayed(u, top) for u in self.get(top, "unplayed", list) or []]
        try:
            return Event(
                id=self.text(ev, "id", required=True) or "",
                name=self.text(ev, "name") or "",
                end_date=self.date(ev, "end_date"),
                start_date=self.date(ev, "start_date"),
                pool=self.enum(ev, "pool", Pool, Pool.REGULAR),
                dual_rated=self.flag(ev, "dual_rated"),
                kind=self.enum(ev, "kind", EventKind, EventKind.TOURNAMENT),
                youth=self.flag(ev, "youth"),
                players=tuple(players),
                games=tuple(games),
                unplayed=tuple(unplayed),
                source=self.path,
            )
        except InputError as exc:
            raise exc.located(self.path, ev.line) from None


def loads(text: str, path: str | None = None) -> Event:
    """Parse an ``arpad-event/1`` document.

    Raises:
        InputError: with the file and line of the first problem.
    """
    return _Reader(path).document(loads_located(text, path))


def read(handle: TextIO, path: str | None = None) -> list[Event]:
    """Read the events of an open JSON file: one ``arpad-event/1`` document, or an array
    of them (what ``arpad crosstable --format event`` writes for an event of several
    sections, issue 24.5).

    Raises:
        InputError: with the file and line of the first problem.
    """
    doc = loads_located(handle.read(), path)
    if isinstance(doc, list):
        if not doc:
            raise InputError("an empty array holds no event", path=path, line=1)
        return [_Reader(path).document(d) for d in doc]
    return [_Reader(path).document(doc)]


def _drop_none(d: dict[str, Any]) -> dict[str, Any]:
    empty: tuple[object, ...] = ((), [], {})
    return {k: v for k, v in d.items() if v is not None and v not in empty and v is not False}


def to_document(event: Event) -> dict[str, Any]:
    """The JSON document (as Python objects) for ``event``; inverse of :func:`loads`.

    Raises:
        InputError: the event holds what an event file cannot (a rating outside 0..4000,
            round 1,000,000: :func:`arpad.io.fields.check_writable`).
    """
    check_writable(event, "an arpad-event/1 document", line_format=False)

    def iso(d: dt.date | None) -> str | None:
        return None if d is None else d.isoformat()

    players = []
    for p in event.players:
        rec = {
            "id": p.id,
            "name": p.name or None,
            "rating": p.rating,
            "games": p.games,
            "rating_kind": None if p.rating is None else p.rating_kind,
            "ratings": [
                _drop_none(
                    {
                        "kind": r.kind,
                        "rating": r.value,
                        "games": r.games,
                        "federation": r.federation,
                    }
                )
                for r in p.ratings
            ],
            "all_wins": p.all_wins,
            "all_losses": p.all_losses,
            "floor": p.floor,
            "birth_date": iso(p.birth_date),
            "fide": p.fide,
            "cfc": p.cfc,
            "adult": p.adult,
            "foreign_rating": p.foreign_rating,
            "other_pools": {
                k.value: _drop_none(
                    {"rating": v.rating, "games": v.games, "established": v.established}
                )
                for k, v in p.other_pools.items()
            },
            "wins": p.wins,
            "draws": p.draws,
            "losses": p.losses,
            "rated_events": p.rated_events,
            "peak": p.peak,
            "games_above_2200": p.games_above_2200,
            "prize_floor": p.prize_floor,
            "match_changes": [
                {"date": c.date.isoformat(), "change": c.change} for c in p.match_changes
            ],
            "events": p.events,
            "title": p.title,
            "federation": p.federation,
            "sex": p.sex,
            "fide_id": p.fide_id,
            "published_post": p.published_post,
        }
        out = _drop_none(rec)
        out.setdefault("rating", None)
        out["games"] = p.games
        players.append(out)
    games = []
    for g in event.games:
        rec = {
            "round": g.round,
            "white": g.white,
            "black": g.black,
            "result": format_result(g.score),
        }
        if not g.rated:
            rec["rated"] = False
        games.append(_drop_none(rec))
    doc: dict[str, Any] = {
        "format": FORMAT_TAG,
        "event": _drop_none(
            {
                "id": event.id,
                "name": event.name or None,
                "start_date": iso(event.start_date),
                "end_date": iso(event.end_date),
                "pool": event.pool.value,
                "dual_rated": event.dual_rated,
                "kind": event.kind.value,
                "youth": event.youth,
            }
        ),
        "players": players,
        "games": games,
    }
    if event.unplayed:
        doc["unplayed"] = [
            _drop_none(
                {"player": u.player, "round": u.round, "kind": u.kind.value, "opponent": u.opponent}
            )
            for u in event.unplayed
        ]
    return doc


def dumps(event: Event) -> str:
    """Serialise ``event`` as ``arpad-event/1`` JSON text."""
    return json.dumps(to_document(event), indent=2, ensure_ascii=False) + "\n"


def sniff(head: str, path: str) -> bool:
    """An ``arpad-event/1`` file is JSON (an object, or an array of them) that names its
    format near the top."""
    return head.lstrip().startswith(("{", "[")) and FORMAT_TAG in head
