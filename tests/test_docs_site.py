"""The documentation site builds (mkdocs-material, API reference by mkdocstrings) with
``--strict``: a broken link or a docstring mkdocstrings cannot read fails (issue 23,
point 6). Skipped where mkdocs is not installed (it is in the dev extra)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

pytest.importorskip("mkdocs")
pytest.importorskip("material")
pytest.importorskip("mkdocstrings")


def _build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(REPO / "src")}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )


def test_the_site_builds_strictly_with_the_api_reference(tmp_path: Path) -> None:
    done = _build(REPO / "mkdocs.yml", tmp_path / "site")
    assert done.returncode == 0, done.stderr[-3000:]
    reference = (tmp_path / "site" / "reference" / "systems" / "index.html").read_text("utf-8")
    assert "get_system" in reference and "RatingSystem" in reference  # from the docstrings
    for page in (REPO / "docs").glob("*.md"):
        assert (tmp_path / "site" / page.stem / "index.html").exists() or page.stem == "index"


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    """The same settings on a one-page site whose only link is broken."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\nSee [the missing page](missing.md).\n", "utf-8")
    settings = (REPO / "mkdocs.yml").read_text("utf-8").split("\nnav:")[0]
    config = tmp_path / "mkdocs.yml"
    settings = settings.replace("docs_dir: docs", f"docs_dir: {docs}")
    settings = settings.replace("tools/", f"{REPO / 'tools'}/")  # the hooks, from here
    config.write_text(settings, "utf-8")
    done = _build(config, tmp_path / "site")
    assert done.returncode != 0
    assert "missing.md" in done.stderr
