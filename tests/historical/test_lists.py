"""The shipped lists of titleholders and untitled masters (arpad.historical.lists), built
from the seed by scripts/build_historical_lists.py. Counts: spec elo-book-part2.md DS-1,
DS-2 (recomputed there from the OCR)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from arpad.errors import ConfigError
from arpad.historical import lists
from arpad.historical.lists import MasterQuery, SortKey
from tests.conftest import REPO, SEEDS

SEED = SEEDS / "elo-rating-of-chessplayers-1986.txt"


def _script():
    path = REPO / "scripts" / "build_historical_lists.py"
    spec = importlib.util.spec_from_file_location("build_historical_lists", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_shipped_files_are_what_the_script_builds_from_the_seed() -> None:
    if not SEED.exists():
        pytest.skip(f"seed not available: {SEED}")
    built = _script().build(SEED)
    data = REPO / "src" / "arpad" / "data"
    for name, text in built.items():
        assert (data / name).read_text(encoding="utf-8") == text, name


def test_script_check_mode_reports_stale_files(tmp_path: Path) -> None:
    if not SEED.exists():
        pytest.skip(f"seed not available: {SEED}")
    script = _script()
    assert script.main([str(SEED), "--out", str(tmp_path), "--check"]) == 1
    assert script.main([str(SEED), "--out", str(tmp_path)]) == 0
    assert script.main([str(SEED), "--out", str(tmp_path), "--check"]) == 0


def test_titleholder_counts_DS1() -> None:
    t = lists.titleholders()
    assert len(t) == 1053
    assert sum(m.title == "GM" for m in t) == 275
    assert sum(m.title == "IM" for m in t) == 778
    # TV-43: exactly 27 rows "GM-50", matching "Twenty-seven players were formally inscribed
    # as Grandmasters ... in 1950" (L1383); 61 IM-50
    assert sum(m.title == "GM" and m.title_year == 1950 for m in t) == 27
    assert sum(m.title == "IM" and m.title_year == 1950 for m in t) == 61
    # 407 best-5 and 808 ratings as printed; Whitaker's 2420 (L4925) moves across (E19)
    assert sum(m.best5 is not None for m in t) == 407 + 1
    assert sum(m.rating_1986 is not None for m in t) == 808 - 1
    assert sum(m.best5 is not None and m.rating_1986 is not None for m in t) == 192
    assert sum(m.died is not None for m in t) == 122
    assert min(m.best5 for m in t if m.best5) == 2240
    assert max(m.best5 for m in t if m.best5) == 2740
    ratings = [m.rating_1986 for m in t if m.rating_1986]
    assert (min(ratings), max(ratings)) == (2200, 2720)


def test_best5_never_below_the_1986_rating_L3872() -> None:
    # "A best five-year average rating is not shown ... where it is lower than the 1-1-86
    # rating": 4 ties, none lower
    both = [m for m in lists.titleholders() if m.best5 and m.rating_1986]
    assert all(m.best5 >= m.rating_1986 for m in both)  # type: ignore[operator]
    ties = sorted(m.name for m in both if m.best5 == m.rating_1986)
    assert ties == ["Keller, Dieter", "Marovic, Drazen", "Pavlov, Mircea", "Sergievsky, Vladimir"]


def test_lost_rating_column_page_L4077_L4114() -> None:
    lost = [m for m in lists.titleholders() if m.rating_1986_lost]
    assert len(lost) == 35
    assert lost[0].name == "Duric, Stefan" and lost[-1].name == "Fernandez, Antonio"
    assert all(m.rating_1986 is None for m in lost)
    assert all(4077 <= m.seed_line <= 4114 for m in lost)


def test_corrections_are_applied_and_recorded() -> None:
    by_line = {m.seed_line: m for m in lists.all_masters()}
    barda = by_line[3903]
    assert barda.name == "Barda, Olaf" and barda.printed_name == "Baird, Olaf"
    assert "Baird" in barda.note
    assert by_line[4448].name == "Matanovic, Aleksandar"
    assert by_line[4383].name == "Lazic, Miroljub"
    assert by_line[4733].name == "Seirawan, Yasser"
    assert by_line[5110].name == "Olland, Adolph G."
    whitaker = by_line[4925]
    assert (whitaker.best5, whitaker.rating_1986) == (2420, None)
    # flagged, not corrected
    assert by_line[4647].name == "Racic, Tomislav" and "Rakic" in by_line[4647].note
    assert by_line[5057].birth_country == "" and by_line[5057].residence_country == "USA"
    # a query finds a corrected player under his printed name as well
    found = lists.query(lists.all_masters(), MasterQuery(name="brosntein"))
    assert [m.name for m in found] == ["Bronstein, Luis M."]


def test_notable_rows_DS1() -> None:
    by_name = {m.name: m for m in lists.titleholders()}
    assert (by_name["Fischer, Robert J."].best5, by_name["Fischer, Robert J."].title_year) == (
        2740,
        1958,
    )
    assert by_name["Kasparov, Garri K."].rating_1986 == 2720
    assert by_name["Botvinnik, Mikhail"].seed_line == 3966
    assert by_name["Chiburdanidze, Maya"].title == "GM"
    assert by_name["Dzhindzhikhasvili, R."].residence_country == "USA"


def test_untitled_masters_DS2() -> None:
    u = lists.untitled_masters()
    assert len(u) == 197
    assert sum(m.active_period_only for m in u) == 34
    values = [m.best5 for m in u if m.best5 is not None]
    assert len(values) == 197 and (min(values), max(values)) == (2310, 2725)
    top = lists.query(u, MasterQuery(), limit=3)
    assert [(m.name, m.best5) for m in top] == [
        ("Capablanca, Jose R.", 2725),
        ("Lasker, Emanuel", 2720),
        ("Alekhine, Alexander", 2690),
    ]
    morphy = next(m for m in u if m.name.startswith("Morphy"))
    assert (morphy.best5, morphy.active_period_only, morphy.born, morphy.died) == (
        2690,
        True,
        1837,
        1884,
    )
    unknown = next(m for m in u if m.name.startswith("Alberoni"))
    assert (unknown.born, unknown.died) == (None, None)  # printed "u u"


def test_query_filters_and_sorts() -> None:
    everyone = lists.all_masters()
    soviet_gms = lists.query(everyone, MasterQuery(country="soviet", title="GM"))
    assert soviet_gms and all(m.title == "GM" and "Soviet" in m.country for m in soviet_gms)
    untitled = lists.query(everyone, MasterQuery(title="none", born_to=1830))
    assert untitled and all(
        m.title is None and m.born is not None and m.born <= 1830 for m in untitled
    )
    by_rating = lists.query(everyone, MasterQuery(alive=True), SortKey.RATING, limit=2)
    assert [m.name for m in by_rating] == ["Kasparov, Garri K.", "Karpov, Anatoly E."]
    by_peak = lists.query(everyone, MasterQuery(), SortKey.PEAK, limit=1)
    assert by_peak[0].name == "Fischer, Robert J."
    oldest = lists.query(everyone, MasterQuery(), SortKey.BORN, limit=1)[0]
    assert oldest.born == min(m.born for m in everyone if m.born)
    with pytest.raises(ConfigError):
        lists.query(everyone, MasterQuery(title="WGM"))
