"""The unaffiliated pool is drawn before the theme starts (front matter `late_theme: true`: overrides/main.html
writes the theme's bundle as a preload, core.js runs it once the pool is drawn and hands it its
DOMContentLoaded), and the theme works once it is up: its palette toggle, instant navigation from the page and
back, each page's steps run once."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import wait_until
from tests.browser.test_site_browser import open_page

pytestmark = pytest.mark.browser

# Notes, the moment the pool's first row is in the page, whether the theme's bundle has run (it sets
# window.document$ as it ends).
THEME_AT_FIRST_ROW = """
new MutationObserver((records, observer) => {
  if (document.querySelector('#coalition-unaffiliated tbody tr')) {
    window.__themeAtFirstRow = 'document$' in window;
    observer.disconnect();
  }
}).observe(document, {childList: true, subtree: true});
"""

POOL_FETCHES = "performance.getEntriesByType('resource').filter(e => e.name.endsWith('/data/pools/shared.json')).length"


def test_the_pool_is_drawn_before_the_theme_starts_and_the_theme_works_after(phone, site_url):
    phone.add_init_script(THEME_AT_FIRST_ROW)
    open_page(phone, site_url, "unaffiliated/")
    assert phone.evaluate("window.__themeAtFirstRow") is False
    assert phone.evaluate("'document$' in window && document.documentElement.classList.contains('js')")
    # Started once: one filter box, and the pool's file asked for once (the theme makes every address in the
    # page absolute as it starts, which would ask again for a preloaded file whose link were still there).
    assert phone.locator("#coalition-unaffiliated .table-filter").count() == 1
    assert phone.evaluate(POOL_FETCHES) == 1
    # The theme's palette toggle, mounted on the DOMContentLoaded core.js handed it.
    assert phone.evaluate("document.body.getAttribute('data-md-color-scheme')") == "default"
    phone.locator("label[for='__palette_1']").click()
    wait_until(phone, "document.body.getAttribute('data-md-color-scheme') === 'slate'")
    phone.locator('input[data-filter="shared"]').fill("plain test bolt")
    wait_until(phone, "document.querySelectorAll('#coalition-unaffiliated tbody tr').length === 1")


def test_instant_navigation_leaves_the_pool_drawn_before_the_theme_and_comes_back(page, site_url):
    open_page(page, site_url, "unaffiliated/")
    page.evaluate("window.__stillHere = true")
    link = page.locator(".md-tabs__link", has_text="Leaders")
    link.hover()   # instant navigation needs the sitemap, asked for when a link is pointed at
    wait_until(page, "performance.getEntriesByType('resource').some(e => e.name.endsWith('/sitemap.xml'))")
    link.click()
    page.wait_for_url(re.compile(r"/leaders/$"))
    wait_until(page, "document.querySelectorAll('#leaders-table tbody tr').length > 0")
    page.go_back()
    page.wait_for_url(re.compile(r"/unaffiliated/$"))
    wait_until(page, "document.querySelectorAll('#coalition-unaffiliated tbody tr').length > 0")
    assert page.evaluate("window.__stillHere") is True   # the theme's navigation both ways, no reload
    assert page.locator("#coalition-unaffiliated .table-filter").count() == 1
