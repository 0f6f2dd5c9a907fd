"""NaN, infinities and numbers off the scale are refused with one line and exit code 2 at
every entry of the command line (issue 23.5, issue 24.3): before, ``estimate --rating nan``
and ``-o K=1e400`` ended in a traceback and ``--rating -500`` was rated."""

from __future__ import annotations

import pytest

from tests.conftest import EXAMPLES
from tests.io.fuzz_harness import run


def _refused(args: list[str], says: str) -> None:
    result = run(args)  # as arpad.cli.main runs it; raises on a traceback
    assert result.code == 2, result.stdout
    if "Invalid value" in result.stderr:  # refused by the option's own type (typer's box)
        assert "is not a finite number" in result.stderr or "is past" in result.stderr
        return
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("arpad: error:"), result.stderr
    assert says in lines[0]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--rating", "nan", "--games", "30"], "rating must lie between 0 and 4000, not nan"),
        (["--rating", "inf", "--games", "30"], "not inf"),
        (["--rating", "1e400", "--games", "30"], "not inf"),
        (["--rating", "-500", "--games", "30"], "not -500.0"),
        (["--rating", "5000", "--games", "30"], "not 5000.0"),
        (["--rating", "1500", "--games", "30", "-p", "nan:W"], "opponent 2's rating"),
        (["--rating", "1500", "--games", "30", "-p", "-inf:D"], "opponent 2's rating"),
        (["--rating", "1500", "--games", str(10**20)], "games must be between 0"),
        (["--system", "fide", "--rating", "nan"], "rating must lie between"),
        (["--initial", "inf"], "initial rating must lie between"),
    ],
)
def test_estimate_refuses_numbers_off_the_scale(args: list[str], says: str) -> None:
    _refused(["estimate", "-p", "1500:W", *args], says)


@pytest.mark.parametrize(
    ("system", "option", "says"),
    [
        ("elo", "K=1e400", "option 'K' takes a finite number, not '1e400'"),
        ("elo", "K=inf", "option 'K' takes a finite number"),
        ("elo", "K=nan", "option 'K' takes a finite number"),
        ("fide1986", "K_new=inf", "option 'K_new' takes a finite number"),
        ("uscf", "B=-inf", "option 'B' takes a finite number"),
        ("fide", "K_new=" + "9" * 5000, "(5000 characters)"),
    ],
)
def test_system_options_refuse_non_finite_numbers(system: str, option: str, says: str) -> None:
    _refused(["rate", str(EXAMPLES / "uscf-open.json"), "--system", system, "-o", option], says)
    _refused(["estimate", "-p", "1500:W", "--system", "uscf", "-o", "B=inf"], "finite number")
