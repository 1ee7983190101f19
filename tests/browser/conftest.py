"""Browser test fixtures: the sample site built once, served on 127.0.0.1 (tests/site_server.py), and driven
by headless Chromium.

The browser is Debian's `chromium` (never a downloaded build), found as $COALITION_CHROMIUM, `chromium` on the
PATH or /usr/bin/chromium; .ci/run installs it when missing, and the tests skip when there is none. Nothing
leaves the machine: Scryfall's images and symbols are answered with local placeholders, and any other outside
request fails the test. Screenshots of every test go to tests/output/browser/.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import time
from pathlib import Path

import pytest

from generator.paths import PROJECT_ROOT
from tests.site_testing import built_site, servers

SCREENSHOTS = Path(__file__).resolve().parent.parent / "output" / "browser"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SYMBOL_SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16">'
              b'<circle cx="8" cy="8" r="8" fill="#b9a"/></svg>')
CARD_SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" width="488" height="680">'
            b'<rect width="488" height="680" rx="24" fill="#334"/></svg>')


def chromium_path() -> str | None:
    for candidate in (os.environ.get("COALITION_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    return None


@pytest.fixture(scope="session")
def site_url(tmp_path_factory):
    """The built sample site's address: one process serves it on 127.0.0.1 for the whole run, whichever
    worker built it (tests/site_server.py), so no worker's end cuts another's connections."""
    site = built_site(tmp_path_factory)
    os.kill(servers["sample"], 0)   # raises when the server is gone: a clear error rather than pages that fail to load
    return site.url


@pytest.fixture(scope="session")
def browser():
    executable = chromium_path()
    if executable is None:
        pytest.skip("no chromium: install Debian's chromium package (.ci/run does)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


# Only requests that would leave the machine go through Python: a route asks the test process about every
# request it matches, and the site's own files (most of them) need no answer.
OUTSIDE = re.compile(r"^(?!http://127\.0\.0\.1[:/])")


def answer_offline(outside: list[str], route) -> None:
    """Scryfall's images and symbols get placeholders; anything else from outside is refused and noted."""
    url = route.request.url
    if url.startswith("http://127.0.0.1"):
        route.continue_()
    elif url.startswith("https://svgs.scryfall.io/"):
        route.fulfill(status=200, content_type="image/svg+xml", body=SYMBOL_SVG)
    elif url.startswith(("https://cards.scryfall.io/", "https://img.scryfall.com/")):
        route.fulfill(status=200, content_type="image/svg+xml", body=CARD_SVG)
    else:
        outside.append(url)
        route.abort()


def wait_until(page, expression: str, timeout: float = 30.0) -> None:
    """Poll a JavaScript expression until it is truthy. Playwright's wait_for_function compiles its
    predicate with eval inside the page, which the site's Content-Security-Policy rightly refuses."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        page.wait_for_timeout(50)


@pytest.fixture()
def page(browser, request):
    """A fresh page; after the test: a screenshot, and no console error, page error or outside request."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    outside: list[str] = []
    page.on("console", lambda message: problems.append(f"console {message.type}: {message.text}")
            if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.route(OUTSIDE, functools.partial(answer_offline, outside))
    yield page
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{request.node.name}.png"))
    context.close()
    assert problems == [], problems
    assert outside == [], f"requests outside the machine: {outside}"


PHONE = {"width": 390, "height": 844}


@pytest.fixture()
def phone(browser, site_url, request):
    """A 390 px page that may reach only the test server; no console error, no page error, no outside request.
    Leaves a full-page screenshot in tests/output/browser/."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    problems: list[str] = []
    outside: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.route(OUTSIDE, functools.partial(answer_offline, outside))
    yield page
    shots = PROJECT_ROOT / "tests" / "output" / "browser"
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / f"{request.node.name}.png"), full_page=True)
    context.close()
    assert problems == [] and outside == []
