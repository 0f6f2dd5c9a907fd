"""The games CSV: one file, many events."""

from __future__ import annotations

import datetime as dt
import io

import pytest

from arpad.errors import InputError
from arpad.io import detect_format, games_csv, read_events
from arpad.model import Pool
from tests.conftest import EXAMPLES

HEADER = "event,date,round,white,black,result\n"


def test_bundled_ladder_is_two_events() -> None:
    path = EXAMPLES / "ledger" / "2024-club-ladder.csv"
    assert detect_format(path.read_text()[:4096], str(path)) == "games-csv"
    july, august = read_events(path)
    assert (july.id, july.end_date, len(july.games)) == (
        "2024-07-club-ladder",
        dt.date(2024, 7, 23),
        6,
    )
    assert (august.id, august.end_date, len(august.games)) == (
        "2024-08-club-ladder",
        dt.date(2024, 8, 20),
        6,
    )
    assert july.player_ids == ("10000001", "10000003", "10000002", "10000005")
    assert july.games[1].score == 0.5 and july.games[1].round == 1


def test_columns_in_any_order_with_a_pool() -> None:
    text = "result,black,white,round,date,event,pool\n1-0,b,a,,2024-03-01,q1,quick\n"
    (event,) = games_csv.read(io.StringIO(text), "x.csv")
    assert event.pool == Pool.QUICK and event.games[0].white == "a" and event.games[0].round is None


@pytest.mark.parametrize(
    ("body", "line", "message"),
    [
        ("e,2024-01-01,1,a,b,2-0\n", 2, "unknown result '2-0'"),
        ("e,2024-01-01,1,a,b,1-0\ne,01/02/2024,2,a,b,1-0\n", 3, "ISO date"),
        ("e,2024-01-01,x,a,b,1-0\n", 2, "positive integer"),
        ("e,2024-01-01,1,a,a,1-0\n", 2, "cannot play themself"),
        ("e,2024-01-01,1,a\n", 2, "4 cells, expected 6"),
        ("e,2024-01-01,1,,b,1-0\n", 2, "empty player id"),
    ],
)
def test_errors_name_file_and_line(body: str, line: int, message: str) -> None:
    with pytest.raises(InputError) as err:
        games_csv.read(io.StringIO(HEADER + body), "games.csv")
    assert err.value.path == "games.csv" and err.value.line == line
    assert message in str(err.value)


def test_header_problems() -> None:
    with pytest.raises(InputError, match="unknown column 'colour'"):
        games_csv.read(io.StringIO("event,date,round,white,black,result,colour\n"), "g.csv")
    with pytest.raises(InputError, match="missing column 'round'"):
        games_csv.read(io.StringIO("event,date,white,black,result\n"), "g.csv")
    with pytest.raises(InputError, match="was 'regular' on line 2, here 'blitz'"):
        games_csv.read(
            io.StringIO(
                HEADER[:-1]
                + ",pool\ne,2024-01-01,1,a,b,1-0,regular\ne,2024-01-01,2,a,b,1-0,blitz\n"
            ),
            "g.csv",
        )
