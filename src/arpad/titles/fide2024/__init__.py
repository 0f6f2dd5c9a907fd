"""FIDE title norms under the Title Regulations B.01 as applied from 1 January 2024.

The ``fide`` title system (:data:`arpad.titles.NORM_SYSTEMS`). One module per group of
articles: :mod:`~.rules` (the numbers), :mod:`~.games` (1.4.2, the games that count),
:mod:`~.mix` (1.4.3–1.4.5), :mod:`~.performance` (1.4.6–1.4.9), :mod:`~.norm` (1.4.1 and
the verdict), :mod:`~.forecast` (what a player needs in the rounds left), :mod:`~.it1`
(the data of the title result certificate). Every result names the article that decided
it (:class:`~.rules.Article`); docs/titles.md explains the rules and their readings.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from arpad.config import Config, bounds
from arpad.errors import InputError
from arpad.model import Event, PlayerEntry, Pool
from arpad.systems.elo.groups import round_robin_cycles
from arpad.titles import (
    Check,
    Fact,
    NormReport,
    NormResult,
    NormStatus,
    TitleSystem,
    with_status,
)
from arpad.titles.fide2024.forecast import Forecast, forecast_title
from arpad.titles.fide2024.games import player_games, scoreless_unrated
from arpad.titles.fide2024.it1 import it1_data, it1_html
from arpad.titles.fide2024.it3 import it3_data
from arpad.titles.fide2024.mix import Exemption, large_swiss
from arpad.titles.fide2024.norm import Rules, TitleCheck, best_norm
from arpad.titles.fide2024.rules import (
    HELD_BY,
    IN_FORCE_FROM,
    TEAM_CHAMPIONSHIP_GAMES,
    TITLE_LADDERS,
    Article,
    Title,
    canonical_title,
)

SYSTEM_NAME = "fide"

ADMINISTRATION = (
    "1.1.3 at most two rounds a day, at least 2 hours for 60 moves",
    "1.1.5 chief arbiter IA or FA",
    "1.1.1 registered with FIDE 30 days before the start",
)
"""Requirements of a title tournament (1.1) that an event file does not show."""


@dataclass(frozen=True)
class FideTitleConfig(Config):
    """Options of the B.01 (2024) norm check (``arpad norms FILE -o NAME=VALUE``)."""

    exemption: Exemption = field(
        default=Exemption.NONE,
        metadata={"doc": "1.4.3a–d event exempt from the foreigner requirement (1.4.3, 1.4.4)"},
    )
    minimum_games: int = field(
        default=9,
        metadata=bounds(TEAM_CHAMPIONSHIP_GAMES, 9, doc="1.4.1a (9); 7 in team events (1.4.1b)"),
    )
    rounds: int | None = field(
        default=None, metadata=bounds(1, None, doc="rounds of the event (default: the file's)")
    )
    host: str = field(
        default="", metadata={"doc": "host federation: detects the large Swiss of 1.4.3d"}
    )
    non_fide: str = field(
        default="NON", metadata={"doc": "federation codes not of FIDE, comma-separated (1.4.2a)"}
    )
    administration_checked: bool = field(
        default=False, metadata={"doc": "the 1.1 requirements the file cannot show are met"}
    )
    show_all: bool = field(
        default=False, metadata={"doc": "every title of every player, held ones too"}
    )

    @property
    def non_fide_codes(self) -> frozenset[str]:
        return frozenset(c.strip().upper() for c in self.non_fide.split(",") if c.strip())


def is_woman(p: PlayerEntry) -> bool:
    return p.sex is not None and p.sex.strip().lower() in ("f", "w", "female")


def event_rules(event: Event, config: FideTitleConfig) -> Rules:
    """What the event gives every player's check: rounds, round robin or not, exemption."""
    rounds = [g.round for g in event.games if g.round is not None]
    rounds += [u.round for u in event.unplayed if u.round is not None]
    total = config.rounds or max(rounds, default=None)
    predetermined = round_robin_cycles(event) is not None
    return Rules(
        minimum_games=config.minimum_games,
        rounds=total,
        predetermined=predetermined,
        exempt=config.exemption is not Exemption.NONE
        or detected_large_swiss(event, config, total, predetermined),
    )


def detected_large_swiss(
    event: Event, config: FideTitleConfig, rounds: int | None, predetermined: bool
) -> bool:
    """1.4.3d found in the file: a Swiss, the host federation given (``-o host=``)."""
    host = config.host.strip().upper()
    return bool(host) and not predetermined and large_swiss(event, host, rounds or 0)


def standard_chess_check(event: Event) -> Check:
    """0.3.1 and 1.4.2c: norms come from over-the-board standard chess only; an event of
    another pool (rapid, blitz, online) or played on an online platform gives none."""
    online = any(p.account for p in event.players)
    ok = event.pool is Pool.REGULAR and not online
    detail = "online platform" if online else f"{event.pool.value} pool"
    return Check("over-the-board standard chess (0.3.1, 1.4.2c)", ok, detail)


def exemption_label(event: Event, config: FideTitleConfig, rules: Rules) -> str:
    """The 1.4.3 exemption in force: the option's, or the large Swiss the file shows."""
    if config.exemption is Exemption.NONE and rules.exempt:
        return f"{Exemption.LARGE_SWISS.value} (1.4.3d, found in the file)"
    return config.exemption.value


def titles_to_check(p: PlayerEntry, show_all: bool) -> Iterator[tuple[Title, ...]]:
    """The ladders of norm titles open to ``p`` (the women's only to women, 0.3.1), each
    without the titles already held unless ``show_all``."""
    held = canonical_title(p.title)
    for ladder in TITLE_LADDERS:
        if ladder[0] is Title.WIM and not is_woman(p):
            continue
        yield tuple(t for t in ladder if show_all or held not in HELD_BY[t])


def shown(checks: list[TitleCheck], show_all: bool) -> list[TitleCheck]:
    """Of one ladder's checks (lowest title first): all of them with ``show_all``; else the
    highest norm earned or provisional, or, without one, the lowest title's verdict."""
    if show_all or not checks:
        return checks
    ok = [c for c in checks if c.status is not NormStatus.NOT_EARNED]
    return [ok[-1]] if ok else [checks[0]]


def result_facts(c: TitleCheck) -> tuple[Fact, ...]:
    """The numbers behind a verdict, typed; ``decided by`` is an :class:`Article`."""
    found = {r.article: r.found for r in c.requirements}
    raised = None if c.ratings.raised is None else c.games[c.ratings.raised].opponent.id
    return (
        Fact("decided by", c.deciding),
        Fact("Ra", c.average),
        Fact("Rp", c.performance),
        Fact("p %", c.percent),
        Fact("counted games", c.counted_games),
        Fact("raised to floor", raised),
        Fact("titleholders", found.get(Article.TITLEHOLDERS)),
        Fact("with the title", found.get(Article.REQUIRED_TITLES)),
        Fact("foreign federations", found.get(Article.FEDERATIONS)),
        Fact("dropped rounds", tuple(float(g.round or 0) for g in c.dropped) or None),
    )


def to_result(p: PlayerEntry, c: TitleCheck) -> NormResult:
    pending = tuple(a.value for a in c.unsettled) if c.status is NormStatus.PROVISIONAL else ()
    return NormResult(
        p.id, p.name or p.id, c.title.value, c.status is NormStatus.EARNED, c.score,
        len(c.games), c.required, result_facts(c), provisional_on=pending,
    )  # fmt: skip


def player_checks(
    event: Event,
    p: PlayerEntry,
    config: FideTitleConfig,
    rules: Rules | None = None,
    scoreless: frozenset[str] | None = None,
) -> list[TitleCheck]:
    """Every title check shown for ``p`` (:func:`shown`); ``rules`` and ``scoreless``
    (:func:`event_rules`, 1.4.2b) computed here unless given."""
    rules = rules or event_rules(event, config)
    left_out = scoreless_unrated(event) if scoreless is None else scoreless
    pg = player_games(event, p.id, config.non_fide_codes, left_out)
    own = (p.federation or "").strip().upper() or None
    out: list[TitleCheck] = []
    for ladder in titles_to_check(p, config.show_all):
        checks = [best_norm(pg.games, own, t, rules, pg.credited_unplayed) for t in ladder]
        out += shown(checks, config.show_all)
    return out


def report(event: Event, config: FideTitleConfig) -> NormReport:
    """Every player's norms in ``event`` under B.01 (2024) (the :class:`TitleSystem` hook)."""
    rules = event_rules(event, config)
    scoreless = scoreless_unrated(event)
    results: list[NormResult] = []
    for p in event.players:
        if event.games_of(p.id):
            shown_checks = player_checks(event, p, config, rules, scoreless)
            results += [to_result(p, c) for c in shown_checks]
    notes = [
        f"unrated {event.label(pid)!r} scored 0 against rated players: games excluded (1.4.2b)"
        for pid in sorted(scoreless)
    ]
    admin = "confirmed (-o administration_checked)" if config.administration_checked else None
    checks = (
        standard_chess_check(event),
        *(
            Check(name, True if admin else None, admin or "not in the event file")
            for name in ADMINISTRATION
        ),
    )
    facts = (
        Fact("rounds", rules.rounds),
        Fact("round robin", rules.predetermined),
        Fact("exemption", exemption_label(event, config, rules)),
    )
    return NormReport(
        SYSTEM_NAME, event.id, event.name, facts, checks, tuple(results), tuple(notes)
    )


def event_forecast(event: Event, config: FideTitleConfig) -> list[Forecast]:
    """Every player's forecast (:mod:`~.forecast`) for each norm title not held."""
    rules = event_rules(event, config)
    scoreless = scoreless_unrated(event)
    out: list[Forecast] = []
    for p in event.players:
        pg = player_games(event, p.id, config.non_fide_codes, scoreless)
        for ladder in titles_to_check(p, show_all=False):
            out += [forecast_title(event, p, t, rules, pg.games) for t in ladder]
    return out


def it3(event: Event, config: FideTitleConfig) -> dict[str, Any]:
    """The IT3 tournament report data of ``event`` (:mod:`~.it3`)."""
    report = with_status(TITLE_SYSTEM.norm_report_fn(event, replace(config, show_all=False)))
    return it3_data(event, report, event_rules(event, config).rounds)


def it1(event: Event, player: str, config: FideTitleConfig) -> dict[str, Any]:
    """The IT1 certificate data of ``player`` (an id or a name in the file): the highest
    norm earned or provisional, else the lowest title's verdict.

    Raises:
        InputError: no such player in the event.
    """
    p = find_player(event, player)
    checks = player_checks(event, p, replace(config, show_all=False))
    if not checks:
        raise InputError(f"{p.name or p.id} holds every norm title: no certificate to make")
    ok = [c for c in checks if c.status is not NormStatus.NOT_EARNED]
    return it1_data(event, p, (ok or checks)[-1 if ok else 0], TITLE_SYSTEM.title)


def find_player(event: Event, key: str) -> PlayerEntry:
    """The player whose id, name or FIDE ID is ``key``.

    Raises:
        InputError: none is.
    """
    for p in event.players:
        if key in (p.id, p.name, p.fide_id):
            return p
    raise InputError(f"no player {key!r} in event {event.id!r}", field="player")


TITLE_SYSTEM = TitleSystem(
    name=SYSTEM_NAME,
    title="FIDE Title Regulations B.01 (applied from 1 January 2024)",
    source="FIDE Handbook B.01, effective from 1 January 2024, 1.4.1–1.4.9, 1.7",
    config_type=FideTitleConfig,
    norm_report_fn=report,
    family="FIDE title regulations",
    in_force=(IN_FORCE_FROM, None),
    forecast_fn=event_forecast,
    certificate_fn=it1,
    certificate_page_fn=it1_html,
    event_report_fn=it3,
)
