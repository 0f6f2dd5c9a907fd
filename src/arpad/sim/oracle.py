"""The omniscient oracle: who wins a simulated game, from the true ratings.

Source: berard-pra-and-tournament-app.txt L355–L373. The weaker player (lower true
rating) wins with the probability of the table's cutoff for the difference; the author
rolled a 100-sided die (first five rows) or a 10,000-sided die (the others) and the weaker
player won iff ``j < cutoff × sides`` (2430 v 2560: j < 40; 900 v 2650: j < 77). A uniform
draw ``u`` on [0, 1) with ``u < cutoff`` is the same event with the same probability for
every row. No draws are simulated (L179, L347).

Band edges are not stated; we read them lower-inclusive: [0, 100) → 0.5, [100, 200) →
0.4, …, [1400, 1800] → 0.0077, above 1800 → 0 (spec X8). At a difference of 0 the
"weaker" player is arbitrary, so the game is a coin flip. These probabilities are not
EAComp's (0.6 at 130 points, against EAComp's 0.5635): the system under test never sees
them (spec X7).
"""

from __future__ import annotations

import numpy as np

from arpad.curves import FloatArray

EDGES = np.array([100.0, 200.0, 300.0, 400.0, 500.0, 750.0, 1000.0, 1400.0])
"""Lower edges of the table's bands after the first (L355–L365)."""
CUTOFFS = np.array([0.5, 0.4, 0.3, 0.2, 0.1, 0.0640, 0.0473, 0.0255, 0.0077])
"""Probability that the weaker player wins, band by band (L355–L365)."""
CERTAIN = 1800.0
"""Beyond 1800 points the weaker player never wins (L365)."""


def upset_probability(difference: FloatArray) -> FloatArray:
    """The cutoff for each absolute difference of true ratings.

    >>> upset_probability(np.array([0.0, 130.0, 200.0, 1750.0, 1800.0, 1800.5])).tolist()
    [0.5, 0.4, 0.3, 0.0077, 0.0077, 0.0]
    """
    d = np.abs(difference)
    p = CUTOFFS[np.searchsorted(EDGES, d, side="right")]
    return np.where(d > CERTAIN, 0.0, p)


def white_scores(true_white: FloatArray, true_black: FloatArray, u: FloatArray) -> FloatArray:
    """White's score (1 or 0) in each game, given uniform draws ``u`` on [0, 1).

    >>> white_scores(np.array([2430.0, 2560.0]), np.array([2560.0, 2430.0]),
    ...              np.array([0.39, 0.39])).tolist()
    [1.0, 0.0]
    """
    upset = u < upset_probability(true_white - true_black)
    white_weaker = true_white < true_black
    white_stronger = true_white > true_black
    white_wins = np.where(white_weaker, upset, np.where(white_stronger, ~upset, u < 0.5))
    return white_wins.astype(float)
