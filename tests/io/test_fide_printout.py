"""The ``fide-printout/1`` CSV reader (arpad.io.fide_printout)."""

from __future__ import annotations

import io

import pytest

from arpad.errors import InputError
from arpad.io.fide_printout import read

GOOD = """# a comment
player,uscf,fed,ro,w,n,chg,uscf_rated
Kamsky,2795,ESP,2655,5.5,13,-0.61,
Kamsky,,USA,2655,2.5,3,-0.02,no
"""


def test_reads_rows_with_optional_columns() -> None:
    lines = read(io.StringIO(GOOD), "k.csv")
    assert [ln.line for ln in lines] == [3, 4]
    assert lines[0].uscf == 2795 and lines[1].uscf is None
    assert lines[0].uscf_rated is None and lines[1].uscf_rated is False
    assert lines[0].score == 5.5 and lines[0].games == 13 and lines[0].change == -0.61


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("player,ro,w,n\nK,2655,1,2\n", 1, "missing column 'chg'"),
        ("player,ro,w,n,chg,elo\n", 1, "unknown column 'elo'"),
        ("player,ro,w,n,chg\nK,2655,3,2,0.1\n", 2, "'w' must be a score"),
        ("player,ro,w,n,chg\nK,2655,1.25,2,0.1\n", 2, "'w' must be a score"),
        ("player,ro,w,n,chg\nK,26x5,1,2,0.1\n", 2, "'ro' must be a number"),
        ("player,ro,w,n,chg\nK,2655,1,2.5,0.1\n", 2, "'n' must be a whole number"),
        ("player,ro,w,n,chg\nK,2655,1,2\n", 2, "4 cells"),
        ("player,ro,w,n,chg\n,2655,1,2,0.1\n", 2, "missing value for 'player'"),
        ("player,ro,w,n,chg,uscf\nK,2655,1,2,0.1,2700\nK,2655,1,2,0.1,2710\n", 3, "earlier"),
        ("player,ro,w,n,chg,uscf_rated\nK,2655,1,2,0.1,maybe\n", 2, "yes or no"),
    ],
)
def test_errors_name_file_and_line(text: str, line: int, message: str) -> None:
    with pytest.raises(InputError, match=message) as info:
        read(io.StringIO(text), "p.csv")
    assert str(info.value).startswith(f"p.csv:{line}:")


def test_empty_file() -> None:
    with pytest.raises(InputError, match="no printout lines"):
        read(io.StringIO("# nothing\n\n"), "p.csv")
    with pytest.raises(InputError, match="no printout lines"):
        read(io.StringIO("player,ro,w,n,chg\n"), "p.csv")
