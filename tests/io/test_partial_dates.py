"""Partial PGN dates (issue 23.4): historians' collections date games ``1988.??.??`` or
``1988.05.??``; an event dated only so ends on the last day of the period the date
implies, so the ledger can order and import it (before: "has no end date")."""

from __future__ import annotations

import datetime as dt
import gzip
from pathlib import Path

import pytest

from arpad.io import read_events
from tests.io.fuzz_harness import run

GAME = (
    '[Event "{event}"]\n[Date "{date}"]\n[Round "1"]\n[White "Kasparov, G."]\n'
    '[Black "Karpov, A."]\n[Result "1/2-1/2"]\n\n1. e4 e5 1/2-1/2\n\n'
)


@pytest.mark.parametrize(
    ("dates", "end"),
    [
        (["1988.??.??"], dt.date(1988, 12, 31)),
        (["1988.02.??"], dt.date(1988, 2, 29)),
        (["1988.02.??", "1988.??.??"], dt.date(1988, 12, 31)),
        (["1988.02.??", "1988.02.10"], dt.date(1988, 2, 10)),  # a full date wins
    ],
)
def test_partial_dates_end_on_their_period(dates: list[str], end: dt.date, tmp_path: Path) -> None:
    path = tmp_path / "games.pgn"
    path.write_text("".join(GAME.format(event="Cannes sim", date=d) for d in dates))
    (event,) = read_events(path)
    assert event.end_date == end


def test_a_collection_of_partial_dates_imports(tmp_path: Path) -> None:
    """Compressed as historians ship it (``GarryKasparov.pgn.gz``)."""
    path = tmp_path / "kasparov.pgn.gz"
    text = GAME.format(event="Cannes sim", date="1988.??.??")
    text += GAME.format(event="Dortmund", date="1992.04.??")
    path.write_bytes(gzip.compress(text.encode()))
    done = run(["import", str(path), "--db", str(tmp_path / "l.db")])
    assert done.code == 0, done.stderr
    assert "2 event(s)" in done.stdout
