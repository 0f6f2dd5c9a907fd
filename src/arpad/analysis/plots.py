"""Pictures of the tests (matplotlib, drawn off-screen with the Agg backend).

The observed-against-expected plot shows, for each rating-difference class, the lower-rated
player's percentage score with its ±1σ bar (σ = √Σpq / games, §8.95) and each curve's
expectancy: the continuous curve as a line, the class's expected share as a marker.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import numpy as np

from arpad.analysis.system_tests import CURVES, Curve, CurveComparison
from arpad.errors import ConfigError


def plot_comparison(
    comparison: CurveComparison,
    path: str | Path,
    title: str = "Observed against expected score by rating difference",
    curves: Mapping[str, Curve] = CURVES,
) -> Path:
    """Draw ``comparison`` into a PNG file and return its path.

    Raises:
        ConfigError: matplotlib is missing, or the file cannot be written.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:  # pragma: no cover - matplotlib is a dependency
        raise ConfigError("plotting needs matplotlib: pip install matplotlib") from None
    figure, axes = plt.subplots(figsize=(8.0, 5.0), dpi=110)
    colours = ["tab:blue", "tab:red", "tab:green", "tab:purple"]
    top = 0.0
    for k, test in enumerate(comparison.tests):
        classes = [c for c in test.classes if c.games > 0]
        x = np.array([c.mean_difference for c in classes])
        observed = np.array([c.observed_share for c in classes])
        sd = np.array([c.sd / c.games for c in classes])
        expected = np.array([c.expected_share for c in classes])
        top = max(top, float(x.max()) if x.size else 0.0)
        colour = colours[k % len(colours)]
        chi = test.chi_square
        stat = "" if chi is None else f", χ² = {chi.statistic:.1f} ({chi.dof} d.f.)"
        axes.errorbar(
            x + 3.0 * k,
            observed,
            yerr=sd,
            fmt="o",
            color=colour,
            capsize=3,
            label=f"observed, {test.curve} test ({test.games} games{stat})",
        )
        axes.plot(x, expected, "x", color=colour, markersize=8, label=f"{test.curve}: class f_e")
    d = np.linspace(0.0, max(top, 100.0) * 1.05, 200)
    for k, test in enumerate(comparison.tests):
        curve = curves.get(test.curve)
        if curve is not None:
            axes.plot(d, curve(-d), "-", color=colours[k % len(colours)], alpha=0.6)
    axes.set_ylim(-0.02, 0.56)
    axes.set_xlabel("rating difference D (class average)")
    axes.set_ylabel("score of the lower-rated player")
    axes.set_title(title)
    axes.grid(True, alpha=0.3)
    axes.legend(fontsize=8)
    out = Path(path)
    try:
        figure.savefig(out)
    except OSError as exc:
        raise ConfigError(f"cannot write {out}: {exc.strerror}") from None
    finally:
        plt.close(figure)
    return out
