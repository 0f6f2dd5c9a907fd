"""The final table's "Elo After" and "PRA After" columns.

Source: berard-pra-and-tournament-app.txt L1150–L1164, L1474–L1487, L1723–L1765.

- PRA After: the initial ratings run through the Basic System (K = 9, EAComp, no adj,
  no boosting), game by game in the listed order. Fischer–Spassky 1972 (2785/2660 →
  2794.52/2650.48, L1739–L1740) comes out exactly this way over the 20 games played.
- Elo After: the paper does not say how it is computed (spec §4.8). We use the standard
  logistic Elo update ``K(S − 1/(1 + 10^(−D/400)))`` game by game with K = 10 (the top of
  the "30, 16, and 10" tiers, L873); both are options (docs/decisions.md D-app-4). The
  paper's Elo After values are not asserted.
"""

from __future__ import annotations

from collections.abc import Sequence

from arpad.analysis.tournament_app.inputs import AppInput
from arpad.curves import logistic_expectancy
from arpad.systems.pra.basic import BASIC_K, play_games

ELO_K = 10.0
"""Default K of the Elo After column (docs/decisions.md D-app-4)."""


def pra_after(
    tournament: AppInput, ratings: Sequence[float], k: float = BASIC_K
) -> tuple[float, ...]:
    """Ratings after the tournament under the Basic System, from ``ratings``.

    >>> from arpad.analysis.tournament_app.inputs import AppGame, AppInput, Entrant
    >>> t = AppInput("m", "Elo", (Entrant("A", 2785), Entrant("B", 2660)),
    ...              (AppGame(0, 1, 1.0),))
    >>> [round(r, 2) for r in pra_after(t, [2785.0, 2660.0])]
    [2788.97, 2656.03]
    """
    current = list(ratings)
    play_games(current, ((g.white, g.black, g.score) for g in tournament.games), k)
    return tuple(current)


def elo_after(
    tournament: AppInput, ratings: Sequence[float], k: float = ELO_K
) -> tuple[float, ...]:
    """Ratings after the tournament under logistic Elo, game by game.

    >>> from arpad.analysis.tournament_app.inputs import AppGame, AppInput, Entrant
    >>> t = AppInput("m", "Elo", (Entrant("A", 2000), Entrant("B", 2000)),
    ...              (AppGame(0, 1, 1.0),))
    >>> elo_after(t, [2000.0, 2000.0])
    (2005.0, 1995.0)
    """
    current = list(ratings)
    for g in tournament.games:
        e_white = logistic_expectancy(current[g.white] - current[g.black])
        change = k * (g.score - e_white)
        current[g.white] += change
        current[g.black] -= change
    return tuple(current)
