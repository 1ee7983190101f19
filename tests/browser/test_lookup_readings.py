"""Issue 9 on the card lookup page, in headless Chromium over the built sample site (which holds the fixture
cards): a meld result is found and said to be no deck card; a card's type words that make no affiliation are
listed with why."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from tests.browser.conftest import settle

pytestmark = pytest.mark.browser


def looked_up(page, site_url: str, name: str) -> str:
    page.goto(site_url + "lookup/?card=" + quote(name))
    settle(page)
    page.locator("#lookup-result h2").wait_for()
    return page.locator("#lookup-result").inner_text()


def test_lookup_says_a_meld_result_is_no_deck_card(page, site_url):
    text = looked_up(page, site_url, "Brisela, Voice of Nightmares")
    assert "Not legal in Coalition" in text
    assert "melded back of two cards" in text
    assert "Bruna, the Fading Light and Gisela, the Broken Blade meld into" in text


def test_lookup_lists_the_words_not_read(page, site_url):
    text = looked_up(page, site_url, "Prosper, Tome-Bound")
    assert "Not read as types" in text
    assert "Mystic (an ability or flavor word before a dash" in text


def test_the_lookup_cites_each_formats_own_rule_for_changelings_and_reminder_text(page, site_url):
    """The rule beside "changeling" and beside a reminder text's words is the one the format's data cites
    (format.yml `cites:`), linked to that format's rules page: never another format's number."""
    text = looked_up(page, site_url, "Adorned Pouncer")
    assert "Zombie (reminder text, which never counts (906.4b))" in text
    assert page.locator("#lookup-result .why a", has_text="906.4b").first.get_attribute("href") == "../rules/#906-4b"
    page.goto(site_url + "heroic/lookup/?card=" + quote("Amoeboid Changeling"))
    page.locator("#lookup-result h2").wait_for()
    assert "every creature type: it has changeling (2.3)" in page.locator("#lookup-result").inner_text()
    assert page.locator("#lookup-result a", has_text="2.3").get_attribute("href") == "../rules/#2-3"
    page.goto(site_url + "heroic/lookup/?card=" + quote("Adorned Pouncer"))
    page.locator("#lookup-result h2").wait_for()
    assert "Zombie (reminder text, which never counts (2.1))" in page.locator("#lookup-result").inner_text()


@pytest.mark.parametrize("path, name, labels", [
    ("mazerunner/", "Black Lotus", ["Commander banlist:", "Reserved List:"]),
    ("", "Barrin, Master Wizard", ["Reserved List:", "Legendary, not a leader:"]),
])
def test_every_reason_a_card_is_not_legal_is_labelled_alike(page, site_url, path, name, labels):
    """Not only a named ban: each reason line starts with its label from data/cards/vocabulary.yml."""
    page.goto(site_url + path + "lookup/?card=" + quote(name))
    page.locator("#lookup-result h2").wait_for()
    lines = page.locator("#lookup-result .reasons li")
    assert [line.inner_text().split(":")[0] + ":" for line in lines.all()] == labels
    assert [label.inner_text() for label in page.locator("#lookup-result .reasons li strong").all()] == labels
