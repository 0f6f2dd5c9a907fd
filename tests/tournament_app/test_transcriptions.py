"""The shipped examples and data files say what the seed says (skipped without seeds)."""

from __future__ import annotations

from arpad.sim.paper import paper_table
from arpad.sim.populations import PopulationKind

from ..conftest import seed_line
from .conftest import EXAMPLES, world_cup_rows

SEED = "berard-pra-and-tournament-app.txt"


def seed_tokens(first: int, last: int) -> list[str]:
    return [tok for n in range(first, last + 1) for tok in seed_line(SEED, n).split()]


def example_tokens(name: str) -> list[str]:
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    return [tok for line in text.splitlines() for tok in line.split("#", 1)[0].split()]


FRANKFURT_LINES = [609, 613, 617, 621, 622, 623, 624, 628, *range(632, 643), 644, 645]


def test_frankfurt_example_is_the_papers_input_L609() -> None:
    # The data lines of L609–L645 (the prose between them left out), token for token.
    expected = [tok for n in FRANKFURT_LINES for tok in seed_line(SEED, n).split()]
    assert example_tokens("frankfurt-1997.berard") == expected


def test_isle_of_lewis_example_is_the_papers_input_L978() -> None:
    assert example_tokens("isle-of-lewis-1995-chessmetrics.berard") == seed_tokens(978, 991)


def test_isle_of_lewis_elo_header_L997() -> None:
    assert example_tokens("isle-of-lewis-1995-elo.berard")[:12] == seed_tokens(997, 1004)


def test_simulation_tables_are_the_papers_L469_L522() -> None:
    for kind, first in ((PopulationKind.STANDARD, 469), (PopulationKind.ELITE, 522)):
        table = paper_table(kind)
        printed = [
            [int(v) for v in seed_line(SEED, n).split()]
            for n in range(first + 1, first + 48)
            if seed_line(SEED, n).split() and seed_line(SEED, n).split()[0].isdigit()
        ]
        assert [list(r) for r in table.rows] == printed[: len(table.rows)]


def test_world_cup_rows_are_the_papers_L1239() -> None:
    for row in world_cup_rows():
        line = seed_line(SEED, int(row["line"].removeprefix("L")))
        assert f"{row['name']}: {row['p_zero']}, {row['perf_rating']}" in line
