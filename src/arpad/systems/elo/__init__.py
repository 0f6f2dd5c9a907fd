"""Elo's rating system (elo-rating-of-chessplayers-1986.txt), registered as ``elo``.

- :mod:`~arpad.systems.elo.expectancy`: the curves, continuous or by the book's tables;
- :mod:`~arpad.systems.elo.formulas`: the working formulae (1)–(36), (70)–(71);
- :mod:`~arpad.systems.elo.krules`: every K rule the book gives;
- :mod:`~arpad.systems.elo.groups`: round robins with unrated players, successive
  approximations;
- :mod:`~arpad.systems.elo.system`: the rating system (``SYSTEM``).
"""

from arpad.systems.elo.expectancy import Curve, Expectancy, Mode
from arpad.systems.elo.system import SYSTEM, EloConfig, EloState

__all__ = ["SYSTEM", "Curve", "EloConfig", "EloState", "Expectancy", "Mode"]
