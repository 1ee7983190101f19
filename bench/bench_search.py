"""Benchmark of the search box's first answer about a card, in Debian's Chromium with the CPU slowed 4x, as a
mid-range phone would run it: the card index (data/cards.json, 5 MB and 30,000 cards on today's data) is
loaded, its name index built and the words matched before the first card can be listed.

    python bench/bench_search.py [--site site] [--rate 4] [--repeat 5] [--words "lightning bolt"]

Serves a built site on 127.0.0.1 (e.g. after `coalition build --source ../shared/data/scryfall-shaped-2025-09.jsonl.gz`),
opens a plain page (about/) in a fresh browser context each run (nothing cached), waits for its load event and
a second more, clicks the search box, and times until the frame that lists the card the words name:

- `at_once_ms`: the words typed the moment the box has the keyboard, timed from the click.
- `after_a_pause_ms`: the words typed a second after the click (a reader finding the keys), timed from the
  typing: what is left to wait once the reader has typed.

Prints one JSON line with the medians of `--repeat` runs. Figures depend on the machine's load: report `uptime`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_pools import ROOT, launch, serve, throttled_page  # noqa: E402

# In the page: type the words, then wait frame by frame until the search's card list names `card`; the ms
# since `since` (performance.now() at the click) at the frame after it shows.
TYPE_AND_WAIT = """async ([words, card, since]) => {
  const box = document.querySelector('input.md-search__input');
  const start = since === null ? performance.now() : since;
  box.value = words;
  box.dispatchEvent(new Event('input', {bubbles: true}));
  await new Promise(resolve => {
    const frame = () => {
      const hits = document.querySelector('.coalition-search');
      if (hits && hits.textContent.includes(card)) setTimeout(resolve, 0); else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return performance.now() - start;
}"""


def first_answer(browser, url: str, rate: float, words: str, card: str, pause_ms: int) -> float:
    context, page = throttled_page(browser, rate, {"width": 1280, "height": 900})
    page.goto(url + "about/", wait_until="load")
    page.wait_for_timeout(1000)
    page.locator("input.md-search__input").click()
    clicked = page.evaluate("performance.now()")
    if pause_ms:
        page.wait_for_timeout(pause_ms)
    elapsed = page.evaluate(TYPE_AND_WAIT, [words, card, None if pause_ms else clicked])
    context.close()
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--rate", type=float, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--words", default="lightning bolt")
    parser.add_argument("--card", default="Lightning Bolt", help="the card the answer must list")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server, url = serve(args.site)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            runs = {"at_once_ms": [], "after_a_pause_ms": []}
            for _ in range(args.repeat):   # the two kinds in turn, so that both see the same load
                runs["at_once_ms"].append(first_answer(browser, url, args.rate, args.words, args.card, 0))
                runs["after_a_pause_ms"].append(first_answer(browser, url, args.rate, args.words, args.card, 1000))
            browser.close()
    finally:
        server.shutdown()
    print(json.dumps({"page": "about/ search", "words": args.words, "cpu_slowdown": args.rate, "runs": args.repeat,
                      **{name: round(statistics.median(values)) for name, values in runs.items()}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
