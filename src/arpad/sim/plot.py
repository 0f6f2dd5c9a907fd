"""The out-of-spec plot: players out of spec against games played, one curve per system.

The paper's figures "Number of Out of Specs for a Standard Population" (L567–L579) and
"… for an Elite Population" (L583–L589) plot one run; we plot the mean over the runs with
the range (min to max) shaded when there are several.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from arpad.errors import ConfigError
from arpad.sim.run import RunResult


def plot_out_of_spec(
    results: Sequence[RunResult], path: str | Path, tolerance: float = 100.0, title: str = ""
) -> Path:
    """Write a PNG of the out-of-spec counts; returns the path written.

    Raises:
        ConfigError: matplotlib is missing, or ``tolerance`` was not recorded.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ConfigError("plotting needs matplotlib: pip install matplotlib") from None
    out = Path(path)
    fig, ax = plt.subplots(figsize=(8, 5), dpi=100)
    try:
        for run in results[0].systems:
            if tolerance not in run.out_of_spec:
                raise ConfigError(f"out-of-spec counts at {tolerance:g} were not recorded")
            stack = np.stack([r.system(run.name).out_of_spec[tolerance] for r in results])
            games = np.arange(stack.shape[1])
            (line,) = ax.plot(games, stack.mean(axis=0), label=run.name, linewidth=1.4)
            if len(results) > 1:
                ax.fill_between(
                    games, stack.min(axis=0), stack.max(axis=0), alpha=0.2, color=line.get_color()
                )
        ax.set_xlabel("games played")
        ax.set_ylabel(f"players out of spec (|true − rating| ≥ {tolerance:g})")
        runs = f"{len(results)} run{'s' if len(results) > 1 else ''}"
        ax.set_title(title or f"Out of spec against games played ({runs})")
        ax.grid(alpha=0.3)
        ax.legend()
        fig.tight_layout()
        fig.savefig(out, format="png")
    finally:
        plt.close(fig)
    return out
