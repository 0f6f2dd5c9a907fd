"""FIDE Title Regulations B.01 as applied from 1 January 2024, article by article.

Each test builds the smallest event that the article's text decides (thresholds from the
text: handbook.fide.com/chapter/B012024), and checks the verdict and the article named as
deciding it. Events: tests/titles/fide2024_events.py (a candidate against listed
opponents, 2025)."""

from __future__ import annotations

from typing import Any

import pytest

from arpad.model import Unplayed
from arpad.titles import NormResult, NormStatus, fact_values, norm_report
from arpad.titles.fide2024.games import player_games
from arpad.titles.fide2024.norm import Rules, candidate_sets
from arpad.titles.fide2024.performance import (
    counted_ratings,
    difference,
    percentage,
    points_required,
    rating_average,
)
from arpad.titles.fide2024.rules import Article, Title
from tests.titles.fide2024_events import Opp, mixed, star_event


def verdict(event: Any, title: str, **options: str) -> NormResult:
    """The candidate's result for ``title`` (every title listed: show_all)."""
    report = norm_report(event, "fide", {"show_all": "true", **options})
    (r,) = [r for r in report.results if r.player_id == "c" and r.title == title]
    return r


def decided(r: NormResult) -> Any:
    return fact_values(r.facts)["decided by"]


# -- 1.4.1 number of games -------------------------------------------------------------


def test_1_4_1a_eight_games_are_too_few() -> None:
    r = verdict(star_event(mixed(8, 2450, 1.0)), "IM")
    assert r.status is NormStatus.NOT_EARNED and decided(r) is Article.GAMES


def test_1_4_1a_nine_games_suffice() -> None:
    r = verdict(star_event(mixed(9, 2450, 0.5)), "IM")
    assert r.status is NormStatus.PROVISIONAL and decided(r) is Article.PERFORMANCE


def test_1_4_1b_seven_games_in_a_team_championship() -> None:
    event = star_event(mixed(7, 2450, 0.5))
    assert decided(verdict(event, "IM")) is Article.GAMES
    r = verdict(event, "IM", minimum_games="7")
    assert r.status is NormStatus.PROVISIONAL


def test_1_4_1c_eight_games_and_a_forfeit_win_in_nine_rounds_count_as_nine() -> None:
    event = star_event(mixed(8, 2450, 0.5), unplayed=[(5, Unplayed.FORFEIT_WIN)])
    r = verdict(event, "IM")
    assert r.games == 8 and r.status is NormStatus.PROVISIONAL
    assert fact_values(r.facts)["counted games"] == 9


def test_1_4_1c_not_in_ten_rounds() -> None:
    event = star_event(
        mixed(8, 2450, 0.5), unplayed=[(5, Unplayed.FORFEIT_WIN), (6, Unplayed.FORFEIT_LOSS)]
    )
    assert decided(verdict(event, "IM")) is Article.GAMES


def test_1_4_1d_each_full_point_above_the_requirement_is_one_more_game() -> None:
    # 9 games against 2450: 4½ needed for 2450; 6½ is two full points above: 11 games.
    opps = mixed(9, 2450, 0.5)
    opps[:4] = [
        Opp(2450, t, f, 1.0)
        for t, f in (("GM", "GER"), ("IM", "FRA"), ("GM", "ESP"), ("IM", "GER"))
    ]
    r = verdict(star_event(opps), "IM")
    assert (r.score, r.required) == (6.5, 4.5)
    assert fact_values(r.facts)["counted games"] == 11


def test_1_7_a_norm_counts_at_most_thirteen_games() -> None:
    r = verdict(star_event(mixed(13, 2450, 1.0)), "IM")
    assert r.games == 13 and fact_values(r.facts)["counted games"] == 13


def test_1_4_1e_later_rounds_may_be_ignored_in_a_swiss() -> None:
    # 5½ of 9 against 2400 (61 %: Rp 2480), then two losses (5½ of 11: Rp 2400): the
    # norm stands on the first nine rounds.
    opps = [*mixed(9, 2400, 0.5), Opp(2400, "GM", "FRA", 0.0), Opp(2400, "IM", "ESP", 0.0)]
    opps[0], opps[1] = Opp(2400, "GM", "GER", 1.0), Opp(2400, "IM", "FRA", 1.0)
    r = verdict(star_event(opps), "IM")
    assert r.status is NormStatus.PROVISIONAL and (r.games, r.score) == (9, 5.5)
    assert fact_values(r.facts)["dropped rounds"] == (10.0, 11.0)


def test_1_4_1f_a_win_against_a_weak_opponent_may_be_ignored() -> None:
    # A win against a 1600 (raised to 2050) and 4½ of 9 against 2450: all ten give Ra 2410
    # and 55 % (Rp 2446, no norm); without that win, Ra 2450 and 50 %: Rp 2450.
    opps = [Opp(1600, None, "GER", 1.0), *mixed(9, 2450, 0.5)]
    r = verdict(star_event(opps), "IM")
    assert r.status is NormStatus.PROVISIONAL and r.games == 9
    assert fact_values(r.facts)["dropped rounds"] == (1.0,)
    assert fact_values(r.facts)["Rp"] == 2450


def test_1_4_1e_does_not_apply_with_predetermined_pairings() -> None:
    """With predetermined pairings "the norm must use all scheduled rounds": only won games
    may be left out (1.4.1f), never the last rounds."""
    games = star_event([*mixed(9, 2400, 0.5), Opp(2400, "GM", "FRA", 1.0)]).games
    counted = player_games(
        star_event([*mixed(9, 2400, 0.5), Opp(2400, "GM", "FRA", 1.0)]), "c", (), ()
    ).games
    assert len(games) == 10
    swiss = [len(kept) for kept, _ in candidate_sets(counted, Rules())]
    fixed = [
        [g.round for g in dropped]
        for _, dropped in candidate_sets(counted, Rules(predetermined=True))
    ]
    assert 9 in swiss  # the first nine rounds
    assert fixed == [[], [10]]  # the whole event, or without the one win


# -- 1.4.2 games not included -----------------------------------------------------------


def test_1_4_2a_games_against_non_fide_federations_are_not_included() -> None:
    opps = mixed(9, 2450, 0.5)
    opps[0] = Opp(2450, "GM", "NON", 0.5)
    r = verdict(star_event(opps), "IM")
    assert r.games == 8 and decided(r) is Article.GAMES


def test_1_4_2b_unrated_scoring_zero_in_a_round_robin_is_left_out() -> None:
    from tests.titles.test_constructed_events import round_robin_with_scoreless_unrated

    report = norm_report(round_robin_with_scoreless_unrated(), "fide", {"show_all": "true"})
    (r, *_) = [r for r in report.results if r.player_id == "p0"]
    assert r.games == 9  # ten opponents, the scoreless unrated one left out
    assert any("1.4.2b" in n for n in report.notes)


def test_1_4_2c_forfeits_are_no_games() -> None:
    event = star_event(
        mixed(8, 2450, 1.0), unplayed=[(9, Unplayed.FORFEIT_WIN), (10, Unplayed.FORFEIT_WIN)]
    )
    r = verdict(event, "IM")
    assert r.games == 8 and decided(r) is Article.GAMES


# -- 1.4.3 and 1.4.4 federations ---------------------------------------------------------


def test_1_4_3_one_foreign_federation_is_not_enough() -> None:
    r = verdict(star_event(mixed(9, 2450, 0.5, feds=("GER", "NOR"))), "IM")
    assert decided(r) is Article.FEDERATIONS and r.status is NormStatus.NOT_EARNED


def test_1_4_3_two_foreign_federations_suffice() -> None:
    r = verdict(star_event(mixed(9, 2450, 0.5, feds=("GER", "FRA", "NOR"))), "IM")
    assert r.status is NormStatus.PROVISIONAL


def test_1_4_3a_to_d_exempt_events_waive_1_4_3_and_1_4_4() -> None:
    event = star_event(mixed(9, 2450, 0.5, feds=("NOR",)))
    assert decided(verdict(event, "IM")) is Article.FEDERATIONS
    for exemption in (
        "national-championship",
        "national-team-championship",
        "zonal",
        "large-swiss",
    ):
        assert verdict(event, "IM", exemption=exemption).status is NormStatus.PROVISIONAL


def test_1_4_3_unknown_federation_leaves_the_norm_provisional() -> None:
    r = verdict(star_event(mixed(9, 2450, 0.5), federation=None), "IM")
    assert r.status is NormStatus.PROVISIONAL
    assert (
        Article.FEDERATION_SHARE.value in r.provisional_on
        or Article.FEDERATIONS.value in r.provisional_on
    )


def test_1_4_4_at_most_three_fifths_from_the_own_federation() -> None:
    # 9 opponents: 3/5 of 9 = 5.4, rounded down: 5 may be Norwegian, not 6.
    five = verdict(
        star_event(
            mixed(
                9, 2450, 0.5, feds=("NOR", "GER", "NOR", "FRA", "NOR", "ESP", "NOR", "GER", "NOR")
            )
        ),
        "IM",
    )
    six = verdict(
        star_event(
            mixed(
                9, 2450, 0.5, feds=("NOR", "GER", "NOR", "FRA", "NOR", "NOR", "NOR", "GER", "NOR")
            )
        ),
        "IM",
    )
    assert five.status is NormStatus.PROVISIONAL
    assert decided(six) is Article.FEDERATION_SHARE


def test_1_4_4_at_most_two_thirds_from_one_federation() -> None:
    # 2/3 of 9 = 6: seven Germans are too many.
    feds = ("GER",) * 7 + ("FRA", "ESP")
    r = verdict(
        star_event([Opp(2450, "GM" if i % 2 else "IM", f, 0.5) for i, f in enumerate(feds)]), "IM"
    )
    assert decided(r) is Article.FEDERATION_SHARE


# -- 1.4.5 titleholders -------------------------------------------------------------------


def test_1_4_5a_half_the_opponents_titleholders_cm_not_counted() -> None:
    titles = ["GM", "IM", "IM", "FM", "CM", "WCM", None, None, None]  # 4 of 9 < 5
    r = verdict(
        star_event(
            [Opp(2450, t, f, 0.5) for t, f in zip(titles, ("GER", "FRA", "ESP") * 3, strict=True)]
        ),
        "IM",
    )
    assert decided(r) is Article.TITLEHOLDERS
    titles[4] = "WFM"  # 5 of 9
    r = verdict(
        star_event(
            [Opp(2450, t, f, 0.5) for t, f in zip(titles, ("GER", "FRA", "ESP") * 3, strict=True)]
        ),
        "IM",
    )
    assert r.status is NormStatus.PROVISIONAL


def test_1_4_5b_a_gm_norm_needs_three_gms() -> None:
    titles = ["GM", "GM", "IM", "IM", "IM", "IM", "IM", "IM", "IM"]
    r = verdict(
        star_event(
            [Opp(2600, t, f, 0.5) for t, f in zip(titles, ("GER", "FRA", "ESP") * 3, strict=True)]
        ),
        "GM",
    )
    assert decided(r) is Article.REQUIRED_TITLES
    titles[2] = "GM"
    r = verdict(
        star_event(
            [Opp(2600, t, f, 0.5) for t, f in zip(titles, ("GER", "FRA", "ESP") * 3, strict=True)]
        ),
        "GM",
    )
    assert r.status is NormStatus.PROVISIONAL


def test_1_4_5c_a_third_of_thirteen_is_five() -> None:
    # IMs only in the last four rounds, so no shorter run of rounds helps (1.4.1e).
    titles = ["FM"] * 9 + ["IM"] * 4
    r = verdict(
        star_event(
            [
                Opp(2450, t, f, 0.5)
                for t, f in zip(titles, ("GER", "FRA", "ESP", "ITA") * 4, strict=False)
            ]
        ),
        "IM",
    )
    assert decided(r) is Article.REQUIRED_TITLES


# -- 1.4.6 and 1.4.7 ratings of the opponents --------------------------------------------


def test_1_4_6d_unrated_count_1400_and_1_4_6bc_only_the_lowest_is_raised() -> None:
    counted = counted_ratings([2400.0, None, None, 1900.0], Title.IM)
    assert counted.values == (2400.0, 2050, 1400, 1900.0)
    assert counted.raised == 1 and counted.raised_from == 1400


@pytest.mark.parametrize(
    ("title", "floor"), [(Title.GM, 2200), (Title.IM, 2050), (Title.WGM, 2000), (Title.WIM, 1850)]
)
def test_1_4_6b_the_adjusted_rating_floors(title: Title, floor: int) -> None:
    assert counted_ratings([1000.0, 2500.0], title).values == (floor, 2500.0)
    assert counted_ratings([floor + 1.0, 2500.0], title).raised is None


def test_1_4_7b_average_rounded_half_up() -> None:
    assert rating_average([2400, 2401]) == 2401  # 2400.5
    assert rating_average([2400, 2400, 2401]) == 2400  # 2400.33


# -- 1.4.8 and 1.4.9 performance -----------------------------------------------------------


def test_1_4_9_table_values_as_printed() -> None:
    printed = {100: 800, 99: 677, 83: 273, 67: 125, 50: 0, 35: -110, 17: -273, 1: -677, 0: -800}
    assert {p: difference(p) for p in printed} == printed


def test_1_4_9_percentages_rounded_half_up() -> None:
    assert percentage(6, 9) == 67 and percentage(1, 8) == 13  # 12.5 % → 13
    assert percentage(4.5, 9) == 50


def test_1_4_8_rp_at_the_minimum_level() -> None:
    # Ra 2450 and 50 %: Rp 2450 ≥ 2449.5, an IM performance; 2449 and 50 % is not.
    assert verdict(star_event(mixed(9, 2450, 0.5)), "IM").status is NormStatus.PROVISIONAL
    r = verdict(star_event(mixed(9, 2449, 0.5)), "IM")
    assert decided(r) is Article.PERFORMANCE and fact_values(r.facts)["Rp"] == 2449


def test_1_4_8a_minimum_average() -> None:
    # 8½ of 9 against 2229: Rp far above 2450, but Ra below 2230.
    opps = mixed(9, 2229, 1.0)
    opps[0] = Opp(2229, "GM", "GER", 0.5)
    r = verdict(star_event(opps), "IM")
    assert decided(r) is Article.AVERAGE and r.required is None
    assert points_required(2229, 9, Title.IM) is None


def test_1_4_8b_minimum_score_35_percent() -> None:
    # Against 2900, 3 of 9 (33 %) gives Rp 2900 − 125 but is below 35 %.
    opps = [
        Opp(2900, t, f, 1.0 if i < 3 else 0.0)
        for i, (t, f) in enumerate(zip(["GM"] * 9, ("GER", "FRA", "ESP") * 3, strict=True))
    ]
    r = verdict(star_event(opps), "GM")
    assert decided(r) is Article.MINIMUM_SCORE


def test_required_points_are_the_fewest_that_meet_1_4_8() -> None:
    assert points_required(2266, 9, Title.IM) == 7.0  # 6½ gives 72 %: 2266 + 166 = 2432
    assert points_required(2450, 9, Title.IM) == 4.5


def test_womens_titles_only_for_women() -> None:
    report = norm_report(star_event(mixed(9, 2300, 0.5)), "fide", {"show_all": "true"})
    assert {r.title for r in report.results if r.player_id == "c"} == {"GM", "IM"}


def large_open(foreign: int = 24, missing_rounds: int = 0) -> Any:
    """The candidate meets nine Norwegians at 2450 (4½ of 9) in a Norwegian open where
    ``foreign`` rated players of GER, FRA, ESP (half of them IMs) play each other every
    round (the first ``missing_rounds`` rounds none of them plays)."""
    from arpad.model import Event, Game, PlayerEntry

    base = star_event(mixed(9, 2450, 0.5, feds=("NOR",)))
    players = list(base.players)
    games = list(base.games)
    ids = [f"f{i}" for i in range(foreign)]
    for i, pid in enumerate(ids):
        fed = ("GER", "FRA", "ESP")[i % 3]
        players.append(
            PlayerEntry(
                pid, pid, rating=2300.0, games=40, federation=fed, title="IM" if i % 2 else None
            )
        )
    for r in range(1 + missing_rounds, 10):
        for a, b in zip(ids[::2], ids[1::2], strict=True):
            games.append(Game(a, b, 0.5, r))
    return Event("open", tuple(players), tuple(games), name="Open", start_date=base.start_date)


def test_1_4_3d_a_large_swiss_found_in_the_file_with_the_host_given() -> None:
    event = large_open()
    assert decided(verdict(event, "IM")) is Article.FEDERATIONS
    r = verdict(event, "IM", host="NOR")
    assert r.status is NormStatus.PROVISIONAL
    report = norm_report(event, "fide", {"host": "NOR"})
    assert fact_values(report.facts)["exemption"] == "large-swiss (1.4.3d, found in the file)"


def test_1_4_3d_needs_twenty_foreigners_in_every_round() -> None:
    assert decided(verdict(large_open(foreign=18), "IM", host="NOR")) is Article.FEDERATIONS
    # Players who miss two rounds do not count.
    assert decided(verdict(large_open(missing_rounds=2), "IM", host="NOR")) is Article.FEDERATIONS
