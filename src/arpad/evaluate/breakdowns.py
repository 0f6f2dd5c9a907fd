"""The test games split the ways a rating committee asks about them.

- ``players``: games with a newcomer (a player with no game rated before the game's
  period) against games between players seen before; and the contest-style subset where
  both players played in the training periods (the Kaggle 2010 test set held only such
  players, SOURCE.md).
- ``prior games``: by the fewer of the two players' games rated before the period.
- ``rating band``: by the mean of the two players' list ratings before the period, in the
  *reference* row's ratings (the table's best row), cut at their quartiles: the same
  games fall in a band for every row, whatever each system's own scale (a constant has
  no ratings at all), so the rows compare like for like. Games the reference could not
  rate (a newcomer) are ``unrated``.

Each subset is scored by the same binomial deviance as the whole table.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from arpad.evaluate import metrics

if TYPE_CHECKING:
    from arpad.evaluate.harness import Predictions, Result

FloatArray = npt.NDArray[np.float64]

PRIOR_GAMES = ((0, 0), (1, 4), (5, 19), (20, 49), (50, None))
"""Bins of the fewer player's prior games (inclusive; ``None``: no upper end)."""


@dataclass(frozen=True, slots=True)
class Row:
    """One subset of the test games: which, how many, and how well they were predicted."""

    group: str
    label: str
    games: int
    deviance: float | None
    """``None``: no game in the subset."""


def _row(group: str, label: str, scored: Predictions, mask: npt.NDArray[np.bool_]) -> Row:
    n = int(mask.sum())
    value = metrics.deviance(scored.p[mask], scored.s[mask]) if n else None
    return Row(group, label, n, value)


def _prior_label(low: int, high: int | None) -> str:
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"


def rows(scored: Predictions) -> tuple[Row, ...]:
    """The players' subsets and those of :data:`PRIOR_GAMES` (the rating bands need the
    reference row: :func:`with_bands`)."""
    out = [
        _row("players", "newcomer", scored, scored.newcomer),
        _row("players", "seen", scored, ~scored.newcomer),
        _row("players", "contest", scored, scored.trained),
    ]
    for low, high in PRIOR_GAMES:
        top = math.inf if high is None else high
        mask = (scored.prior >= low) & (scored.prior <= top)
        out.append(_row("prior games", _prior_label(low, high), scored, mask))
    return tuple(out)


def with_bands(results: Sequence[Result]) -> list[Result]:
    """The results with their ``rating band`` rows, cut at the quartiles of the first
    result's (the reference's) mean ratings; a row's game is looked up by its number."""
    if not results:
        return []
    ref = results[0].scored
    rated = ~np.isnan(ref.rating)
    if rated.any():
        cuts = [float(c) for c in np.quantile(ref.rating[rated], [0.25, 0.5, 0.75])]
    else:
        cuts = []
    band_of = dict(zip(ref.game.tolist(), _bands(ref.rating, cuts).tolist(), strict=True))
    labels = [*_band_labels(cuts), "unrated"]
    out = []
    for r in results:
        which = np.array([band_of.get(int(g), -2) for g in r.scored.game], dtype=np.intp)
        rows = [
            _row("rating band", text, r.scored, which == (i if text != "unrated" else -1))
            for i, text in enumerate(labels)
        ]
        out.append(dataclasses.replace(r, breakdown=(*r.breakdown, *rows)))
    return out


def _bands(rating: FloatArray, cuts: list[float]) -> npt.NDArray[np.intp]:
    """The band of each rating (0 … len(cuts)), −1 where there is none."""
    band = np.searchsorted(np.array(cuts), rating, side="right").astype(np.intp)
    return np.where(np.isnan(rating), -1, band)


def _band_labels(cuts: list[float]) -> list[str]:
    if not cuts:
        return []
    r = [round(c) for c in cuts]
    middle = [f"{a}-{b}" for a, b in itertools.pairwise(r)]
    return [f"<{r[0]}", *middle, f"{r[-1]}+"]


GROUPS = ("players", "prior games", "rating band")
