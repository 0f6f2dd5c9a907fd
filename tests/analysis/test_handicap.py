"""Handicap competition (Elo §3.9): Brasket, the match handicap, tables 3.96 and 3.99."""

from __future__ import annotations

import pytest

from arpad.analysis.handicap import (
    ROUND_ROBIN_TABLE,
    SWISS_TABLE,
    brasket_handicap_points,
    brasket_score,
    handicap_event,
    match_handicap,
    round_robin_handicap,
    scratch_rating,
    swiss_handicap,
)
from arpad.errors import ConfigError
from arpad.io import read_event
from arpad.model import Game, PlayerEntry, build_event
from tests.conftest import EXAMPLES, SEEDS

SEED = "elo-rating-of-chessplayers-1986.txt"


def _seed_rows(first: int, last: int) -> list[list[float]]:
    path = SEEDS / SEED
    if not path.exists():
        pytest.skip("seed not available")
    lines = path.read_text(encoding="utf-8").splitlines()[first - 1 : last]
    rows = []
    for line in lines:
        fields = [f for f in line.split("\t")[1:] if f.strip()]
        rows.append([float(f) for f in fields])
    return rows


def test_table_3_96_transcription_L1304_L1313() -> None:
    assert _seed_rows(1304, 1313) == [list(r) for r in ROUND_ROBIN_TABLE]


def test_table_3_99_transcription_L1350_L1367() -> None:
    assert _seed_rows(1350, 1367) == [list(r) for r in SWISS_TABLE]


def test_brasket_TV21_L1289() -> None:
    # Scratch 2200, R = 1900, R_p = 2050, f = 80 %: 240 handicap points, score 2290.
    assert brasket_handicap_points(2200, 1900) == 240
    assert brasket_score(2050, 2200, 1900) == 2290
    assert brasket_score(2050, 2200, 1900, fraction=0.5) == 2200


def test_match_handicap_TV22_L1293() -> None:
    # N = 20, D = 200: .76/.24 → 15.2 and 4.8; σ = √(20·.76·.24) = 1.91; 10.4 − 1.91 = 8.49.
    h = match_handicap(200, 20)
    assert h.p_high == 0.76
    assert (h.expected_high, h.expected_low) == (pytest.approx(15.2), pytest.approx(4.8))
    assert h.sigma == pytest.approx(1.91, abs=0.005)
    assert h.handicap == pytest.approx(8.49, abs=0.005)
    with pytest.raises(ConfigError):
        match_handicap(200, 0)


# TV-23 (§3.97, L1317–1334): M = 16, scratch Portisch 2635.
HOOGOVEN = [
    ("portisch", 0, 0.0, 10.5),
    ("hort", 35, 0.0, 10.0),
    ("smejkal", 35, 0.0, 9.5),
    ("kavalek", 80, 0.0, 9.0),
    ("gligoric", 60, 0.0, 8.5),
    ("huebner", 20, 0.0, 8.5),
    ("sosonko", 165, 1.6, 10.1),
    ("browne", 85, 0.0, 8.0),
    ("geller", 35, 0.0, 8.0),
    ("timman", 125, 0.6, 8.6),
    ("furman", 75, 0.0, 7.0),
    ("langeweg", 225, 2.9, 9.4),
    ("ree", 165, 1.6, 7.1),
    ("donner", 150, 1.3, 6.3),
    ("kuijpers", 190, 2.1, 6.1),
    ("popov", 175, 1.9, 5.4),
]


@pytest.mark.parametrize(
    ("pid", "level", "points", "score"), HOOGOVEN, ids=[h[0] for h in HOOGOVEN]
)
def test_hoogoven_handicap_tournament_TV23_L1317(
    pid: str, level: int, points: float, score: float
) -> None:
    assert round_robin_handicap(level, 16) == points


def test_hoogoven_handicap_standings_from_the_crosstable_L1317() -> None:
    report = handicap_event(read_event(EXAMPLES / "wijk-aan-zee-1975.json"))
    assert report.method == "round-robin" and report.scratch == 2635
    rows = {r.player_id: r for r in report.rows}
    for pid, level, points, score in HOOGOVEN:
        assert (rows[pid].level, rows[pid].points, rows[pid].handicap_score) == (
            level,
            points,
            score,
        )
    # §3.95: the top and bottom expected scores by (8) differ by 9.74 − 4.78 = 4.96, more than
    # the σ of the game scores (½√15 = 1.94): handicapping is worth considering.
    assert report.spread == pytest.approx(4.96)
    assert report.advisable


def test_round_robin_interpolation_rule_L1298() -> None:
    # Values hold at the lower limit of each row and are interpolated toward the next.
    assert round_robin_handicap(100, 16) == 0
    assert round_robin_handicap(126, 16) == 0.6
    assert round_robin_handicap(138, 16) == pytest.approx(0.9)  # .6 + .7·12/25 = .936
    assert round_robin_handicap(326, 16) == 5.1
    assert round_robin_handicap(340, 16) == 5.1  # no next row: the last value holds (D-handicap-1)
    assert round_robin_handicap(900, 16) == 5.1
    # 21 participants lies between the printed 20 and 22 columns.
    assert round_robin_handicap(176, 21) == pytest.approx(2.8)
    with pytest.raises(ConfigError):
        round_robin_handicap(200, 9)
    with pytest.raises(ConfigError):
        round_robin_handicap(200, 23)


def test_swiss_table_lookup_L1344() -> None:
    assert swiss_handicap(150, 9) == 0
    assert swiss_handicap(200, 12) == 0  # "Under 200" read as 0–200
    assert swiss_handicap(201, 12) == 0.2
    assert swiss_handicap(320, 9) == 0.9
    assert swiss_handicap(1000, 12) == 5.0
    assert swiss_handicap(1001, 12) == 5.1
    assert swiss_handicap(320, 9, interpolate=True) == pytest.approx(1.1)  # .9 + .4·19/50
    with pytest.raises(ConfigError):
        swiss_handicap(320, 4)


def test_scratch() -> None:
    assert scratch_rating([2200, 2100, 2000, 1500]) == 2200
    assert scratch_rating([2200, 2100, 2000, 1500], "top3") == 2100
    with pytest.raises(ConfigError):
        scratch_rating([])


def test_swiss_event_uses_table_3_99_and_top_three() -> None:
    # Eight players, five rounds of a circle pairing: not a complete round robin.
    ratings = [2400, 2300, 2200, 2000, 1900, 1800, 1750, 1700]
    players = [PlayerEntry(f"p{i}", rating=r) for i, r in enumerate(ratings)]
    order = list(range(8))
    games = []
    for _ in range(5):
        games += [Game(f"p{order[k]}", f"p{order[7 - k]}", 0.5) for k in range(4)]
        order = [order[0], order[-1], *order[1:-1]]
    report = handicap_event(build_event("sw", players, games))
    assert (report.method, report.rounds, report.scratch) == ("swiss", 5, 2300)
    rows = {r.player_id: r for r in report.rows}
    assert rows["p7"].level == 600
    assert rows["p7"].points == swiss_handicap(600, 5) == 1.3
    assert report.advisable is None  # §3.95's test is for round robins


def test_brasket_standings_for_an_event() -> None:
    report = handicap_event(read_event(EXAMPLES / "wijk-aan-zee-1975.json"), method="brasket")
    sosonko = next(r for r in report.rows if r.player_id == "sosonko")
    assert sosonko.points == pytest.approx(0.8 * 165)
    assert sosonko.handicap_score == pytest.approx((sosonko.performance or 0) + 132)


def test_brasket_performance_uses_the_same_games_for_score_and_ratings() -> None:
    """Issue 15 point 6: a player who lost her only rated game (and beat three unrated
    players) was ranked first, her 3 of 4 set against the one rated opponent's rating."""
    players = [
        PlayerEntry("her", rating=1600.0),
        PlayerEntry("strong", rating=2000.0),
        PlayerEntry("mid", rating=1800.0),
        *(PlayerEntry(f"u{i}") for i in range(3)),
    ]
    games = [
        Game("strong", "her", 1.0),
        *(Game("her", f"u{i}", 1.0) for i in range(3)),
        Game("strong", "mid", 0.5),
        Game("mid", "u0", 1.0),
    ]
    report = handicap_event(build_event("h", players, games), method="brasket", scratch=2000)
    rows = {r.player_id: r for r in report.rows}
    her = rows["her"]
    assert her.score == 3.0  # standings count every game …
    assert her.performance is not None and her.performance <= 2000 - 400  # … R_p only 0 of 1
    ranked = sorted(
        (r for r in report.rows if r.handicap_score is not None),
        key=lambda r: -(r.handicap_score or 0.0),
    )
    assert ranked[0].player_id != "her"
    # Every performance is the rated games' average and score (mid: ½ vs 2000, u0 unrated).
    assert rows["mid"].performance == pytest.approx(2000.0)
    assert any("her: 3 of 4 games against unrated opponents" in n for n in report.notes)


def test_karl_mala_storkebaum_no_longer_ranks_first() -> None:
    """The issue's case on FIDE's TRF example: Storkebaum (start rank 141) lost her only
    rated game (to Vasquez, 2558) and scored 3 of 6 against unrated players; her 3 of 7 was
    set against 2558 alone, Perf 2508, ranked first. Now her R_p is 0 of 1: no finite
    handicap score, and she is not ranked."""
    from tests.conftest import shared_data

    event = read_event(shared_data("trf-real/fide_example1_karl_mala_2005.trf"))
    report = handicap_event(event, method="brasket")
    her = next(r for r in report.rows if r.player_id == "141")
    assert her.score == 3.0 and her.performance == float("-inf")
    assert her.handicap_score is None
    ranked = sorted(
        (r for r in report.rows if r.handicap_score is not None),
        key=lambda r: -(r.handicap_score or 0.0),
    )
    assert ranked[0].player_id != "141"
