"""Browser test fixtures: the sample site built once, served on 127.0.0.1 (tests/site_server.py), and driven
by headless Chromium.

The browser is Debian's `chromium` (never a downloaded build), found as $COALITION_CHROMIUM, `chromium` on the
PATH or /usr/bin/chromium; .ci/run installs it when missing, and the tests skip when there is none. Nothing
leaves the machine: Scryfall's images and symbols are answered with local placeholders, and any other outside
request fails the test. A failed test leaves a screenshot in tests/output/browser/ (every test does with
--screenshots), and its report shows the page's address, local storage, status lines and opening text.

The `page` and `phone` fixtures hand one page per viewport from test to test (tests/browser/tabs.py clears
everything between them). Pages are ready when settle() says so, not after a fixed quiet time.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.browser.tabs import DESKTOP, Tabs
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
        new_context = chromium.new_context

        def counting_requests(**options):
            context = new_context(**options)
            context.add_init_script(COUNT_REQUESTS)
            return context

        chromium.new_context = counting_requests   # every context's pages can say when they are settled
        yield chromium
        chromium.close()


# settle(): a page is settled when it has loaded (its deferred scripts ran, its load event fired), every
# fetch or XMLHttpRequest it started has been answered and its body read, its fonts are in, the theme has
# started (a page drawn before the theme, core.js, starts it later), and two frames have been drawn since
# (what our scripts draw from the data they fetched). The requests are counted from
# inside the page, by an init script of every context that runs before any of the page's own scripts.
COUNT_REQUESTS = """(() => {
  let open = 0;
  const counted = promise => { open += 1; return promise.finally(() => { open -= 1; }); };
  const fetch = window.fetch;
  window.fetch = function () {
    return counted(fetch.apply(this, arguments)).then(response => {
      for (const read of ["json", "text", "arrayBuffer", "blob", "formData"]) {
        const reader = response[read];
        response[read] = function () { return counted(reader.apply(this, arguments)); };
      }
      return response;
    });
  };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function () {
    open += 1;
    this.addEventListener("loadend", () => { open -= 1; }, {once: true});
    return send.apply(this, arguments);
  };
  Object.defineProperty(window, "__requestsOpen", {get: () => open});
})();"""
SETTLED = """() => new Promise(answer => {
  const frame = next => { requestAnimationFrame(next); setTimeout(next, 1000); };
  let frames = 0;
  const check = () => { frames += 1; if (frames === 2) answer(document.readyState === "complete"
      && window.__requestsOpen === 0 && document.fonts.status === "loaded"
      && !(window.Coalition && window.Coalition.themeWaiting) && !document.querySelector('[aria-busy="true"]'));
    else if (frames < 2) frame(check); };
  frame(check);
})"""


def settle(page, timeout: float = 30.0):
    """Wait until the page is settled (see SETTLED): what networkidle's half second of quiet stood for."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if page.evaluate(SETTLED):
                return page
        except Exception as error:   # a navigation replaced the document under the question: ask the new one
            if "context was destroyed" not in str(error) and "navigat" not in str(error):
                raise
        assert time.monotonic() < deadline, f"{page.url} did not settle"


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


@contextmanager
def page_without(browser, blocked) -> Iterator[tuple]:
    """(page, errors): a page of a context of its own, offline but for this machine, whose requests `blocked`
    matches (a glob, or a function of the address) fail, the service worker's too; `errors` collects its console
    errors. Not the page fixtures: they count the blocked request's console error against a test."""
    context = browser.new_context()
    context.route(OUTSIDE, lambda route: route.abort())
    context.route(blocked, lambda route: route.abort())
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
    try:
        yield page, errors
    finally:
        context.close()


def wait_until(page, expression: str, timeout: float = 30.0) -> None:
    """Poll a JavaScript expression until it is truthy. Playwright's wait_for_function compiles its
    predicate with eval inside the page, which the site's Content-Security-Policy rightly refuses."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        page.wait_for_timeout(50)


def wait_for_answer(page, expression: str, idle: float = 15.0, limit: float = 600.0) -> None:
    """Poll a JavaScript expression until it is truthy, for as long as the page is working on it: loading (a
    request of its own open, see COUNT_REQUESTS) or too busy to answer the poll at once (a long task: parsing
    megabytes of card data). It fails once the page has sat idle for `idle` seconds without the answer, or
    after `limit` seconds in all. A fixed budget for the whole (20 s) failed on a loaded machine while the
    page was still reading its data."""
    start = worked = time.monotonic()
    while True:
        asked = time.monotonic()
        answered, loading = page.evaluate(f"[Boolean({expression}), window.__requestsOpen || 0]")
        now = time.monotonic()
        if answered:
            return
        if loading or now - asked > 0.25:
            worked = now
        assert now - worked < idle, f"idle for {idle} s without {expression}"
        assert now - start < limit, f"still working on {expression} after {limit} s"
        page.wait_for_timeout(50)


# Every table row on the screen laid out: a row is skipped (content-visibility, cards.css) until it is near the
# screen, then takes its own height in place of the guessed one, which moves what is below it two frames after a
# scroll brought it there (a chip 18-30 px on a phone's type page). A press on a place found before that lands
# where the chip was: its mouseup on another element, the click on their common ancestor, no choice made.
NEAR_SCREEN_LAID_OUT = """(() => Array.from(document.querySelectorAll('tbody tr')).every(row => {
  const box = row.getBoundingClientRect();
  return !box.height || box.bottom < 0 || box.top > innerHeight || !row.cells.length
    || row.cells[0].checkVisibility({contentVisibilityAuto: true});
}))()"""


def in_view_and_still(page, locator):
    """Scroll `locator` into view and wait until the rows then on the screen are laid out and the page settled:
    where it stands then is where a tap lands."""
    locator.scroll_into_view_if_needed()
    wait_until(page, NEAR_SCREEN_LAID_OUT)
    return settle(page)


def wait_for_filter(page, typed: str, timeout: float = 30.0):
    """Wait until a card table (docs/assets/js/cardtable.js) has answered what was typed into its filter: it
    writes the filter into the address in the task after the one that redraws the rows near the screen, and settle()
    then waits for the frames that draw the groups further down. A fixed pause passed whether or not the filter
    had been read."""
    wait_until(page, f"(new URL(location.href).searchParams.get('filter') || '') === {json.dumps(typed.strip())}",
               timeout)
    return settle(page, timeout)


@pytest.fixture(scope="session")
def tabs(browser):
    """This worker's reusable pages (tests/browser/tabs.py)."""
    kept = Tabs(browser)
    yield kept
    kept.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Note a failed test on its item (its fixtures then leave a screenshot and hand on no page), and add its
    page's state to the report."""
    report = yield
    if report.failed:
        item.browser_test_failed = True
        if call.when == "call":
            report.sections.append(("the page when the test failed", page_state(item)))
    return report


# What a failure's report says of the page, so that a flaky failure in CI can be read from its log alone: a
# screenshot stays on the machine that ran it.
PAGE_STATE = """() => ({address: location.href, ready: document.readyState,
  storage: Object.keys(localStorage).sort().map(k => k + " = " + localStorage.getItem(k).slice(0, 100)).join("; ") || "(empty)",
  status: Array.from(document.querySelectorAll(".pl-status, [role=status]")).map(e => e.textContent.trim()).join(" | "),
  text: document.body ? document.body.innerText.replace(/\\s+/g, " ").slice(0, 600) : ""})"""


def page_state(item) -> str:
    """The address, readiness, local storage keys, status lines and opening text of the test's page(s)."""
    lines = []
    for name in ("page", "phone"):
        page = item.funcargs.get(name)
        if page is None:
            continue
        try:
            state = page.evaluate(PAGE_STATE)
        except Exception as error:   # a closed or crashed page: say so rather than hide the test's own error
            lines.append(f"{name}: could not be read ({type(error).__name__}: {str(error).splitlines()[0]})")
            continue
        lines.extend(f"{name} {key}: {value}" for key, value in state.items())
    return "\n".join(lines) or "(no page fixture)"


def watch(page) -> tuple[list[str], list[str]]:
    """The page's console errors and page errors, and what it asked of outside the machine (refused), as
    they come: both lists must stay empty."""
    problems: list[str] = []
    outside: list[str] = []
    page.on("console", lambda message: problems.append(f"console {message.type}: {message.text}")
            if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.route(OUTSIDE, functools.partial(answer_offline, outside))
    return problems, outside


def watched_page(tabs, request, viewport: dict, full_page: bool):
    """A page handed on from the test before, cleared; after the test: no console error, page error or
    outside request, and a screenshot when the test failed (or --screenshots asked for every test's)."""
    page = tabs.take(viewport)
    problems, outside = watch(page)
    yield page
    failed = getattr(request.node, "browser_test_failed", False)
    if failed or request.config.getoption("--screenshots"):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{request.node.name}.png"), full_page=full_page)
    tabs.give_back(page, failed)
    assert problems == [], problems
    assert outside == [], f"requests outside the machine: {outside}"


@pytest.fixture()
def page(tabs, request):
    """A 1280 x 900 page (see watched_page)."""
    yield from watched_page(tabs, request, DESKTOP, full_page=False)


PHONE = {"width": 390, "height": 844}


@pytest.fixture()
def phone(tabs, site_url, request):
    """A 390 px page that may reach only the test server (see watched_page); its screenshot is the full page."""
    yield from watched_page(tabs, request, PHONE, full_page=True)
