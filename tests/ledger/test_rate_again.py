"""``Ledger.rate_again``: the one re-rating step after a merge, a split, a correction or an
undo (``arpad player merge/split``, ``arpad correct``, ``arpad undo`` all take it)."""

from __future__ import annotations

from pathlib import Path

from arpad.ledger import Ledger
from tests.conftest import EXAMPLES

SEASON = [EXAMPLES / "uscf-open.json", *sorted((EXAMPLES / "ledger").iterdir())]


def test_a_ledger_that_rates_with_no_system_yet_rates_nothing(tmp_path: Path) -> None:
    with Ledger.open(str(tmp_path / "l.db")) as ledger:
        assert not ledger.import_files(SEASON).errors
        assert ledger.systems() == []
        report = ledger.rate_again()
        assert report.rated == {} and report.failures == []
        assert ledger.systems() == []  # no system chosen for the officer


def test_after_a_merge_it_rates_what_became_pending_with_the_ledgers_systems(
    tmp_path: Path,
) -> None:
    with Ledger.open(str(tmp_path / "l.db")) as ledger:
        assert not ledger.import_files(SEASON).errors
        ledger.rate_pending(["uscf", "elo"])
        assert ledger.pending() == {"elo": 0, "uscf": 0}
        ledger.merge_players("10000007", "10000009")  # never in one event
        waiting = ledger.pending()
        assert waiting["uscf"] > 0 and waiting["elo"] > 0
        report = ledger.rate_again()
        assert report.rated == waiting
        assert ledger.pending() == {"elo": 0, "uscf": 0}
