"""B.01 (2024) 1.4.3–1.4.5: the mix of the opponents' federations and titles.

1.4.3: "At least two federations other than that of the title applicant shall be
included", except in the events of 1.4.3a–d (then 1.4.4 is waived too: 1.4.3e calls the
two together "the normal foreigner requirement"; D-titles-3). 1.4.4: "A maximum of 3/5 of
the opponents may come from the applicant's federation and a maximum of 2/3 of the
opponents from one federation"; minimums are rounded up, maximums down. 1.4.5a: half
the opponents titleholders, CM and WCM excluded; 1.4.5b–e: "at least 1/3 with a minimum
3" of the title (or a higher one).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from arpad.model import Event, Unplayed
from arpad.titles.fide2024.games import CountedGame
from arpad.titles.fide2024.rules import (
    FOREIGN_FEDERATIONS,
    REQUIRED_TITLES,
    REQUIRED_TITLES_MINIMUM,
    TITLEHOLDER_TITLES,
    Article,
    Title,
    canonical_title,
)


class Exemption(StrEnum):
    """The events 1.4.3a–d exempt from the normal foreigner requirement (1.4.3, 1.4.4)."""

    NONE = "none"
    NATIONAL_CHAMPIONSHIP = "national-championship"
    """1.4.3a: the final stage of a national (men's/open or women's) championship."""
    NATIONAL_TEAM_CHAMPIONSHIP = "national-team-championship"
    """1.4.3b: a national team championship (for players of the registering federation)."""
    ZONAL = "zonal"
    """1.4.3c: zonal and sub-zonal tournaments."""
    LARGE_SWISS = "large-swiss"
    """1.4.3d: a Swiss with, in every round, 20 rated foreigners of 3 federations, 10 titled."""


@dataclass(frozen=True, slots=True)
class Requirement:
    """One requirement of one norm: the article, met (``True``), failed (``False``) or
    not settled by the file (``None``), the count found and the count needed."""

    article: Article
    ok: bool | None
    found: int | float | None
    needed: int | float | None


def at_least(fraction_num: int, fraction_den: int, n: int) -> int:
    """A minimum share of ``n`` opponents, rounded up (1.4.4).

    >>> at_least(1, 2, 9), at_least(1, 3, 9), at_least(1, 3, 10)
    (5, 3, 4)
    """
    return -(-fraction_num * n // fraction_den)


def at_most(fraction_num: int, fraction_den: int, n: int) -> int:
    """A maximum share of ``n`` opponents, rounded down (1.4.4).

    >>> at_most(3, 5, 9), at_most(2, 3, 9), at_most(2, 3, 13)
    (5, 6, 8)
    """
    return fraction_num * n // fraction_den


def foreign_federations(games: Sequence[CountedGame], own: str | None) -> Requirement:
    """1.4.3: at least two federations other than the applicant's among the opponents.

    Unsettled (``None``) while the player's federation is unknown and two foreign ones are
    not already certain."""
    feds = {g.opponent.federation for g in games}
    known = {f for f in feds if f is not None}
    foreign = len(known - {own}) if own is not None else None
    if foreign is not None and foreign >= FOREIGN_FEDERATIONS:
        return Requirement(Article.FEDERATIONS, True, foreign, FOREIGN_FEDERATIONS)
    if own is None or None in feds:
        return Requirement(Article.FEDERATIONS, None, foreign, FOREIGN_FEDERATIONS)
    return Requirement(Article.FEDERATIONS, False, foreign, FOREIGN_FEDERATIONS)


def federation_shares(games: Sequence[CountedGame], own: str | None) -> Requirement:
    """1.4.4: at most 3/5 of the opponents from the applicant's federation, at most 2/3 from
    any one federation (maximums rounded down). ``found`` is the largest count over its
    limit, or the largest count."""
    n = len(games)
    counts = Counter(g.opponent.federation for g in games)
    unknown = counts.pop(None, 0)
    own_count = counts.get(own, 0) if own is not None else 0
    largest = max(counts.values(), default=0)
    own_limit, one_limit = at_most(3, 5, n), at_most(2, 3, n)
    if own_count > own_limit:
        return Requirement(Article.FEDERATION_SHARE, False, own_count, own_limit)
    if largest > one_limit:
        return Requirement(Article.FEDERATION_SHARE, False, largest, one_limit)
    if unknown or own is None:
        # The unknown could all be one federation, or the applicant's own.
        worst_own = own_count + unknown
        ok = None if (worst_own > own_limit or largest + unknown > one_limit) else True
        return Requirement(Article.FEDERATION_SHARE, ok, largest, one_limit)
    return Requirement(Article.FEDERATION_SHARE, True, largest, one_limit)


def titleholders(games: Sequence[CountedGame]) -> Requirement:
    """1.4.5a: at least half the opponents titleholders (GM IM FM WGM WIM WFM; rounded up).

    >>> from arpad.titles.fide2024.games import Opponent
    >>> g = lambda t: CountedGame(None, Opponent("x", "x", 2400.0, t, "GER"), 0.5)
    >>> titleholders([g("GM"), g("CM"), g(None)]).ok, titleholders([g("FM"), g("WCM")]).ok
    (False, True)
    """
    n = len(games)
    found = sum(1 for g in games if g.opponent.title in TITLEHOLDER_TITLES)
    needed = at_least(1, 2, n)
    return Requirement(Article.TITLEHOLDERS, found >= needed, found, needed)


def required_titles(games: Sequence[CountedGame], title: Title) -> Requirement:
    """1.4.5b–e: at least a third of the opponents, and at least 3, hold the norm's title
    or a higher one (GMs for a GM norm; IMs or GMs for an IM norm …)."""
    n = len(games)
    found = sum(1 for g in games if g.opponent.title in REQUIRED_TITLES[title])
    needed = max(REQUIRED_TITLES_MINIMUM, at_least(1, 3, n))
    return Requirement(Article.REQUIRED_TITLES, found >= needed, found, needed)


def mix_requirements(
    games: Sequence[CountedGame], own: str | None, title: Title, exempt: bool
) -> tuple[Requirement, ...]:
    """1.4.3–1.4.5 for one norm, in article order; 1.4.3 and 1.4.4 met when ``exempt``."""
    n = len(games)
    if exempt:
        feds = (
            Requirement(Article.FEDERATIONS, True, None, 0),
            Requirement(Article.FEDERATION_SHARE, True, None, n),
        )
    else:
        feds = (foreign_federations(games, own), federation_shares(games, own))
    return (*feds, titleholders(games), required_titles(games, title))


def mix_possible(games: Sequence[CountedGame], own: str | None, title: Title, exempt: bool) -> bool:
    """No requirement of 1.4.3–1.4.5 fails (some may be unsettled)."""
    return all(r.ok is not False for r in mix_requirements(games, own, title, exempt))


LARGE_SWISS_FOREIGNERS = 20
LARGE_SWISS_FEDERATIONS = 3
LARGE_SWISS_TITLED = 10
LARGE_SWISS_TITLES = frozenset({"GM", "IM", "WGM", "WIM"})
"""1.4.3d: "at least 20 FIDE rated players, not from the host federation, from at least 3
different federations, at least 10 of whom hold GM, IM, WGM or WIM titles"."""


def large_swiss(event: Event, host: str, rounds: int) -> bool:
    """1.4.3d: in every round of a Swiss, at least 20 rated players not of the host
    federation, of at least 3 federations, 10 of them GM, IM, WGM or WIM; a player counts
    only if he missed at most one round (a pairing bye is no round missed)."""
    present: dict[str, set[int]] = {p.id: set() for p in event.players}
    for g in event.games:
        if g.round is not None:
            present[g.white].add(g.round)
            present[g.black].add(g.round)
    for u in event.unplayed:
        if u.round is not None and u.kind is Unplayed.FULL_BYE:
            present[u.player].add(u.round)
    counted = [
        p
        for p in event.players
        if p.rating is not None
        and p.federation
        and p.federation.strip().upper() != host
        and len(present[p.id]) >= rounds - 1
    ]
    for r in range(1, rounds + 1):
        here = [p for p in counted if r in present[p.id]]
        feds = {(p.federation or "").strip().upper() for p in here}
        titled = sum(1 for p in here if canonical_title(p.title) in LARGE_SWISS_TITLES)
        if (
            len(here) < LARGE_SWISS_FOREIGNERS
            or len(feds) < LARGE_SWISS_FEDERATIONS
            or titled < LARGE_SWISS_TITLED
        ):
            return False
    return rounds > 0
