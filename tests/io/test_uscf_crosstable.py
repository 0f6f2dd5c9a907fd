"""The US Chess crosstable text reader (arpad.io.uscf_crosstable)."""

from __future__ import annotations

import io

import pytest

from arpad.errors import InputError
from arpad.io import detect_format, read_event, uscf_crosstable
from arpad.model import Pool, Unplayed
from tests.conftest import EXAMPLES

ISSUE_SAMPLE = """\
-------------------------------------------------------------------------
    7 | JANE Q PLAYER                   |5.0  |W   8|W  46|L   1|H    |D   9|
   MI | 12345678 / R: 1649   ->1673     |N:3  |W    |B    |B    |     |W    |
-------------------------------------------------------------------------
    8 | JOHN ROE                        |5.0  |L   7|X    |L  14|W   9|U    |
   MI | 15142253 / R: 1641P17->1657P24  |N:3  |B    |     |W    |B    |     |
-------------------------------------------------------------------------
"""


def _read(text: str) -> list[object]:
    return uscf_crosstable.read(io.StringIO(text), "x.txt")  # type: ignore[return-value]


def test_issue_sample_lines_parse_but_need_every_opponent() -> None:
    # The issue's two sample players meet opponents 46, 1, 14 and 9 who are not listed.
    with pytest.raises(InputError, match="round 2: opponent 46 is not in this section"):
        _read(ISSUE_SAMPLE)


def test_bundled_crosstable_example() -> None:
    e = read_event(EXAMPLES / "uscf-crosstable.txt")
    assert e.pool is Pool.REGULAR and str(e.end_date) == "2024-05-28"
    assert len(e.players) == 6 and len(e.games) == 11
    john = e.player("12000002")
    assert (john.rating, john.games, john.provisional) == (1641.0, 17, True)
    assert (john.published_post, john.published_games_after) == (1631.0, 21)
    jane = e.player("12000001")
    assert jane.games == uscf_crosstable.ESTABLISHED_UNKNOWN_GAMES and not jane.provisional
    assert e.player("12000005").rating is None
    # Colours: round 2 JOHN (white) drew JANE.
    g = next(g for g in e.games if g.round == 2 and "12000002" in (g.white, g.black))
    assert (g.white, g.black, g.score) == ("12000002", "12000001", 0.5)
    kinds = {(u.player, u.kind) for u in e.unplayed}
    assert kinds == {("12000003", Unplayed.HALF_BYE), ("12000004", Unplayed.FULL_BYE)}
    assert e.total_points("12000003") == 3.5


def test_sniffing_tells_crosstable_from_json() -> None:
    text = (EXAMPLES / "uscf-crosstable.txt").read_text()
    assert detect_format(text, "a.txt") == "uscf-crosstable"
    assert detect_format((EXAMPLES / "uscf-open.json").read_text(), "a.json") == "json"


def _two_players(cell_a: str, cell_b: str) -> str:
    return (
        f"    1 | A                               |1.0  |{cell_a}|\n"
        f"   MI | 10000001 / R: 1500   ->1510     |     |W    |\n"
        f"    2 | B                               |0.0  |{cell_b}|\n"
        f"   MI | 10000002 / R: 1500   ->1490     |     |B    |\n"
    )


def test_inconsistent_results_name_the_line() -> None:
    with pytest.raises(InputError) as info:
        _read(_two_players("W   2", "W   1"))
    assert info.value.line == 1 and "expected 'L 1'" in str(info.value)


def test_unreadable_cell() -> None:
    with pytest.raises(InputError, match=r"x.txt:3: round 1: cannot read cell 'Q   1'"):
        _read(_two_players("W   2", "Q   1"))


def test_dual_rated_crosstable_reads_both_ratings() -> None:
    text = (
        "    1 | A                               |1.0  |W   2|\n"
        "   MI | 10000001 / R: 2300   ->2305     |     |W    |\n"
        "      |            Q: 2250P12->2260P13  |     |     |\n"
        "    2 | B                               |0.0  |L   1|\n"
        "   MI | 10000002 / R: 2100   ->2095     |     |B    |\n"
        "      |            Q: 2000   ->1990     |     |     |\n"
    )
    (e,) = _read(text)
    assert e.dual_rated and e.pools == (Pool.REGULAR, Pool.QUICK)  # type: ignore[attr-defined]
    a = e.player("10000001")  # type: ignore[attr-defined]
    assert a.other_pools[Pool.QUICK].rating == 2250.0 and a.other_pools[Pool.QUICK].games == 12
