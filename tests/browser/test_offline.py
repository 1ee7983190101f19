"""The browser tests' own guard (tests/browser/conftest.py): a request for anything outside the machine is
refused and noted (Scryfall's pictures and symbols answered with placeholders), while the site's own files
are served as they are, without a detour through the test process."""

from __future__ import annotations

import functools

import pytest

from tests.browser.conftest import OUTSIDE, answer_offline

pytestmark = pytest.mark.browser

# From a page without the site's Content-Security-Policy (a JSON file), so that every fetch is attempted;
# no-cors, so that an answered outside request is an opaque response rather than a CORS error.
FETCH = "url => fetch(url, {mode: 'no-cors'}).then(r => r.type + ' ' + r.status, e => 'refused')"


def test_outside_requests_are_refused_and_noted_and_the_sites_own_are_not_routed(browser, site_url):
    context = browser.new_context()
    outside: list[str] = []
    routed: list[str] = []
    page = context.new_page()
    page.route(OUTSIDE, functools.partial(lambda seen, route: (seen.append(route.request.url),
                                                               answer_offline(outside, route)), routed))
    try:
        page.goto(site_url + "data/cards.json")
        answers = [page.evaluate(FETCH, url) for url in (
            site_url + "data/format.json", "https://example.invalid/x", "https://svgs.scryfall.io/card-symbols/G.svg",
            "https://cards.scryfall.io/small/front/a.jpg")]
    finally:
        context.close()
    assert answers == ["basic 200", "refused", "opaque 0", "opaque 0"]
    assert outside == ["https://example.invalid/x"]
    assert not [url for url in routed if url.startswith(site_url)], routed


def test_only_this_machines_address_counts_as_inside():
    assert not OUTSIDE.match("http://127.0.0.1:8123/types/") and not OUTSIDE.match("http://127.0.0.1/")
    assert OUTSIDE.match("http://127.0.0.1.example.org/") and OUTSIDE.match("https://127.0.0.1:8123/")
    assert OUTSIDE.match("http://localhost:8123/") and OUTSIDE.match("https://cards.scryfall.io/small/a.jpg")
