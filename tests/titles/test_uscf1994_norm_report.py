"""The 1994 title system in the common norm interface (``norm_report``), and titles added up
from norms (uscf-ratings-committee-1994.txt §2.3, §2.5, §2.6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from arpad.cli import app
from arpad.errors import ConfigError
from arpad.io import read_event
from arpad.model import Event, Game, PlayerEntry
from arpad.performance import expected_score
from arpad.titles import (
    NORM_SYSTEMS,
    NORMS_FOR_SYSTEM,
    fact_values,
    norm_report,
    norm_system_for,
)
from arpad.titles.uscf1994 import (
    TitleStatus,
    award,
    deltas,
    level_norms,
    title_name,
    titles_from_norms,
)
from tests.conftest import EXAMPLES
from tests.uscf1994.test_cli import SECTION_2_5

runner = CliRunner()
EXAMPLE_FILES = [
    EXAMPLES / "wijk-aan-zee-1975.json",
    EXAMPLES / "uscf-1994-compare.json",
    EXAMPLES / "uscf-open.json",
    EXAMPLES / "uscf-crosstable.txt",
]
BY_100 = {"level_step": "100", "lowest_level": "1500", "highest_level": "2300"}


def test_registered_as_a_norm_system_and_paired_with_its_rating_system() -> None:
    assert NORM_SYSTEMS["uscf1994"] == "arpad.titles.uscf1994"
    assert norm_system_for("uscf1994") == "uscf1994"
    assert norm_system_for("fide1986") == "fide1986"
    assert norm_system_for("uscf") is None  # US Chess 2020 has no title norms here
    from arpad.systems import REGISTRY

    assert set(NORMS_FOR_SYSTEM) <= set(REGISTRY)
    assert set(NORMS_FOR_SYSTEM.values()) <= set(NORM_SYSTEMS)


def test_section_2_5_example_as_a_norm_report_L380_L390(tmp_path: Path) -> None:
    # 3½ of 4 against 1800, 1900, 2000, 2100: the 1500 title at once, four norms at 1600 and
    # 1700, three at 1800, two at 1900, one at 2000 and 2100, none at 2200 (L380–L390).
    path = tmp_path / "e.json"
    path.write_text(json.dumps(SECTION_2_5), encoding="utf-8")
    report = norm_report(read_event(path), "uscf1994", BY_100)
    mine = {level_norms(r): r for r in report.results if r.player_id == "p"}
    assert sorted(mine) == [
        (1500.0, 5), (1600.0, 4), (1700.0, 4), (1800.0, 3), (1900.0, 2), (2000.0, 1),
        (2100.0, 1),
    ]  # fmt: skip
    assert all(r.earned and r.score == 3.5 and r.games == 4 for r in mine.values())
    assert fact_values(mine[(1500.0, 5)].facts)["title at once"] is True
    assert fact_values(mine[(1600.0, 4)].facts)["title at once"] is False
    # required: E_Y + Δ₁ = 2.260 + 0.612 at 2000 (the §2.5 table, L367; Δ L332).
    assert mine[(2000.0, 1)].required == pytest.approx(2.260 + 0.612, abs=0.001)
    assert mine[(2000.0, 1)].title == "Expert"
    assert mine[(1900.0, 2)].title == "1900 title"  # not a §2.6 level: 100-point steps
    assert fact_values(mine[(1900.0, 2)].facts)["Δ beaten"] == pytest.approx(deltas(4)[1])


def _cli_levels(path: Path) -> dict[tuple[str, float], tuple[int, bool, float]]:
    result = runner.invoke(app, ["norms", str(path), "--system", "uscf1994", "--json"])
    assert result.exit_code == 0, result.output
    out = {}
    for r in json.loads(result.output)["results"]:
        facts = {f["label"]: f["value"] for f in r["facts"]}
        out[(r["player_id"], facts["level"])] = (
            facts["norms"],
            facts["title at once"],
            facts["E_Y"],
        )
    return out


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_norm_report_agrees_with_the_norms_command(path: Path) -> None:
    """``arpad norms --system uscf1994`` (the one renderer, JSON) and ``norm_report`` list
    the same norms: player, level, count, title at once and E_Y, as typed values."""
    cli = _cli_levels(path)
    report = norm_report(read_event(path), "uscf1994")
    ours = {}
    for r in report.results:
        level, norms = level_norms(r)
        facts = fact_values(r.facts)
        ours[(r.player_id, level)] = (norms, facts["title at once"], facts["E_Y"])
    assert set(ours) == set(cli)
    for key, value in cli.items():
        assert ours[key] == value
    assert all(r.earned for r in report.results) and report.earned == report.results


def test_show_all_lists_every_level_and_games_below_the_minimum() -> None:
    players = [PlayerEntry("a", rating=1500.0, games=50), PlayerEntry("b", rating=1500.0, games=50)]
    event = Event(
        "short", tuple(players), tuple(Game("a", "b", 0.5, r) for r in (1, 2, 3))
    )  # three games: below the four a norm needs (L336)
    assert norm_report(event, "uscf1994").results == ()
    every = norm_report(event, "uscf1994", {"show_all": "true"})
    assert len(every.results) == 2 * 12  # two players, twelve levels 400–2600
    assert all(not r.earned and r.required is None for r in every.results)
    with pytest.raises(ConfigError):
        norm_report(event, "uscf1994", {"no_such_option": "1"})


@st.composite
def _histories(draw: st.DrawFn) -> list[tuple[list[float], float]]:
    """A player's events: opponents' ratings and the score, for 1–12 events."""
    out = []
    for _ in range(draw(st.integers(1, 12))):
        n = draw(st.integers(3, 9))
        opponents = draw(st.lists(st.integers(300, 2700), min_size=n, max_size=n))
        score = draw(st.integers(0, 2 * n)) / 2
        out.append(([float(x) for x in opponents], score))
    return out


@settings(max_examples=60, deadline=None)
@given(_histories())
def test_titles_from_norms_equal_awarding_event_by_event(
    history: list[tuple[list[float], float]],
) -> None:
    """Adding up each event's norms (as the ledger stores them: no prior status) gives the
    titles and norms that §2.3 awards event by event with the status carried along."""
    status = TitleStatus()
    won = []
    per_event = []
    for i, (opponents, score) in enumerate(history):
        carried = award(opponents, score, status)
        won += [(i, r.level, False) for r in carried.levels if r.title]
        won += [(i, r.level, True) for r in carried.levels if r.life_title]
        status = carried.status
        fresh = award(opponents, score)
        per_event.append([(r.level, r.norms) for r in fresh.levels if r.norms])
    total, titles = titles_from_norms(per_event)
    assert total == status
    assert sorted((t.event, t.level, t.life) for t in titles) == sorted(won)


def test_titles_from_norms_life_title_after_twenty_norms_L405() -> None:
    status, won = titles_from_norms([[(2200.0, 1)]] * 20)
    assert [(w.event, w.name) for w in won] == [(4, "Master"), (19, "Life Master")]
    assert status.life_titles == (2200.0,) and dict(status.life_norms)[2200.0] == 20
    assert title_name(2200.0) == "Master"


def test_expected_score_fact_is_e_y_of_the_opponents() -> None:
    event = read_event(EXAMPLES / "wijk-aan-zee-1975.json")
    report = norm_report(event, "uscf1994")
    sosonko = [r for r in report.results if r.player_id == "sosonko"]
    ratings = {p.id: p.rating for p in event.players}
    opponents = [ratings[o] for o, _ in event.results_by_player()["sosonko"]]
    for r in sosonko:
        level, _ = level_norms(r)
        e_y = expected_score(level, [float(x) for x in opponents if x is not None])
        assert fact_values(r.facts)["E_Y"] == pytest.approx(e_y, abs=1e-12)
