"""PGN files of whole events, including the real ones in ../shared/data/pgn-real-events."""

from __future__ import annotations

import datetime as dt
import io
from collections import Counter

import pytest

from arpad.errors import InputError
from arpad.io import detect_format, pgn, read_events
from arpad.ledger import Ledger, PlayerKey
from arpad.model import Pool
from tests.conftest import shared_data


def test_tata_steel_2022_whole_event() -> None:
    """SOURCE.md: 91 games, a complete 14-player round robin of 13 rounds; results
    1-0 26, ½ 49, 0-1 16; Wijk aan Zee, January 2022."""
    path = shared_data("pgn-real-events/tata_steel_masters_2022.pgn")
    (event,) = read_events(path)
    assert detect_format(path.read_text()[:4096], str(path)) == "pgn"
    assert event.id == "84th-tata-steel-masters-2022"
    assert len(event.players) == 14 and len(event.games) == 91
    assert Counter(g.score for g in event.games) == {1.0: 26, 0.5: 49, 0.0: 16}
    assert {g.round for g in event.games} == set(range(1, 14))
    assert event.end_date == dt.date(2022, 1, 30)
    carlsen = event.player("Carlsen, Magnus")
    assert (carlsen.rating, carlsen.fide, carlsen.fide_id, carlsen.title) == (
        2865.0, 2865.0, "1503014", "GM",
    )  # fmt: skip
    assert all(len(event.games_of(p.id)) == 13 for p in event.players)


def test_candidates_2020_first_half() -> None:
    (event,) = read_events(shared_data("pgn-real-events/candidates_2020_first_half.pgn"))
    assert (len(event.players), len(event.games)) == (8, 28)
    assert all(len(event.games_of(p.id)) == 7 for p in event.players)


def test_new_york_1924_partial_dates_and_two_event_tags() -> None:
    """39 annotated games; dates '1924.??.??' imply the year 1924, so the events end on
    its last day (issue 23.4); one game's tag reads 'New York*', a second event in the
    same file with a distinct id."""
    events = read_events(shared_data("pgn-real-events/new_york_1924_partial_annotated.pgn"))
    assert [e.id for e in events] == ["new-york-1924", "new-york-1924-2"]
    assert sum(len(e.games) for e in events) == 39
    assert all(e.end_date == dt.date(1924, 12, 31) and e.end_date_implied for e in events)


def test_a_date_given_on_import_replaces_one_a_partial_date_implies(tmp_path: object) -> None:
    """'arpad import --date 1924-04-30': New York 1924 ended in April, not on the last day
    of the year its '1924.??.??' names."""
    ny = shared_data("pgn-real-events/new_york_1924_partial_annotated.pgn")
    with Ledger.open(f"{tmp_path}/ny.db") as ledger:
        assert not ledger.import_files([ny], default_date=dt.date(1924, 4, 30)).errors
        assert {e.end_date for e in ledger.events()} == {dt.date(1924, 4, 30)}


def test_ledger_imports_real_pgn_events(tmp_path: object) -> None:
    tata = shared_data("pgn-real-events/tata_steel_masters_2022.pgn")
    ny = shared_data("pgn-real-events/new_york_1924_partial_annotated.pgn")
    with Ledger.open(f"{tmp_path}/pgn.db") as ledger:
        assert not ledger.import_files([ny]).errors  # 1924.??.??: the end of 1924
        assert not ledger.import_files([tata], player_key=PlayerKey.FIDE_ID).errors
        ledger.rate_pending()
        ids = {r.player_id for r in ledger.rating_list("uscf", Pool.REGULAR)}
        assert "FIDE:1503014" in ids and "new-york-1924/Lasker, Emanuel" in ids  # D-ident-2
        assert ledger.check() == []


def test_errors_name_the_line_of_the_game() -> None:
    first = '[Event "A"]\n[Date "2024.01.01"]\n[White "x"]\n[Black "y"]\n[Result "1-0"]\n'
    second = '[Event "A"]\n[Date "2024.01.02"]\n[White "x"]\n[Black "x"]\n[Result "0-1"]\n'
    text = first + "\n1. e4 1-0\n\n" + second + "\n1. e4 0-1\n"
    with pytest.raises(InputError) as err:
        pgn.read(io.StringIO(text), "t.pgn")
    assert err.value.line == 9 and "cannot play themself" in str(err.value)
    with pytest.raises(InputError, match="WhiteElo 'strong' is not a rating"):
        pgn.read(
            io.StringIO(
                '[Event "A"]\n[White "x"]\n[Black "y"]\n[WhiteElo "strong"]\n'
                '[Result "1-0"]\n\n1-0\n'
            )
        )


def test_unfinished_games_are_left_out() -> None:
    text = '[Event "A"]\n[White "x"]\n[Black "y"]\n[Result "*"]\n\n1. e4 *\n\n'
    text += '[Event "A"]\n[White "y"]\n[Black "x"]\n[Result "1/2-1/2"]\n[Round "2.1"]\n\n1/2-1/2\n'
    (event,) = pgn.read(io.StringIO(text), "t.pgn")
    assert [(g.white, g.score, g.round) for g in event.games] == [("y", 0.5, 2)]
