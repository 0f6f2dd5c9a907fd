"""FIDE's rating estimator as the system's hook (:attr:`RatingSystem.estimator`):
:func:`arpad.systems.fide.estimate.estimate` under the rules in force on the event's date,
laid out as FIDE's calculation page shows it."""

from __future__ import annotations

import math

from arpad.errors import ConfigError
from arpad.systems import Estimate, EstimateRequest, Estimator, PlayerRating
from arpad.systems.fide.estimate import FideEstimate, estimate
from arpad.systems.fide.rules import FideConfig, RatingType, reached_top


def _rating_type(text: str) -> RatingType:
    try:
        return RatingType(text)
    except ValueError:
        raise ConfigError(f"--type must be standard, rapid or blitz, not {text!r}") from None


def _player_rating(est: FideEstimate, results: tuple[tuple[float, float], ...]) -> PlayerRating:
    rated = est.rating is not None
    return PlayerRating(
        "player",
        est.rating,
        est.new_rating,
        len(est.games) if rated else len(results),
        math.fsum(s for _, s in results),
        expected=math.fsum(g.expected for g in est.games) if rated else None,
        k=None if est.k is None else float(est.k),
        method=f"fide {est.era.value}",
        notes=(est.note,) if est.note else (),
    )


def _steps(est: FideEstimate, results: tuple[tuple[float, float], ...], day: object) -> Estimate:
    rating = _player_rating(est, results)
    rules = f"FIDE {est.era.value} ({est.rating_type.value}), event of {day}"
    lines: list[tuple[str, str]] = []
    if est.rating is None:
        init = est.initial
        if init is not None:
            lines.append(("Ra", f"{init.average:.2f}   p {init.p:.4f}   dp {init.dp:g}"))
            lines.append(("initial rating", f"{init.rating:.0f} ({init.rule} rule)"))
        if est.note:
            lines.append(("note", est.note))
        return Estimate(rating, rules, tuple(lines))
    table = [("#", "Opp.", "used", "W", "PD", "W − PD")]
    for i, g in enumerate(est.games, start=1):
        opponent = results[int(g.opponent) - 1][0]
        used = f"{g.opponent_rating:.0f}" + (" *" if g.capped else "")
        table.append(
            (
                str(i),
                f"{opponent:.0f}",
                used,
                f"{g.score:g}",
                f"{g.expected:.2f}",
                f"{g.delta:+.2f}",
            )
        )
    if est.skipped:
        lines.append(("not rated", f"{est.skipped} game(s) under the 600-point rule"))
    lines.append(("Σ (W − PD)", f"{est.delta:+.2f}"))
    lines.append(("K", f"{est.k}"))
    if est.change is not None:
        lines.append(("K × Σ", f"{est.change:+.2f}"))
    if est.note:
        lines.append(("note", est.note))
    return Estimate(rating, rules, tuple(lines), tuple(table))


def run(request: EstimateRequest, config: FideConfig) -> Estimate:
    """One player's change (FIDE's calculator, under the rules FIDE applies: the 2650+
    exemption, K × n ≤ 700, the current initial rating for an unrated player)."""
    rating = request.rating
    # K 10 once a published rating has reached 2400: the flag, or the rating itself (the
    # same rule as ``rate``, :func:`reached_top`).
    top = bool(request.reached_top) or reached_top(rating, None, config)
    est = estimate(
        rating,
        request.results,
        config,
        k=request.k,
        games_before=config.new_games if request.games is None else request.games,
        reached_top=top,
        birth_year=request.birth_year,
        start=request.day,
        rating_type=_rating_type(request.rating_type),
    )
    return _steps(est, request.results, request.day)


ESTIMATOR = Estimator(
    title="FIDE (the regulations in force today)",
    note="Like FIDE's calculator but under the rules FIDE applies: the 400-point rule with the "
    "2650 exemption, K by games played (give 30 or more for an established player), "
    "K × n ≤ 700; an unrated player gets the initial rating of 8.2 when the games allow.",
    run=run,
    uses=frozenset({"k", "birth_year", "reached_top", "rating_type"}),
)
