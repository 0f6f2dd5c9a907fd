"""End to end in a real browser (Debian's Chromium driven by Playwright): an officer logs
in, uploads a real TRF, reads the preview, commits, and sees the rated crosstable and a
player's chart. Screenshots go to ``test-artifacts/`` (git-ignored).

Skipped cleanly when Playwright or the browser is missing (``.ci/run`` installs the
``chromium`` package). One browser session, a handful of pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from arpad.ledger import Ledger
from arpad.ledger.tokens import create_token
from arpad.web import WebSettings, create_app
from tests.conftest import REPO, shared_data
from tests.ledger.conftest import SEASON
from tests.web.browser import CHROMIUM, CHROMIUM_ARGS, serving

ARTIFACTS = REPO / "test-artifacts"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A real server on loopback over a rated ledger, and an officer's token."""
    path = str(tmp_path / "browser.db")
    with Ledger.open(path) as ledger:
        assert not ledger.import_files(SEASON[:3]).errors
        ledger.rate_pending(["uscf"])
        with ledger.engine.begin() as conn:
            token = create_token(conn, "browser test").token
    app = create_app(WebSettings(db=path))
    try:
        with serving(app) as base:
            yield base, token
    finally:
        app.state.jobs.wait()
        app.state.ledger.close()


def test_upload_preview_commit_crosstable_and_chart(server: tuple[str, str]) -> None:
    playwright = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no browser at {CHROMIUM} (install Debian's chromium package)")
    trf = shared_data("trf-real/fide_example1_karl_mala_2005.trf")
    base, token = server
    ARTIFACTS.mkdir(exist_ok=True)
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.goto(f"{base}/upload")  # not logged in: sent to the login form
            assert page.url.endswith("/login")
            page.fill("input[name=token]", token)
            page.click("button[type=submit]:has-text('Log in')")
            page.wait_for_url(re.compile(r".*/upload$"))
            page.set_input_files("input[name=file]", str(trf))
            page.select_option("select[name=player_key]", "fide-id")
            page.click("button:has-text('Preview')")
            page.wait_for_selector("h1:has-text('Preview of')")
            assert page.locator("tr.new").count() == 284  # every player new to this ledger
            page.screenshot(path=str(ARTIFACTS / "browser-preview.png"))
            page.click("button:has-text('Commit')")
            page.wait_for_selector("table.xt", timeout=120_000)  # after the rating run
            text = page.inner_text("table.xt")
            assert "Vasquez,Rodrigo" in text
            page.screenshot(path=str(ARTIFACTS / "browser-crosstable.png"))
            page.click("table.xt tbody tr:first-child a")
            page.wait_for_selector("svg.chart")
            assert page.locator("svg.chart polyline").count() >= 1
            assert "Vasquez" in page.inner_text("h1")
            page.screenshot(path=str(ARTIFACTS / "browser-player.png"), full_page=True)
            page.goto(f"{base}/lists?q=vasq")
            assert page.locator("table.list tbody tr").count() == 1
            page.screenshot(path=str(ARTIFACTS / "browser-list.png"))
        finally:
            browser.close()
