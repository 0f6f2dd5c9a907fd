"""What :mod:`.rules` takes and gives, for the per-event path and the season loop alike:
the configuration as a flat array, the table's rows, the D_p table filled on demand, and
the :class:`~arpad.systems.PlayerRating` objects and the event's note built from the
rule's output.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from arpad.booktables import table_row_at
from arpad.systems import PlayerRating
from arpad.systems.elo import rules
from arpad.systems.elo.formulas import score_difference
from arpad.systems.elo.krules import FideK, K25Ends, KRule
from arpad.systems.elo.options import ExpectedFormula, PerformanceFormula

FloatArray = npt.NDArray[np.float64]

_K_CODES = {
    KRule.CONSTANT: rules.K_CONSTANT,
    KRule.USCF: rules.K_USCF,
    KRule.GAMES: rules.K_GAMES,
    KRule.PRECISION: rules.K_PRECISION,
    KRule.FIDE1986: rules.K_FIDE1986,
}
_EXPECTED_CODES = {
    ExpectedFormula.INDIVIDUAL: rules.X_INDIVIDUAL,
    ExpectedFormula.AVERAGE: rules.X_AVERAGE,
    ExpectedFormula.ROUND_ROBIN: rules.X_ROUND_ROBIN,
}
_PERFORMANCE_CODES = {
    PerformanceFormula.COMPETITION: rules.P_COMPETITION,
    PerformanceFormula.ROUND_ROBIN: rules.P_ROUND_ROBIN,
    PerformanceFormula.EXACT: rules.P_EXACT,
    PerformanceFormula.LINEAR: rules.P_LINEAR,
}
METHODS = {  # by code: ``PlayerRating.method``
    rules.NO_GAMES: "no games",
    rules.STANDARD: "standard",
    rules.PROVISIONAL: "provisional",
    rules.UNRATED: "unrated",
    rules.PERFORMANCE: "performance",
}
ROUND_ROBIN_NOTE = (
    "round-robin formulas need a complete round robin of rated players; used (1) and (3) instead"
)


def params(config: Any) -> FloatArray:
    """A configuration as the flat array :mod:`.rules` takes."""
    out = np.zeros(rules.N_PARAMS)
    config.expectancy().rule_params(out)
    out[rules.K_RULE] = _K_CODES[config.k_rule]
    out[rules.K_] = config.K
    out[rules.N_O] = math.nan if config.N_o is None else config.N_o
    out[rules.EXPECTED_FORMULA] = _EXPECTED_CODES[config.expected]
    out[rules.PERF_FORMULA] = _PERFORMANCE_CODES[config.performance]
    out[rules.ESTABLISHED] = config.established_games
    out[rules.FACTOR_F] = config.factor_f
    out[rules.NEW_FIRST] = config.new_players_first
    out[rules.PROV_FIRST] = config.provisional_first
    out[rules.SECOND_CYCLE] = config.second_cycle
    out[rules.UNKNOWN_EST] = config.unknown_history_established
    out[rules.ROUND_AVERAGE] = config.round_average
    schedule = FideK(ends=config.fide_k_ends)
    out[rules.FK_NEW] = schedule.new
    out[rules.FK_NEW_EVENTS] = schedule.new_events
    out[rules.FK_NEW_GAMES] = schedule.new_games
    out[rules.FK_ENDS_LAST] = schedule.ends == K25Ends.LAST
    out[rules.FK_REGULAR] = schedule.regular
    out[rules.FK_TOP] = schedule.top
    out[rules.FK_THRESHOLD] = schedule.top_threshold
    return out


def round_robin_note(config: Any, average: float) -> tuple[str, ...]:
    """The event's note when a round-robin formula is configured and the event is no
    complete round robin of rated players (``average``: the rule's ``O_AVERAGE``)."""
    wanted = (
        config.expected == ExpectedFormula.ROUND_ROBIN
        or config.performance == PerformanceFormula.ROUND_ROBIN
    )
    return (ROUND_ROBIN_NOTE,) if wanted and math.isnan(average) else ()


def row_at(config: Any) -> npt.NDArray[np.int64]:
    """The configured table's row of each whole difference (:func:`.booktables.table_row_at`;
    empty for the linear curve)."""
    table = config.expectancy().table
    return np.zeros(0, dtype=np.int64) if table is None else table_row_at(table)


@dataclass
class DpTable:
    """D_p by [F?, N, 2W] (:func:`~arpad.systems.elo.formulas.score_difference`), NaN
    until the rule asks for a cell."""

    config: Any
    dp: FloatArray = field(default_factory=lambda: np.full((2, 16, 31), np.nan))

    def fill(self, code: int) -> None:
        """Fill the cell the rule stopped for (or grow the table)."""
        _, s1, s2 = self.dp.shape
        if code <= -2:
            n = -2 - code
            grown = np.full((2, 2 * n + 1, 4 * n + 1), np.nan)
            grown[:, :s1, :s2] = self.dp
            self.dp = grown
            return
        f, rest = divmod(code, s1 * s2)
        n, twice = divmod(rest, s2)
        self.dp[f, n, twice] = score_difference(
            twice / 2.0, n, self.config.expectancy(), factor_f=bool(f)
        )


_TABLES: dict[Any, DpTable] = {}


def dp_table(config: Any) -> DpTable:
    """The D_p table of ``config`` (kept: cells once computed serve every later event)."""
    table = _TABLES.get(config)
    if table is None:
        table = _TABLES[config] = DpTable(config)
    return table


def rate_field(
    white: Sequence[int],
    black: Sequence[int],
    white_score: Sequence[float],
    entry: FloatArray,
    config: Any,
) -> tuple[FloatArray, FloatArray]:
    """:func:`.rules.rate_field` as ordinary Python: ``(out, skipped)``; ``entry`` the
    players' states (rows ``E_*``)."""
    w, b = np.array(white, dtype=np.int64), np.array(black, dtype=np.int64)
    ws = np.array(white_score, dtype=float)
    n = entry.shape[1]
    out = np.zeros((rules.N_OUT, n))
    skipped = np.zeros(2 * len(w))
    cfg, rows, table = params(config), row_at(config), dp_table(config)
    fw, iw = rules.work(n, len(w))
    while (
        code := rules.rate_field(w, b, ws, entry, cfg, rows, table.dp, out, skipped, fw, iw)
    ) != -1:
        table.fill(code)
    return out, skipped


def _none(x: float) -> float | None:
    return None if math.isnan(x) else x


def player_rating(
    pid: str, pre: float, col: Sequence[float], opponents: Sequence[str], skipped: Sequence[float]
) -> PlayerRating:
    """One player's result from the rule's column ``col`` (rows ``O_*``), ``opponents`` the
    ids met in game order and ``skipped`` the rule's flags for those games."""
    method = int(col[rules.O_METHOD])
    before = _none(pre)
    if method == rules.NO_GAMES:
        return PlayerRating(pid, before, before, 0, 0.0, method="no games")
    if method == rules.UNRATED:
        return PlayerRating(
            pid, None, None, 0, col[rules.O_SCORE], method="unrated", notes=("no rated opponent",)
        )
    if method == rules.PERFORMANCE:
        first = _none(col[rules.O_POST])
        note = () if first is not None else ("100 % or 0 %: indeterminate rating (§1.54)",)
        return PlayerRating(
            pid,
            None,
            first,
            int(col[rules.O_GAMES]),
            col[rules.O_SCORE],
            method="performance",
            performance=col[rules.O_PERF],
            notes=note,
        )
    notes = [
        f"game against unrated {o!r} not rated"
        for o, flag in zip(opponents, skipped, strict=True)
        if flag
    ]
    if col[rules.O_FELL_BACK]:
        notes.append("score of 100 % or 0 % has no performance rating (§1.54); used (2)")
    return PlayerRating(
        pid,
        before,
        col[rules.O_POST],
        int(col[rules.O_GAMES]),
        col[rules.O_SCORE],
        expected=col[rules.O_EXPECTED],
        k=_none(col[rules.O_K]),
        method=METHODS[method],
        performance=col[rules.O_PERF],
        notes=tuple(notes),
    )
