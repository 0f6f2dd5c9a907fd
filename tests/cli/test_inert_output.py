"""Control characters from data never reach a terminal (issue 24.6): a player named with
an escape sequence (clear the screen), a C1 control or a bidi override is printed as
escapes by every command that shows names, in tables, text, Markdown, JSON and error
lines. Before: ``arpad app`` and ``crosstable --format uscf`` printed them raw."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES
from tests.io.fuzz_harness import run

HOSTILE = "Ann\x1b[2J\x9b31m\u202eAmes\x07"
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What must not appear in output: every control character but the line feed."""


@pytest.fixture
def event(tmp_path: Path) -> Path:
    doc = json.loads((EXAMPLES / "wijk-aan-zee-1975.json").read_text(encoding="utf-8"))
    doc["players"][0]["name"] = HOSTILE
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "args",
    [
        ["rate", "{file}"],
        ["rate", "{file}", "--json"],
        ["compare", "{file}", "--systems", "elo,fide1986"],
        ["compare", "{file}", "--systems", "elo,fide1986", "--markdown"],
        ["compare", "{file}", "--systems", "elo,fide1986", "--json"],
        ["norms", "{file}", "--system", "fide1986"],
        ["norms", "{file}", "--system", "fide1986", "--json"],
        ["handicap", "{file}"],
        ["app", "{file}"],
        ["app", "{file}", "--json"],
        ["trf", "{file}"],
    ],
)
def test_commands_print_names_inert(args: list[str], event: Path) -> None:
    outcome = run([a.replace("{file}", str(event)) for a in args])
    assert outcome.code in (0, 2), outcome.stderr
    for stream in (outcome.stdout, outcome.stderr):
        found = RAW.search(stream)
        assert found is None, f"{found.group()!r} in {stream[:400]!r}"
    if "--json" in args and args[0] in ("rate", "compare"):
        escaped = json.dumps(json.loads(outcome.stdout), ensure_ascii=True)
        assert json.dumps(HOSTILE)[1:-1] in escaped  # the JSON still holds the name itself


def test_ledger_commands_print_names_inert(event: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "l.db")
    assert run(["import", str(event), "--db", db, "--date", "1975-01-31"]).code == 0
    assert run(["rate-pending", "--db", db, "--quiet", "--system", "fide1986"]).code == 0
    for args in (
        ["list", "--db", db, "--system", "fide1986"],
        ["list", "--db", db, "--system", "fide1986", "--format", "csv"],
        ["crosstable", "wijk-aan-zee-1975", "--db", db, "--system", "fide1986"],
        ["crosstable", "wijk-aan-zee-1975", "--db", db, "--system", "fide1986", "-f", "uscf"],
        ["player", "show", "portisch", "--db", db],
        ["history", "portisch", "--db", db, "--system", "fide1986"],
    ):
        outcome = run(args)
        assert outcome.code in (0, 2), (args, outcome.stderr)
        for stream in (outcome.stdout, outcome.stderr):
            found = RAW.search(stream)
            assert found is None, f"{args}: {found.group()!r} in {stream[:300]!r}"
