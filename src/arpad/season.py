"""A columnar season: a date-ordered history of one pool as flat arrays.

Players are numbered (a *slot* each); the rated games are three columns (White's slot,
Black's slot, White's score) with each event's games a contiguous run
(``game_start[e]:game_start[e + 1]``); each event's players (its *members*, in the
event's order) likewise (``member_start``). What a file says about a player when first
met is two more columns (rating, NaN for unrated; games). A season built from
:class:`~arpad.model.Event` objects keeps them (:attr:`Season.events`) for what the columns
do not hold (other ratings, birth dates, …); a bulk reader builds the columns directly,
with the rating each member has at each event (:attr:`Season.member_rating`) and its kind
(:attr:`Season.rating_kind`, ``"fide"`` for a PGN's ``WhiteElo``) where the file gives
ratings; the ledger hands each member's entry by its row (:attr:`Season.entries`).
A season loop reads one member's entry by :meth:`Season.member_entry` and an event it
rates alone by :meth:`Season.event`, whichever way the season was built.

:func:`arpad.replay` accepts a season as well as ``Event`` objects: a system with a
compiled season loop (:attr:`arpad.systems.RatingSystem.season_fn`) rates it in one call
and returns its results as columns (:class:`SeasonRatings`), turned into
:class:`~arpad.systems.EventRating` objects only when asked for.

>>> from arpad.model import Game, PlayerEntry, build_event
>>> a, b = PlayerEntry("a", rating=1700.0, games=30), PlayerEntry("b")
>>> s = Season.from_events([build_event("e", [a, b], [Game("a", "b", 1.0)])])
>>> s.players, s.white.tolist(), s.entry_rating.tolist()
(('a', 'b'), [0], [1700.0, nan])
"""

from __future__ import annotations

import datetime as dt
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

import numpy as np
import numpy.typing as npt

from arpad.errors import ConfigError
from arpad.model import Event, EventKind, PlayerEntry, Pool, RatingKind

if TYPE_CHECKING:
    from arpad.systems import EventRating, PlayerRating

S = TypeVar("S")

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

EPOCH = dt.date(1970, 1, 1)
NO_DAY = -(2**31)
"""``end_day`` of an event without an end date."""

KIND_CODES = {EventKind.TOURNAMENT: 0, EventKind.MATCH: 1, EventKind.FIDE_FOREIGN: 2}
"""``Season.kind`` codes."""
_KINDS = {code: kind for kind, code in KIND_CODES.items()}


@dataclass(frozen=True, eq=False)
class Season:
    """A season's players, games and events as columns (see the module's docstring)."""

    players: tuple[str, ...]
    """Player id by slot."""
    white: Int32Array
    black: Int32Array
    score: FloatArray
    """White's score in each rated game (1, ½, 0)."""
    game_start: IntArray
    """Event ``e``'s games: ``game_start[e]:game_start[e + 1]`` (length events + 1)."""
    members: Int32Array
    """Each event's players (slots) in the event's order, event after event."""
    member_start: IntArray
    event_ids: tuple[str, ...]
    end_day: Int32Array
    """Days from 1970-01-01 to each event's end date (:data:`NO_DAY`: none)."""
    kind: npt.NDArray[np.int8]
    """:data:`KIND_CODES` of each event."""
    dual_rated: BoolArray
    youth: BoolArray
    entry_rating: FloatArray
    """Each player's rating as the file first gives it (NaN: unrated)."""
    entry_games: IntArray
    pool: Pool = Pool.REGULAR
    events: Sequence[Event] | None = None
    """The events the season was built from, if it was: a tuple, or a sequence that builds
    each event when first asked for it (the ledger's runs, :mod:`arpad.ledger.columns`); in
    the season a system rates, :class:`SeenAsOwn`: the events as that system sees them."""
    first_entries: tuple[PlayerEntry, ...] | None = None
    """Each player's entry in the first event that lists them (with :attr:`events`)."""
    first_member: IntArray | None = None
    """Each player's first member row (``None``: found when asked, :meth:`first_rows`)."""
    member_rating: FloatArray | None = None
    """Each member's rating as the file gives it at that event (NaN: none), of the kind
    :attr:`rating_kind`; ``None``: the members carry no rating but the entry columns'
    (a file without ratings, or a season that holds its entries otherwise)."""
    rating_kind: str | None = None
    """The kind of the season's file ratings (:class:`~arpad.model.RatingKind`: ``"fide"``
    for a dated-games ``white_elo`` or a PGN's ``WhiteElo``); ``None``: the rating system's
    own (:attr:`arpad.model.PlayerEntry.rating_kind`)."""
    own_kinds: frozenset[str] | None = None
    """The kinds of rating the system rating this season takes as its own
    (:meth:`arpad.systems.RatingSystem.own_season` sets them): :meth:`member_entry` gives
    each entry as that system sees it (:meth:`arpad.model.PlayerEntry.own_rating`), and the
    entry columns are already so. ``None``: entries as given."""
    start_day: Int32Array | None = None
    """Days from 1970-01-01 to each event's start date (:data:`NO_DAY`: none); ``None``:
    no event has one."""
    entries: Callable[[int], PlayerEntry] | None = None
    """A member row's entry (the ledger's stored rows, :mod:`arpad.ledger.columns`): what
    :meth:`member_entry` reads before any event."""

    def __post_init__(self) -> None:
        e, g, m = len(self.event_ids), len(self.white), len(self.members)
        if len(self.game_start) != e + 1 or len(self.member_start) != e + 1:
            raise ConfigError("a season needs game_start and member_start of events + 1")
        if len(self.black) != g or len(self.score) != g:
            raise ConfigError("a season's white, black and score columns differ in length")
        if self.game_start[-1] != g or self.member_start[-1] != m:
            raise ConfigError("a season's offsets do not end at its games and members")
        if len(self.entry_rating) != len(self.players) or len(self.entry_games) != len(
            self.players
        ):
            raise ConfigError("a season needs an entry rating and games count for every player")
        if self.member_rating is not None and len(self.member_rating) != m:
            raise ConfigError("a season's member ratings differ in length from its members")
        if self.start_day is not None and len(self.start_day) != e:
            raise ConfigError("a season needs a start day for every event")

    def first_rows(self) -> IntArray:
        """Each player's first member row."""
        if self.first_member is not None:
            return self.first_member
        return self._first_rows

    @cached_property
    def _first_rows(self) -> IntArray:
        # Found once per season (a bulk reader's season does not carry them).
        _, first = np.unique(self.members, return_index=True)
        out: IntArray = first.astype(np.int64)
        return out

    def event_of_member(self, row: int) -> int:
        """The event of member row ``row``."""
        return int(np.searchsorted(self.member_start, row, side="right")) - 1

    @property
    def size(self) -> int:
        """Number of events."""
        return len(self.event_ids)

    def end_date(self, e: int) -> dt.date | None:
        """Event ``e``'s end date, if it has one."""
        return day_to_date(int(self.end_day[e]))

    def start_date(self, e: int) -> dt.date | None:
        """Event ``e``'s start date, if it has one."""
        return None if self.start_day is None else day_to_date(int(self.start_day[e]))

    @property
    def holds_entries(self) -> bool:
        """The members' entries may say more than the entry columns (a rating of another
        kind, a birth date, a history …): the season has events, an entry source or a
        rating per member."""
        return (
            self.events is not None or self.entries is not None or (self.member_rating is not None)
        )

    def member_entry(self, row: int) -> PlayerEntry:
        """The entry of member row ``row`` (as the system rating the season sees it, after
        :meth:`arpad.systems.RatingSystem.own_season`): from :attr:`entries`, else the
        event that lists it, else the columns. No :class:`~arpad.model.Event` is built."""
        if self.entries is not None:
            entry = self.entries(row)
        elif self.events is not None:
            e = self.event_of_member(row)
            events = dated_events(self)  # as given: translated below, entry by entry
            assert events is not None
            entry = events[e].players[row - int(self.member_start[e])]
        else:
            entry = self._column_entry(row)
        return entry if self.own_kinds is None else entry.own_rating(self.own_kinds)

    def _column_entry(self, row: int) -> PlayerEntry:
        """A member's entry as a rated reader's file gives it: the rating of
        :attr:`rating_kind` (a FIDE rating also as ``fide``, as the readers write it);
        without :attr:`member_rating`, the entry columns (as :meth:`to_events` gives)."""
        slot = int(self.members[row])
        pid = self.players[slot]
        if self.member_rating is None:  # the entry columns on every entry, as _to_events
            rating, games = float(self.entry_rating[slot]), int(self.entry_games[slot])
        else:
            rating, games = float(self.member_rating[row]), 0
        if rating != rating:
            return PlayerEntry(pid)
        fide = rating if self.rating_kind == RatingKind.FIDE else None
        return PlayerEntry(pid, rating=rating, games=games, rating_kind=self.rating_kind, fide=fide)

    def first_entries_to_read(self) -> Iterator[tuple[int, PlayerEntry]]:
        """``(slot, first entry)`` of every player whose first entry may say more than the
        entry columns (:attr:`holds_entries`; none for a file without ratings), as
        :meth:`member_entry` gives it."""
        if self.first_entries is not None:
            yield from enumerate(self.first_entries)
        elif self.holds_entries:
            for slot, row in enumerate(self.first_rows().tolist()):
                yield slot, self.member_entry(row)

    def dated_event(self, e: int) -> Event:
        """Event ``e`` without players or games: its id, dates, pool, kind and flags, for
        what reads only those (``state_from_entry`` reads an event's dates)."""
        return Event(
            id=self.event_ids[e],
            players=(),
            games=(),
            end_date=self.end_date(e),
            start_date=self.start_date(e),
            pool=self.pool,
            dual_rated=bool(self.dual_rated[e]),
            kind=_KINDS[int(self.kind[e])],
            youth=bool(self.youth[e]),
        )

    def event(self, e: int) -> Event:
        """Event ``e`` as the system rating the season sees it: the season's own, else
        built from the columns with :meth:`member_entry` for each member. Only for what a
        season loop rates alone (a match, a FIDE foreign event …)."""
        if self.events is not None:
            return self.events[e]
        from arpad.model import Game

        m0, m1 = int(self.member_start[e]), int(self.member_start[e + 1])
        g0, g1 = int(self.game_start[e]), int(self.game_start[e + 1])
        ids = self.players
        white, black = self.white[g0:g1].tolist(), self.black[g0:g1].tolist()
        games = zip(white, black, self.score[g0:g1].tolist(), strict=True)
        return replace(
            self.dated_event(e),
            players=tuple(self.member_entry(row) for row in range(m0, m1)),
            games=tuple(Game(ids[w], ids[b], x) for w, b, x in games),
        )

    def to_events(self) -> list[Event]:
        """The season as :class:`~arpad.model.Event` objects (its own, if it has them;
        else built from the columns, with each member's entry where the season holds
        entries, :attr:`holds_entries`)."""
        if self.events is not None:
            return list(self.events)
        if self.holds_entries:
            return [self.event(e) for e in range(self.size)]
        return _to_events(self)

    @classmethod
    def from_events(cls, events: Sequence[Event]) -> Season:
        """The columns of ``events`` (one pool, date order); each player's entry columns
        are those of the first event that lists them.

        Raises:
            ConfigError: events from more than one pool.
        """
        slot: dict[str, int] = {}
        rating: list[float] = []
        games: list[int] = []
        entries: list[PlayerEntry] = []
        first: list[int] = []
        white: list[int] = []
        black: list[int] = []
        score: list[float] = []
        members: list[int] = []
        game_start, member_start = [0], [0]
        pool = events[0].pool if events else Pool.REGULAR
        for event in events:
            if event.pool != pool:
                raise ConfigError(
                    f"event {event.id!r} is in the {event.pool.value!r} pool, the season in "
                    f"{pool.value!r}; a season is one pool"
                )
            for p in event.players:
                if p.id not in slot:
                    slot[p.id] = len(rating)
                    rating.append(np.nan if p.rating is None else p.rating)
                    games.append(p.games)
                    entries.append(p)
                    first.append(len(members))
                members.append(slot[p.id])
            for g in event.games:
                if g.rated:
                    white.append(slot[g.white])
                    black.append(slot[g.black])
                    score.append(g.score)
            game_start.append(len(white))
            member_start.append(len(members))
        return cls(
            players=tuple(slot),
            white=np.array(white, dtype=np.int32),
            black=np.array(black, dtype=np.int32),
            score=np.array(score, dtype=float),
            game_start=np.array(game_start, dtype=np.int64),
            members=np.array(members, dtype=np.int32),
            member_start=np.array(member_start, dtype=np.int64),
            event_ids=tuple(e.id for e in events),
            end_day=np.array(
                [NO_DAY if e.end_date is None else (e.end_date - EPOCH).days for e in events],
                dtype=np.int32,
            ),
            kind=np.array([KIND_CODES[e.kind] for e in events], dtype=np.int8),
            dual_rated=np.array([e.dual_rated for e in events], dtype=bool),
            youth=np.array([e.youth for e in events], dtype=bool),
            entry_rating=np.array(rating, dtype=float),
            entry_games=np.array(games, dtype=np.int64),
            pool=pool,
            events=tuple(events),
            first_entries=tuple(entries),
            first_member=np.array(first, dtype=np.int64),
            start_day=_start_days(events),
        )

    @classmethod
    def from_games(
        cls,
        event_of_game: npt.ArrayLike,
        white: Sequence[str] | npt.ArrayLike,
        black: Sequence[str] | npt.ArrayLike,
        score: npt.ArrayLike,
        *,
        end_day: npt.ArrayLike | None = None,
        pool: Pool = Pool.REGULAR,
    ) -> Season:
        """A season of unrated newcomers from game columns (a bulk reader's output):
        ``event_of_game`` numbers each game's event (non-decreasing: date order), White and
        Black are player ids, ``end_day`` the days since 1970-01-01 of each event.

        Each event's members are its players in order of first appearance in its games.
        """
        ev = np.asarray(event_of_game, dtype=np.int64)
        if ev.size and np.any(np.diff(ev) < 0):
            raise ConfigError("a season's games must come event by event (non-decreasing)")
        names, codes = np.unique(
            np.concatenate([np.asarray(white), np.asarray(black)]), return_inverse=True
        )
        g = ev.size
        w, b = codes[:g].astype(np.int32), codes[g:].astype(np.int32)
        # Relabel slots by first appearance, so players keep the order the games give.
        both = np.column_stack([w, b]).ravel()
        _, first = np.unique(both, return_index=True)
        order = np.argsort(first, kind="stable")
        relabel = np.empty(len(order), dtype=np.int32)
        relabel[order] = np.arange(len(order), dtype=np.int32)
        w, b = relabel[w], relabel[b]
        ids = tuple(str(x) for x in names[order].tolist())
        events, game_start = np.unique(ev, return_index=True)
        game_start = np.append(game_start, g).astype(np.int64)
        members, member_start = _members(w, b, ev, len(events))
        n = len(events)
        days = np.full(n, NO_DAY, dtype=np.int32) if end_day is None else np.asarray(end_day)
        return cls(
            players=ids,
            white=w,
            black=b,
            score=np.asarray(score, dtype=float),
            game_start=game_start,
            members=members,
            member_start=member_start,
            event_ids=tuple(str(e) for e in events.tolist()),
            end_day=days.astype(np.int32),
            kind=np.zeros(n, dtype=np.int8),
            dual_rated=np.zeros(n, dtype=bool),
            youth=np.zeros(n, dtype=bool),
            entry_rating=np.full(len(ids), np.nan),
            entry_games=np.zeros(len(ids), dtype=np.int64),
            pool=pool,
        )


class SeenAsOwn(Sequence[Event]):
    """A season's events as one system sees them (``see``:
    :meth:`arpad.systems.RatingSystem.seen_as_own`), each seen when first read: a season
    loop opens only the events it cannot rate from columns, so most are never translated.

    :attr:`source` holds the events as given. Seeing an event as a system's own changes
    only its players' ratings (and the history that goes with a rating), never the event's
    dates, pool, kind, flags or the players' other pools: what reads only those may read
    :attr:`source`.
    """

    def __init__(self, source: Sequence[Event], see: Callable[[Event], Event]) -> None:
        self.source = source
        self._see = see
        self._seen: dict[int, Event] = {}

    def __len__(self) -> int:
        return len(self.source)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self.source))[index]]
        e = range(len(self.source))[index]  # an IndexError past the end, as a tuple's
        seen = self._seen.get(e)
        if seen is None:
            seen = self._seen[e] = self._see(self.source[e])
        return seen


def _start_days(events: Sequence[Event]) -> Int32Array | None:
    """Each event's start day (:data:`NO_DAY`: none); ``None`` when no event has one."""
    if all(e.start_date is None for e in events):
        return None
    days = [NO_DAY if e.start_date is None else (e.start_date - EPOCH).days for e in events]
    return np.array(days, dtype=np.int32)


def dated_events(season: Season) -> Sequence[Event] | None:
    """The season's events for what :class:`SeenAsOwn` keeps (dates, pool, kind, flags,
    other pools): the events as given, untranslated."""
    events = season.events
    return events.source if isinstance(events, SeenAsOwn) else events


def _to_events(season: Season) -> list[Event]:
    """The season as :class:`~arpad.model.Event` objects (a player's entry columns on
    every entry; only the first counts, later the replay's state)."""
    from arpad.model import Game

    s = season
    ids = s.players
    white, black, score = s.white.tolist(), s.black.tolist(), s.score.tolist()
    members = s.members.tolist()
    entries = [
        PlayerEntry(pid, rating=None if r != r else r, games=g)
        for pid, r, g in zip(ids, s.entry_rating.tolist(), s.entry_games.tolist(), strict=True)
    ]
    kinds = _KINDS
    out = []
    for e in range(s.size):
        g0, g1 = int(s.game_start[e]), int(s.game_start[e + 1])
        m0, m1 = int(s.member_start[e]), int(s.member_start[e + 1])
        out.append(
            Event(
                id=s.event_ids[e],
                players=tuple(entries[x] for x in members[m0:m1]),
                games=tuple(Game(ids[white[j]], ids[black[j]], score[j]) for j in range(g0, g1)),
                end_date=s.end_date(e),
                start_date=s.start_date(e),
                pool=s.pool,
                dual_rated=bool(s.dual_rated[e]),
                kind=kinds[int(s.kind[e])],
                youth=bool(s.youth[e]),
            )
        )
    return out


def day_to_date(day: int) -> dt.date | None:
    """The date ``day`` days after 1970-01-01 (``None`` for :data:`NO_DAY`)."""
    return None if day == NO_DAY else EPOCH + dt.timedelta(days=day)


def _members(
    white: Int32Array, black: Int32Array, event_of_game: IntArray, events: int
) -> tuple[Int32Array, IntArray]:
    """Each event's players in order of first appearance in its games."""
    ev = np.repeat(event_of_game, 2)
    _, dense = np.unique(ev, return_inverse=True)
    who = np.column_stack([white, black]).ravel()
    key = dense.astype(np.int64) * (int(who.max(initial=0)) + 1) + who
    _, first = np.unique(key, return_index=True)
    first.sort()
    members = who[first].astype(np.int32)
    counts = np.bincount(dense[first], minlength=events)
    start = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    return members, start


class SeasonRatings(ABC, Generic[S]):
    """A rated season's results as columns, one row per member (player of an event):
    ``pre`` and ``post`` (NaN: unrated / no rating), ``games`` (m) and ``score``.

    :meth:`event_rating` builds one event's :class:`~arpad.systems.EventRating`;
    iterating builds them all in order; :attr:`states` are every player's after the last
    event, by id.
    """

    season: Season
    pre: FloatArray
    post: FloatArray
    games: IntArray
    score: FloatArray

    @abstractmethod
    def event_rating(self, e: int) -> EventRating[S]:
        """Event ``e``'s result as the per-event path gives it."""

    @property
    @abstractmethod
    def states(self) -> dict[str, S]:
        """Every player's state after the season, by id."""

    def __iter__(self) -> Iterator[EventRating[S]]:
        return (self.event_rating(e) for e in range(self.season.size))

    def __len__(self) -> int:
        return self.season.size

    # -- results as columns for a bulk writer (the ledger); a system's season overrides
    # these where it holds the columns, the defaults build every event's result.

    def member_results(self) -> MemberResults:
        """Every member's :class:`~arpad.systems.PlayerRating` fields as columns."""
        return MemberResults.of(self._member_objects()[0])

    def member_states(self) -> list[S]:
        """Every member's state after their event, member row by member row."""
        return self._member_objects()[1]

    def event_notes(self, e: int) -> tuple[str, ...]:
        """Event ``e``'s notes (:attr:`arpad.systems.EventRating.notes`)."""
        return self.event_rating(e).notes

    def _member_objects(self) -> tuple[list[PlayerRating], list[S]]:
        built: tuple[list[PlayerRating], list[S]] | None = getattr(self, "_members_built", None)
        if built is None:
            players: list[PlayerRating] = []
            states: list[S] = []
            s = self.season
            for e, result in enumerate(self):
                m0, m1 = int(s.member_start[e]), int(s.member_start[e + 1])
                for slot in s.members[m0:m1].tolist():
                    pid = s.players[slot]
                    players.append(result.player(pid))
                    states.append(result.states[pid])
            built = (players, states)
            self._members_built = built
        return built


class NotedSeasonRatings(SeasonRatings[S]):
    """A season's results with notes added to some events (the provenance notes
    :meth:`arpad.systems.RatingSystem.rate_event` adds, :func:`arpad.systems.season_provenance`):
    everything else is the season loop's results (``inner``), whose other columns
    (``expected``, ``game_expected`` …) read through."""

    def __init__(self, inner: SeasonRatings[S], notes: Mapping[int, tuple[str, ...]]) -> None:
        self.inner, self.notes = inner, notes
        self.season = inner.season
        self.pre, self.post, self.games, self.score = (
            inner.pre,
            inner.post,
            inner.games,
            inner.score,
        )

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def event_rating(self, e: int) -> EventRating[S]:
        result = self.inner.event_rating(e)
        added = self.notes.get(e)
        return result if not added else replace(result, notes=result.notes + added)

    @property
    def states(self) -> dict[str, S]:
        return self.inner.states

    def member_results(self) -> MemberResults:
        return self.inner.member_results()

    def member_states(self) -> list[S]:
        return self.inner.member_states()

    def event_notes(self, e: int) -> tuple[str, ...]:
        return self.inner.event_notes(e) + self.notes.get(e, ())


def _nan_if_none(value: float | None) -> float:
    return math.nan if value is None else value


@dataclass(frozen=True, eq=False)
class MemberResults:
    """A rated season's :class:`~arpad.systems.PlayerRating` fields, one row per member
    (:attr:`Season.members`); NaN where the field is ``None``. Every value is one the
    per-event path's ``PlayerRating`` accepts (its checks ran, or the season's own)."""

    pre: FloatArray
    post: FloatArray
    games: IntArray
    score: FloatArray
    expected: FloatArray
    k: FloatArray
    bonus: FloatArray
    method: list[str]
    performance: FloatArray
    floor: FloatArray
    notes: list[tuple[str, ...]]

    @classmethod
    def of(cls, players: Sequence[PlayerRating]) -> MemberResults:
        """The columns of ``players`` (one per member row)."""

        def column(values: Iterator[float | None]) -> FloatArray:
            return np.fromiter((_nan_if_none(v) for v in values), dtype=float, count=len(players))

        return cls(
            pre=column(p.pre for p in players),
            post=column(p.post for p in players),
            games=np.fromiter((p.games for p in players), dtype=np.int64, count=len(players)),
            score=column(p.score for p in players),
            expected=column(p.expected for p in players),
            k=column(p.k for p in players),
            bonus=column(p.bonus for p in players),
            method=[p.method for p in players],
            performance=column(p.performance for p in players),
            floor=column(p.floor for p in players),
            notes=[p.notes for p in players],
        )


def member_rows_of_games(season: Season) -> tuple[IntArray, IntArray]:
    """Each rated game's White and Black as member rows (their rows in the game's event),
    so that per-member work over the whole season (a performance rating each) is one
    vectorised call instead of one per event."""
    s = season
    n = max(len(s.players), 1)
    game_event = np.repeat(np.arange(s.size, dtype=np.int64), np.diff(s.game_start))
    member_event = np.repeat(np.arange(s.size, dtype=np.int64), np.diff(s.member_start))
    key = member_event * n + s.members
    order = np.argsort(key, kind="stable")
    ordered = key[order]
    white = order[np.searchsorted(ordered, game_event * n + s.white)]
    black = order[np.searchsorted(ordered, game_event * n + s.black)]
    return white.astype(np.int64), black.astype(np.int64)


def season_from_codes(
    event_of_game: IntArray,
    white: Int32Array,
    black: Int32Array,
    score: FloatArray,
    *,
    players: Sequence[str],
    event_ids: Sequence[str],
    end_day: Int32Array,
    pool: Pool = Pool.REGULAR,
    ratings: tuple[FloatArray, FloatArray] | None = None,
    rating_kind: str | None = None,
) -> Season:
    """:meth:`Season.from_games` for columns already coded (a bulk reader's): each game's
    event as a number ``0..len(event_ids)-1`` (non-decreasing; every event has a game),
    White and Black as indices into ``players``. Players are numbered by first appearance
    in the games, as :meth:`Season.from_games` numbers them.

    ``ratings``: White's and Black's rating in each game (NaN: none), of ``rating_kind``;
    a member's rating at an event is the one of his first game in it (a PGN's
    ``WhiteElo``, :attr:`Season.member_rating`), his entry rating his first member's."""
    ev = np.asarray(event_of_game, dtype=np.int64)
    if ev.size and np.any(np.diff(ev) < 0):
        raise ConfigError("a season's games must come event by event (non-decreasing)")
    both = np.column_stack([white, black]).ravel()
    # Each code's first cell by one pass (``np.minimum.at``), not a sort of every cell.
    first = np.full(len(players), len(both), dtype=np.int64)
    np.minimum.at(first, both, np.arange(len(both), dtype=np.int64))
    met = np.flatnonzero(first < len(both))
    in_order = met[np.argsort(first[met])]  # distinct: no tie to keep in order
    relabel = np.zeros(len(players), dtype=np.int32)
    relabel[in_order] = np.arange(len(in_order), dtype=np.int32)
    w, b = relabel[white], relabel[black]
    n = len(event_ids)
    game_start = np.concatenate([[0], np.cumsum(np.bincount(ev, minlength=n))]).astype(np.int64)
    members, member_start, first_seen = _members_of_numbered(w, b, ev, n)
    ids = tuple(players[c] for c in in_order.tolist())
    member_rating, entry_rating = None, np.full(len(ids), np.nan)
    if ratings is not None:
        member_rating = np.column_stack(ratings).ravel()[first_seen].astype(float)
        _, first_member = np.unique(members, return_index=True)
        entry_rating = member_rating[first_member]
    return Season(
        players=ids,
        white=w,
        black=b,
        score=np.asarray(score, dtype=float),
        game_start=game_start,
        members=members,
        member_start=member_start,
        event_ids=tuple(event_ids),
        end_day=np.asarray(end_day, dtype=np.int32),
        kind=np.zeros(n, dtype=np.int8),
        dual_rated=np.zeros(n, dtype=bool),
        youth=np.zeros(n, dtype=bool),
        entry_rating=entry_rating,
        entry_games=np.zeros(len(ids), dtype=np.int64),
        pool=pool,
        member_rating=member_rating,
        rating_kind=rating_kind if ratings is not None else None,
    )


def _members_of_numbered(
    white: Int32Array, black: Int32Array, event_of_game: IntArray, events: int
) -> tuple[Int32Array, IntArray, IntArray]:
    """:func:`_members` for games whose events are numbered ``0..events-1`` already (no
    renumbering: a season's worth of games is large), and each member's first appearance
    (an index into White, Black of game 0, White, Black of game 1 …)."""
    ev = np.repeat(event_of_game, 2)
    who = np.column_stack([white, black]).ravel()
    key = ev * (int(who.max(initial=0)) + 1) + who
    _, first = np.unique(key, return_index=True)
    first.sort()
    members = who[first].astype(np.int32)
    counts = np.bincount(ev[first], minlength=events)
    start = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    return members, start, first.astype(np.int64)
