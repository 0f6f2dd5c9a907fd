"""§1.7 "Example calculations" (uscf-ratings-committee-1994.txt L249–L300): both columns of
all three tables come out of the two systems.

CurrSys is ``uscf1993``, NewSys is ``uscf1994``. Every value is printed as an integer, so
each is asserted within 0.5. The NewSys values of Examples 1 and 2 are §4's non-iterative
performance rating (the exact one would give 523 and 1596 at 0.5 and 4.5 in Example 1);
Example 3's NewSys is 700 + K(W − We) with the unrounded K = 600/14 = 42.857 (with the
rounded K = 43 of L229 the 4.5 row would be 876.9 → 877, not the printed 876).
"""

from __future__ import annotations

from typing import TypedDict

import pytest

from arpad.model import PlayerEntry
from arpad.systems import get_system
from tests.conftest import seed_line
from tests.uscf1994.helpers import SEED, one_player_event

SCORES = [i / 2 for i in range(11)]


class Example(TypedDict):
    first_line: int
    opponents: list[float]
    rows: list[tuple[int, int]]


# (CurrSys, NewSys) per total score 0.0, 0.5, …, 5.0, transcribed from the seed.
EXAMPLE_1: Example = {  # L253–L266: unrated against 700, 850, 950, 1200, 1500
    "first_line": 256,
    "opponents": [700.0, 850.0, 950.0, 1200.0, 1500.0],
    "rows": [
        (640, 256), (720, 531), (800, 689), (880, 806), (960, 912), (1040, 1018),
        (1120, 1130), (1200, 1255), (1280, 1403), (1360, 1592), (1440, 2043),
    ],
}  # fmt: skip
EXAMPLE_2: Example = {  # L268–L281: unrated against five players rated 1040
    "first_line": 271,
    "opponents": [1040.0] * 5,
    "rows": [
        (640, 428), (720, 658), (800, 799), (880, 893), (960, 970), (1040, 1040),
        (1120, 1110), (1200, 1187), (1280, 1281), (1360, 1422), (1440, 1652),
    ],
}  # fmt: skip
EXAMPLE_3: Example = {  # L285–L298: provisional 700 on 10 games against 900 … 1450
    "first_line": 288,
    "opponents": [900.0, 1100.0, 1350.0, 1400.0, 1450.0],
    "rows": [
        (747, 684), (773, 705), (800, 726), (827, 748), (853, 769), (880, 791),
        (907, 812), (933, 834), (960, 855), (987, 876), (1013, 898),
    ],
}  # fmt: skip
EXAMPLES = {"example1": EXAMPLE_1, "example2": EXAMPLE_2, "example3": EXAMPLE_3}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_transcription_matches_the_seed(name: str) -> None:
    example = EXAMPLES[name]
    for i, (curr, new) in enumerate(example["rows"]):
        line = seed_line(SEED, example["first_line"] + i)
        assert line.split() == [f"{SCORES[i]:.1f}", str(curr), str(new)]


def _player(name: str) -> PlayerEntry:
    if name == "example3":
        return PlayerEntry("x", rating=700.0, games=10)
    return PlayerEntry("x")


@pytest.mark.parametrize("column", [0, 1], ids=["CurrSys-uscf1993", "NewSys-uscf1994"])
@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_uscf1994_section_1_7_tables_L249(name: str, column: int) -> None:
    example = EXAMPLES[name]
    system = get_system("uscf1993" if column == 0 else "uscf1994")
    for total, row in zip(SCORES, example["rows"], strict=True):
        event = one_player_event(_player(name), example["opponents"], total)
        post = system.rate_event(event).player("x").post
        assert post == pytest.approx(row[column], abs=0.5), f"score {total}"


def test_example_3_uses_the_unrounded_k_L229() -> None:
    # L229 prints K = 600/(10 + 5 − 1) = 43; the table needs 42.857: at 4.5 points
    # 700 + 42.857·(4.5 − 0.38496) = 876.36 → 876 (printed), 700 + 43·(…) = 876.95 → 877.
    event = one_player_event(_player("example3"), EXAMPLE_3["opponents"], 4.5)
    rating = get_system("uscf1994").rate_event(event).player("x")
    assert rating.k == pytest.approx(600 / 14)
    assert round(rating.post or 0.0) == 876


def test_example_1_newsys_is_the_non_iterative_formula_not_the_exact_one() -> None:
    # At 0.5 points the exact performance rating is 523.1; the §4 formula gives 531.4 and
    # the table prints 531 (L257).
    event = one_player_event(PlayerEntry("x"), EXAMPLE_1["opponents"], 0.5)
    rating = get_system("uscf1994").rate_event(event).player("x")
    assert rating.post == pytest.approx(531.36, abs=0.01)
    assert rating.method == "performance"


def test_all_wins_and_all_losses_are_nominal_L205() -> None:
    for total, method in ((0.0, "nominal"), (5.0, "nominal"), (2.5, "performance")):
        event = one_player_event(PlayerEntry("x"), EXAMPLE_1["opponents"], total)
        assert get_system("uscf1994").rate_event(event).player("x").method == method
