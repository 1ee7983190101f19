"""The table pages without a network (docs/sw.js, its list written by hooks/offline.py), in real Chromium at
390 px, with the sample site served under a prefix as GitHub Pages serves it (/coalition-site/): a table page
loaded once reloads offline with its saved state and works; every other table page opens offline without ever
having been visited; a page visited before comes back from the cache; a page never visited gets our offline page;
online, the network answers first; and a new build's worker replaces the old cache.

Each test has a context of its own (going offline cannot be undone on the shared ones of tests/browser/tabs.py);
the test that changes the site has a copy of its own."""

from __future__ import annotations

import os
import re
import shutil
import signal
import time

import pytest

from tests import site_server
from tests.browser.conftest import PHONE, settle, wait_until, watch
from tests.browser.play_helpers import press, start_heroic, value
from tests.site_testing import built_site

pytestmark = pytest.mark.browser

PREFIX = "coalition-site/"
# Each table page never visited, and how to see it work: fields to fill, the button that starts it, what it draws.
TRACKERS = {
    "play/coalition/": (["pl-name-0", "pl-name-1", "pl-name-2"], ["pl-count-3", "pl-start"], "#pl-undo"),
    "play/mazerunner/": (["mz-name-0", "mz-name-1", "mz-name-2", "mz-name-3"], ["mz-start"], "#mz-pool"),
    "balance-of-power/table/": ([], ["bp-use-sample", "bp-deal"], "#bp-library"),
}
KEPT = "document.documentElement.getAttribute('data-offline') === 'table'"


def served_under_prefix(tmp_path_factory, copy: bool):
    """(the site's folder, its address): the sample site served under /coalition-site/. A test that changes
    the site gets a copy of its own (see linked_copy); the others are served the shared one through a
    symbolic link and never write to it."""
    folder, site = tmp_path_factory.mktemp("prefixed"), built_site(tmp_path_factory).paths.site_dir
    copied = time.time_ns()
    if copy:
        linked_copy(site, folder / PREFIX)
    else:
        (folder / PREFIX).symlink_to(site, target_is_directory=True)
    server = site_server.start(folder)
    yield folder / PREFIX, server["url"] + PREFIX
    os.kill(server["pid"], signal.SIGTERM)
    if copy:
        assert written_through(folder / PREFIX, copied) == [], "written in place through a hard link: use rewrite()"


def link_or_copy(source: str, target: str) -> None:
    try:
        os.link(source, target)
    except OSError:   # another file system: a real copy
        shutil.copy2(source, target)


def linked_copy(site, target) -> None:
    """The site's folders made anew and its files hard-linked into them: a real copy of its 4,000 files took
    1.9 to 5.5 s of the test's setup (0.5 s linked), for the two files the test changes. A linked file shares its bytes with the shared
    site, so the test changes a file only by rewrite(), which puts a file of its own in its place."""
    shutil.copytree(site, target, copy_function=link_or_copy)


def written_through(folder, copied: int) -> list[str]:
    """Files of the copy still linked to the shared site but written since `copied` (in place, so in the
    shared site too): there should be none."""
    return [str(path) for path in folder.rglob("*")
            if path.is_file() and path.stat().st_nlink > 1 and path.stat().st_mtime_ns >= copied]


def rewrite(path, change) -> None:
    """Replace a file of a linked copy by `change` of its text, as a new file: the shared site keeps its own."""
    text = path.read_text(encoding="utf-8")
    path.unlink()
    path.write_text(change(text), encoding="utf-8")


@pytest.fixture()
def served(site_url, tmp_path_factory):
    """The shared sample site under the prefix, read-only (see served_under_prefix)."""
    yield from served_under_prefix(tmp_path_factory, copy=False)


@pytest.fixture()
def served_copy(site_url, tmp_path_factory):
    """A copy of the sample site under the prefix, for a test that changes it (see served_under_prefix)."""
    yield from served_under_prefix(tmp_path_factory, copy=True)


@pytest.fixture()
def phone_context(browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    problems, outside = watch(page)
    yield context, page
    context.close()
    assert outside == [], outside


def test_a_table_page_reloads_offline_keeps_its_state_and_works(served, phone_context):
    _, url = served
    context, page = phone_context
    start_heroic(page, url, ["Ann", "Ben", "Cat"])
    press(page, "pl-p0-lvl-up")
    wait_until(page, KEPT)
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("#pl-p0-dmg-p1")
    assert value(page, "pl-p0-lvl") == "1" and page.is_disabled("#pl-p0-lvl-up")      # the state saved online
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") != "static"  # styled
    press(page, "pl-p0-dmg-p1")
    assert value(page, "pl-p0-dmg") == "1"
    page.reload()                                                                    # and again, offline
    page.wait_for_selector("#pl-p0-dmg-p1")
    assert value(page, "pl-p0-dmg") == "1" and value(page, "pl-p0-lvl") == "1"


def test_every_table_page_opens_offline_once_one_was_visited(served, phone_context):
    _, url = served
    context, page = phone_context
    page.goto(url + "play/heroic/")
    wait_until(page, KEPT)
    context.set_offline(True)
    for path, (fields, buttons, drawn) in TRACKERS.items():
        page.goto(url + path)
        for button in buttons:                              # it works: the tracker starts, the table deals
            page.wait_for_selector(f"#{button}")
            if button == buttons[-1]:
                for i, field in enumerate(fields):
                    page.fill(f"#{field}", f"Player {'ABCD'[i]}")
            page.focus(f"#{button}")
            page.keyboard.press("Enter")
        page.wait_for_selector(drawn)
    page.goto(url + "play/")
    assert page.inner_text("h1").startswith("At the table") and page.is_visible("h2#what-every-tracker-does")


def test_the_league_pages_open_offline_once_a_tracker_was_visited(served, phone_context):
    """A league runner at the venue (review: each league page was our 503 offline page unless opened before):
    the seasons' index, a season's standings, finals and proposed pods, and its weeks open never visited."""
    _, url = served
    context, page = phone_context
    page.goto(url + "play/mazerunner/")
    wait_until(page, KEPT)
    context.set_offline(True)
    page.goto(url + "mazerunner/leagues/")
    assert page.inner_text("h1").startswith("Mazerunner leagues")
    page.click("text=Sample season")                          # a link of the index, as the league runner goes
    page.wait_for_url(url + "mazerunner/leagues/sample-season/")
    page.wait_for_selector("#team-standings tbody tr")
    assert page.locator("#team-standings tbody tr").count() == 4 and page.locator("#finals-seats li").count() == 4
    assert page.is_visible("h2#next-week") and page.locator("section.league-proposed").count() > 0
    page.goto(url + "mazerunner/leagues/sample-season/weeks/")
    assert page.inner_text("h1").startswith("Sample season: weeks") and page.locator("section.league-game").count() == 12
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") != "static"  # styled

def test_pages_visited_come_back_offline_and_others_get_our_offline_page(served, phone_context):
    _, url = served
    context, page = phone_context
    page.goto(url + "play/mazerunner/")
    wait_until(page, KEPT)
    page.goto(url + "rules/")                               # a page visited while the worker controls the site
    settle(page)
    context.set_offline(True)
    page.reload()
    assert page.is_visible("h1") and "rules" in page.inner_text("h1").lower()
    page.goto(url + "lookup/?card=" + "Anaddresswithoutabreak" * 8)   # never visited; a long address
    assert page.inner_text("h1") == "You are offline"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")   # wraps on a phone
    links = page.eval_on_selector_all("a", "links => links.map(a => a.getAttribute('href'))")
    assert url + "play/heroic/" in links and url + "balance-of-power/table/" in links
    page.click("text=Heroic game")
    page.wait_for_selector("#pl-count-3")


def test_a_file_still_on_its_way_when_the_worker_takes_over_is_kept_too(served, phone_context):
    """On a first visit the worker takes over while the page may still be loading: the lookup's card index,
    5 MB on today's cards, often ended after the page had told the worker what it loaded, and the worker never
    saw it, so the lookup found nothing offline. Held here until the worker has answered the page, it must
    still be kept (core.js tells the worker of each file it did not see as the file ends)."""
    _, url = served
    context, page = phone_context
    held = []
    page.route(url + "data/cards.json", lambda route: held.append(route))
    page.goto(url + "lookup/")
    wait_until(page, "document.documentElement.hasAttribute('data-offline')")   # the worker answered the page
    assert len(held) == 1
    held[0].continue_()
    wait_until(page, f"caches.match({url + 'data/cards.json'!r}).then(Boolean)")
    context.set_offline(True)
    page.goto(url + "lookup/?card=Sol%20Ring")
    page.locator("#lookup-result h2").wait_for()
    assert "Sol Ring" in page.locator("#lookup-result h2").inner_text()


def test_online_the_network_answers_first_and_a_new_build_replaces_the_cache(served_copy, phone_context):
    folder, url = served_copy
    context, page = phone_context
    page.goto(url + "play/heroic/")
    wait_until(page, KEPT)
    caches_before = page.evaluate("caches.keys()")
    rewrite(folder / "play" / "heroic" / "index.html", lambda html: html.replace("<h1", '<h1 data-build="new"', 1))
    rewrite(folder / "offline-manifest.js",
            lambda text: re.sub(r'"version": "\w+"', '"version": "0123456789abcdef"', text))
    page.reload()
    assert page.get_attribute("h1", "data-build") == "new"   # not the copy kept in the cache
    wait_until(page, "caches.keys().then(names => names.length === 1 && names[0].endsWith(' 0123456789abcdef'))")
    assert len(caches_before) == 1 and not caches_before[0].endswith("0123456789abcdef")
    context.set_offline(True)                                 # the new build's table set was kept before it took over
    page.goto(url + "play/mazerunner/")
    page.wait_for_selector("#mz-start")
    page.goto(url + "play/heroic/")
    assert page.get_attribute("h1", "data-build") == "new"


@pytest.mark.parametrize("tracker, start, rules", [
    ("play/coalition/", lambda page: start_match_by_keys(page, ["Ann", "Ben", "Cat"]), "rules/"),
    ("play/heroic/", None, "heroic/rules/")])
def test_a_trackers_rule_citation_opens_its_rule_offline(served, phone_context, tracker, start, rules):
    """The rules pages the table pages link to are kept with them (hooks/offline.py reads the links from the
    built pages): offline, a rule cited in a tracker opens that rule, not our offline page, though the rules
    page was never visited."""
    _, url = served
    context, page = phone_context
    page.goto(url + tracker)
    wait_until(page, KEPT)
    context.set_offline(True)
    if start:
        start(page)
    else:
        start_heroic(page, url, ["Ann", "Ben", "Cat"])
    link = page.locator(f".pl-view a[href*='{rules}#']").first
    anchor = link.get_attribute("href").split("#")[1]
    link.click()
    page.wait_for_url(f"{url}{rules}#{anchor}")
    assert page.inner_text("h1") != "You are offline"
    assert page.locator(f"[id='{anchor}']").count() == 1
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") != "static"  # styled


def start_match_by_keys(page, names: list[str]) -> None:
    press(page, f"pl-count-{len(names)}")
    for i, name in enumerate(names):
        page.fill(f"#pl-name-{i}", name)
    press(page, "pl-start")
    page.wait_for_selector("#pl-p0-life-m5")


def test_a_linked_copy_changes_by_rewrite_alone_and_a_write_through_it_is_caught(tmp_path):
    """The copy of served_copy shares its files with the shared site: rewrite() leaves the site's file as it
    was, and a write in place (which would reach the site) is named by written_through()."""
    site = tmp_path / "site"
    (site / "play").mkdir(parents=True)
    (site / "play" / "index.html").write_text("<h1>old</h1>", encoding="utf-8")
    (site / "sw.js").write_text("old", encoding="utf-8")
    copied = time.time_ns()
    linked_copy(site, tmp_path / "copy")
    rewrite(tmp_path / "copy" / "play" / "index.html", lambda text: text.replace("old", "new"))
    assert (tmp_path / "copy" / "play" / "index.html").read_text(encoding="utf-8") == "<h1>new</h1>"
    assert (site / "play" / "index.html").read_text(encoding="utf-8") == "<h1>old</h1>"
    assert written_through(tmp_path / "copy", copied) == []
    (tmp_path / "copy" / "sw.js").write_text("new", encoding="utf-8")
    assert written_through(tmp_path / "copy", copied) == [str(tmp_path / "copy" / "sw.js")]
