"""Ctrl+Z (Cmd+Z on a Mac) on the table pages, in headless Chromium at 390 px on the sample site: it undoes the
last step from anywhere on the page (store.js undoKey), also after a reload, when the focus is on the page's
body and not in the tracker; in a text field it is the browser's undo of the typing, and no table step is
taken back."""

from __future__ import annotations

import pytest

from tests.browser.play_helpers import press, start_heroic, text_of, type_into, value
from tests.browser.play_helpers import start_match

pytestmark = pytest.mark.browser


def focus_on_body(page) -> None:
    page.evaluate("document.activeElement && document.activeElement.blur()")
    assert page.evaluate("document.activeElement === document.body")


@pytest.mark.parametrize("key", ["Control+z", "Meta+z"])
def test_undo_keys_work_after_a_reload_with_the_focus_on_the_page(phone, site_url, key):
    page = phone
    start_match(page, site_url, ["Ann", "Ben", "Cat"])
    press(page, "pl-p0-life-m5")
    assert value(page, "pl-p0-life") == "20"
    page.reload()
    page.wait_for_selector("#pl-p0-life-m5")
    assert text_of(page, ".pl-status") == "The match in progress is back."
    focus_on_body(page)
    page.keyboard.press(key)
    assert value(page, "pl-p0-life") == "25"
    assert text_of(page, ".pl-status") == "Undone: Ann life −5"


def test_undo_key_from_the_page_outside_the_heroic_tracker(phone, site_url):
    page = phone
    start_heroic(page, site_url, ["Ann", "Ben", "Cat"])
    press(page, "pl-p0-lvl-up")
    assert value(page, "pl-p0-lvl") == "1"
    page.evaluate("[...document.querySelectorAll('a[href]')].find(a => !a.closest('.pl')).focus()")   # a link outside it
    assert page.evaluate("document.activeElement.tagName === 'A' && !document.activeElement.closest('.pl')")
    page.keyboard.press("Control+z")
    assert value(page, "pl-p0-lvl") == "0"


def test_undo_key_in_a_name_field_is_the_browsers_not_the_tables(phone, site_url):
    page = phone
    page.goto(site_url + "play/coalition/")
    page.wait_for_selector("#pl-count-3")
    press(page, "pl-count-3")
    type_into(page, "pl-name-0", "Ann")
    page.keyboard.press("Control+z")
    assert page.is_visible("#pl-name-0")                  # the "3 players" step is still there
    assert text_of(page, "#pl-undo") == "Undo: 3 players"


def pod_with_a_draw(page, site_url: str) -> None:
    """A Mazerunner pod of four begun, and a draw recorded: one point in the pool."""
    page.goto(site_url + "play/mazerunner/")
    page.wait_for_selector("#mz-start")
    for i, name in enumerate(("Ana", "Ben", "Cy", "Dee")):
        page.fill(f"#mz-name-{i}", name)
    press(page, "mz-start")
    page.wait_for_selector("#mz-pool")
    page.select_option("#mz-draw", label="Ben")
    press(page, "mz-draw-btn")
    assert text_of(page, "#mz-pool") == "1"


def test_undo_key_on_the_mazerunner_pod_from_the_page(phone, site_url):
    page = phone
    pod_with_a_draw(page, site_url)
    page.reload()
    page.wait_for_selector("#mz-pool")
    focus_on_body(page)
    page.keyboard.press("Control+z")
    assert text_of(page, "#mz-pool") == "0"


def test_undo_key_in_a_choice_list_takes_back_the_last_step(phone, site_url):
    """A choice list is not typed in: Ctrl+Z there takes back the table's last step (the choice itself, not yet
    recorded, is no step)."""
    page = phone
    pod_with_a_draw(page, site_url)
    page.focus("#mz-draw")
    page.keyboard.press("Control+z")
    assert text_of(page, "#mz-pool") == "0"


def test_undoing_a_heroic_win_by_keyboard_keeps_the_focus_in_the_tracker(phone, site_url):
    """Review of the table pages (item 4): hero damage +5 until Ann wins, then Ctrl+Z: the focus fell to the
    body (the counter that held it after the win was drawn anew, unfocusable), so the next Tab began at the
    page's top. It goes back to the +5 that was undone (store.js refocus, shared by every tracker)."""
    page = phone
    start_heroic(page, site_url, ["Ann", "Ben", "Cat"])
    page.focus("#pl-p0-dmg-p5")
    while "wins" not in text_of(page, ".pl-status"):
        page.keyboard.press("Enter")
    assert page.evaluate("!!document.activeElement.closest('.pl')")
    page.keyboard.press("Control+z")
    assert text_of(page, ".pl-status").startswith("Undone:")
    assert page.evaluate("document.activeElement.id") == "pl-p0-dmg-p5"
    page.keyboard.press("Tab")
    assert page.evaluate("!!document.activeElement.closest('.pl')")


def test_a_control_that_disabled_itself_takes_the_focus_back_when_undone(phone, site_url):
    """Level up (once a turn) disables itself and its counter holds the focus; undone, the button is back."""
    page = phone
    start_heroic(page, site_url, ["Ann", "Ben", "Cat"])
    press(page, "pl-p0-lvl-up")
    assert page.is_disabled("#pl-p0-lvl-up") and page.evaluate("document.activeElement.id") != "pl-p0-lvl-up"
    page.keyboard.press("Control+z")
    assert value(page, "pl-p0-lvl") == "0" and page.evaluate("document.activeElement.id") == "pl-p0-lvl-up"


def test_undo_key_past_the_start_says_there_is_nothing_to_undo(phone, site_url):
    """Review of the table pages (item 5): on the pod tracker, every Ctrl+Z after the start was undone still said
    "Undone: start the game". It says what the undo button says (store.js NOTHING_TO_UNDO)."""
    page = phone
    pod_with_a_draw(page, site_url)
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    assert text_of(page, ".pl-status") == "Undone: start the game"
    page.keyboard.press("Control+z")
    assert text_of(page, ".pl-status") == text_of(page, "#pl-undo") == "Nothing to undo"
    assert page.is_visible("#mz-start")
