"""The event model shared by every rating system: players, games, events.

Values are frozen dataclasses; nothing here knows about files or rating rules. An
:class:`Event` is validated when it is built (unique player ids, games between known
players, no self-pairing), so rating code can trust it.

Scores are from White's (the first-named player's) point of view: 1, ½ or 0.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType

from arpad.errors import InputError

RATING_LIMITS = (0.0, 4000.0)
"""The ratings an event file may carry, inclusive: every federation's scale lies inside,
and a rating outside is a broken file, not a player (D-input-2). Readers check it
(:func:`arpad.io.read_events`); the model itself refuses only NaN and infinities, because
the ledger builds entries from ratings that systems computed."""
MAX_COUNT = 1_000_000
"""The largest game count, event count or round number an event may carry: far above any
real player's or event's, and inside a 32-bit database integer (D-input-2)."""
MAX_ID_LENGTH = 200
"""Player and event ids are at most this long (the ledger's key columns, D-input-3)."""
MAX_CODE_LENGTH = 40
"""Titles, federations and FIDE ids are at most this long (D-input-3)."""
MAX_SEX_LENGTH = 10
"""A sex code (``m``, ``f``, ``w``) is at most this long: the ledger's ``players.sex``
column, so that PostgreSQL and SQLite refuse the same files (issue 24.6, D-robust-3)."""


DATE_LIMITS = (dt.date(1, 1, 1), dt.date(2999, 12, 31))
"""The dates an event may carry, inclusive: a chess event ends before the year 3000, and
rules that look past an event (FIDE 1986's next list, a year on) must not overflow the
calendar (an event ending in December 9999 did, issue 24). Year 1 is allowed for the
stand-in dates of files that number months instead (Kaggle 2010)."""


def check_date(value: dt.date, what: str, line: int | None = None) -> None:
    """Refuse a date outside :data:`DATE_LIMITS`.

    Raises:
        InputError: naming ``what`` and the date.
    """
    low, high = DATE_LIMITS
    if not low <= value <= high:
        raise InputError(
            f"{what} must lie between {low.isoformat()} and {high.isoformat()}, not "
            f"{value.isoformat()}",
            field=what,
            line=line,
        )


def check_rating(value: float, what: str, line: int | None = None) -> None:
    """Refuse a rating that is not finite or lies outside :data:`RATING_LIMITS`.

    Raises:
        InputError: naming ``what`` and the value.
    """
    low, high = RATING_LIMITS
    if not (math.isfinite(value) and low <= value <= high):
        raise InputError(
            f"{what} must lie between {low:g} and {high:g}, not {value!r}",
            field=what,
            line=line,
        )


def check_finite(value: float, what: str, line: int | None = None) -> None:
    """Refuse NaN and infinities (no rating system can start from them).

    Raises:
        InputError: naming ``what``.
    """
    if not math.isfinite(value):
        raise InputError(f"{what} must be a finite number, not {value!r}", field=what, line=line)


def check_count(value: int, what: str, line: int | None = None) -> None:
    """Refuse a count or round number outside ``0..MAX_COUNT``.

    Raises:
        InputError: naming ``what`` and the value.
    """
    if not 0 <= value <= MAX_COUNT:
        shown = repr(value) if abs(value) < 10**20 else f"a number of {len(str(value))} digits"
        raise InputError(
            f"{what} must be between 0 and {MAX_COUNT:,}, not {shown}", field=what, line=line
        )


_SURROGATE = re.compile("[\ud800-\udfff]")


def check_text(value: str, what: str, limit: int | None = None, line: int | None = None) -> None:
    """Refuse text that no database stores alike: a NUL character, or more than ``limit``
    characters (SQLite stores both; PostgreSQL refuses them).

    Raises:
        InputError: naming ``what``.
    """
    if "\x00" in value:
        raise InputError(f"{what} must not contain a NUL character", field=what, line=line)
    surrogate = _SURROGATE.search(value)
    if surrogate is not None:  # no UTF-8 for it: no file, terminal or database takes it
        raise InputError(
            f"{what} must not contain a lone surrogate "
            f"(U+{ord(surrogate.group()):04X}, from a JSON escape)",
            field=what,
            line=line,
        )
    if limit is not None and len(value) > limit:
        raise InputError(
            f"{what} must be at most {limit} characters, not {len(value)}", field=what, line=line
        )


class Pool(StrEnum):
    """The six US Chess rating pools (us-chess-rating-system-2020.txt, opening paragraph).

    Systems with a single pool (Elo, FIDE 1986, PRA) rate events of the ``regular`` pool.
    """

    REGULAR = "regular"
    QUICK = "quick"
    BLITZ = "blitz"
    ONLINE_REGULAR = "online-regular"
    ONLINE_QUICK = "online-quick"
    ONLINE_BLITZ = "online-blitz"


class EventKind(StrEnum):
    """What sort of event this is; some systems rate each kind differently."""

    TOURNAMENT = "tournament"
    MATCH = "match"
    FIDE_FOREIGN = "fide-foreign"


class Unplayed(StrEnum):
    """Rounds a player did not play over the board (never rated games).

    Codes follow the US Chess crosstable: H half-point bye, B full-point bye, X forfeit
    win, F forfeit loss, U unplayed / zero-point bye.
    """

    HALF_BYE = "H"
    FULL_BYE = "B"
    FORFEIT_WIN = "X"
    FORFEIT_LOSS = "F"
    UNPLAYED = "U"

    @property
    def points(self) -> float:
        """Points the round counts for in the standings (not in any rating)."""
        return {"H": 0.5, "B": 1.0, "X": 1.0, "F": 0.0, "U": 0.0}[self.value]


RESULT_SCORES: Mapping[str, float] = MappingProxyType(
    {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5, "½-½": 0.5, "0.5-0.5": 0.5}
)


def parse_result(text: str) -> float:
    """White's score from a result string.

    >>> parse_result("1/2-1/2")
    0.5

    Raises:
        InputError: for anything but ``1-0``, ``0-1`` or ``1/2-1/2`` (``½-½`` is accepted).
    """
    try:
        return RESULT_SCORES[text.strip()]
    except KeyError:
        raise InputError(
            f"unknown result {text!r}; use '1-0', '0-1' or '1/2-1/2'", field="result"
        ) from None


def format_result(score: float) -> str:
    """The result string for White's score (inverse of :func:`parse_result`)."""
    return {1.0: "1-0", 0.0: "0-1", 0.5: "1/2-1/2"}[score]


class RatingKind(StrEnum):
    """The federations whose ratings an event file can carry.

    A rating's kind is one of these or the registry name of an arpad rating system (a
    rating that system computed, e.g. ``"pra"``). Each rating system takes as its own only
    the kinds it declares (``RatingSystem.rating_kinds``) and initialises from the others
    only where its document says how; docs/formats.md says which kind each reader sets.
    """

    FIDE = "fide"
    US_CHESS = "uscf"
    CFC = "cfc"
    NATIONAL = "national"
    """A national federation's rating; :attr:`Rating.federation` names the federation."""


_KIND_PATTERN = re.compile(r"[a-z][a-z0-9-]*\Z")


def check_rating_kind(kind: str, line: int | None = None) -> str:
    """``kind`` if it is a lower-case name (``fide``, ``uscf``, ``pra`` …).

    Raises:
        InputError: anything else.
    """
    if not _KIND_PATTERN.match(kind):
        raise InputError(
            f"rating kind {kind!r} is not a lower-case name like 'fide', 'uscf' or 'national'",
            field="rating_kind",
            line=line,
        )
    return kind


@dataclass(frozen=True, slots=True)
class Rating:
    """A rating an event file gives, with the rating system it belongs to.

    ``games`` is the number of games it rests on when the file says (``None``: not said);
    ``federation`` names the federation of a :attr:`RatingKind.NATIONAL` rating.
    """

    kind: str
    value: float
    games: int | None = None
    federation: str | None = None

    def __post_init__(self) -> None:
        check_rating_kind(self.kind)
        if self.games is not None and self.games < 0:
            raise InputError(f"games must be ≥ 0, not {self.games!r}", field="games")

    @property
    def label(self) -> str:
        """How messages name the kind: ``FIDE``, ``US Chess``, ``national (GER)``, ``pra``."""
        names = {"fide": "FIDE", "uscf": "US Chess", "cfc": "CFC"}
        if self.kind == RatingKind.NATIONAL:
            return f"national ({self.federation})" if self.federation else "national"
        return names.get(self.kind, self.kind)


@dataclass(frozen=True, slots=True)
class PoolRating:
    """A player's standing in another pool, used to seed a new pool (US Chess §2)."""

    rating: float
    games: int
    established: bool | None = None
    """Whether that rating is established; ``None`` means "decide from ``games``"."""


@dataclass(frozen=True, slots=True)
class MatchChange:
    """A net rating change from an earlier rated match (US Chess §7 caps)."""

    date: dt.date
    change: float


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """A player as an event file describes them, including their pre-event standing.

    Only ``id`` is required. ``rating`` is ``None`` for a player unrated in the event's pool;
    ``rating_kind`` says which rating system it belongs to (``None``: the file does not
    say, and it is read as the rating of whichever system rates the event, as an
    ``arpad-event/1`` document without ``rating_kind`` always was). ``ratings`` holds
    further ratings of other kinds (a national rating beside the FIDE one). A system reads
    ratings through :meth:`rating_of`. The optional history fields let a single event be
    rated exactly without a ledger; the ledger fills them from its own records.
    """

    id: str
    name: str = ""
    rating: float | None = None
    games: int = 0
    """N: the number of games the pre-event rating is based on."""
    rating_kind: str | None = None
    """The rating system ``rating`` belongs to (a :class:`RatingKind` or a system name)."""
    ratings: tuple[Rating, ...] = ()
    """Further ratings the file gives, each with its kind (one per kind and federation)."""
    all_wins: bool = False
    """Every previous rated game was a win."""
    all_losses: bool = False
    """Every previous rated game was a loss."""
    floor: float | None = None
    """A known current rating floor; ``None`` means "compute it from the history"."""
    birth_date: dt.date | None = None
    fide: float | None = None
    cfc: float | None = None
    adult: bool = False
    """No birth date but known to be an adult (US Chess §2.7: treated as age 26)."""
    foreign_rating: float | None = None
    """An office-assigned converted foreign national rating (US Chess §2: N = 0)."""
    # A plain dict (read-only by its Mapping type): a MappingProxyType cannot be pickled, and
    # an event must travel to Dask's workers (arpad evaluate --dask).
    other_pools: Mapping[Pool, PoolRating] = field(default_factory=dict)
    wins: int | None = None
    draws: int | None = None
    losses: int | None = None
    rated_events: int | None = None
    """Events in which the player completed at least three rated games (US Chess N_R)."""
    peak: float | None = None
    """Highest established rating attained."""
    games_above_2200: int | None = None
    """Rated games played while established above 2200 (Original Life Master, US Chess §5)."""
    prize_floor: float | None = None
    match_changes: tuple[MatchChange, ...] = ()
    events: int | None = None
    """Rated events played before this one (used by K rules that count events)."""
    title: str | None = None
    federation: str | None = None
    sex: str | None = None
    fide_id: str | None = None
    published_post: float | None = None
    """A post-event rating printed by the federation, for comparison only."""
    published_games_after: int | None = None
    provisional: bool | None = None
    """Whether the source marked the pre-event rating provisional (``P17``)."""
    line: int | None = field(default=None, compare=False)
    """Where this player was read (source line), for error messages."""
    account: str | None = None
    """The player's account on the online platform the file comes from, as
    ``platform:username`` (``lichess:feyre17``): unique there, so the ledger knows the
    player by it across files (D-ident-6). ``None`` for over-the-board files."""
    rank: int | None = field(default=None, compare=False)
    """The player's final place as the file gives it (TRF columns 86-89: the order the
    arbiter's tie-breaks made; 0 for a withdrawn player), kept so that a report written back
    shows the file's ranking and crosstables list players in this order. ``None`` where the
    file gives none (standings are then ordered by score)."""

    def __post_init__(self) -> None:
        if not self.id:
            raise InputError("player id must not be empty", field="id", line=self.line)
        self._check_limits()
        if self.rating is None and self.games > 0:
            raise InputError(
                f"player {self.id!r} has games={self.games} but no rating",
                field="games",
                line=self.line,
            )
        if self.all_wins and self.all_losses:
            raise InputError(
                f"player {self.id!r} cannot have both all_wins and all_losses",
                field="all_wins",
                line=self.line,
            )
        if self.rating_kind is not None:
            check_rating_kind(self.rating_kind, self.line)

    def own_rating(self, kinds: Collection[str]) -> PlayerEntry:
        """This entry as a system taking ``kinds`` as its own sees it.

        ``rating``/``games`` become the entry's rating of one of ``kinds``: ``rating`` itself
        when its kind is one of them or unsaid, else the first of ``ratings``, ``fide``,
        ``cfc`` of such a kind (its games when the file says, else 0). Without one the player
        is unrated. When the rating changes kind, the history fields (which describe the
        old rating: floors, peak, record, events) are dropped. A rating of another kind is
        never used as-is; the system may still initialise from ``fide``/``cfc``/``ratings``
        where its document says how.
        """
        if self.rating is not None and (self.rating_kind is None or self.rating_kind in kinds):
            return self
        found = next((r for r in self.ratings if r.kind in kinds), None)
        if found is None and RatingKind.FIDE in kinds and self.fide is not None:
            found = Rating(RatingKind.FIDE, self.fide)
        if found is None and RatingKind.CFC in kinds and self.cfc is not None:
            found = Rating(RatingKind.CFC, self.cfc)
        if found is None and self.rating is None:
            return self
        return replace(
            self,
            rating=None if found is None else found.value,
            games=0 if found is None or found.games is None else found.games,
            rating_kind=None if found is None else found.kind,
            **_NO_HISTORY,  # type: ignore[arg-type]
        )

    def foreign_ratings(self, kinds: Collection[str]) -> tuple[Rating, ...]:
        """The ratings of this entry whose kind is said and is not one of ``kinds``."""
        out = list(self.ratings)
        if self.rating is not None and self.rating_kind is not None:
            out.insert(0, Rating(self.rating_kind, self.rating, self.games))
        return tuple(r for r in out if r.kind not in kinds)

    def rating_values(self) -> Iterator[tuple[str, float]]:
        """``(field, value)`` for every rating the entry carries, of every kind."""
        for what, rating in (
            ("rating", self.rating),
            ("floor", self.floor),
            ("fide", self.fide),
            ("cfc", self.cfc),
            ("foreign_rating", self.foreign_rating),
            ("peak", self.peak),
            ("prize_floor", self.prize_floor),
            ("published_post", self.published_post),
        ):
            if rating is not None:
                yield what, rating
        for pool, standing in self.other_pools.items():
            yield f"{pool.value} rating", standing.rating
        for other in self.ratings:
            yield f"{other.label} rating", other.value

    def _check_limits(self) -> None:
        """The limits every reader and both ledger databases share (D-input-2, D-input-3)."""
        check_text(self.id, "player id", MAX_ID_LENGTH, self.line)
        check_text(self.name, "name", None, self.line)
        if self.account is not None:
            check_text(self.account, "account", MAX_ID_LENGTH, self.line)
        for what, code, limit in (
            ("title", self.title, MAX_CODE_LENGTH),
            ("federation", self.federation, MAX_CODE_LENGTH),
            ("sex", self.sex, MAX_SEX_LENGTH),
            ("fide_id", self.fide_id, MAX_CODE_LENGTH),
        ):
            if code is not None:
                check_text(code, what, limit, self.line)
        for what, rating in self.rating_values():
            check_finite(rating, what, self.line)
        for pool, standing in self.other_pools.items():
            check_count(standing.games, f"{pool.value} games", self.line)
        for what, count in (
            ("games", self.games),
            ("wins", self.wins),
            ("draws", self.draws),
            ("losses", self.losses),
            ("rated_events", self.rated_events),
            ("games_above_2200", self.games_above_2200),
            ("events", self.events),
            ("published_games_after", self.published_games_after),
        ):
            if count is not None:
                check_count(count, what, self.line)
        for change in self.match_changes:
            check_finite(change.change, "match change", self.line)


_NO_HISTORY: Mapping[str, object] = MappingProxyType(
    {
        "all_wins": False,
        "all_losses": False,
        "floor": None,
        "wins": None,
        "draws": None,
        "losses": None,
        "rated_events": None,
        "peak": None,
        "games_above_2200": None,
        "prize_floor": None,
        "match_changes": (),
        "events": None,
        "provisional": None,
    }
)
"""The :class:`PlayerEntry` fields that describe the history of ``rating``."""


def check_game(
    white: str, black: str, score: float, round: int | None, line: int | None = None
) -> None:
    """The checks of a :class:`Game` (White's score 1, ½ or 0; a round a count; no player
    meeting himself), for a reader that keeps its games as columns.

    Raises:
        InputError: the first check that fails, with ``line``.
    """
    if score not in (0.0, 0.5, 1.0):
        raise InputError(f"score must be 1, 0.5 or 0, not {score!r}", line=line)
    if round is not None:
        check_count(round, "round", line)
    if white == black:
        raise InputError(f"player {white!r} cannot play themself", field="black", line=line)


@dataclass(frozen=True, slots=True)
class Game:
    """One game. ``score`` is White's score: 1, ½ or 0."""

    white: str
    black: str
    score: float
    round: int | None = None
    rated: bool = True
    """False for a game that counts in standings but not in ratings."""
    line: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        check_game(self.white, self.black, self.score, self.round, self.line)

    def score_of(self, player: str) -> float:
        """The score of ``player`` in this game."""
        if player == self.white:
            return self.score
        if player == self.black:
            return 1.0 - self.score
        raise KeyError(player)

    def opponent_of(self, player: str) -> str:
        """The other player."""
        if player == self.white:
            return self.black
        if player == self.black:
            return self.white
        raise KeyError(player)


@dataclass(frozen=True, slots=True)
class UnplayedRound:
    """A round a player did not play over the board (bye, forfeit)."""

    player: str
    kind: Unplayed
    round: int | None = None
    opponent: str | None = None
    line: int | None = field(default=None, compare=False)
    cell: str | None = field(default=None, compare=False)
    """The source file's own text for this round (a TRF's eight columns: ``"0000 - H"``,
    ``"       U"`` …), so that a report written back keeps the file's bye code."""


@dataclass(frozen=True, slots=True)
class Event:
    """A rated event: players with their pre-event standing, and the games.

    Raises:
        InputError: duplicate player ids, games naming unknown players, or an empty id.
    """

    id: str
    players: tuple[PlayerEntry, ...]
    games: tuple[Game, ...]
    name: str = ""
    end_date: dt.date | None = None
    pool: Pool = Pool.REGULAR
    dual_rated: bool = False
    """Rated in both Regular and Quick (US Chess: G/30 to G/60+5 OTB)."""
    kind: EventKind = EventKind.TOURNAMENT
    unplayed: tuple[UnplayedRound, ...] = ()
    youth: bool = False
    """A youth event (US Chess §6 youth conversion for FIDE events)."""
    source: str | None = None
    """The file the event was read from, for messages."""
    start_date: dt.date | None = None
    """The first day (FIDE rates an event on the list in force when it starts)."""
    records: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """The source file's header records as ``(code, rest of the line)`` in file order, the
    rest as written from the column after the code (a TRF's city,
    type, arbiters, time control, round dates, pairing-program extensions …): nothing rates
    from them; a report written back keeps them."""
    end_date_implied: bool = field(default=False, compare=False)
    """The end date is only the last day of the period a partial date names (a PGN's
    ``1924.??.??``): an end date the user gives (``arpad import --date``) takes its place."""
    _index: dict[str, PlayerEntry] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )

    def __post_init__(self) -> None:  # noqa: C901
        if not self.id:
            raise InputError("event id must not be empty", field="id")
        check_text(self.id, "event id", MAX_ID_LENGTH)
        check_text(self.name, "event name")
        for what, day in (("end date", self.end_date), ("start date", self.start_date)):
            if day is not None:
                check_date(day, what)
        seen: set[str] = set()
        for p in self.players:
            if p.id in seen:
                raise InputError(f"duplicate player id {p.id!r}", field="id", line=p.line)
            seen.add(p.id)
        for g in self.games:
            for who, role in ((g.white, "white"), (g.black, "black")):
                if who not in seen:
                    raise InputError(
                        f"game names unknown player {who!r}; add it to players",
                        field=role,
                        line=g.line,
                    )
        for u in self.unplayed:
            if u.round is not None:
                check_count(u.round, "round", u.line)
            if u.player not in seen:
                raise InputError(f"unknown player {u.player!r}", field="player", line=u.line)

    @property
    def pools(self) -> tuple[Pool, ...]:
        """The pools this event is rated in: two for a dual-rated event."""
        if self.dual_rated and self.pool in (Pool.REGULAR, Pool.QUICK):
            return (Pool.REGULAR, Pool.QUICK)
        return (self.pool,)

    def in_pool(self, pool: Pool) -> Event:
        """This event as seen from another pool (the Quick side of a dual-rated event).

        Each player's ``rating``/``games`` become their standing in ``pool`` (from
        ``other_pools``, or unrated), and the primary pool's standing moves into
        ``other_pools``. Pool-specific history (floors, peaks, win counts) is known only
        for the primary pool, so it is dropped for the other.
        """
        if pool == self.pool:
            return self
        entries = []
        for p in self.players:
            others = {k: v for k, v in p.other_pools.items() if k != pool}
            # Pools are US Chess's: a rating of another kind is no pool's standing.
            if p.rating is not None and p.rating_kind in (None, RatingKind.US_CHESS):
                others[self.pool] = PoolRating(p.rating, p.games)
            target = p.other_pools.get(pool)
            entries.append(
                PlayerEntry(
                    id=p.id,
                    name=p.name,
                    rating=None if target is None else target.rating,
                    games=0 if target is None else target.games,
                    rating_kind=p.rating_kind if p.rating_kind == RatingKind.US_CHESS else None,
                    ratings=p.ratings,
                    birth_date=p.birth_date,
                    fide=p.fide,
                    cfc=p.cfc,
                    adult=p.adult,
                    foreign_rating=p.foreign_rating,
                    other_pools=others,
                    title=p.title,
                    federation=p.federation,
                    sex=p.sex,
                    fide_id=p.fide_id,
                    line=p.line,
                )
            )
        return replace(self, pool=pool, players=tuple(entries))

    @property
    def player_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.players)

    def player(self, player_id: str) -> PlayerEntry:
        """The entry of ``player_id`` (KeyError if absent); indexed, so looking up every
        player costs linear time, not quadratic (issue 15)."""
        if not self._index:
            self._index.update((p.id, p) for p in self.players)
        return self._index[player_id]

    def label(self, player_id: str) -> str:
        """How messages name a player: the name, or the id when the file gives none
        (notes name players, not start numbers; issue 15)."""
        return self.player(player_id).name or player_id

    def rated_games(self) -> Iterator[Game]:
        return (g for g in self.games if g.rated)

    def games_of(self, player_id: str) -> list[Game]:
        """The rated games of one player, in event order."""
        return [g for g in self.games if g.rated and player_id in (g.white, g.black)]

    def results_of(self, player_id: str) -> list[tuple[str, float]]:
        """``(opponent, score)`` for each rated game of ``player_id``."""
        return [(g.opponent_of(player_id), g.score_of(player_id)) for g in self.games_of(player_id)]

    def results_by_player(self) -> dict[str, list[tuple[str, float]]]:
        """``(opponent, score)`` lists for every player, in one pass over the games."""
        out: dict[str, list[tuple[str, float]]] = {p.id: [] for p in self.players}
        for g in self.games:
            if g.rated:
                out[g.white].append((g.black, g.score))
                out[g.black].append((g.white, 1.0 - g.score))
        return out

    def total_points(self, player_id: str) -> float:
        """Standings points: rated and unrated games plus byes and forfeits."""
        pts = sum(g.score_of(player_id) for g in self.games if player_id in (g.white, g.black))
        pts += sum(u.kind.points for u in self.unplayed if u.player == player_id)
        return pts


def build_event(
    event_id: str,
    players: Iterable[PlayerEntry],
    games: Iterable[Game],
    **fields: object,
) -> Event:
    """Convenience constructor taking iterables.

    >>> e = build_event("e1", [PlayerEntry("a"), PlayerEntry("b")], [Game("a", "b", 1.0)])
    >>> e.results_of("b")
    [('a', 0.0)]
    """
    return Event(id=event_id, players=tuple(players), games=tuple(games), **fields)  # type: ignore[arg-type]


def identity_key(entry: PlayerEntry) -> str:
    """How one player is recognised across the files of a rating period: FIDE id, else
    name, else the file's player id.

    >>> identity_key(PlayerEntry("7", name="Tal, Mikhail"))
    'name:tal, mikhail'
    """
    if entry.fide_id:
        return f"fide:{entry.fide_id}"
    if entry.name:
        return f"name:{entry.name.strip().lower()}"
    return f"id:{entry.id}"
