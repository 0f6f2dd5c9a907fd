"""Start-up guard: the command line imports heavy libraries only in the commands that use
them (docs/architecture.md, "Start-up"; issue 13 point 4).

Each check runs a fresh interpreter, because this test process has long imported everything.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = (
    "numpy",
    "scipy",
    "sqlalchemy",
    "alembic",
    "matplotlib",
    "dask",
    "distributed",
    "chess",
    "fastapi",
    "starlette",
    "uvicorn",
    "jinja2",
    "numba",
    "llvmlite",
)
"""Libraries that ``import arpad`` and ``import arpad.cli`` (which builds ``arpad --help``)
must not load. NumPy is here too: ``arpad --help`` never needs it; Numba only compiles the
bulk paths' season loops (arpad.compiled)."""

NOT_FOR_RATE = (
    "scipy",
    "sqlalchemy",
    "alembic",
    "matplotlib",
    "dask",
    "distributed",
    "pydantic",
    "numba",
    "llvmlite",
)
"""``arpad rate`` needs NumPy (the US Chess system: its per-event path hands the rules of
systems/uscf2020/rules.py their flat and 2-D work arrays, the same the compiled loop
fills), nothing else that is heavy (pydantic: typer 0.29 converts options through it,
hence ``typer<0.29``, D-cli-4)."""

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "uscf-open.json"


def loaded_after(code: str) -> set[str]:
    """Top-level packages in ``sys.modules`` after running ``code`` in a new interpreter."""
    tops = "sorted({m.split('.')[0] for m in sys.modules})"
    probe = f"{code}\nimport json, sys\nprint(json.dumps({tops}))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    return set(json.loads(out.strip().splitlines()[-1]))


@pytest.mark.parametrize("module", ["arpad", "arpad.cli"])
def test_importing_does_not_load_heavy_libraries(module: str) -> None:
    loaded = loaded_after(f"import {module}")
    assert module.split(".")[0] in loaded  # the probe works
    assert sorted(loaded & set(HEAVY)) == []


def test_help_does_not_load_heavy_libraries() -> None:
    code = (
        "import sys\nsys.argv = ['arpad', '--help']\nfrom arpad.cli import app\n"
        "try:\n    app()\nexcept SystemExit:\n    pass"
    )
    assert sorted(loaded_after(code) & set(HEAVY)) == []


def test_rate_loads_numpy_but_nothing_heavier() -> None:
    code = (
        f"import sys\nsys.argv = ['arpad', 'rate', {str(EXAMPLE)!r}, '--json']\n"
        "from arpad.cli import app\ntry:\n    app()\nexcept SystemExit:\n    pass"
    )
    loaded = loaded_after(code)
    assert "numpy" in loaded  # it really rated the event
    assert sorted(loaded & set(NOT_FOR_RATE)) == []


def test_a_command_loads_its_own_module_only() -> None:
    """``arpad rate`` through the console entry point imports the rate command's module
    and not the other commands' (arpad.cli.COMMANDS)."""
    code = (
        f"import sys\nsys.argv = ['arpad', 'rate', {str(EXAMPLE)!r}, '--json']\n"
        "from arpad.cli import main\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
        "import json\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('arpad.cli'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    loaded = set(json.loads(out.strip().splitlines()[-1]))
    assert "arpad.cli.rate" in loaded
    assert not loaded & {"arpad.cli.ledger", "arpad.cli.simulate", "arpad.cli.analysis"}


def test_cli_default_ledger_path_is_the_ledgers() -> None:
    from arpad.cli.ledger import DEFAULT_DB
    from arpad.ledger import DEFAULT_DB as LEDGER_DEFAULT

    assert DEFAULT_DB == LEDGER_DEFAULT


def test_enum_options_name_existing_enums() -> None:
    """Every lazily named enum of an option exists and accepts the option's default (a
    renamed or moved enum fails here, not in front of a user)."""
    import inspect
    import typing

    from arpad.cli import app
    from arpad.cli.lazy_enum import EnumValue

    found = []
    for info in app.registered_commands:
        assert info.callback is not None
        hints = typing.get_type_hints(info.callback, include_extras=True)
        for name, param in inspect.signature(info.callback).parameters.items():
            for meta in getattr(hints[name], "__metadata__", ()):
                parser = getattr(meta, "parser", None)
                if isinstance(parser, EnumValue):
                    found.append(parser.path)
                    if param.default is not None:  # None: not given (a preset's own)
                        assert parser(param.default).value == param.default
    assert "arpad.ledger.store:PlayerKey" in found


def test_the_cli_needs_no_click_beside_typers_own() -> None:
    """A plain 'pip install .' has typer (which carries its own click) but no click: the
    README's first command crashed on 'import click.types' at start-up. With click hidden,
    the CLI starts and the number options still refuse a non-finite value."""
    code = (
        "import sys; sys.modules['click'] = None; sys.modules['click.types'] = None\n"
        "from arpad.cli import main\n"
        "sys.argv = ['arpad', 'estimate', '--rating', 'nan', '-p', '1500:W']\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2 and "is not a finite number" in done.stderr


ARPAD_NOT_AT_START = (
    "arpad.ledger",
    "arpad.web",
    "arpad.sim",
    "arpad.evaluate",
    "arpad.analysis",
    "arpad.systems.replay",
    "arpad.season",
    "arpad.titles",
)
"""arpad's own heavy rooms: neither ``arpad rate`` of one event nor ``arpad --help``
imports them (issue 20, start-up; ``arpad.replay`` is loaded on first use; the title
systems' names for the help of ``arpad norms`` come from :mod:`arpad.norm_registry`)."""


def run_entry_point(argv: list[str]) -> tuple[list[str], set[str]]:
    """``arpad ARGV`` through the console entry point (``arpad.cli.main``) in a fresh
    process: the lines it printed and every module loaded by the end."""
    code = (
        f"import sys\nsys.argv = ['arpad', *{argv!r}]\n"
        "from arpad.cli import main\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
        "import json\nprint(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    *printed, modules_line = out.strip().splitlines()
    return printed, set(json.loads(modules_line))


@pytest.mark.parametrize(
    "argv", [["rate", str(EXAMPLE), "--json"], ["--help"]], ids=["rate", "help"]
)
def test_console_entry_loads_neither_click_nor_heavy_rooms(argv: list[str]) -> None:
    """Through the console entry point (``arpad.cli.main``, what the ``arpad`` script
    runs): no Numba, no click beside typer's own copy (issue 20: importing click cost
    start-up time for a patch nothing used), none of :data:`ARPAD_NOT_AT_START`."""
    import importlib.util

    _, modules = run_entry_point(argv)
    assert "arpad.cli" in modules  # the probe works
    tops = {m.split(".")[0] for m in modules}
    assert not tops & {"numba", "llvmlite"}
    if importlib.util.find_spec("typer._click") is not None:
        assert "click" not in tops
    rooms = {m for m in modules if m.startswith(ARPAD_NOT_AT_START)}
    assert sorted(rooms) == []


ONLY_TO_PRINT = (
    "arpad.cli.crosstable_table",
    "arpad.cli.standings",
    "arpad.io.uscf_crosstable_writer",
)
"""Modules a command loads to print its table (``arpad rate``'s crosstable): ``arpad
--help``, which imports every command's module to list them, loads none of them (issue 20,
start-up)."""


def test_help_loads_no_module_that_only_prints_a_table() -> None:
    printed, modules = run_entry_point(["--help"])
    assert any("rate" in line for line in printed)  # the probe works: the listing
    assert sorted(modules & set(ONLY_TO_PRINT)) == []
    _, rating = run_entry_point(["rate", str(EXAMPLE)])
    assert set(ONLY_TO_PRINT) <= rating  # the names are right: rating a file loads them
