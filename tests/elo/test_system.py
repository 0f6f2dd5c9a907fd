"""The ``elo`` rating system: new and provisional players, K rules, invariants."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.config import with_options
from arpad.errors import ConfigError
from arpad.model import Game, PlayerEntry, build_event
from arpad.systems import get_system
from arpad.systems.elo import EloConfig, EloState
from arpad.systems.elo.expectancy import Expectancy
from arpad.systems.elo.system import list_entry

SYSTEM = get_system("elo")
T = Expectancy()


def _cfg(**options: str) -> EloConfig:
    return with_options(EloConfig(), options)


def _event(players: list[PlayerEntry], results: list[tuple[str, str, float]]):
    return build_event("e", players, [Game(a, b, s) for a, b, s in results])


def test_registered_as_elo() -> None:
    assert SYSTEM.name == "elo"
    assert isinstance(SYSTEM.default_config(), EloConfig)


def test_new_player_rated_first_and_used_for_the_others_L1237() -> None:
    # §3.71: the new player's R_p is computed first and then used as his rating when the
    # others are rated. He scores 3.5/4 against 2000-rated players → a high R_p; had the
    # others been rated against nothing, those games would not count.
    players = [PlayerEntry(f"r{i}", rating=2000, games=50) for i in range(4)] + [PlayerEntry("u")]
    results = [("u", f"r{i}", 1.0) for i in range(3)] + [("u", "r3", 0.5)]
    result = SYSTEM.rate_event(_event(players, results), None, EloConfig())
    u = result.player("u")
    # P = .875 lies between two rows: D_p = Φ⁻¹(.875)·282.84 = 325.4 → 325 (D-elo-2); F for
    # N = 4 reads the N = 5 row, between the 300 (.64) and 350 (.57) columns: .605.
    assert T.d(3.5 / 4) == 325
    assert u.performance == pytest.approx(2000 + 325 * 0.605)
    assert u.post == u.performance and u.pre is None and u.method == "performance"
    r0 = result.player("r0")
    assert u.performance is not None
    assert r0.expected == pytest.approx(T.p(2000 - u.performance))
    assert r0.post == pytest.approx(2000 + 10 * (0 - T.p(2000 - u.performance)))
    # Without §3.71 the game against the unrated player is not rated at all.
    skipped = SYSTEM.rate_event(_event(players, results), None, _cfg(new_players_first="false"))
    assert skipped.player("r0").games == 0
    assert skipped.player("r0").post == 2000


def test_unrated_perfect_score_has_no_rating_L354() -> None:
    players = [PlayerEntry("r", rating=2000, games=50), PlayerEntry("u")]
    result = SYSTEM.rate_event(_event(players, [("u", "r", 1.0)]), None, EloConfig())
    assert result.player("u").post is None
    assert "indeterminate" in result.player("u").notes[0]


def test_second_cycle_uses_games_between_new_players_L400() -> None:
    players = [PlayerEntry("r", rating=2000, games=50), PlayerEntry("u1"), PlayerEntry("u2")]
    results = [
        ("u1", "r", 1.0),
        ("r", "u1", 0.5),
        ("u2", "r", 0.5),
        ("r", "u2", 0.5),
        ("u1", "u2", 1.0),
    ]
    one = SYSTEM.rate_event(_event(players, results), None, _cfg(second_cycle="false"))
    two = SYSTEM.rate_event(_event(players, results), None, EloConfig())
    assert one.player("u1").games == 2
    assert two.player("u1").games == 3
    assert two.player("u1").performance != one.player("u1").performance


def test_provisional_player_is_averaged_by_games_and_marked_L846() -> None:
    # A rated player with 10 games (< 30) is provisional: R_t becomes the games-weighted mean
    # of R_o and the event's R_p (with F), and lists with an asterisk.
    players = [PlayerEntry("p", rating=1800, games=10)] + [
        PlayerEntry(f"r{i}", rating=1900, games=60) for i in range(4)
    ]
    results = [("p", f"r{i}", s) for i, s in enumerate((1.0, 1.0, 0.5, 0.0))]
    result = SYSTEM.rate_event(_event(players, results), None, EloConfig())
    p = result.player("p")
    from arpad.booktables import small_sample_factor

    d_p = T.d(2.5 / 4)  # .625 between two rows: the continuous inverse, 90
    perf = 1900 + d_p * small_sample_factor(4, d_p)
    assert p.method == "provisional"
    assert p.post == pytest.approx((1800 * 10 + perf * 4) / 14)
    state = result.states["p"]
    assert state.games == 14
    entry = list_entry(state, EloConfig())
    assert entry.mark == "*" and not entry.established
    assert list_entry(EloState(2000, 30), EloConfig()).mark == ""


@pytest.mark.parametrize(
    ("options", "state", "k"),
    [
        ({}, EloState(2000, 100), 10),
        ({"K": "24"}, EloState(2000, 100), 24),
        ({"k_rule": "uscf"}, EloState(2000, 100), 32),
        ({"k_rule": "games"}, EloState(2000, 50), 16),  # (19) K = 800/50
        ({"k_rule": "games"}, EloState(2000, 2), 200),  # N_o is at least N = 4
        ({"k_rule": "games", "N_o": "25"}, EloState(2000, 50), 32),
        ({"k_rule": "precision", "N_o": "30"}, EloState(2000, 50), 800 / ((30 * 4) ** 0.5 + 4)),
        ({"k_rule": "fide1986"}, EloState(2000, 30, 3), 15),
        ({"k_rule": "fide1986"}, EloState(2000, 12, 5), 25),
        ({"k_rule": "fide1986", "fide_k_ends": "first"}, EloState(2000, 12, 5), 15),
        ({"k_rule": "fide1986"}, EloState(2300, 40, 6, peak=2410), 10),
    ],
)
def test_k_rules_as_configuration(options: dict[str, str], state: EloState, k: float) -> None:
    players = [PlayerEntry("a", rating=state.rating, games=state.games)] + [
        PlayerEntry(f"o{i}", rating=2000, games=100) for i in range(4)
    ]
    event = _event(players, [("a", f"o{i}", 1.0) for i in range(4)])
    cfg = _cfg(established_games="1", **options)
    result = SYSTEM.rate_event(event, {"a": state}, cfg)
    assert result.player("a").k == pytest.approx(k)


def test_bad_configuration_is_refused_at_construction() -> None:
    with pytest.raises(ConfigError, match="no table"):
        _cfg(curve="linear")
    with pytest.raises(ConfigError):
        _cfg(K="-1")
    with pytest.raises(ConfigError):
        _cfg(k_rule="sometimes")
    assert _cfg(curve="linear", mode="continuous").curve == "linear"


ratings = st.integers(min_value=1800, max_value=2700)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(ratings, min_size=3, max_size=6),
    st.data(),
    st.sampled_from(["table", "continuous"]),
)
def test_zero_sum_for_established_players_with_equal_k(
    rs: list[int], data: st.DataObject, mode: str
) -> None:
    # (2) with (3) and one K for everyone exchanges points without creating any (§8.75):
    # P(D) + P(−D) = 1 in both modes.
    players = [PlayerEntry(f"p{i}", rating=r, games=100) for i, r in enumerate(rs)]
    games = [
        Game(f"p{i}", f"p{j}", data.draw(st.sampled_from([0.0, 0.5, 1.0])))
        for i in range(len(rs))
        for j in range(i + 1, len(rs))
    ]
    result = SYSTEM.rate_event(build_event("e", players, games), None, _cfg(mode=mode))
    assert sum(p.change or 0.0 for p in result.players) == pytest.approx(0.0, abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(ratings, ratings, st.sampled_from(["table", "continuous"]))
def test_a_win_is_never_worse_than_a_draw_or_a_loss(a: int, b: int, mode: str) -> None:
    players = [PlayerEntry("a", rating=a, games=100), PlayerEntry("b", rating=b, games=100)]
    posts = [
        SYSTEM.rate_event(_event(players, [("a", "b", s)]), None, _cfg(mode=mode)).player("a").post
        for s in (0.0, 0.5, 1.0)
    ]
    assert posts[0] < posts[1] < posts[2]  # type: ignore[operator]


def test_round_robin_formulas_in_a_double_round_robin_L416_L434() -> None:
    # (8) W_e = k(P_{D_a} M − ½) and (6) R_p = R_a + D_p (M − 1)/M in a double round robin
    # of rated players, R_a their average rounded as the book prints 2534 (§1.72–§1.74).
    ratings = {"a": 2405.0, "b": 2350.5, "c": 2300.0, "d": 2212.0}
    players = [PlayerEntry(p, rating=r, games=60) for p, r in ratings.items()]
    scores = {("a", "b"): 1.0, ("a", "c"): 0.5, ("a", "d"): 1.0}
    scores |= {("b", "c"): 0.0, ("b", "d"): 0.5, ("c", "d"): 1.0}
    results = [(w, b, s) for (w, b), s in scores.items()] * 2
    config = _cfg(expected="round-robin", performance="round-robin")
    rated = SYSTEM.rate_event(_event(players, results), None, config)
    r_a = round(sum(ratings.values()) / 4)  # 2316.875 → 2317
    assert rated.notes == ()
    for pid, rating in ratings.items():
        p = rated.player(pid)
        assert p.expected == pytest.approx(2 * (T.p(rating - r_a) * 4 - 0.5))
        assert p.performance == pytest.approx(r_a + T.d(p.score / 6) * 3 / 4)
        assert p.post == pytest.approx(rating + 10 * (p.score - 2 * (T.p(rating - r_a) * 4 - 0.5)))
    # A Swiss is no round robin: (3) and (1), with the event's note.
    swiss = SYSTEM.rate_event(_event(players, results[:2]), None, config)
    assert swiss.notes and "complete round robin" in swiss.notes[0]
    assert swiss.player("a").expected == pytest.approx(T.p(2405 - 2350.5) + T.p(2405 - 2300))


def test_fide_1986_k_by_events_games_and_peak_L1760() -> None:
    # §4.56: 25 for three events or 30 games, then 15, then 10 after a rating over 2400.
    config = _cfg(k_rule="fide1986")
    players = [
        PlayerEntry("new", rating=2000, games=40, events=2),
        PlayerEntry("mid", rating=2000, games=40, events=3),
        PlayerEntry("top", rating=2380, games=90, events=9, peak=2410),
        PlayerEntry("old", rating=2380, games=90, peak=2400),
    ]
    results = [("new", "mid", 0.5), ("top", "old", 1.0)]
    rated = SYSTEM.rate_event(_event(players, results), None, config)
    assert [rated.player(p).k for p in ("new", "mid", "top", "old")] == [25.0, 15.0, 10.0, 15.0]


def test_exact_performance_in_the_continuous_normal_curve_L356() -> None:
    # §1.55: the exact R_p makes Σ P(R_p − R_i) equal to the score; the normal curve by
    # erfc (continuous mode), the same bits as the season loop.
    from arpad.systems.elo.expectancy import Mode

    x = Expectancy(mode=Mode.CONTINUOUS)
    players = [PlayerEntry("u")] + [PlayerEntry(f"r{i}", rating=1900 + 50 * i) for i in range(4)]
    results = [("u", "r0", 1.0), ("u", "r1", 0.5), ("u", "r2", 1.0), ("u", "r3", 0.0)]
    config = _cfg(performance="exact", mode="continuous")
    u = SYSTEM.rate_event(_event(players, results), None, config).player("u")
    assert u.performance is not None
    assert sum(x.p(u.performance - (1900 + 50 * i)) for i in range(4)) == pytest.approx(2.5)
