"""How a rating is shown to people: one rounding for every renderer (D-cli-7).

A rating is stored unrounded; what a person reads is the rating as its system publishes
it (:meth:`arpad.systems.RatingSystem.published`, e.g. Elo 1986 rounds half up, so
2004.5 is published as 2005). Every renderer — the command line's tables and CSV, the
JSON labels, the web pages and the plots' labels — writes a rating through
:func:`rating_text` and a change through :func:`change_text`, so one rating never
reads 2005 in one place and 2004 in another (issue 20, point 4). Where a system
publishes no rule of its own, the rating is written to whole points as Python's ``f"{x:.0f}"``
does.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from arpad.systems import get_system


def shown_rating(
    rating: float | None, system: str | None = None, config: Any = None
) -> float | None:
    """``rating`` as ``system`` publishes it (unchanged without a system or a rule).

    >>> shown_rating(2004.5, "elo"), shown_rating(2004.5, "uscf"), shown_rating(None, "elo")
    (2005.0, 2004.5, None)
    """
    if rating is None or system is None:
        return rating
    return get_system(system).published(rating, config)


def number_text(x: float | None, digits: int = 0) -> str:
    """``x`` to ``digits`` decimals; ``—`` for no value (``None``, NaN), ``±∞`` for an
    infinite one (a perfect or zero score's performance).

    >>> number_text(2412.46, 1), number_text(None), number_text(float("-inf"))
    ('2412.5', '—', '−∞')
    """
    if x is None or math.isnan(x):
        return "—"
    if math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    return f"{x:.{digits}f}"


def rating_text(
    rating: float | None,
    system: str | None = None,
    mark: str = "",
    *,
    config: Any = None,
    missing: str = "—",
) -> str:
    """A rating as a person reads it: published by ``system``, whole points, then ``mark``
    (``*``, ``P17``); ``missing`` when there is none.

    >>> rating_text(2004.5, "elo", "*"), rating_text(1641.4, "uscf", "P17")
    ('2005*', '1641P17')
    >>> rating_text(None, "elo", missing="unr.")
    'unr.'
    """
    if rating is None:
        return missing
    return number_text(shown_rating(rating, system, config)) + mark


def change_text(
    pre: float | None, post: float | None, system: str | None = None, *, config: Any = None
) -> str:
    """The change as the difference of the two ratings shown, so that ``1759 → 1711``
    reads ``-48`` even when the unrounded change is −48.6 (D-output-2), and an Elo
    rating shown 2005 after 1999 reads ``+6``.

    >>> change_text(1759.4, 1710.8), change_text(1998.6, 2004.5, "elo"), change_text(None, 1500.0)
    ('-48', '+6', '—')
    """
    if pre is None or post is None or not (math.isfinite(pre) and math.isfinite(post)):
        return "—"
    before = int(number_text(shown_rating(pre, system, config)))
    after = int(number_text(shown_rating(post, system, config)))
    return f"{after - before:+d}"


def rating_texts(
    ratings: Sequence[float], system: str | None = None, marks: Sequence[str] | None = None
) -> list[str]:
    """:func:`rating_text` of every rating of a list (one registry look-up for a million).

    >>> rating_texts([2004.5, 1999.4], "elo", ["*", ""])
    ['2005*', '1999']
    """
    publish = None if system is None else get_system(system)
    shown = (
        ratings if publish is None or publish.publish is None else map(publish.published, ratings)
    )
    texts = list(map(number_text, shown))
    return texts if marks is None else list(map(str.__add__, texts, marks))


def points_text(x: float | None) -> str:
    """A score or a required score as a person reads it: halves as ``½``, other fractions
    to two decimals (USCF 1994's E_Y + Δ₁ is no half point).

    >>> points_text(6.5), points_text(7.0), points_text(4.25), points_text(None)
    ('6½', '7', '4.25', '—')
    """
    if x is None or math.isinf(x):
        return "—"
    whole = int(x)
    if x - whole == 0.5:
        return f"{whole}½"
    return f"{x:g}" if x == whole else f"{x:.2f}"
