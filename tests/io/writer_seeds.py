"""What every writer of arpad writes, as seed documents of the reader fuzz (issue 24.4): the
mutations then start from arpad's own files, not only from hand-made ones.

:data:`WRITER_SEEDS` names each writer, the fuzz format whose reader its output goes
through, and the bytes it writes of a few sample events and lists. A list export that no
event reader takes (the list CSV and JSON, the officer's change report) goes to the
reader a user would try it with (the games CSV, JSON): that reader must refuse it with one
line, and its mutations exercise that reader's refusals. ``tests/io/test_fuzz_cli.py``
checks that every writer gives at least one seed.
"""

from __future__ import annotations

import datetime as dt
import functools
import io
import tempfile
from collections.abc import Callable
from pathlib import Path

from arpad.model import Event

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"


@functools.cache
def sample_events() -> tuple[Event, ...]:
    """Events with what the writers carry: ratings, titles, federations, FIDE ids, birth
    dates (the fuzz's TRF seed), national ratings and byes (its TRF26 seed), a US Chess
    section with provisional ratings (``examples/uscf-open.json``)."""
    from arpad.io import read_events, trf
    from tests.io.fuzz_harness import TRF_SEED, trf26_seed

    out = [trf.read(io.StringIO(TRF_SEED), "seed.trf")[0]]
    out.append(trf.read(io.StringIO(trf26_seed().decode()), "seed26.trf")[0])
    out += read_events(EXAMPLES / "uscf-open.json")
    return tuple(out)


def sample_rows() -> list[object]:
    """A rating list: established and provisional players, an accented name, a name with a
    comma and quotes, an id that starts with ``-``, a name a spreadsheet reads as a formula."""
    from arpad.ledger import ListRow

    day = dt.date(2024, 5, 3)
    return [
        ListRow(1, "10000001", "Alpha, Anna", 2100.4, 41, True, "", day),
        ListRow(2, "FIDE:4100026", "Béta, Bruno", 2000.0, 12, False, "P12", day),
        ListRow(3, "-dash", 'O"Neil, "Q"', 1850.25, 3, False, "P3", day),
        ListRow(4, "4", "=HYPERLINK(1)", 1202.0, 0, False, "P0", dt.date(2023, 1, 31)),
    ]


def _list_text(fmt: str) -> bytes:
    from arpad.cli.ledger_output import ListFormat, list_output

    records = {"10000001": ("GM", "GER", "4100018"), "FIDE:4100026": (None, "GER", "4100026")}
    return list_output(sample_rows(), ListFormat(fmt), "uscf", None, records).encode()  # type: ignore[arg-type]


def _change_report() -> bytes:
    from arpad.cli.ledger_output import change_report_csv
    from arpad.ledger import RatingList
    from arpad.ledger.publications import change_report

    rows = sample_rows()
    old = RatingList.of_rows(rows[:3])  # type: ignore[arg-type]
    new = RatingList.of_rows(rows[1:])  # type: ignore[arg-type]
    return change_report_csv(change_report(old, new, 1, 2)).encode()


def _players_list(fmt: str) -> bytes:
    from arpad.io.fide_players_writer import synthetic_players, write_list

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"players.{fmt}"
        write_list(path, synthetic_players(12, seed=3), list_date=dt.date(2026, 9, 1), fmt=fmt)
        return path.read_bytes()


def _each_event(write: Callable[[Event], str]) -> list[bytes]:
    return [write(e).encode() for e in sample_events()]


def _event_json() -> list[bytes]:
    from arpad.io import json_event

    return _each_event(json_event.dumps)


def _uscf() -> list[bytes]:
    from arpad.io import uscf_crosstable_writer

    return _each_event(uscf_crosstable_writer.dumps)


def _trf(version: str) -> list[bytes]:
    from arpad.io import trf_writer

    return _each_event(lambda e: trf_writer.dumps(e, version))  # type: ignore[arg-type]


def _games_csv() -> list[bytes]:
    from arpad.io import games_csv

    return [games_csv.dumps(sample_events()).encode()]


WRITER_SEEDS: dict[str, tuple[str, Callable[[], list[bytes]]]] = {
    "event JSON (arpad-event/1)": ("json", _event_json),
    "US Chess crosstable": ("uscf-crosstable", _uscf),
    "TRF16": ("trf", lambda: _trf("16")),
    "TRF26": ("trf26", lambda: _trf("26")),
    "games CSV": ("games-csv", _games_csv),
    "rating list CSV (arpad list, publications)": ("games-csv", lambda: [_list_text("csv")]),
    "rating list JSON (arpad list, publications, API)": ("json", lambda: [_list_text("json")]),
    "rating list in FIDE's layout (arpad list --format fide)": (
        "fide-players",
        lambda: [_list_text("fide")],
    ),
    "publication change report CSV": ("games-csv", lambda: [_change_report()]),
    "FIDE players list TXT": ("fide-players", lambda: [_players_list("txt")]),
    "FIDE players list XML": ("fide-players", lambda: [_players_list("xml")]),
}
"""Writer → (the fuzz format its output seeds, its output of the samples)."""


@functools.cache
def writer_seeds(fmt: str) -> tuple[bytes, ...]:
    """Every writer's output that seeds the fuzz format ``fmt`` (computed once)."""
    return tuple(data for f, write in WRITER_SEEDS.values() if f == fmt for data in write())
