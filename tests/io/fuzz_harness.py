"""The reader fuzzer shared by the CI test (``tests/io/test_fuzz_cli.py``) and the long run
(``scripts/fuzz_readers.py``).

Every input goes through the command line in-process, as a user's file would: ``rate`` (JSON
output), ``import`` into a fresh SQLite ledger and, when the import succeeds,
``rate-pending`` and ``list``. The contract checked (issue 15, point 10):

- ``rate`` also runs as a user runs it, detecting the format and printing the table;
- every command ends with exit code 0 or 2 — an exception escaping the command is a bug;
- on exit code 2 stderr says why, on lines starting ``arpad:``, and an
  :class:`~arpad.errors.ArpadError` message is one line;
- a refused ``import`` stores nothing;
- ``rate --json`` and ``list --format json`` print valid JSON (no ``NaN``/``Infinity``).

Inputs are mutations of small valid seed documents (one per format, plus the bundled
examples): numbers swapped for hostile tokens (superscript and Arabic-Indic digits,
``1e400``, ``nan``, 400-digit integers, 2^63 …), bytes inserted, deleted or duplicated.
Valid files mutated reach far deeper into a reader than random bytes do.
"""

from __future__ import annotations

import atexit
import functools
import io
import json
import re
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import typer.testing
from hypothesis import strategies as st
from typer.testing import CliRunner

from arpad.cli import _inert, app, environment_error_line
from arpad.errors import ArpadError, InputError
from arpad.ledger import Ledger

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"


def _trf_line(n: int, name: str, rating: str, points: str, rounds: list[str], fid: str) -> str:
    text = f"001 {n:4d} m  g {name:<33} {rating:>4} GER {fid:>11} 1990/01/02 "
    text += f"{points:>4} {n:4d}  "
    return text + "".join(f"{r:<8}  " for r in rounds)


TRF_SEED = "\n".join(
    [
        "012 Fuzz Open",
        "042 2024/05/01",
        "052 2024/05/03",
        _trf_line(1, "Alpha, Anna", "2100", "1.5", ["   2 w 1", "   3 b =", "   4 w 0"], "4100018"),
        _trf_line(2, "Béta, Bruno", "2000", "1.0", ["   1 b 0", "   4 w 1", "   3 b 0"], "4100026"),
        _trf_line(3, "Gamma, Chloé", "1850", "2.5", ["   4 b 1", "   1 w =", "   2 w 1"], ""),
        _trf_line(4, "Delta, Dmitri", "0", "1.0", ["   3 w 0", "   2 b 0", "   1 b 1"], ""),
    ]
)

_PGN = "".join(
    f'[Event "Fuzz Masters"]\n[Site "Wijk"]\n[Date "2022.01.{day:02d}"]\n[Round "{rnd}.1"]\n'
    f'[White "{w}"]\n[Black "{b}"]\n[Result "{res}"]\n[WhiteElo "{we}"]\n[BlackElo "{be}"]\n'
    f'[WhiteFideId "{wid}"]\n[BlackFideId "{bid}"]\n[WhiteTitle "GM"]\n\n1. e4 e5 {res}\n\n'
    for day, rnd, w, b, res, we, be, wid, bid in [
        (15, 1, "Carlsen, M.", "Giri, A.", "1-0", 2865, 2772, 1503014, 24116068),
        (16, 2, "Giri, A.", "Rapport, R.", "1/2-1/2", 2772, 2763, 24116068, 738590),
        (17, 3, "Rapport, R.", "Carlsen, M.", "0-1", 2763, 2865, 738590, 1503014),
        (18, 4, "Dubov, D.", "Carlsen, M.", "1/2-1/2", 2720, 2865, 24126055, 1503014),
    ]
)


def _example(name: str) -> bytes:
    return (EXAMPLES / name).read_bytes()


def trf26_seed() -> bytes:
    from tests.io.test_trf26 import TRF26

    return TRF26.encode()


_KAGGLE = '"Month #","White Player #","Black Player #","Score"\n' + "".join(
    f"{m},{w},{b},{s}\n"
    for m, w, b, s in [(1, 73, 1246, 0.5), (1, 73, 5097, 1), (2, 1246, 5097, 0), (3, 5097, 73, 1)]
)
_DATED = (
    '"date","white","black","result","opening","white_elo","black_elo"\n'
    '"2020-02-21","Duda","Vidit","1-0","E10",2755,2721\n'
    '"2020-02-21","Navara","Harikrishna","0-1","D25",2717,2713\n'
    '"2020-03-02","Vidit","Navara","1/2-1/2","C65",2721,2717\n'
)

HAND_SEEDS: dict[str, Callable[[], list[bytes]]] = {
    "trf": lambda: [TRF_SEED.encode()],
    "pgn": lambda: [_PGN.encode()],
    "json": lambda: [_example("uscf-open.json"), _example("ledger/2024-02-winter-quad.json")],
    "uscf-crosstable": lambda: [_example("uscf-crosstable.txt")],
    "games-csv": lambda: [_example("ledger/2024-club-ladder.csv")],
    "berard": lambda: [_example("steinitz-blackburne-1876.berard")],
    "trf26": lambda: [trf26_seed()],
    "kaggle2010": lambda: [_KAGGLE.encode()],
    "dated-games": lambda: [_DATED.encode()],
    "fide-printout": lambda: [_example("fide-printout-kamsky-1993.csv")],
    "fide-players": list,
}
"""Format → the hand-made seed documents (the first of each is the one tests edit)."""


def _seeds(fmt: str) -> Callable[[], list[bytes]]:
    def seeds() -> list[bytes]:
        from tests.io.writer_seeds import writer_seeds

        return [*HAND_SEEDS[fmt](), *writer_seeds(fmt)]

    return seeds


SEEDS: dict[str, Callable[[], list[bytes]]] = {fmt: _seeds(fmt) for fmt in HAND_SEEDS}
"""Format name (as in :data:`arpad.io.FORMATS`) → its valid seed documents."""
SUFFIXES = {
    "trf": ".trf",
    "pgn": ".pgn",
    "json": ".json",
    "uscf-crosstable": ".txt",
    "games-csv": ".csv",
    "berard": ".berard",
    "trf26": ".trf",
    "kaggle2010": ".csv",
    "dated-games": ".csv",
    "fide-printout": ".csv",
    "fide-players": ".txt",
}
FORMAT_OF = {"trf26": "trf"}
"""The reader a seed goes through when its name is not a format of :data:`arpad.io.FORMATS`
(TRF26 is read by the TRF reader; the FIDE printout by ``arpad fide-adjust``)."""
"""The usual file name suffix of each format (format detection looks at it)."""

HOSTILE = [
    "²",
    "¹²",
    "١٢٣٤",  # Arabic-Indic digits
    "２０００",  # full-width digits
    "1e400",
    "1e308",
    "inf",
    "-inf",
    "Infinity",
    "nan",
    "NaN",
    "-0",
    "9" * 400,
    "9" * 4301,  # past Python's int() limit of 4,300 digits
    "1" * 5000,
    "y" * 131_073,  # past the csv module's cell limit of 131,072 characters
    '"' + "z" * 131_073 + '"',
    str(2**63),
    str(2**31),
    "-1",
    "0",
    "99999",
    "1_000",
    " 12 ",
    "0x10",
    "[" * 3000,
    "{" * 3000,
    '{"a":' * 2000,
    "x" * 200_000,
    "\r",
    "\r\n",
    "\x00",
    "\x1b[2J",
    "\u202e",
    "[/]",
    "[bold]",
    "=HYPERLINK()",
    '"',
    ",",
    "\t",
    "\n",
    "½",
    "\ud800",  # a lone surrogate, as bytes (CESU) and as a JSON escape
    "\\ud800",
    "12/31/9999",
    "9999-12-31",
    "9999/12/31",
    "0000-00-00",
    "2020.??.??",
    "13",
    "٣",
    "\r1",
]
"""Tokens that broke readers before (issue 15) or that a format's grammar excludes."""

_NUMBER = re.compile(rb"[0-9]+(?:[.,][0-9]+)?")


@st.composite
def mutated(draw: st.DrawFn, seeds: tuple[bytes, ...]) -> bytes:
    """One of the ``seeds`` changed in one to four places."""
    data = bytearray(draw(st.sampled_from(seeds)))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["number", "insert", "delete", "byte", "duplicate"]))
        token = draw(st.sampled_from(HOSTILE)).encode("utf-8", "surrogatepass")
        if op == "number":
            numbers = list(_NUMBER.finditer(bytes(data)))
            if numbers:
                m = draw(st.sampled_from(numbers))
                data[m.start() : m.end()] = token
                continue
        at = draw(st.integers(0, len(data)))
        if op == "delete":
            del data[at : at + draw(st.integers(1, 40))]
        elif op == "byte":
            data[at:at] = bytes([draw(st.integers(0, 255))])
        elif op == "duplicate":
            data[at:at] = data[at : at + draw(st.integers(1, 200))]
        else:
            data[at:at] = token
    return bytes(data)


def inputs(fmt: str) -> st.SearchStrategy[bytes]:
    """Mostly mutated seeds, sometimes arbitrary bytes."""
    seeds = tuple(SEEDS[fmt]())  # written before the test runs, not while it draws
    return st.one_of(mutated(seeds), mutated(seeds), mutated(seeds), st.binary(max_size=400))


@dataclass(frozen=True)
class Outcome:
    code: int
    stdout: str
    stderr: str


_runner = CliRunner()
# Building the click command from the typer app takes longer than most runs; build it once.
typer.testing._get_command = functools.cache(typer.testing._get_command)  # type: ignore[attr-defined]


def run(args: list[str]) -> Outcome:
    """Run ``arpad ARGS`` in-process as :func:`arpad.cli.main` would.

    Raises:
        AssertionError: an exception escaped the command (what a user sees as a traceback).
    """
    result = _runner.invoke(app, args, env={"COLUMNS": "80"})
    exc = result.exception
    if isinstance(exc, ArpadError):
        message = str(exc)
        assert "\n" not in message, f"{args}: error message of several lines: {message!r}"
        return Outcome(2, result.stdout, result.stderr + f"arpad: error: {_inert(message)}\n")
    line = None if exc is None else environment_error_line(exc)
    if line is not None:  # a full disk, a file that is not a database: main's one line
        return Outcome(2, result.stdout, result.stderr + f"arpad: error: {_inert(line)}\n")
    if exc is not None and not isinstance(exc, SystemExit):
        raise AssertionError(f"arpad {' '.join(args)} raised {exc!r}") from exc
    return Outcome(result.exit_code, result.stdout, result.stderr)


def _strict_json(text: str) -> object:
    def refuse(name: str) -> object:
        raise AssertionError(f"not JSON: {name}")

    return json.loads(text, parse_constant=refuse)


def _check_exit(outcome: Outcome, what: str) -> None:
    assert outcome.code in (0, 2), f"{what}: exit code {outcome.code}\n{outcome.stderr}"
    if outcome.code == 2:
        lines = outcome.stderr.splitlines()
        assert lines, f"{what}: exit code 2 without a word"
        for line in lines:
            assert line.startswith("arpad:"), f"{what}: stray stderr line {line!r}"


@functools.cache
def _empty_ledger() -> Path:
    """A migrated, empty SQLite ledger to copy (creating the schema costs more than a run)."""
    folder = tempfile.mkdtemp(prefix="arpad-fuzz-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = Path(folder) / "empty.db"
    with Ledger.open(str(path)):
        pass
    return path


def check_input(fmt: str, data: bytes) -> None:
    """Feed ``data`` as a ``fmt`` file through rate, import, rate-pending and list."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"input{SUFFIXES[fmt]}"
        path.write_bytes(data)
        if fmt == "fide-printout":
            adjusted = run(["fide-adjust", str(path), "--json"])
            _check_exit(adjusted, "fide-adjust")
            if adjusted.code == 0:
                _strict_json(adjusted.stdout)
            _check_exit(run(["fide-adjust", str(path)]), "fide-adjust (table)")
            return
        if fmt == "fide-players":
            _check_players_list(path, Path(tmp) / "ledger.db")
            return
        fmt = FORMAT_OF.get(fmt, fmt)
        rated = run(["rate", str(path), "--input-format", fmt, "--json"])
        _check_exit(rated, "rate")
        if rated.code == 0:
            _strict_json(rated.stdout)
        # As a user runs it: the format detected, the table printed in 80 columns.
        _check_exit(run(["rate", str(path)]), "rate (format detected)")
        # A system with rating lists by date (year 9999 overflowed it) and its own K rules.
        _check_exit(
            run(["rate", str(path), "--format", fmt, "--system", "fide1986", "--json"]), "fide1986"
        )
        db = str(Path(tmp) / "ledger.db")
        shutil.copyfile(_empty_ledger(), db)
        imported = run(["import", str(path), "--input-format", fmt, "--db", db])
        _check_exit(imported, "import")
        if imported.code != 0:
            with Ledger.open(db) as ledger:
                assert ledger.events(None) == [], "a refused import stored events"
            return
        _check_exit(run(["rate-pending", "--db", db, "--quiet"]), "rate-pending")
        listed = run(["list", "--db", db, "--format", "json"])
        _check_exit(listed, "list")
        if listed.code == 0:
            _strict_json(listed.stdout)


def _check_players_list(path: Path, db: Path) -> None:
    """FIDE's players list (or arpad's list in its layout): refused as an event file,
    imported into a ledger (a refusal stores nothing) and listed."""
    _check_exit(run(["rate", str(path), "--input-format", "fide-players"]), "rate (players list)")
    shutil.copyfile(_empty_ledger(), db)
    imported = run(["import", str(path), "--input-format", "fide-players", "--db", str(db)])
    _check_exit(imported, "import (players list)")
    if imported.code != 0:
        with sqlite3.connect(db) as conn:
            stored = conn.execute("SELECT count(*) FROM fide_players").fetchone()[0]
        assert stored == 0, "a refused players list stored players"
        return
    _check_exit(run(["list", "--db", str(db), "--format", "fide"]), "list")


def _read_players_list(path: str) -> None:
    from arpad.io.fide_players_list import open_list

    _, players = open_list(path)
    for _ in players:
        pass


def check_reader(fmt: str, data: bytes) -> None:
    """The readers' own contract, fast enough for a run of 100,000 inputs: ``data`` read
    as a ``fmt`` file (and with its format detected) gives events or one
    :class:`~arpad.errors.InputError` of one line, nothing else (the full contract through
    the command line is :func:`check_input`).

    Raises:
        AssertionError: any other exception (its cause attached), or a message of lines.
    """
    from arpad.io import read_events, read_text
    from arpad.io.fide_printout import read as read_printout

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"input{SUFFIXES[fmt]}"
        path.write_bytes(data)
        readers: list[Callable[[], object]]
        if fmt == "fide-printout":
            text = str(path)
            readers = [lambda: read_printout(io.StringIO(read_text(text), newline=None), text)]
        elif fmt == "fide-players":
            readers = [lambda: _read_players_list(str(path))]
        else:
            readers = [
                lambda: read_events(path, FORMAT_OF.get(fmt, fmt)),
                lambda: read_events(path),
            ]
        for reader in readers:
            try:
                reader()
            except InputError as exc:
                assert "\n" not in str(exc), f"error message of several lines: {exc}"
            except Exception as exc:
                raise AssertionError(f"{fmt} reader raised {exc!r}") from exc
