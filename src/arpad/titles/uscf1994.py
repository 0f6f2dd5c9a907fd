"""The USCF Title System proposed in 1994: the Δ schedule, norms, titles, life titles.

Source: uscf-ratings-committee-1994.txt §2 (L302–L432).

A norm for the title of rating level Y needs a total score w in an event of n ≥ 4 games
that a Y-rated player would exceed by chance less than P % of the time; j norms at once
need the probability (P/100)^j, and five at once give the title (L314–L316). With the
normal approximation of a Y-rated player's total score and the most conservative per-game
variability, a score's standard deviation of ½ (a game between equals with no draws,
p(1 − p) ≤ ¼), the margin over the expected score E_Y is (L324–L330)::

    Δ_j = σ · z_j · √n,   z_j = Φ⁻¹(1 − (P/100)^j),   σ = ½

At P = 27 this gives 0.306, 0.727, 1.030, 1.277 and 1.491 × √n. The report computes with
these three-decimal coefficients (L332: 0.968 for ten rounds is 0.306·√10, not
0.3064·√10 = 0.969; L382: 2.982 = 2·1.491), so they are rounded to three decimals by
default (``coefficient_digits``). E_Y is the logistic expected score of a Y-rated player
against the opponents (§2.5 table, L361–L370).

Titles come every 200 points from 400 to 2600, five norms each; Life Master and Life
Senior Master need 20 norms at 2200 and 2400 (§2.6, L405–L427). An event's result counts
towards every title not yet earned (§2.3 rule 3, L338).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from scipy.special import ndtri

from arpad.config import Config, bounds, with_options
from arpad.errors import ConfigError, RatingError
from arpad.model import Event
from arpad.performance import expected_score
from arpad.systems.uscf1994 import SYSTEM as USCF1994
from arpad.systems.uscf1994.rating import opponent_view
from arpad.titles import Fact, NormReport, NormResult, TitleSystem, fact_values

TITLE_NAMES: Mapping[float, str] = {
    400.0: "Category VIII",
    600.0: "Category VII",
    800.0: "Category VI",
    1000.0: "Category V",
    1200.0: "Category IV",
    1400.0: "Category III",
    1600.0: "Category II",
    1800.0: "Category I",
    2000.0: "Expert",
    2200.0: "Master",
    2400.0: "Senior Master",
    2600.0: "Advanced Senior Master",
}
"""§2.6 table (L413–L425) and Committee motion 3 (L86)."""

LIFE_TITLE_NAMES: Mapping[float, str] = {2200.0: "Life Master", 2400.0: "Life Senior Master"}
"""§2.6 item 1 and table (L405, L426–L427)."""


@dataclass(frozen=True)
class TitleConfig(Config):
    """Constants of the 1994 title system (§2.2–§2.6)."""

    P: float = field(
        default=27.0,
        metadata=bounds(0, 100, low_open=True, high_open=True, doc="the P % of §2.2 (L320)"),
    )
    sigma: float = field(
        default=0.5,
        metadata=bounds(0, None, low_open=True, doc="per-game score s.d. assumed (L324)"),
    )
    coefficient_digits: int | None = field(
        default=3,
        metadata=bounds(0, None, doc="round Δ coefficients as printed (L326–L332); none: exact"),
    )
    norms_for_title: int = field(
        default=5, metadata=bounds(1, None, doc="norms for a title (L316, L413–L425)")
    )
    life_norms: int = field(
        default=20, metadata=bounds(1, None, doc="norms for a life title (L405)")
    )
    min_games: int = field(
        default=4, metadata=bounds(1, None, doc="games needed for a norm (L332, L336)")
    )
    lowest_level: float = field(default=400.0, metadata=bounds(doc="lowest title (L414)"))
    highest_level: float = field(default=2600.0, metadata=bounds(doc="highest title (L425)"))
    level_step: float = field(
        default=200.0,
        metadata=bounds(0, None, low_open=True, doc="points between titles (§2.6 item 2)"),
    )
    life_master_level: float = field(default=2200.0, metadata=bounds(doc="L405"))
    life_senior_master_level: float = field(default=2400.0, metadata=bounds(doc="L405"))

    def levels(self) -> tuple[float, ...]:
        """The title levels: ``lowest_level``, + ``level_step``, …, up to ``highest_level``."""
        if self.highest_level < self.lowest_level:
            raise ConfigError("highest_level must not be below lowest_level")
        count = math.floor((self.highest_level - self.lowest_level) / self.level_step + 1e-9)
        return tuple(self.lowest_level + i * self.level_step for i in range(count + 1))

    def life_levels(self) -> tuple[float, ...]:
        return (self.life_master_level, self.life_senior_master_level)


def delta_coefficient(norms: int, P: float = 27.0, sigma: float = 0.5) -> float:
    """Δ_j/√n for ``norms`` = j norms at once: σ·Φ⁻¹(1 − (P/100)^j), unrounded (L324–L330).

    >>> [round(delta_coefficient(j), 3) for j in range(1, 6)]
    [0.306, 0.727, 1.03, 1.277, 1.491]
    """
    if norms < 1:
        raise ConfigError(f"norms must be ≥ 1, not {norms!r}")
    return sigma * float(ndtri(1.0 - (P / 100.0) ** norms))


def delta_schedule(config: TitleConfig | None = None) -> tuple[float, ...]:
    """The coefficients for 1, 2, …, ``norms_for_title`` norms, rounded as configured."""
    cfg = TitleConfig() if config is None else config
    out = []
    for j in range(1, cfg.norms_for_title + 1):
        c = delta_coefficient(j, cfg.P, cfg.sigma)
        out.append(c if cfg.coefficient_digits is None else round(c, cfg.coefficient_digits))
    return tuple(out)


def deltas(games: int, config: TitleConfig | None = None) -> tuple[float, ...]:
    """Δ for 1 … 5 norms in an event of ``games`` games (L326–L332, L382).

    >>> deltas(4)
    (0.612, 1.454, 2.06, 2.554, 2.982)
    """
    return tuple(c * math.sqrt(games) for c in delta_schedule(config))


def norms_earned(
    score: float, expected: float, games: int, config: TitleConfig | None = None
) -> int:
    """Norms earned at one level: the largest j with score > E_Y + Δ_j, 0 below 4 games.

    The score must *exceed* E_Y + Δ (L314, L337); ``norms_for_title`` means the title.

    >>> norms_earned(3.5, 0.842, 4), norms_earned(3.5, 2.749, 4), norms_earned(3.5, 3.158, 4)
    (4, 1, 0)
    """
    cfg = TitleConfig() if config is None else config
    if games < cfg.min_games:
        return 0
    return sum(1 for d in deltas(games, cfg) if score > expected + d)


@dataclass(frozen=True, slots=True)
class TitleStatus:
    """A player's titles and norms. ``norms`` holds (level, count) towards unearned titles;
    ``life_norms`` (level, count) at the life levels, whatever the ordinary title."""

    titles: tuple[float, ...] = ()
    norms: tuple[tuple[float, int], ...] = ()
    life_titles: tuple[float, ...] = ()
    life_norms: tuple[tuple[float, int], ...] = ()

    def norms_at(self, level: float) -> int:
        return dict(self.norms).get(level, 0)


@dataclass(frozen=True, slots=True)
class LevelResult:
    """What one event's result does at one title level."""

    level: float
    expected: float
    """E_Y: the expected total score of a Y-rated player against these opponents."""
    norms: int
    """Norms the result earns at this level (``norms_for_title`` = the title at once)."""
    title: bool
    """The title of this level is earned with this event."""
    life_title: bool = False


@dataclass(frozen=True, slots=True)
class EventAwards:
    """The awards of one player in one event, and the status after it."""

    games: int
    score: float
    levels: tuple[LevelResult, ...]
    status: TitleStatus


def award(
    opponents: Sequence[float],
    score: float,
    status: TitleStatus | None = None,
    config: TitleConfig | None = None,
    levels: Iterable[float] | None = None,
) -> EventAwards:
    """Apply one event's result to every title not yet earned (§2.3, L336–L338).

    Args:
        opponents: the opponents' ratings, one per game.
        score: the points scored in those games.
        status: titles and norms before the event (default: none).
        config: the title system's constants.
        levels: the title levels to examine (default: ``config.levels()``; §2.5 works with
            every 100 points from 1500 to 2300).

    >>> a = award([1800.0, 1900.0, 2000.0, 2100.0], 3.5, levels=[1500, 2000, 2200])
    >>> [(r.level, r.norms, r.title) for r in a.levels]
    [(1500.0, 5, True), (2000.0, 1, False), (2200.0, 0, False)]
    """
    cfg = TitleConfig() if config is None else config
    prior = TitleStatus() if status is None else status
    games = len(opponents)
    wanted = sorted({float(x) for x in (cfg.levels() if levels is None else levels)})
    life_levels = cfg.life_levels()
    tally = _Tally(prior, cfg)
    results = []
    for level in sorted(set(wanted) | set(life_levels)):
        expected = expected_score(level, opponents) if games else 0.0
        earned = norms_earned(score, expected, games, cfg)
        new_title, new_life = tally.add(level, earned, level in wanted)
        if level in wanted or new_life:
            results.append(LevelResult(level, expected, earned, new_title, new_life))
    return EventAwards(games=games, score=score, levels=tuple(results), status=tally.status())


class _Tally:
    """Titles and norms while norms are added, level by level (§2.3 rule 3, §2.6)."""

    def __init__(self, prior: TitleStatus, config: TitleConfig) -> None:
        self.config = config
        self.titles = set(prior.titles)
        self.norms = dict(prior.norms)
        self.life_titles = set(prior.life_titles)
        self.life_norms = dict(prior.life_norms)

    def add(self, level: float, earned: int, title_level: bool = True) -> tuple[bool, bool]:
        """Count ``earned`` norms at ``level`` towards its title (when ``title_level`` and
        not yet held) and its life title; return (title earned, life title earned)."""
        cfg = self.config
        new_title = False
        if title_level and level not in self.titles and earned:
            total = self.norms.get(level, 0) + earned
            if total >= cfg.norms_for_title:
                self.titles.add(level)
                self.norms.pop(level, None)
                new_title = True
            else:
                self.norms[level] = total
        new_life = False
        if level in cfg.life_levels() and level not in self.life_titles and earned:
            total = self.life_norms.get(level, 0) + earned
            self.life_norms[level] = total
            if total >= cfg.life_norms:
                self.life_titles.add(level)
                new_life = True
        return new_title, new_life

    def status(self) -> TitleStatus:
        return TitleStatus(
            titles=tuple(sorted(self.titles)),
            norms=tuple(sorted(self.norms.items())),
            life_titles=tuple(sorted(self.life_titles)),
            life_norms=tuple(sorted(self.life_norms.items())),
        )


def title_name(level: float) -> str:
    """The §2.6 name of a title level, or ``"<level> title"`` for other levels.

    >>> title_name(2000), title_name(1900)
    ('Expert', '1900 title')
    """
    return TITLE_NAMES.get(float(level), f"{level:g} title")


def convert_old_status(  # noqa: C901
    old_titles: Iterable[float],
    old_norms: Mapping[float, float],
    config: TitleConfig | None = None,
) -> TitleStatus:
    """Convert titles and norms of the 100-point Lifetime Title system (§2.6 item 2, L406–L409).

    1. a title at a level that no longer exists gives 3 norms towards the next higher
       title;
    2. x norms at such a level give ⌈x/2⌉ norms towards the next higher title;
    3. the status of the highest level with norms or a title ("L") is then given to every
       lower level without the title.

    Lower titles came automatically in the old system (L349), so an old title also
    stands for every title below it. Levels above the highest new title go to that title.
    Where several old levels land on one new level the larger count is kept, counts are
    rounded up to whole norms, and five norms make the title. Step 3 is applied level by
    level downwards, so the levels below a title get the title (D-uscf1994-titles-2).

    >>> s = convert_old_status([1200], {1600: 3})
    >>> s.norms_at(1400), 1000.0 in s.titles
    (3, True)
    >>> s = convert_old_status([1700], {1900: 3})
    >>> s.norms, s.titles[-1]
    (((1800.0, 3), (2000.0, 2)), 1600.0)
    """
    cfg = TitleConfig() if config is None else config
    levels = cfg.levels()
    top = levels[-1]

    def next_level(level: float) -> float:
        return next((x for x in levels if x > level), top)

    titles: set[float] = set()
    norms: dict[float, int] = {}

    def give(level: float, count: int) -> None:
        norms[level] = max(norms.get(level, 0), count)

    for t in old_titles:
        t = float(t)
        if t in levels or t > top:
            titles.add(min(t, top))
            continue
        give(next_level(t), 3)
        # Lower titles came automatically in the old system (L349): T implies those below.
        below = [x for x in levels if x < t]
        if below:
            titles.add(below[-1])
    for level, x in old_norms.items():
        level = float(level)
        if x <= 0:
            continue
        if level in levels:
            give(level, math.ceil(x))
        else:
            give(next_level(level), math.ceil(x / 2))
    for level, count in list(norms.items()):
        if count >= cfg.norms_for_title or level in titles:
            titles.add(level)
            del norms[level]
    carried_title = False
    carried_norms = 0
    for level in reversed(levels):
        if level in titles:
            carried_title = True
        elif carried_title:
            titles.add(level)
        else:
            carried_norms = max(norms.get(level, 0), carried_norms)
            if carried_norms:
                norms[level] = carried_norms
    return TitleStatus(titles=tuple(sorted(titles)), norms=tuple(sorted(norms.items())))


# -- one event's norms, and titles from a player's norms -------------------------------------


def event_awards(event: Event, config: TitleConfig | None = None) -> dict[str, EventAwards]:
    """Every player's norms in ``event``, assuming no titles or norms before it.

    Opponents count at their pre-event ratings; unrated ones at the rating the 1994 system
    imputes to them (FIDE, then age; §1.4.2), nominally rated ones at the nominal rating.
    """
    cfg = TitleConfig() if config is None else config
    system_config = USCF1994.default_config()
    states = {p.id: USCF1994.prior_state(p, event, system_config) for p in event.players}
    view = opponent_view(event, states, system_config)
    out = {}
    for player, results in event.results_by_player().items():
        opponents = [view[o].rating for o, _ in results]
        out[player] = award(opponents, sum(s for _, s in results), None, cfg)
    return out


@dataclass(frozen=True)
class ReportConfig(TitleConfig):
    """The options of :func:`norm_report`: the title system's constants, and what to list."""

    show_all: bool = field(
        default=False,
        metadata=bounds(doc="list every level of every player, norms earned or not"),
    )


LEVEL_FACT = "level"
NORMS_FACT = "norms"


def norm_report(event: Event, options: Mapping[str, str] | None = None) -> NormReport:
    """The norms of ``event`` (see :func:`report`), options as ``NAME=VALUE`` strings."""
    return report(event, with_options(ReportConfig(), dict(options or {})))


def report(event: Event, config: ReportConfig) -> NormReport:
    """The norms of ``event`` as the common :class:`~arpad.titles.NormReport`.

    One result per player and title level at which the player earns norms (§2.3), with no
    titles or norms assumed before the event (as :func:`event_awards`): ``title`` is the
    level's §2.6 name, ``required`` the score a result must *exceed* for one norm
    (E_Y + Δ₁), and the facts give the level, E_Y, the norms earned, the Δ they beat and
    whether the result makes the title at once. ``show_all=true`` lists every level of
    every player, norms earned or not (``required`` is ``None`` below four games).
    """
    awards = event_awards(event, config)
    schedule = delta_schedule(config)
    out: list[NormResult] = []
    for p in event.players:
        a = awards[p.id]
        enough = a.games >= config.min_games
        root = math.sqrt(a.games)
        for r in a.levels:
            if not r.norms and not config.show_all:
                continue
            beaten = schedule[r.norms - 1] * root if r.norms else None
            facts = (
                Fact(LEVEL_FACT, r.level),
                Fact("E_Y", r.expected, 3),
                Fact(NORMS_FACT, r.norms),
                Fact("Δ beaten", beaten, 3),
                Fact("title at once", r.title),
            )
            required = r.expected + schedule[0] * root if enough else None
            out.append(
                NormResult(
                    p.id,
                    p.name or p.id,
                    title_name(r.level),
                    r.norms > 0,
                    a.score,
                    a.games,
                    required,
                    facts,
                )
            )
    levels = config.levels()
    return NormReport(
        system="uscf1994",
        event_id=event.id,
        event_name=event.name,
        facts=(
            Fact("P", config.P),
            Fact("Δ/√n", tuple(schedule), 3),
            Fact("lowest level", levels[0]),
            Fact("highest level", levels[-1]),
            Fact("level step", config.level_step),
        ),
        checks=(),
        results=tuple(out),
        notes=(
            f"a norm needs a score above E_Y + Δ₁ ('required') in at least {config.min_games} "
            f"games; j norms at once above E_Y + Δ_j (§2.2–§2.3)",
            f"norms count towards every title not yet held; {config.norms_for_title} make the "
            f"title, {config.life_norms} at {config.life_master_level:g}/"
            f"{config.life_senior_master_level:g} a life title (§2.3, §2.6)",
        ),
    )


def level_norms(result: NormResult) -> tuple[float, int]:
    """``(level, norms)`` of a result of :func:`norm_report`."""
    facts = fact_values(result.facts)
    level, norms = facts[LEVEL_FACT], facts[NORMS_FACT]
    if not isinstance(level, float | int) or not isinstance(norms, int):
        raise RatingError(f"not a uscf1994 norm result: {result!r}")
    return float(level), norms


@dataclass(frozen=True, slots=True)
class TitleAward:
    """A title reached by adding up norms: in the ``event``-th event given, at ``level``."""

    event: int
    level: float
    life: bool

    @property
    def name(self) -> str:
        return LIFE_TITLE_NAMES[self.level] if self.life else title_name(self.level)


def titles_from_norms(
    events: Iterable[Iterable[tuple[float, int]]],
    status: TitleStatus | None = None,
    config: TitleConfig | None = None,
) -> tuple[TitleStatus, tuple[TitleAward, ...]]:
    """Add up a player's norms event by event, in order: ``(level, norms)`` per event.

    A result counts towards every title not yet earned (§2.3 rule 3, L338); five norms at a
    level make its title, twenty at 2200 and 2400 the life titles (§2.6, L405). Returns the
    status after the last event and every title reached, with the event that reached it.

    >>> status, won = titles_from_norms([[(2000.0, 3)], [(2000.0, 2), (2200.0, 1)]])
    >>> [(w.event, w.name) for w in won], status.norms
    ([(1, 'Expert')], ((2200.0, 1),))
    """
    cfg = TitleConfig() if config is None else config
    tally = _Tally(TitleStatus() if status is None else status, cfg)
    title_levels = set(cfg.levels())
    won: list[TitleAward] = []
    for index, levels in enumerate(events):
        for level, norms in sorted(levels):
            new_title, new_life = tally.add(level, norms, level in title_levels)
            if new_title:
                won.append(TitleAward(index, level, False))
            if new_life:
                won.append(TitleAward(index, level, True))
    return tally.status(), tuple(won)


def titles_of_events(
    events: Sequence[Sequence[NormResult]],
) -> tuple[tuple[int, str], ...]:
    """``(event index, title)`` for every title a player's norms add up to, event by event
    (the :class:`~arpad.titles.TitleSystem` hook; :func:`titles_from_norms`)."""
    _, won = titles_from_norms([level_norms(r) for r in results] for results in events)
    return tuple((w.event, w.name) for w in won)


TITLE_SYSTEM = TitleSystem(
    name="uscf1994",
    title="USCF title system (proposed 1994)",
    source="uscf-ratings-committee-1994.txt §2",
    config_type=ReportConfig,
    norm_report_fn=report,
    titles_from_norms_fn=titles_of_events,
)
