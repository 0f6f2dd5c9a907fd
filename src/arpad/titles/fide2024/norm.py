"""One player's norm for one title under B.01 (2024): 1.4.1 and the verdict.

1.4.1a at least nine games (seven in the team championships of 1.4.1b); 1.4.1c in a
nine-round event eight games and a forfeit win or pairing bye count as nine; 1.4.1d "each
full point above the norm requirement counts as one extra game"; 1.7 a norm counts at most
13 games. 1.4.1e: outside events with predetermined pairings, the games after the norm was
achieved may be ignored; 1.4.1f: games against opponents the player defeated may be
ignored, provided the rest still meet 1.4.1–1.4.5 (in a round robin the whole event's mix
must make a norm possible). :func:`best_norm` searches those choices.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from arpad.titles import NormStatus
from arpad.titles.fide2024.games import CountedGame
from arpad.titles.fide2024.mix import Requirement, mix_possible, mix_requirements
from arpad.titles.fide2024.performance import (
    CountedRatings,
    average_met,
    counted_ratings,
    minimum_score_met,
    percentage,
    performance,
    performance_met,
    points_required,
    rating_average,
)
from arpad.titles.fide2024.rules import (
    AVERAGE_MINIMUM,
    MAXIMUM_COUNTED_GAMES,
    MINIMUM_GAMES,
    MINIMUM_SCORE_PERCENT,
    PERFORMANCE_MINIMUM,
    Article,
    Title,
)

SEARCH_BUDGET = 4096
"""Game sets tried per player and title (1.4.1e/f); beyond it the search stops, and says so."""


@dataclass(frozen=True, slots=True)
class Rules:
    """What the event contributes to every player's norm check."""

    minimum_games: int = MINIMUM_GAMES
    rounds: int | None = None
    """Rounds of the event (1.4.1c looks for nine)."""
    predetermined: bool = False
    """Pairings fixed in advance (round robins): 1.4.1e does not apply."""
    exempt: bool = False
    """An event of 1.4.3a–d: 1.4.3 and 1.4.4 do not apply."""


@dataclass(frozen=True, slots=True)
class TitleCheck:
    """The verdict of one set of games for one title, with every number behind it."""

    title: Title
    games: tuple[CountedGame, ...]
    dropped: tuple[CountedGame, ...]
    """Games of the event ignored under 1.4.1e/f."""
    score: float
    counted_games: int
    """Games the norm counts for in a title application (1.4.1c, 1.4.1d, 1.7)."""
    ratings: CountedRatings
    average: int | None
    percent: int | None
    performance: int | None
    required: float | None
    requirements: tuple[Requirement, ...]
    status: NormStatus
    deciding: Article
    """The first requirement that fails; if none fails, the first unsettled; else 1.4.8."""

    @property
    def unsettled(self) -> tuple[Article, ...]:
        return tuple(r.article for r in self.requirements if r.ok is None)


def games_requirement(n: int, rules: Rules, credited_unplayed: int) -> Requirement:
    """1.4.1a–c: at least ``minimum_games`` games; eight games and one forfeit win or
    pairing bye in a nine-round event count as nine (1.4.1c). ``found`` is the games the
    requirement credits.

    >>> games_requirement(8, Rules(rounds=9), 1).ok, games_requirement(8, Rules(rounds=10), 1).ok
    (True, False)
    """
    credited = n + 1 if _one_credited_round(n, rules, credited_unplayed) else n
    needed = rules.minimum_games
    return Requirement(Article.GAMES, credited >= needed, credited, needed)


def _one_credited_round(n: int, rules: Rules, credited_unplayed: int) -> bool:
    return rules.rounds == MINIMUM_GAMES and n == MINIMUM_GAMES - 1 and credited_unplayed == 1


def counted_games(games: int, score: float, required: float | None) -> int:
    """1.4.1d and 1.7: the games a norm counts for: one more per full point above the
    requirement, at most 13 (D-titles-2).

    >>> counted_games(9, 7.0, 7.0), counted_games(9, 8.5, 7.0), counted_games(13, 12, 8.0)
    (9, 10, 13)
    """
    extra = 0 if required is None else max(0, math.floor(score - required))
    return min(MAXIMUM_COUNTED_GAMES, games + extra)


def score_requirements(
    games: Sequence[CountedGame], title: Title
) -> tuple[CountedRatings, int, int, int, tuple[Requirement, ...]]:
    """1.4.6–1.4.8 for one title: the counted ratings, Ra, the percentage, Rp and the three
    requirements (1.4.8a average, 1.4.8b 35 %, 1.4.8 performance)."""
    n = len(games)
    score = math.fsum(g.score for g in games)
    ratings = counted_ratings([g.opponent.rating for g in games], title)
    ra = rating_average(ratings.values)
    rp = performance(ra, score, n)
    pct = percentage(score, n)
    reqs = (
        Requirement(Article.AVERAGE, average_met(ra, title), ra, AVERAGE_MINIMUM[title]),
        Requirement(Article.MINIMUM_SCORE, minimum_score_met(score, n), pct, MINIMUM_SCORE_PERCENT),
        Requirement(
            Article.PERFORMANCE, performance_met(rp, title), rp, PERFORMANCE_MINIMUM[title]
        ),
    )
    return ratings, ra, pct, rp, reqs


def check_games(
    games: Sequence[CountedGame],
    own: str | None,
    title: Title,
    rules: Rules,
    credited_unplayed: int = 0,
    dropped: Sequence[CountedGame] = (),
) -> TitleCheck:
    """The verdict of ``games`` for ``title``: every requirement of 1.4.1–1.4.8 in article
    order; the first that fails decides."""
    n = len(games)
    score = math.fsum(g.score for g in games)
    count = games_requirement(n, rules, credited_unplayed)
    if n == 0:
        return TitleCheck(
            title, (), tuple(dropped), 0.0, 0, CountedRatings((), None, None), None, None,
            None, None, (count,), NormStatus.NOT_EARNED, Article.GAMES,
        )  # fmt: skip
    ratings, ra, pct, rp, scoring = score_requirements(games, title)
    reqs = (count, *mix_requirements(games, own, title, rules.exempt), *scoring)
    required = points_required(ra, n, title)
    failed = next((r.article for r in reqs if r.ok is False), None)
    pending = next((r.article for r in reqs if r.ok is None), None)
    if failed is not None:
        status, deciding = NormStatus.NOT_EARNED, failed
    elif pending is not None:
        status, deciding = NormStatus.PROVISIONAL, pending
    else:
        status, deciding = NormStatus.EARNED, Article.PERFORMANCE
    credited = int(count.found or n)
    return TitleCheck(
        title, tuple(games), tuple(dropped), score, counted_games(credited, score, required),
        ratings, ra, pct, rp, required, reqs, status, deciding,
    )  # fmt: skip


def performs(games: Sequence[CountedGame], title: Title) -> bool:
    """1.4.8, 1.4.8a and 1.4.8b alone: the cheap test that spares the search most sets."""
    n = len(games)
    score = math.fsum(g.score for g in games)
    ra = rating_average(counted_ratings([g.opponent.rating for g in games], title).values)
    return (
        average_met(ra, title)
        and minimum_score_met(score, n)
        and performance_met(performance(ra, score, n), title)
    )


def candidate_sets(
    games: Sequence[CountedGame], rules: Rules, budget: int = SEARCH_BUDGET
) -> Iterator[tuple[tuple[CountedGame, ...], tuple[CountedGame, ...]]]:
    """``(kept, dropped)`` game sets 1.4.1e/f allow, the whole event first: every prefix
    of the rounds with at least ``minimum_games`` games (not with predetermined pairings, nor
    without round numbers), and within each, the sets with some defeated opponents left out,
    fewest first, while at least ``minimum_games`` games remain; at most ``budget`` sets."""
    yield tuple(games), ()
    tried = 1
    ordered = all(g.round is not None for g in games)
    cuts = [len(games)]
    if ordered and not rules.predetermined:
        cuts += list(range(len(games) - 1, rules.minimum_games - 1, -1))
    for cut in cuts:
        prefix, later = tuple(games[:cut]), tuple(games[cut:])
        wins = [i for i, g in enumerate(prefix) if g.won]
        for k in range(min(len(wins), cut - rules.minimum_games) + 1):
            for drop in combinations(wins, k):
                if cut == len(games) and k == 0:
                    continue
                if tried >= budget:
                    return
                tried += 1
                kept = tuple(g for i, g in enumerate(prefix) if i not in drop)
                yield kept, later + tuple(prefix[i] for i in drop)


_RANK = {NormStatus.EARNED: 2, NormStatus.PROVISIONAL: 1, NormStatus.NOT_EARNED: 0}


def best_norm(
    games: Sequence[CountedGame],
    own: str | None,
    title: Title,
    rules: Rules,
    credited_unplayed: int = 0,
) -> TitleCheck:
    """The best norm the player can claim for ``title`` (1.4.1e/f): earned before
    provisional, then most games counted, then the highest Rp; when no set gives a norm, the
    verdict of the whole event. In a round robin a set with games left out counts only if
    the whole event's mix makes a norm possible (1.4.1f)."""
    whole = check_games(games, own, title, rules, credited_unplayed)
    best = whole
    whole_mix_ok = not rules.predetermined or mix_possible(games, own, title, rules.exempt)
    for kept, dropped in candidate_sets(games, rules):
        if not dropped or not whole_mix_ok or not performs(kept, title):
            continue
        check = check_games(kept, own, title, rules, 0, dropped)
        if check.status is NormStatus.NOT_EARNED:
            continue
        if _better(check, best):
            best = check
    return best


def _better(a: TitleCheck, b: TitleCheck) -> bool:
    key_a = (_RANK[a.status], a.counted_games, a.performance or 0, -len(a.dropped))
    key_b = (_RANK[b.status], b.counted_games, b.performance or 0, -len(b.dropped))
    return key_a > key_b
