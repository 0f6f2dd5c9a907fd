"""The reproducers of issue 24's fuzz run, one test each: every one was a traceback (or a
file accepted that should not be) before the limits were enforced in one place
(:mod:`arpad.io.fields`, :func:`arpad.model.check_date`, :func:`arpad.model.check_text`).

Each case changes a valid seed document in one place; the file must pass the fuzz contract
(:func:`tests.io.fuzz_harness.check_input`: exit 0 or 2, one-line errors, nothing stored
on refusal) and the reader's one line must say what is wrong, with the file and line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.io.fuzz_harness import FORMAT_OF, SEEDS, SUFFIXES, Outcome, check_input, run

CASES = [
    # (seed, text in the seed, replacement, what the one line says)
    ("kaggle2010", "\n3,", "\n1000000,", "month must be between 1 and 35,988"),
    ("kaggle2010", "\n3,", "\n" + "9" * 5000 + ",", "a number of 5000 digits"),
    ("kaggle2010", "\n3,", "\n²,", "month must be a whole number"),
    ("kaggle2010", "\n3,", "\n٣,", "month must be a whole number"),
    ("kaggle2010", "\n3,", "\n" + "3" * 140_000 + ",", "a cell of more than 131,072"),
    ("dated-games", "E10", "x" * 140_000, "a cell of more than 131,072 characters"),
    ("dated-games", "2020-03-02", "9999-12-31", "date must lie between 0001-01-01 and 2999"),
    ("dated-games", "2020-03-02", "٢٠٢٠-03-02", "must be an ISO date"),
    ("dated-games", "2020-03-02", "2020-02-30", "is not a day of the calendar"),
    ("games-csv", "2024-07-09", "9999-12-31", "date must lie between 0001-01-01 and 2999"),
    ("pgn", "2022.01.15", "9999.12.31", "end date must lie between"),
    ("pgn", 'Round "1.1"', 'Round "' + "9" * 5000 + '"', "not a number of 5000 digits"),
    ("trf26", "2150", "²150", "national rating must be a number"),
    ("trf26", "2150", "٢١٥٠", "national rating must be a number"),
    ("trf", "   2 w 1", "   " + "2" * 5000 + " w 1", "5000 digits"),
    ("fide-printout", "Linares", "L" * 140_000, "a cell of more than 131,072 characters"),
    ("fide-printout", "2655,2678", "99999,2678", "'ro' must lie between 0 and 4000"),
    ("fide-printout", ",2795,", "," + "9" * 5000 + ",", "'uscf' must be a number"),
    ("fide-printout", "5.5,13", "٥.٥,13", "'w' must be a number"),
    ("json", '"name": "Alice', '"name": "\\ud800Alice', "lone surrogate (U+D800"),
    ("json", '"end_date": "2024-04-14"', '"end_date": "9999-12-31"', "end date must lie"),
]


def _outcome(seed: str, data: bytes, tmp_path: Path) -> Outcome:
    path = tmp_path / f"event{SUFFIXES[seed]}"
    path.write_bytes(data)
    if seed == "fide-printout":
        return run(["fide-adjust", str(path)])
    return run(["rate", str(path), "--input-format", FORMAT_OF.get(seed, seed), "--json"])


@pytest.mark.parametrize(("seed", "old", "new", "says"), CASES)
def test_issue_24_reproducers_are_one_line_errors(
    seed: str, old: str, new: str, says: str, tmp_path: Path
) -> None:
    original = SEEDS[seed]()[0].decode()
    assert old in original, old
    data = original.replace(old, new, 1).encode("utf-8", "surrogatepass")
    check_input(seed, data)
    outcome = _outcome(seed, data, tmp_path)
    assert outcome.code == 2, outcome.stdout[:300]
    (line,) = outcome.stderr.strip().splitlines()
    assert says in line, line
    assert str(tmp_path / "event") in line


def test_a_bare_carriage_return_in_a_printout_cell_ends_the_line(tmp_path: Path) -> None:
    """Before: csv's "new-line character seen in unquoted field" as a traceback."""
    original = SEEDS["fide-printout"]()[0].decode()
    data = original.replace("Linares", "Lin\rares", 1).encode()
    check_input("fide-printout", data)
    outcome = _outcome("fide-printout", data, tmp_path)
    assert outcome.code == 2 and ":6: 5 cells, the header has 12" in outcome.stderr


@pytest.mark.parametrize("seed", ["games-csv", "dated-games"])
def test_a_repeated_header_is_skipped(seed: str, tmp_path: Path) -> None:
    """Two CSV files joined end to end (``cat a.csv b.csv``): the second header is not a
    game. Before: refused as a bad date (dated games) or a traceback."""
    original = SEEDS[seed]()[0].decode()
    header = original.splitlines()[0]
    data = (original + header + "\n" + original.split("\n", 1)[1]).encode()
    check_input(seed, data)
    path = tmp_path / f"joined{SUFFIXES[seed]}"
    path.write_bytes(data)
    done = run(["import", str(path), "--format", seed, "--db", str(tmp_path / "l.db")])
    assert done.code in (0, 2)
    assert "not 'date'" not in done.stderr and "header" not in done.stderr


@pytest.mark.parametrize(
    ("seed", "old", "new"),
    [
        ("trf", "   2 w 1", "  1 2 w 1"),  # a TRF round cell with an inner space
        ("trf26", "   2 w 1", "  1 2 w 1"),
        ("uscf-crosstable", "W   4", "W" + "9" * 5000),  # an opponent of 5,000 digits
        ("uscf-crosstable", "|H    |", "|X" + "9" * 5000 + "|"),  # a forfeit's, robust2's run
    ],
)
def test_the_long_runs_reproducers_pass_the_contract(seed: str, old: str, new: str) -> None:
    """Found by the 100,000-input run (docs/formats.md): int() of a cell's opponent."""
    original = SEEDS[seed]()[0].decode()
    assert old in original, old
    check_input(seed, original.replace(old, new, 1).encode())
