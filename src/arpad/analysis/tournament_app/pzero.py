"""P-Zero scores: the Basic System run from 0 over the tournament's games.

Source: berard-pra-and-tournament-app.txt L820–L826, L1495 and L1513–L1517: "setting all
the players to a zero rating and running the PRA in its basic mode only on all the games
played in the tournament". K = 9, EAComp, no ``adj``, no boosting; sequential in the
order the games are listed. P-Zero is zero-sum, so its mean is 0 (ratio-level data with a
meaningful zero, L824), and the players are ranked by it (L1525).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from arpad.analysis.tournament_app.inputs import AppInput
from arpad.systems.pra.basic import BASIC_K, play_games


def p_zero(tournament: AppInput, k: float = BASIC_K) -> tuple[float, ...]:
    """Every player's P-Zero score, in entrant order.

    >>> from arpad.analysis.tournament_app.inputs import AppGame, AppInput, Entrant
    >>> t = AppInput("m", "Elo", (Entrant("A", 2730), Entrant("B", 2648)),
    ...              tuple(AppGame(0, 1, 1.0) for _ in range(7)))
    >>> round(p_zero(t)[0], 6)  # Steinitz's 7-0 (spec TV-21)
    30.896524
    """
    scores = [0.0] * len(tournament.entrants)
    play_games(scores, ((g.white, g.black, g.score) for g in tournament.games), k)
    return tuple(scores)


def ranking(p0: Sequence[float]) -> tuple[int, ...]:
    """Entrant indices ordered by P-Zero, highest first (ties keep entrant order; L1525).

    >>> ranking([1.0, 3.0, -4.0])
    (1, 0, 2)
    """
    return tuple(sorted(range(len(p0)), key=lambda i: (-p0[i], i)))


def z_scores(p0: Sequence[float], sample: bool = True) -> tuple[float | None, ...]:
    """z = P0 / s (L824; the mean is 0). ``s`` is the sample SD (n − 1) unless
    ``sample=False`` (docs/decisions.md D-app-3). ``None`` when s = 0.

    >>> [round(z, 4) for z in z_scores([13.291781, 4.515555, -4.430988, -13.376348])]
    [1.1575, 0.3932, -0.3859, -1.1648]
    """
    n = len(p0)
    mean = math.fsum(p0) / n
    dof = n - 1 if sample else n
    if dof <= 0:
        return tuple(None for _ in p0)
    s = math.sqrt(math.fsum((x - mean) ** 2 for x in p0) / dof)
    if s == 0.0:
        return tuple(None for _ in p0)
    return tuple(x / s for x in p0)
