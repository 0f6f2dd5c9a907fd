"""SQLite and PostgreSQL accept exactly the same files (issue 15): the limits live in the
model's validation (arpad.model: MAX_ID_LENGTH, MAX_CODE_LENGTH, MAX_COUNT, no NUL), so a
file at a limit imports on both and a file past it is refused on both, with the same
one-line error and nothing stored. The PostgreSQL half skips without
``ARPAD_TEST_POSTGRES_URL``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arpad.ledger import Ledger
from arpad.model import MAX_CODE_LENGTH, MAX_COUNT, MAX_ID_LENGTH, Pool
from tests.conftest import EXAMPLES


def _event(tmp_path: Path, name: str, change: Any) -> Path:
    doc = json.loads((EXAMPLES / "uscf-open.json").read_text(encoding="utf-8"))
    change(doc)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _rename_player(doc: dict[str, Any], new_id: str) -> None:
    old = doc["players"][0]["id"]
    doc["players"][0]["id"] = new_id
    for g in doc["games"]:
        for side in ("white", "black"):
            if g[side] == old:
                g[side] = new_id


AT_THE_LIMITS = {
    "long-id": lambda d: _rename_player(d, "p" * MAX_ID_LENGTH),
    "long-event-id": lambda d: d["event"].update(id="e" * MAX_ID_LENGTH),
    "last-round": lambda d: d["games"][0].update(round=MAX_COUNT),
    "long-title": lambda d: d["players"][0].update(title="T" * MAX_CODE_LENGTH),
}
PAST_THE_LIMITS = {
    "too-long-id": (
        lambda d: _rename_player(d, "p" * (MAX_ID_LENGTH + 1)),
        "player id must be at most 200 characters",
    ),
    "too-long-event-id": (
        lambda d: d["event"].update(id="e" * (MAX_ID_LENGTH + 1)),
        "event id must be at most 200 characters",
    ),
    "nul-in-name": (lambda d: d["players"][0].update(name="A\x00B"), "NUL character"),
    "nul-in-id": (lambda d: _rename_player(d, "p\x00"), "NUL character"),
    "round-2-31": (lambda d: d["games"][0].update(round=2**31), "round must be between"),
    "long-federation": (
        lambda d: d["players"][0].update(federation="F" * (MAX_CODE_LENGTH + 1)),
        "federation must be at most 40 characters",
    ),
}


@pytest.mark.parametrize("case", list(AT_THE_LIMITS))
def test_files_at_the_limits_import_and_rate(db_url: str, tmp_path: Path, case: str) -> None:
    path = _event(tmp_path, case, AT_THE_LIMITS[case])
    with Ledger.open(db_url) as ledger:
        result = ledger.import_files([path])
        assert not result.errors and len(result.stored) == 1
        ledger.rate_pending(["uscf"], {})
        assert len(ledger.rating_list("uscf", Pool.REGULAR)) == 8


@pytest.mark.parametrize("case", list(PAST_THE_LIMITS))
def test_files_past_the_limits_are_refused_alike(db_url: str, tmp_path: Path, case: str) -> None:
    change, message = PAST_THE_LIMITS[case]
    path = _event(tmp_path, case, change)
    with Ledger.open(db_url) as ledger:
        result = ledger.import_files([path])
        assert not result.stored and len(result.errors) == 1
        error = str(result.errors[0])
        assert message in error and error.startswith(str(path)) and "\n" not in error
        assert not ledger.events()
