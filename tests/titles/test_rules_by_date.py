"""Which title rules an event gets: the version in force on its start date (B.01 0.2),
chosen in the title registry for ``arpad norms``, the ledger and the web event page."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

import pytest

from arpad.ledger import Ledger
from arpad.titles import dated_norm_system, rules_for_event, same_rules
from arpad.web.documents import event_doc
from tests.titles.test_constructed_events import event_file


@pytest.mark.parametrize(
    ("day", "rules", "warned"),
    [
        (dt.date(1975, 1, 15), "fide1986", False),
        (dt.date(1986, 12, 31), "fide1986", False),
        (dt.date(1990, 6, 1), "fide1986", True),  # nearest: the 1986 rules
        (dt.date(2020, 6, 1), "fide", True),  # nearest: the 2024 rules
        (dt.date(2023, 12, 31), "fide", True),
        (dt.date(2024, 1, 1), "fide", False),
        (dt.date(2025, 11, 3), "fide", False),
    ],
)
def test_by_date_the_version_in_force(day: dt.date, rules: str, warned: bool) -> None:
    event = replace(event_file("two-unrated"), start_date=day, end_date=day)
    choice = rules_for_event(event)
    assert (choice.system.name, choice.warning is not None, choice.by_date) == (rules, warned, True)


def test_the_start_date_decides_not_the_end() -> None:
    """B.01 0.2: changes apply to tournaments "starting on or after" the date."""
    event = replace(
        event_file("two-unrated"), start_date=dt.date(2023, 12, 28), end_date=dt.date(2024, 1, 5)
    )
    assert rules_for_event(event).system.name == "fide"  # 2023: no version; 2024 nearest
    assert rules_for_event(event).warning is not None


def test_an_undated_event_gets_the_newest_rules_with_a_warning() -> None:
    event = replace(event_file("two-unrated"), start_date=None, end_date=None)
    choice = rules_for_event(event)
    assert choice.system.name == "fide" and "no date" in (choice.warning or "")


def test_asked_rules_outside_their_span_warn_and_apply() -> None:
    choice = rules_for_event(event_file("two-unrated"), "fide1986")
    assert choice.system.name == "fide1986" and not choice.by_date
    assert choice.warning == (
        "fide1986 applies to events 1971-01-01 to 1986-12-31; this event starts 2025-11-03; "
        "the rules for it: fide"
    )
    assert rules_for_event(event_file("two-unrated"), "uscf1994").warning is None


def test_ledger_family_choice() -> None:
    assert dated_norm_system("fide1986", dt.date(2025, 3, 1)) == "fide"
    assert dated_norm_system("fide1986", dt.date(1975, 1, 31)) == "fide1986"
    assert dated_norm_system("uscf1994", dt.date(2025, 3, 1)) == "uscf1994"
    assert same_rules("fide", "fide1986") and not same_rules("fide", "uscf1994")


def test_the_ledger_stores_a_2025_norm_under_the_2024_rules(tmp_path: Path) -> None:
    """The fide1986 rating system rates a 2025 event; its norms are checked under B.01
    2024 (the GM norm through the 2200 floor), stored as ``fide``, and the web event page
    names those rules."""
    event = event_file("gm-floor")
    with Ledger.open(tmp_path / "ledger.db") as ledger:
        ledger.import_events([event], "gm-floor")
        ledger.rate_pending(["fide1986"])
        (norm,) = [n for n in ledger.player("cand").norms if n.system == "fide1986"]
        assert (norm.norm_system, norm.result.title) == ("fide", "GM")
        assert ledger.check() == []
        doc = event_doc(ledger, event.id, "fide1986")
        (section,) = doc["sections"]
        assert section["norm_rules"]["system"] == "fide"
        (gm,) = [n for n in section["norms"] if n["player_id"] == "cand"]
        assert (gm["title"], gm["status"]) == ("GM", "provisional")  # listed on the page too
        assert gm["provisional_on"][0].startswith("1.1.3")
