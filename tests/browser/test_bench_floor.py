"""bench/bench_pools.py's floor under issue 14's budget: the unaffiliated pool's page, its HTML and stylesheets
as built, with its scripts replaced by bench/floor-filter.js. The README reads the budget against it, so it
must be that page and no less, and it must answer a filter the way the bench's `measure` waits for."""

from __future__ import annotations

import json
import re
import sys

from generator.paths import PROJECT_ROOT
from tests.site_testing import built_site

sys.path.insert(0, str(PROJECT_ROOT / "bench"))

from bench_pools import MINIMAL_FILTER, floor_pages, measure, serve  # noqa: E402

STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)"')


def test_the_minimal_filter_floor_is_the_pool_page_with_one_small_script(tmp_path_factory):
    site = built_site(tmp_path_factory).paths.site_dir
    built = (site / "unaffiliated" / "index.html").read_text(encoding="utf-8")
    kind, body = floor_pages(site)["/floor-filter/"]
    floor = body.decode("utf-8")
    assert kind.startswith("text/html")
    assert STYLESHEET.findall(floor) == STYLESHEET.findall(built) != []
    assert re.findall(r"<script\b[^>]*>", floor) == ['<script src="/floor-filter.js" defer>']
    assert 'as="script"' not in floor and '<link rel="preload" href="../data/pools/shared.json"' in floor
    assert '<div id="coalition-unaffiliated"></div>' in floor
    assert floor_pages(site)["/floor-filter.js"][1].startswith(b"/*")


def test_the_minimal_filter_answers_as_the_bench_measures_it(browser, tmp_path_factory):
    site = built_site(tmp_path_factory).paths.site_dir
    server, url = serve(site)
    try:
        figures = measure(browser, url, 1, *MINIMAL_FILTER)
    finally:
        server.shutdown()
    assert 0 < figures["first_rows_ms"] <= figures["interactive_ms"]
    pool = json.loads((site / "data" / "pools" / "shared.json").read_text(encoding="utf-8"))["cards"]
    assert figures["rows_in_page"] == min(40, len(pool)) > 0
