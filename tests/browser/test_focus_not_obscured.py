"""WCAG 2.2 SC 2.4.11 (Focus Not Obscured) on the table pages: every control of every tracker and of the solo
table, reached by Tab and by Shift+Tab, and what an action leaves the focus on (a player after "Level up", the
"Seed ..." heading after a deal), sits whole in the clear part of the screen: under the theme's sticky header
and above the Undo/status bar stuck to the bottom (play/store.js keepClear, css/play.css), on a phone and on a
laptop's screen."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE, watched_page
from tests.browser.play_helpers import press, type_into

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 900}

# Where the focused element is against the clear area: its rectangle, the header's bottom and the bar's top
# (the screen's bottom for a control inside the bar itself, which is always in sight).
PLACE = """() => {
  const el = document.activeElement, r = el.getBoundingClientRect();
  const head = document.querySelector(".md-header").getBoundingClientRect().bottom;
  const bar = document.querySelector(".pl-undo");
  const floor = bar && !bar.contains(el) ? bar.getBoundingClientRect().top : innerHeight;
  return {what: el.id || el.tagName + " " + el.textContent.trim().slice(0, 30), top: r.top, bottom: r.bottom,
          head, floor, clear: r.top >= head - 0.5 && r.bottom <= Math.min(floor, innerHeight) + 0.5};
}"""


@pytest.fixture(params=[PHONE, LAPTOP], ids=["390x844", "1366x900"])
def screen(tabs, request):
    yield from watched_page(tabs, request, request.param, full_page=False)


def hidden_while_tabbing(page, backwards: bool = False, limit: int = 150) -> list[dict]:
    """Tab (or Shift+Tab) from the table's view through each of its controls: those not wholly in the clear."""
    page.focus(".pl .pl-view")
    hidden = []
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
        if not page.evaluate("!!document.activeElement.closest('.pl')"):
            return hidden
        place = page.evaluate(PLACE)
        if not place["clear"]:
            hidden.append(place)
    raise AssertionError(f"the focus never left the table in {limit} presses")


def assert_tabbing_clear(page, where: str) -> None:
    for backwards in (False, True):
        hidden = hidden_while_tabbing(page, backwards)
        assert hidden == [], (where, "Shift+Tab" if backwards else "Tab", hidden)


def assert_focus_clear(page, where: str) -> None:
    place = page.evaluate(PLACE)
    assert place["clear"], (where, place)


def test_mazerunner_pod(screen, site_url):
    screen.goto(site_url + "play/mazerunner/")
    screen.wait_for_selector("#mz-start")
    assert_tabbing_clear(screen, "set-up")
    for i, name in enumerate(("Ann", "Bob", "Cy", "Dee")):
        type_into(screen, f"mz-name-{i}", name)
    press(screen, "mz-start")
    screen.wait_for_selector("#mz-pool")
    assert_tabbing_clear(screen, "game")


def test_coalition_match(screen, site_url):
    screen.goto(site_url + "play/coalition/")
    screen.wait_for_selector("#pl-count-4")
    press(screen, "pl-count-4")
    assert_tabbing_clear(screen, "set-up")
    press(screen, "pl-start")
    assert_tabbing_clear(screen, "match")


def test_heroic_game(screen, site_url):
    screen.goto(site_url + "play/heroic/")
    screen.wait_for_selector("#pl-count-4")
    press(screen, "pl-count-4")
    press(screen, "pl-start")
    press(screen, "pl-p0-lvl-up")
    assert_focus_clear(screen, "after Level up")
    assert_tabbing_clear(screen, "game")


def test_solo_table(screen, site_url):
    screen.goto(site_url + "balance-of-power/table/")
    screen.wait_for_selector("#bp-deal")
    press(screen, "bp-use-sample")
    assert_tabbing_clear(screen, "set-up")
    screen.focus("#bp-deal")
    screen.keyboard.press("Enter")
    screen.wait_for_selector("#bp-library")
    assert_focus_clear(screen, "after the deal")
    assert_tabbing_clear(screen, "table")


# Every control of the table's view the screen shows that the bar covers in part or whole (the bar's own aside).
UNDER_THE_BAR = """() => {
  const bar = document.querySelector(".pl-undo").getBoundingClientRect();
  return [...document.querySelectorAll(".pl-view input, .pl-view select, .pl-view button, .pl-view textarea")]
    .map(el => [el.id, el.getBoundingClientRect()])
    .filter(([, r]) => r.bottom > bar.top + 0.5 && r.top < bar.bottom - 0.5)
    .map(([id, r]) => [id, Math.round(r.top), Math.round(r.bottom), Math.round(bar.top)]);
}"""


@pytest.mark.parametrize("by", ["tap", "keyboard"])
def test_coalition_names_clear_of_the_bar_after_choosing_the_count(phone, site_url, by):
    """Review of 2026-11-28 at 390x844 (touch), item 3: after "3 players" the Player 2 name box lay under the
    undo bar (about 95 px) as the page rested. Choosing the count brings the whole form clear of the bar, and
    each control stays clear when the keyboard reaches it."""
    page = phone
    page.goto(site_url + "play/coalition/")
    page.wait_for_selector("#pl-count-3")
    if by == "tap":
        page.click("#pl-count-3")
    else:
        press(page, "pl-count-3")
    page.wait_for_selector("#pl-name-2")
    assert page.evaluate("document.querySelector('.pl-undo').offsetHeight") > 60   # the two-line bar of the review
    assert page.evaluate(UNDER_THE_BAR) == [], by
    assert_tabbing_clear(page, "set-up, 3 players")
