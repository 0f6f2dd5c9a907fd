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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from arpad.errors import ConfigError
from arpad.evaluate import metrics
from arpad.model import Event, PlayerEntry
from arpad.systems import EventRating, RatingSystem
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


@dataclass(frozen=True)
class Predictions:
    """The scored games of one phase (training or test) of a run."""

    p: FloatArray
    s: FloatArray
    white: npt.NDArray[np.intp]
    black: npt.NDArray[np.intp]
    period: npt.NDArray[np.intp]
    newcomer: npt.NDArray[np.bool_]
    """A player of the game had no rated game before its period."""

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

    def as_json(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["config"] = dict(self.config)
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

    def __init__(self, split: Split, number_of: Mapping[int, int]) -> None:
        self.split = split
        self.number_of = number_of
        """``id(event)`` → its period number."""
        self.seen: set[str] = set()
        self.numbers: dict[str, int] = {}
        self.rows: dict[bool, list[tuple[float, float, int, int, int, bool]]] = {
            False: [],
            True: [],
        }
        self.empty: list[int] = []
        self.rated_any = False

    def add(self, number: int, white: str, black: str, score: float, expected: float) -> None:
        is_new = white not in self.seen or black not in self.seen
        w = self.numbers.setdefault(white, len(self.numbers))
        b = self.numbers.setdefault(black, len(self.numbers))
        row = (expected, score, w, b, number, is_new)
        self.rows[number >= self.split.test_from].append(row)

    def predicted(self, prediction: GamePrediction[Any]) -> None:
        g = prediction.game
        number = self.number_of[id(prediction.event)]
        self.add(number, g.white, g.black, g.score, prediction.expected)

    def rated(self, number: int, outcome: EventRating[Any]) -> None:
        self.seen.update(outcome.states)
        if any(p.post is not None for p in outcome.players):
            self.rated_any = True
        else:
            self.empty.append(number)

    def predictions(self, test: bool, policy: Policy) -> tuple[Predictions, int]:
        """The phase's predictions after the unrated-player policy, and how many it skipped."""
        rows = self.rows[test]
        if not rows:
            return Predictions.empty(), 0
        p, s, w, b, n, new = (np.array(col) for col in zip(*rows, strict=True))
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
        )
        return part, int((~keep).sum())


def run(
    periods: Sequence[Period],
    system: RatingSystem[Any, Any],
    config: Any,
    split: Split,
    policy: Policy = DEFAULT_POLICY,
    preset: str | None = None,
) -> Result:
    """Rate the periods in order through :func:`arpad.replay` and score the test predictions.

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
    collector = _Collector(split, {id(e): n for n, e in stream})
    history = replay((e for _, e in stream), system, config, predict=collector.predicted)
    for (number, _), outcome in zip(stream, history, strict=True):
        collector.rated(number, outcome)
    if not rolling:
        final = history.states
        for period in test:
            event = _seeded(period.event, policy)
            games = list(event.rated_games())
            if not games:
                continue
            entries = {p.id: p for p in event.players}

            def state(
                pid: str, event: Event = event, entries: dict[str, PlayerEntry] = entries
            ) -> Any:
                if pid in final:
                    return final[pid]
                return system.state_from_entry(entries[pid], event, config)

            expected = system.expected_score(
                [state(g.white) for g in games], [state(g.black) for g in games], config
            )
            for g, e in zip(games, np.atleast_1d(expected), strict=True):
                collector.add(period.number, g.white, g.black, g.score, float(e))
    return _score(system.name, config, preset, collector, policy)


def _seeded(event: Event, policy: Policy) -> Event:
    """The event with every unrated entry given the seeded newcomer rating, if any."""
    if policy.newcomer_rating is None:
        return event
    players = tuple(
        p if p.rating is not None else dataclasses.replace(p, rating=policy.newcomer_rating)
        for p in event.players
    )
    return dataclasses.replace(event, players=players)


def _score(
    name: str, config: Any, preset: str | None, collector: _Collector, policy: Policy
) -> Result:
    train, _ = collector.predictions(False, policy)
    test, skipped = collector.predictions(True, policy)
    if len(test.p) == 0:
        raise ConfigError("no game to score in the test periods")
    empty, rated_any = collector.empty, collector.rated_any
    notes: list[str] = []
    if not rated_any:
        notes.append("no period rated anybody (predictions from newcomer states)")
    elif empty:
        shown = ", ".join(str(x) for x in empty[:5]) + (" …" if len(empty) > 5 else "")
        notes.append(f"{len(empty)} period(s) rated nobody: {shown}")
    advantage = metrics.fit_first_move(train.p, train.s) if policy.first_move else 0.0
    p = metrics.shift(test.p, advantage)
    s = test.s
    new = test.newcomer
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
        warnings=tuple(notes),
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


__all__ = ["Mode", "Period", "Policy", "Result", "Split", "Unrated", "periods_of", "run"]
