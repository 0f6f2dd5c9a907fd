"""Paired bootstrap intervals for the scores of several systems on the same test games.

Games are not independent: a player's games in a month share his form, and each game
belongs to two players. The resampling unit is therefore the *player-month* (the block of
the Kaggle 2010 metric, :func:`arpad.evaluate.metrics.kaggle_rmse`): each replicate draws
as many player-months as there are, with replacement, and a game counts with the mean of
its two player-months' multiplicities (its White's and its Black's block; the usual
weighting for two-way clustered data, Cameron, Gelbach & Miller 2011, "Robust inference
with multiway clustering", J. Bus. Econ. Stat. 29(2), §2.3, resamples each dimension's
clusters; averaging the two keeps every game's expected weight at 1). The Kaggle RMSE is
computed over the drawn player-months directly.

*Paired*: every system is scored under the same draws, so the interval of a difference
between two systems is narrower than the two intervals side by side would suggest; where
the systems scored different games (a ``skip`` policy) the difference is taken over the
games both scored. Intervals are percentile intervals (2.5 % and 97.5 % of the replicates).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from arpad.evaluate.harness import Result

FloatArray = npt.NDArray[np.float64]

REPLICATES = 1000
CHUNK = 50
"""Replicates drawn at a time (bounds the memory of the weight matrix)."""


def _losses(result: Result) -> dict[str, FloatArray]:
    q = np.clip(result.scored.p, 0.01, 0.99)
    p = np.clip(result.scored.p, 1e-15, 1.0 - 1e-15)
    s = result.scored.s
    out = {
        "deviance": -(s * np.log10(q) + (1.0 - s) * np.log10(1.0 - q)),
        "log_loss": -(s * np.log(p) + (1.0 - s) * np.log(1.0 - p)),
        "brier": np.square(result.scored.p - s),
    }
    if result.outcome_log_loss is not None:  # the system has a draw model
        out["outcome_log_loss"] = result.scored.outcome_loss
    return out


class _Blocks:
    """Player-month blocks of the union of the games the results scored."""

    def __init__(self, results: Sequence[Result]) -> None:
        keys: dict[tuple[str, int], int] = {}
        self.white: list[dict[int, int]] = []
        self.black: list[dict[int, int]] = []
        for r in results:
            sc = r.scored
            w, b = {}, {}
            for g, wi, bi, period in zip(sc.game, sc.white, sc.black, sc.period, strict=True):
                w[int(g)] = keys.setdefault((r.players[wi], int(period)), len(keys))
                b[int(g)] = keys.setdefault((r.players[bi], int(period)), len(keys))
            self.white.append(w)
            self.black.append(b)
        self.count = len(keys)

    def of(self, i: int, games: npt.NDArray[np.intp]) -> tuple[npt.NDArray[np.intp], ...]:
        w = np.array([self.white[i][int(g)] for g in games], dtype=np.intp)
        b = np.array([self.black[i][int(g)] for g in games], dtype=np.intp)
        return w, b


def _percentile(values: FloatArray) -> tuple[float, float]:
    lo, hi = np.percentile(values, [2.5, 97.5])
    return float(lo), float(hi)


def _rmse(
    diff: FloatArray, wb: npt.NDArray[np.intp], bb: npt.NDArray[np.intp], m: FloatArray
) -> FloatArray:
    """The Kaggle RMSE of each replicate: per player-month totals, each block counted by its
    multiplicity (``m``: replicates × blocks)."""
    totals = np.bincount(wb, diff, minlength=m.shape[1]) - np.bincount(
        bb, diff, minlength=m.shape[1]
    )
    used = np.zeros(m.shape[1], dtype=bool)
    used[wb] = True
    used[bb] = True
    mu = m[:, used]
    return np.asarray(np.sqrt((mu @ np.square(totals[used])) / mu.sum(axis=1)), dtype=float)


def intervals(
    results: Sequence[Result], replicates: int = REPLICATES, seed: int = 0
) -> list[Result]:
    """The results with :attr:`Result.intervals` and :attr:`Result.difference_from_best`
    filled in (the best: the lowest deviance), in the same order."""
    if not results or replicates <= 0:
        return list(results)
    blocks = _Blocks(results)
    best = min(range(len(results)), key=lambda i: results[i].deviance)
    rng = np.random.default_rng(seed)
    parts = [_Parts(r, blocks.of(i, r.scored.game)) for i, r in enumerate(results)]
    for part in parts:
        part.pair_with(parts[best])
    done = 0
    while done < replicates:
        n = min(CHUNK, replicates - done)
        m = rng.multinomial(blocks.count, np.full(blocks.count, 1.0 / blocks.count), size=n)
        for part in parts:
            part.add(m.astype(float))
        done += n
    out = []
    for r, part in zip(results, parts, strict=True):
        found = {name: _percentile(np.concatenate(v)) for name, v in part.draws.items()}
        found["difference_from_best"] = _percentile(np.concatenate(part.gaps))
        out.append(
            dataclasses.replace(
                r, intervals=found, difference_from_best=r.deviance - results[best].deviance
            )
        )
    return out


class _Parts:
    """One result's per-game losses and the replicate scores drawn so far."""

    def __init__(self, result: Result, blocks: tuple[npt.NDArray[np.intp], ...]) -> None:
        self.games = result.scored.game
        self.losses = _losses(result)
        self.wb, self.bb = blocks
        self.diff = result.scored.p - result.scored.s
        self.draws: dict[str, list[FloatArray]] = {k: [] for k in [*self.losses, "rmse"]}
        self.gaps: list[FloatArray] = []
        self.common = np.arange(len(self.games))
        self.gap = np.zeros(len(self.games))

    def pair_with(self, best: _Parts) -> None:
        """Compare with ``best`` on the games both scored (a game weighs the same in both:
        its weight is its two player-months')."""
        _, mine, theirs = np.intersect1d(self.games, best.games, return_indices=True)
        self.common = mine
        self.gap = self.losses["deviance"][mine] - best.losses["deviance"][theirs]

    def add(self, m: FloatArray) -> None:
        w = (m[:, self.wb] + m[:, self.bb]) / 2.0
        total = w.sum(axis=1)
        for name, loss in self.losses.items():
            self.draws[name].append((w @ loss) / total)
        self.draws["rmse"].append(_rmse(self.diff, self.wb, self.bb, m))
        wc = w[:, self.common]
        self.gaps.append((wc @ self.gap) / np.maximum(wc.sum(axis=1), 1e-300))
