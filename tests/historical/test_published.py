"""The published historical lists (arpad.historical.published) and ``arpad lists``.

Small constructed files pin the readers' edge cases; the real files of ../shared/data
(skipped when absent) are checked against the row counts their SOURCE.md gives.
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from arpad.cli import app
from arpad.errors import InputError
from arpad.historical import published
from arpad.historical.published import (
    ListRow,
    NameKey,
    by_year,
    list_files,
    matches,
    name_key,
    read_lists,
    read_rows,
    trajectory,
)
from tests.conftest import DATA, shared_data

runner = CliRunner()

EDO = "Rank\tName\tRating\tYear\n1\tAdolf Anderssen\t2600\t1860\n2\tPaul Morphy\t2590\t1860\n"
EDO += "1\tAdolf Anderssen\t2620\t1861\n"
WEEKS = "Name\tRating\tYear\tFed\tRank\nR. Fischer\t2780\t1975\tUSA\t1\t\n"
WEEKS += "An. Karpov\t2705\t1975\tRUS\t2\t\n"
DATED = '"","Player","Rating","Age","dateranking","ranking","day","month","year"\n'
DATED += '"1","Kasparov, Garry K",2876,37.7,"December 25, 2000",1,"25","December","2000"\n'
DATED += '"2","Sherbakov, Vitaly S",2264,-12.47,"December 31, 2000",69,"31","December","2000"\n'
DATED += '"3","Kazhgaleyev, Murtas",2528,NA,"December 31, 2000",252,"31","December","2000"\n'
MONTHLY = (
    '"Player","Rating","Age","dateranking","ranking"\n"Garry Kasparov","2850","37y9m","200101",1\n'
)


def _write(path: Path, text: str, encoding: str = "utf-8") -> Path:
    data = text.encode(encoding)
    if path.name.endswith(".gz"):
        path.write_bytes(gzip.compress(data))
    else:
        path.write_bytes(data)
    return path


def test_each_format_is_told_from_its_header_and_read(tmp_path: Path) -> None:
    source, rows = read_rows(_write(tmp_path / "edo.txt", EDO))
    assert source == "edo"
    assert rows[0] == ListRow("Adolf Anderssen", 2600, 1, 1860, line=2)
    source, rows = read_rows(_write(tmp_path / "weeks1975.txt.gz", WEEKS))
    assert source == "fide"  # the trailing tab of Weeks' rows is not a sixth cell
    assert rows[1] == ListRow("An. Karpov", 2705, 2, 1975, dt.date(1975, 1, 1), "RUS", line=3)
    source, rows = read_rows(_write(tmp_path / "ranking_x_quarterly.csv", DATED))
    assert source == "cm-quarterly"
    assert rows[0].date == dt.date(2000, 12, 25) and rows[0].age == 37.7
    assert rows[1].age is None  # a negative age (a wrong birth date in the source)
    assert rows[2].age is None  # NA
    source, rows = read_rows(_write(tmp_path / "ranking_2001_2004.csv.gz", MONTHLY))
    assert source == "cm-monthly"
    assert rows[0].date == dt.date(2001, 1, 1) and rows[0].age == pytest.approx(37.75)
    assert rows[0].rating == 2850  # quoted in this file


def test_bytes_that_are_not_utf8_are_read_as_windows_1252(tmp_path: Path) -> None:
    """Gravier's files mix UTF-8 ("Ftácnik") with Windows-1252 ("Zuñiga"), even in one
    name (line 5741 of the yearly file: "Szabó, László", the ó of Szabó a single byte)."""
    path = tmp_path / "mixed_yearly.csv"
    head = DATED.splitlines()[0] + "\n"
    utf8 = '"1","Ftácnik, Lubomír",2604,43.15,"December 25, 2000",72,"25","December","2000"\n'
    latin = (
        '"2","Granda Zuñiga, Julio E",2616,33.83,"December 25, 2000",61,"25","December","2000"\n'
    )
    both = '"3","Szabó, László",2639,35.78,"December 31, 1952",11,"31","December","1952"\n'
    mixed = both.encode().replace("Szabó".encode(), "Szabó".encode("cp1252"))  # line 5741
    path.write_bytes((head + utf8).encode() + latin.encode("cp1252") + mixed)
    _, rows = read_rows(path)
    assert [r.name for r in rows] == [
        "Ftácnik, Lubomír",
        "Granda Zuñiga, Julio E",
        "Szabó, László",
    ]


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        (EDO + "3\tX Y\t2600\n", 5, "3 cells where rank-name-rating-year rows have 4"),
        (EDO + "3\tX Y\t26OO\t1861\n", 5, "rating must be a whole number, not '26OO'"),
        (EDO + "3\tX Y\t9999\t1861\n", 5, "rating 9999 is outside 0–4000"),
        (EDO + "0\tX Y\t2500\t1861\n", 5, "rank 0 is outside"),
        (EDO + "3\t \t2500\t1861\n", 5, "the name is empty"),
        ("Rank\tName\tRating\n1\tA\t2\n", 1, "not a published rating list"),
    ],
)
def test_a_bad_row_is_named_by_file_and_line(
    tmp_path: Path, text: str, line: int, problem: str
) -> None:
    path = _write(tmp_path / "edo.txt", text)
    with pytest.raises(InputError) as caught:
        read_rows(path)
    assert str(caught.value).startswith(f"{path}:{line}: {problem}")


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        ('"1","A, B",2876,37.7,"Dec 25, 2000",1,"25","December","2000"', "date must be"),
        ('"1","A, B",2876,37.7,"December 25, 2000",1,"25","December","1999"', "not in year"),
        ('"1","A, B",2876,old,"December 25, 2000",1,"25","December","2000"', "age must be"),
    ],
)
def test_bad_dated_rows(tmp_path: Path, row: str, problem: str) -> None:
    path = _write(tmp_path / "x.csv", DATED.splitlines()[0] + "\n" + row + "\n")
    with pytest.raises(InputError, match=problem) as caught:
        read_rows(path)
    assert str(caught.value).startswith(f"{path}:2: ")


def test_a_month_outside_1_to_12_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path / "m.csv", MONTHLY.replace("200101", "200113"))
    with pytest.raises(InputError, match=r"m.csv:2: dateranking must be a month"):
        read_rows(path)


def test_a_broken_gzip_file_is_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "weeks1975.txt.gz"
    path.write_bytes(gzip.compress(WEEKS.encode())[:20])
    with pytest.raises(InputError, match="cannot read the file"):
        read_rows(path)


def test_rows_are_grouped_into_lists_in_time_order(tmp_path: Path) -> None:
    lists = read_lists(_write(tmp_path / "edo.txt", EDO))
    assert [(pl.source, pl.year, len(pl.rows)) for pl in lists] == [
        ("edo", 1860, 2),
        ("edo", 1861, 1),
    ]
    assert lists[0].when == 1860.0


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("Kasparov, Garry K", "G. Kasparov", True),
        ("Gary Kasparov", "Garry Kasparov", True),  # FIDE spelled him Gary
        ("An. Karpov", "Anatoly Karpov", True),
        ("Kasparov", "Sergey Kasparov", True),  # a surname alone matches any initial
        ("Robert Byrne", "Donald Byrne", False),
        ("Eugène Rousseau", "Eugene Rousseau", True),
        ("Granda Zuñiga, Julio E", "J. Granda Zuniga", True),
        ("Lasker, Emanuel", "Edward Lasker", False),
        ("Lasker, Emanuel", "Em. Lasker", True),
        ("Lasker, Edward", "Em. Lasker", False),
        ("Robert J Fischer", "Fischer, Robert J.", True),
        ("Alexander Alekhine", "Alexandre Alekhine", True),
        ("Adolf Anderssen", "Anderssen, Adolph", True),  # Edo's and Elo's spellings
    ],
)
def test_names_match_across_lists(a: str, b: str, same: bool) -> None:
    assert matches(name_key(a), name_key(b)) is same


def test_name_key_of_a_single_name() -> None:
    assert name_key("Boncourt") == NameKey("boncourt", "", False)
    assert not matches(name_key(""), name_key(""))


def test_by_year_keeps_the_last_list_of_each_year(tmp_path: Path) -> None:
    text = DATED.splitlines()[0] + "\n"
    for n, (month, rating) in enumerate((("March", 2800), ("June", 2810))):
        text += (
            f'"{n}","Kasparov, Garry K",{rating},37,"{month} 30, 2000",1,"30","{month}","2000"\n'
        )
    sightings = trajectory(read_lists(_write(tmp_path / "q_quarterly.csv", text)), "Kasparov")
    assert [s.row.rating for s in sightings] == [2800, 2810]
    assert by_year(sightings)[2000]["cm-quarterly"].row.rating == 2810


def test_list_files_finds_the_lists_in_a_folder(tmp_path: Path) -> None:
    _write(tmp_path / "edo.txt", EDO)
    (tmp_path / "sub").mkdir()
    _write(tmp_path / "sub" / "weeks1975.txt.gz", WEEKS)
    _write(tmp_path / "SOURCE.md", "# not a list\n")
    _write(tmp_path / "notes.txt", "no header here\n")
    assert [p.name for p in list_files([tmp_path])] == ["edo.txt", "weeks1975.txt.gz"]
    with pytest.raises(InputError, match="no such file or folder"):
        list_files([tmp_path / "missing"])


_SEEDS = [EDO, WEEKS, DATED, MONTHLY]


@settings(max_examples=300, deadline=None)
@given(
    seed=st.sampled_from(_SEEDS),
    at=st.integers(min_value=0, max_value=400),
    cut=st.integers(min_value=0, max_value=6),
    insert=st.text(alphabet=st.sampled_from('\t,"\n0123456789-.ay²٣\x00é'), max_size=5),
)
def test_fuzz_readers_raise_only_input_errors(
    tmp_path_factory: pytest.TempPathFactory, seed: str, at: int, cut: int, insert: str
) -> None:
    """Mutated valid files: every outcome is rows or an InputError naming the file."""
    at = at % (len(seed) + 1)
    text = seed[:at] + insert + seed[at + cut :]
    path = tmp_path_factory.mktemp("fuzz") / "list.csv"
    path.write_text(text, encoding="utf-8")
    try:
        _, rows = read_rows(path)
    except InputError as exc:
        assert str(exc).startswith(str(path)) and "\n" not in str(exc)
        return
    assert all(0 <= r.rating <= 4000 and r.rank >= 1 and r.name for r in rows)


# -- the command line --------------------------------------------------------------------------


def test_lists_command_prints_a_year_table_at_80_columns(tmp_path: Path) -> None:
    edo = _write(tmp_path / "edo.txt", EDO)
    shown = runner.invoke(app, ["lists", "Anderssen", str(edo)], env={"COLUMNS": "80"})
    assert shown.exit_code == 0, shown.output
    assert "2600 #1" in shown.output and "2620 #1" in shown.output
    assert "Morphy" not in shown.output.replace("edo: Adolf Anderssen", "")
    assert max(len(line) for line in shown.output.splitlines()) <= 80


def test_lists_command_names_the_player_in_elos_lists_of_1986(tmp_path: Path) -> None:
    from arpad.historical.lists import MasterQuery, all_masters, query

    edo = _write(tmp_path / "edo.txt", EDO)
    shown = runner.invoke(app, ["lists", "Adolf Anderssen", str(edo)], env={"COLUMNS": "80"})
    (book,) = query(all_masters(), MasterQuery(name="Anderssen"))
    assert f"Elo 1986 (untitled): {book.name}, best 5-yr {book.best5}" in shown.output
    none = runner.invoke(app, ["lists", "Nobody", str(edo)], env={"COLUMNS": "80"})
    assert none.exit_code == 0 and "'Nobody' is in none of the lists read" in none.output


def test_lists_command_json_and_source_filter(tmp_path: Path) -> None:
    from arpad.historical.lists import all_masters

    _write(tmp_path / "edo.txt", EDO)
    _write(tmp_path / "weeks1975.txt", WEEKS)
    out = runner.invoke(app, ["lists", "Fischer", str(tmp_path), "--json"])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)["published"]
    assert doc[0]["source"] == "fide" and doc[0]["rating"] == 2780 and doc[0]["line"] == 2
    only = runner.invoke(app, ["lists", "Fischer", str(tmp_path), "--source", "edo", "--json"])
    doc = json.loads(only.output)
    assert doc["published"] == [] and doc["arpad"] == []
    book = [m for m in all_masters() if m.name.startswith("Fischer,")]
    assert [(r["name"], r["best5"]) for r in doc["elo1986"]] == [(m.name, m.best5) for m in book]
    bad = runner.invoke(app, ["lists", "Fischer", str(tmp_path), "--source", "elo"])
    assert bad.exit_code != 0
    # A list not asked for is not read: its bad row does not stop the others.
    _write(tmp_path / "weeks1975.txt", WEEKS + "X\tbad\t1975\tUSA\t3\t\n")
    assert (
        runner.invoke(app, ["lists", "Anderssen", str(tmp_path), "--source", "edo"]).exit_code == 0
    )
    assert runner.invoke(app, ["lists", "Anderssen", str(tmp_path)]).exit_code != 0


def test_lists_command_refuses_a_bad_file_in_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = _write(tmp_path / "edo.txt", EDO + "3\tX\tbad\t1861\n")
    code = "import sys; from arpad.cli import main; sys.argv = ['arpad', *sys.argv[1:]]; main()"
    done = subprocess.run(
        [sys.executable, "-c", code, "lists", "X", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == f"arpad: error: {path}:5: rating must be a whole number, not 'bad'\n"


def test_lists_beside_the_ledgers_ratings_and_plot(tmp_path: Path) -> None:
    from tests.ledger.test_cli import _ledger

    db = _ledger(tmp_path)
    history = runner.invoke(app, ["history", "--db", db, "10000006", "--format", "json"])
    last = json.loads(history.output)[-1]
    edo = _write(tmp_path / "edo.txt", "Rank\tName\tRating\tYear\n7\tFelix Falk\t2100\t2024\n")
    args = ["lists", "Felix Falk", str(edo), "--db", db, "--player", "10000006"]
    shown = runner.invoke(app, args, env={"COLUMNS": "80"})
    assert shown.exit_code == 0, shown.output
    assert "arpad uscf" in shown.output and "2100 #7" in shown.output
    assert f"{last['post']:.0f}" in shown.output
    doc = json.loads(runner.invoke(app, [*args, "--json"]).output)
    assert doc["arpad"][-1]["post"] == last["post"] and doc["arpad"][-1]["system"] == "uscf"
    assert [r["rating"] for r in doc["published"]] == [2100]
    plot = tmp_path / "falk.png"
    drawn = runner.invoke(app, [*args, "--plot", str(plot)])
    assert drawn.exit_code == 0, drawn.output
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# -- the real files (../shared/data) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("relative", "rows", "players"),
    [
        ("historical-ratings-ecl2020/edo.txt", 48_932, 7_110),
        ("historical-ratings-ecl2020/chessmetrics_cmr.txt", 11_501, 1_608),
    ],
)
def test_real_yearly_tables_hold_what_source_md_says(
    relative: str, rows: int, players: int
) -> None:
    path = shared_data(relative)
    _, read = read_rows(path)
    assert len(read) == rows
    printed = {line.split("\t")[1] for line in path.read_text(encoding="utf-8").splitlines()[1:]}
    assert len(printed) == players
    # Spacing is not part of a name: Edo prints "Adolf  Anderssen" (two spaces) once,
    # beside "Adolf Anderssen"; read, the two are one name.
    merged = {n for n in printed if "  " in n and " ".join(n.split()) in printed}
    assert len({r.name for r in read}) == players - len(merged)


def test_real_fide_lists_hold_what_source_md_says() -> None:
    folder = shared_data("historical-ratings-ecl2020/fide_weeks_1975_2000")
    lists = [pl for f in list_files([folder]) for pl in read_lists(f)]
    assert [pl.year for pl in lists] == list(range(1975, 2001))  # 26 files
    assert sum(len(pl.rows) for pl in lists) == 255_169
    first = lists[0].rows[0]  # SOURCE.md's example of an abbreviated name
    assert (first.name, first.rank, first.federation) == ("R. Fischer", 1, "USA")


@pytest.mark.parametrize(
    ("name", "lines"),
    [
        ("ranking_chessplayers_1851_2000_yearly.csv.gz", 26_716),
        ("ranking_chessplayers_1851_2001_biannual.csv.gz", 45_448),
        ("ranking_chessplayers_1851_2001_quarterly.csv.gz", 43_001),
        ("ranking_chessplayers_2001_2004.csv.gz", 4_801),
    ],
)
def test_real_gravier_files_hold_what_source_md_says(name: str, lines: int) -> None:
    _, read = read_rows(shared_data(f"chessmetrics-jgravier/{name}"))
    assert len(read) == lines - 1  # SOURCE.md counts the header line


def test_real_lists_follow_one_player_across_sources() -> None:
    if not DATA.exists():
        pytest.skip(f"shared data not available: {DATA}")
    folders = [DATA / "historical-ratings-ecl2020", DATA / "chessmetrics-jgravier"]
    lists = [pl for f in list_files(folders) for pl in read_lists(f)]
    seen = trajectory(lists, "Garry Kasparov")
    names = {(s.source, s.row.name) for s in seen}
    # The same man under four spellings, each list's own.
    assert {("fide", "G. Kasparov"), ("fide", "Gary Kasparov")} <= names
    assert ("cm-yearly", "Kasparov, Garry K") in names
    assert ("chessmetrics", "Garry Kasparov") in names
    assert {s.source for s in seen} == {
        "chessmetrics", "cm-yearly", "cm-biannual", "cm-quarterly", "cm-monthly", "fide"
    }  # fmt: skip
    assert published.SOURCE_ORDER[0] == "edo"


def test_real_lists_at_80_columns_show_what_the_docs_show() -> None:
    """docs/historical.md's Kasparov excerpt, run as a user runs it."""
    if not DATA.exists():
        pytest.skip(f"shared data not available: {DATA}")
    folders = [str(DATA / "historical-ratings-ecl2020"), str(DATA / "chessmetrics-jgravier")]
    shown = runner.invoke(app, ["lists", "Garry Kasparov", *folders], env={"COLUMNS": "80"})
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    docs = (Path(__file__).resolve().parents[2] / "docs" / "historical.md").read_text()
    excerpt = docs.split("Kasparov at 80 columns")[1].split("```text\n")[1].split("```")[0]
    for line in excerpt.splitlines():
        if line.startswith("not shown"):  # the caption folds at 80 columns
            assert "not shown at 80 columns: cm-quarterly" in shown.output
        else:
            assert line in lines, line
    # "FIDE's January 1992 list puts Fischer first at 2780"
    args = ["lists", "Robert Fischer", folders[0], "--source", "fide", "--json"]
    fischer = json.loads(runner.invoke(app, args).output)["published"]
    assert [(r["name"], r["rank"], r["rating"]) for r in fischer if r["year"] == 1992] == [
        ("Robert J Fischer", 1, 2780)
    ]


@pytest.mark.parametrize(
    ("a", "b", "ratio"),
    [("gary", "garry", 0.89), ("adolf", "adolph", 0.73), ("emanuel", "edward", 0.31)],
)
def test_the_spelling_ratios_the_docs_give(a: str, b: str, ratio: float) -> None:
    """docs/decisions.md D-hist-2 and SPELLING_SIMILARITY's docstring quote these."""
    import difflib

    found = difflib.SequenceMatcher(None, a, b).ratio()
    assert round(found, 2) == ratio
    assert (found >= published.SPELLING_SIMILARITY) is (ratio > 0.5)
