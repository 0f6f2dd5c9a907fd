"""Regenerate docs/evaluation.md (and its calibration plot) from the real games.

    python scripts/evaluation_report.py

Reads ../shared/data/kaggle2010-elo-vs-rest/training_data.csv and
../shared/data/elite-games-kwiatkowski/games_2015_2020_classical.csv (relative to the
repository root) and evaluates every system that can predict, the baselines, the issue's
anchors and every shipped preset, exactly as ``arpad evaluate`` does.
"""

from __future__ import annotations

import hashlib
import pickle
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from arpad.cli.evaluate_run import Entry, default_entries
from arpad.errors import ArpadError, ConfigError
from arpad.evaluate import bootstrap, breakdowns, harness, metrics
from arpad.evaluate.harness import Mode, Policy, PolicyOptions, Result, Split, protocol_text
from arpad.evaluate.peers import PEERS, PeerConfig, get_peer
from arpad.evaluate.presets import PRESETS
from arpad.io import read_events
from arpad.systems import get_system, system_names

REPLICATES = 1000
"""Bootstrap draws (``--bootstrap N`` to change)."""

CACHE = Path("/tmp/arpad-evaluation-cache")
"""Each run's result, kept between invocations with ``--cache`` (a key per data set, split,
system, configuration and policy): a rerun recomputes only what is missing. Delete the
files of a system whose code changed."""

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
    result: Result


def _policy_text(p: Policy) -> str:
    parts = [p.mode.value]
    if p.newcomer_rating is not None:
        parts.append(f"newcomers {p.newcomer_rating:g}")
    if p.unrated is not harness.Unrated.NEWCOMER:
        parts.append(f"unrated {p.unrated.value}")
    return ", ".join(parts)


WHOLE_HISTORY = tuple(name for name in system_names() if get_system(name).refits_history)
"""The systems that refit the whole history every month (``RatingSystem.refits_history``):
minutes on the Kaggle games (left out by ``--fast``)."""


NOT_RUN: list[str] = []
"""The entries ``--from-cache`` found no result for."""


class NotRun(Exception):
    """``--from-cache`` and the entry is not in the cache."""


def _run(
    data: str, periods: Sequence[harness.Period], split: Split, entry: Entry, cache: bool
) -> Result:
    """One entry's result, from the cache when ``cache`` and it is there (with
    ``--from-cache``, only from there)."""
    key = repr((data, split, entry.system, entry.preset, entry.config, entry.policy))
    path = CACHE / f"{entry.system.replace(':', '-')}-{hashlib.sha1(key.encode()).hexdigest()}.pkl"
    if cache and path.exists():
        with path.open("rb") as f:
            cached: Result | str = pickle.load(f)
        if isinstance(cached, str):  # the run failed: its one-line reason
            raise ConfigError(cached)
        return cached
    if "--from-cache" in sys.argv[1:]:
        raise NotRun(f"{entry.preset or entry.system} ({_policy_text(entry.policy)})")
    system = get_peer(entry.system) if entry.system in PEERS else get_system(entry.system)
    try:
        result = harness.run(periods, system, entry.config, split, entry.policy, entry.preset)
    except ArpadError as exc:
        _store(path, str(exc), cache)
        raise
    _store(path, result, cache)
    print(f"{data} {mode_of(entry)} {entry.preset or entry.system}: {result.deviance:.4f}")
    return result


def _store(path: Path, value: Result | str, cache: bool) -> None:
    if cache:
        CACHE.mkdir(exist_ok=True)
        with path.open("wb") as f:
            pickle.dump(value, f)


def mode_of(entry: Entry) -> str:
    return entry.policy.mode.value


def evaluate(
    data: str,
    periods: Sequence[harness.Period],
    split: Split,
    mode: Mode,
    skip: Sequence[str],
    cache: bool,
) -> tuple[list[Row], list[str]]:
    """Every system (the whole-history ones named explicitly, as ``-s`` names them), the
    seeded variants, every preset and every peer under one protocol (``mode``), ranked,
    with paired intervals."""
    options = PolicyOptions(mode=mode)
    found, refused = default_entries(options)
    whole = [
        Entry(name, get_system(name).default_config(), options.apply(Policy()))
        for name in WHOLE_HISTORY
    ]
    entries = [e for e in [*found, *whole] if e.system not in skip]
    seeded = Policy(mode=mode, newcomer_rating=1500.0)
    for name in SEEDED:
        entries.append(Entry(name, get_system(name).default_config(), seeded))
    policy = options.apply(Policy())
    entries += [Entry(name, PeerConfig(), policy) for name in PEERS]
    results: list[Result] = []
    failures = list(refused)
    for entry in entries:
        try:
            results.append(_run(data, periods, split, entry, cache))
        except NotRun as missing:
            NOT_RUN.append(f"{data}, {missing}")
        except ArpadError as exc:  # one system's failure never blocks the table
            failures.append(
                f"`{entry.preset or entry.system}` ({_policy_text(entry.policy)}): {exc}"
            )
    results.sort(key=lambda r: r.deviance)
    results = bootstrap.intervals(breakdowns.with_bands(results), REPLICATES)
    rows = [Row(_label(r), protocol_text(r.protocol), r) for r in results]
    return rows, failures


def _label(r: Result) -> str:
    return f"`{r.system}`" + (f" preset `{r.preset}`" if r.preset else "")


def _interval(r: Result, key: str, signed: bool = False) -> str:
    lo, hi = r.intervals[key]
    return f"{lo:+.4f} to {hi:+.4f}" if signed else f"{lo:.4f}–{hi:.4f}"


def _outcomes(r: Result) -> str:
    """The three-outcome log loss with its interval and ν, or n/a (no draw model)."""
    if r.outcome_log_loss is None:
        return "n/a"
    interval = f" ({_interval(r, 'outcome_log_loss')})" if "outcome_log_loss" in r.intervals else ""
    return f"{r.outcome_log_loss:.4f}{interval}, ν = {r.draw_nu:.2f}"


def _flags(r: Result) -> str:
    return ", ".join(
        {"nobody": "rated nobody", "<const": "worse than constant"}[f] for f in r.flags
    )


def table(rows: Sequence[Row]) -> list[str]:
    out = [
        "| # | system | protocol | deviance | 95 % interval | Δ best (95 %) | log loss | Brier "
        "| RMSE | FM | 3-outcome log loss (95 %), ν | games | flags |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for i, row in enumerate(rows, start=1):
        r = row.result
        out.append(
            f"| {i} | {row.label} | {row.policy} | **{r.deviance:.4f}** | "
            f"{_interval(r, 'deviance')} | {r.difference_from_best:+.4f} "
            f"({_interval(r, 'difference_from_best', True)}) | {r.log_loss:.4f} | "
            f"{r.brier:.4f} | {r.rmse:.4f} | {r.first_move_advantage:.1f} | {_outcomes(r)} | "
            f"{r.games} | {_flags(r)} |"
        )
    return out


def breakdown_table(rows: Sequence[Row], top: int = 8) -> list[str]:
    """The deviance of each subset for the first ``top`` rows (the games of row 1)."""
    if not rows:
        return ["(not run)"]
    heads = list(rows[0].result.breakdown)
    out = [
        "| system | protocol | " + " | ".join(f"{b.group}: {b.label}" for b in heads) + " |",
        "|---|---|" + "---|" * len(heads),
        "| games (row 1) | | " + " | ".join(str(b.games) for b in heads) + " |",
    ]
    for row in rows[:top]:
        cells = ["–" if b.deviance is None else f"{b.deviance:.4f}" for b in row.result.breakdown]
        out.append(f"| {row.label} | {row.policy} | " + " | ".join(cells) + " |")
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


def summary(rows: Sequence[Row]) -> list[str]:
    """What the table says, computed from it: the best row, its lead and interval."""
    if not rows:
        return ["No row of this table was run in this regeneration (see above).", ""]
    best = rows[0].result
    text = [
        f"Best: {rows[0].label} ({rows[0].policy}), deviance {best.deviance:.4f} "
        f"(95 % interval {_interval(best, 'deviance')})."
    ]
    if len(rows) > 1:
        second = rows[1].result
        lo, hi = second.intervals["difference_from_best"]
        verdict = "excludes" if lo > 0 else "includes"
        text.append(
            f"The next row, {rows[1].label}, is {second.difference_from_best:.4f} behind "
            f"(paired 95 % interval {lo:+.4f} to {hi:+.4f}, which {verdict} 0)."
        )
    constant = next((r for r in rows if r.label == "`constant`"), None)
    if constant is not None:
        text.append(f"The constant scores {constant.result.deviance:.4f}.")
    return [" ".join(text), ""]


def preset_statement(rows_by_mode: dict[str, list[Row]]) -> list[str]:
    """The best shipped preset's interval and its like-for-like comparison with the
    logistic Elo anchor (K = 32) under each protocol, and on the contest subset."""
    out = []
    for mode, rows in rows_by_mode.items():
        presets = [r for r in rows if r.result.preset is not None]
        anchor = next((r for r in rows if r.label == "`logistic`"), None)
        if not presets or anchor is None:
            continue
        p = presets[0].result
        a = anchor.result
        constant = next((r.result for r in rows if r.label == "`constant`"), None)
        contest_p = _subset(p, "contest")
        contest_a = _subset(a, "contest")
        out.append(
            f"- **{mode}**: preset `{p.preset}` {p.deviance:.4f} "
            f"({_interval(p, 'deviance')}) against logistic Elo (K = 32) {a.deviance:.4f} "
            f"({_interval(a, 'deviance')}), a lead of {a.deviance - p.deviance:.4f} on the same "
            f"{p.games} games; where both players played in training (the contest's own test "
            f"set) {contest_p:.4f} against {contest_a:.4f}, a lead of "
            f"{contest_a - contest_p:.4f}."
            + _verdict(p, a, "logistic Elo")
            + ("" if constant is None else _verdict(p, constant, "the constant"))
        )
    return out


def _verdict(p: Result, other: Result, name: str) -> str:
    """Whether the preset beats ``other`` on the same games: the paired interval of the
    difference of each from the table's best row (both measured on the same draws)."""
    if "difference_from_best" not in p.intervals or "difference_from_best" not in other.intervals:
        return ""
    gap = other.deviance - p.deviance
    lo_p, hi_p = p.intervals["difference_from_best"]
    lo_o, hi_o = other.intervals["difference_from_best"]
    clear = lo_o > hi_p if gap > 0 else lo_p > hi_o
    who = "the preset" if gap > 0 else name
    word = "clearly" if clear else "not clearly (the intervals of their gaps to the best overlap)"
    return f" Against {name}: {who} is ahead, {word}."


def _subset(r: Result, label: str) -> float:
    found = next(b for b in r.breakdown if b.group == "players" and b.label == label)
    assert found.deviance is not None
    return found.deviance


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


INTRO = [
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
    "the training predictions (never on the test). Nothing is fitted on the test months:",
    "presets were chosen on validation months at the end of training.",
    "",
    "**The protocol is part of every figure.** Each table below holds one protocol (mode,",
    "newcomer and unrated-game policies, shown in the *protocol* column as `arpad evaluate`",
    "prints it: `roll`/`fix`, `n=sys` newcomers by the system's own rule or `n=1500`",
    "seeded, `u=new` games of never-rated players predicted from newcomer states), so rows",
    "compare like for like; `--json` records the same with the split, preset and search",
    "space. A preset obeys `--mode`, `--unrated` and `--first-move` and refuses another",
    "`--newcomers` rule (D-evaluate-1). **Intervals**: 95 % paired bootstrap over",
    "player-month blocks (1000 draws, D-evaluate-2); *Δ best* is the row's deviance minus",
    "the best row's on the same games, with its paired interval: a difference whose",
    "interval includes 0 does not rank the two systems. **Flags**: *rated nobody* (no",
    "period gave anyone a rating, so every prediction came from newcomer states) and",
    "*worse than constant* (on the same games). Rows `peer:…` are the PyPI packages",
    "(openskill, trueskill, glicko2, whr) as shipped, through the same harness",
    "(`pip install 'arpad[peers]'`, `arpad evaluate … -s peer:openskill`).",
    "`eloplusplus` and `whr` refit the whole history every month; `arpad evaluate` runs",
    "them only when named (`-s eloplusplus`), this page names them.",
    "",
    "**Three outcomes.** The Bradley–Terry systems (`logistic`, `glicko`, `glicko2`,",
    "`stephenson`, `eloplusplus`, `whr`, and the `constant`) carry Davidson's (1970) draw",
    "model: P(White wins) = π_w/(π_w + π_b + ν√(π_wπ_b)), P(draw) = ν√(π_wπ_b)/(…), with",
    "π_w/π_b = E/(1 − E) from the system's expected score E (White's advantage included).",
    "The *3-outcome log loss* is −mean ln P(the outcome that happened); ν is fitted by",
    "maximum likelihood on the training games' predictions (`--draw-nu` gives it instead).",
    "*n/a*: the system predicts the score only (D-eval2-1, D-eval2-2).",
    "",
    "Regenerate this page (hours of CPU for the whole-history rows on the Kaggle games;",
    "`--cache` keeps each run in /tmp so that a rerun computes only what is missing,",
    "`--from-cache` writes the page from what is there and lists what is not):",
    "",
    "```sh",
    "python scripts/evaluation_report.py --cache",
    "```",
    "",
]


DASK = [
    "## Searching on Dask: from what grid size it pays",
    "",
    "Measured by hand (not by this script) on the Kaggle games, validation months 91–95,",
    "each grid in-process and then on a local cluster of 2 workers, one after the other",
    "(`docs/performance.md` has the details; `test_dask_local_gives_the_same_table` checks",
    "that both give the same table):",
    "",
    "```sh",
    "/usr/bin/time -f 'wall %e s user %U s' arpad evaluate training_data.csv \\",
    "    --train-until 95 -s logistic --search K=10,15,… --bootstrap 0 --quiet [--dask local]",
    "```",
    "",
    "| grid | in-process: wall, user CPU (load) | `--dask local`: wall, user CPU (load) |",
    "|---|---|---|",
    "| 2 points | 93.7 s, 5.8 s (17.3) | 260.2 s, 19.4 s (17.9) |",
    "| 5 points | 171.6 s, 9.2 s (20.4) | 261.3 s, 25.3 s (18.7) |",
    "| 10 points | 219.3 s, 13.6 s (18.2) | 211.7 s, 28.6 s (17.1) |",
    "| 20 points | 231.8 s, 25.2 s (14.6) | 188.6 s, 42.1 s (14.1) |",
    "",
    "**On this machine, loaded as it was, Dask's wall time beat in-process from 10 points**",
    "(211.7 s against 219.3 s; 188.6 s against 231.8 s at 20) and lost at 2 and 5. It",
    "always cost more CPU: 14–17 s more at every size (the cluster's start, the workers'",
    "imports, sending the data), against about 1.1 s of CPU per candidate in-process",
    "(from 5.8 s at 2 points to 25.2 s at 20). Under a load of 14–20 two worker processes",
    "also get a larger share of the contended cores than one, so part of that win is the",
    "scheduler's. On an idle 2-core machine, where at best Dask halves the candidates' time,",
    "the same CPU figures put the crossover near 20 points (4 + 1.1·N s in-process against",
    "about 15 + 1.1·N/2 s); that is an estimate from these figures, not an idle measurement.",
    "",
]
"""The Dask crossover as measured on the shared machine (eval2, 2026-11-27); the load is
the 1-minute load average (`uptime`) when each run started."""


def _section(
    title: str, intro: Sequence[str], rows: Sequence[Row], failures: Sequence[str]
) -> list[str]:
    shown = table(rows) if rows else []
    return [f"## {title}", "", *intro, *summary(rows), *shown, "", *problems(rows, failures)]


def main() -> int:
    if not KAGGLE.exists() or not ELITE.exists():
        print(f"the real data is not there: {KAGGLE.parent}, {ELITE.parent}", file=sys.stderr)
        return 2
    args = sys.argv[1:]
    skip = WHOLE_HISTORY if "--fast" in args else ()
    cache = "--cache" in args or "--from-cache" in args
    if "--bootstrap" in args:
        global REPLICATES
        REPLICATES = int(args[args.index("--bootstrap") + 1])
    kaggle = harness.periods_of(read_events(KAGGLE))
    k_split = Split(95, 96, 100)
    by_mode = {mode.value: evaluate("kaggle", kaggle, k_split, mode, skip, cache) for mode in Mode}
    k_rows = by_mode["rolling"][0]
    if k_rows:
        metrics.plot_calibration(
            {
                f"{row.label} ({row.policy})".replace("`", ""): row.result.calibration
                for row in plotted(k_rows)
            },
            PLOT,
            "Kaggle 2010, months 96-100 (rolling)",
        )
    elite = harness.periods_of(read_events(ELITE))
    e_split = harness.default_split(elite, harness.parse_period("2018-12"), None, None)
    e_rows, e_fail = evaluate("elite", elite, e_split, Mode.ROLLING, (), cache)
    kaggle_intro = [
        "`../shared/data/kaggle2010-elo-vs-rest/training_data.csv`: 65,053 games among 7,301",
        "players; the test is every row of months 96–100 (11,182 games).",
        "",
    ]
    lines = [*INTRO, "## Kaggle 2010 (training months 1–95, test months 96–100)", ""]
    lines += [*kaggle_intro, "The best shipped preset, like for like:", ""]
    lines += preset_statement({m: rows for m, (rows, _) in by_mode.items()})
    if skip:
        lines += ["", f"Not run here (`--fast`): {', '.join(skip)}."]
    if NOT_RUN:
        lines += [
            "",
            "**Not run in this regeneration** (no result in the run cache when the page was",
            "written, `--from-cache`; the shared machine's time ran out): "
            + "; ".join(NOT_RUN)
            + ". No figure is claimed for them.",
        ]
    lines += [""]
    for mode, (rows, fails) in by_mode.items():
        lines += _section(
            f"Kaggle 2010, {mode}",
            [f"```sh\narpad evaluate training_data.csv --train-until 95 --mode {mode}\n```", ""],
            rows,
            fails,
        )
    lines += [
        "### Kaggle 2010, rolling: breakdown of the first eight rows",
        "",
        "Deviance by subset (`arpad evaluate … --breakdown`): newcomer games against games",
        "between players seen before; *contest*: both players played in training, as in the",
        "contest's own test set; *prior games*: the fewer of the two players'; *rating",
        "band*: the mean of the two players' ratings by row 1's system, cut at its quartiles.",
        "",
        *breakdown_table(k_rows),
        "",
        "![Calibration on months 96–100](img/evaluation-calibration.png)",
        "",
    ]
    lines += _section(
        f"Elite classical games 2015–2020 (training to 2018-12, test "
        f"{harness.period_label(e_split.test_from)} to {harness.period_label(e_split.test_until)})",
        [
            "`../shared/data/elite-games-kwiatkowski/games_2015_2020_classical.csv`: 4,624",
            "classical games among 75 elite players (65 % draws). The 2021 file of the same",
            "folder is refused by the reader (two players of the same surname, D-eval-8).",
            "",
            "Players enter with their FIDE ratings at the game (the file's `white_elo` and",
            "`black_elo`, read so since 0.3.0). Before, everyone entered unrated; that reader",
            "change alone moved `uscf1994` from 0.3059 to 0.3137 and `pra` from 0.2969 to",
            "0.2970 (found by bisecting the commits between the two pages on these games).",
            "",
            "```sh\narpad evaluate games_2015_2020_classical.csv --train-until 2018-12\n```",
            "",
        ],
        e_rows,
        e_fail,
    )
    lines += DASK
    lines += [
        "## The presets: best configurations found",
        "",
        "Each preset was chosen by random search on the validation months 91–95 (training",
        "1–90) of the Kaggle games, then run once on the test months; `arpad evaluate GAMES",
        "--preset NAME` reruns it. The search command is given with each; it reports one",
        "seed's winner, and `--seeds N` repeats it over N seeds to show the spread.",
        "",
        *presets_section(),
    ]
    OUT.write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} and {PLOT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
