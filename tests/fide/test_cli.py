"""``arpad estimate/period/rate --system fide`` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys

from typer.testing import CliRunner

from arpad.cli import app
from tests.conftest import shared_data

runner = CliRunner()
KARL_MALA = "trf-real/fide_example1_karl_mala_2005.trf"


def test_estimate_fide_reproduces_f_p01() -> None:
    # F-P01: 2813, K 10, 4½/5 against 1787, 2025, 2310, 2400, 2505: K × ΣΔ = −2.50 → 2810.
    args = ["estimate", "--system", "fide", "--rating", "2813", "--k", "10"]
    args += ["--date", "2025-11-07", "-p", "1787:W", "-p", "2025:W", "-p", "2310:W"]
    args += ["-p", "2400:W", "-p", "2505:D"]
    out = runner.invoke(app, args, env={"COLUMNS": "80"})
    assert out.exit_code == 0, out.output
    assert "-2.50" in out.output and "2810" in out.output


def test_estimate_fide_initial_rating_f_n01() -> None:
    games = ["-p", "1902:D", "-p", "1877:D", "-p", "1884:W", "-p", "2012:L", "-p", "1832:W"]
    out = runner.invoke(
        app, ["estimate", "--system", "fide", "--date", "2025-11-07", *games], env={"COLUMNS": "80"}
    )
    assert out.exit_code == 0, out.output
    assert "1922 (2024 rule)" in out.output
    # Before March 2024 the archived rule: FIDE's printed "Rp" 1921.
    old = runner.invoke(
        app, ["estimate", "--system", "fide", "--date", "2024-01-10", *games], env={"COLUMNS": "80"}
    )
    assert "1921 (2022 rule)" in old.output


def test_estimate_bad_date_is_one_line_error() -> None:
    code = "import sys; from arpad.cli import main; sys.argv = ['arpad', *sys.argv[1:]]; main()"
    args = ["estimate", "--system", "fide", "--date", "tomorrow", "-p", "1500:W"]
    run = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=False
    )
    assert run.returncode == 2
    assert run.stderr.strip() == "arpad: error: --date must look like 2025-11-07, not 'tomorrow'"


def test_period_and_rate_fide_on_a_real_trf() -> None:
    path = shared_data(KARL_MALA)
    out = runner.invoke(app, ["period", "--system", "fide", str(path), "--json"])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert doc["system"] == "fide" and doc["notes"] == ["FIDE list 2005-08"]
    for p in doc["players"]:
        if p["list"] is not None and p["changes"]:
            total = sum(c["change"] for c in p["changes"])
            assert abs(p["new"] - p["list"] - total) <= 0.5 + 1e-9
    rated = runner.invoke(app, ["rate", str(path), "--system", "fide", "--json"])
    assert rated.exit_code == 0, rated.output
