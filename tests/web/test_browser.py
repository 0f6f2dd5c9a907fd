"""End to end in a real browser (Debian's Chromium driven by Playwright), at a desktop's
1280 px and a phone's 390 px: an officer logs in, uploads a real TRF, reads the summary
at the top of the preview, commits, and sees the rated crosstable whole; every public page
fits a phone's width (tables scroll inside themselves with the names kept in view), the
chart's text is readable there, and pages print without their navigation. Screenshots go
to ``test-artifacts/`` (git-ignored).

Skipped cleanly when Playwright or the browser is missing (``.ci/run`` installs the
``chromium`` package; never ``playwright install``). One browser, a few pages per width.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arpad.ledger import Ledger
from arpad.ledger.tokens import create_token
from arpad.web import WebSettings, create_app
from tests.conftest import REPO, shared_data
from tests.ledger.conftest import SEASON
from tests.web.browser import CHROMIUM, CHROMIUM_ARGS, serving

ARTIFACTS = REPO / "test-artifacts"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
PUBLIC = [
    "/",
    "/lists",
    "/lists?q=ames",
    "/players/10000004",
    "/events",
    "/events/2024-spring-open",
    "/estimate?rating=1800&games=30&opponents=1700:W+1800:D+1900:W+1850:L",
    "/status",
]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A real server on loopback over a rated ledger, and an officer's token."""
    path = str(tmp_path / "browser.db")
    with Ledger.open(path) as ledger:
        assert not ledger.import_files(SEASON).errors
        ledger.rate_pending(["uscf"])
        with ledger.engine.begin() as conn:
            token = create_token(conn, "browser test").token
    app = create_app(WebSettings(db=path, work_dir=str(tmp_path / "work")))
    try:
        with serving(app) as base:
            yield base, token
    finally:
        app.state.jobs.wait()
        app.state.ledger.close()


@pytest.fixture
def browser() -> Iterator[Any]:
    playwright = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no browser at {CHROMIUM} (install Debian's chromium package)")
    ARTIFACTS.mkdir(exist_ok=True)
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def _page_width(page: Any) -> int:
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width


def _shot(page: Any, name: str, full: bool = False) -> None:
    page.screenshot(path=str(ARTIFACTS / f"browser-{name}.png"), full_page=full)


def _upload_and_preview(page: Any, base: str, token: str) -> None:
    trf = shared_data("trf-real/fide_example1_karl_mala_2005.trf")
    page.goto(f"{base}/upload")  # not logged in: sent to the login form
    assert page.url.endswith("/login")
    page.fill("input[name=token]", token)
    page.click("button[type=submit]:has-text('Log in')")
    page.wait_for_url(re.compile(r".*/upload$"))
    page.set_input_files("input[name=file]", str(trf))
    page.select_option("select[name=player_key]", "fide-id")
    page.click("button:has-text('Preview')")
    page.wait_for_selector("h1:has-text('Preview of')")
    page.wait_for_selector("section.summary", timeout=120_000)  # the job has read it


def test_desktop_upload_preview_commit_and_a_whole_crosstable(
    server: tuple[str, str], browser: Any
) -> None:
    base, token = server
    page = browser.new_page(viewport=DESKTOP)
    _upload_and_preview(page, base, token)
    summary = page.inner_text("ul.counts")
    assert "284 players" in summary and "284 new" in summary
    commit = page.locator("#actions-top button:has-text('Commit')")
    box = commit.bounding_box()
    assert box is not None and box["y"] + box["height"] < DESKTOP["height"]  # no scrolling
    assert page.locator("#actions-bottom button:has-text('Commit')").count() == 1
    assert page.locator("tr.new").count() == 100  # the first page of players
    _shot(page, "1280-preview")
    commit.click()
    page.wait_for_url(re.compile(r".*/events/9-karl"), timeout=180_000)  # stored
    page.wait_for_selector("table.xt", timeout=180_000)  # then rated
    assert "Vasquez,Rodrigo" in page.inner_text("table.xt")
    # the whole crosstable, to the bonus column, within the page at 1280 px
    cut = page.evaluate(
        "Array.from(document.querySelectorAll('table.xt')).some("
        "t => t.parentElement.scrollWidth > t.parentElement.clientWidth)"
    )
    assert cut is False
    assert _page_width(page) <= DESKTOP["width"]
    _shot(page, "1280-crosstable")
    page.click("table.xt tbody tr:first-child td.name a")
    page.wait_for_selector("svg.chart.wide")
    assert page.locator("svg.chart.wide polyline").count() >= 1
    assert page.locator("svg.chart.narrow").is_hidden()
    assert "Vasquez" in page.inner_text("h1")
    _shot(page, "1280-player", full=True)
    page.goto(f"{base}/lists?q=vasq")
    assert page.locator("table.list tbody tr").count() == 1
    _shot(page, "1280-list")


def test_every_page_fits_a_phone(server: tuple[str, str], browser: Any) -> None:
    base, token = server
    page = browser.new_page(viewport=PHONE)
    for url in PUBLIC:
        page.goto(base + url)
        assert _page_width(page) <= PHONE["width"], url
    page.goto(f"{base}/players/10000004")
    narrow = page.locator("svg.chart.narrow")
    assert narrow.is_visible() and page.locator("svg.chart.wide").is_hidden()
    label = narrow.locator("text").first.bounding_box()
    assert label is not None and label["height"] >= 11  # readable, not ~4 px
    _shot(page, "390-player", full=True)
    page.goto(f"{base}/events/2024-spring-open")
    table = page.locator("table.xt").first
    name = table.locator("tbody tr:first-child td.name")
    scrolled = table.evaluate(
        "t => { t.parentElement.scrollLeft = 400; return t.parentElement.scrollLeft }"
    )
    assert scrolled > 100  # the table is wider than the phone: it scrolls inside itself
    box, frame = name.bounding_box(), table.locator("xpath=..").bounding_box()
    assert box is not None and frame is not None
    assert abs(box["x"] - frame["x"]) < 1  # the name stays in view while the rounds scroll
    _shot(page, "390-crosstable", full=True)
    page.goto(f"{base}/lists")
    _shot(page, "390-list", full=True)
    _upload_and_preview(page, base, token)
    assert _page_width(page) <= PHONE["width"]
    _shot(page, "390-preview")


def test_pages_print_without_navigation(server: tuple[str, str], browser: Any) -> None:
    base, _ = server
    page = browser.new_page(viewport={"width": 800, "height": 1100})
    page.emulate_media(media="print")
    page.goto(f"{base}/events/2024-spring-open")
    assert page.locator("header").is_hidden() and page.locator("form").first.is_hidden()
    assert page.locator("table.xt").first.is_visible()
    _shot(page, "print-crosstable", full=True)
