"""One evaluation run: feed the periods to a system in order, predict each scored game
from the states before its period, and score the predictions.

Periods are calendar months (D-eval-2): every event ending in a month belongs to that
month's period, and the period's events are rated as one event (the rating period of
Glicko and of the contests). Periods are named by their month number
(:func:`arpad.systems.pairwise.month_index`: for a real date ``YYYY-MM``; for the Kaggle
files, the contest's month).

The split (D-eval-5): periods up to ``train_until`` are *training*; periods from
``test_from`` to ``test_until`` are *test*; periods in between are skipped. Nothing is fitted
on test periods: the first-move advantage is fitted on the training predictions (each made
before its period was rated), and a parameter search scores its candidates on validation
periods at the end of the training periods (:mod:`arpad.evaluate.search`).

Policies (each chosen by the user, D-eval-6):

- ``mode``: ``rolling`` predicts each test period from the states after the previous
  period (test periods are rated after being predicted); ``fixed`` predicts every test game
  from the states at the end of training.
- ``newcomers``: ``system`` lets a player the system has never rated enter by the
  system's own rule (its state for an unrated entry); a number seeds every newcomer with
  that rating, as if an event file had given it.
- ``unrated``: how a game involving a player no period has rated yet is predicted:
  ``newcomer`` (from the newcomer state), ``constant`` (½, then the first-move advantage),
  or ``skip`` (not scored, counted).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from arpad.errors import ConfigError
from arpad.evaluate import breakdowns, metrics
from arpad.model import Event, Game, PlayerEntry
from arpad.systems import DrawModel, EventRating, RatingSystem, davidson
from arpad.systems.pairwise import month_index
from arpad.systems.replay import GamePrediction, replay

FloatArray = npt.NDArray[np.float64]


class Mode(enum.StrEnum):
    """Whether test periods are rated after being predicted (rolling) or not (fixed)."""

    ROLLING = "rolling"
    FIXED = "fixed"


class Unrated(enum.StrEnum):
    """How a game involving a player no period has rated yet is predicted."""

    NEWCOMER = "newcomer"
    CONSTANT = "constant"
    SKIP = "skip"


@dataclass(frozen=True, slots=True)
class Period:
    """One month of games, merged into one event."""

    number: int
    event: Event


@dataclass(frozen=True, slots=True)
class Split:
    """Which periods train and which are predicted and scored (month numbers)."""

    train_until: int
    test_from: int
    test_until: int

    def __post_init__(self) -> None:
        if not self.train_until < self.test_from <= self.test_until:
            raise ConfigError(
                f"the test periods ({self.test_from}–{self.test_until}) must come after the "
                f"training periods (up to {self.train_until})"
            )


@dataclass(frozen=True, slots=True)
class Policy:
    """How the run treats newcomers, never-rated opponents and test periods."""

    mode: Mode = Mode.ROLLING
    newcomer_rating: float | None = None
    """``None``: the system's own rule; a number: every newcomer enters with it."""
    unrated: Unrated = Unrated.NEWCOMER
    first_move: bool = True
    """Fit White's advantage on the training predictions and apply it to the test ones."""


DEFAULT_POLICY = Policy()


@dataclass(frozen=True, slots=True)
class PolicyOptions:
    """The policy options a user gave explicitly (``None``: not given)."""

    mode: Mode | None = None
    newcomers: str | None = None
    """``"system"`` or a rating, as ``--newcomers`` takes it."""
    unrated: Unrated | None = None
    first_move: bool | None = None

    def newcomer_rating(self) -> float | None:
        """The seeded rating ``--newcomers`` asks for (``None``: the system's own rule).

        Raises:
            ConfigError: neither ``system`` nor a number.
        """
        text = self.newcomers
        if text is None or text == "system":
            return None
        try:
            return float(text)
        except ValueError:
            raise ConfigError(f"--newcomers takes 'system' or a rating, not {text!r}") from None

    def apply(self, base: Policy) -> Policy:
        """``base`` with every option given here put in its place."""
        return Policy(
            base.mode if self.mode is None else self.mode,
            base.newcomer_rating if self.newcomers is None else self.newcomer_rating(),
            base.unrated if self.unrated is None else self.unrated,
            base.first_move if self.first_move is None else self.first_move,
        )


def protocol_of(
    split: Split,
    policy: Policy,
    preset: str | None = None,
    search: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """What a result was measured under, as every table row and JSON row records it
    (:func:`run` adds ``draw_nu``: how the draw parameter was chosen, ``"fitted"`` or the
    value given, ``None`` for a system without a draw model)."""
    return {
        "mode": policy.mode.value,
        "train_until": split.train_until,
        "test_from": split.test_from,
        "test_until": split.test_until,
        "newcomers": "system" if policy.newcomer_rating is None else policy.newcomer_rating,
        "unrated": policy.unrated.value,
        "first_move": policy.first_move,
        "preset": preset,
        "search": None if search is None else dict(search),
    }


def protocol_text(protocol: Mapping[str, Any]) -> str:
    """A protocol in a few characters for an 80-column table: mode, newcomers, unrated
    and the first-move flag (``roll n=sys u=new``; ``-fm`` when it is off).

    >>> protocol_text(protocol_of(Split(1, 2, 3), Policy(Mode.FIXED, 1500.0, Unrated.SKIP)))
    'fix n=1500 u=skip'
    """
    mode = {"rolling": "roll", "fixed": "fix"}[protocol["mode"]]
    new = protocol["newcomers"]
    newcomers = "sys" if new == "system" else f"{new:g}"
    unrated = {"newcomer": "new", "constant": "con", "skip": "skip"}[protocol["unrated"]]
    text = f"{mode} n={newcomers} u={unrated}"
    return text if protocol["first_move"] else text + " -fm"


@dataclass(frozen=True)
class Predictions:
    """The scored games of one phase (training or test) of a run, one entry per game."""

    p: FloatArray
    s: FloatArray
    white: npt.NDArray[np.intp]
    black: npt.NDArray[np.intp]
    period: npt.NDArray[np.intp]
    newcomer: npt.NDArray[np.bool_]
    """A player of the game had no rated game before its period."""
    game: npt.NDArray[np.intp] = field(default_factory=lambda: np.empty(0, dtype=np.intp))
    """The game's place in the phase's stream (period order, then file order): the same
    game has the same number under every system, which pairs their scores."""
    line: npt.NDArray[np.intp] = field(default_factory=lambda: np.empty(0, dtype=np.intp))
    """The game's line in its file (−1: not known)."""
    prior: npt.NDArray[np.intp] = field(default_factory=lambda: np.empty(0, dtype=np.intp))
    """The fewer of the two players' games rated before the game's period."""
    trained: npt.NDArray[np.bool_] = field(default_factory=lambda: np.empty(0, dtype=bool))
    """Both players played in the training periods (the contest's own test set)."""
    rating: FloatArray = field(default_factory=lambda: np.empty(0))
    """The mean of the two players' list ratings before the period (NaN: one unrated)."""
    outcome_loss: FloatArray = field(default_factory=lambda: np.empty(0))
    """Each game's three-outcome loss ``−ln P(outcome)`` by the system's draw model (empty:
    the system has none)."""

    @staticmethod
    def empty() -> Predictions:
        e = np.empty(0)
        i = np.empty(0, dtype=np.intp)
        return Predictions(e, e, i, i, i, np.empty(0, dtype=bool))


@dataclass(frozen=True)
class Result:
    """The scores of one system on the test periods."""

    system: str
    config: Mapping[str, Any]
    preset: str | None
    games: int
    deviance: float
    log_loss: float
    brier: float
    rmse: float
    first_move_advantage: float
    deviance_without_first_move: float
    newcomer_games: int
    newcomer_deviance: float | None
    established_deviance: float | None
    skipped_games: int
    calibration: tuple[metrics.CalibrationBin, ...]
    warnings: tuple[str, ...] = ()
    protocol: Mapping[str, Any] = field(default_factory=dict)
    """Mode, split, newcomer and unrated policies, preset and search space
    (:func:`protocol_of`)."""
    constant_deviance: float = math.nan
    """The constant prediction (the training mean score) on the same games."""
    rated_nobody: bool = False
    """No period gave any player a rating: every prediction came from newcomer states."""
    breakdown: tuple[breakdowns.Row, ...] = ()
    intervals: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    """Score name → 95 % paired bootstrap interval (:mod:`arpad.evaluate.bootstrap`);
    ``difference_from_best`` is the interval of this deviance minus the best one's."""
    difference_from_best: float = 0.0
    scored: Predictions = field(default_factory=Predictions.empty, repr=False, compare=False)
    """The test games as scored (``p`` with the first-move advantage): not in the JSON."""
    players: tuple[str, ...] = field(default=(), repr=False, compare=False)
    """Player number → id, for :attr:`scored`."""
    outcome_log_loss: float | None = None
    """The three-outcome (win, draw, loss) log loss by the system's draw model
    (:attr:`arpad.systems.RatingSystem.draw_model`); ``None``: the system has none."""
    draw_nu: float | None = None
    """The draw parameter ν of that model: fitted on the training games, or given."""

    @property
    def worse_than_constant(self) -> bool:
        """The system predicts these games worse than the constant does."""
        return self.deviance > self.constant_deviance

    @property
    def flags(self) -> tuple[str, ...]:
        """What the table marks: ``nobody`` (rated no one), ``<const`` (worse than the
        constant)."""
        out = []
        if self.rated_nobody:
            out.append("nobody")
        if self.worse_than_constant:
            out.append("<const")
        return tuple(out)

    @property
    def label(self) -> str:
        """``system``, ``system (preset)``, or ``system (seed N)`` for a search's winner."""
        if self.preset is not None:
            return f"{self.system} ({self.preset})"
        search = self.protocol.get("search")
        if isinstance(search, Mapping) and search.get("seed") is not None:
            return f"{self.system} (seed {search['seed']})"
        return self.system

    def as_json(self) -> dict[str, Any]:
        out = {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if f.name not in ("scored", "players")
        }
        out["config"] = dict(self.config)
        out["protocol"] = dict(self.protocol)
        out["calibration"] = [dataclasses.asdict(b) for b in self.calibration]
        out["breakdown"] = [dataclasses.asdict(b) for b in self.breakdown]
        out["intervals"] = {k: list(v) for k, v in self.intervals.items()}
        out["flags"] = list(self.flags)
        out["worse_than_constant"] = self.worse_than_constant
        return out


def config_fields(config: Any) -> dict[str, Any]:
    """A configuration's fields as plain values (enums by value, dates as ISO text, as
    ``-o NAME=VALUE`` takes them), for JSON and options."""
    return {k: _plain(v) for k, v in dataclasses.asdict(config).items()}


def _plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


def periods_of(events: Sequence[Event]) -> list[Period]:
    """The events grouped by month, in order; a month's events merged into one.

    Raises:
        ConfigError: an event has no date (evaluation needs the order of periods).
    """
    by_month: dict[int, list[Event]] = {}
    for e in events:
        if e.end_date is None:
            raise ConfigError(f"event {e.id!r} has no date; evaluation orders events by month")
        by_month.setdefault(month_index(e.end_date), []).append(e)
    return [Period(m, _merge(m, by_month[m])) for m in sorted(by_month)]


def _merge(month: int, events: list[Event]) -> Event:
    if len(events) == 1:
        return events[0]
    players: dict[str, PlayerEntry] = {}
    for e in events:
        for p in e.players:
            players.setdefault(p.id, p)
    last = max(e.end_date for e in events if e.end_date is not None)
    return Event(
        id=f"period-{month}",
        name=f"{len(events)} events ending {last:%Y-%m}",
        players=tuple(players.values()),
        games=tuple(g for e in events for g in e.games),
        end_date=last,
    )


def can_predict(system: RatingSystem[Any, Any]) -> bool:
    """Whether the system offers an expected score (every registered one should)."""
    return system.expected_score_fn is not None


class _Collector:
    """Gathers the predictions :func:`arpad.replay` announces, period by period."""

    def __init__(
        self,
        split: Split,
        number_of: Mapping[int, int],
        trained: set[str],
        rating: Callable[[Any], float | None],
    ) -> None:
        self.split = split
        self.number_of = number_of
        """``id(event)`` → its period number."""
        self.trained = trained
        self.rating = rating
        self.seen: set[str] = set()
        self.played: dict[str, int] = {}
        """Games each player had rated in the periods before."""
        self.numbers: dict[str, int] = {}
        self.rows: dict[bool, list[tuple[Any, ...]]] = {False: [], True: []}
        self.empty: list[int] = []
        self.rated_any = False

    def add(self, number: int, game: Game, expected: float, states: tuple[Any, Any]) -> None:
        """A prediction from both players' states before the game's period."""
        test = number >= self.split.test_from
        ratings = (self.rating(states[0]), self.rating(states[1])) if test else (None, None)
        self.add_rated(number, game, expected, ratings)

    def add_rated(
        self, number: int, game: Game, expected: float, ratings: tuple[float | None, float | None]
    ) -> None:
        """A prediction with both players' list ratings before the game's period (read only
        for test periods)."""
        white, black = game.white, game.black
        is_new = white not in self.seen or black not in self.seen
        w = self.numbers.setdefault(white, len(self.numbers))
        b = self.numbers.setdefault(black, len(self.numbers))
        test = number >= self.split.test_from
        mean = math.nan
        if test and all(r is not None for r in ratings):
            mean = (float(ratings[0] or 0.0) + float(ratings[1] or 0.0)) / 2.0
        prior = min(self.played.get(white, 0), self.played.get(black, 0))
        trained = white in self.trained and black in self.trained
        line = -1 if game.line is None else game.line
        rows = self.rows[test]
        row = (expected, game.score, w, b, number, is_new, len(rows), line, prior, trained, mean)
        rows.append(row)

    def predicted(self, prediction: GamePrediction[Any]) -> None:
        number = self.number_of[id(prediction.event)]
        self.add(number, prediction.game, prediction.expected, (prediction.white, prediction.black))

    def rated(self, number: int, event: Event, outcome: EventRating[Any]) -> None:
        self.seen.update(outcome.states)
        for g in event.rated_games():
            for pid in (g.white, g.black):
                self.played[pid] = self.played.get(pid, 0) + 1
        if any(p.post is not None for p in outcome.players):
            self.rated_any = True
        else:
            self.empty.append(number)

    def predictions(self, test: bool, policy: Policy) -> tuple[Predictions, int]:
        """The phase's predictions after the unrated-player policy, and how many it skipped."""
        rows = self.rows[test]
        if not rows:
            return Predictions.empty(), 0
        cols = [np.array(col) for col in zip(*rows, strict=True)]
        p, s, w, b, n, new, game, line, prior, trained, rating = cols
        is_new = new.astype(bool)
        keep = np.ones(len(p), dtype=bool)
        if policy.unrated is Unrated.CONSTANT:
            p = np.where(is_new, 0.5, p)
        elif policy.unrated is Unrated.SKIP:
            keep = ~is_new
        part = Predictions(
            p[keep].astype(float),
            s[keep].astype(float),
            w[keep].astype(np.intp),
            b[keep].astype(np.intp),
            n[keep].astype(np.intp),
            is_new[keep],
            game[keep].astype(np.intp),
            line[keep].astype(np.intp),
            prior[keep].astype(np.intp),
            trained[keep].astype(bool),
            rating[keep].astype(float),
        )
        return part, int((~keep).sum())


def run(
    periods: Sequence[Period],
    system: RatingSystem[Any, Any],
    config: Any,
    split: Split,
    policy: Policy = DEFAULT_POLICY,
    preset: str | None = None,
    search: Mapping[str, Any] | None = None,
    draw_nu: float | None = None,
    three_outcomes: bool = True,
) -> Result:
    """Rate the periods in order through :func:`arpad.replay` and score the test predictions.

    ``preset`` and ``search`` (the search space that chose ``config``) are recorded in the
    result's protocol with the split and the policy. For a system with a draw model,
    ``draw_nu`` is its draw parameter; ``None`` fits it on the training games
    (:func:`draw_parameter`); ``three_outcomes=False`` skips that score (a search needs
    the deviance only).

    Raises:
        ConfigError: the system cannot predict games, or no game falls in the test periods.
    """
    if not can_predict(system):
        raise ConfigError(f"system {system.name!r} has no expected score; it cannot predict")
    config = system.config_or_default(config)
    train = [p for p in periods if p.number <= split.train_until]
    test = [p for p in periods if split.test_from <= p.number <= split.test_until]
    rolling = policy.mode is Mode.ROLLING
    stream = [(p.number, _seeded(p.event, policy)) for p in [*train, *(test if rolling else [])]]
    trained = {pid for p in train for g in p.event.rated_games() for pid in (g.white, g.black)}

    def rating(state: Any) -> float | None:
        return system.list_entry(state, config).rating

    collector = _Collector(split, {id(e): n for n, e in stream}, trained, rating)
    final = _rate_and_collect(system, config, stream, collector)
    if not rolling:
        for period in test:
            _predict_fixed(system, config, final, _seeded(period.event, policy), period, collector)
    protocol = {**protocol_of(split, policy, preset, search), "draw_nu": None}
    result = _score(system.name, config, preset, collector, policy, protocol)
    if system.draw_model is None or not three_outcomes:
        return result
    trained_on, _ = collector.predictions(False, policy)
    return with_outcomes(result, system.draw_model, trained_on, draw_nu)


def _rate_and_collect(
    system: RatingSystem[Any, Any],
    config: Any,
    stream: list[tuple[int, Event]],
    collector: _Collector,
) -> Mapping[str, Any]:
    """Rate the stream's events in order, each rated game's prediction given to
    ``collector`` before its event is rated and each event's outcome after; returns the
    final states. The predictions come from the season loop's columns where the system's
    loop writes them (:attr:`~arpad.systems.RatingSystem.season_predicts`: the same
    numbers, tests/evaluate/test_glicko_season.py), else :func:`arpad.replay` announces
    them."""
    if system.season_predicts and stream:
        return _collect_from_columns(system, config, stream, collector)
    history = replay((e for _, e in stream), system, config, predict=collector.predicted)
    for (number, event), outcome in zip(stream, history, strict=True):
        collector.rated(number, event, outcome)
    return history.states


def _collect_from_columns(
    system: RatingSystem[Any, Any],
    config: Any,
    stream: list[tuple[int, Event]],
    collector: _Collector,
) -> Mapping[str, Any]:
    """:func:`_rate_and_collect` by the season loop: the whole stream rated in one call,
    then each game's expected score and both players' list ratings (``pre``) read from
    the columns, event by event, in the order :func:`arpad.replay` announces them."""
    from arpad.season import Season, member_rows_of_games

    rated = system.rate_season(Season.from_events([e for _, e in stream]), {}, config)
    column = getattr(rated, "game_expected", None)
    if column is None:
        raise ConfigError(f"system {system.name!r}: its season loop gives no game_expected")
    expected: list[float] = column.tolist()
    white_row, black_row = member_rows_of_games(rated.season)
    pre = [None if math.isnan(r) else r for r in rated.pre.tolist()]
    j = 0
    for e, (number, event) in enumerate(stream):
        test = number >= collector.split.test_from
        for g in event.rated_games():
            ratings = (pre[white_row[j]], pre[black_row[j]]) if test else (None, None)
            collector.add_rated(number, g, expected[j], ratings)
            j += 1
        collector.rated(number, event, rated.event_rating(e))
    return rated.states


def _predict_fixed(
    system: RatingSystem[Any, Any],
    config: Any,
    final: Mapping[str, Any],
    event: Event,
    period: Period,
    collector: _Collector,
) -> None:
    """A test period predicted from the states at the end of training (``fixed``)."""
    games = list(event.rated_games())
    if not games:
        return
    entries = {p.id: p for p in event.players}

    def state(pid: str) -> Any:
        if pid in final:
            return final[pid]
        return system.state_from_entry(entries[pid], event, config)

    white = [state(g.white) for g in games]
    black = [state(g.black) for g in games]
    expected = np.atleast_1d(system.expected_score(white, black, config))
    for g, e, w, b in zip(games, expected, white, black, strict=True):
        collector.add(period.number, g, float(e), (w, b))


def _seeded(event: Event, policy: Policy) -> Event:
    """The event with every unrated entry given the seeded newcomer rating, if any."""
    if policy.newcomer_rating is None:
        return event
    players = tuple(
        p if p.rating is not None else dataclasses.replace(p, rating=policy.newcomer_rating)
        for p in event.players
    )
    return dataclasses.replace(event, players=players)


def _notes(collector: _Collector) -> list[str]:
    if not collector.rated_any:
        return ["no period rated anybody (predictions from newcomer states)"]
    empty = collector.empty
    if empty:
        shown = ", ".join(str(x) for x in empty[:5]) + (" …" if len(empty) > 5 else "")
        return [f"{len(empty)} period(s) rated nobody: {shown}"]
    return []


def _score(
    name: str,
    config: Any,
    preset: str | None,
    collector: _Collector,
    policy: Policy,
    protocol: Mapping[str, Any],
) -> Result:
    train, _ = collector.predictions(False, policy)
    test, skipped = collector.predictions(True, policy)
    if len(test.p) == 0:
        raise ConfigError("no game to score in the test periods")
    advantage = metrics.fit_first_move(train.p, train.s) if policy.first_move else 0.0
    p = metrics.shift(test.p, advantage)
    s = test.s
    new = test.newcomer
    # The constant on the same games: ½ shifted by the advantage fitted on the same
    # training games (their mean score), D-eval-4.
    half = np.full(len(train.p), 0.5)
    constant_advantage = metrics.fit_first_move(half, train.s) if policy.first_move else 0.0
    constant = metrics.deviance(metrics.shift(np.full(len(p), 0.5), constant_advantage), s)
    scored = dataclasses.replace(test, p=p)
    return Result(
        system=name,
        config=config_fields(config),
        preset=preset,
        games=len(p),
        deviance=metrics.deviance(p, s),
        log_loss=metrics.log_loss(p, s),
        brier=metrics.brier(p, s),
        rmse=metrics.kaggle_rmse(p, s, test.white, test.black, test.period),
        first_move_advantage=advantage,
        deviance_without_first_move=metrics.deviance(test.p, s),
        newcomer_games=int(new.sum()),
        newcomer_deviance=metrics.deviance(p[new], s[new]) if new.any() else None,
        established_deviance=metrics.deviance(p[~new], s[~new]) if (~new).any() else None,
        skipped_games=skipped,
        calibration=metrics.calibration(p, s),
        warnings=tuple(_notes(collector)),
        protocol=dict(protocol),
        constant_deviance=constant,
        rated_nobody=not collector.rated_any,
        breakdown=breakdowns.rows(scored),
        scored=scored,
        players=tuple(collector.numbers),
    )


def draw_parameter(draw_model: DrawModel, train: Predictions, advantage: float) -> float:
    """ν fitted on the training games: the maximum-likelihood value of the three outcomes
    under ``draw_model``, each game predicted as it was before its period and shifted by
    the first-move advantage fitted on the same games (D-eval2-2)."""
    from scipy.optimize import minimize_scalar

    p = metrics.shift(train.p, advantage)
    if len(p) == 0:
        return 0.0

    def loss(nu: float) -> float:
        return float(np.mean(_outcome_losses(draw_model, p, train.s, nu)))

    bounds = davidson.NU_BOUNDS
    found = minimize_scalar(loss, bounds=bounds, method="bounded", options={"xatol": 1e-6})
    return float(found.x)


def _outcome_losses(draw_model: DrawModel, p: FloatArray, s: FloatArray, nu: float) -> FloatArray:
    return davidson.outcome_losses(draw_model(p, nu), s)


def with_outcomes(
    result: Result, draw_model: DrawModel, train: Predictions, draw_nu: float | None
) -> Result:
    """``result`` with its three-outcome log loss under ``draw_model``: ν as given, or
    fitted on the training games (:func:`draw_parameter`).

    Raises:
        ConfigError: a negative ``draw_nu``.
    """
    if draw_nu is not None and not draw_nu >= 0.0:
        raise ConfigError(f"the draw parameter nu must be 0 or more, not {draw_nu}")
    nu = (
        draw_parameter(draw_model, train, result.first_move_advantage)
        if draw_nu is None
        else draw_nu
    )
    losses = _outcome_losses(draw_model, result.scored.p, result.scored.s, nu)
    protocol = {**result.protocol, "draw_nu": "fitted" if draw_nu is None else draw_nu}
    return dataclasses.replace(
        result,
        outcome_log_loss=float(np.mean(losses)),
        draw_nu=nu,
        protocol=protocol,
        scored=dataclasses.replace(result.scored, outcome_loss=losses),
    )


def default_split(
    periods: Sequence[Period],
    train_until: int | None,
    test_from: int | None,
    test_until: int | None = None,
) -> Split:
    """The split from what the user gave: by default the last tenth of the periods (at
    least one) is the test, and training runs up to the period before it."""
    numbers = [p.number for p in periods]
    if len(numbers) < 2:
        raise ConfigError(
            f"the games span {len(numbers)} month(s); evaluation needs at least two periods "
            "(months): one to train on, one to predict"
        )
    last = numbers[-1] if test_until is None else test_until
    if test_from is None:
        if train_until is not None:
            later = [n for n in numbers if n > train_until]
            if not later:
                raise ConfigError(f"no period after {train_until} to test on")
            test_from = later[0]
        else:
            test_from = numbers[max(1, len(numbers) - max(1, len(numbers) // 10))]
    if train_until is None:
        earlier = [n for n in numbers if n < test_from]
        if not earlier:
            raise ConfigError(f"no period before {test_from} to train on")
        train_until = earlier[-1]
    return Split(train_until, test_from, last)


def period_label(number: int) -> str:
    """How a period is shown: ``YYYY-MM`` for a real date, the bare number for the stand-in
    months of undated files such as Kaggle's (years before 1000, D-eval-2).

    >>> period_label(24217), period_label(96)
    ('2019-01', '96')
    """
    year, month = divmod(number - 1, 12)
    return f"{year + 1:04d}-{month + 1:02d}" if year + 1 >= 1000 else str(number)


def parse_period(text: str) -> int:
    """A period given on the command line: a month number (``95``) or ``YYYY-MM``.

    >>> parse_period("95"), parse_period("2019-12")
    (95, 24228)
    """
    t = text.strip()
    if t.isdigit():
        return int(t)
    try:
        year, month = (int(x) for x in t.split("-"))
        if not 1 <= month <= 12:
            raise ValueError
    except ValueError:
        raise ConfigError(f"a period is a month number or YYYY-MM, not {text!r}") from None
    return (year - 1) * 12 + month


__all__ = [
    "Mode",
    "Period",
    "Policy",
    "PolicyOptions",
    "Result",
    "Split",
    "Unrated",
    "periods_of",
    "protocol_of",
    "run",
]
