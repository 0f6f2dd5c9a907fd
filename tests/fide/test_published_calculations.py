"""Every case of ``../shared/data/fide-current-calculations`` (FIDE's own published
calculations and calculator answers, read 2026-10-09) as a named test of ``--system fide``.

Cases that cannot be reproduced from the lists say why (xfail with the reason): FIDE's
hand-made base corrections (F-P04 and the F-M periods marked ``ro_differs_from_list_in_force``)
and two periods one point off with no visible correction (F-M09, F-M18).
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace
from typing import Any

import pytest

from arpad.model import Event, Game, PlayerEntry
from arpad.systems.fide import FideConfig, FideState, Rounding
from arpad.systems.fide.rules import (
    RatingType,
    capped_difference,
    dp,
    expectancy,
    initial_rating_2022,
    initial_rating_2024,
    month_of,
    round_change,
)
from arpad.systems.fide.system import (
    period_k,
    publish,
    rate_event,
    rate_period,
    state_from_entry,
)
from tests.conftest import shared_data

FOLDER = "fide-current-calculations"


def _cases(name: str) -> list[dict[str, Any]]:
    path = shared_data(f"{FOLDER}/{name}")
    cases: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cases"]
    return cases


def _ids(name: str) -> list[str]:
    from tests.conftest import DATA

    path = DATA / FOLDER / name
    if not path.exists():
        return ["absent"]
    return [c["id"] for c in json.loads(path.read_text(encoding="utf-8"))["cases"]]


def _case(name: str, case_id: str) -> dict[str, Any]:
    for c in _cases(name):
        if c["id"] == case_id:
            return c
    pytest.skip(f"{case_id} not in {name}")


def _day(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


def _previous(month: str) -> str:
    y, m = int(month[:4]), int(month[5:7])
    return f"{y - (m == 1):04d}-{(m - 2) % 12 + 1:02d}"


# -- calculator: table 8.1.2 rows and the 400-point rule ------------------------------------

CALC = "calculator_rating_change.json"


@pytest.mark.parametrize("case_id", _ids(CALC))
def test_rating_change_calculator(case_id: str) -> None:
    """F-C01–F-C24: FIDE's calculator = K × (W − PD) with a plain 400-point cap for everyone
    (its bug for 2650+); the current rules exempt a player rated 2650+ (§8.3.1, 1 Oct 2025)."""
    case = _case(CALC, case_id)
    inp = case["inputs"]
    own, opp, w, k = inp["own_rating"], inp["opponent_rating"], inp["score"], inp["K"]
    cfg = FideConfig()
    d_calc, _ = capped_difference(own, opp, cfg, exempt=False)
    assert round(k * (w - expectancy(d_calc)), 2) == pytest.approx(case["calculator_change"])
    d_now, _ = capped_difference(own, opp, cfg, exempt=own >= cfg.cap_exempt_from)
    assert round(k * (w - expectancy(d_now)), 2) == pytest.approx(case["current_rules_change"])


# -- calculator and published first ratings --------------------------------------------------

INIT = "calculator_initial_rating.json"


@pytest.mark.parametrize("case_id", _ids(INIT))
def test_initial_rating_calculator(case_id: str) -> None:
    """F-I01–F-I08: the calculator applies the 2022 rule; the 2024 rule gives ``rule_2024``."""
    case = _case(INIT, case_id)
    rc, w, n = case["inputs"]["Rc"], case["inputs"]["W"], case["inputs"]["N"]
    cfg = FideConfig()
    old = initial_rating_2022(rc * n, w, n, cfg)
    assert old.rating == case["calculator_initial_rating"] == case["rule_2022_initial_rating"]
    new = initial_rating_2024(rc * n, w, n, cfg)
    expected = case["rule_2024"]
    assert f"{new.average:.2f}" == expected["Ra"]
    assert f"{new.p:.4f}" == expected["p"]
    assert new.dp == expected["dp"]
    assert new.rating == expected["Ru"]
    assert (new.rating >= cfg.floor) is expected["published"]


def _single_player_event(
    event_id: str,
    start: str,
    end: str,
    own: float | None,
    games: list[tuple[float, float]],
    birth_year: int | None = None,
) -> Event:
    """The player ``me`` against one opponent per game (opponent rating, own score)."""
    players = [
        PlayerEntry(
            "me",
            rating=own,
            birth_date=None if birth_year is None else dt.date(birth_year, 1, 1),
        )
    ]
    played = []
    for i, (rating, score) in enumerate(games, start=1):
        players.append(PlayerEntry(f"o{i}", rating=rating))
        played.append(Game("me", f"o{i}", score, round=i))
    return Event(
        id=event_id,
        players=tuple(players),
        games=tuple(played),
        start_date=_day(start),
        end_date=_day(end),
    )


def test_published_first_rating_f_n01() -> None:
    """F-N01: first published rating 1922 = (Σ + 2 × 1800)/(n + 2) + dp; FIDE's printed
    "Rp" 1921 is the 2022 rule."""
    case = _case("published_initial_rating.json", "F-N01")
    games = [(float(g["opponent_rating_used"]), float(g["score"])) for g in case["games"]]
    event = _single_player_event("F-N01", case["start"], case["end"], None, games)
    cfg = FideConfig()
    states = {p.id: state_from_entry(p, event, cfg) for p in event.players}
    result = rate_event(event, states, cfg)
    me = result.player("me")
    assert me.post == case["published_list"]["2025-12"]["rating"] == 1922
    published = publish(result.states["me"], case["rating_period"], RatingType.STANDARD, cfg)
    assert published.rating == 1922
    assert published.games == case["published_list"]["2025-12"]["games"]
    opponents = sum(r for r, _ in games)
    assert opponents == case["derived"]["sum_of_opponent_ratings"]
    old = initial_rating_2022(opponents, 3.0, 5, cfg)
    assert old.rating == int(case["calculation_summary"]["Rp"]) == 1921


def test_first_event_zero_score_is_disregarded() -> None:
    """§8.2: an unrated player's zero score in a first event is not pooled."""
    event = _single_player_event("zero", "2025-01-04", "2025-01-09", None, [(1800.0, 0.0)] * 5)
    cfg = FideConfig()
    states = {p.id: state_from_entry(p, event, cfg) for p in event.players}
    result = rate_event(event, states, cfg)
    assert result.states["me"].pooled == ()
    assert result.player("me").post is None


# -- published per-player calculations -------------------------------------------------------


def _opponent_rating(own: float, used: float, capped: bool) -> float:
    """A rating the 400-point rule turns into ``used`` (the file shows only the used one)."""
    if not capped:
        return used
    return used - 37.0 if used < own else used + 37.0


def _standing(case: dict[str, Any], ro: float, start: str) -> FideState:
    prev = _previous(case["rating_period"])
    k = case["published_list_k"].get(prev) or next(iter(case["published_list_k"].values()))
    return FideState(
        rating=ro,
        month=month_of(_day(start)),
        games=0 if k == 40 else 200,
        reached_top=k == 10,
        birth_year=case["birth_year"],
    )


def replay(
    case: dict[str, Any], cfg: FideConfig, *, fide_ro: bool = False
) -> tuple[int, FideState]:
    """Rate a published period tournament by tournament, checking every printed number;
    return the next list's rating (from the list base, or FIDE's own Ro) and the state."""
    pending: tuple[Any, ...] = ()
    state: FideState | None = None
    deltas: list[float] = []
    # FIDE files an event under the period it was rated in (F-P05: an event ending 30 August
    # on the October list), which the dates alone do not give.
    cfg = replace(cfg, period=case["rating_period"])
    for t in case["tournaments"]:
        ro = float(t["Ro"])
        games = [
            (
                _opponent_rating(ro, float(g["opponent_rating_used"]), g["capped_marker"]),
                float(g["score"]),
            )
            for g in t["games"]
        ]
        event = _single_player_event(
            str(t["event_id"]), t["start"], t["end"], ro, games, case["birth_year"]
        )
        states = {p.id: state_from_entry(p, event, cfg) for p in event.players}
        states["me"] = replace(_standing(case, ro, t["start"]), pending=pending)
        result = rate_event(event, states, cfg)
        me = result.player("me")
        assert me.pre == ro
        assert me.games == int(t["n"])
        assert me.score == pytest.approx(float(t["w"]))
        delta = me.score - (me.expected or 0.0)
        assert round(delta, 2) == pytest.approx(float(t["chg"]))
        assert me.change == round_change((me.k or 0.0) * delta)
        deltas.append(delta)
        for g, (opp_rating, score) in zip(t["games"], games, strict=True):
            d, capped = capped_difference(ro, opp_rating, cfg, exempt=ro >= cfg.cap_exempt_from)
            assert capped is g["capped_marker"]
            assert ro - d == float(g["opponent_rating_used"])
            assert round(score - expectancy(d), 2) == pytest.approx(float(g["chg"]))
        state = result.states["me"]
        pending = state.pending
    assert state is not None
    period = case["rating_period"]
    prev = _previous(period)
    base = float(case["tournaments"][-1]["Ro"]) if fide_ro else case["published_list_ratings"][prev]
    before = replace(state, rating=float(base), month=prev)
    total = sum(int(t["n"]) for t in case["tournaments"])
    k = period_k(before, period, total, RatingType.STANDARD, cfg)
    for t, delta in zip(case["tournaments"], deltas, strict=True):
        assert k == int(t["K"]), t["event"]
        assert round(k * delta, 2) == pytest.approx(float(t["K_chg"]))
    after = publish(before, period, RatingType.STANDARD, cfg)
    assert after.rating is not None
    return int(after.rating), after


PUBLISHED = "published_calculations.json"
_P_EXPECTED: dict[str, Any] = {
    "F-P01": {},
    "F-P02": {
        "period": "F-P02 follows per-tournament rounding (5.40 → -6 + 4 + 8 = 6); the one "
        "published period of 14 that does (FIXTURES-README finding 7, D-fidecur-6)"
    },
    "F-P03": {},
    "F-P04": {
        "base": "base correction by hand: FIDE's Ro 2053 differs from the November list "
        "2052; not derivable from the lists (finding 8)"
    },
    "F-P05": {
        "tournament": "F-P05 follows rounding once per period (92.48 → 92); per tournament "
        "gives another value"
    },
}


@pytest.mark.parametrize("case_id", _ids(PUBLISHED))
def test_published_calculation_every_game(case_id: str) -> None:
    """F-P01–F-P05: every game's opponent rating used, cap marker and W − PD; each
    tournament's n, W, K (K × n ≤ 700 in F-P05), ΣΔ and K × ΣΔ."""
    case = _case(PUBLISHED, case_id)
    replay(case, FideConfig(), fide_ro=True)


@pytest.mark.parametrize("case_id", _ids(PUBLISHED))
@pytest.mark.parametrize("rounding", list(Rounding))
def test_published_calculation_next_list(case_id: str, rounding: Rounding) -> None:
    """F-P01–F-P05: the next list from the previous list + the period's rounded change."""
    case = _case(PUBLISHED, case_id)
    why = _P_EXPECTED.get(case_id, {})
    if "base" in why:
        pytest.xfail(why["base"])
    if rounding.value in why:
        pytest.xfail(why[rounding.value])
    new, _ = replay(case, FideConfig(rounding=rounding))
    period = case["rating_period"]
    assert new == case["published_list_ratings"][period]


def test_base_correction_f_p04_with_fide_ro() -> None:
    """F-P04: with FIDE's own Ro (2053) the period reproduces the December list."""
    case = _case(PUBLISHED, "F-P04")
    new, _ = replay(case, FideConfig(), fide_ro=True)
    assert new == case["published_list_ratings"]["2025-12"] == 2053


def test_k_games_cap_f_p05() -> None:
    """F-P05: 39 games in the period, K = 17 = ⌊700/39⌋ although the list shows K 20."""
    case = _case(PUBLISHED, "F-P05")
    assert sum(int(t["n"]) for t in case["tournaments"]) == 39
    assert {t["K"] for t in case["tournaments"]} == {"17"}
    replay(case, FideConfig())


# -- multi-event periods -----------------------------------------------------------------------

MULTI = "published_multi_event_periods.json"
_UNEXPLAINED = {"F-M09", "F-M18"}


@pytest.mark.parametrize("case_id", _ids(MULTI))
def test_multi_event_period(case_id: str) -> None:
    """F-M01–F-M58: every game and tournament of the period, then the next list from the
    period's change rounded once (§8.3.4)."""
    case = _case(MULTI, case_id)
    cfg = FideConfig()
    published = case["published_list_ratings"][case["rating_period"]]
    if case_id in _UNEXPLAINED:
        for rounding in Rounding:
            new, _ = replay(case, FideConfig(rounding=rounding), fide_ro=True)
            assert abs(new - published) == 1
        pytest.xfail(
            f"{case_id}: one point off under both roundings with no visible base correction "
            "(FIXTURES-README finding 12)"
        )
    if case["ro_differs_from_list_in_force"] and case["list_follows"] == "neither":
        new, _ = replay(case, cfg, fide_ro=True)
        assert new == published
        from_list, _ = replay(case, cfg)
        assert from_list != published
        pytest.xfail(
            f"{case_id}: base correction by hand (FIDE's Ro differs from the list in force); "
            "reproduced above with FIDE's own Ro, not from the lists"
        )
    new, _ = replay(case, cfg)
    prev = _previous(case["rating_period"])
    change = new - case["published_list_ratings"][prev]
    assert change == case["published_change"] == case["change_rounded_per_period"]


def test_dp_table_8_1_1() -> None:
    """Table 8.1.1 as the fixtures print it (dp for p to two decimals)."""
    assert [dp(p) for p in (0.57, 0.56, 0.86, 0.29, 0.5)] == [50, 43, 309, -158, 0]
    assert publish(FideState(), "2025-12", RatingType.STANDARD, FideConfig()).rating is None


# -- a period of several files (`arpad period --system fide`) ----------------------------------


def _period_files(case: dict[str, Any]) -> list[Event]:
    """Each tournament of a published period as its own file, as an arbiter's TRF gives it:
    the player (by FIDE id) at the rating of the list in force at its start (FIDE's Ro),
    each opponent a separate player at a rating the 400-point rule turns into the one used."""
    k = case["published_list_k"].get(_previous(case["rating_period"]))
    born = dt.date(case["birth_year"], 1, 1)
    files = []
    for t in case["tournaments"]:
        ro = float(t["Ro"])
        me = PlayerEntry(
            "me",
            name="Player",
            rating=ro,
            games=0 if k == 40 else 200,
            peak=2400.0 if k == 10 else None,
            birth_date=born,
            fide_id=str(case["fide_id"]),
        )
        players, games = [me], []
        for i, g in enumerate(t["games"], start=1):
            oid = f"{t['event_id']}-{i}"
            rating = _opponent_rating(ro, float(g["opponent_rating_used"]), g["capped_marker"])
            players.append(PlayerEntry(oid, name=oid, rating=rating, games=200))
            games.append(Game("me", oid, float(g["score"]), round=i))
        files.append(
            Event(
                id=str(t["event_id"]),
                players=tuple(players),
                games=tuple(games),
                start_date=_day(t["start"]),
                end_date=_day(t["end"]),
            )
        )
    return files


def _spans_lists(case: dict[str, Any]) -> bool:
    """A period whose files come from two lists, the last one the list before the period."""
    starts = {month_of(_day(t["start"])) for t in case["tournaments"]}
    last = month_of(_day(case["tournaments"][-1]["start"]))
    return (
        len(starts) > 1
        and last == _previous(case["rating_period"])
        and not case["ro_differs_from_list_in_force"]
        and case["id"] not in _UNEXPLAINED
        and case["list_follows"] in ("period", "both")
    )


def _multi_list_ids() -> list[str]:
    from tests.conftest import DATA

    path = DATA / FOLDER / MULTI
    if not path.exists():
        return ["absent"]
    cases = json.loads(path.read_text(encoding="utf-8"))["cases"]
    return [c["id"] for c in cases if _spans_lists(c)]


@pytest.mark.parametrize("case_id", _multi_list_ids())
@pytest.mark.parametrize("order", ["as played", "reversed"])
def test_period_of_several_files_follows_the_list_in_force(case_id: str, order: str) -> None:
    """A rating period given as one file per tournament (`arpad period`): a later file,
    started under a later list, gives the player's rating on that list (§7.1, the list in
    force; D-fidecur-2), which is the base of the period's change — the published list,
    whatever the order of the files (F-M03: 2024 + round(−51.6) = 1972, not 1971 from the
    October list; D-fiderules-4)."""
    case = _case(MULTI, case_id)
    files = _period_files(case)
    if order == "reversed":
        files.reverse()
    cfg = FideConfig(period=case["rating_period"])
    result = rate_period(files, {}, cfg)
    line = next(ln for ln in result.lines if ln.key == f"fide:{case['fide_id']}")
    prev = _previous(case["rating_period"])
    assert line.old == case["published_list_ratings"][prev]
    assert line.new == case["published_list_ratings"][case["rating_period"]]
