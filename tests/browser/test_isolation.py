"""The pages tests/browser/tabs.py hands from test to test carry nothing over: the second test here gets the
very page the first one filled (storage of every kind, a cookie, a route, a listener, a permission, an
attribute) and finds none of it. xdist's loadfile runs a file's tests on one worker, in order."""

from __future__ import annotations

import pytest

from tests.browser import tabs as tabs_module
from tests.browser.conftest import settle

pytestmark = pytest.mark.browser

FILLED: dict = {}
FILL = """async () => {
  localStorage.setItem("left", "over"); sessionStorage.setItem("left", "over");
  document.cookie = "left=over; path=/";
  await new Promise((done, failed) => { const opening = indexedDB.open("left", 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore("over");
    opening.onsuccess = () => { opening.result.close(); done(); }; opening.onerror = failed; });
  await (await caches.open("left")).put("over", new Response("over"));
  await navigator.serviceWorker.register("../sw.js", {scope: "../left/"});
  return [localStorage.getItem("left"), sessionStorage.getItem("left"), document.cookie.includes("left=over"),
          (await indexedDB.databases()).some(d => d.name === "left"), await caches.has("left"), await LEFT_WORKERS()];
}"""
# The site registers its own service worker on every page (docs/sw.js, core.js): the test's own, under a scope
# of its own, is the one that must be gone.
LEFT_WORKERS = "navigator.serviceWorker.getRegistrations().then(r => r.filter(w => w.scope.endsWith('/left/')).length)"
FILL = FILL.replace("LEFT_WORKERS()", "(" + LEFT_WORKERS + ")")
LEFT = """async () => [localStorage.getItem("left"), sessionStorage.getItem("left"), document.cookie.includes("left=over"),
                   (await indexedDB.databases()).some(d => d.name === "left"), await caches.has("left")]"""


def test_a_test_fills_every_kind_of_storage(page, site_url):
    page.goto(site_url + "about/")
    settle(page)
    assert page.evaluate(FILL) == ["over", "over", True, True, True, 1]
    page.route("**/about/", lambda route: route.fulfill(status=200, content_type="text/html", body="routed"))
    page.on("request", lambda request: FILLED.setdefault("requests after the test", []).append(request.url))
    page.context.grant_permissions(["clipboard-read"])
    page.left_over = True
    FILLED.update(page=page, requests_during_test=True)


def test_the_next_test_gets_the_same_page_with_none_of_it(page, site_url):
    if "page" not in FILLED:
        pytest.skip("runs after test_a_test_fills_every_kind_of_storage, on the page that test filled")
    assert page is FILLED["page"], "the page was not handed on"
    FILLED.pop("requests after the test", None)
    page.goto(site_url + "about/")
    settle(page)
    left = {"the route answers": page.locator("h1").count() == 0,
            "storage, cookie, IndexedDB, Cache Storage": page.evaluate(LEFT),
            "the listener hears": "requests after the test" in FILLED,
            "clipboard-read granted": page.evaluate(
                "navigator.permissions.query({name: 'clipboard-read'}).then(p => p.state)") == "granted",
            "the attribute is set": hasattr(page, "left_over"),
            "service workers": page.evaluate(LEFT_WORKERS)}
    assert left == {"the route answers": False, "storage, cookie, IndexedDB, Cache Storage": [None, None, False, False, False],
                    "the listener hears": False, "clipboard-read granted": False, "the attribute is set": False,
                    "service workers": 0}


def test_a_page_whose_storage_comes_back_after_the_clear_is_not_handed_on(tabs, site_url, monkeypatch):
    """An entry written after every clear (here by a second tab of the site, as the one that reached a Coalition
    match in CI came from somewhere unseen) is found by a new document of the origin: the page is not handed on,
    its context is closed, and the run says so."""
    page = tabs.take()
    page.goto(site_url + "about/")
    writer = page.context.new_page()
    writer.goto(site_url + "about/")
    cleared = tabs_module.clear_page

    def clear_then_written_again(cleared_page):
        cleared(cleared_page)
        writer.evaluate("localStorage.setItem('coalition-play:coalition-match', '{}')")

    monkeypatch.setattr(tabs_module, "clear_page", clear_then_written_again)
    with pytest.warns(UserWarning, match=r"storage still held \['coalition-play:coalition-match'\]"):
        tabs.give_back(page, failed=False)
    assert tabs.context is None and page.is_closed() and writer.is_closed()


def test_a_page_cleared_as_usual_is_handed_on(tabs, site_url):
    page = tabs.take()
    page.goto(site_url + "about/")
    page.evaluate("localStorage.setItem('left', 'over'); sessionStorage.setItem('left', 'over')")
    tabs.give_back(page, failed=False)
    assert tabs.take() is page and page.url == "about:blank"
    tabs.give_back(page, failed=False)
