"""Every option of every command, given a hostile value, ends in a result or a refusal,
never a traceback (issue 23.5): the typer app is walked, so a new option is fuzzed the
day it is added, and a new command fails :func:`test_every_command_is_fuzzed_or_excused`
until it has a base invocation here.

The base invocations are quick, valid runs on the bundled examples and a small ledger;
the fuzz swaps in one option's value at a time (``nan``, ``1e400``, 5,000 digits,
Unicode digits, escape sequences, dates out of range, malformed ``NAME=VALUE`` …).
"""

from __future__ import annotations

import functools
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arpad.cli import app
from arpad.ledger import Ledger
from tests.conftest import EXAMPLES
from tests.io.fuzz_harness import run
from tests.ledger.conftest import SEASON

DB = "{db}"
BASE: dict[str, list[str]] = {
    "rate": ["rate", str(EXAMPLES / "uscf-open.json")],
    "estimate": ["estimate", "-p", "1500:W", "--rating", "1500", "--games", "30"],
    "systems": ["systems"],
    "fide-adjust": ["fide-adjust", str(EXAMPLES / "fide-printout-kamsky-1993.csv")],
    "compare": ["compare", str(EXAMPLES / "uscf-open.json")],
    "norms": ["norms", str(EXAMPLES / "wijk-aan-zee-1975.json")],
    "handicap": ["handicap", str(EXAMPLES / "wijk-aan-zee-1975.json")],
    "period": ["period", str(EXAMPLES / "wijk-aan-zee-1975.json")],
    "test-system": ["test-system", str(EXAMPLES / "wijk-aan-zee-1975.json")],
    "reliability": ["reliability", "30"],
    "masters": ["masters", "--limit", "3"],
    "app": ["app", str(EXAMPLES / "frankfurt-1997.berard")],
    "import": ["import", str(EXAMPLES / "uscf-open.json"), "--db", DB],
    "rate-pending": ["rate-pending", "--db", DB, "--quiet"],
    "list": ["list", "--db", DB],
    "history": ["history", "10000001", "--db", DB],
    "crosstable": ["crosstable", "2024-spring-open", "--db", DB],
    "events": ["events", "--db", DB],
    "delete-event": ["delete-event", "2024-spring-open", "--db", DB],
    "failures": ["failures", "--db", DB],
    "remove-system": ["remove-system", "uscf", "--db", DB],
    "trf": ["trf", str(EXAMPLES / "uscf-open.json")],
    "player show": ["player", "show", "10000001", "--db", DB],
    "player merge": ["player", "merge", "10000001", "10000002", "--db", DB],
    "player split": ["player", "split", "10000002", "--db", DB],
    "token create": ["token", "create", "fuzz", "--db", DB],
    "token list": ["token", "list", "--db", DB],
    "token revoke": ["token", "revoke", "1", "--db", DB],
    "publish": ["publish", "--system", "uscf", "--cutoff", "2024-12-31", "--db", DB],
    "publications": ["publications", "--db", DB],
    "preview": ["preview", "--system", "uscf", "--db", DB],
    "correct": [
        "correct", "2024-spring-open", "--round", "3", "--white", "10000001",
        "--black", "10000006", "--annul", "--reason", "fuzz", "--dry-run", "--db", DB,
    ],
    "correct-rating": [
        "correct-rating", "10000004", "--rating", "1800", "--reason", "fuzz", "--db", DB
    ],
    "audit": ["audit", "--db", DB],
    "undo": ["undo", "1", "--db", DB],
    "lists": ["lists", "Ann Ash", str(EXAMPLES / "historical-lists")],
}  # fmt: skip
"""A quick valid run of each command ({db}: a copy of a small rated ledger)."""
EXCUSED = {
    "serve": "starts a web server (its parameters are the web helper's API fuzz)",
    "simulate": "a run takes seconds; its options are ranges checked by typer",
    "pra-claims": "takes minutes and writes docs/pra-claims.md",
    "evaluate": "a run takes seconds on any real games file",
}
WRITES = {"plot", "plots", "output", "out", "db"}
"""Options that name a file to write (a ledger is created where ``--db`` says): not
fuzzed into arbitrary paths."""

VALUES = [
    "nan", "inf", "-inf", "1e400", "-1", "0", "-500", "4001", "99999999999999999999",
    "9" * 5000, "²", "١٢", "", " ", "\x1b[2J", "\u202e", "-", "--", "x" * 300, "[/]",
    "2024-13-45", "9999-12-31", "0001-01-01", "K=nan", "B=1e400", "=", "x=y", "K=",
    "uscf", "fide", "regular", "json", "csv", "1.5", "1,5", "0x10", "1_000",
]  # fmt: skip


def _commands() -> Iterator[tuple[str, Any]]:
    """Every command, subcommands of a group as ``group sub`` (typer carries its own
    click, so the walk goes by attributes, not click's classes)."""
    root: Any = typer.main.get_command(app)
    for name, command in root.commands.items():
        if hasattr(command, "commands"):
            for sub, leaf in command.commands.items():
                yield f"{name} {sub}", leaf
        else:
            yield name, command


def _options() -> list[tuple[str, str]]:
    out = []
    for name, command in _commands():
        if name not in BASE:
            continue
        for param in command.params:
            option = param.param_type_name == "option"
            if option and not param.is_flag and param.name not in WRITES:
                out.append((name, max(param.opts, key=len)))
    return out


def test_every_command_is_fuzzed_or_excused() -> None:
    names = {name for name, _ in _commands()}
    assert names - BASE.keys() - EXCUSED.keys() == set()
    assert BASE.keys() <= names


@functools.cache
def _rated_ledger() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="arpad-option-fuzz-"))
    path = folder / "rated.db"
    with Ledger.open(str(path)) as ledger:
        assert not ledger.import_files(SEASON).errors
        ledger.rate_pending(["uscf"])
    return path


@pytest.fixture(scope="module", autouse=True)
def _cleanup() -> Iterator[None]:
    yield
    if _rated_ledger.cache_info().currsize:
        shutil.rmtree(_rated_ledger().parent, ignore_errors=True)


@pytest.mark.parametrize(("command", "option"), _options())
def test_every_option_survives_hostile_values(command: str, option: str) -> None:
    @settings(
        max_examples=2,
        deadline=None,
        database=None,
        derandomize=True,  # the same two values each run: CI is reproducible (D-hygiene-3)
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(st.sampled_from(VALUES))
    def one(value: str) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            db = str(Path(tmp) / "ledger.db")
            shutil.copyfile(_rated_ledger(), db)
            args = [a.replace(DB, db) for a in BASE[command]] + [option, value]
            outcome = run(args)  # raises AssertionError on a traceback
            assert outcome.code in (0, 1, 2), (args, outcome)

    one()
