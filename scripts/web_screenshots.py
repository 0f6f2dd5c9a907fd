#!/usr/bin/env python3
"""Take the screenshots of docs/web.md: ``docs/img/web-event.png``, ``web-player.png``,
``web-preview.png`` and the phone's ``web-phone-event.png`` and ``web-phone-player.png``.

Builds the quick-start ledger (the bundled examples) in a temporary folder, serves it on
loopback, and drives Debian's Chromium with Playwright: the event and player pages, then
an officer's preview of a real TRF from ``../shared/data/trf-real/``.

Usage::

    python scripts/web_screenshots.py [--out docs/img] [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import glob
import re
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from arpad.ledger import Ledger
from arpad.ledger.tokens import create_token
from arpad.web import WebSettings, create_app

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.web.browser import CHROMIUM, CHROMIUM_ARGS, serving  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=REPO / "docs" / "img")
    ap.add_argument("--chromium", default=CHROMIUM)
    args = ap.parse_args()
    examples = REPO / "examples"
    files = [examples / "uscf-open.json", examples / "uscf-crosstable.txt"]
    files += [Path(p) for p in sorted(glob.glob(str(examples / "ledger" / "*")))]
    trf = REPO.parent / "shared" / "data" / "trf-real" / "fide_example1_karl_mala_2005.trf"
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "arpad.db")
        with Ledger.open(db) as ledger:
            assert not ledger.import_files(files).errors
            ledger.rate_pending(["uscf"])
            with ledger.engine.begin() as conn:
                token = create_token(conn, "screenshots").token
        app = create_app(WebSettings(db=db, work_dir=str(Path(folder) / "work")))
        with serving(app) as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1000, "height": 560})
            page.goto(f"{base}/events/2024-spring-open")
            page.screenshot(path=str(args.out / "web-event.png"))
            page.set_viewport_size({"width": 1000, "height": 760})
            page.goto(f"{base}/players/10000004")
            page.screenshot(path=str(args.out / "web-player.png"))
            phone = browser.new_page(viewport={"width": 390, "height": 760})
            phone.goto(f"{base}/events/2024-spring-open")
            phone.screenshot(path=str(args.out / "web-phone-event.png"))
            phone.goto(f"{base}/players/10000004")
            phone.screenshot(path=str(args.out / "web-phone-player.png"))
            page.goto(f"{base}/login")
            page.fill("input[name=token]", token)
            page.click("button:has-text('Log in')")
            page.wait_for_url(re.compile(r".*/upload$"))
            page.set_input_files("input[name=file]", str(trf))
            page.select_option("select[name=player_key]", "fide-id")
            page.click("button:has-text('Preview')")
            page.wait_for_selector("section.summary", timeout=120_000)  # the job has read it
            page.set_viewport_size({"width": 1000, "height": 560})
            page.screenshot(path=str(args.out / "web-preview.png"))
            browser.close()
        app.state.jobs.wait()
        app.state.ledger.close()
    print(f"wrote web-event.png, web-player.png, web-preview.png, web-phone-*.png in {args.out}")


if __name__ == "__main__":
    main()
