"""Grid and random search over a system's configuration, chosen on validation periods.

A candidate is a set of config fields (``K=24``); each is scored by the binomial deviance
of a :func:`arpad.evaluate.harness.run` whose test periods are the *validation* periods
``validate_from … train_until`` and whose training ends just before them, so the real test
periods are never seen (D-eval-5). Candidates run locally in order, or on Dask
(``scheduler="local"`` starts a LocalCluster, an address uses a running one); either way
each candidate's score is the same pure function of its config, so the table is identical
(ties broken by candidate order).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from arpad.config import with_options
from arpad.errors import ConfigError
from arpad.evaluate.harness import DEFAULT_POLICY, Period, Policy, Split, run
from arpad.parallel import dask_client
from arpad.systems import get_system

Progress = Callable[[int], None]


@dataclass(frozen=True, slots=True)
class Trial:
    """One candidate and its validation deviance."""

    options: Mapping[str, str]
    deviance: float


@dataclass(frozen=True)
class SearchResult:
    system: str
    trials: tuple[Trial, ...]
    """In candidate order."""

    @property
    def best(self) -> Trial:
        return min(self.trials, key=lambda t: t.deviance)


def parse_space(specs: Sequence[str]) -> dict[str, list[str] | tuple[float, float]]:
    """``K=16,24,32`` (a list of values) or ``K=10:60`` (a range, for random search).

    >>> parse_space(["K=16,32", "lam=0:0.1"])
    {'K': ['16', '32'], 'lam': (0.0, 0.1)}
    """
    space: dict[str, list[str] | tuple[float, float]] = {}
    for spec in specs:
        name, sep, values = spec.partition("=")
        if not sep or not name.strip() or not values.strip():
            raise ConfigError(f"a search field is NAME=v1,v2 or NAME=low:high, not {spec!r}")
        if ":" in values:
            lo, _, hi = values.partition(":")
            try:
                space[name.strip()] = (float(lo), float(hi))
            except ValueError:
                raise ConfigError(f"a range is low:high numbers, not {values!r}") from None
        else:
            space[name.strip()] = [v.strip() for v in values.split(",") if v.strip()]
    return space


def candidates(
    space: Mapping[str, list[str] | tuple[float, float]], samples: int | None, seed: int = 0
) -> list[dict[str, str]]:
    """The grid of all value lists, or ``samples`` random draws (ranges uniform, lists
    picked uniformly) from a generator seeded with ``seed``."""
    if samples is None:
        if any(isinstance(v, tuple) for v in space.values()):
            raise ConfigError("a range low:high needs --random N (a grid takes value lists)")
        names = list(space)
        lists: list[list[str]] = [v for v in space.values() if isinstance(v, list)]
        return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*lists)]
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(samples):
        draw: dict[str, str] = {}
        for name, values in space.items():
            if isinstance(values, tuple):
                draw[name] = f"{rng.uniform(values[0], values[1]):.6g}"
            else:
                draw[name] = values[int(rng.integers(len(values)))]
        out.append(draw)
    return out


def validation_split(split: Split, validate_from: int) -> Split:
    """Train before ``validate_from``, score ``validate_from … train_until``."""
    if not validate_from <= split.train_until:
        raise ConfigError(
            f"the validation periods must end the training periods: {validate_from} is after "
            f"{split.train_until}"
        )
    return Split(validate_from - 1, validate_from, split.train_until)


def score(
    periods: Sequence[Period],
    system_name: str,
    base: Mapping[str, str],
    options: Mapping[str, str],
    split: Split,
    policy: Policy,
) -> float:
    """The validation deviance of one candidate (what each worker computes)."""
    system = get_system(system_name)
    config = with_options(system.default_config(), {**base, **options})
    return run(periods, system, config, split, policy, three_outcomes=False).deviance


def search(
    periods: Sequence[Period],
    system_name: str,
    trials: Sequence[Mapping[str, str]],
    split: Split,
    validate_from: int,
    policy: Policy = DEFAULT_POLICY,
    base: Mapping[str, str] | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> SearchResult:
    """Score every candidate on the validation periods, locally or on Dask."""
    found = search_many(
        periods, system_name, [trials], split, validate_from, policy, base, scheduler, progress
    )
    return found[0]


def search_many(
    periods: Sequence[Period],
    system_name: str,
    trial_sets: Sequence[Sequence[Mapping[str, str]]],
    split: Split,
    validate_from: int,
    policy: Policy = DEFAULT_POLICY,
    base: Mapping[str, str] | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> list[SearchResult]:
    """Several searches (one per seed) scored on the validation periods; on Dask the
    cluster is started once and the periods sent to each worker once for all of them."""
    vsplit = validation_split(split, validate_from)
    fixed = dict(base or {})
    get_system(system_name)  # unknown names fail before any work
    flat = [dict(o) for trials in trial_sets for o in trials]
    for options in flat:  # bad fields or values fail before any work
        with_options(get_system(system_name).default_config(), {**fixed, **options})
    if scheduler is None:
        scores = []
        for i, options in enumerate(flat, start=1):
            scores.append(score(periods, system_name, fixed, options, vsplit, policy))
            if progress is not None:
                progress(i)
    else:
        scores = _on_dask(periods, system_name, fixed, flat, vsplit, policy, scheduler, progress)
    out = []
    at = 0
    for trials in trial_sets:
        chunk = scores[at : at + len(trials)]
        at += len(trials)
        out.append(
            SearchResult(
                system_name,
                tuple(Trial(dict(o), s) for o, s in zip(trials, chunk, strict=True)),
            )
        )
    return out


@dataclass(frozen=True)
class _Shared:
    """The periods as one object: scattered whole, not element by element (a list would
    be sent and hashed period by period, issue 22)."""

    periods: Sequence[Period]


def _score_shared(
    shared: _Shared,
    system_name: str,
    base: Mapping[str, str],
    options: Mapping[str, str],
    split: Split,
    policy: Policy,
) -> float:
    return score(shared.periods, system_name, base, options, split, policy)


def _on_dask(
    periods: Sequence[Period],
    system_name: str,
    base: Mapping[str, str],
    trials: Sequence[Mapping[str, str]],
    split: Split,
    policy: Policy,
    scheduler: str,
    progress: Progress | None,
) -> list[float]:
    with dask_client(scheduler) as (dd, client):
        shared = client.scatter(_Shared(tuple(periods)), broadcast=True, hash=False)
        futures = [
            client.submit(
                _score_shared, shared, system_name, base, dict(o), split, policy, pure=False
            )
            for o in trials
        ]
        for done, _ in enumerate(dd.as_completed(futures), start=1):
            if progress is not None:
                progress(done)
        results: list[float] = client.gather(futures)
    return results


def best_config(result: SearchResult, base: Mapping[str, str] | None = None) -> Any:
    """The winning candidate's configuration."""
    system = get_system(result.system)
    return with_options(system.default_config(), {**(base or {}), **result.best.options})


__all__ = [
    "SearchResult",
    "Trial",
    "best_config",
    "candidates",
    "parse_space",
    "search",
    "search_many",
]
