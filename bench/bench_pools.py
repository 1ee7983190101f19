"""Benchmark of the heaviest pages in a browser: the unaffiliated pool (thousands of cards), the leaders index
and the biggest type page, in Debian's Chromium driven by Playwright with the CPU slowed 4x through the
DevTools protocol (Emulation.setCPUThrottlingRate), as a mid-range phone would run them.

    python bench/bench_pools.py [--site site] [--rate 4] [--repeat 3]

Serves a built site (default: site/, e.g. after `coalition build --source ../shared/data/scryfall-shaped-2025-09.jsonl.gz`)
on 127.0.0.1, with every other host unreachable (no request is intercepted: see `launch`), and prints one JSON
line per page with the median of
`--repeat` runs, each in a fresh browser context (nothing cached), a 390 x 844 viewport:

- `interactive_ms`: navigation start until a filter typed the moment the first rows appear shows its answer
  on screen (the frame after the count says "N of M"). Rows on screen alone are not enough: a page still busy
  starting up (the theme parsing its sitemap, say) would answer that first key seconds later.
- `first_rows_ms`: navigation start until the first row is in the page (not yet drawn).
- `filter_ms`, `sort_ms`: on the settled page (a second after it became interactive), typing a word, and
  sorting the big table (its first one, on a type page: not the leaders above it) by cost, until the frame
  that shows the result.
- `height_px`, `rows_in_page`: the page's height and the rows in it.

Everything is timed inside the page, frame by frame (Playwright's own waiting runs in the page too, and its
work would count). The first lines (`loaded_ms`) are pages without a pool until their load event (every
script has run): a plain page (about/), then the floor under the pool page, served beside it: the pool page
with its pool's box emptied, then also without our scripts (the theme alone), then without any script (the
theme's CSS alone), then bare HTML. Budget (issue 14): the unaffiliated pool interactive
in under 1,000 ms at 4x; exits 1 when it is over. Figures depend on the machine's load: report `uptime`.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import shutil
import statistics
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET_MS = 1000
# path, filter box, its count, a row of the big table, the big table (whose cost column is sorted)
PAGES = {
    "unaffiliated": ("unaffiliated/", 'input[data-filter="shared"]', "output[data-filter-count=shared]",
                     "#coalition-unaffiliated tbody tr", "#coalition-unaffiliated table.pool"),
    "leaders": ("leaders/", 'input[data-filter="leaders"]', "output[data-filter-count=leaders]", "#leaders-table tbody tr",
                "#leaders-table"),
}
# The unaffiliated pool's page with its scripts replaced by bench/floor-filter.js (floor_pages): measured as a pool.
MINIMAL_FILTER = ("floor-filter/",) + PAGES["unaffiliated"][1:]


# The floor under the pool page: its own HTML with the pool's box emptied ("the theme and our scripts"), then
# also without our scripts ("the theme alone": its CSS, its bundle and the small files standing in for its
# inline scripts), then without any script ("the theme's CSS alone"), then without any script or stylesheet
# ("bare HTML"). Served beside it, at the same depth. A page that runs the theme after its pool (front matter
# `late_theme`) writes the bundle as a preload: on the floors it is a script again, as on any other page.
OUR_SCRIPT = re.compile(r'\s*<script src="\.\./assets/js/(?!theme-)[^"]+"[^>]*></script>')
ANY_SCRIPT = re.compile(r'\s*<script\b[^>]*>.*?</script>', re.S)
STYLESHEET = re.compile(r'\s*<link rel="(?:stylesheet|preload)"[^>]*>')
POOL_BOX = re.compile(r'<div id="coalition-unaffiliated".*?</div>', re.S)
LATE_THEME = re.compile(r'<link rel="preload" as="script" data-coalition-theme href=("[^"]+")>')
SCRIPT_PRELOAD = re.compile(r'\s*<link rel="preload" href="[^"]+" as="script">')
FLOOR_FILTER = Path(__file__).resolve().parent / "floor-filter.js"


def floor_pages(site: Path) -> dict[str, tuple[str, bytes]]:
    """Address -> (content type, body) of each floor page, and of the minimal filter's script."""
    built = (site / "unaffiliated" / "index.html").read_text(encoding="utf-8")
    page = LATE_THEME.sub(r"<script src=\1></script>", POOL_BOX.sub("", built))
    theme_alone = OUR_SCRIPT.sub("", page)
    theme_css = ANY_SCRIPT.sub("", theme_alone)
    bare = STYLESHEET.sub("", theme_css)
    pages = {f"/floor-{name}/": html for name, html in
             (("ours", page), ("theme", theme_alone), ("css", theme_css), ("bare", bare))}
    # The floor under the budget: the same stylesheets and pool, the least script a pool page can run.
    minimal = ANY_SCRIPT.sub("", SCRIPT_PRELOAD.sub("", POOL_BOX.sub('<div id="coalition-unaffiliated"></div>', built)))
    minimal = LATE_THEME.sub("", minimal).replace("</head>", '<script src="/floor-filter.js" defer></script></head>', 1)
    pages["/floor-filter/"] = minimal
    served = {path: ("text/html; charset=utf-8", html.encode("utf-8")) for path, html in pages.items()}
    served["/floor-filter.js"] = ("text/javascript; charset=utf-8", FLOOR_FILTER.read_bytes())
    return served


class Quiet(SimpleHTTPRequestHandler):
    floors: dict[str, tuple[str, bytes]] = {}

    def log_message(self, *args):
        pass

    def do_GET(self):  # noqa: N802 - http.server's name
        if self.path not in self.floors:
            return super().do_GET()
        content_type, body = self.floors[self.path]
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return None


def serve(site: Path) -> tuple[ThreadingHTTPServer, str]:
    handler = type("SiteHandler", (Quiet,), {"floors": floor_pages(site)})
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


def biggest_type(site: Path) -> str:
    pools = site / "data" / "pools"
    sizes = {p.name[:-5]: len(json.loads(p.read_text(encoding="utf-8")).get("cards", []))
             for p in pools.glob("*.json") if p.name != "shared.json" and not p.name.endswith(".arena.json")}
    return max(sizes, key=lambda slug: (sizes[slug], slug))


# Debian's Chromium with no host reachable but this machine's. Offline by name resolution, not by Playwright's
# routing: a route, even one matching only other hosts, paused every request of the page for a round trip to
# Playwright, and the page's time counted it (the theme's CSS alone 813 -> 614 ms, the unaffiliated pool
# interactive 1,630 -> 1,361 ms: medians of 8 in turn at 4x, 2026-11-27, load 2-6). The pages measured ask no
# other host for anything before they are interactive (a card's picture only in the grid or a preview).
BROWSER_ARGS = ["--headless", "--no-sandbox", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


def launch(playwright):
    return playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium", args=BROWSER_ARGS)


def throttled_page(browser, rate: float, viewport: dict | None = None):
    """(context, page): a fresh context (nothing cached) of a browser from `launch`, a phone's viewport unless
    given, its CPU slowed `rate` times."""
    context = browser.new_context(viewport=viewport or {"width": 390, "height": 844})
    page = context.new_page()
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return context, page


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


def measure(browser, url: str, rate: float, path: str, box: str, count: str, rows: str, table: str) -> dict:
    """interactive_ms: from navigation start until a filter typed the moment the first rows appear shows its
    answer on screen; then filter_ms and sort_ms on the settled page, each until the frame showing the result."""
    context, page = throttled_page(browser, rate)
    page.goto(url + path, wait_until="commit")
    # Waited for in the page, frame by frame (Playwright's own waiting would add its work to the page's).
    first_rows = page.evaluate(FIRST_ROWS, [rows, box + "[data-ready]"])
    _, interactive = page.evaluate(ACT_AND_WAIT, ["type", box, "dragon", "counted", count])
    page.evaluate(ACT_AND_WAIT, ["type", box, "", "uncounted", count])
    page.wait_for_timeout(1000)   # settled: what is left of the page's start-up is not counted below
    filter_ms, _ = page.evaluate(ACT_AND_WAIT, ["type", box, "dragon", "counted", count])
    page.evaluate(ACT_AND_WAIT, ["type", box, "", "uncounted", count])
    header = f'{table} th[data-key="mv"]'
    sort_ms, _ = page.evaluate(ACT_AND_WAIT, ["click", header + " button", "", "sorted", header])
    figures = {"first_rows_ms": first_rows, "interactive_ms": interactive, "filter_ms": filter_ms, "sort_ms": sort_ms,
               "height_px": page.evaluate("document.documentElement.scrollHeight"),
               "rows_in_page": page.locator(rows).count()}
    context.close()
    return figures


FLOORS = [("about (a plain page)", "about/"), ("floor: the pool page without its pool", "floor-ours/"),
          ("floor: the theme alone", "floor-theme/"), ("floor: the theme's CSS alone", "floor-css/"),
          ("floor: bare HTML", "floor-bare/")]


def baseline(browser, url: str, rate: float, path: str = "about/") -> dict:
    """A page without a pool under the same throttling: navigation start until its load event has run (every
    script has run, the theme's and ours); the pool pages pay at least this."""
    context, page = throttled_page(browser, rate)
    page.goto(url + path, wait_until="load")
    figures = {"loaded_ms": page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")}
    context.close()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--rate", type=float, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    pages = {"floor: a minimal filter": MINIMAL_FILTER, **PAGES}
    slug = biggest_type(args.site)
    pages["type:" + slug] = (f"types/{slug}/", 'input[data-filter="pool"]', "output[data-filter-count=pool]", "table.pool tbody tr",
                             "table.pool")
    server, url = serve(args.site)
    over = False
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for name, path in FLOORS:
                runs = [baseline(browser, url, args.rate, path) for _ in range(args.repeat)]
                print(json.dumps({"page": name, "cpu_slowdown": args.rate, "runs": args.repeat,
                                  "loaded_ms": round(statistics.median(run["loaded_ms"] for run in runs))}))
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
