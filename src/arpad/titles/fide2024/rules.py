"""The numbers of FIDE's Title Regulations B.01 as applied from 1 January 2024.

Source: FIDE Handbook B.01, "FIDE Title Regulations effective from 1 January 2024"
(handbook.fide.com/chapter/B012024), articles 0.5, 1.4.1–1.4.9 and 1.7; the table 1.4.9
(p → dp) is the same table as 8.1.1 of the Rating Regulations (all 101 pairs), so it is
read from :func:`arpad.systems.fide.rules.dp`. Each constant names its article; the
functions applying them live in the modules of their articles.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from enum import StrEnum

IN_FORCE_FROM = dt.date(2024, 1, 1)
"""B.01 0.2: changes "shall apply to those [tournaments] starting on or after the date on
which they become effective"; this version is "Applied from 1 January, 2024"."""


class Title(StrEnum):
    """The titles gained by norms (1.4: "GM, IM, WGM, WIM")."""

    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    WIM = "WIM"


class Article(StrEnum):
    """The article of B.01 (2024) that decides a requirement, as results name it."""

    GAMES = "1.4.1 games"
    EXCLUDED = "1.4.2 excluded"
    FEDERATIONS = "1.4.3 federations"
    FEDERATION_SHARE = "1.4.4 federation share"
    TITLEHOLDERS = "1.4.5a titleholders"
    REQUIRED_TITLES = "1.4.5b-e titled"
    AVERAGE = "1.4.8a Ra"
    MINIMUM_SCORE = "1.4.8b 35 %"
    PERFORMANCE = "1.4.8 Rp"


PERFORMANCE_MINIMUM: Mapping[Title, float] = {
    Title.GM: 2599.5,
    Title.IM: 2449.5,
    Title.WGM: 2399.5,
    Title.WIM: 2249.5,
}
"""1.4.8: "Minimum level prior to rounding" of the performance Rp."""

AVERAGE_MINIMUM: Mapping[Title, int] = {
    Title.GM: 2380,
    Title.IM: 2230,
    Title.WGM: 2180,
    Title.WIM: 2030,
}
"""1.4.8a: "The minimum average ratings Ra of the opponents"."""

RATING_FLOOR: Mapping[Title, int] = {
    Title.GM: 2200,
    Title.IM: 2050,
    Title.WGM: 2000,
    Title.WIM: 1850,
}
"""1.4.6b: "the minimum rating (adjusted rating floor) for the opponents"."""

UNRATED_RATING = 1400
"""1.4.6d: "Unrated opponents not covered by 1.4.6b shall be considered to be rated 1400"."""

MINIMUM_SCORE_PERCENT = 35
"""1.4.8b: "The minimum score is 35% for all norms"."""

MINIMUM_GAMES = 9
"""1.4.1a: at least nine games."""

TEAM_CHAMPIONSHIP_GAMES = 7
"""1.4.1b: seven games suffice in World and Continental Team (or Club) Championships."""

MAXIMUM_COUNTED_GAMES = 13
"""1.7: "Norms achieved in a tournament with more than 13 rounds count only as 13 games"."""

TITLEHOLDER_TITLES = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})
"""1.4.5a: "At least 50% of the opponents shall be title-holders (TH) as in 0.3, excluding
CM and WCM"."""

REQUIRED_TITLES: Mapping[Title, frozenset[str]] = {
    Title.GM: frozenset({"GM"}),
    Title.IM: frozenset({"GM", "IM"}),
    Title.WGM: frozenset({"GM", "IM", "WGM"}),
    Title.WIM: frozenset({"GM", "IM", "WGM", "WIM"}),
}
"""1.4.5b–e: the titles of which "at least 1/3 with a minimum 3 of the opponents" hold one."""

REQUIRED_TITLES_MINIMUM = 3
"""1.4.5b–e: "a minimum 3"."""

FOREIGN_FEDERATIONS = 2
"""1.4.3: "At least two federations other than that of the title applicant shall be
included"."""

TITLE_ALIASES: Mapping[str, str] = {
    "G": "GM", "M": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM", "WF": "WFM",
    "WC": "WCM", "IWM": "WIM",
}  # fmt: skip
"""Title codes as event files write them (TRF ``g m f wg wm wf``; ``IWM`` is the 1986 name
of WIM) → the titles of 0.3.1."""

TITLE_LADDERS: tuple[tuple[Title, ...], ...] = ((Title.IM, Title.GM), (Title.WIM, Title.WGM))
"""The norm titles in increasing order, open and women's (0.3.1)."""

HELD_BY: Mapping[Title, frozenset[str]] = {
    Title.GM: frozenset({"GM"}),
    Title.IM: frozenset({"GM", "IM"}),
    Title.WGM: frozenset({"GM", "WGM"}),
    Title.WIM: frozenset({"GM", "IM", "WGM", "WIM"}),
}
"""The titles that make a norm for ``title`` pointless: the title itself or a higher one
(a GM needs no IM norm; an IM still may want a WGM norm)."""


def canonical_title(code: str | None) -> str | None:
    """A file's title code as a title of 0.3.1 (``None`` for none).

    >>> canonical_title("g"), canonical_title("wm"), canonical_title(" IM "), canonical_title("")
    ('GM', 'WIM', 'IM', None)
    """
    if code is None or not code.strip():
        return None
    text = code.strip().upper()
    return TITLE_ALIASES.get(text, text)
