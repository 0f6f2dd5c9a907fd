"""FIDE's 1986 calculation procedure (§4.4–§4.5) on events and rating periods."""

from __future__ import annotations

import itertools

import pytest

from arpad.config import with_options
from arpad.io import read_event
from arpad.model import Game, PlayerEntry, build_event
from arpad.systems import get_system
from arpad.systems.elo.expectancy import Expectancy
from arpad.systems.fide1986 import Fide1986Config, Fide1986State, rate_period
from tests.conftest import EXAMPLES

SYSTEM = get_system("fide1986")
T = Expectancy()


def _cfg(**options: str) -> Fide1986Config:
    return with_options(Fide1986Config(), options)


def _round_robin(players: list[PlayerEntry], score: dict[tuple[str, str], float]):
    """A single round robin; ``score[(a, b)]`` is a's result against b (default a draw)."""
    games = []
    for a, b in itertools.combinations([p.id for p in players], 2):
        s = score.get((a, b), 1.0 - score[(b, a)] if (b, a) in score else 0.5)
        games.append(Game(a, b, s))
    return build_event("rr", players, games)


# -- the book's two tournaments -----------------------------------------------------------------

BRAZIL_DELTA = {
    "german": 30,
    "trois": 37,
    "toth": 36,
    "van-riemsdyk": 2,
    "camara": -68,
    "chemin": -36,
}
BRAZIL_RP = {
    "german": 2424,
    "trois": 2399,
    "nobrega": 2399,
    "van-riemsdyk": 2350,
    "dos-santos": 2313,
    "camara": 2216,
    "chemin": 2119,
    "russowsky": 1978,
}


def test_brazil_1972_through_fide1986_L1079_L1104() -> None:
    # §4.53 with §3.35's numbers: 13 of 19 unrated (> 20 %) → R_a by (7) = 2216; changes by (15)
    # with N_o = 50 (the example's choice); a national championship (¶3.1, three rated men).
    event = read_event(EXAMPLES / "brazil-1972.json")
    cfg = _cfg(change="performance", N_o="50", national_championship="true")
    result = SYSTEM.rate_event(event, None, cfg)
    assert any("R_a = 2216" in n for n in result.notes)
    for pid, delta in BRAZIL_DELTA.items():
        assert result.player(pid).change == pytest.approx(delta, abs=0.5)
    for pid, r_p in BRAZIL_RP.items():
        assert result.player(pid).performance == r_p
    # §4.53: unrated with 50 % or more are entered at R_a; below 50 % at their R_p.
    assert result.player("nobrega").post == 2216
    assert result.player("tavares").post == 2216
    # Araujo (7/18) is entered at his R_p 2140, not above R_U = 2200: not published (§4.54).
    assert result.player("araujo").post is None
    assert "R_U" in result.player("araujo").notes[-1]


def test_brazil_is_not_rateable_as_an_ordinary_round_robin_L1710() -> None:
    # ¶3.1: "at least one-third of the players must be rated" — 6 of 19 are not.
    result = SYSTEM.rate_event(read_event(EXAMPLES / "brazil-1972.json"), None, Fide1986Config())
    assert all(p.change in (None, 0.0) for p in result.players)
    assert any("one third" in n for n in result.notes)


def test_wijk_aan_zee_by_formula_8_L1754() -> None:
    # §4.55: K(W − W_e) with W_e by (8), D_a = R_O − R_a (the printed "R_a − R_O" is a sign
    # misprint: Example 5 uses R − R_a). All 16 are over 2400: K = 10.
    event = read_event(EXAMPLES / "wijk-aan-zee-1975.json")
    result = SYSTEM.rate_event(event, None, Fide1986Config())
    portisch = result.player("portisch")
    assert portisch.k == 10
    assert portisch.expected == pytest.approx(9.74)
    assert portisch.post == pytest.approx(2635 + 10 * (10.5 - 9.74))
    assert portisch.performance == 2674  # Example 2
    langeweg = result.player("langeweg")
    assert langeweg.expected == pytest.approx(0.33 * 16 - 0.5)  # D_a = −124


# -- rateability and the unrated ---------------------------------------------------------------


def test_unrated_at_most_20_percent_are_entered_at_2200_L1746() -> None:
    # 10 players, 2 unrated (20 %): R_a counts them at R_U = 2200.
    players = [PlayerEntry(f"r{i}", rating=2300 + 10 * i, games=40) for i in range(8)]
    players += [PlayerEntry("u1"), PlayerEntry("u2")]
    event = _round_robin(players, {("u1", "r0"): 1.0, ("u1", "r1"): 1.0})
    result = SYSTEM.rate_event(event, None, Fide1986Config())
    r_a = round((sum(2300 + 10 * i for i in range(8)) + 2 * 2200) / 10)
    r0 = result.player("r0")
    assert r0.expected == pytest.approx(T.p(2300 - r_a) * 10 - 0.5)
    u1 = result.player("u1")
    assert u1.performance == r_a + round(T.d(5.5 / 9) * 9 / 10)


def test_over_20_percent_unrated_use_formula_7() -> None:
    players = [PlayerEntry(f"r{i}", rating=2300, games=40) for i in range(7)]
    players += [PlayerEntry(f"u{i}") for i in range(3)]
    event = _round_robin(players, {("r0", "u0"): 1.0, ("r0", "u1"): 1.0})
    result = SYSTEM.rate_event(event, None, Fide1986Config())
    assert any("(7)" in n for n in result.notes)


def test_woman_rated_under_2200_counts_as_2200_in_mixed_events_L1716() -> None:
    players = [PlayerEntry(f"m{i}", rating=2400, games=40, sex="m") for i in range(9)]
    players.append(PlayerEntry("w", rating=2000, games=40, sex="f"))
    event = _round_robin(players, {})
    result = SYSTEM.rate_event(event, None, Fide1986Config())
    r_a = round((9 * 2400 + 2200) / 10)
    assert result.player("m0").expected == pytest.approx(T.p(2400 - r_a) * 10 - 0.5)
    # Her own change is computed from her own rating.
    assert result.player("w").expected == pytest.approx(T.p(2000 - r_a) * 10 - 0.5)
    plain = SYSTEM.rate_event(event, None, _cfg(women_at_nominal="false"))
    assert plain.player("m0").expected != result.player("m0").expected


def test_unrated_women_in_a_womens_event_at_1900_L1744() -> None:
    players = [PlayerEntry(f"w{i}", rating=2000, games=40, sex="f") for i in range(9)]
    players.append(PlayerEntry("u", sex="f"))
    result = SYSTEM.rate_event(_round_robin(players, {}), None, Fide1986Config())
    r_a = round((9 * 2000 + 1900) / 10)
    assert result.player("w0").expected == pytest.approx(T.p(2000 - r_a) * 10 - 0.5)


def test_unrated_player_with_zero_score_is_disregarded_L1724() -> None:
    players = [PlayerEntry(f"r{i}", rating=2300, games=40) for i in range(9)] + [PlayerEntry("u")]
    event = _round_robin(players, {(f"r{i}", "u"): 1.0 for i in range(9)})
    result = SYSTEM.rate_event(event, None, Fide1986Config())
    assert result.player("r0").games == 8
    assert any("scored 0" in n for n in result.notes)


@pytest.mark.parametrize(
    ("rated", "unrated", "double", "rateable"),
    [
        (4, 5, False, True),  # fewer than ten: four rated suffice
        (3, 6, False, False),  # fewer than ten and three rated
        (4, 8, False, True),  # a third of twelve
        (4, 9, False, False),  # under a third of thirteen
        (4, 1, True, False),  # double round robin with unrated: six players needed
        (5, 1, True, True),
    ],
)
def test_rateable_round_robins_L1710(
    rated: int, unrated: int, double: bool, rateable: bool
) -> None:
    players = [PlayerEntry(f"r{i}", rating=2300, games=40) for i in range(rated)]
    players += [PlayerEntry(f"u{i}") for i in range(unrated)]
    ids = [p.id for p in players]
    games = [Game(a, b, 0.5) for a, b in itertools.combinations(ids, 2)]
    if double:
        games += [Game(b, a, 0.5) for a, b in itertools.combinations(ids, 2)]
    result = SYSTEM.rate_event(build_event("e", players, games), None, Fide1986Config())
    assert (not any("not rateable" in n for n in result.notes)) == rateable


def test_swiss_counts_only_games_against_rated_opponents_L1716() -> None:
    players = [PlayerEntry("a", rating=2300, games=40), PlayerEntry("u")]
    players += [PlayerEntry(f"r{i}", rating=2200, games=40) for i in range(5)]
    games = [Game("a", "u", 1.0)] + [Game("a", f"r{i}", 0.5) for i in range(4)]
    games += [Game("u", f"r{i}", 1.0) for i in range(4)]
    result = SYSTEM.rate_event(build_event("sw", players, games), None, Fide1986Config())
    a = result.player("a")
    assert a.games == 4
    assert a.expected == pytest.approx(4 * T.p(100))
    u = result.player("u")
    # The unrated player's five games are all against rated players: 4/5, R_p = R_c + D_p.
    assert (u.games, u.score) == (5, 4.0)
    assert u.performance == pytest.approx((2300 + 4 * 2200) / 5 + T.d(0.8))


def test_rated_player_needs_four_games_L1752() -> None:
    players = [PlayerEntry("a", rating=2300, games=40)] + [
        PlayerEntry(f"r{i}", rating=2200, games=40) for i in range(3)
    ]
    games = [Game("a", f"r{i}", 1.0) for i in range(3)]
    result = SYSTEM.rate_event(build_event("sw", players, games), None, _cfg(event_type="swiss"))
    assert result.player("a").post == 2300
    assert "fewer than 4" in result.player("a").notes[0]


def test_unrated_needs_four_rated_opponents_and_nine_games_L1716_L1750() -> None:
    rated = [PlayerEntry(f"r{i}", rating=2300, games=40) for i in range(12)]
    three = build_event(
        "a", [PlayerEntry("u"), *rated[:3]], [Game("u", f"r{i}", 0.5) for i in range(3)]
    )
    out = SYSTEM.rate_event(three, None, _cfg(event_type="swiss"))
    assert "4 needed" in out.player("u").notes[0]
    six = build_event(
        "b", [PlayerEntry("u"), *rated[:6]], [Game("u", f"r{i}", 0.5) for i in range(6)]
    )
    out = SYSTEM.rate_event(six, None, _cfg(event_type="swiss"))
    assert out.player("u").post is None
    assert "published from 9" in out.player("u").notes[-1]
    nine = build_event(
        "c",
        [PlayerEntry("u"), *rated[:9]],
        [Game("u", f"r{i}", 1.0 if i < 6 else 0.0) for i in range(9)],
    )
    out = SYSTEM.rate_event(nine, None, _cfg(event_type="swiss", unrated_method="performance"))
    assert out.player("u").post == pytest.approx(2300 + T.d(6 / 9))


def test_period_pools_short_events_of_an_unrated_player_L1752() -> None:
    rated = [
        PlayerEntry(f"r{i}", name=f"R{i}", fide_id=str(100 + i), rating=2300, games=40)
        for i in range(10)
    ]
    u = PlayerEntry("u", name="New Player", fide_id="999")
    e1 = build_event("e1", [u, *rated[:5]], [Game("u", f"r{i}", 1.0) for i in range(5)])
    e2 = build_event("e2", [u, *rated[5:]], [Game("u", f"r{i}", 0.5) for i in range(5, 10)])
    result = rate_period([e1, e2], {}, _cfg(unrated_method="performance"))
    line = next(ln for ln in result.lines if ln.key == "fide:999")
    assert line.games == 10
    assert line.new == pytest.approx(2300 + T.d(7.5 / 10))


# -- K and the rating period ---------------------------------------------------------------------


def _match(a: PlayerEntry, b: PlayerEntry, eid: str, score: float, games: int = 4):
    return build_event(eid, [a, b], [Game(a.id, b.id, score) for _ in range(games)])


def test_period_sums_changes_against_the_list_rating_L1754() -> None:
    # Both events are rated at the list rating 2390, not at the rating after the first.
    a = PlayerEntry("a", name="A", rating=2390, games=60)
    b = PlayerEntry("b", name="B", rating=2390, games=60)
    result = rate_period([_match(a, b, "e1", 1.0), _match(a, b, "e2", 1.0)], {}, Fide1986Config())
    line = next(ln for ln in result.lines if ln.key == "name:a")
    per_event = 15 * 4 * (1.0 - 0.5)  # K = 15: below 2400 until a *published* rating over it
    assert [c for _, c in line.changes] == [per_event, per_event]
    assert line.new == 2390 + 2 * per_event
    assert result.states["name:a"].reached_top  # the new list shows him over 2400: K = 10 next


def test_k_25_for_three_events_or_thirty_games_through_a_period_L1760() -> None:
    a = PlayerEntry("a", name="A", rating=2200, games=0, events=0)
    b = PlayerEntry("b", name="B", rating=2200, games=100)
    events = [_match(a, b, f"e{i}", 0.5) for i in range(4)]
    for ends, ks in (("last", [25, 25, 25, 25]), ("first", [25, 25, 25, 15])):
        result = rate_period(events, {}, _cfg(k25_ends=ends))
        got = [r.player("a").k for r in result.events]
        assert got == ks, ends


def test_unrated_with_nominal_value_as_r_o_L1756() -> None:
    rated = [PlayerEntry(f"r{i}", rating=2300, games=40) for i in range(9)]
    e = build_event("e", [PlayerEntry("u"), *rated], [Game("u", f"r{i}", 1.0) for i in range(9)])
    out = SYSTEM.rate_event(e, None, _cfg(event_type="swiss", unrated_method="nominal"))
    expected = 9 * T.p(2200 - 2300)
    assert out.player("u").post == pytest.approx(2200 + 25 * (9 - expected))


def test_change_by_formula_15_pairs_n_o_with_k() -> None:
    # (15) with N_o from (19): K = 10 ↔ N_o = 80.
    a = PlayerEntry("a", rating=2500, games=60)
    rated = [PlayerEntry(f"r{i}", rating=2500, games=60) for i in range(4)]
    e = build_event("e", [a, *rated], [Game("a", f"r{i}", 1.0 if i < 3 else 0.0) for i in range(4)])
    out = SYSTEM.rate_event(e, None, _cfg(change="performance", event_type="swiss"))
    assert out.player("a").change == pytest.approx((2500 + T.d(0.75) - 2500) * 4 / 80)


def test_states_are_json_friendly_and_advance() -> None:
    a = PlayerEntry("a", rating=2300, games=10, events=1)
    b = PlayerEntry("b", rating=2300, games=100)
    result = SYSTEM.rate_event(_match(a, b, "m", 1.0), None, Fide1986Config())
    state = result.states["a"]
    assert isinstance(state, Fide1986State)
    assert (state.games, state.events) == (14, 2)


def test_rating_lists_and_their_closing_dates_L1736() -> None:
    import datetime as dt

    from arpad.systems.fide1986.rules import rating_list_for

    july = rating_list_for(dt.date(1986, 5, 31))
    assert (july.name, july.closing, july.effective_from, july.effective_to) == (
        "July 1986",
        dt.date(1986, 6, 1),
        dt.date(1986, 7, 1),
        dt.date(1986, 12, 31),
    )
    assert rating_list_for(dt.date(1986, 6, 1)).name == "January 1987"
    assert rating_list_for(dt.date(1986, 11, 30)).effective_to == dt.date(1987, 6, 30)
    assert rating_list_for(dt.date(1986, 12, 1)).name == "July 1987"


def test_rated_but_not_listed_below_2200_L1736() -> None:
    a = PlayerEntry("a", name="A", rating=2210, games=60)
    b = PlayerEntry("b", name="B", rating=2190, games=60)
    w = PlayerEntry("w", name="W", rating=2000, games=60, sex="f")
    players = [
        a,
        b,
        w,
        *[PlayerEntry(f"x{i}", name=f"X{i}", rating=2200, games=60) for i in range(3)],
    ]
    ids = [p.id for p in players]
    games = [Game(x, y, 0.5) for i, x in enumerate(ids) for y in ids[i + 1 :]]
    result = rate_period([build_event("e", players, games)], {}, Fide1986Config())
    listed = {ln.name: ln.listed for ln in result.lines}
    assert listed["A"] and not listed["B"] and listed["W"]
