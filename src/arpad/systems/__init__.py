"""The common interface every rating system exposes, and the registry of systems.

A rating system is a pure function of (event, the players' prior states, configuration)
returning an :class:`EventRating`. Each system lives in its own module and publishes one
:class:`RatingSystem` value named ``SYSTEM`` built from three functions with the same
names everywhere:

- ``state_from_entry(entry, event, config) -> State``: a player's prior state in this
  system, read from what the event file says about them (rating, games, history). The
  ledger supplies states from its own records instead. :meth:`RatingSystem.rate_event`
  and :meth:`RatingSystem.prior_state` hand it the entry as the system sees it: its
  ``rating`` is one of the system's own kinds (``rating_kinds``) or ``None``, never
  another system's rating (:meth:`arpad.model.PlayerEntry.own_rating`).
- ``rate_event(event, states, config) -> EventRating``: rate one event. ``states`` holds
  a state for every player of the event. Pure and deterministic.
- ``list_entry(state, config) -> ListEntry``: how the state shows on a rating list.

States and configurations are frozen dataclasses. A state's fields are JSON-friendly
(numbers, strings, booleans, ``None``, dates, enums, and tuples or frozen dataclasses of
those) so the ledger can store them.

Systems are looked up by name with :func:`get_system`; :data:`REGISTRY` maps each name to
its module, imported on first use.

Beyond those three, a system gives (see :class:`RatingSystem`): its expectancy over two
states (``expected_score_fn``, vectorised), a newcomer state, optionally its own rating
period (``rate_period_fn``) and a batch engine for many events (``rate_batch_fn``). The
methods of :class:`RatingSystem` are the one way in: they check that states and
configuration belong to the system and fill in what a system leaves to the default.
:func:`arpad.replay` drives a system over a whole history.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import importlib
import math
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from arpad.errors import ConfigError, RatingError
from arpad.model import Event, Game, PlayerEntry, Pool, Rating, check_count, check_rating

if TYPE_CHECKING:  # numpy is imported when a prediction is made, not with the package
    import numpy as np
    import numpy.typing as npt

    from arpad.curves import FloatArray
    from arpad.season import Season, SeasonRatings

    IntArray = npt.NDArray[np.int64]

C = TypeVar("C")
S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One player's outcome of rating one event in one system.

    ``post`` is ``None`` when the system gives the player no rating from this event
    (for example too few games); ``pre`` is ``None`` for a player who was unrated.
    """

    player_id: str
    pre: float | None
    post: float | None
    games: int
    """m: rated games played in the event."""
    score: float
    expected: float | None = None
    """Expected score against the opponents met (the system's own formula)."""
    k: float | None = None
    bonus: float = 0.0
    method: str = ""
    """Which formula rated the player (e.g. ``special``, ``standard``)."""
    performance: float | None = None
    """Performance rating in the event (±inf for a perfect or zero score)."""
    floor: float | None = None
    """The rating floor that bound the result, if one did."""
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # A rule that divides by a perfect score must say so, not hand an infinity to the
        # tables and the ledger (issue 24.3; the ledger's CHECK constraints, revision 0007).
        for what, value in (
            ("pre", self.pre),
            ("post", self.post),
            ("score", self.score),
            ("expected", self.expected),
            ("k", self.k),
            ("bonus", self.bonus),
            ("floor", self.floor),
        ):
            if value is not None and not math.isfinite(value):
                raise RatingError(
                    f"player {self.player_id!r}: {what} came out as {value!r}, not a finite number"
                )
        if self.performance is not None and math.isnan(self.performance):
            raise RatingError(f"player {self.player_id!r}: the performance came out as NaN")

    @property
    def change(self) -> float | None:
        """``post - pre`` when both exist."""
        if self.pre is None or self.post is None:
            return None
        return self.post - self.pre


@dataclass(frozen=True, slots=True)
class EventRating(Generic[S]):
    """The result of rating one event in one pool of one system."""

    system: str
    event_id: str
    pool: Pool
    players: tuple[PlayerRating, ...]
    states: Mapping[str, S]
    """Every player's state after the event."""
    notes: tuple[str, ...] = ()
    _index: dict[str, PlayerRating] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )

    def player(self, player_id: str) -> PlayerRating:
        """The result of ``player_id`` (KeyError if absent); indexed, so a table of every
        player costs linear time, not quadratic (issue 15)."""
        if not self._index:
            self._index.update((p.player_id, p) for p in self.players)
        return self._index[player_id]


@dataclass(frozen=True, slots=True)
class ListEntry:
    """How a player's state appears on a published rating list."""

    rating: float | None
    games: int
    established: bool
    mark: str = ""
    """The system's mark for a non-established rating (``P12``, ``*``), or ``""``."""

    def __post_init__(self) -> None:
        if self.rating is not None and not math.isfinite(self.rating):
            raise RatingError(f"a list rating came out as {self.rating!r}, not a finite number")


@dataclass(frozen=True, slots=True)
class PeriodLine:
    """One player's line of a rating period (one row of the new list)."""

    key: str
    name: str
    old: float | None
    """The rating the period started from (``None``: unrated)."""
    new: float | None
    """The new list rating (unrounded); ``None`` while unrated."""
    games: int
    changes: tuple[tuple[str, float], ...]
    """``(event id, ΔR)`` for each event in which a change was calculated."""
    notes: tuple[str, ...] = ()
    listed: bool | None = None
    """Whether the rating makes the published list (FIDE 1986: over 2200, women 1900,
    §4.42); ``None`` for a system without a list minimum."""

    @property
    def change(self) -> float:
        return math.fsum(c for _, c in self.changes)


@dataclass(frozen=True, slots=True)
class PeriodRating(Generic[S]):
    """The result of rating several events: each event's result, and the states after."""

    events: tuple[EventRating[S], ...]
    states: Mapping[str, S]
    """Every player's state after the last event, by player key."""
    lines: tuple[PeriodLine, ...] = ()
    """One line per player of the period (empty from a batch engine)."""
    notes: tuple[str, ...] = ()


ExpectedScoreFn = Callable[[Sequence[S], Sequence[S], C, float], "FloatArray"]
"""``(a_states, b_states, config, first_move_advantage) -> E`` for equal-length sequences:
the expected score of each ``a`` against the ``b`` beside it, by the system's own curve."""

DrawModel = Callable[["FloatArray", float], "FloatArray"]
"""``(expected, nu) -> (n, 3)``: P(White wins), P(draw), P(Black wins) of each game from
the system's expected score of White (White's advantage included) and a draw parameter
(:mod:`arpad.systems.davidson`)."""

PeriodFn = Callable[
    [Sequence[Event], Mapping[str, S], C, Callable[[PlayerEntry], str]], PeriodRating[S]
]
"""``(events, states, config, key) -> PeriodRating``; ``key`` names a player across events."""

BatchFn = Callable[[Sequence[Event], Mapping[str, S], C], PeriodRating[S]]
"""``(events, states, config) -> PeriodRating``: rate independent events in order, exactly
as :meth:`RatingSystem.rate_event` one by one would (states keyed by player id)."""

SeasonFn = Callable[["Season", Mapping[str, S], C], "SeasonRatings[S]"]
"""``(season, states, config) -> SeasonRatings``: a columnar season rated by the system's
compiled season loop, equal to :meth:`RatingSystem.rate_event` event by event to the last
bit (states keyed by player id; players not in them start from their entry columns, or
their first entry where the season keeps its events)."""

PoolFn = Callable[[Mapping[str, S], C, "float | None"], Mapping[str, S]]
"""``(states, config, anchor) -> states``: a rule the system applies now and then to its
whole pool, outside any event (the PRA's ``adj``); ``anchor`` ``None`` = the system's own."""


class RoundEngine(Protocol):
    """A population rated round by round as arrays (:attr:`RatingSystem.round_engine`).

    Player ``i`` is the ``i``-th of the states the engine was started from. A round is a
    perfect matching (no player in two games): ``play_round`` rates it exactly as
    :meth:`RatingSystem.rate_batch` rates the same games as one one-game event each.
    """

    @property
    def ratings(self) -> FloatArray:
        """Every player's rating as :attr:`RatingSystem.list_entry` lists it."""
        ...

    def play_round(self, white: IntArray, black: IntArray, score: FloatArray) -> None:
        """Rate games ``white[k]`` v ``black[k]`` (White scores ``score[k]``)."""
        ...

    def adjust_pool(self, anchor: float | None) -> None:
        """The system's :attr:`RatingSystem.pool_adjustment_fn` over the whole population
        (called only for a system that has one)."""
        ...


RoundEngineFactory = Callable[[Sequence[S], C], "RoundEngine | None"]
"""``(states, config) -> engine``: a :class:`RoundEngine` over players in these states, or
``None`` where the engine does not cover the states or configuration (then rate the round's
events by :meth:`RatingSystem.rate_batch`)."""


@dataclass(frozen=True, slots=True)
class EstimateRequest:
    """What a rating estimator is asked (``arpad estimate``, the web's estimator): one
    player's rating and games, and results against opponents whose ratings are taken as
    they are. The optional facts are read only by the estimators that name them in
    :attr:`Estimator.uses`."""

    rating: float | None
    """The player's rating; ``None``: unrated."""
    games: int | None
    """Games the rating is based on; ``None``: not given (the estimator's default)."""
    results: tuple[tuple[float, float], ...]
    """``(opponent's rating, score)`` per game."""
    day: dt.date
    """The event's date: it picks the rules in force (the caller's clock, not the core's)."""
    all_wins: bool = False
    all_losses: bool = False
    initial: float | None = None
    """An unrated player's initial rating, when known."""
    k: int | None = None
    """A fixed development coefficient (as FIDE's calculator asks for one)."""
    birth_year: int | None = None
    reached_top: bool | None = None
    """The player's published rating has reached the top band; ``None``: judged from
    :attr:`rating`."""
    rating_type: str = "standard"

    def __post_init__(self) -> None:
        # Every entry (the CLI's options, the web form, the API) is checked here, once:
        # NaN, infinities and ratings off every federation's scale are refused with one
        # line instead of reaching a formula (issue 23.5).
        if self.rating is not None:
            check_rating(self.rating, "rating")
        if self.initial is not None:
            check_rating(self.initial, "initial rating")
        for number, (opponent, score) in enumerate(self.results, start=1):
            check_rating(opponent, f"opponent {number}'s rating")
            if score not in (0.0, 0.5, 1.0):
                raise ConfigError(f"game {number}: the score must be 1, 0.5 or 0, not {score!r}")
        for what, count in (("games", self.games), ("k", self.k)):
            if count is not None:
                check_count(count, what)


@dataclass(frozen=True, slots=True)
class Estimate:
    """An estimator's answer: the new rating, and the calculation as the federation's
    calculator shows it (for a reader: text, in order)."""

    rating: PlayerRating
    rules: str
    """The rules applied, e.g. ``US Chess (2020), B = 10, event of 2025-03-01``."""
    lines: tuple[tuple[str, str], ...] = ()
    """``(label, value)`` of each step of the calculation."""
    games: tuple[tuple[str, ...], ...] = ()
    """A game-by-game table, its header first; empty: none."""


@dataclass(frozen=True, slots=True)
class Estimator:
    """A system's rating estimator (the hook :attr:`RatingSystem.estimator`)."""

    title: str
    note: str
    """What it takes as given, for the reader of its result."""
    run: Callable[[EstimateRequest, Any], Estimate]
    """``run(request, config)``; raises ``ConfigError`` for input it cannot estimate."""
    uses: frozenset[str] = frozenset()
    """The optional :class:`EstimateRequest` fields it reads (others are refused by the
    command line rather than ignored)."""
    needs_games: bool = False
    """A rating must come with its number of games (US Chess: N decides K and the
    formula); otherwise ``games=None`` takes the estimator's default."""


ESTABLISHED_GAMES = 50
"""Games behind a plain rating given to :meth:`RatingSystem.rate_game`."""


def _entry_id(entry: PlayerEntry) -> str:
    return entry.id


@dataclass(frozen=True)
class RatingSystem(Generic[C, S]):
    """A rating system: its name, configuration and state types, and its functions.

    Required: ``state_from_entry``, ``rate_event_fn``, ``list_entry`` and (checked by the
    conformance suite, ``tests/test_conformance.py``) ``expected_score_fn``. Optional:
    ``newcomer`` (default: the state type's defaults), ``rate_period_fn`` (default: rate
    the events in order), ``rate_batch_fn`` (default: none; :func:`arpad.replay` then
    rates event by event) and ``round_engine`` (default: none; the simulation lab then
    rates its rounds' events by :meth:`rate_batch`).
    """

    name: str
    title: str
    source: str
    config_type: type[C]
    state_type: type[S]
    state_from_entry: Callable[[PlayerEntry, Event, C], S]
    rate_event_fn: Callable[[Event, Mapping[str, S], C], EventRating[S]]
    list_entry: Callable[[S, C], ListEntry]
    pools: tuple[Pool, ...] = field(default=tuple(Pool))
    rating_kinds: tuple[str, ...] = ()
    """Kinds of file ratings (:class:`~arpad.model.RatingKind` values or system names) this
    system takes as its own, besides its own name; see :meth:`own_kinds`."""
    initialises_from: tuple[str, ...] = ()
    """Kinds this system's document converts into an initial rating (US Chess §2: FIDE,
    CFC); ratings of these kinds are not used as-is but are not ignored either."""

    def own_kinds(self) -> frozenset[str]:
        """The kinds of file rating this system rates from as-is (docs/formats.md)."""
        return frozenset((self.name, *map(str, self.rating_kinds)))

    def seen_as_own(self, event: Event) -> Event:
        """``event`` with each entry's rating the one of this system's kinds, or unrated
        (:meth:`arpad.model.PlayerEntry.own_rating`): a rating of another system is
        never used as-is."""
        kinds = self.own_kinds()
        given = event.players
        players = tuple([p.own_rating(kinds) for p in given])
        if all(map(operator.is_, players, given)):  # C-level: the usual case, no change
            return event
        return dataclasses.replace(event, players=players)

    def prior_state(self, entry: PlayerEntry, event: Event, config: C) -> S:
        """:attr:`state_from_entry` of ``entry`` as this system sees it (its own kinds of
        rating only, :meth:`arpad.model.PlayerEntry.own_rating`)."""
        return self.state_from_entry(entry.own_rating(self.own_kinds()), event, config)

    expected_score_fn: ExpectedScoreFn[S, C] | None = None
    newcomer: Callable[[C], S] | None = None
    rate_period_fn: PeriodFn[S, C] | None = None
    rate_batch_fn: BatchFn[S, C] | None = None
    season_fn: SeasonFn[S, C] | None = None
    """The compiled season loop over a :class:`~arpad.season.Season` (``None``: the system
    has none; :func:`arpad.replay` then rates a season's events one by one)."""
    season_predicts: bool = False
    """The season loop's results (:attr:`season_fn`) carry each rated game's expected score
    for White before its event as the column ``game_expected`` (what :func:`arpad.replay`
    announces to ``predict``, to the last bit), and ``pre`` is each member's list rating
    before it: ``arpad evaluate`` then reads its predictions from the columns."""
    pool_adjustment_fn: PoolFn[S, C] | None = None
    """A periodic rule over the whole pool, not part of rating an event (the PRA's ``adj``,
    D-pra-1); the caller picks the period (the simulation lab: every round)."""
    round_engine: RoundEngineFactory[S, C] | None = None
    """Perfect-matching rounds of a whole population rated as arrays, equal to
    :meth:`rate_batch` of the round's one-game events (the simulation lab's fast path,
    D-simfast-1); ``None``: the lab rates the events."""
    publish: Callable[[float, C], float] | None = None
    """How the federation prints a rating on its list (Elo: rounded half up); lists,
    histories and the ledger keep the unrounded rating, renderers call :meth:`published`."""
    zero_sum_expectancy: bool = True
    """``E(a, b) + E(b, a) = 1`` for every pair. ``False`` only where the federation's own
    rule breaks it (FIDE since 1 October 2025: a player rated 2650 or more uses the full
    rating difference, his opponent the capped one); the conformance suite checks it."""
    refits_history: bool = False
    """Each event refits every rating from the whole history so far (Elo++, WHR): minutes
    of CPU on a large history, so ``arpad evaluate`` runs such a system only when it is
    named with ``-s``."""
    estimator: Estimator | None = None
    """One player's change against fixed opponents' ratings, like the federation's own
    estimator (:meth:`estimate`); ``None``: the system offers none."""
    draw_model: DrawModel | None = None
    """Three outcomes (win, draw, loss) from the expected score and a draw parameter ν:
    Davidson's model for a system whose expected score is a Bradley–Terry probability
    (:func:`arpad.systems.davidson.bradley_terry`, D-eval2-1); ``None``: the system
    predicts the score only, and ``arpad evaluate`` shows no three-outcome loss for it."""

    def require_estimator(self) -> Estimator:
        """:attr:`estimator`.

        Raises:
            ConfigError: the system has none (naming the systems that have one).
        """
        if self.estimator is None:
            raise ConfigError(
                f"system {self.name!r} has no rating estimator; these do: "
                f"{', '.join(estimator_names())}"
            )
        return self.estimator

    def estimate(self, request: EstimateRequest, config: C | None = None) -> Estimate:
        """Run the system's estimator.

        Raises:
            ConfigError: the system has no estimator, or the estimator refuses the request.
        """
        return self.require_estimator().run(request, self.config_or_default(config))

    def default_config(self) -> C:
        return self.config_type()

    def config_or_default(self, config: C | None) -> C:
        """``config``, or the default one; another system's configuration is refused.

        Raises:
            ConfigError: ``config`` is not a ``config_type``.
        """
        if config is None:
            return self.default_config()
        if not isinstance(config, self.config_type):
            raise ConfigError(
                f"system {self.name!r} takes a {self.config_type.__name__}, "
                f"not a {type(config).__name__}"
            )
        return config

    def check_state(self, state: object, who: str = "a state") -> S:
        """``state`` if it is one of this system's states.

        Raises:
            ConfigError: it is another system's state (or not a state at all).
        """
        if not isinstance(state, self.state_type):
            raise ConfigError(
                f"system {self.name!r} takes {self.state_type.__name__} states; {who} is a "
                f"{type(state).__name__}"
            )
        return state

    def published(self, rating: float | None, config: C | None = None) -> float | None:
        """``rating`` as the system publishes it on a list (unchanged where it has no rule).

        >>> get_system("elo").published(2412.5)
        2413.0
        """
        if rating is None or self.publish is None or not math.isfinite(rating):
            return rating
        return self.publish(rating, self.config_or_default(config))

    def newcomer_state(self, config: C | None = None) -> S:
        """The state of a player new to the system (unrated, or the system's start rating)."""
        cfg = self.config_or_default(config)
        return self.state_type() if self.newcomer is None else self.newcomer(cfg)

    def rate_event(
        self,
        event: Event,
        states: Mapping[str, S] | None = None,
        config: C | None = None,
    ) -> EventRating[S]:
        """Rate ``event``; players missing from ``states`` get :attr:`state_from_entry`.

        Raises:
            ConfigError: the event is in a pool the system does not rate, or ``states`` or
                ``config`` belong to another system.
        """
        cfg = self.config_or_default(config)
        if event.pool not in self.pools:
            names = ", ".join(p.value for p in self.pools)
            raise ConfigError(
                f"system {self.name!r} rates the pools {names}; event {event.id!r} is "
                f"{event.pool.value!r}"
            )
        own = self.seen_as_own(event)
        full: dict[str, S] = {}
        if states is not None:
            for pid, state in states.items():
                full[pid] = self.check_state(state, f"the state of {pid!r}")
        for p in own.players:
            if p.id not in full:
                full[p.id] = self.state_from_entry(p, own, cfg)
        result = self.rate_event_fn(own, full, cfg)
        fresh = set(full) - set(states or ())
        notes = provenance_notes(self, event, own, result, fresh)
        return dataclasses.replace(result, notes=result.notes + notes) if notes else result

    def rate_game(
        self,
        a: S | PlayerEntry | float,
        b: S | PlayerEntry | float,
        score: float,
        config: C | None = None,
        *,
        games: int = ESTABLISHED_GAMES,
    ) -> EventRating[S]:
        """Rate one game between ``a`` (White) and ``b`` as a one-game event.

        Each player is a state of this system, a :class:`~arpad.model.PlayerEntry`, or a
        plain rating, read as an event file giving that rating based on ``games`` games
        (default 50: established in every system here). The players' ids are ``"a"`` and
        ``"b"``; ``score`` is ``a``'s: 1, ½ or 0.

        >>> result = get_system("uscf").rate_game(1500.0, 1700.0, 1.0)
        >>> round(result.player("a").post, 2)
        1533.15
        """
        entries: list[PlayerEntry] = []
        states: dict[str, S] = {}
        for pid, who in (("a", a), ("b", b)):
            if isinstance(who, PlayerEntry):
                entries.append(replace(who, id=pid))
            elif isinstance(who, int | float):
                entries.append(PlayerEntry(pid, rating=float(who), games=games))
            else:
                states[pid] = self.check_state(who, f"player {pid!r}")
                entries.append(PlayerEntry(pid))
        event = Event(id="game", players=tuple(entries), games=(Game("a", "b", score),))
        return self.rate_event(event, states, config)

    def expected_score(
        self,
        a: S | Sequence[S],
        b: S | Sequence[S],
        config: C | None = None,
        *,
        first_move_advantage: float = 0.0,
    ) -> Any:
        """The expected score of ``a`` against ``b`` by the system's own expectancy.

        ``a`` and ``b`` are states or sequences of states (one of them may be a single
        state, set against every element of the other). Returns a float for two states,
        else a numpy array. ``first_move_advantage`` is added to ``a``'s rating (points).

        Raises:
            ConfigError: a state of another system, sequences of different lengths, or a
                system that offers no expectancy.
        """
        cfg = self.config_or_default(config)
        if self.expected_score_fn is None:
            raise ConfigError(f"system {self.name!r} offers no expected score")
        scalar = isinstance(a, self.state_type) and isinstance(b, self.state_type)
        left = self._state_list(a, "a")
        right = self._state_list(b, "b")
        if len(left) == 1 and len(right) != 1:
            left = left * len(right)
        elif len(right) == 1 and len(left) != 1:
            right = right * len(left)
        if len(left) != len(right):
            raise ConfigError(
                f"expected_score needs sequences of one length, not {len(left)} and {len(right)}"
            )
        out = self.expected_score_fn(left, right, cfg, float(first_move_advantage))
        return float(out[0]) if scalar else out

    def outcome_probabilities(
        self,
        a: S | Sequence[S],
        b: S | Sequence[S],
        config: C | None = None,
        *,
        nu: float,
        first_move_advantage: float = 0.0,
    ) -> Any:
        """P(``a`` wins), P(draw), P(``b`` wins) by the system's :attr:`draw_model` with
        draw parameter ``nu``: a ``(3,)`` array for two states, else ``(n, 3)``.

        Raises:
            ConfigError: the system has no draw model, ``nu`` is negative, or as
                :meth:`expected_score`.
        """
        import numpy as np  # the systems' modules import it; this one stays light

        if self.draw_model is None:
            raise ConfigError(f"system {self.name!r} has no draw model")
        if not nu >= 0.0:
            raise ConfigError(f"the draw parameter nu must be 0 or more, not {nu}")
        expected = self.expected_score(a, b, config, first_move_advantage=first_move_advantage)
        probs = self.draw_model(np.atleast_1d(np.asarray(expected, dtype=float)), float(nu))
        return probs[0] if np.ndim(expected) == 0 else probs

    def _state_list(self, value: S | Sequence[S], name: str) -> list[S]:
        if isinstance(value, self.state_type):
            return [value]
        if isinstance(value, str) or not isinstance(value, Sequence):
            try:
                items = list(value)  # type: ignore[call-overload]
            except TypeError:
                self.check_state(value, name)
                raise  # pragma: no cover - check_state raised
        else:
            items = list(value)
        return [self.check_state(s, f"{name}[{i}]") for i, s in enumerate(items)]

    def rate_period(
        self,
        events: Sequence[Event],
        states: Mapping[str, S] | None = None,
        config: C | None = None,
        *,
        key: Callable[[PlayerEntry], str] | None = None,
    ) -> PeriodRating[S]:
        """Rate a rating period's events: by the system's period rules where it has them
        (FIDE 1986), else each event in order from the states the previous ones left.

        ``states`` and the result's states are keyed by ``key(entry)`` (default: the
        player id), so one player is recognised across the period's files.
        """
        cfg = self.config_or_default(config)
        start: dict[str, S] = {}
        for k, state in (states or {}).items():
            start[k] = self.check_state(state, f"the state of {k!r}")
        key_of = _entry_id if key is None else key
        if self.rate_period_fn is not None:
            own = [self.seen_as_own(e) for e in events]
            return self.rate_period_fn(own, start, cfg, key_of)
        return self._in_order(events, start, cfg, key_of)

    def _in_order(
        self,
        events: Sequence[Event],
        states: Mapping[str, S],
        config: C,
        key: Callable[[PlayerEntry], str],
    ) -> PeriodRating[S]:
        current = dict(states)
        results: list[EventRating[S]] = []
        names: dict[str, str] = {}
        start: dict[str, float | None] = {}
        played: dict[str, int] = {}
        changes: dict[str, list[tuple[str, float]]] = {}
        notes: dict[str, list[str]] = {}
        for event in events:
            keys = {p.id: key(p) for p in event.players}
            if len(set(keys.values())) != len(keys):
                raise ConfigError(f"event {event.id!r}: two players share a key")
            local = {pid: current[k] for pid, k in keys.items() if k in current}
            result = self.rate_event(event, local, config)
            for p in event.players:
                k = keys[p.id]
                current[k] = result.states[p.id]
                names.setdefault(k, p.name or p.id)
                pr = result.player(p.id)
                start.setdefault(k, pr.pre)
                played[k] = played.get(k, 0) + pr.games
                if pr.change is not None and pr.games:
                    changes.setdefault(k, []).append((event.id, pr.change))
                notes.setdefault(k, []).extend(pr.notes)
            results.append(result)
        lines = tuple(
            PeriodLine(
                k,
                names[k],
                start[k],
                self.list_entry(current[k], config).rating,
                played[k],
                tuple(changes.get(k, ())),
                tuple(notes[k]),
            )
            for k in names
        )
        return PeriodRating(tuple(results), current, lines)

    def rate_batch(
        self,
        events: Sequence[Event],
        states: Mapping[str, S] | None = None,
        config: C | None = None,
    ) -> PeriodRating[S]:
        """Rate independent events in order, by the system's batch engine when it has one.

        Equal to :meth:`rate_event` one event after the other (the conformance suite checks
        it to 1e-9); states are keyed by player id.
        """
        cfg = self.config_or_default(config)
        start = {k: self.check_state(s, f"the state of {k!r}") for k, s in (states or {}).items()}
        for event in events:
            if event.pool not in self.pools:
                self.rate_event(event, start, cfg)  # raises the pool error
        if self.rate_batch_fn is None:
            return self._in_order(events, start, cfg, _entry_id)
        own = [self.seen_as_own(e) for e in events]
        return self._with_provenance(events, own, start, self.rate_batch_fn(own, start, cfg))

    def rate_season(
        self,
        season: Season,
        states: Mapping[str, S] | None = None,
        config: C | None = None,
    ) -> SeasonRatings[S]:
        """Rate a columnar season by the system's season loop.

        Raises:
            ConfigError: the system has no season loop, the season's pool is not one it
                rates, or ``states`` or ``config`` belong to another system.
        """
        cfg = self.config_or_default(config)
        start = {k: self.check_state(s, f"the state of {k!r}") for k, s in (states or {}).items()}
        if self.season_fn is None:
            raise ConfigError(f"system {self.name!r} has no season loop")
        if season.pool not in self.pools:
            raise ConfigError(f"system {self.name!r} does not rate the {season.pool.value!r} pool")
        own = self.own_season(season)
        ratings = self.season_fn(own, start, cfg)
        notes = season_provenance(self, season, own, ratings, start)
        if not notes:
            return ratings
        from arpad.season import NotedSeasonRatings

        return NotedSeasonRatings(ratings, notes)

    def own_season(self, season: Season) -> Season:
        """``season`` as this system sees it (:meth:`seen_as_own`), as
        ``Season.from_events`` of its events each seen as the system's own gives it: the
        entry columns from each player's first entry seen as own, each member's entry seen
        as own when a season loop reads one (:attr:`arpad.season.Season.own_kinds`,
        :meth:`~arpad.season.Season.member_entry`) and the events too
        (:class:`arpad.season.SeenAsOwn`), so the cost is one translation per player, not
        per member. A season of columns alone translates its columns: a rating of a kind
        not the system's own (:attr:`~arpad.season.Season.rating_kind`) is no rating, as
        :meth:`~arpad.model.PlayerEntry.own_rating` says for each entry."""
        from arpad.season import Season, SeenAsOwn

        kinds = self.own_kinds()
        events = season.events
        if events is not None and season.first_entries is None:  # built by hand
            return Season.from_events([self.seen_as_own(e) for e in events])
        if season.first_entries is None and season.entries is None:
            return _own_columns(season, kinds)
        given = season.first_entries
        if given is None:
            given = tuple(season.member_entry(r) for r in season.first_rows().tolist())
        first = tuple(p.own_rating(kinds) for p in given)
        changed = [i for i, (a, b) in enumerate(zip(first, given, strict=True)) if a is not b]
        rating, games = season.entry_rating, season.entry_games
        if changed:
            rating, games = rating.copy(), games.copy()
            rating[changed] = [_nan_if_none(first[i].rating) for i in changed]
            games[changed] = [first[i].games for i in changed]
        return replace(
            season,
            entry_rating=rating,
            entry_games=games,
            first_entries=first,
            events=None if events is None else SeenAsOwn(events, self.seen_as_own),
            own_kinds=kinds,
        )

    def _with_provenance(
        self,
        events: Sequence[Event],
        own: Sequence[Event],
        start: Mapping[str, S],
        period: PeriodRating[S],
    ) -> PeriodRating[S]:
        """A batch engine's results with the notes :meth:`rate_event` adds to each event
        (:func:`provenance_notes`), so that the two paths say the same."""
        known = set(start)
        results = []
        for event, seen, result in zip(events, own, period.events, strict=True):
            fresh = {p.id for p in seen.players} - known
            known.update(result.states)
            notes = provenance_notes(self, event, seen, result, fresh)
            results.append(replace(result, notes=result.notes + notes) if notes else result)
        return replace(period, events=tuple(results))


def _nan_if_none(value: float | None) -> float:
    return math.nan if value is None else value


def season_provenance(
    system: RatingSystem[Any, Any],
    given: Season,
    own: Season,
    ratings: SeasonRatings[Any],
    start: Mapping[str, Any],
) -> dict[int, tuple[str, ...]]:
    """Each event's provenance notes (:func:`provenance_notes`, what :meth:`rate_event`
    adds) for a season rated from ``start``: ``given`` the season as read, ``own`` as the
    system sees it (:meth:`own_season`), ``ratings`` its results. Only players met for the
    first time and unrated in the system can carry a note, so only their entries are read
    (:meth:`~arpad.season.Season.member_entry`), and an event's result is built only when
    everyone in it is such a player."""
    import numpy as np

    if system.initialises_from and not given.holds_entries:
        return {}  # no entry says more than the columns, and nobody can be left unrated
    first = own.first_rows()
    fresh = np.ones(len(own.players), dtype=bool)
    if start:
        fresh[:] = [pid not in start for pid in own.players]
    newcomers = first[fresh & np.isnan(own.entry_rating)]
    event_of = np.searchsorted(own.member_start, newcomers, side="right") - 1
    kinds = system.own_kinds()
    pairs: dict[int, list[tuple[PlayerEntry, PlayerEntry]]] = {}
    if given.holds_entries:
        for row, e in zip(newcomers.tolist(), event_of.tolist(), strict=True):
            entry = given.member_entry(row)
            pairs.setdefault(e, []).append((entry, entry.own_rating(kinds)))
    nobody: set[int] = set()
    if not system.initialises_from:
        counts = np.bincount(event_of, minlength=own.size)
        games = np.diff(own.game_start) > 0
        nobody = set(np.flatnonzero((counts == np.diff(own.member_start)) & games).tolist())
    out = {}
    for e in sorted(nobody | set(pairs)):
        result = ratings.event_rating(e) if e in nobody else None
        notes = provenance_text(
            system, unused_ratings(kinds, pairs.get(e, ())), e in nobody, result
        )
        if notes:
            out[e] = notes
    return out


def _own_columns(season: Season, kinds: frozenset[str]) -> Season:
    """A season of columns alone as a system taking ``kinds`` as its own sees it: the
    file's ratings (:attr:`~arpad.season.Season.rating_kind`) are no rating when their
    kind is not one of ``kinds`` (:meth:`~arpad.model.PlayerEntry.own_rating` of each
    entry, whose other fields the columns do not hold)."""
    import numpy as np

    kind = season.rating_kind
    if kind is None or kind in kinds:
        return replace(season, own_kinds=kinds)
    return replace(
        season,
        entry_rating=np.full(len(season.players), np.nan),
        entry_games=np.zeros(len(season.players), dtype=np.int64),
        own_kinds=kinds,
    )


def unused_ratings(
    kinds: frozenset[str], pairs: Iterable[tuple[PlayerEntry, PlayerEntry]]
) -> dict[str, int]:
    """How many entries of each label carry a rating a system taking ``kinds`` as its own
    does not use: ``(given, seen)`` pairs of entries read from the file, ``seen`` the
    entry as the system sees it (:meth:`~arpad.model.PlayerEntry.own_rating`); the first
    foreign rating of each unrated one counts."""
    unused: dict[str, int] = {}
    for p, seen in pairs:
        if seen.rating is None:
            for r in p.foreign_ratings(kinds)[:1]:
                unused[r.label] = unused.get(r.label, 0) + 1
    return unused


def provenance_notes(
    system: RatingSystem[Any, Any],
    event: Event,
    own: Event,
    result: EventRating[Any],
    fresh: set[str],
) -> tuple[str, ...]:
    """Notes saying which file ratings ``system`` did not take as its own (among the
    players in ``fresh``, those it read from the file), and why nobody was rated when
    nobody was. ``own`` is ``event`` as the system sees it (:meth:`seen_as_own`)."""
    kinds = system.own_kinds()
    pairs = zip(event.players, own.players, strict=True)
    unused = unused_ratings(kinds, ((p, s) for p, s in pairs if p.id in fresh))
    nobody = all(p.id in fresh and p.rating is None for p in own.players) and any(
        True for _ in event.rated_games()
    )
    return provenance_text(system, unused, nobody, result)


def provenance_text(
    system: RatingSystem[Any, Any],
    unused: Mapping[str, int],
    unrated_newcomers: bool,
    result: EventRating[Any] | None,
) -> tuple[str, ...]:
    """The provenance notes (:func:`provenance_notes`) from the counts of unused ratings
    by label and whether an event with rated games had only unrated newcomers (``result``:
    its result, whose posts say whether anyone was rated; read only then)."""
    kinds = system.own_kinds()
    notes = []
    converts = {Rating(k, 0.0).label for k in system.initialises_from}
    for label, n in sorted(unused.items()):
        players = "1 player has" if n == 1 else f"{n} players have"
        how = (
            f"which {system.name} does not rate from as-is: it converts it into an initial "
            "rating by its own rules"
            if label in converts
            else f"which {system.name} does not rate from: they are unrated in {system.name}"
        )
        notes.append(f"{players} a {label} rating, {how}")
    # Only when no state was given: a ledger's states may rate players the file does not.
    if (
        not system.initialises_from
        and unrated_newcomers
        and result is not None
        and bool(result.players)
        and all(p.post is None for p in result.players)
    ):
        labels = ", ".join(sorted(Rating(k, 0.0).label for k in kinds))
        notes.append(
            f"{system.name} rated no one: no player has a rating it uses ({labels}), and it "
            "rates no one in a pool that starts unrated"
        )
    return tuple(notes)


REGISTRY: dict[str, str] = {
    "uscf": "arpad.systems.uscf2020",
    "uscf1993": "arpad.systems.uscf1993",
    "uscf1994": "arpad.systems.uscf1994",
    "elo": "arpad.systems.elo",
    "fide": "arpad.systems.fide",
    "fide1986": "arpad.systems.fide1986",
    "ingo": "arpad.systems.legacy.ingo",
    "harkness": "arpad.systems.legacy.harkness",
    "bcf": "arpad.systems.legacy.bcf",
    "ccla": "arpad.systems.legacy.ccla",
    "linear": "arpad.systems.legacy.linear",
    "berkin": "arpad.systems.legacy.berkin",
    "pra": "arpad.systems.pra",
    "glicko": "arpad.systems.glicko",
    "glicko2": "arpad.systems.glicko2",
    "stephenson": "arpad.systems.stephenson",
    "logistic": "arpad.systems.logistic",
    "eloplusplus": "arpad.systems.eloplusplus",
    "whr": "arpad.systems.whr",
    "constant": "arpad.systems.constant",
}
"""System name → module defining ``SYSTEM``. Add one line per system."""

ALIASES: dict[str, str] = {"uscf2020": "uscf", "elo-logistic": "logistic"}


def system_names() -> list[str]:
    return sorted(REGISTRY)


def get_system(name: str) -> RatingSystem[Any, Any]:
    """The rating system registered as ``name``.

    Raises:
        ConfigError: no such system.
    """
    key = ALIASES.get(name, name)
    try:
        module = REGISTRY[key]
    except KeyError:
        raise ConfigError(
            f"unknown rating system {name!r}; choose one of {', '.join(system_names())}"
        ) from None
    system = _LOADED.get(module)
    if system is None:
        system = _LOADED[module] = importlib.import_module(module).SYSTEM
    return system


_LOADED: dict[str, RatingSystem[Any, Any]] = {}
"""Module → its system, once imported: ``import_module`` takes the import lock on every
call, and the web pages look a system up for every rating they show (issue 23)."""


def estimator_names() -> list[str]:
    """The systems that offer an estimator (this imports every system)."""
    return [n for n in system_names() if get_system(n).estimator is not None]


def finite_or_none(x: float | None) -> float | None:
    """``x`` unless it is ±inf or NaN (for JSON output)."""
    return x if x is not None and math.isfinite(x) else None
