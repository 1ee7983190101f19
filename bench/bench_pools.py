"""Benchmark of the heaviest pages in a browser: the unaffiliated pool (thousands of cards), the leaders index
and the biggest type page, in Debian's Chromium driven by Playwright with the CPU slowed 4x through the
DevTools protocol (Emulation.setCPUThrottlingRate), as a mid-range phone would run them.

    python bench/bench_pools.py [--site site] [--rate 4] [--repeat 3]

Serves a built site (default: site/, e.g. after `coalition build --source ../shared/data/scryfall-shaped-2025-09.jsonl.gz`)
on 127.0.0.1, answers Scryfall's image requests locally, and prints one JSON line per page with the median of
`--repeat` runs: `interactive_ms` (navigation start until the first rows are drawn and the filter box
answers; the first line gives a plain page's load under the same slowdown, the theme's own share), `filter_ms` (typing a word until the count shows the result), `sort_ms` (sorting by cost), the page's
height in pixels and the rows in the page. Budget (issue 14): the unaffiliated pool interactive in under
1,000 ms at 4x; exits 1 when it is over. Figures depend on the machine's load: report `uptime` with them.
"""

from __future__ import annotations

import argparse
import functools
import json
import shutil
import statistics
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET_MS = 1000
CARD_SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="146" height="204"><rect width="146" height="204"/></svg>'
PAGES = {
    "unaffiliated": ("unaffiliated/", 'input[data-filter="shared"]', "output[data-filter-count=shared]", "#coalition-unaffiliated tbody tr"),
    "leaders": ("leaders/", 'input[data-filter="leaders"]', "output[data-filter-count=leaders]", "#leaders-table tbody tr"),
}


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(site: Path) -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


def biggest_type(site: Path) -> str:
    pools = site / "data" / "pools"
    sizes = {p.name[:-5]: len(json.loads(p.read_text(encoding="utf-8")).get("cards", []))
             for p in pools.glob("*.json") if p.name != "shared.json" and not p.name.endswith(".arena.json")}
    return max(sizes, key=lambda slug: (sizes[slug], slug))


def offline(url: str, route) -> None:
    if route.request.url.startswith(url):
        route.continue_()
    elif route.request.url.startswith("https://cards.scryfall.io/"):
        route.fulfill(status=200, content_type="image/svg+xml", body=CARD_SVG)
    else:
        route.abort()


# In the page: act (type into the filter box, or click a sort button), then wait frame by frame until `done`
# holds, and stop the clock after the frame that shows it (a task queued from that frame's animation callback
# runs once the frame is drawn). Returns [ms the action took to show, ms since navigation start at the end].
ACT_AND_WAIT = """async ([act, selector, value, done, doneArg]) => {
  const start = performance.now();
  const element = document.querySelector(selector);
  if (act === "type") {
    element.value = value;
    element.dispatchEvent(new Event("input", {bubbles: true}));
  } else {
    element.click();
  }
  const holds = {
    counted: () => document.querySelector(doneArg).textContent.includes(" of "),
    uncounted: () => !document.querySelector(doneArg).textContent.includes(" of "),
    sorted: () => document.querySelector(doneArg).getAttribute("aria-sort") === "ascending",
  }[done];
  await new Promise(resolve => {
    const frame = () => holds() ? setTimeout(resolve, 0) : requestAnimationFrame(frame);
    requestAnimationFrame(frame);
  });
  const end = performance.now();
  return [end - start, end];
}"""


FIRST_ROWS = """([rows, box]) => new Promise(resolve => {
  const frame = () => document.querySelector(rows) && document.querySelector(box)
    ? resolve(performance.now()) : requestAnimationFrame(frame);
  frame();
})"""


def measure(browser, url: str, rate: float, path: str, box: str, count: str, rows: str) -> dict:
    """interactive_ms: from navigation start until a filter typed the moment the first rows appear shows its
    answer on screen; then filter_ms and sort_ms on the settled page, each until the frame showing the result."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.route("**/*", functools.partial(offline, url))
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.goto(url + path, wait_until="commit")
    # Waited for in the page, frame by frame (Playwright's own waiting would add its work to the page's).
    first_rows = page.evaluate(FIRST_ROWS, [rows, box + "[data-ready]"])
    _, interactive = page.evaluate(ACT_AND_WAIT, ["type", box, "dragon", "counted", count])
    page.evaluate(ACT_AND_WAIT, ["type", box, "", "uncounted", count])
    page.wait_for_timeout(1000)   # settled: what is left of the page's start-up is not counted below
    filter_ms, _ = page.evaluate(ACT_AND_WAIT, ["type", box, "dragon", "counted", count])
    page.evaluate(ACT_AND_WAIT, ["type", box, "", "uncounted", count])
    sort_ms, _ = page.evaluate(ACT_AND_WAIT, ["click", 'th[data-key="mv"] button', "", "sorted", 'th[data-key="mv"]'])
    figures = {"first_rows_ms": first_rows, "interactive_ms": interactive, "filter_ms": filter_ms, "sort_ms": sort_ms,
               "height_px": page.evaluate("document.documentElement.scrollHeight"),
               "rows_in_page": page.locator(rows).count()}
    context.close()
    return figures


def baseline(browser, url: str, rate: float, path: str = "about/") -> dict:
    """A plain page (about/) under the same throttling: navigation start until the load event has run (every
    script of the theme and ours has started); the pages above pay at least this."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.route("**/*", functools.partial(offline, url))
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.goto(url + path, wait_until="load")
    figures = {"interactive_ms": page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")}
    context.close()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--rate", type=float, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium") or "/usr/bin/chromium"
    pages = dict(PAGES)
    slug = biggest_type(args.site)
    pages["type:" + slug] = (f"types/{slug}/", 'input[data-filter="pool"]', "output[data-filter-count=pool]", "table.pool tbody tr")
    server, url = serve(args.site)
    over = False
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=["--headless", "--no-sandbox"])
            runs = [baseline(browser, url, args.rate) for _ in range(args.repeat)]
            print(json.dumps({"page": "about (baseline: the theme alone)", "cpu_slowdown": args.rate, "runs": args.repeat,
                              "interactive_ms": round(statistics.median(run["interactive_ms"] for run in runs))}))
            for name, spec in pages.items():
                runs = [measure(browser, url, args.rate, *spec) for _ in range(args.repeat)]
                median = {key: round(statistics.median(run[key] for run in runs)) for key in runs[0]}
                print(json.dumps({"page": name, "cpu_slowdown": args.rate, "runs": args.repeat, **median}))
                over |= name == "unaffiliated" and median["interactive_ms"] > BUDGET_MS
            browser.close()
    finally:
        server.shutdown()
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
