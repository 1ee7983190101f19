"""Target size (WCAG 2.2 SC 2.5.8 Target Size (Minimum), AA), in headless Chromium on the built sample site.

Review of 2026-11-27 (find, item 1): on a 390 px touch phone the pool, leaders and heroes tables' mana value
select was 47 x 21 px and their sort buttons 22 px tall. Every visible control of a big card table's filter bar
(its box, colour chips, mana value select, view switch and any link in it) and of its table headers (the sort
buttons) must measure at least 24 x 24 CSS px itself: none of them relies on 2.5.8's spacing exception, and none
is a link in running text (2.5.8's inline exception covers the pool's download links and rule links, which are
not measured here). On a coarse pointer the buttons and selects are 44 px tall, as the trackers' are; a desktop
keeps its compact headers (docs/assets/css/cards.css, "Target size")."""

from __future__ import annotations

import pytest

from tests.browser.conftest import watch
from tests.browser.test_site_browser import open_page

pytestmark = pytest.mark.browser

# A type's pool, the unaffiliated pool, the leaders index, and Heroic's heroes and type pool (its own words).
PAGES = ["types/goblin/", "unaffiliated/", "leaders/", "heroic/leaders/", "heroic/types/goblin/"]

# Every visible control in a big table's filter bar and in the content's table headers, with its size.
CONTROLS = """() => {
  const scopes = [...document.querySelectorAll('.md-content .table-filter, .md-content thead')];
  const controls = scopes.flatMap(s => [...s.querySelectorAll('button, select, input, a, [role=button]')]);
  return controls.map(e => { const r = e.getBoundingClientRect();
    return {what: e.tagName + ' ' + (e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 30),
            tag: e.tagName, width: r.width, height: r.height}; })
    .filter(c => c.width > 0 && c.height > 0);
}"""
READY = ".md-content .table-controls select[data-mv]"


@pytest.fixture(scope="module")
def touch_phone(browser):
    """A 390 x 844 touch phone (coarse pointer) for every page below, watched as every test page is."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    problems, outside = watch(page)
    yield page, problems, outside
    context.close()


def controls_of(page, site_url: str, path: str) -> list[dict]:
    open_page(page, site_url, path)
    page.locator(READY).first.wait_for()
    page.locator(".md-content thead button.sort").first.wait_for()
    return page.evaluate(CONTROLS)


def small(controls: list[dict], least: float) -> list[str]:
    return [f"{c['what']}: {c['width']:.0f} x {c['height']:.0f}" for c in controls
            if c["width"] < least or c["height"] < least]


@pytest.mark.parametrize("path", PAGES)
def test_every_control_of_a_tables_filter_bar_and_headers_is_a_big_enough_target(touch_phone, site_url, path):
    page, problems, outside = touch_phone
    controls = controls_of(page, site_url, path)
    assert page.evaluate("matchMedia('(pointer: coarse)').matches"), "the phone is a touch screen"
    kinds = {c["tag"] for c in controls}
    assert {"INPUT", "SELECT", "BUTTON"} <= kinds and len(controls) >= 10, controls
    assert small(controls, 24) == [], "under 24 x 24 px (SC 2.5.8)"
    fingers = [c for c in controls if c["tag"] in ("BUTTON", "SELECT")]
    assert [c["what"] for c in fingers if c["height"] < 44] == [], "a finger's target is 44 px tall"
    assert problems == [] and outside == []


@pytest.mark.parametrize("path", ["types/goblin/", "leaders/"])
def test_a_desktops_controls_are_big_enough_and_its_headers_stay_compact(page, site_url, path):
    controls = controls_of(page, site_url, path)
    assert small(controls, 24) == [], "under 24 x 24 px (SC 2.5.8)"
    sorts = page.evaluate("[...document.querySelectorAll('.md-content th button.sort')]"
                          ".map(b => b.getBoundingClientRect().height).filter(h => h > 0)")
    assert sorts and max(sorts) < 32, sorts


@pytest.mark.parametrize("path", ["banlist/", "mazerunner/banlist/"])
def test_a_banlists_show_the_cards_toggles_are_a_fingers_target(touch_phone, site_url, path):
    """Review: a banlist's "Show the N cards" toggles were 36 px tall on a 390 px phone, under the 44 px of the
    tables' filter bars on a coarse pointer (bans.j2's card lists)."""
    page, problems, outside = touch_phone
    open_page(page, site_url, path)
    page.locator(".md-content details.card-list > summary").first.wait_for()
    toggles = page.evaluate("""[...document.querySelectorAll('.md-content details.card-list > summary')]
      .map(s => { const r = s.getBoundingClientRect(); return {what: s.textContent.trim(), width: r.width, height: r.height}; })
      .filter(c => c.width > 0)""")
    assert toggles and [c["what"] for c in toggles if c["height"] < 44] == [], toggles
    assert problems == [] and outside == []


# Rows of short links, one beside the next, by page: an identity's other identities, the format switch, a pool's
# downloads and the type page's skip links, a leader's card links.
LINK_ROWS = {"mazerunner/identities/br/": ".identity-nav a", "lookup/": ".format-switch a",
             "types/goblin/": ".downloads a, .skip-links a", "leaders/grumblebeard-goblin-tactician/": ".card-links a"}
# Each link's box, and the pairs of links whose 24 px boxes meet (0.5 px of rounding allowed).
ROW_LINKS = """selector => {
  const boxes = [...document.querySelectorAll('.md-content :is(' + selector + ')')].map(a => {
    const r = a.getBoundingClientRect(); return {what: a.textContent.trim(), left: r.left, top: r.top, width: r.width, height: r.height}; });
  const apart = (a, b) => a.left + a.width <= b.left + 0.5 || b.left + b.width <= a.left + 0.5 ||
                          a.top + a.height <= b.top + 0.5 || b.top + b.height <= a.top + 0.5;
  const meet = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach(b => { if (!apart(a, b)) meet.push(a.what + ' / ' + b.what); }));
  return {boxes, meet};
}"""


@pytest.mark.parametrize("path", sorted(LINK_ROWS))
def test_every_link_of_a_row_of_short_links_is_a_target_apart_from_the_next(touch_phone, site_url, path):
    """Review at 390 x 844 (touch): the other identities' links on /mazerunner/identities/bg/ ("WU · WB …") were
    22-39 x 17 px, packed in a row; the format switch's and the downloads' were 15-17 px tall (cards.css)."""
    page, problems, outside = touch_phone
    open_page(page, site_url, path)
    found = page.evaluate(ROW_LINKS, LINK_ROWS[path])
    assert len(found["boxes"]) >= 2, found
    assert small(found["boxes"], 24) == [], "under 24 x 24 px (SC 2.5.8)"
    assert found["meet"] == [], "targets that touch"
    assert problems == [] and outside == []
