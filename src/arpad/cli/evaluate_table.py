"""The tables of ``arpad evaluate`` (80 columns) and its JSON document."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arpad.evaluate import breakdowns
from arpad.evaluate.harness import Result, Split, protocol_text
from arpad.evaluate.harness import period_label as label

FLAG_LEGEND = "!: no period rated anybody; <: worse than the constant on the same games."


def _name(r: Result, width: int) -> str:
    """The row's name: the preset's (which names its system), else the label."""
    name = r.preset or r.label
    return name if len(name) <= width else name[: width - 1] + "…"


def _interval(r: Result, key: str, signed: bool = False) -> str:
    if key not in r.intervals:
        return "-"
    lo, hi = r.intervals[key]
    return f"{lo:+.4f} {hi:+.4f}" if signed else f"{lo:.4f}–{hi:.4f}"


def _pm(r: Result, key: str, value: float) -> str:
    """``value`` ± half the width of its 95 % interval (the JSON has both ends)."""
    if key not in r.intervals:
        return f"{value:.4f}"
    lo, hi = r.intervals[key]
    half = f"{(hi - lo) / 2:.4f}".lstrip("0")
    return f"{value:.4f}±{half}"


def _flag(r: Result) -> str:
    return ("!" if r.rated_nobody else "") + ("<" if r.worse_than_constant else "")


def table_lines(results: Sequence[Result], split: Split, replicates: int) -> list[str]:
    """The ranked table with each row's protocol, interval and flags, then each score with
    its interval and the difference from the best (at most 80 columns)."""
    how = (
        f"95 % intervals: paired bootstrap of player-months, {replicates} draws"
        if replicates > 0
        else "no intervals (--bootstrap 0)"
    )
    lines = [
        f"Test periods {label(split.test_from)} to {label(split.test_until)} (trained to "
        f"{label(split.train_until)}); deviance base 10, clipped;",
        how + ".",
        f"{'#':>2} {'system or preset':<25} {'protocol':<17} {'deviance':>8} "
        f"{'95% interval':<13} {'games':>6} {'!<':<2}",
    ]
    for i, r in enumerate(results, start=1):
        lines.append(
            f"{i:>2} {_name(r, 25):<25} {protocol_text(r.protocol):<17} {r.deviance:>8.4f} "
            f"{_interval(r, 'deviance'):<13} {r.games:>6} {_flag(r):<2}"
        )
    lines += [
        "protocol: roll(ing)/fix(ed); n= newcomers (sys: the system's rule, or a seeded",
        "rating); u= games of never-rated players (new(comer state), con(stant), skip);",
        "-fm: no first-move advantage.",
        FLAG_LEGEND,
        "",
        f"{'#':>2} {'Δ best':>7} {'95% interval':<15} {'no FM':>6} {'FM':>5} "
        f"{'logloss':<12} {'Brier':<12} {'RMSE':<12}",
    ]
    for i, r in enumerate(results, start=1):
        lines.append(
            f"{i:>2} {r.difference_from_best:>+7.4f} "
            f"{_interval(r, 'difference_from_best', signed=True):<15} "
            f"{r.deviance_without_first_move:>6.4f} {r.first_move_advantage:>5.1f} "
            f"{_pm(r, 'log_loss', r.log_loss):<12} {_pm(r, 'brier', r.brier):<12} "
            f"{_pm(r, 'rmse', r.rmse):<12}"
        )
    lines.append("Δ best: deviance minus the best row's on the games both scored; no FM:")
    lines.append("without the fitted first-move advantage FM (points); ±: half the 95% interval.")
    if any(r.outcome_log_loss is not None for r in results):
        lines += outcome_lines(results)
    return lines


def outcome_lines(results: Sequence[Result]) -> list[str]:
    """The three-outcome log loss of the rows whose system has a draw model (n/a for the
    others: their predictions give no probability of a draw)."""
    lines = ["", f"{'#':>2} {'3-outcome':>9} {'95% interval':<13} {'draw ν':>8}"]
    for i, r in enumerate(results, start=1):
        if r.outcome_log_loss is None:
            lines.append(f"{i:>2} {'n/a':>9}")
            continue
        nu = "-" if r.draw_nu is None else f"{r.draw_nu:.3f}"
        lines.append(
            f"{i:>2} {r.outcome_log_loss:>9.4f} {_interval(r, 'outcome_log_loss'):<13} {nu:>8}"
        )
    fitted = all(r.protocol.get("draw_nu") == "fitted" for r in results if r.draw_nu is not None)
    lines += [
        "3-outcome: natural-log loss of win, draw, loss by Davidson's (1970) draw model;",
        "ν "
        + ("fitted on the training games" if fitted else "given (--draw-nu)")
        + "; n/a: the system has no draw model.",
    ]
    return lines


def breakdown_lines(results: Sequence[Result]) -> list[str]:
    """The deviance of each subset (:mod:`arpad.evaluate.breakdowns`), one table per group
    with the systems as rows; the first line of each gives the best row's game counts."""
    if not results:
        return []
    lines: list[str] = []
    for group in breakdowns.GROUPS:
        heads = [b for b in results[0].breakdown if b.group == group]
        width = 9 if group == "rating band" else 8
        lines += [
            "",
            f"Deviance by {group}:",
            f"{'#':>2} {'system or preset':<25} " + " ".join(f"{b.label:>{width}}" for b in heads),
            f"{'':>2} {'games (row 1)':<25} " + " ".join(f"{b.games:>{width}}" for b in heads),
        ]
        for i, r in enumerate(results, start=1):
            cells = [b for b in r.breakdown if b.group == group]
            shown = " ".join(
                f"{'-' if b.deviance is None else f'{b.deviance:.4f}':>{width}}" for b in cells
            )
            lines.append(f"{i:>2} {_name(r, 25):<25} {shown}")
    lines += [
        "",
        "players: newcomer (a player had no game rated before the period), seen (both",
        "had), contest (both played in training, as in the Kaggle 2010 test set). prior",
        "games: the fewer of the two players'. rating band: the mean of the two players'",
        "ratings before the period by row 1's system, cut at its quartiles (the same",
        "games for every row).",
    ]
    return lines


def calibration_lines(result: Result) -> list[str]:
    """The calibration table of one result."""
    lines = [
        "",
        f"Calibration of {result.label}:",
        f"{'predicted':>13} {'games':>7} {'mean':>7} {'actual':>7}",
    ]
    for b in result.calibration:
        lines.append(
            f"{b.low:>5.1f} - {b.high:<5.1f} {b.games:>7} {b.predicted:>7.4f} {b.actual:>7.4f}"
        )
    return lines


def results_json(results: Sequence[Result], split: Split, replicates: int) -> dict[str, Any]:
    return {
        "split": {
            "train_until": split.train_until,
            "test_from": split.test_from,
            "test_until": split.test_until,
        },
        "bootstrap_replicates": replicates,
        "results": [r.as_json() for r in results],
    }
