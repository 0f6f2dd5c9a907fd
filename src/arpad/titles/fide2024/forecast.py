"""What a player needs in the rounds left for a norm (B.01 2024), before the last round.

For each norm title the player does not hold: the fewest points from the remaining rounds
that give the performance (1.4.8), the average (1.4.8a) and the 35 % (1.4.8b) over all the
rounds. The remaining opponents are the players not yet met when the event is a round
robin in progress (everyone has met only players of the file, and exactly as many are left
as rounds); otherwise each is assumed rated at the average of the opponents so far, and
their titles and federations are unknown, so 1.4.3–1.4.5 can only be checked at the end.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from arpad.model import Event, PlayerEntry
from arpad.titles import NormStatus
from arpad.titles.fide2024.games import CountedGame, Opponent, opponent_of
from arpad.titles.fide2024.mix import mix_requirements
from arpad.titles.fide2024.norm import Rules, best_norm, score_requirements
from arpad.titles.fide2024.rules import UNRATED_RATING, Article, Title


@dataclass(frozen=True, slots=True)
class Forecast:
    """One title's forecast for one player."""

    player_id: str
    name: str
    title: Title
    played: int
    remaining: int
    score: float
    needed: float | None
    """Points needed from the remaining rounds (0: already enough); ``None``: out of reach."""
    opponents_known: bool
    """Whether the remaining opponents are known (a round robin in progress)."""
    average: int | None
    """Ra over all the rounds when the needed points are scored."""
    mix_ok: bool | None
    """1.4.3–1.4.5 over all the rounds (``None``: not known in advance)."""
    deciding: Article | None
    """What stops the norm when ``needed`` is ``None``."""


def remaining_opponents(event: Event, p: PlayerEntry, remaining: int) -> list[Opponent] | None:
    """The opponents still to meet in a round robin in progress, if the file shows them."""
    met = {o for o, _ in event.results_of(p.id)}
    unmet = [q for q in event.players if q.id != p.id and q.id not in met]
    if remaining and len(unmet) == remaining:
        return [opponent_of(q) for q in unmet]
    return None


def assumed_opponents(games: Sequence[CountedGame], remaining: int) -> list[Opponent]:
    """Unknown opponents, each at the average rating of the opponents so far."""
    ratings = [UNRATED_RATING if g.opponent.rating is None else g.opponent.rating for g in games]
    average = round(math.fsum(ratings) / len(ratings)) if ratings else UNRATED_RATING
    return [Opponent(f"?{i + 1}", "?", float(average), None, None) for i in range(remaining)]


def with_points(opponents: Sequence[Opponent], points: float) -> list[CountedGame]:
    """Hypothetical games against ``opponents`` worth ``points`` in all."""
    out = []
    left = points
    for o in opponents:
        s = 1.0 if left >= 1 else left
        left -= s
        out.append(CountedGame(None, o, s))
    return out


def forecast_title(
    event: Event, p: PlayerEntry, title: Title, rules: Rules, played_games: Sequence[CountedGame]
) -> Forecast:
    """The points ``p`` needs from the rounds left for a ``title`` norm."""
    played_rounds = {g.round for g in event.games_of(p.id)} | {
        u.round for u in event.unplayed if u.player == p.id
    }
    remaining = max(0, (rules.rounds or 0) - len(played_rounds))
    score = math.fsum(g.score for g in played_games)
    own = (p.federation or "").strip().upper() or None
    known = remaining_opponents(event, p, remaining)
    future = known if known is not None else assumed_opponents(played_games, remaining)
    # A round robin in progress (its opponents known) must be played out (1.4.1e).
    predetermined = rules.predetermined or known is not None
    now = best_norm(played_games, own, title, rules)
    if now.status is not NormStatus.NOT_EARNED and not predetermined:
        return Forecast(
            p.id,
            p.name or p.id,
            title,
            len(played_games),
            remaining,
            score,
            0.0,
            True,
            now.average,
            True,
            None,
        )
    deciding: Article | None = None
    for halves in range(2 * remaining + 1):
        games = [*played_games, *with_points(future, halves / 2)]
        if len(games) < rules.minimum_games:
            deciding = Article.GAMES
            break
        _, ra, _, _, reqs = score_requirements(games, title)
        failed = next((r.article for r in reqs if r.ok is False), None)
        if failed is None:
            mix = mix_requirements(games, own, title, rules.exempt) if known is not None else ()
            mix_ok = None if known is None else all(r.ok is not False for r in mix)
            return Forecast(
                p.id, p.name or p.id, title, len(played_games), remaining, score, halves / 2,
                known is not None, ra, mix_ok, None,
            )  # fmt: skip
        deciding = failed
    return Forecast(
        p.id, p.name or p.id, title, len(played_games), remaining, score, None,
        known is not None, None, None, deciding,
    )  # fmt: skip
