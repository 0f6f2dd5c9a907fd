"""Matches (us-chess-rating-system-2020.txt §7, L339-343) and FIDE foreign events (§6, L320-330)."""

from __future__ import annotations

import datetime as dt
import math

import pytest

from arpad.errors import RatingError
from arpad.model import EventKind, MatchChange
from arpad.systems.uscf2020 import SYSTEM, USCFConfig, fide_to_uscf, fide_to_uscf_youth
from tests.uscf2020.helpers import event, player

DAY = dt.date(2024, 6, 30)


def _match(a: float, b: float, score_a: list[float], **kw_a: object) -> object:
    pa = player("a", a, 100, **kw_a)
    pb = player("b", b, 100)
    return event([pa, pb], [("a", "b", s) for s in score_a], kind=EventKind.MATCH, end=DAY)


def test_uscf2020_match_needs_established_players_within_400_L340() -> None:
    with pytest.raises(RatingError, match="differ by more than 400"):
        SYSTEM.rate_event(_match(2000.0, 1599.0, [1.0]))  # type: ignore[arg-type]
    e = event(
        [player("a", 2000.0, 100), player("b", 1900.0, 20)], [("a", "b", 1.0)], kind=EventKind.MATCH
    )
    with pytest.raises(RatingError, match="established"):
        SYSTEM.rate_event(e)


def test_uscf2020_match_change_capped_at_50_and_no_bonus_L341() -> None:
    e = _match(1800.0, 2150.0, [1.0] * 6)
    r = SYSTEM.rate_event(e).player("a")  # type: ignore[arg-type]
    assert r.post == pytest.approx(1850.0)
    assert r.bonus == 0.0 and r.method == "match"
    assert "capped" in r.notes[0]


def test_uscf2020_match_180_day_and_3_year_caps_L341() -> None:
    recent = (MatchChange(DAY - dt.timedelta(days=30), 70.0),)
    r = SYSTEM.rate_event(_match(1800.0, 2150.0, [1.0] * 6, match_changes=recent))  # type: ignore[arg-type]
    assert r.player("a").post == pytest.approx(1830.0)  # 100 − 70 left in 180 days
    old = (
        MatchChange(DAY - dt.timedelta(days=400), 90.0),
        MatchChange(DAY - dt.timedelta(days=700), 90.0),
    )
    r = SYSTEM.rate_event(_match(1800.0, 2150.0, [1.0] * 6, match_changes=old))  # type: ignore[arg-type]
    assert r.player("a").post == pytest.approx(1820.0)  # 200 − 180 left in 3 years
    stale = (MatchChange(DAY - dt.timedelta(days=3 * 366), 190.0),)
    r = SYSTEM.rate_event(_match(1800.0, 2150.0, [1.0] * 6, match_changes=stale))  # type: ignore[arg-type]
    assert r.player("a").post == pytest.approx(1850.0)
    assert r.states["a"].match_changes[-1] == MatchChange(DAY, pytest.approx(50.0))  # type: ignore[arg-type]


def test_uscf2020_match_floor_breach_is_a_request_to_lower_it_L343() -> None:
    e = _match(1710.0, 1900.0, [0.0] * 4, peak=1941.0)  # floor 1700
    r = SYSTEM.rate_event(e)  # type: ignore[arg-type]
    a = r.player("a")
    assert a.post is not None
    assert a.post < 1700.0 and a.post >= 1600.0
    assert "request to lower the floor to 1600" in " ".join(a.notes)
    assert r.states["a"].known_floor == 1600.0
    refused = SYSTEM.rate_event(e, config=USCFConfig(grant_match_floor_requests=False))  # type: ignore[arg-type]
    assert refused.player("a").post == 1700.0


def test_uscf2020_fide_foreign_event_standard_formula_once_L330() -> None:
    us = player("us", 2000.0, 100)
    opps = [player(f"f{i}", fide=1900.0 + 50 * i) for i in range(4)] + [player("nofide")]
    res = [("us", f"f{i}", 1.0 if i < 2 else 0.5) for i in range(4)] + [("us", "nofide", 0.0)]
    e = event([us, *opps], res, kind=EventKind.FIDE_FOREIGN)
    # B = 14 and the FIDE conversion as the 2020 document prints them (the helper's 2024
    # date would take B = 12 and the 2024 refit of the conversion).
    cfg = USCFConfig(B=14.0, fide_conversion_since=None)
    r = SYSTEM.rate_event(e, config=cfg).player("us")
    conv = [fide_to_uscf(1900.0 + 50 * i) for i in range(4)]
    exp = sum(1 / (1 + 10 ** (-(2000 - c) / 400)) for c in conv)
    n_eff = 50 / math.sqrt(0.662 + 0.00000739 * (2569 - 2000) ** 2)
    k = 800 / (n_eff + 4)
    bonus = max(0.0, k * (3 - exp) - 14 * 2)
    assert r.games == 4  # the game against the player without a FIDE rating is ignored
    assert r.post == pytest.approx(2000 + k * (3 - exp) + bonus)
    assert r.method == "fide-foreign"


def test_uscf2020_fide_foreign_youth_conversion_L326() -> None:
    e = event(
        [player("us", 1500.0, 100), player("f", fide=1400.0)],
        [("us", "f", 0.5)],
        kind=EventKind.FIDE_FOREIGN,
        youth=True,
    )
    r = SYSTEM.rate_event(e).player("us")
    assert r.expected == pytest.approx(1 / (1 + 10 ** (-(1500 - fide_to_uscf_youth(1400)) / 400)))


def test_uscf2020_fide_foreign_only_established_players_L322() -> None:
    e = event(
        [player("us", 1500.0, 10), player("f", fide=1400.0)],
        [("us", "f", 1.0)],
        kind=EventKind.FIDE_FOREIGN,
    )
    r = SYSTEM.rate_event(e).player("us")
    assert r.post == 1500.0 and "not updated" in r.notes[0]
