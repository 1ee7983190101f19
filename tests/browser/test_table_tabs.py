"""One table page open in two tabs of one browser (a phone restoring an old tab, the shared link opened again):
every table keeps its state under one localStorage key (play/store.js), so each tab follows what the other
saved, without a reload, and a tab never writes over a save it has not seen. Shown on the Heroic tracker; the
code is store.js's, shared by every table page."""

from __future__ import annotations

import json
import re

import pytest

from tests.browser.conftest import settle, wait_until, watch
from tests.browser.play_helpers import press, start_heroic, text_of, value

pytestmark = pytest.mark.browser

KEY = "coalition-play:heroic-game"


def wait_for_value(page, element_id: str, expected: int) -> None:
    # Polled, not per frame: a tab behind the other draws no frames.
    page.wait_for_function("([id, v]) => (document.getElementById(id + '-value') || {}).textContent === v",
                           arg=[element_id, str(expected)], polling=100, timeout=30000)


@pytest.fixture()
def second_tab(phone):
    """A second page in the phone's context (one origin, one storage), closed before the phone's is handed on;
    like every test page, it may make no console error and no request off the machine."""
    tab = phone.context.new_page()
    problems, outside = watch(tab)
    yield tab
    tab.close()
    assert problems == [] and outside == [], (problems, outside)


def test_two_tabs_follow_each_other_and_lose_nothing(phone, second_tab, site_url):
    a, b = phone, second_tab
    start_heroic(a, site_url, ["Ann", "Ben", "Cat"])
    life = int(value(a, "pl-p0-life"))
    b.goto(site_url + "play/heroic/")
    b.wait_for_selector("#pl-p2-life-m1")
    a.bring_to_front()
    press(a, "pl-p0-life-m5", 2)
    wait_for_value(b, "pl-p0-life", life - 10)           # B follows A without a reload
    assert text_of(b, ".pl-status") == f"Updated from another tab. Ann: {life - 10} life"
    assert b.get_attribute(".pl-status", "aria-live") == "polite"
    assert text_of(b, "#pl-undo") == "Undo: Ann life \u22125"   # A's history came with A's state
    b.bring_to_front()
    press(b, "pl-p2-life-m1")
    wait_for_value(a, "pl-p2-life", life - 1)
    a.reload()
    a.wait_for_selector("#pl-p2-life-m1")
    assert (value(a, "pl-p0-life"), value(a, "pl-p2-life")) == (str(life - 10), str(life - 1))   # nothing lost
    # One history for both tabs: an undo in either takes back the last step, whichever tab took it, and no
    # undo brings back a state from before the other tab's steps.
    press(a, "pl-undo")
    assert (value(a, "pl-p0-life"), value(a, "pl-p2-life")) == (str(life - 10), str(life))
    wait_for_value(b, "pl-p2-life", life)
    assert text_of(b, ".pl-status") == "Updated from another tab. Undone: Cat life \u22121"
    press(b, "pl-undo")
    wait_for_value(a, "pl-p0-life", life - 5)
    assert value(b, "pl-p2-life") == str(life) and text_of(a, "#pl-undo") == "Undo: Ann life \u22125"


# Another tab's save whose storage event this tab never got (a tab the browser kept asleep): written from the
# page itself, which is told nothing of its own writes.
UNSEEN_SAVE = """key => {
  const entry = JSON.parse(localStorage.getItem(key));
  entry.history.push({label: "Ben life \u22123", state: JSON.parse(JSON.stringify(entry.state))});
  entry.state.players[1].life -= 3;
  entry.said = "Ben life \u22123";
  localStorage.setItem(key, JSON.stringify(entry));
}"""


def test_a_step_on_a_table_another_tab_changed_unseen_is_not_applied_over_it(phone, site_url):
    page = phone
    start_heroic(page, site_url, ["Ann", "Ben", "Cat"])
    life = int(value(page, "pl-p0-life"))
    page.evaluate(UNSEEN_SAVE, KEY)
    press(page, "pl-p0-life-m1")
    # The newer state is shown instead, and said; Ann's step, taken on a table the player did not see, waits.
    assert (value(page, "pl-p0-life"), value(page, "pl-p1-life")) == (str(life), str(life - 3))
    assert text_of(page, ".pl-status").startswith("Updated from another tab. Ben life \u22123. What you just did was not applied")
    press(page, "pl-p0-life-m1")
    assert (value(page, "pl-p0-life"), value(page, "pl-p1-life")) == (str(life - 1), str(life - 3))
    saved = json.loads(page.evaluate("key => localStorage.getItem(key)", KEY))
    assert [step["label"] for step in saved["history"]][-2:] == ["Ben life \u22123", "Ann life \u22121"]


def test_a_form_page_keeps_each_tabs_own_list(phone, second_tab, site_url):
    """The validator open in two tabs is two decks compared side by side, not one table: a tab never takes up
    the list another tab typed (it did, on being shown again, once the tables followed each other). A reload
    brings back the tab's own list (it brought the one another tab typed last); a new tab, the last list typed
    in any tab."""
    a, b = phone, second_tab
    for tab, deck in ((a, "1 Lightning Bolt"), (b, "4 Goblin Guide")):
        tab.goto(site_url + "validator/")
        tab.wait_for_selector("#cv-input")
        tab.bring_to_front()
        tab.fill("#cv-input", deck)
        if tab is a:   # A counts the storage events of B's saves; the page's own listener, added first, runs first
            a.evaluate("() => { window.storageSeen = 0; addEventListener('storage', () => { window.storageSeen += 1; }); }")
    wait_until(a, "window.storageSeen > 0")               # B's save has reached A (was: a fixed 300 ms)
    a.bring_to_front()                                   # shown again: a table tab would look for newer saves
    a.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    assert a.input_value("#cv-input") == "1 Lightning Bolt"
    a.type("#cv-input", "\n1 Shock")                     # typing in A goes on from A's list
    assert a.input_value("#cv-input") == "1 Lightning Bolt\n1 Shock"
    assert b.input_value("#cv-input") == "4 Goblin Guide"
    b.type("#cv-input", "\n1 Counterspell")              # B typed last
    a.reload()
    a.wait_for_selector('#coalition-validator[data-state="ready"], #coalition-validator[data-state="done"]')
    assert a.input_value("#cv-input") == "1 Lightning Bolt\n1 Shock"   # this tab's own list, not B's
    b.reload()
    b.wait_for_selector("#cv-input")
    assert b.input_value("#cv-input") == "4 Goblin Guide\n1 Counterspell"
    c = a.context.new_page()
    try:
        c.goto(site_url + "validator/")
        c.wait_for_selector("#cv-input")
        assert c.input_value("#cv-input") == "4 Goblin Guide\n1 Counterspell"   # a new tab: the last list typed
    finally:
        c.close()


# Counts the page's reads of the table's entry: each store that follows other tabs reads it once on a storage
# event or on being shown again. Set on the window, it lasts while instant navigation keeps the window.
COUNT_READS = """key => {
  window.__reads = 0;
  const read = Storage.prototype.getItem;
  Storage.prototype.getItem = function (name) { if (name === key) window.__reads += 1; return read.call(this, name); };
}"""
ANOTHER_TABS_SAVE = "key => window.dispatchEvent(new StorageEvent('storage', {key, storageArea: localStorage}))"


def follow_link(page, name: str, path: str) -> None:
    """A link in the page's text followed by the theme's instant navigation (it takes only the links its
    sitemap lists, asked for once a link is pointed at)."""
    link = page.locator("article").get_by_role("link", name=name, exact=True).first
    link.hover()
    wait_until(page, "performance.getEntriesByType('resource').some(e => e.name.endsWith('/sitemap.xml'))")
    settle(page)
    link.click()
    page.wait_for_url(re.compile(re.escape(path) + "(#.*)?$"))   # the theme may name the section in view
    settle(page)


def test_a_tracker_visited_again_by_instant_navigation_has_one_live_store(phone, site_url):
    """The theme's instant navigation keeps the window: the store of an earlier visit kept its window listeners
    and went on following another tab's saves for a page no longer shown, one more store each visit."""
    page = phone
    start_heroic(page, site_url, ["Ann", "Ben", "Cat"])
    page.evaluate("window.__stillHere = true")
    follow_link(page, "At the table", "/play/")
    follow_link(page, "Heroic game", "/play/heroic/")
    page.wait_for_selector("#pl-p2-life-m1")
    assert page.evaluate("window.__stillHere") is True   # no reload: instant navigation brought the page in
    page.evaluate(COUNT_READS, KEY)
    page.evaluate(ANOTHER_TABS_SAVE, KEY)
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    assert page.evaluate("window.__reads") == 2          # one store, once for each
    life = int(value(page, "pl-p0-life"))
    press(page, "pl-p0-life-m1")                         # and the page's store is the live one
    assert value(page, "pl-p0-life") == str(life - 1) and text_of(page, "#pl-undo") == "Undo: Ann life \u22121"
