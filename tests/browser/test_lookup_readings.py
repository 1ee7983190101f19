"""Issue 9 on the card lookup page, in headless Chromium over the built sample site (which holds the fixture
cards): a meld result is found and said to be no deck card; a card's type words that make no affiliation are
listed with why."""

from __future__ import annotations

from urllib.parse import quote

import pytest

pytestmark = pytest.mark.browser


def looked_up(page, site_url: str, name: str) -> str:
    page.goto(site_url + "lookup/?card=" + quote(name))
    page.wait_for_load_state("networkidle")
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
