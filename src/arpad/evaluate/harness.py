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
import enum
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from arpad.errors import ConfigError
from arpad.evaluate import metrics
from arpad.model import Event, PlayerEntry
from arpad.systems import REGISTRY, RatingSystem, get_system
from arpad.systems.pairwise import month_index

FloatArray = npt.NDArray[np.float64]
Predictor = Callable[[Sequence[Any], Sequence[Any], Any], FloatArray]


class Mode(enum.StrEnum):
    ROLLING = "rolling"
    FIXED = "fixed"


class Unrated(enum.StrEnum):
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
    def concat(parts: Sequence[Predictions]) -> Predictions:
        if not parts:
            e = np.empty(0)
            i = np.empty(0, dtype=np.intp)
            return Predictions(e, e, i, i, i, np.empty(0, dtype=bool))
        return Predictions(
            *(
                np.concatenate([getattr(x, f.name) for x in parts])
                for f in dataclasses.fields(Predictions)
            )
        )


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
    """A configuration's fields as plain values (enums by value), for JSON and options."""
    return {
        k: (v.value if isinstance(v, enum.Enum) else v)
        for k, v in dataclasses.asdict(config).items()
    }


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


def predictor(system: RatingSystem[Any, Any]) -> Predictor | None:
    """The system's vectorised ``expected_score(white_states, black_states, config)``, or
    ``None`` for a system that cannot predict a game."""
    found = getattr(system, "expected_score", None)
    if callable(found):
        return found  # type: ignore[no-any-return]
    module = REGISTRY.get(system.name)
    if module is None:
        return None
    fn = getattr(importlib.import_module(module), "expected_score", None)
    if fn is None or not _is_vectorised(fn):
        return None
    return fn  # type: ignore[no-any-return]


def _is_vectorised(fn: Callable[..., Any]) -> bool:
    import inspect

    params = list(inspect.signature(fn).parameters)
    return params[:2] == ["white", "black"]


def can_predict(name: str) -> bool:
    return predictor(get_system(name)) is not None


def run(
    periods: Sequence[Period],
    system: RatingSystem[Any, Any],
    config: Any,
    split: Split,
    policy: Policy = DEFAULT_POLICY,
    preset: str | None = None,
) -> Result:
    """Rate the periods in order and score the test predictions.

    Raises:
        ConfigError: the system cannot predict games, or no game falls in the test periods.
    """
    predict = predictor(system)
    if predict is None:
        raise ConfigError(f"system {system.name!r} has no expected_score; it cannot predict")
    numbers: dict[str, int] = {}
    states: dict[str, Any] = {}
    train: list[Predictions] = []
    test: list[Predictions] = []
    skipped = 0
    empty: list[int] = []
    rated_any = False
    for period in periods:
        n = period.number
        if n > split.test_until:
            break
        is_test = n >= split.test_from
        if not is_test and n > split.train_until:
            continue
        event = period.event
        games = [g for g in event.games if g.rated]
        if not games:
            continue
        entries = {p.id: _entry(p, policy) for p in event.players}
        newcomers = {pid for pid in entries if pid not in states}
        known = [
            states[pid] if pid in states else system.state_from_entry(entries[pid], event, config)
            for pid in (p.id for p in event.players)
        ]
        state_of = dict(zip((p.id for p in event.players), known, strict=True))
        w = [state_of[g.white] for g in games]
        b = [state_of[g.black] for g in games]
        p = np.asarray(predict(w, b, config), dtype=float)
        is_new = np.array([g.white in newcomers or g.black in newcomers for g in games])
        keep = np.ones(len(games), dtype=bool)
        if policy.unrated is Unrated.CONSTANT:
            p = np.where(is_new, 0.5, p)
        elif policy.unrated is Unrated.SKIP:
            keep = ~is_new
            if is_test:
                skipped += int(is_new.sum())
        ids = [numbers.setdefault(x, len(numbers)) for g in games for x in (g.white, g.black)]
        part = Predictions(
            p[keep],
            np.array([g.score for g in games])[keep],
            np.array(ids[0::2], dtype=np.intp)[keep],
            np.array(ids[1::2], dtype=np.intp)[keep],
            np.full(int(keep.sum()), n, dtype=np.intp),
            is_new[keep],
        )
        (test if is_test else train).append(part)
        if is_test and policy.mode is Mode.FIXED:
            continue
        rated_event = dataclasses.replace(
            event, players=tuple(entries[p.id] for p in event.players)
        )
        outcome = system.rate_event(
            rated_event, {pid: states[pid] for pid in entries if pid in states}, config
        )
        states.update(outcome.states)
        if any(pr.post is not None for pr in outcome.players):
            rated_any = True
        else:
            empty.append(n)
    return _score(system.name, config, preset, train, test, skipped, empty, rated_any, policy)


def _entry(p: PlayerEntry, policy: Policy) -> PlayerEntry:
    if policy.newcomer_rating is None or p.rating is not None:
        return p
    return dataclasses.replace(p, rating=policy.newcomer_rating)


def _score(
    name: str,
    config: Any,
    preset: str | None,
    train_parts: list[Predictions],
    test_parts: list[Predictions],
    skipped: int,
    empty: list[int],
    rated_any: bool,
    policy: Policy,
) -> Result:
    train = Predictions.concat(train_parts)
    test = Predictions.concat(test_parts)
    if len(test.p) == 0:
        raise ConfigError("no game to score in the test periods")
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
    if not numbers:
        raise ConfigError("no periods to evaluate")
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
