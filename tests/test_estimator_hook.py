"""The estimator hook of :class:`arpad.systems.RatingSystem` (issue 10: no system name
hard-coded outside the registries): ``arpad estimate`` and the web run the systems' own
estimators, and a system without one is named as such."""

from __future__ import annotations

import datetime as dt

import pytest

from arpad.errors import ConfigError
from arpad.systems import EstimateRequest, estimator_names, get_system
from arpad.systems.uscf2020 import USCFConfig
from arpad.systems.uscf2020.rating import estimate as uscf_estimate

GAMES = ((1700.0, 1.0), (1580.0, 0.5), (1812.0, 0.0))


def test_uscf_hook_is_the_estimate_of_the_events_era() -> None:
    day = dt.date(2024, 6, 1)  # B = 12 (events ending from 1 February 2023)
    got = get_system("uscf").estimate(EstimateRequest(1649.0, 40, GAMES, day))
    want = uscf_estimate(1649.0, 40, list(GAMES), USCFConfig(B=12.0))
    assert got.rating == want
    assert "B = 12" in got.rules and ("formula", want.method) in got.lines


def test_fide_hook_reproduces_f_p01() -> None:
    # F-P01: 2813, K 10, 4½/5 against 1787, 2025, 2310, 2400, 2505: K × ΣΔ = −2.50 → 2810.
    games = ((1787.0, 1.0), (2025.0, 1.0), (2310.0, 1.0), (2400.0, 1.0), (2505.0, 0.5))
    request = EstimateRequest(2813.0, None, games, dt.date(2025, 11, 7), k=10)
    got = get_system("fide").estimate(request)
    assert got.rating.post == 2810 and ("K × Σ", "-2.50") in got.lines
    assert got.games[0][:2] == ("#", "Opp.") and len(got.games) == 6


def test_every_estimator_rates_a_won_game_up() -> None:
    for name in estimator_names():
        request = EstimateRequest(1800.0, 40, ((1800.0, 1.0),), dt.date(2025, 1, 1))
        result = get_system(name).estimate(request).rating
        assert result.post is not None and result.post > 1800.0, name


@pytest.mark.parametrize("name", ["elo", "pra", "glicko"])
def test_a_system_without_an_estimator_names_those_with_one(name: str) -> None:
    with pytest.raises(ConfigError, match="has no rating estimator; these do: fide, uscf"):
        get_system(name).estimate(EstimateRequest(1500.0, 40, GAMES, dt.date(2025, 1, 1)))


def test_every_optional_fact_is_a_request_field_with_a_flag() -> None:
    """An estimator's ``uses`` names request fields, and ``arpad estimate`` has a flag for
    each optional one (a fact no flag can give would be silently unreachable)."""
    import dataclasses

    from arpad.cli.estimate import ESTIMATOR_FLAGS

    common = {"rating", "games", "results", "day"}
    optional = {f.name for f in dataclasses.fields(EstimateRequest)} - common
    assert set(ESTIMATOR_FLAGS.values()) == optional
    for name in estimator_names():
        uses = get_system(name).require_estimator().uses
        assert uses <= optional, name
