"""Regenerate docs/evaluation.md (and its calibration plot) from the real games.

    python scripts/evaluation_report.py

Reads ../shared/data/kaggle2010-elo-vs-rest/training_data.csv and
../shared/data/elite-games-kwiatkowski/games_2015_2020_classical.csv (relative to the
repository root) and evaluates every system that can predict, the baselines, the issue's
anchors and every shipped preset, exactly as ``arpad evaluate`` does.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from arpad.cli.evaluate_run import Entry, default_entries
from arpad.errors import ArpadError
from arpad.evaluate import harness, metrics
from arpad.evaluate.harness import Mode, Policy, Result, Split
from arpad.evaluate.presets import PRESETS
from arpad.io import read_events
from arpad.systems import get_system

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
KAGGLE = DATA / "kaggle2010-elo-vs-rest" / "training_data.csv"
ELITE = DATA / "elite-games-kwiatkowski" / "games_2015_2020_classical.csv"
OUT = ROOT / "docs" / "evaluation.md"
PLOT = ROOT / "docs" / "img" / "evaluation-calibration.png"

SEEDED = ("elo", "fide1986", "uscf", "uscf1993", "uscf1994", "linear")
"""Systems whose own newcomer rules rate nobody (or few) from an unrated start: also shown
with every newcomer seeded at 1500."""


@dataclass(frozen=True)
class Row:
    label: str
    policy: str
    anchor: str
    result: Result


def _policy_text(p: Policy) -> str:
    parts = [p.mode.value]
    if p.newcomer_rating is not None:
        parts.append(f"newcomers {p.newcomer_rating:g}")
    if p.unrated is not harness.Unrated.NEWCOMER:
        parts.append(f"unrated {p.unrated.value}")
    return ", ".join(parts)


def evaluate(
    periods: Sequence[harness.Period], split: Split, anchors: bool
) -> tuple[list[Row], list[str]]:
    entries: list[tuple[Entry, str]] = [(e, "") for e in default_entries(Policy())]
    seeded = Policy(newcomer_rating=1500.0)
    for name in SEEDED:
        entries.append((Entry(name, get_system(name).default_config(), seeded), ""))
    if anchors:
        logistic = get_system("logistic")
        entries.append(
            (
                Entry("logistic", logistic.default_config(), Policy(mode=Mode.FIXED)),
                "0.2899 (Elo K = 32 with white advantage)",
            )
        )
    rows: list[Row] = []
    failures: list[str] = []
    for entry, anchor in entries:
        if anchors and entry.system == "constant" and entry.preset is None:
            anchor = "0.2997 (constant)"
        try:
            result = harness.run(
                periods, get_system(entry.system), entry.config, split, entry.policy, entry.preset
            )
        except ArpadError as exc:  # one system's failure never blocks the table
            failures.append(
                f"`{entry.preset or entry.system}` ({_policy_text(entry.policy)}): {exc}"
            )
            continue
        label = f"`{entry.system}`" + (f" preset `{entry.preset}`" if entry.preset else "")
        rows.append(Row(label, _policy_text(entry.policy), anchor, result))
    rows.sort(key=lambda r: r.result.deviance)
    return rows, failures


def table(rows: Sequence[Row], anchors: bool) -> list[str]:
    head = (
        "| # | system | policy | deviance | no FM | FM (points) | log loss | Brier | RMSE "
        "| newcomers' games: deviance |"
    )
    rule = "|---|---|---|---|---|---|---|---|---|---|"
    if anchors:
        head += " issue's anchor |"
        rule += "---|"
    out = [head, rule]
    for i, row in enumerate(rows, start=1):
        r = row.result
        new = (
            "–" if r.newcomer_deviance is None else f"{r.newcomer_games}: {r.newcomer_deviance:.4f}"
        )
        line = (
            f"| {i} | {row.label} | {row.policy} | **{r.deviance:.4f}** | "
            f"{r.deviance_without_first_move:.4f} | {r.first_move_advantage:.1f} | "
            f"{r.log_loss:.4f} | {r.brier:.4f} | {r.rmse:.4f} | {new} |"
        )
        if anchors:
            line += f" {row.anchor} |"
        out.append(line)
    return out


def problems(rows: Sequence[Row], failures: Sequence[str]) -> list[str]:
    """The systems that failed and the warnings of those that ran."""
    out: list[str] = []
    if failures:
        out += ["Systems that could not run on these games:", ""]
        out += [f"- {f}" for f in failures] + [""]
    warned = [f"- {r.label} ({r.policy}): {w}" for r in rows for w in r.result.warnings]
    if warned:
        out += ["Warnings:", "", *warned, ""]
    return out


def plotted(rows: Sequence[Row]) -> list[Row]:
    """The best row, and the first (best) row of the baselines and of Glicko-2."""
    out = [rows[0]]
    for name in ("`logistic`", "`glicko2`", "`constant`"):
        out.extend([r for r in rows if r.label == name and r not in out][:1])
    return out


def summary(rows: Sequence[Row], anchors: bool) -> list[str]:
    """What the table says, computed from it."""
    best = rows[0]
    text = [
        f"Best: {best.label} ({best.policy}), deviance {best.result.deviance:.4f}.",
    ]
    constant = next((r for r in rows if r.label == "`constant`"), None)
    if constant is not None:
        gain = constant.result.deviance - best.result.deviance
        text.append(f"It beats the constant baseline by {gain:.4f}.")
    if anchors:
        target = "reaches" if best.result.deviance <= 0.2870 else "does not reach"
        text.append(
            f"It {target} the issue's target of 0.2870 (the Elo anchor is 0.2899; the test "
            "`test_kaggle_best_preset_reaches_the_target_0_2870` checks the preset)."
        )
    return [" ".join(text), ""]


def presets_section() -> list[str]:
    out = []
    for p in PRESETS.values():
        options = ", ".join(f"{k}={v}" for k, v in p.options.items())
        out += [
            f"### `{p.name}`",
            "",
            p.description,
            "",
            f"- system `{p.system}`: `{options}`",
            f"- policy: {_policy_text(p.policy())}",
        ]
        for key, value in p.extra.items():
            out.append(f"- {key}: {value}")
        out.append("")
    return out


def main() -> int:
    if not KAGGLE.exists() or not ELITE.exists():
        print(f"the real data is not there: {KAGGLE.parent}, {ELITE.parent}", file=sys.stderr)
        return 2
    kaggle = harness.periods_of(read_events(KAGGLE))
    k_split = Split(95, 96, 100)
    k_rows, k_fail = evaluate(kaggle, k_split, anchors=True)
    metrics.plot_calibration(
        {
            f"{row.label} ({row.policy})".replace("`", ""): row.result.calibration
            for row in plotted(k_rows)
        },
        PLOT,
        "Kaggle 2010, months 96-100",
    )
    elite = harness.periods_of(read_events(ELITE))
    e_split = harness.default_split(elite, harness.parse_period("2018-12"), None, None)
    e_rows, e_fail = evaluate(elite, e_split, anchors=False)
    lines = [
        "# Evaluation: which rating system predicts real games best?",
        "",
        "<!-- Generated by scripts/evaluation_report.py from ../shared/data; do not edit. -->",
        "",
        "`arpad evaluate GAMES` rates a stream of games month by month under each system and",
        "predicts every game of the test months from the ratings before its month (*rolling*;",
        "*fixed* freezes them at the end of training). Scores: binomial deviance in base-10",
        "logs per game with predictions clipped to [0.01, 0.99] (the FIDE 2011 competition's",
        "metric; lower is better), natural-log loss with draws as half a win, Brier score and",
        "the Kaggle 2010 per-player-month RMSE. *FM* is White's first-move advantage fitted on",
        "the training predictions (never on the test); *no FM* is the deviance without it.",
        "Nothing is fitted on the test months: presets were chosen on validation months at the",
        "end of training (see [the presets](#the-presets-best-configurations-found)). GAMES is",
        "any file arpad reads (the Kaggle CSV, a games CSV, PGN, dated games); `--ledger DB`",
        "evaluates a ledger's stored history instead. `--breakdown` adds the first-move",
        "advantage and the newcomers' games, `--calibration PLOT.png` the calibration table",
        "and plot; `arpad evaluate --help` lists the policies (D-eval-6).",
        "",
        "Regenerate this page (about a minute):",
        "",
        "```sh",
        "python scripts/evaluation_report.py",
        "```",
        "",
        "## Kaggle 2010 (training months 1–95, test months 96–100)",
        "",
        "`../shared/data/kaggle2010-elo-vs-rest/training_data.csv`: 65,053 games among 7,301",
        "players; the test is every row of months 96–100 (11,182 games), as SOURCE.md and the",
        "issue say. The same command for one system:",
        "",
        "```sh",
        "arpad evaluate training_data.csv --train-until 95 --test-from 96",
        "arpad evaluate training_data.csv --train-until 95 -s logistic:K=32 --mode fixed  # anchor",
        "```",
        "",
        *summary(k_rows, anchors=True),
        *table(k_rows, anchors=True),
        "",
        "The issue's anchors, measured from outside, are reproduced in the same table by the",
        "rows that carry them (tests: `tests/evaluate/test_kaggle_anchors.py`). The other",
        "figures the issue quotes (the PyPI `glicko2` package 0.2960, WHR 0.2907–0.2912, US",
        "Chess with the bonus off 0.2890) come from other implementations and policies and are",
        "not claimed here.",
        "",
        "![Calibration on months 96–100](img/evaluation-calibration.png)",
        "",
    ]
    lines += problems(k_rows, k_fail)
    lines += [
        f"## Elite classical games 2015–2020 (training to 2018-12, test "
        f"{harness.period_label(e_split.test_from)} to {harness.period_label(e_split.test_until)})",
        "",
        "`../shared/data/elite-games-kwiatkowski/games_2015_2020_classical.csv`: 4,624",
        "classical games among 75 elite players (65 % draws). Periods are calendar months.",
        "The 2021 file of the same folder is refused by the reader: five rows pair two",
        "players of the same surname (`Saric` against `Saric`, line 2329), which the file",
        "cannot tell apart (D-eval-8).",
        "",
        "```sh",
        "arpad evaluate games_2015_2020_classical.csv --train-until 2018-12",
        "```",
        "",
        *summary(e_rows, anchors=False),
        *table(e_rows, anchors=False),
        "",
        "The players are few, close in strength and draw two games in three, so there is",
        "little for a rating to add to the constant. The Kaggle presets do not transfer",
        "(their bonus and newcomer rule were chosen for a pool of improving players).",
        "",
    ]
    lines += problems(e_rows, e_fail)
    lines += [
        "## The presets: best configurations found",
        "",
        "Each preset was chosen by random search on the validation months 91–95 (training",
        "1–90) of the Kaggle games, then run once on the test months; `arpad evaluate GAMES",
        "--preset NAME` reruns it. The search command is given with each.",
        "",
        *presets_section(),
    ]
    OUT.write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} and {PLOT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
