"""``--lists`` of ``arpad history`` and ``arpad masters``: the published historical lists beside
arpad's ratings (issue 23, historians' files; decision D-cli2-2).

Small constructed list files pin the matching and the output; the real files of
../shared/data (skipped when absent) are read as a historian would, at 80 and 120 columns.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arpad.cli import app
from tests.cli.test_tables_fit import table_rows
from tests.conftest import DATA

runner = CliRunner()
HEADER = "Rank\tName\tRating\tYear\n"


def _list(tmp_path: Path, rows: str, name: str = "mylist.txt") -> Path:
    path = tmp_path / name
    path.write_text(HEADER + rows, encoding="utf-8")
    return path


def _run(width: int, *args: str) -> str:
    result = runner.invoke(app, list(args), env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    if "--json" not in args:
        assert max(len(line) for line in result.output.splitlines()) <= width, result.output
    return result.output


def _second_table(text: str) -> str:
    """What follows the first table (the history): the lists' year table."""
    return text.split("\n└", 1)[1]


# -- arpad history --lists ---------------------------------------------------------------------


@pytest.fixture
def small(tmp_path: Path) -> tuple[str, Path]:
    from tests.ledger.test_cli import _ledger

    db = _ledger(tmp_path)  # Felix Falk is 10000006
    rows = "7\tFalk, Felix\t2100\t2024\n1\tZed Nobody\t2500\t2024\n3\tF. Falk\t2050\t2023\n"
    return db, _list(tmp_path, rows)


@pytest.mark.parametrize("width", [80, 120])
def test_history_shows_the_list_beside_arpads_rating(small: tuple[str, Path], width: int) -> None:
    db, path = small
    last = json.loads(_run(width, "history", "10000006", "--db", db, "--json"))[-1]
    shown = _run(width, "history", "10000006", "--db", db, "--lists", str(path))
    assert "Rating history" in shown  # the history first, as without --lists
    years = {r["Year"]: r for r in table_rows(_second_table(shown))}
    # "Felix Falk" (the ledger) is "Falk, Felix" and "F. Falk" in the list; not "Zed Nobody".
    assert years["2024"]["mylist"] == "2100 #7" and years["2023"]["mylist"] == "2050 #3"
    assert years["2024"]["arpad uscf"] == f"{last['post']:.0f}"
    assert "mylist: F. Falk; Falk, Felix" in shown


def test_history_lists_as_json_and_plot(small: tuple[str, Path], tmp_path: Path) -> None:
    db, path = small
    args = ["history", "10000006", "--db", db, "--lists", str(path)]
    doc = json.loads(_run(80, *args, "--json"))
    assert doc["name"] == "Felix Falk"
    assert [(r["name"], r["rating"], r["line"]) for r in doc["published"]] == [
        ("F. Falk", 2050, 4),
        ("Falk, Felix", 2100, 2),
    ]
    assert doc["history"] and doc["history"][-1]["system"] == "uscf"
    plot = tmp_path / "falk.png"
    assert f"wrote {plot}" in _run(80, *args, "--plot", str(plot))
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_history_says_in_one_line_when_no_list_holds_the_player(
    small: tuple[str, Path],
) -> None:
    db, path = small
    shown = _run(80, "history", "10000001", "--db", db, "--lists", str(path))
    said = [line for line in shown.splitlines() if "in none of the lists given" in line]
    assert said and said[0].startswith("'Alice Ames' is in none of the lists given")


def test_history_lists_refuse_csv_and_a_bad_file_in_one_line(
    small: tuple[str, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tests.cli.test_analysis import _main

    db, path = small
    assert (
        _main(monkeypatch, "history", "10000006", "--db", db, "--lists", str(path), "-f", "csv")
        == 2
    )
    assert capsys.readouterr().err == (
        "arpad: error: --lists shows a table, JSON (--json) or a plot (--plot), not CSV\n"
    )
    bad = _list(tmp_path, "1\tA B\tbad\t2024\n", "bad.txt")
    assert _main(monkeypatch, "history", "10000006", "--db", db, "--lists", str(bad)) == 2
    assert capsys.readouterr().err == (
        f"arpad: error: {bad}:2: rating must be a whole number, not 'bad'\n"
    )


# -- arpad masters --lists ---------------------------------------------------------------------


def test_masters_show_each_lists_peak_and_pass_over_namesakes(tmp_path: Path) -> None:
    # Emanuel Lasker (1868-1941) and Edward Lasker (1885-1981) are both in Elo's lists; an
    # "E. Lasker" of 1950 matches both names but is not Emanuel's (he died in 1941).
    rows = "1\tEmanuel Lasker\t2700\t1900\n2\tEm. Lasker\t2650\t1910\n3\tE. Lasker\t2790\t1950\n"
    path = _list(tmp_path, rows)
    doc = json.loads(_run(80, "masters", "lasker", "--lists", str(path), "--json"))
    by_name = {m["name"]: m["lists"] for m in doc}
    assert (
        by_name["Lasker, Emanuel"]["mylist"]["rating"],
        by_name["Lasker, Emanuel"]["mylist"]["year"],
    ) == (2700, 1900)
    assert by_name["Lasker, Edward"]["mylist"]["rating"] == 2790
    rows_shown = {
        r["Name"]: r for r in table_rows(_run(80, "masters", "lasker", "--lists", str(path)))
    }
    assert rows_shown["Lasker, Emanuel"]["mylist"] == "2700 1900"
    assert rows_shown["Lasker, Edward"]["mylist"] == "2790 1950"


def test_masters_name_the_unmatched_in_one_line(tmp_path: Path) -> None:
    path = _list(tmp_path, "1\tJose Capablanca\t2800\t1920\n")
    shown = _run(200, "masters", "--limit", "3", "--lists", str(path))  # the line unfolded
    said = [line for line in shown.splitlines() if "in none of the lists given" in line]
    # Elo's first three: Fischer, Capablanca, Botvinnik; only Capablanca is in the list.
    assert said == [
        "in none of the lists given: 2 of 3 (Fischer, Robert J.; Botvinnik, Mikhail; names "
        "matched by surname and given name (docs/historical.md))"
    ]


# -- the real files ----------------------------------------------------------------------------

ECL = DATA / "historical-ratings-ecl2020"


@pytest.mark.parametrize("width", [80, 120])
def test_real_masters_beside_chessmetrics_and_fide(width: int) -> None:
    if not ECL.exists():
        pytest.skip(f"real data not available: {ECL}")
    shown = _run(width, "masters", "--limit", "12", "--lists", str(ECL))
    rows = {r["Name"]: r for r in table_rows(shown)}
    assert len(rows) == 12
    # chessmetrics_cmr.txt line 3222: "1  José Capablanca  2873  1920", his highest there.
    assert rows["Capablanca, Jose R."]["chessmetrics"] == "2873 1920"
    assert {"Best 5-yr", "1-1-86", "chessmetrics"} <= set(rows["Capablanca, Jose R."])


@pytest.fixture(scope="module")
def kasparov(tmp_path_factory: pytest.TempPathFactory) -> str:
    from arpad.ledger import Ledger

    pgn = ECL / "GarryKasparov.pgn.gz"
    if not pgn.exists():
        pytest.skip(f"real data not available: {pgn}")
    db = str(tmp_path_factory.mktemp("kasparov") / "k.db")
    with Ledger.open(db) as ledger:
        assert not ledger.import_files([pgn]).errors
        ledger.rate_pending(["elo"])
    return db


@pytest.mark.parametrize("width", [80, 120])
def test_real_kasparov_history_beside_the_fide_lists(kasparov: str, width: int) -> None:
    player = "reykjavik-blitz-2004/Kasparov, Garry"
    fide = str(ECL / "fide_weeks_1975_2000")
    shown = _run(width, "history", player, "--db", kasparov, "--lists", fide)
    years = {r["Year"]: r for r in table_rows(_second_table(shown))}
    # weeks1990.txt.gz line 2: "G. Kasparov  2800  1990  RUS  1".
    assert years["1990"]["fide"] == "2800 #1"
    history = json.loads(_run(width, "history", player, "--db", kasparov, "--json"))
    last_1990 = [h for h in history if h["date"].startswith("1990") and h["post"] is not None]
    assert years["1990"]["arpad elo"] == f"{last_1990[-1]['post']:.0f}"
