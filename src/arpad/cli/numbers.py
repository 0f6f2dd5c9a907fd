"""How the command line writes a number in a table: one formatter for every command."""

from __future__ import annotations

import math


def number(x: float | None, digits: int = 0) -> str:
    """``x`` to ``digits`` decimals; ``—`` for no value (``None``, NaN), ``±∞`` for an
    infinite one (a perfect or zero score's performance).

    >>> number(2412.46, 1), number(None), number(float("nan")), number(float("-inf"))
    ('2412.5', '—', '—', '−∞')
    """
    if x is None or math.isnan(x):
        return "—"
    if math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    return f"{x:.{digits}f}"
