"""Storing imported events and reading them back as :class:`arpad.model.Event` values.

An import is one transaction: every event of a file is stored, or nothing is. Before
anything is written the whole file is read and checked (format, end dates, event keys not
already in the ledger), so bad input never leaves a half-written ledger.

The sections of one tournament are grouped into one ledger *event*: the crosstable reader
names them ``KEY-s1``, ``KEY-s2``, …; every other event of a file is an event of its own
with one section.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import groupby, islice
from operator import itemgetter
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Table, bindparam, func, insert, select, update

from arpad.errors import InputError
from arpad.io import file_format, read_events
from arpad.io.pgn import slug
from arpad.ledger import schema
from arpad.ledger.bulk import date_value, fetch_all, insert_rows
from arpad.ledger.codec import Codec
from arpad.model import Event, EventKind, Game, PlayerEntry, Pool, Unplayed, UnplayedRound

ENTRY_COLUMNS = ("id", "name", "rating", "games")
"""PlayerEntry fields stored in their own columns; the rest go to ``entries.data``."""

_ENTRY_DATA = Codec.of(PlayerEntry, exclude=ENTRY_COLUMNS)
_SECTION_SUFFIX = re.compile(r"^(?P<key>.+)-s(?P<n>\d+)$")
_CHUNK = 500


class PlayerKey(StrEnum):
    """How the ledger recognises the same player in different files (D-ident-2).

    ``auto`` (the default): the id the file gives where it is a federation's or the
    user's own id (JSON, US Chess crosstables, games CSV); in formats whose ids mean
    something only inside one file (TRF start numbers, Berard's positions, PGN names:
    :data:`FILE_LOCAL_IDS`), the FIDE ID when the file gives one (``FIDE:<id>``), else a
    platform account the file gives (``lichess:<username>``, D-ident-6), else a
    player of this file only (``<event key>/<id in the file>``), never joined with
    another file's player unless the user merges them (``arpad player merge``).
    ``id``: the id the file gives, whatever it is. ``fide-id``: the FIDE ID, falling back
    to the name. ``name``: the name, spaces normalised.
    """

    AUTO = "auto"
    ID = "id"
    FIDE_ID = "fide-id"
    NAME = "name"


FILE_LOCAL_IDS = frozenset({"trf", "berard", "pgn"})
"""Formats whose player ids mean nothing outside the file (start numbers, positions, the
names as typed), so ``--player-key auto`` never joins players on them."""

NAME_ONLY_EVENT_IDS = frozenset({"trf"})
"""Formats whose event id is only the event's name: the ledger keys their events by the
name and the end date (``mai-5-plus-0-turnier-2020-05-29``, D-ident-1)."""


@dataclass(frozen=True, slots=True)
class PreparedSection:
    number: int
    event: Event


@dataclass(frozen=True, slots=True)
class PreparedEvent:
    key: str
    name: str
    end_date: dt.date
    sections: tuple[PreparedSection, ...]


@dataclass(frozen=True, slots=True)
class PreparedImport:
    """A file read, checked and ready to store."""

    source: str
    sha256: str
    format: str
    events: tuple[PreparedEvent, ...]
    keep_ledger: frozenset[str] = frozenset()
    """Players whose ledger record (name, birth date, …) this file must not change
    (``--on-conflict keep-ledger``)."""
    namesakes: tuple[tuple[str, str], ...] = ()
    """``(player of this file, another player)`` of the same name, not joined
    (:mod:`arpad.ledger.identity`)."""

    @property
    def sections(self) -> int:
        return sum(len(e.sections) for e in self.events)

    @property
    def games(self) -> int:
        return sum(len(s.event.games) for e in self.events for s in e.sections)


def file_sha256(path: str | Path) -> str:
    """The SHA-256 of a file's bytes (how the ledger recognises a file imported before)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _name_key(name: str) -> str:
    return " ".join(name.split())


def player_key(
    entry: PlayerEntry, policy: PlayerKey, path: str | None, local: str | None = None
) -> str:
    """The ledger id of ``entry`` under ``policy``; ``local`` is the prefix of the file's
    own players under ``auto`` (``None``: the file's ids are kept, see :class:`PlayerKey`).

    Raises:
        InputError: the policy needs a name (or FIDE ID) the file does not give.
    """
    if policy == PlayerKey.ID or (policy == PlayerKey.AUTO and local is None):
        return entry.id
    fide = entry.fide_id.strip() if entry.fide_id is not None else ""
    if policy in (PlayerKey.FIDE_ID, PlayerKey.AUTO) and fide:
        return f"FIDE:{fide}"
    if policy == PlayerKey.AUTO:
        # An online platform's account is unique there (``lichess:feyre17``, D-ident-6).
        return entry.account if entry.account else f"{local}/{entry.id}"
    name = _name_key(entry.name)
    if not name:
        raise InputError(
            f"player {entry.id!r} has no name to identify them by (--player-key {policy.value})",
            path=path,
            line=entry.line,
        )
    return name


def rekey(event: Event, policy: PlayerKey, local: str | None = None) -> Event:
    """``event`` with every player id replaced by its ledger id under ``policy``."""
    if policy == PlayerKey.ID or (policy == PlayerKey.AUTO and local is None):
        return event
    ids = {p.id: player_key(p, policy, event.source, local) for p in event.players}
    return renamed(event, ids)


def renamed(event: Event, ids: Mapping[str, str]) -> Event:
    """``event`` with its players' ids replaced by ``ids`` (ids not in it are kept).

    Raises:
        InputError: two players of the event would get the same id (with the file).
    """
    if all(ids.get(p.id, p.id) == p.id for p in event.players):
        return event
    ids = {p.id: ids.get(p.id, p.id) for p in event.players}
    try:
        return replace(
            event,
            players=tuple(replace(p, id=ids[p.id]) for p in event.players),
            games=tuple(replace(g, white=ids[g.white], black=ids[g.black]) for g in event.games),
            unplayed=tuple(
                replace(
                    u,
                    player=ids[u.player],
                    opponent=None if u.opponent is None else ids.get(u.opponent, u.opponent),
                )
                for u in event.unplayed
            ),
        )
    except InputError as exc:
        raise exc.located(event.source) from None


def _common_prefix(names: Sequence[str]) -> str:
    """The words all ``names`` start with ("Club Open Section 1", "Club Open Section 2"
    → "Club Open Section")."""
    words = [n.split() for n in names]
    common: list[str] = []
    for column in zip(*words, strict=False):
        if len(set(column)) != 1:
            break
        common.append(column[0])
    return " ".join(common)


def group_sections(events: Sequence[Event], path: str) -> list[PreparedEvent]:
    """Group a file's events into ledger events (see the module docstring).

    Raises:
        InputError: an event without an end date, or two events with the same id.
    """
    seen: set[str] = set()
    for e in events:
        if e.end_date is None:
            raise InputError(
                f"event {e.id!r} has no end date; the ledger rates events in date order: "
                "add one to the file or pass --date YYYY-MM-DD",
                path=path,
            )
        if e.id in seen:
            raise InputError(f"the file holds two events with the id {e.id!r}", path=path)
        seen.add(e.id)
    groups: dict[str, list[tuple[int, Event]]] = {}
    for e in events:
        m = _SECTION_SUFFIX.match(e.id)
        if m is not None:
            groups.setdefault(m.group("key"), []).append((int(m.group("n")), e))
    out: list[PreparedEvent] = []
    done: set[str] = set()
    for e in events:
        m = _SECTION_SUFFIX.match(e.id)
        key = m.group("key") if m is not None else None
        if key is not None and len(groups[key]) > 1 and key not in seen:
            if key in done:
                continue
            done.add(key)
            members = sorted(groups[key], key=lambda t: t[0])
            names = [s.name for _, s in members]
            common = _common_prefix(names) or key
            end = max(s.end_date for _, s in members if s.end_date is not None)
            out.append(
                PreparedEvent(key, common, end, tuple(PreparedSection(n, s) for n, s in members))
            )
            continue
        assert e.end_date is not None
        out.append(PreparedEvent(e.id, e.name or e.id, e.end_date, (PreparedSection(1, e),)))
    return out


def prepare_events(
    events: Sequence[Event],
    source: str,
    sha256: str,
    fmt: str,
    *,
    player_policy: PlayerKey = PlayerKey.AUTO,
    default_date: dt.date | None = None,
    event_id: str | None = None,
) -> PreparedImport:
    """Check events read from ``source`` and group them for storing: events known only by
    their name get a key with their date, ``event_id`` renames the file's one event, and
    players get their ledger ids (:class:`PlayerKey`).

    Raises:
        InputError: no end date (and no ``default_date``), duplicate ids, missing names.
    """
    dated = []
    for e in events:
        if default_date is not None and (e.end_date is None or e.end_date_implied):
            e = replace(e, end_date=default_date, end_date_implied=False)
        if fmt in NAME_ONLY_EVENT_IDS and e.end_date is not None:
            e = replace(e, id=edition_key(e.id, e.end_date))
        dated.append(e)
    if event_id is not None:
        dated = _with_event_id(dated, event_id, source)
    local = None
    if fmt in FILE_LOCAL_IDS and dated:
        local = dated[0].id
    fixed = [rekey(e, player_policy, local) for e in dated]
    return PreparedImport(source, sha256, fmt, tuple(group_sections(fixed, source)))


def edition_key(name: str, end_date: dt.date) -> str:
    """The ledger key of an event known only by its name: the name's slug and the end
    date, so that every edition of a recurring tournament has its own (D-ident-1).

    >>> edition_key("Mai 5 Plus 0 Turnier", dt.date(2020, 5, 29))
    'mai-5-plus-0-turnier-2020-05-29'
    """
    return f"{slug(name) or 'event'}-{end_date.isoformat()}"


def _with_event_id(events: list[Event], event_id: str, source: str) -> list[Event]:
    """The events of a file renamed for ``--event-id``: one event, or the sections of one
    tournament (``KEY-s1``, ``KEY-s2``, … become ``ID-s1``, …).

    Raises:
        InputError: the file holds several events, or the id is empty.
    """
    event_id = event_id.strip()
    if not event_id:
        raise InputError("--event-id must not be empty", path=source)
    if len(events) == 1:
        return [replace(events[0], id=event_id)]
    sections = [_SECTION_SUFFIX.match(e.id) for e in events]
    keys = {m.group("key") for m in sections if m is not None}
    if len(keys) == 1 and all(sections):
        return [
            replace(e, id=f"{event_id}-s{m.group('n')}")
            for e, m in zip(events, sections, strict=True)
            if m is not None
        ]
    names = ", ".join(repr(e.id) for e in events[:5])
    raise InputError(
        f"--event-id names one event, but the file holds {len(events)} ({names}"
        f"{', …' if len(events) > 5 else ''}); import it without --event-id",
        path=source,
    )


def prepare_file(
    path: str | Path,
    fmt: str | None = None,
    *,
    player_policy: PlayerKey = PlayerKey.AUTO,
    default_date: dt.date | None = None,
    event_id: str | None = None,
) -> PreparedImport:
    """Read and check one file (nothing is written).

    Raises:
        InputError: the file cannot be read, parsed or stored, with its path and line.
    """
    where = str(path)
    name = fmt if fmt is not None else file_format(path)
    events = read_events(path, name)
    try:
        sha = file_sha256(path)
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", path=where) from None
    return prepare_events(
        events,
        where,
        sha,
        name,
        player_policy=player_policy,
        default_date=default_date,
        event_id=event_id,
    )


# -- checks against what is stored -------------------------------------------------------


def refuse_known(conn: Connection, prepared: PreparedImport) -> None:
    """Refuse a file imported before (same bytes) or events whose keys are taken.

    Raises:
        InputError: with the file, and the earlier import or the event key.
    """
    t = schema.imports
    row = conn.execute(
        select(t.c.source, t.c.imported_at).where(t.c.sha256 == prepared.sha256)
    ).first()
    if row is not None:
        raise InputError(
            f"this file was already imported ({row.source}, {row.imported_at}; "
            f"sha256 {prepared.sha256[:12]}…); nothing stored",
            path=prepared.source,
        )
    event_keys = [e.key for e in prepared.events]
    section_keys = [s.event.id for e in prepared.events for s in e.sections]
    for keys, table in ((event_keys, schema.events), (section_keys, schema.sections)):
        for chunk in _chunks(keys):
            taken = conn.execute(select(table.c.key).where(table.c.key.in_(chunk))).first()
            if taken is not None:
                raise InputError(
                    f"event {taken.key!r} is already in the ledger; nothing stored; to "
                    "import this one beside it give it another --event-id, to replace it "
                    f"first run: arpad delete-event -- {shlex.quote(taken.key)}",
                    path=prepared.source,
                )


def _chunks(items: Sequence[Any], size: int = _CHUNK) -> Iterable[Sequence[Any]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def _next_id(conn: Connection, column: Any) -> int:
    return int(conn.execute(select(func.coalesce(func.max(column), 0))).scalar_one()) + 1


# -- writing --------------------------------------------------------------------------------


def _player_attributes(entry: PlayerEntry) -> dict[str, Any]:
    return {
        "name": entry.name,
        "birth_date": entry.birth_date,
        "fide_id": entry.fide_id,
        "federation": entry.federation,
        "title": entry.title,
        "sex": entry.sex,
    }


def _upsert_players(
    conn: Connection, latest: Mapping[str, PlayerEntry], keep: frozenset[str] = frozenset()
) -> None:
    """Insert new players; update the attributes a newer file gives for known ones (but
    not for the players in ``keep``)."""
    t = schema.players
    ids = list(latest)
    known: dict[str, Any] = {}
    for chunk in _chunks(ids):
        for row in conn.execute(select(t).where(t.c.id.in_(chunk))):
            known[row.id] = row
    new_rows = []
    changed = []
    for pid in ids:
        attrs = _player_attributes(latest[pid])
        old = known.get(pid)
        if old is None:
            new_rows.append({"id": pid, **attrs})
            continue
        if pid in keep:
            continue
        merged = {
            k: (v if v is not None and v != "" else getattr(old, k)) for k, v in attrs.items()
        }
        if any(merged[k] != getattr(old, k) for k in merged):
            changed.append({"pid": pid, **merged})
    if new_rows:
        # Straight to the driver (arpad.ledger.bulk): a season brings a hundred thousand.
        _insert_batches(
            conn,
            t,
            PLAYER_FIELDS,
            (
                (r["id"], r["name"], date_value(conn, r["birth_date"]), *(r[c] for c in _TEXTS))
                for r in new_rows
            ),
        )
    if changed:
        conn.execute(update(t).where(t.c.id == bindparam("pid")), changed)


PLAYER_FIELDS = ("id", "name", "birth_date", "fide_id", "federation", "title", "sex")
_TEXTS = PLAYER_FIELDS[3:]
ENTRY_FIELDS = ("section_id", "ordinal", "player_id", "name", "rating", "games", "data")
GAME_FIELDS = ("section_id", "ordinal", "round", "white", "black", "score", "rated", "line")
UNPLAYED_FIELDS = ("section_id", "ordinal", "player_id", "kind", "round", "opponent", "line")
SECTION_FIELDS = (
    "id", "event_id", "number", "key", "name", "end_date", "position", "pool", "dual_rated",
    "kind", "youth",
)  # fmt: skip


_ROWS_PER_BATCH = 20_000
"""Rows handed to the driver at a time: a file's rows are never all built at once, so an
import's memory is that of its events, not of its events and all their rows."""


@dataclass(frozen=True, slots=True)
class _Placed:
    """A section with the ledger ids it gets."""

    id: int
    event_id: int
    position: int
    section: PreparedSection


def _insert_batches(
    conn: Connection, table: Table, columns: Sequence[str], rows: Iterable[tuple[Any, ...]]
) -> None:
    """Insert ``rows`` a batch at a time (all inside the caller's transaction)."""
    rows = iter(rows)
    while batch := list(islice(rows, _ROWS_PER_BATCH)):
        insert_rows(conn, table, columns, batch)


def store(conn: Connection, prepared: PreparedImport, imported_at: str) -> int:
    """Write a prepared import inside the caller's transaction; returns the import id."""
    import_id = _next_id(conn, schema.imports.c.id)
    conn.execute(
        insert(schema.imports),
        [
            {
                "id": import_id,
                "source": prepared.source,
                "sha256": prepared.sha256,
                "format": prepared.format,
                "imported_at": imported_at,
                "events": len(prepared.events),
            }
        ],
    )
    first_event = _next_id(conn, schema.events.c.id)
    section_id = _next_id(conn, schema.sections.c.id)
    position = _next_id(conn, schema.sections.c.position)
    placed: list[_Placed] = []
    for event_id, pe in enumerate(prepared.events, first_event):
        for ps in pe.sections:
            placed.append(_Placed(section_id, event_id, position, ps))
            section_id += 1
            position += 1
    latest = {p.id: p for s in placed for p in s.section.event.players}
    _upsert_players(conn, latest, prepared.keep_ledger)
    # Each table's rows are generated as they are written, in the order they always were.
    _insert_batches(
        conn,
        schema.events,
        ("id", "key", "name", "end_date", "import_id"),
        (
            (event_id, pe.key, pe.name, date_value(conn, pe.end_date), import_id)
            for event_id, pe in enumerate(prepared.events, first_event)
        ),
    )
    _insert_batches(
        conn,
        schema.sections,
        SECTION_FIELDS,
        (
            (
                s.id, s.event_id, s.section.number, e.id, e.name, date_value(conn, e.end_date),
                s.position, e.pool.value, e.dual_rated, e.kind.value, e.youth,
            )
            for s in placed
            for e in (s.section.event,)
        ),
    )  # fmt: skip
    encoded: dict[int, str | None] = {}

    def data_text(p: PlayerEntry) -> str | None:
        # A file's events often share one entry object per player: encoded once (by
        # identity; every entry stays alive while the import is stored).
        key = id(p)
        if key not in encoded:
            encoded[key] = _ENTRY_DATA.dumps_unless_default(p)
        return encoded[key]

    _insert_batches(
        conn,
        schema.entries,
        ENTRY_FIELDS,
        (
            (s.id, i, p.id, p.name, p.rating, p.games, data_text(p))
            for s in placed
            for i, p in enumerate(s.section.event.players)
        ),
    )
    _insert_batches(
        conn,
        schema.games,
        GAME_FIELDS,
        (
            (s.id, i, g.round, g.white, g.black, g.score, g.rated, g.line)
            for s in placed
            for i, g in enumerate(s.section.event.games)
        ),
    )
    _insert_batches(
        conn,
        schema.unplayed,
        UNPLAYED_FIELDS,
        (
            (s.id, i, u.player, u.kind.value, u.round, u.opponent, u.line)
            for s in placed
            for i, u in enumerate(s.section.event.unplayed)
        ),
    )
    _insert_batches(
        conn,
        schema.player_titles,
        ("player_id", "section_id", "title"),
        (
            (p.id, s.id, p.title)
            for s in placed
            for p in s.section.event.players
            if p.title is not None
        ),
    )
    return import_id


# -- reading back ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SectionHead:
    """What a section's row says about its event (everything but its entries and games)."""

    key: str
    name: str
    end_date: dt.date
    pool: Pool
    dual_rated: bool
    kind: EventKind
    youth: bool
    source: str | None


EntryRow = tuple[int, str, str, float | None, int, str | None]
"""A stored entry as the driver gives it: section id, player id, name, rating, games, the
other fields' data (or ``None``)."""
GameRow = tuple[int, str, str, float, int | None, Any, int | None]
"""A stored game: section id, White, Black, White's score, round, rated, line."""
UnplayedRow = tuple[int, str, str, int | None, str | None, int | None]


class StoredSection:
    """A section as stored: its ledger ids and order, and the event itself.

    A section read by :func:`load_sections` keeps its rows (:attr:`entry_rows`,
    :attr:`game_rows`) and builds its :class:`~arpad.model.Event` only when asked for
    it: the ledger's season runs read the rows as columns (:mod:`arpad.ledger.columns`)
    and never need most sections' events."""

    __slots__ = (
        "_event", "_shared", "entry_rows", "event_id", "game_rows", "head", "id", "number",
        "position", "unplayed_rows",
    )  # fmt: skip

    def __init__(
        self,
        id: int,
        event_id: int,
        number: int,
        position: int,
        event: Event | None = None,
        *,
        head: SectionHead | None = None,
        rows: tuple[list[EntryRow], list[GameRow], list[UnplayedRow]] = ([], [], []),
        shared: dict[tuple[Any, ...], PlayerEntry] | None = None,
    ) -> None:
        self.id, self.event_id, self.number, self.position = id, event_id, number, position
        self._event = event
        if head is None:
            assert event is not None and event.end_date is not None, "a section needs a head"
            head = SectionHead(
                event.id, event.name, event.end_date, event.pool, event.dual_rated, event.kind,
                event.youth, event.source,
            )  # fmt: skip
        self.head = head
        self.entry_rows, self.game_rows, self.unplayed_rows = rows
        self._shared = {} if shared is None else shared

    @property
    def event(self) -> Event:
        """The section's event (built from its rows on first use)."""
        if self._event is None:
            self._event = self._build()
        return self._event

    @property
    def order(self) -> tuple[dt.date, int]:
        return (self.head.end_date, self.position)

    @property
    def player_ids(self) -> list[str]:
        """The section's players, in the event's order."""
        if self._event is not None:
            return list(self._event.player_ids)
        return [row[1] for row in self.entry_rows]

    def entry(self, row: EntryRow) -> PlayerEntry:
        """The player entry of one of the section's stored entry rows."""
        return _stored_entry(self._shared, *row[1:])

    def _build(self) -> Event:
        h = self.head
        return Event(
            id=h.key,
            players=tuple(self.entry(row) for row in self.entry_rows),
            games=tuple(
                Game(white, black, score, rnd, bool(rated), line)
                for _, white, black, score, rnd, rated, line in self.game_rows
            ),
            name=h.name,
            end_date=h.end_date,
            pool=h.pool,
            dual_rated=h.dual_rated,
            kind=h.kind,
            unplayed=tuple(
                UnplayedRound(pid, Unplayed(kind), rnd, opponent, line)
                for _, pid, kind, rnd, opponent, line in self.unplayed_rows
            ),
            youth=h.youth,
            source=h.source,
        )


def _in_list(conn: Connection, ids: Sequence[int]) -> str:
    return ", ".join(str(int(i)) for i in ids)


_SECTION_OF_ROW = itemgetter(0)

_SHARED_ENTRIES = 200_000
"""Player entries :func:`load_sections` keeps for reuse at most (then it starts afresh)."""


def _stored_entry(
    shared: dict[tuple[Any, ...], PlayerEntry],
    pid: str,
    name: str,
    rating: float | None,
    games: int,
    data: str | None,
) -> PlayerEntry:
    """The entry of a stored row (the one already built for an equal row, if any)."""
    key = (pid, name, rating, games, data)
    entry = shared.get(key)
    if entry is None:
        if data is None:
            entry = PlayerEntry(pid, name, rating, games)
        else:
            entry = _ENTRY_DATA.loads(data, id=pid, name=name, rating=rating, games=games)
        shared[key] = entry
    return entry


def load_sections(
    conn: Connection,
    section_ids: Sequence[int],
    shared: dict[tuple[Any, ...], PlayerEntry] | None = None,
) -> list[StoredSection]:
    """The events of ``section_ids`` (in the order given).

    ``shared`` keeps the player entries built from earlier rows: a player's entry row is
    usually the same in event after event (a season file gives each player once), and the
    entries are immutable, so one object serves every equal row (a rating run passes the
    same dict for all its chunks)."""
    if shared is None:
        shared = {}
    elif len(shared) > _SHARED_ENTRIES:
        shared.clear()
    s, imp, ev = schema.sections, schema.imports, schema.events
    heads: dict[int, Any] = {}
    entries: dict[int, list[Any]] = {i: [] for i in section_ids}
    games: dict[int, list[Any]] = {i: [] for i in section_ids}
    unplayed: dict[int, list[Any]] = {i: [] for i in section_ids}
    for chunk in _chunks(section_ids):
        query = (
            select(s, imp.c.source)
            .join(ev, ev.c.id == s.c.event_id)
            .join(imp, imp.c.id == ev.c.import_id)
            .where(s.c.id.in_(chunk))
        )
        for row in conn.execute(query):
            heads[row.id] = row
        ids = _in_list(conn, chunk)
        # Plain driver queries: these rows are many, and SQLAlchemy's row processing
        # would dominate (see arpad.ledger.bulk). The rows are kept as the driver gives
        # them, a section's together (they come ordered by section); events are built
        # from them only when asked for (StoredSection.event).
        for table, columns, by_section in (
            ("entries", "player_id, name, rating, games, data", entries),
            ("games", "white, black, score, round, rated, line", games),
            ("unplayed", "player_id, kind, round, opponent, line", unplayed),
        ):
            found = fetch_all(
                conn,
                f"SELECT section_id, {columns} FROM {table} "
                f"WHERE section_id IN ({ids}) ORDER BY section_id, ordinal",
            )
            for sid, group in groupby(found, _SECTION_OF_ROW):
                by_section[sid] = list(group)
    out = []
    for sid in section_ids:
        h = heads[sid]
        head = SectionHead(
            h.key, h.name, h.end_date, Pool(h.pool), bool(h.dual_rated), EventKind(h.kind),
            bool(h.youth), h.source,
        )  # fmt: skip
        rows = (entries[sid], games[sid], unplayed[sid])
        out.append(
            StoredSection(sid, h.event_id, h.number, h.position, head=head, rows=rows,
                          shared=shared)
        )  # fmt: skip
    return out
