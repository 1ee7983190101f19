"""The card lookup and the browser's history, in headless Chromium over the built sample site: every lookup
the player asks for (Enter, a suggestion chosen by keyboard or by tap) is an entry of the history, Back and
Forward show each card again, and typing alone adds none (the address opened a card: that entry is kept)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import settle

pytestmark = pytest.mark.browser


def shown(page, name: str) -> None:
    expect(page.locator("#lookup-result h2")).to_have_text(re.compile("^" + re.escape(name)), timeout=5000)
    expect(page.locator("#lookup-input")).to_have_value(name)


def history_length(page) -> int:
    return page.evaluate("window.history.length")


def test_back_and_forward_walk_the_lookups_asked_for(page, site_url):
    page.goto(site_url)
    page.goto(site_url + "lookup/")
    settle(page)
    box = page.locator("#lookup-input")
    expect(box).to_be_enabled()
    before = history_length(page)
    box.click()
    page.keyboard.type("Lightning Bolt", delay=5)      # a key at a time: typing is no lookup
    assert history_length(page) == before
    page.keyboard.press("Enter")
    shown(page, "Lightning Bolt")
    box.fill("goblin gui")
    page.locator("#lookup-suggestions li", has_text="Goblin Guide").wait_for()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")                       # a suggestion chosen by keyboard
    shown(page, "Goblin Guide")
    box.fill("counterspe")
    page.locator("#lookup-suggestions li", has_text="Counterspell").first.click()   # and by tap
    shown(page, "Counterspell")
    page.keyboard.press("Enter")                       # the same card again: no second entry for it
    shown(page, "Counterspell")
    assert history_length(page) == before + 3
    page.go_back()
    expect(page).to_have_url(re.compile(r"/lookup/\?card=Goblin(\+|%20)Guide$"))
    shown(page, "Goblin Guide")
    page.go_back()
    shown(page, "Lightning Bolt")
    page.go_back()
    expect(page).to_have_url(re.compile(r"/lookup/$"))
    expect(box).to_have_value("")
    expect(page.locator("#lookup-result")).to_contain_text("Start typing a name.")
    page.go_forward()
    shown(page, "Lightning Bolt")
    page.go_forward()
    shown(page, "Goblin Guide")
    expect(page.locator("#lookup-suggestions li")).to_have_count(0)


def test_the_card_the_address_opened_keeps_its_entry(page, site_url):
    page.goto(site_url)
    page.goto(site_url + "heroic/lookup/?card=Sol%20Ring")
    settle(page)
    shown(page, "Sol Ring")
    before = history_length(page)
    box = page.locator("#lookup-input")
    box.fill("lightning bolt")
    box.press("Enter")
    shown(page, "Lightning Bolt")
    assert history_length(page) == before + 1
    page.go_back()
    expect(page).to_have_url(re.compile(r"/heroic/lookup/\?card=Sol(\+|%20)Ring$"))
    shown(page, "Sol Ring")
    expect(page.locator("#lookup-result .verdict")).to_have_text("Legal in Heroic: in every army")
