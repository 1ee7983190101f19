"""Each page loads only the scripts it needs (mkdocs.yml `extra.scripts`, written by overrides/main.html): a
plain page runs the every-page scripts alone, a page with a widget adds that widget's part, and instant
navigation to a page whose scripts have not run yet loads them (core.js) and the page works as if loaded."""

from __future__ import annotations

import re

import pytest
import yaml

from generator.paths import PROJECT_ROOT
from tests.browser.conftest import wait_until
from tests.browser.test_site_browser import open_page

pytestmark = pytest.mark.browser

OUR_SCRIPTS = """() => Array.from(document.querySelectorAll('script[src*="/assets/js/"]'))
  .map(s => s.src.split('/assets/js/')[1].replace(/\\.js$/, '')).filter(n => !n.startsWith('theme-'))"""


class _Loader(yaml.SafeLoader):
    """mkdocs.yml with its `!ENV` tags read as plain values."""


_Loader.add_constructor("!ENV", lambda loader, node: None)


def manifest() -> dict:
    return yaml.load((PROJECT_ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)["extra"]["scripts"]


def expected(*parts: str) -> list[str]:
    scripts = manifest()
    wanted = set(scripts["every"]).union(*(scripts["parts"][part] for part in parts))
    return [name for name in scripts["order"] if name in wanted]


def test_the_manifest_names_real_files_in_one_order():
    scripts = manifest()
    order = scripts["order"]
    assert order[0] == "core" and len(set(order)) == len(order)
    assert all((PROJECT_ROOT / "docs" / "assets" / "js" / f"{name}.js").is_file() for name in order)
    for names in [scripts["every"], *scripts["parts"].values()]:
        assert set(names) <= set(order), names
    on_disk = {p.relative_to(PROJECT_ROOT / "docs" / "assets" / "js").as_posix()[:-3]
               for p in (PROJECT_ROOT / "docs" / "assets" / "js").rglob("*.js")}
    assert {name for name in on_disk if not name.startswith("theme-")} == set(order)


def test_every_script_of_ours_is_a_module_of_readable_size():
    """CONTRIBUTING's ~400 lines a module, for the browser's scripts too (validator.js and coalition-match.js had
    grown past it: the "what can I build?" page and the match's rules are modules of their own)."""
    scripts = PROJECT_ROOT / "docs" / "assets" / "js"
    sizes = {p.relative_to(scripts).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for p in scripts.rglob("*.js")}
    assert {name: lines for name, lines in sizes.items() if lines > 400} == {}


def test_the_form_pages_keeping_is_a_module_that_only_the_form_pages_load():
    """play/store.js, every table page's, had reached 398 lines with the form pages' keepForm in it: keepForm is
    formstore.js of its own, run after play/store.js (whose store it keeps the fields in), loaded by every part
    whose scripts call it and by no other (a tracker does not carry it)."""
    scripts, folder = manifest(), PROJECT_ROOT / "docs" / "assets" / "js"
    order = scripts["order"]
    text = {name: (folder / f"{name}.js").read_text(encoding="utf-8") for name in order}
    assert "function keepForm" in text["formstore"] and "keepForm" not in text["play/store"].split("*/", 1)[1]
    callers = {name for name in order if re.search(r"C\.play\.keepForm\(", text[name])}
    assert callers >= {"validator", "build-page"}
    assert order.index("play/store") < order.index("formstore") < min(order.index(name) for name in callers)
    for part, names in scripts["parts"].items():
        assert ("formstore" in names) == bool(callers & set(names)), part
        assert "formstore" not in names or "play/store" in names, part


def test_the_name_matcher_and_the_lookup_are_split_where_they_part():
    """names.js (399 lines) and lookup.js (398) had reached the 400 a script may have. The matcher's keys and exact
    readings are names-keys.js, run before names.js, which adds the typos and suggestions and only then defines
    C.names: every part loads both or neither, and a script that loads names.js itself (the search box, a table's
    "did you mean") adds names-keys.js before it. The lookup's answer for one card is lookup-card.js, before
    lookup.js in the order and wherever lookup.js is loaded. Each of the four is well under the limit."""
    scripts, folder = manifest(), PROJECT_ROOT / "docs" / "assets" / "js"
    order = scripts["order"]
    text = {name: (folder / f"{name}.js").read_text(encoding="utf-8") for name in order}
    assert {name: len(text[name].splitlines()) for name in ("names-keys", "names", "lookup-card", "lookup")
            if len(text[name].splitlines()) > 300} == {}
    assert order.index("names-keys") < order.index("names") and order.index("lookup-card") < order.index("lookup")
    assert "C.nameKeys = " in text["names-keys"] and "C.names = " in text["names"]
    assert "C.lookupCard = " in text["lookup-card"] and "C.lookupCard.render(" in text["lookup"]
    for part, names in scripts["parts"].items():
        assert ("names" in names) == ("names-keys" in names), part
        assert ("lookup" in names) == ("lookup-card" in names), part
    loaders = {name for name in order if '"names.js"' in text[name]}
    assert loaders >= {"search", "cardgroups"}
    for name in loaders:   # names-keys.js named first: scripts added together run in the order added (core.js)
        assert -1 < text[name].find('"names-keys.js"') < text[name].find('"names.js"'), name


@pytest.mark.parametrize(("path", "parts"), [("about/", ()), ("rules/", ()), ("unaffiliated/", ("unaffiliated",)),
                                             ("types/goblin/", ("pool",)), ("validator/", ("validator",)),
                                             ("lookup/", ("lookup",)), ("play/coalition/", ("play-coalition",))])
def test_a_page_loads_the_every_page_scripts_and_its_own_parts_only(page, site_url, path, parts):
    open_page(page, site_url, path)
    assert page.evaluate(OUR_SCRIPTS) == expected(*parts)


def test_instant_navigation_loads_the_scripts_the_next_page_needs(page, site_url):
    open_page(page, site_url, "about/")
    page.evaluate("window.__stillHere = true")
    assert "cardtable" not in page.evaluate(OUR_SCRIPTS)
    link = page.locator(".md-tabs__link", has_text="Unaffiliated")
    link.hover()   # the theme's sitemap, which instant navigation needs, is asked for when a link is pointed at
    wait_until(page, "performance.getEntriesByType('resource').some(e => e.name.endsWith('/sitemap.xml'))")
    link.click()
    page.wait_for_url(re.compile(r"/unaffiliated/$"))
    page.locator("#coalition-unaffiliated table").first.wait_for()
    assert page.evaluate("window.__stillHere") is True   # no full reload: core.js loaded the pool's scripts
    page.locator('input[data-filter="shared"]').fill("plain test bolt")
    wait_until(page, "document.querySelectorAll('#coalition-unaffiliated tbody tr').length === 1")
    # Then on to the lookup, whose scripts partly ran already: each script runs once.
    link = page.locator(".md-tabs__link", has_text="Card lookup")
    link.hover()
    link.click()
    page.wait_for_url(re.compile(r"/lookup/$"))
    page.locator("#lookup-input").wait_for()   # the theme swaps the content in after the address
    wait_until(page, "!document.querySelector('#lookup-input').disabled")
    page.locator("#lookup-input").fill("Mogg Tes")
    page.locator("#lookup-suggestions li", has_text="Mogg Tester").click()
    assert "Legal in Coalition" in page.locator("#lookup-result").inner_text()
    assert page.evaluate("window.__stillHere") is True
    ran = page.evaluate("""() => performance.getEntriesByType('resource').map(e => e.name)
        .filter(n => n.includes('/assets/js/cards.js'))""")
    assert len(ran) == 1


def test_a_type_page_draws_its_pool_from_rows_json_and_keeps_its_tools(page, site_url):
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    open_page(page, site_url, "types/goblin/?sort=-mv")
    rows = page.locator("#pool-creature tbody tr")
    rows.first.wait_for()
    assert [url for url in asked if url.endswith("/types/goblin/rows.json")] != []
    assert rows.first.locator("td").nth(4).inner_text() in ("type line", "rules text: “Goblin”")   # why it is in
    assert rows.first.locator("td").nth(3).get_attribute("title").startswith("creature (")
    assert page.locator('#pool-creature th[data-key="mv"]').get_attribute("aria-sort") == "descending"
    page.locator('input[data-filter="pool"]').fill("mogg tester")
    wait_until(page, "document.querySelector('output[data-filter-count=pool]').textContent.startsWith('1 of')")
    wait_until(page, "!document.querySelector('[aria-busy=\"true\"]')")   # the groups far below, drawn when idle
    assert "filter=mogg+tester" in page.url and page.locator("table.pool:visible tbody tr").count() == 1


# A script of ours or the theme's small files, as the page names it: <script src> or <link rel=preload as=script>.
SCRIPT_TAG = re.compile(r'<script src="([^"]+)"([^>]*)>')
SCRIPT_PRELOAD = re.compile(r'<link rel="preload" href="([^"]+)" as="script">')


def before_first_wait(html: str) -> tuple[str, int]:
    """The page's HTML before the first script the parser waits for (one without `defer`), and where it starts."""
    first_wait = next(match for match in SCRIPT_TAG.finditer(html) if "defer" not in match.group(2))
    return html[:first_wait.start()], first_wait.start()


@pytest.mark.parametrize("path", ["about/", "unaffiliated/", "types/goblin/", "validator/"])
def test_a_page_asks_for_every_script_before_the_parser_first_waits_for_one(page, site_url, path):
    """The pages' Content-Security-Policy meta tag keeps Chromium from looking ahead while the parser waits for
    a script: without these preloads each later script was asked for only when the parser reached it
    (bench/bench_pools.py). Each is then fetched once: the preload is the request the page uses."""
    html = page.request.get(site_url + path).text()
    head, waits_at = before_first_wait(html)
    asked_early = set(SCRIPT_PRELOAD.findall(head))
    later = {match.group(1) for match in SCRIPT_TAG.finditer(html) if match.start() > waits_at}
    assert later and later <= asked_early, sorted(later - asked_early)
    open_page(page, site_url, path)
    fetched = page.evaluate("""() => performance.getEntriesByType('resource').map(e => e.name)
      .filter(name => name.includes('/assets/js/'))""")
    assert len(fetched) == len(set(fetched)) and len(fetched) >= len(later), fetched


@pytest.mark.parametrize(("path", "rows"), [("leaders/", "rows.json"), ("heroic/leaders/", "rows.json"),
                                            ("banlist/", "rows.json"), ("heroic/banlist/", "rows.json"),
                                            ("mazerunner/banlist/", "rows.json"),
                                            ("unaffiliated/", "../data/pools/shared.json")])
def test_a_page_asks_for_the_rows_it_draws_before_the_parser_first_waits(page, site_url, path, rows):
    """Front matter `preload:` (from the site's root, or "./" from the page's folder): the rows are on their
    way while the page is parsed, and the request is the one its script uses."""
    html = page.request.get(site_url + path).text()
    assert f'<link rel="preload" href="{rows}" as="fetch" crossorigin>' in before_first_wait(html)[0]
    open_page(page, site_url, path)
    wanted = (site_url + path + rows).replace("/unaffiliated/../", "/")
    fetched = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
    assert fetched.count(wanted) == 1, fetched
