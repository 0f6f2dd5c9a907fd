"""The app's printout, laid out like the paper's (spec §4.13), and its JSON form.

Source of the wording: berard-pra-and-tournament-app.txt L754–L816 (regression and
residual blocks), L1134–L1148 (the test), L1150–L1178 (final table, footer, G-scores,
Tournament Strength), L1462–L1491 (warning, negative slope). Residual rows use the
colon/comma form of L768 and L1437. Lines the paper never prints (the fail footer, the
match analytics, the hypothesis test on r, categories, estimator and corrections) are
marked as ours in docs/tournament-app.md.
"""

from __future__ import annotations

from typing import Any

from arpad.analysis.tournament_app.analyse import AppRun, AppSession
from arpad.analysis.tournament_app.greatness import G_LIST, g_category
from arpad.analysis.tournament_app.lln import nearest_half

LR_MARK = "**LR**"


def _f(x: float, digits: int = 2) -> str:
    return f"{x:.{digits}f}"


def _rating(x: float) -> str:
    """An initial rating as given: ``2765`` or ``2765.5``."""
    if float(x).is_integer():
        return str(int(x))
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)).rstrip()]
    for r in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    return lines


def _pzero_block(run: AppRun) -> list[str]:
    out = ["P-Zero Scores:", "Rank) Name: P-Zero, z-score, Points, Games"]
    for rank, i in enumerate(run.order, start=1):
        z = run.z[i]
        z_text = "—" if z is None else _f(z)
        out.append(
            f"{rank}) {run.tournament.names[i]}: {_f(run.p0[i])}, {z_text}, "
            f"{run.points[i]:g}, {run.games[i]}"
        )
    return out


def _regression_block(run: AppRun) -> list[str]:
    reg = run.regression
    r_text = "undefined" if reg.r is None else _f(reg.r)
    out = [
        "Regression Analysis:",
        f"r = {r_text}",
        "Regression Eq: y-hat = b0 + b1 * x",
        f"Regression Eq: y-hat = {_f(reg.b0)} + {_f(reg.b1, 4)} * x",
        f"(xbar, ybar) = ({_f(reg.xbar)}, {_f(reg.ybar)})",
    ]
    if run.correlation is not None:
        c = run.correlation
        verdict = (
            "the players were expected to finish in the order of their ratings"
            if c.significant
            else "no significant correlation: it's anybody's tournament"
        )
        out.append(
            f"Hypothesis test on r: t = {_f(c.t, 3)}, df = {c.n - 2}, "
            f"one-sided p = {c.p_value:.4f}: {verdict}."
        )
    return out


def _residual_block(run: AppRun) -> list[str]:
    out = [
        "Residual Analysis (Magnitudes > 100 Become Suspect):",
        "Rank) Name: P-Zero, Perf. Rating, Init. Rating, Residual",
    ]
    for rank, row in enumerate(run.residuals, start=1):
        mark = LR_MARK if row.large else ""
        out.append(
            f"{rank}) {row.name}: {_f(row.p_zero)}, {_f(row.fitted)}, {_rating(row.rating)}, "
            f"{_f(row.residual)}{mark}"
        )
    out.append(f"Note: {LR_MARK} means Large Residual when its magnitude exceeds 100.")
    pressure = [r for r in run.residuals if r.pressure != 0]
    if pressure:
        parts = [
            f"{r.name} ({'upward' if r.pressure > 0 else 'downward'}, {_f(r.residual)})"
            for r in pressure
        ]
        out.append("Pressure (in spec, |residual| 75 to 100): " + ", ".join(parts) + ".")
    return out


def _test_block(run: AppRun) -> list[str]:
    t = run.test
    lo, hi = t.k_interval
    out = [
        "Next, is a better test of the goodness of fit of the regression line using chi-squared.",
        "For my research, I am keeping a list of C.I.'s for E, my constant in the test "
        f"statistic computation. E is in ({_f(lo, 1)}, {_f(hi, 1)}).",
        "H0: The players all performed to expectation.",
        "HA: The players did not all perform to expectation.",
        f"Critical Value: chi-squared = {_f(t.critical, 3)}.",
        f"Lower Threshold Value: chi-squared = {_f(t.lower, 3)}.",
        "If the test statistic exceeds the critical value, that is evidence that the players "
        "did not all perform according to expectation (the performance rating as calculated "
        "by the regression line equation). Goodness of fit tests are all right tailed, so we "
        "just need to make this one comparison.",
        f"Test Statistic: chi-squared = {_f(t.statistic, 3)}.",
    ]
    if run.passed:
        out.append(
            "The test statistic is in the do not reject region. "
            "We conclude that the players performed as expected."
        )
    else:
        out.append(
            "The test statistic exceeds the critical value. "
            "The players did not perform as expected."
        )
    if t.suspicious:
        out.append(
            "Warning: The test statistic is below the lower threshold value. The players "
            "performed unusually close to expectation as to arouse suspicion."
        )
    return out


def _final_block(run: AppRun) -> list[str]:
    reg = run.regression
    out: list[str] = []
    if reg.negative_slope:
        out += [
            "To compute the Perf. Ratings, we take the absolute value of the slope of the "
            "regression equation. Thus,",
            f"y-hat = {_f(reg.b0)} + {_f(reg.b1, 4)} * x",
            "becomes",
            f"PR = {_f(reg.ybar)} + {_f(abs(reg.b1), 4)} * P-Zero.",
            "",
        ]
    out.append(run.tournament.name)
    out.append("")
    header = ["Rank", "Name", run.label, "Elo After", "PRA After", "Perf. Rating"]
    rows = [
        [
            f"{f.rank})",
            f.name,
            _rating(f.rating),
            _f(f.elo_after),
            _f(f.pra_after),
            _f(f.performance),
        ]
        for f in run.final
    ]
    out += _table(header, rows)
    if reg.negative_slope:
        out += [
            "",
            "Note: The slope of the regression line was negative, so the sign of the slope has "
            "been made positive to create ascending performance ratings.",
        ]
    out.append("")
    if run.tournament.knockout:
        out.append(
            "Knock-out event: the Ratings Goodness of Fit Test is informational only, and the "
            "players are ranked by their G-scores."
        )
    elif run.passed:
        out.append(
            "The Ratings Goodness of Fit Test passed. This means that the results of the "
            "tournament fit with the historical ratings. No quantum corrections are necessary. "
            "The results are hereby finalized and certified."
        )
    else:
        flagged = ", ".join(f"{r.name} ({_f(r.residual)})" for r in run.out_of_spec())
        out.append(
            "The Ratings Goodness of Fit Test failed. The results are not certified."
            + (f" Out of spec: {flagged}." if flagged else " No single rating is out of spec.")
        )
    return out


def _greatness_block(run: AppRun) -> list[str]:
    t = run.tournament
    if t.rating2 is None:
        return [
            "Greatness Scores and Tournament Strength need Rating2, the rating of the world's "
            "No. 2 player at the time (give it with --rating2)."
        ]
    listed = [g for g in run.greatness if g.g > G_LIST]
    if t.knockout:
        listed.sort(key=lambda g: -g.g)
    out = ["Greatness Scores:"]
    for g in listed:
        out.append(f"{g.name} ({t.name}) got G = {_f(g.g)}")
        out.append(f"    {g_category(g.g)}")
    if not listed:
        out.append("(no G-score over 100)")
    if run.strength is not None:
        out += ["", f"{t.name}: Tournament Strength: {_f(run.strength, 4)}"]
    return out


def _match_block(run: AppRun) -> list[str]:
    m = run.match
    if m is None:
        return []
    names = run.tournament.names
    fav, dog = names[m.favourite], names[m.underdog]
    gap = m.implied.difference
    gap_text = f"{abs(gap):.0f} points or more" if m.implied.at_least else f"{gap:.2f} points"
    return [
        "Ratings Law of Large Numbers:",
        f"Expected score: {fav} {_f(m.expected[0])}, {dog} {_f(m.expected[1])} "
        f"(to the nearest half game {nearest_half(m.expected[0]):g} - "
        f"{nearest_half(m.expected[1]):g}).",
        f"Probability of a sweep by {fav}: {m.sweep:.5f}.",
        f"{fav} scored {m.score:g} of {m.games}: the implied rating difference is {gap_text}.",
    ]


def render_run(run: AppRun) -> str:
    """The printout of one run."""
    blocks = [
        [run.tournament.name],
        _pzero_block(run),
        _regression_block(run),
        _residual_block(run),
        _test_block(run),
        _final_block(run),
        _greatness_block(run),
        _match_block(run),
    ]
    return "\n\n".join("\n".join(b) for b in blocks if b) + "\n"


def render(session: AppSession) -> str:
    """The whole session: estimator, first run, corrections, rerun."""
    parts: list[str] = []
    if session.absent:
        parts.append(f"Left out (no game played): {', '.join(session.absent)}.\n")
    est = session.estimation
    if est is not None:
        names = session.runs[0].tournament.names
        lines = ["Initial Ratings Estimator:"]
        for step in est.steps:
            reg, t = step.regression, step.test
            verdict = "passes" if step.dropped is None else "fails"
            lines.append(
                f"Line over {len(step.known)} known ratings: y-hat = {_f(reg.b0)} + "
                f"{_f(reg.b1, 4)} * x; chi-squared = {_f(t.statistic, 3)} "
                f"(critical {_f(t.critical, 3)}): {verdict}."
            )
            if step.dropped is not None:
                lines.append(f"Dropping the worst residual: {names[step.dropped]}.")
        lines.append("Name: P-Zero, I.R.")
        p0 = session.runs[0].p0
        for i, value in est.estimates:
            lines.append(f"{names[i]}: {_f(p0[i])}, {_rating(value)}")
        parts.append("\n".join(lines) + "\n")
    parts.append(render_run(session.runs[0]))
    if session.skipped:
        parts.append(
            "\n".join(f"Not corrected: {s.name}: {s.reason}." for s in session.skipped) + "\n"
        )
    if session.corrections:
        lines = ["Quantum corrections (one shot, to the nearest whole number on the PR line):"]
        for c in session.corrections:
            lines.append(
                f"{c.name}: {_rating(c.before)} -> {_rating(c.after)} (PR {_f(c.performance)})"
            )
        lines.append("The tournament is run again with the corrected initial ratings.")
        parts.append("\n".join(lines) + "\n")
        parts.append(render_run(session.runs[1]))
    return "\n".join(parts)


def _run_json(run: AppRun) -> dict[str, Any]:
    reg, t = run.regression, run.test
    names = run.tournament.names
    return {
        "label": run.label,
        "players": [
            {
                "rank": rank,
                "index": i + 1,
                "name": names[i],
                "rating": run.ratings[i],
                "p_zero": run.p0[i],
                "z": run.z[i],
                "points": run.points[i],
                "games": run.games[i],
            }
            for rank, i in enumerate(run.order, start=1)
        ],
        "regression": {
            "r": reg.r,
            "b0": reg.b0,
            "b1": reg.b1,
            "xbar": reg.xbar,
            "ybar": reg.ybar,
            "negative_slope": reg.negative_slope,
        },
        "correlation_test": None
        if run.correlation is None
        else {
            "t": run.correlation.t,
            "df": run.correlation.n - 2,
            "p_value": run.correlation.p_value,
            "significant": run.correlation.significant,
        },
        "residuals": [
            {
                "name": r.name,
                "p_zero": r.p_zero,
                "fitted": r.fitted,
                "rating": r.rating,
                "residual": r.residual,
                "large": r.large,
                "pressure": r.pressure,
            }
            for r in run.residuals
        ],
        "goodness_of_fit": {
            "statistic": t.statistic,
            "df": t.df,
            "critical": t.critical,
            "lower": t.lower,
            "ss": t.ss,
            "k_interval": list(t.k_interval),
            "constant": t.constant,
            "verdict": t.verdict.value,
            "suspicious": t.suspicious,
        },
        "final": [
            {
                "rank": f.rank,
                "name": f.name,
                "rating": f.rating,
                "elo_after": f.elo_after,
                "pra_after": f.pra_after,
                "performance": f.performance,
            }
            for f in run.final
        ],
        "greatness": [
            {"name": g.name, "g": g.g, "category": g_category(g.g)} for g in run.greatness
        ],
        "tournament_strength": run.strength,
        "match": None
        if run.match is None
        else {
            "favourite": names[run.match.favourite],
            "expected": list(run.match.expected),
            "sweep_probability": run.match.sweep,
            "implied_difference": run.match.implied.difference,
            "implied_at_least": run.match.implied.at_least,
        },
    }


def session_json(session: AppSession) -> dict[str, Any]:
    """The ``--json`` shape: unrounded numbers."""
    first = session.runs[0].tournament
    est = session.estimation
    return {
        "tournament": first.name,
        "rating_system": first.rating_system,
        "rating2": first.rating2,
        "knockout": first.knockout,
        "estimation": None
        if est is None
        else {
            "steps": [
                {
                    "known": [first.names[i] for i in s.known],
                    "b0": s.regression.b0,
                    "b1": s.regression.b1,
                    "statistic": s.test.statistic,
                    "verdict": s.test.verdict.value,
                    "dropped": None if s.dropped is None else first.names[s.dropped],
                }
                for s in est.steps
            ],
            "estimates": [{"name": first.names[i], "rating": v} for i, v in est.estimates],
        },
        "runs": [_run_json(r) for r in session.runs],
        "corrections": [
            {"name": c.name, "before": c.before, "after": c.after, "performance": c.performance}
            for c in session.corrections
        ],
        "not_corrected": [{"name": s.name, "reason": s.reason} for s in session.skipped],
        "absent": list(session.absent),
    }
