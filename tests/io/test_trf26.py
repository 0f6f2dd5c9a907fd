"""TRF26 records and writing events back as TRF16 / TRF26 (round trips on the real files of
``../shared/data/trf-real``)."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.errors import InputError
from arpad.io import trf, trf_writer
from arpad.model import Event, Game, PlayerEntry, RatingKind, Unplayed
from arpad.systems import get_system
from tests.conftest import shared_data

REAL = [
    "trf-real/fide_example1_karl_mala_2005.trf",
    "trf-real/lichess_swiss_2020_06.trf",
    "trf-real/lichess_swiss_2021_03.trf",
]


def _read(text: str, path: str = "x.trf") -> Event:
    return trf.read(io.StringIO(text), path)[0]


def _same(a: Event, b: Event) -> None:
    """Equal as events (source lines and the file path aside)."""
    assert replace(a, source=None) == replace(b, source=None)


def _without_bye_dummies(event: Event) -> Event:
    """The event as written back: a bye dummy (``spielfrei``) is not a player."""
    dummies = trf_writer.bye_dummies(event)
    return replace(
        event,
        players=tuple(p for p in event.players if p.id not in dummies),
        unplayed=tuple(u for u in event.unplayed if u.player not in dummies),
    )


@pytest.mark.parametrize("name", REAL)
@pytest.mark.parametrize("version", ["16", "26"])
def test_real_files_round_trip(name: str, version: trf_writer.Version) -> None:
    path = shared_data(name)
    original = trf.read(io.StringIO(path.read_text(encoding="latin-1")), str(path))[0]
    text = trf_writer.dumps(original, version)
    again = _read(text)
    _same(_without_bye_dummies(original), again)
    # and the written file is a fixed point
    assert trf_writer.dumps(again, version) == text


def test_karl_mala_written_columns() -> None:
    path = shared_data(REAL[0])
    event = trf.read(io.StringIO(path.read_text(encoding="latin-1")), str(path))[0]
    first = next(ln for ln in trf_writer.dumps(event).splitlines() if ln.startswith("001"))
    assert first[:4] == "001 " and first[4:8] == "   1"
    assert first[48:52] == "2558"  # rating, columns 49-52
    assert first[91:99].strip()  # round 1 from column 92
    assert event.start_date is not None and event.start_date.isoformat() == "2005-07-28"


def _cols(*pieces: tuple[int, str]) -> str:
    """A fixed-column record from (1-based column, text) pieces."""
    line = ""
    for col, text in pieces:
        line = line.ljust(col - 1) + text
    return line


def _player(rank: int, sex: str, name: str, rating: str, born: str, pts: str, *rounds: str) -> str:
    pieces = [(1, "001"), (5, f"{rank:>4}"), (10, sex), (15, name), (49, rating), (54, "GER")]
    pieces += [(70, born), (81, pts), (86, f"{rank:>4}")]
    pieces += [(92 + 10 * i, cell) for i, cell in enumerate(rounds)]
    return _cols(*pieces)


def _national(rank: int, rating: str) -> str:
    return _cols((1, "GER"), (5, f"{rank:>4}"), (15, "x"), (49, rating), (54, "BAV"))


TRF26 = "\n".join(
    [
        "012 Test Open 2026",
        "042 2026/03/06",
        "052 2026/03/08",
        "142 3",
        "### a comment line",
        _player(1, "m", "Alpha,Anna", "2100", "1990/01/01", " 2.5", "   2 w 1", "   3 b =",
                "0000 - H"),
        _player(2, "w", "Beta,Berta", "1900", "1995/01/01", " 1.0", "   1 b 0", "0000 - F",
                "   3 w L"),
        _player(3, "m", "Gamma,Gert", "   0", "2000/01/01", " 1.5", "0000 - Z", "   1 w =",
                "   2 b W"),
        _national(1, "2150"),
        _national(3, "1750"),
        "240 Z 001  003",
    ]
) + "\n"  # fmt: skip


def test_trf26_national_ratings_byes_and_under_one_move() -> None:
    event = _read(TRF26)
    alpha = event.player("1")
    assert alpha.rating == 2100 and alpha.rating_kind == RatingKind.FIDE
    (national,) = alpha.ratings
    assert (national.kind, national.value, national.federation) == ("national", 2150.0, "GER")
    gamma = event.player("3")
    assert gamma.rating is None and gamma.ratings[0].value == 1750
    # W/D/L: played in under one move, counted in the standings, not rated
    unrated = [g for g in event.games if not g.rated]
    assert [(g.white, g.black, g.score) for g in unrated] == [("2", "3", 0.0)]
    # the 240 record repeats gamma's own zero-point bye of round 1: recorded once
    byes = sorted((u.player, u.round, u.kind) for u in event.unplayed)
    assert byes == [
        ("1", 3, Unplayed.HALF_BYE),
        ("2", 2, Unplayed.FULL_BYE),
        ("3", 1, Unplayed.UNPLAYED),
    ]
    text = trf_writer.dumps(event, "26")
    assert "GER    1" in text and "142 3" in text
    _same(event, _read(text))
    assert "GER    1" not in trf_writer.dumps(event, "16")


def test_trf26_bye_record_adds_a_missing_bye() -> None:
    text = TRF26.replace("0000 - H", "").replace("240 Z 001  003", "240 H 003  001")
    event = _read(text)
    assert ("1", 3, Unplayed.HALF_BYE) in {(u.player, u.round, u.kind) for u in event.unplayed}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (_national(9, "2150"), "starting rank 9"),
        (_national(1, "21x0"), "national rating"),
        ("240 Q 001  001", "type F, H or Z"),
        ("240 H 001  042", "starting rank 42"),
    ],
)
def test_trf26_bad_records_name_the_line(line: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as err:
        _read(TRF26 + line + "\n")
    assert err.value.line == len(TRF26.splitlines()) + 1


def test_pairing_extension_records_are_not_national_ratings() -> None:
    event = _read(TRF26 + "XXR 10\nXXC white1\n")
    assert event.player("1").ratings[0].federation == "GER"


def test_rated_event_written_with_its_changes_as_trf26_comments() -> None:
    event = _read(TRF26)
    result = get_system("fide").rate_event(event)
    text = trf_writer.dumps(event, "26", result)
    assert "### fide: starting rank, pre, post, change" in text
    _same(event, _read(text))


names = st.text(st.characters(min_codepoint=65, max_codepoint=90), min_size=1, max_size=20)


@settings(max_examples=60)
@given(st.lists(st.tuples(names, st.one_of(st.none(), st.integers(1001, 2900))), min_size=2,
                max_size=8),
       st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7), st.sampled_from([0.0, 0.5, 1.0]),
                          st.booleans()), max_size=12))  # fmt: skip
def test_written_events_read_back(
    players: list[tuple[str, int | None]], games: list[tuple[int, int, float, bool]]
) -> None:
    entries = [
        PlayerEntry(str(i + 1), name=n, rating=None if r is None else float(r), fide=r and float(r))
        for i, (n, r) in enumerate(players)
    ]
    n = len(entries)
    played = [
        Game(str(a % n + 1), str(b % n + 1), s, rated=rated)
        for a, b, s, rated in games
        if a % n != b % n
    ]
    event = Event("e", tuple(entries), tuple(played), name="e")
    back = _read(trf_writer.dumps(event, "26"))
    assert [(g.white, g.black, g.score, g.rated) for g in back.games] == [
        (g.white, g.black, g.score, g.rated) for g in played
    ] or sorted((g.white, g.black, g.score, g.rated) for g in back.games) == sorted(
        (g.white, g.black, g.score, g.rated) for g in played
    )
    assert [p.rating for p in back.players] == [p.rating for p in entries]


def test_cli_trf_writes_a_report_that_reads_back(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from arpad.cli import app

    path = shared_data(REAL[0])
    out = tmp_path / "report.trf"
    run = CliRunner().invoke(app, ["trf", str(path), "--system", "fide", "--output", str(out)])
    assert run.exit_code == 0, run.output
    original = trf.read(io.StringIO(path.read_text(encoding="latin-1")), str(path))[0]
    _same(_without_bye_dummies(original), _read(out.read_text(encoding="utf-8")))
    assert list(tmp_path.iterdir()) == [out]  # no temporary file left behind


@settings(max_examples=200)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["GER", "240", "###", "USA", "XXR"]),
            st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=60),
        ),
        max_size=5,
    )
)
def test_fuzzed_trf26_records_read_or_fail_with_a_line(records: list[tuple[str, str]]) -> None:
    """Any TRF26 record, however broken, gives an event or an InputError naming its line."""
    text = TRF26 + "".join(f"{code} {rest}\n" for code, rest in records)
    try:
        _read(text)
    except InputError as err:
        assert err.line is not None and err.line > len(TRF26.splitlines())


TEMPLATE_ROWS = (
    "DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB "
    "PPPP RRRR  1111 1 1  2222 2 2\n"
    "240 T RRR PPPP PPPP\n"
)


def test_trf26_header_template_rows_are_skipped_with_a_note(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Some TRF26 files keep the layout rows of the Annex in their header (``DDD SSSS
    sTTT …``, ``240 T RRR PPPP``); they are not data: skipped with a warning naming the
    line, the file read as without them (it was refused: "starting rank must be a
    number")."""
    with caplog.at_level("WARNING"):
        event = _read(TEMPLATE_ROWS + TRF26)
    assert event == _read(TRF26)
    notes = [r.getMessage() for r in caplog.records if "template" in r.getMessage()]
    assert len(notes) == 2 and "x.trf:1" in notes[0] and "x.trf:2" in notes[1]


def test_trf_keeps_header_records_and_ranks_for_writing_back() -> None:
    text = "022 Frankfurt\n092 Swiss\n122 90'+30''\n" + TRF26
    event = _read(text)
    assert ("022", " Frankfurt") in event.records and ("122", " 90'+30''") in event.records
    written = trf_writer.dumps(event, "26").splitlines()
    kept = [written.index(r) for r in ("022 Frankfurt", "092 Swiss", "122 90'+30''")]
    assert kept == sorted(kept)
