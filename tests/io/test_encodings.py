"""Encodings named, compression transparent (issue 23.4, 23.5): a UTF-16 file (what a
spreadsheet saves as "Unicode text") is read as the same events as its UTF-8 original,
where it was "no finished game found" before; a ``.gz`` file is read by every reader as if
it were unpacked, where it was "invalid UTF-8 byte" before; a broken one is one line."""

from __future__ import annotations

import dataclasses
import gzip
from pathlib import Path

import pytest

from arpad.io import file_format, read_events, read_text
from tests.conftest import EXAMPLES
from tests.io.fuzz_harness import run

FILES = [
    EXAMPLES / "uscf-open.json",
    EXAMPLES / "ledger" / "2024-club-ladder.csv",
    EXAMPLES / "uscf-crosstable.txt",
    EXAMPLES / "steinitz-blackburne-1876.berard",
]


def _events(path: Path) -> list[object]:
    """The events of a file, without the file name they carry (a crosstable's event is
    named after its file: ``open.txt.gz`` as ``open.txt``, ``open.txt`` as ``open``)."""
    return [dataclasses.replace(e, source=None, id="-") for e in read_events(path)]


@pytest.mark.parametrize("original", FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_wide_encodings_read_as_the_same_events(
    original: Path, encoding: str, tmp_path: Path
) -> None:
    wide = tmp_path / original.name
    wide.write_bytes(original.read_text(encoding="utf-8").encode(encoding))
    assert file_format(wide) == file_format(original)
    assert _events(wide) == _events(original)


@pytest.mark.parametrize("original", FILES, ids=lambda p: p.name)
def test_gzip_files_read_as_the_same_events(original: Path, tmp_path: Path) -> None:
    packed = tmp_path / (original.name + ".gz")
    packed.write_bytes(gzip.compress(original.read_bytes()))
    assert file_format(packed) == file_format(original)
    assert _events(packed) == _events(original)
    assert read_text(packed) == read_text(original)
    done = run(["import", str(packed), "--db", str(tmp_path / "l.db"), "--date", "2024-01-31"])
    assert done.code == 0, done.stderr


def test_a_truncated_gzip_file_is_one_line(tmp_path: Path) -> None:
    packed = tmp_path / "open.json.gz"
    packed.write_bytes(gzip.compress((EXAMPLES / "uscf-open.json").read_bytes())[:300])
    for args in (["rate", str(packed)], ["import", str(packed), "--db", str(tmp_path / "l.db")]):
        done = run(args)
        assert done.code == 2
        assert f"{packed}: not a complete gzip file" in done.stderr.splitlines()[0]


def test_a_broken_wide_file_names_its_encoding(tmp_path: Path) -> None:
    broken = tmp_path / "open.json"
    data = (EXAMPLES / "uscf-open.json").read_text(encoding="utf-8").encode("utf-16")
    broken.write_bytes(data[:-1])  # half a character at the end
    done = run(["rate", str(broken)])
    assert done.code == 2 and "looks like UTF-16" in done.stderr


def test_a_json_integer_of_5000_digits_is_one_line(tmp_path: Path) -> None:
    """Before: int()'s own ValueError ("Exceeds the limit (4300 digits)") as a traceback."""
    path = tmp_path / "big.json"
    text = (EXAMPLES / "uscf-open.json").read_text(encoding="utf-8")
    assert '"games": 412' in text
    path.write_text(text.replace('"games": 412', '"games": ' + "9" * 5000, 1))
    done = run(["rate", str(path)])
    assert done.code == 2
    assert done.stderr.strip() == f"arpad: error: {path}:12: invalid JSON: a number of 5000 digits"
