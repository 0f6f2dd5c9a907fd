"""``file_format`` tells a file's format from its first bytes only, and tells the same
format as detecting it on the whole decoded text did (issue 15: an import no longer decodes
a large file a second time just to detect its format)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.errors import InputError
from arpad.io import detect_format, file_format, read_events, read_text
from tests.conftest import DATA, EXAMPLES


def _from_whole_text(path: Path) -> str:
    """How the format was told before: the whole file decoded, its beginning sniffed."""
    return detect_format(read_text(path)[:4096], str(path))


def _sample_files() -> list[Path]:
    files = [p for p in sorted(EXAMPLES.rglob("*")) if p.is_file() and p.name != "README.md"]
    for folder in ("trf-real", "pgn-real-events"):
        files += sorted(p for p in (DATA / folder).rglob("*") if p.suffix in (".trf", ".pgn"))[:5]
    return files


@pytest.mark.parametrize("path", _sample_files(), ids=lambda p: p.name)
def test_same_format_as_from_the_whole_text(path: Path) -> None:
    try:
        expected = _from_whole_text(path)
    except InputError:
        with pytest.raises(InputError):
            file_format(path)
        return
    assert file_format(path) == expected


_HEADER = "event,date,round,white,black,result\n"


@settings(max_examples=60, deadline=None)
@given(
    pad=st.integers(min_value=16_370, max_value=16_400),
    text=st.text(alphabet="aé€😀,\n", min_size=1, max_size=8),
    latin1=st.booleans(),
    bom=st.booleans(),
)
def test_a_character_cut_at_the_end_of_the_head(
    tmp_path_factory: pytest.TempPathFactory, pad: int, text: str, latin1: bool, bom: bool
) -> None:
    """Multi-byte characters around the end of the bytes sniffed, in UTF-8 (with or
    without a byte-order mark) and in Latin-1."""
    body = _HEADER + "x" * pad + text
    if latin1:
        data = body.encode("latin-1", errors="replace")
    else:
        data = (b"\xef\xbb\xbf" if bom else b"") + body.encode("utf-8")
    path = tmp_path_factory.mktemp("head") / "games.csv"
    path.write_bytes(data)
    assert file_format(path) == _from_whole_text(path) == "games-csv"


def test_a_file_that_is_not_text_says_so(tmp_path: Path) -> None:
    """Invalid UTF-8 in a file no reader recognises: the encoding error, as before."""
    path = tmp_path / "bad.txt"
    path.write_bytes("caf\u00e9 ".encode() + b"\xff nothing to see\n")
    with pytest.raises(InputError, match="invalid UTF-8 byte"):
        file_format(path)
    (tmp_path / "plain.txt").write_text("nothing to see\n", encoding="utf-8")
    with pytest.raises(InputError, match="cannot tell the format"):
        file_format(tmp_path / "plain.txt")
    with pytest.raises(InputError, match="no such file"):
        file_format(tmp_path / "missing.csv")


@pytest.mark.skipif(not Path("/dev/fd").is_dir(), reason="no /dev/fd")
def test_events_read_from_a_pipe(tmp_path: Path) -> None:
    """A pipe (``arpad rate <(…)``) can be read only once: it is read whole, as before."""
    text = _HEADER + "club,2024-01-09,1,a,b,1-0\nclub,2024-01-09,2,b,c,0-1\n"
    (tmp_path / "games.csv").write_text(text, encoding="utf-8")
    read, write = os.pipe()
    with os.fdopen(write, "w", encoding="utf-8") as sink:
        sink.write(text)
    try:
        from_pipe = read_events(f"/dev/fd/{read}")
    finally:
        os.close(read)
    from_file = read_events(tmp_path / "games.csv")
    assert [e.games for e in from_pipe] == [e.games for e in from_file]
    assert len(from_file[0].games) == 2
