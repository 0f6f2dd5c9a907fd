"""FIDE's players list: the TXT and XML readers (docs/formats.md, "FIDE's players list"),
the synthetic writer, and detection."""

from __future__ import annotations

import datetime as dt
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.errors import InputError
from arpad.io import file_format, read_events
from arpad.io.fide_players_list import (
    KINDS,
    ListPlayer,
    ListRating,
    date_from_name,
    describe,
    open_list,
)
from arpad.io.fide_players_writer import month_label, synthetic_players, write_list

DAY = dt.date(2026, 9, 1)

# The header of FIDE's combined TXT file and one line under it, laid out as FIDE's
# download page describes the columns (docs/formats.md): ID Number at column 1, Name at
# 16, Fed at 77, Sex at 81, Tit at 85, WTit at 90, OTit at 95, FOA at 110, SRtng at 114,
# SGm at 120, SK at 124, RRtng at 127, RGm at 133, Rk at 137, BRtng at 140, BGm at 146,
# BK at 150, B-day at 153, Flag at 159. The player is made up.
COMBINED_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


def _line(cells: dict[int, str]) -> str:
    out = [" "] * 165
    for column, text in cells.items():
        out[column - 1 : column - 1 + len(text)] = text
    return "".join(out).rstrip()


EXAMPLE = _line(
    {
        1: "4100018",
        16: "Example, Erika",
        77: "GER",
        81: "F",
        85: "IM",
        90: "WGM",
        95: "FA",
        114: "2456",
        120: "9",
        124: "10",
        127: "2390",
        133: "0",
        137: "20",
        153: "1994",
        159: "w",
    }
)


def test_the_combined_txt_line_is_read_by_fides_columns(tmp_path: Path) -> None:
    path = tmp_path / "players_list_foa.txt"
    path.write_text(COMBINED_HEADER + "\n" + EXAMPLE + "\n", encoding="latin-1")
    info, players = open_list(path)
    assert info.format == "txt" and info.kinds == KINDS and info.list_date is None
    [p] = list(players)
    assert describe(p) == {
        "fide_id": "4100018",
        "name": "Example, Erika",
        "federation": "GER",
        "sex": "F",
        "title": "IM",
        "birth_year": 1994,
        "flag": "w",
        "ratings": {"standard": (2456, 9, 10), "rapid": (2390, 0, 20)},
    }
    assert (p.women_title, p.other_titles, p.line) == ("WGM", "FA", 2)


def test_a_single_kind_list_takes_its_date_from_the_month_column(tmp_path: Path) -> None:
    players = list(synthetic_players(50))
    path = tmp_path / "blitz_sep26frl.txt"
    write_list(path, players, kinds=("blitz",), list_date=dt.date(2025, 3, 1))
    info, read = open_list(path)
    assert info.kinds == ("blitz",) and info.list_date == dt.date(2025, 3, 1)  # MAR25
    assert path.read_text().split()[9] == "MAR25"
    got = list(read)
    assert got and all([r.kind for r in p.ratings] == ["blitz"] for p in got)


def test_file_names_give_the_month() -> None:
    assert date_from_name("standard_sep26frl.txt") == DAY
    assert date_from_name("players_list_foa.txt") is None
    assert month_label(DAY) == "SEP26"


_names = (
    st.text(
        alphabet=st.sampled_from(string.ascii_letters + " ,-'" + "éöñßłŠ"), min_size=1, max_size=20
    )
    .map(str.strip)
    .filter(bool)
)
_ratings = st.lists(
    st.builds(
        ListRating,
        st.sampled_from(KINDS),
        st.integers(1000, 2900),
        st.none() | st.integers(0, 99),
        st.none() | st.sampled_from([10, 20, 40]),
    ),
    max_size=3,
    unique_by=lambda r: r.kind,
).map(lambda rs: tuple(sorted(rs, key=lambda r: KINDS.index(r.kind))))
_players = st.builds(
    ListPlayer,
    st.integers(1, 10**9).map(str),
    _names,
    st.none() | st.sampled_from(["GER", "IND", "FID"]),
    st.none() | st.sampled_from(["M", "F"]),
    st.none() | st.sampled_from(["GM", "IM", "FM"]),
    st.none() | st.sampled_from(["WGM", "WIM"]),
    st.none() | st.sampled_from(["IA", "FA,IO"]),
    st.none() | st.sampled_from(["AIM", "AFM"]),
    st.none() | st.integers(1900, 2020),
    st.none() | st.sampled_from(["i", "w", "wi"]),
    _ratings,
    st.just(0),
)


@settings(max_examples=40, deadline=None)
@given(st.lists(_players, max_size=12), st.sampled_from(["txt", "xml"]))
def test_what_the_writer_writes_the_reader_reads(
    tmp_path_factory: pytest.TempPathFactory, players: list[ListPlayer], fmt: str
) -> None:
    path = tmp_path_factory.mktemp("list") / f"players_list_sep26.{fmt}"
    write_list(path, players, list_date=DAY, fmt=fmt)
    info, read = open_list(path)
    assert info.list_date == DAY and info.format == fmt
    assert [describe(p) for p in read] == [describe(p) for p in players]


_any_names = st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=70)


def _carried(text: str | None, width: int | None) -> bool:
    """FIDE's layout's rule for a cell (the writer's ``carried``), restated."""
    if text is None:
        return True
    plain = not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in text)
    plain &= not set(text) & {"\u2028", "\u2029", "\ufffe", "\uffff"}
    fits = width is None or len(text.encode("utf-8")) <= width
    return plain and fits and text == text.strip()


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.builds(lambda p, n: p._replace(name=n), _players, _any_names), max_size=6),
    st.sampled_from(["txt", "xml"]),
)
def test_the_writer_writes_whole_cells_or_refuses(
    tmp_path_factory: pytest.TempPathFactory, players: list[ListPlayer], fmt: str
) -> None:
    """Any name (up to and over the 61 bytes of FIDE's Name column, control characters,
    blanks at the ends): read back the same, or refused with one line and no file.
    Before, a long name was cut at 61 bytes (in the middle of a character), a blank at
    an end was lost, and a control character broke the XML."""
    path = tmp_path_factory.mktemp("list") / f"players_list_sep26.{fmt}"
    width = 61 if fmt == "txt" else None
    try:
        write_list(path, players, list_date=DAY, fmt=fmt)
    except InputError as exc:
        assert "\n" not in str(exc) and "cannot write FIDE's layout" in str(exc)
        assert not any(path.parent.iterdir()), "a refused list left a file"
        assert not all(_carried(p.name, width) for p in players)
        return
    assert all(_carried(p.name, width) for p in players)
    _, read = open_list(path)
    assert [describe(p) for p in read] == [describe(p) for p in players]


@pytest.mark.parametrize("cell", ["²", "١٢٣٤", "1e40", "²²²²"])
def test_a_number_cell_of_other_digits_is_refused_with_its_line(tmp_path: Path, cell: str) -> None:
    """Before: ``int("²")`` and a 5,000-digit number raised ValueError (a traceback), and
    Arabic-Indic digits were read as a rating."""
    path = tmp_path / "players_list_foa.txt"
    line = EXAMPLE[:113] + cell + EXAMPLE[113 + 4 :]
    path.write_text(COMBINED_HEADER + "\n" + line + "\n", encoding="utf-8")
    _, players = open_list(path)
    with pytest.raises(InputError, match=r"players_list_foa.txt:2: .*is not a number"):
        list(players)


@pytest.mark.parametrize("cell", ["9" * 5000, "²", "٣"])
def test_an_xml_number_of_thousands_of_digits_is_refused_with_its_player(
    tmp_path: Path, cell: str
) -> None:
    """Before: ``int()`` of 5,000 digits raised its own ValueError (a traceback)."""
    path = tmp_path / "players_list_sep26.xml"
    player = f"<player><fideid>1</fideid><name>A</name><rating>{cell}</rating></player>"
    path.write_text(f"<playerslist>{player}</playerslist>", encoding="utf-8")
    _, players = open_list(path)
    with pytest.raises(InputError, match=r"players_list_sep26.xml:1: .*is not a number"):
        list(players)


def test_an_xml_list_in_an_unknown_encoding_is_one_line(tmp_path: Path) -> None:
    """Found by the seeded fuzz run (17 of 10,000 mutated lists): an XML declaration naming
    an encoding Python does not know raised LookupError (a traceback)."""
    path = tmp_path / "players_list_sep26.xml"
    player = "<player><fideid>1</fideid><name>A</name></player>"
    path.write_text(
        f'<?xml version="1.0" encoding="ut0000-00-00f-8"?>\n<playerslist>{player}</playerslist>'
    )
    _, players = open_list(path)
    with pytest.raises(InputError, match=r"players_list_sep26.xml:1: not readable XML: "):
        list(players)


def test_reading_streams_the_file(tmp_path: Path) -> None:
    path = tmp_path / "players_list_sep26.txt"
    write_list(path, synthetic_players(20_000), list_date=DAY)
    _, players = open_list(path)
    first = next(players)
    handle = players.gi_frame.f_locals["handle"]  # type: ignore[attr-defined]
    assert first.line == 2
    assert handle.tell() < path.stat().st_size / 50  # one buffer read, not the file
    players.close()
    assert handle.closed


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_after_the_header_give_players_or_a_located_error(
    tmp_path_factory: pytest.TempPathFactory, junk: bytes
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "players_list_sep26.txt"
    path.write_bytes(COMBINED_HEADER.encode() + b"\n" + junk)
    _, players = open_list(path)
    try:
        for p in players:
            assert p.fide_id.isdigit()
    except InputError as exc:
        assert exc.line is not None and str(path) in str(exc)


def test_the_list_is_detected_and_is_no_event_file(tmp_path: Path) -> None:
    for fmt in ("txt", "xml"):
        path = tmp_path / f"players_list_sep26.{fmt}"
        write_list(path, synthetic_players(3), list_date=DAY, fmt=fmt)
        assert file_format(path) == "fide-players"
        with pytest.raises(InputError, match="FIDE's players list, not an event file"):
            read_events(path)


def test_an_unknown_header_column_is_named(tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    path.write_text(COMBINED_HEADER.replace("OTit", "Club") + "\n")
    with pytest.raises(InputError, match=r"list.txt:1: unknown column 'Club'"):
        open_list(path)


@pytest.mark.parametrize(
    ("tag", "field", "limit"),
    [
        ("country", "federation", 40),
        ("sex", "sex", 10),
        ("title", "title", 40),
        ("w_title", "women title", 40),
        ("o_title", "other titles", 80),
        ("foa_title", "foa title", 40),
        ("flag", "flag", 10),
    ],
)
def test_a_code_longer_than_the_ledger_keeps_is_refused_naming_it(
    tmp_path: Path, tag: str, field: str, limit: int
) -> None:
    """The ledger's ``fide_players`` columns hold codes of these lengths: PostgreSQL
    refused a longer one at import with a database error, SQLite stored it. The reader
    refuses it, so both refuse the same list, and a value of exactly the limit is read."""
    path = tmp_path / "players_list_sep26.xml"
    for length, refused in ((limit, False), (limit + 1, True)):
        player = f"<player><fideid>1</fideid><name>A</name><{tag}>{'x' * length}</{tag}></player>"
        path.write_text(f"<playerslist>\n{player}</playerslist>", encoding="utf-8")
        _, players = open_list(path)
        if refused:
            with pytest.raises(
                InputError, match=rf"players_list_sep26.xml:\d+: {field} .* has {length} characters"
            ):
                list(players)
        else:
            assert len(list(players)) == 1
