"""Options common to every command, and system options from the system's configuration."""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.models import OptionInfo
from typer.testing import CliRunner

from arpad.cli import app, options
from arpad.cli.elo import period
from arpad.cli.rate import rate
from arpad.systems import estimator_names, get_system, system_names
from tests.conftest import EXAMPLES

OPEN = str(EXAMPLES / "uscf-open.json")
WIJK = str(EXAMPLES / "wijk-aan-zee-1975.json")
runner = CliRunner(env={"COLUMNS": "80"})


def _post(args: list[str], player: str) -> float:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    return float(next(p["post"] for p in doc["players"] if p["id"] == player))


def commands(
    group: typer.Typer = app, prefix: str = ""
) -> Iterator[tuple[str, Callable[..., Any]]]:
    """Every command of the command line, sub-commands (``player show``) included."""
    for info in group.registered_commands:
        assert info.callback is not None
        name = info.name or info.callback.__name__.replace("_", "-")
        yield prefix + name, info.callback
    for sub in group.registered_groups:
        assert sub.typer_instance is not None
        yield from commands(sub.typer_instance, f"{prefix}{sub.name} ")


def option_infos(command: Callable[..., Any]) -> Iterator[tuple[str, OptionInfo]]:
    hints = typing.get_type_hints(command, include_extras=True)
    for name in inspect.signature(command).parameters:
        for meta in getattr(hints[name], "__metadata__", ()):
            if isinstance(meta, OptionInfo):
                yield name, meta


SHARED_FLAGS = {
    "--system",
    "-s",
    "--format",
    "-f",
    "--input-format",
    "-i",
    "--option",
    "-o",
    "--output",
    "--json",
    "--event",
}
DECLARED = {
    id(meta): alias
    for alias, value in vars(options).items()
    for meta in getattr(value, "__metadata__", ())
    if isinstance(meta, OptionInfo)
}
"""Every option declared in :mod:`arpad.cli.options`, by identity."""


def test_commands_are_importable_functions() -> None:
    assert callable(rate) and callable(period)
    assert rate.__module__ == "arpad.cli.rate" and period.__module__ == "arpad.cli.elo"
    found = dict(commands())
    assert {"rate", "estimate", "import", "list", "player show", "token create", "trf"} <= set(
        found
    )
    for name, command in found.items():
        assert "<locals>" not in command.__qualname__, name
        assert getattr(sys.modules[command.__module__], command.__name__) is command, name


def test_the_command_table_names_every_command_and_its_module() -> None:
    """``arpad NAME`` imports COMMANDS[NAME] only: the table must match the modules."""
    from arpad.cli import COMMANDS, build_app

    top = {name.split()[0] for name, _ in commands()}
    assert set(COMMANDS) == top
    for name, module in COMMANDS.items():
        own = build_app([module])
        mine = {n.split()[0] for n, _ in commands(own)}
        assert name in mine, (name, module)


@pytest.mark.parametrize(("command_name", "command"), list(commands()))
def test_common_options_are_the_shared_declarations(
    command_name: str, command: Callable[..., Any]
) -> None:
    """--system, --format, --option, --output, --event and --json (and their short forms)
    are declared once, in arpad.cli.options: no command spells its own."""
    for parameter, info in option_infos(command):
        flags = {d for d in (info.default, *(info.param_decls or ())) if isinstance(d, str)}
        if flags & SHARED_FLAGS:
            assert id(info) in DECLARED, f"{command_name} --{parameter}: {sorted(flags)}"


def test_the_json_and_system_options_are_one_each_where_they_mean_one_thing() -> None:
    uses: dict[str, set[str]] = {}
    for name, command in commands():
        for _, info in option_infos(command):
            if id(info) in DECLARED:
                uses.setdefault(DECLARED[id(info)], set()).add(name)
    assert {"rate", "compare", "masters", "simulate", "app", "fide-adjust"} <= uses["JsonOption"]
    assert {"rate", "period", "estimate", "list", "crosstable"} <= uses["SystemOption"]
    assert {"rate", "period", "compare", "import", "trf", "app", "handicap"} <= uses[
        "InputFormatOption"
    ]
    # Every command that prints data takes --json (issue 23, point 2).
    data = {"estimate", "systems", "player show", "failures", "list", "events", "history"}
    assert data | {"crosstable", "rate", "compare"} <= uses["JsonOption"]
    for name in system_names():
        metadata = options.SystemOption.__metadata__  # type: ignore[attr-defined]
        assert name in (metadata[0].help or "")


def test_estimate_without_an_estimator_names_the_systems_with_one() -> None:
    assert estimator_names() == ["fide", "uscf"]
    result = runner.invoke(app, ["estimate", "-s", "elo", "-p", "1500:W"])
    assert "system 'elo' has no rating estimator; these do: fide, uscf" in str(result.exception)


def test_estimate_refuses_another_estimators_flag() -> None:
    result = runner.invoke(app, ["estimate", "--k", "10", "-p", "1500:W"])
    message = str(result.exception)
    assert "--k is read by the estimator of fide; 'uscf' takes --all-wins" in message


def _new_rating(output: str) -> str:
    return next(line for line in output.splitlines() if line.startswith("new rating"))


def test_estimate_takes_the_systems_options() -> None:
    # A smaller B lowers the bonus threshold B·√m: -o B= and the flag are one setting.
    args = ["estimate", "--rating", "1500", "--games", "30", "-p", "1500:W"] + ["-p", "1400:W"] * 2
    default = runner.invoke(app, [*args, "--date", "2024-06-01"])  # B = 12 in that era
    by_option = runner.invoke(app, [*args, "-o", "B=1"])
    by_flag = runner.invoke(app, [*args, "--bonus-multiplier", "1"])
    assert by_option.exit_code == 0, by_option.output
    assert "B = 12," in default.output and "B = 1," in by_option.output
    assert _new_rating(by_option.output) == _new_rating(by_flag.output)
    assert _new_rating(by_option.output) != _new_rating(default.output)
    wrong = runner.invoke(app, [*args, "-s", "fide", "-o", "B=12"])
    assert "system 'fide' has no option 'B'; its options: K_games_cap" in str(wrong.exception)


def test_trf_rates_with_the_systems_options(tmp_path: Path) -> None:
    out = tmp_path / "open.trf"
    done = runner.invoke(app, ["trf", OPEN, "-s", "uscf", "-o", "B=1", "--output", str(out)])
    assert done.exit_code == 0, done.output
    assert out.read_text(encoding="utf-8").startswith("012")
    wrong = runner.invoke(app, ["trf", OPEN, "-s", "elo", "-o", "B=1"])
    assert "system 'elo' has no option 'B'; its options: C, K" in str(wrong.exception)
    alone = runner.invoke(app, ["trf", OPEN, "-o", "B=1"])
    assert "give --system too" in str(alone.exception)


def test_rate_pending_names_a_wrong_option_before_rating(tmp_path: Path) -> None:
    db = str(tmp_path / "l.db")
    assert runner.invoke(app, ["import", OPEN, "--db", db]).exit_code == 0
    wrong = runner.invoke(
        app, ["rate-pending", "--db", db, "-s", "uscf", "-s", "elo", "-o", "B=12"]
    )
    assert "system 'elo' has no option 'B'" in str(wrong.exception)
    listed = runner.invoke(app, ["events", "--db", db])
    assert "uscf:" not in listed.output  # nothing was rated, no system was added


def test_option_b_and_the_bonus_flag_are_one_setting() -> None:
    # B = 1 lowers the bonus threshold B·√m' enough for the event's winner to earn one.
    doc = json.loads(runner.invoke(app, ["rate", OPEN, "-o", "B=1", "--json"]).output)
    player = next(p["id"] for p in doc["players"] if p["bonus"] > 0)
    by_flag = _post(["rate", OPEN, "--bonus-multiplier", "1", "--json"], player)
    by_option = _post(["rate", OPEN, "-o", "B=1", "--json"], player)
    default = _post(["rate", OPEN, "--json"], player)
    assert by_flag == by_option != default


def test_a_flag_of_another_system_names_both_systems() -> None:
    result = runner.invoke(app, ["rate", OPEN, "-s", "elo", "--bonus-multiplier", "12"])
    assert result.exit_code != 0
    message = str(result.exception)
    assert "--bonus-multiplier" in message and "uscf" in message and "'elo' has: C, K" in message


def test_an_unknown_option_lists_the_systems_options() -> None:
    result = runner.invoke(app, ["rate", OPEN, "-s", "pra", "-o", "B=12"])
    assert "system 'pra' has no option 'B'; its options: K, R_bar" in str(result.exception)


@pytest.mark.parametrize("name", system_names())
def test_period_rates_for_every_system(name: str) -> None:
    args = ["period", WIJK, WIJK, "--system", name, "--json"]
    if name == "ccla":  # CCLA gives no start rating; every player here is rated anyway
        args += ["-o", "initial_rating=1500"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["system"] == get_system(name).name
    portisch = next(p for p in doc["players"] if p["name"] == "Lajos Portisch")
    assert portisch["list"] == 2635
    assert len(portisch["changes"]) == 2 or name in ("bcf",)


OUTPUT_FORMATS = {"TableFormatOption", "ListFormatOption", "SectionFormatOption"}


def test_format_names_the_output_and_input_format_names_the_input() -> None:
    """D-cli-9: a visible --format/-f is always an output format; the input format is
    --input-format/-i, its old spelling hidden (one release)."""
    for name, command in commands():
        for _, info in option_infos(command):
            flags = {d for d in (info.default, *(info.param_decls or ())) if isinstance(d, str)}
            alias = DECLARED.get(id(info))
            if flags & {"--format", "-f"} and not info.hidden:
                assert alias in OUTPUT_FORMATS, (name, alias)
            if flags & {"--input-format", "-i"}:
                assert alias in ("InputFormatOption", "GamesFormatOption"), (name, alias)
        outputs = {DECLARED.get(id(i)) for _, i in option_infos(command)} & OUTPUT_FORMATS
        if outputs:
            assert any(DECLARED.get(id(i)) == "JsonOption" for _, i in option_infos(command)), name


def test_the_old_input_format_spelling_still_works_with_a_warning() -> None:
    runner_err = CliRunner(env={"COLUMNS": "80"})
    new = runner_err.invoke(app, ["rate", OPEN, "--input-format", "json", "--json"])
    old = runner_err.invoke(app, ["rate", OPEN, "-f", "json", "--json"])
    assert new.exit_code == old.exit_code == 0, old.output
    assert json.loads(new.stdout) == json.loads(old.stdout)
    assert "warning: --format/-f for the input format is now --input-format/-i" in old.stderr
    assert "warning" not in new.stderr
    both = runner_err.invoke(app, ["rate", OPEN, "-i", "trf", "-f", "json"])
    assert "--input-format 'trf' and --format 'json' disagree" in str(both.exception)


@pytest.mark.parametrize(
    "args",
    [
        ["estimate", "--rating", "1649", "--games", "40", "-p", "1700:W"],
        ["systems"],
        ["systems", "elo"],
    ],
)
def test_json_of_the_commands_that_had_none(args: list[str]) -> None:
    done = runner.invoke(app, [*args, "--json"])
    assert done.exit_code == 0, done.output
    doc = json.loads(done.output)
    if args[0] == "estimate":
        assert doc["system"] == "uscf" and doc["post"] > doc["pre"] and doc["steps"]
    elif len(args) == 1:
        assert {d["name"] for d in doc} == set(system_names())
    else:
        assert {o["option"] for o in doc["options"]} == set(options.option_names(get_system("elo")))


def test_shell_completion_is_offered_and_completes() -> None:
    """With shellingham installed, typer's ``--show-completion`` is a flag that looks for a
    shell among the process's ancestors, so the named shell only counts with detection off
    (typer's own test switch): a test run started with no shell above it (in the
    background, by a CI runner) otherwise gets "Shell  not supported"."""
    entry = "import sys; from arpad.cli import app; sys.argv[0] = 'arpad'; app()"
    script = subprocess.run(
        [sys.executable, "-c", entry, "--show-completion", "bash"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"},
    )
    assert script.returncode == 0, script.stderr
    assert "_ARPAD_COMPLETE=complete_bash" in script.stdout
    assert "--install-completion" in runner.invoke(app, ["--help"]).output
