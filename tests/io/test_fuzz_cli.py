"""Every reader through the command line: any bytes give a result or a one-line error with
exit code 2, never a traceback, and a refused import stores nothing (issue 15, point 10).

The inputs are mutations of valid seed documents (see :mod:`tests.io.fuzz_harness`); the
long run is ``scripts/fuzz_readers.py``. The explicit cases below are the classes of input
that broke a reader before, each kept as a regression test.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings

from tests.io.fuzz_harness import HAND_SEEDS, SEEDS, check_input, inputs, run
from tests.io.writer_seeds import WRITER_SEEDS

FUZZ = settings(
    max_examples=30,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("fmt", list(SEEDS))
def test_every_reader_survives_mutated_files(fmt: str) -> None:
    @FUZZ
    @given(inputs(fmt))
    def one(data: bytes) -> None:
        check_input(fmt, data)

    one()


@pytest.mark.parametrize("fmt", list(SEEDS))
def test_the_seed_documents_are_valid(fmt: str) -> None:
    """The seeds must be accepted, or the mutations would start from a refused file."""
    for data in SEEDS[fmt]():
        check_input(fmt, data)


@pytest.mark.parametrize("writer", list(WRITER_SEEDS))
def test_every_writer_seeds_the_fuzz(writer: str) -> None:
    """The mutations start from arpad's own files too (issue 24.4): every writer's output
    is among the seeds of the format its reader fuzzes."""
    fmt, write = WRITER_SEEDS[writer]
    written = write()
    assert written, f"{writer} wrote nothing"
    assert all(data in SEEDS[fmt]() for data in written)
    assert not set(written) & set(HAND_SEEDS[fmt]())


def _seed(fmt: str) -> str:
    return SEEDS[fmt]()[0].decode()


CASES = [
    # (format, pattern in the seed, replacement, what the error must say)
    ("trf", "2100", "²²²²", "rating must be a number"),
    ("trf", "2100", "١٢٣٤", "rating must be a number"),
    ("trf", "2100", "9999", "between 0 and 4000"),
    ("trf", " 1.5 ", " nan ", "points must be a number"),
    ("trf", "   2 w 1", "   ² w 1", "unknown round entry"),
    ("pgn", "2865", "1e400", "not a rating"),
    ("pgn", "2865", "inf", "not a rating"),
    ("pgn", "2865", "nan", "not a rating"),
    ("pgn", "2865", "١٢٣٤", "not a rating"),
    ("pgn", "2865", "9" * 400, "not a rating"),
    ("pgn", 'Round "1.1"', f'Round "{2**63}"', "round must be between"),
    ("json", '"rating": 1650.0', '"rating": 1e400', "must be a finite number"),
    ("json", '"rating": 1650.0', '"rating": 4000.5', "between 0 and 4000"),
    ("json", '"rating": 1650.0', '"rating": -1', "between 0 and 4000"),
    ("json", '"rating": 1650.0', '"rating": NaN', "NaN is not a JSON number"),
    ("json", '"rating": 1650.0', '"rating": -Infinity', "-Infinity is not a JSON number"),
    ("json", '"rating": 1650.0', '"rating": ' + "9" * 400, "out of range"),
    ("json", '"games": 412', '"games": ' + "9" * 400, "400 digits"),
    ("json", '"round": 1', f'"round": {2**63}', "round must be between"),
    ("json", '"id": "1', '"id": "1' + "x" * 201, "at most 200 characters"),
    ("json", '"name": "', '"name": "\\u0000', "NUL"),
    (
        "json",
        '"Alice Ames"',
        '"Alice Ames", "title": "' + "G" * 41 + '"',
        "title must be at most 40",
    ),
    ("uscf-crosstable", "1641P17", "1641P" + "9" * 400, "not a number of 400 digits"),
    ("uscf-crosstable", "1641P17", "1641P9999999", "between 0 and 1,000,000"),
    ("uscf-crosstable", "1641P17", "9641P17", "between 0 and 4000"),
    ("games-csv", ",1,", ",²,", "round must be a positive integer"),
    ("games-csv", ",1,", ",١,", "round must be a positive integer"),
    ("games-csv", ",1,", f",{2**63},", "round must be between"),
    ("games-csv", "10000001", "x" * 200_000, "a cell of more than 131,072 characters"),
    ("berard", "\n2730 ", "\n1e400 ", "initial rating"),
    ("berard", "\n2730 ", "\nnan ", "initial rating"),
    ("berard", "\n2730 ", "\n9999 ", "between 0 and 4000"),
    ("berard", "\n2\n", "\n²\n", "number of players"),
]


@pytest.mark.parametrize(("fmt", "old", "new", "message"), CASES)
def test_known_hostile_fields_are_refused_with_their_line(
    fmt: str, old: str, new: str, message: str, tmp_path: object
) -> None:
    seed = _seed(fmt)
    assert old in seed, old
    data = seed.replace(old, new, 1).encode()
    check_input(fmt, data)
    path = f"{tmp_path}/event.{fmt}"
    with open(path, "wb") as handle:
        handle.write(data)
    refused = run(["rate", path, "--input-format", fmt, "--json"])
    assert refused.code == 2
    assert message in refused.stderr
    assert re.search(rf"{re.escape(path)}(:\d+){{1,2}}: ", refused.stderr), refused.stderr


def test_nested_json_is_refused(tmp_path: object) -> None:
    path = f"{tmp_path}/deep.json"
    with open(path, "w") as handle:
        handle.write("[" * 100_000 + "]" * 100_000)
    refused = run(["rate", path, "--input-format", "json"])
    assert refused.code == 2 and "nested too deeply" in refused.stderr


def test_bare_carriage_returns_end_lines(tmp_path: object) -> None:
    path = f"{tmp_path}/ladder.csv"
    with open(path, "wb") as handle:
        handle.write(_seed("games-csv").replace("\n", "\r").encode())
    done = run(["import", path, "--db", f"{tmp_path}/l.db"])
    assert done.code == 0, done.stderr
    assert "2 event(s)" in done.stdout


def test_invalid_utf8_in_a_utf8_file_is_refused_at_its_byte(tmp_path: object) -> None:
    data = _seed("trf").encode()
    at = data.index(b"Delta")
    path = f"{tmp_path}/bad.trf"
    with open(path, "wb") as handle:
        handle.write(data[:at] + b"\xff" + data[at:])
    refused = run(["rate", path])
    assert refused.code == 2
    assert f"bad.trf:7: invalid UTF-8 byte b'\\xff' at byte offset {at}" in refused.stderr


def test_a_latin1_file_is_still_read(tmp_path: object) -> None:
    path = f"{tmp_path}/old.trf"
    with open(path, "wb") as handle:
        handle.write(_seed("trf").encode("latin-1"))
    done = run(["rate", path, "--json"])
    assert done.code == 0 and "Béta, Bruno" in done.stdout
