"""Output people can read and trust (issue 15, point 8): text from files is printed as
text, tables fit the terminal without cutting a number, the change shown agrees with the
ratings shown, and JSON is always JSON."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arpad.cli import app
from arpad.cli.console import csv_text, visible
from arpad.ledger import Ledger
from tests.conftest import EXAMPLES

runner = CliRunner()

HOSTILE_NAMES = [
    "[/]",
    "[bold red]Boss[/bold red]",
    "Clear\x1b[2J\x1b]0;owned\x07",
    "Two\nLines",
    '=HYPERLINK("http://x")',
    "+1",
    "@SUM(A1)",
    "abc\u202edcba",
]


def _hostile_event(tmp_path: Path) -> Path:
    doc = json.loads((EXAMPLES / "uscf-open.json").read_text(encoding="utf-8"))
    for player, name in zip(doc["players"], HOSTILE_NAMES, strict=True):
        player["name"] = name
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _invoke(args: list[str], columns: int = 100) -> str:
    result = runner.invoke(app, args, env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, (args, result.output, result.exception)
    return result.stdout


def _event_key(db: str) -> str:
    with Ledger.open(db) as ledger:
        (event,) = ledger.events()
    return event.key


def _assert_no_raw_controls(text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    assert "Two\nLines" not in text


def test_hostile_names_are_printed_as_text_by_every_table_command(tmp_path: Path) -> None:
    event = _hostile_event(tmp_path)
    out = _invoke(["rate", str(event)], 200)
    _assert_no_raw_controls(out)
    assert "[/]" in out and "[bold red]Boss" in out and "\\x1b[2J" in out and "\\n" in out
    db = str(tmp_path / "l.db")
    _invoke(["import", str(event), "--db", db])
    _invoke(["rate-pending", "--db", db, "--quiet"])
    for args in (
        ["list", "--db", db],
        ["crosstable", _event_key(db), "--db", db],
        ["player", "10000002", "--db", db],
        ["history", "10000002", "--db", db],
        ["events", "--db", db],
    ):
        _assert_no_raw_controls(_invoke(args))
    listed = _invoke(["list", "--db", db], 200)
    assert "[/]" in listed and "Two\\nLines" in listed


def test_list_csv_guards_formula_cells_and_json_stays_json(tmp_path: Path) -> None:
    event = _hostile_event(tmp_path)
    db = str(tmp_path / "l.db")
    _invoke(["import", str(event), "--db", db])
    _invoke(["rate-pending", "--db", db, "--quiet"])
    rows = list(csv.DictReader(io.StringIO(_invoke(["list", "--db", db, "--format", "csv"]))))
    names = {r["name"] for r in rows}
    assert {'\'=HYPERLINK("http://x")', "'+1", "'@SUM(A1)"} <= names
    assert not any(n.startswith(("=", "+", "-", "@")) for n in names)
    doc = json.loads(_invoke(["list", "--db", db, "--format", "json"]))
    assert {p["name"] for p in doc} >= {"Two\nLines", "[/]"}  # JSON keeps the text exactly


def test_the_safe_text_helpers() -> None:
    assert visible("plain Ünïcödé ½ —") == "plain Ünïcödé ½ —"
    assert visible("a\tb\rc\x00d\x9be") == "a\\tb\\rc\\x00d\\x9be"
    assert csv_text("-1") == "'-1" and csv_text("\tx") == "'\\tx" and csv_text("x=1") == "x=1"


def _table_lines(text: str) -> list[list[str]]:
    return [
        [c.strip() for c in line.split("│")[1:-1]]
        for line in text.splitlines()
        if line.startswith("│")
    ]


@pytest.mark.parametrize("columns", [80, 120, 200])
def test_rate_fits_the_terminal_and_shows_every_number(columns: int) -> None:
    from tests.cli.test_tables_fit import table_rows

    out = _invoke(["rate", str(EXAMPLES / "uscf-crosstable.txt")], columns)
    assert max(len(line) for line in out.splitlines()) <= columns
    rows = list(table_rows(out))
    assert len(rows) == 6
    for row in rows:
        pre, post, change = row["Pre"], row["Post"], row["Chg"]
        assert row["Diff"] == "+0"  # ours against the published rating: never left out
        assert "…" not in "".join(v for k, v in row.items() if k != "Player")
        if pre != "unr.":
            # The change is the difference of the ratings shown (D-output-2).
            post_digits, pre_digits = re.match(r"\d+", post), re.match(r"\d+", pre)
            assert post_digits is not None and pre_digits is not None
            shown = int(post_digits.group()) - int(pre_digits.group())
            assert int(change) == shown
    marks = {row["Player"]: row["Post"] for row in rows}
    assert marks["JOHN ROE"] == "1631P21" and marks["SAM NEWCOMER"] == "1434P4"


def test_narrow_rate_says_which_columns_it_left_out() -> None:
    narrow = _invoke(["rate", str(EXAMPLES / "uscf-open.json")], 80)
    wide = _invoke(["rate", str(EXAMPLES / "uscf-open.json")], 200)
    caption = next(line for line in narrow.splitlines() if "not shown at 80" in line)
    assert "Method" not in narrow.split("not shown")[0]  # left out of the table …
    assert caption.startswith("not shown at 80 columns: K, Exp")  # … the most important named
    assert "not shown" not in wide and "Method" in wide


def test_crosstable_of_a_long_event_fits_without_ellipses_in_numbers(tmp_path: Path) -> None:
    db = str(tmp_path / "l.db")
    _invoke(["import", str(EXAMPLES / "uscf-open.json"), "--db", db])
    _invoke(["rate-pending", "--db", db, "--quiet", "-s", "uscf", "-s", "fide1986"])
    for columns in (80, 120):
        for system in ("uscf", "fide1986"):
            out = _invoke(["crosstable", _event_key(db), "-s", system, "--db", db], columns)
            assert max(len(line) for line in out.splitlines()) <= columns
            for row in _table_lines(out):
                assert "…" not in "".join(row[2:]), row


def test_rate_json_has_no_nan_or_infinity() -> None:
    """A perfect score has an infinite performance: JSON says null (D-output-4)."""
    out = _invoke(["rate", str(EXAMPLES / "uscf-crosstable.txt"), "--json"])

    def refuse(name: str) -> object:
        raise AssertionError(name)

    doc = json.loads(out, parse_constant=refuse)
    assert any(p["performance"] is None for p in doc["players"])


def test_events_and_history_print_text_csv_or_json(tmp_path: Path) -> None:
    event = _hostile_event(tmp_path)
    db = str(tmp_path / "l.db")
    _invoke(["import", str(event), "--db", db])
    _invoke(["rate-pending", "--db", db, "--quiet"])
    history = json.loads(_invoke(["history", "10000004", "--db", db, "--format", "json"]))
    (row,) = history
    assert row["post"] - row["pre"] == pytest.approx(row["change"])  # unrounded in JSON
    rows = list(
        csv.DictReader(io.StringIO(_invoke(["history", "10000004", "--db", db, "-f", "csv"])))
    )
    assert rows[0]["chg"] == f"{int(rows[0]['post']) - int(rows[0]['pre']):+d}"
    events = json.loads(_invoke(["events", "--db", db, "--format", "json"]))
    assert events[0]["players"] == 8 and events[0]["id"] == _event_key(db)
    listed = list(csv.DictReader(io.StringIO(_invoke(["events", "--db", db, "-f", "csv"]))))
    assert listed[0]["players"] == "8"
    assert "left out" not in _invoke(["events", "--db", db, "-f", "text"], 200)
    assert _invoke(["list", "--db", db, "-f", "text"]) == _invoke(["list", "--db", db])
