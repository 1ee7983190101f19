"""A card's types in its format's words (format.yml texts.words: Coalition's "affiliated", Heroic's "typal
identity"), said alike by Python (generator/formatschema.py affiliated) and the browser (cards.js C.affiliated),
and by the browser's own sentences: the lookup, a pool's explanation of a card it does not hold, its filter."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from generator.formatdata import load_formats
from generator.formatschema import AFFILIATED_FORMS, affiliated
from generator.paths import PROJECT_ROOT
from tests.browser.conftest import settle, wait_for_filter

pytestmark = pytest.mark.browser

# Beyond the catalog's types: what the templates say "it", " alone" and nothing (unaffiliated_one) with, and
# characters a JavaScript replacement string would read as its own ($&, $1).
MORE_TYPES = ["", "it", "Human alone", "Goblin and Warrior", "$& $1 $$", "{type}", "Lim-D\u00fbl"]


def vectors() -> list[list[str]]:
    """Every (words, type, number) of every format's data: each of its words, each creature type, each number."""
    formats = load_formats(PROJECT_ROOT / "data")
    assert {"coalition", "heroic"} <= {f.id for f in formats}
    words = sorted({text for f in formats for text in f.settings.texts.words.model_dump().values()})
    catalog = json.loads((PROJECT_ROOT / "data" / "cards" / "scryfall-creature-types.json").read_text("utf-8"))["data"]
    return [[text, type_name, number] for text in words if "{" in text
            for type_name in sorted(catalog) + MORE_TYPES for number in AFFILIATED_FORMS]


def open_page(page, site_url: str, path: str):
    page.goto(site_url + path)
    settle(page)


def test_python_and_the_browser_say_every_formats_affiliated_words_alike(page, site_url):
    cases = vectors()
    assert len(cases) > 1000 and ["{has} {type} in {its} typal identity", "Goblin", "many"] in cases
    open_page(page, site_url, "lookup/")
    said = page.evaluate("cases => cases.map(c => window.Coalition.affiliated(c[0], c[1], c[2]))", cases)
    differ = [(case, js, affiliated(*case)) for case, js in zip(cases, said) if js != affiliated(*case)]
    assert not differ, differ[:10]
    # The number defaults to one card, on both sides.
    assert page.evaluate("window.Coalition.affiliated('{is} affiliated with {type}', 'Elf')") == \
        affiliated("{is} affiliated with {type}", "Elf") == "is affiliated with Elf"


def lookup_text(page, site_url: str, path: str) -> str:
    open_page(page, site_url, path)
    result = page.locator("#lookup-result")
    result.locator("h2").wait_for()
    return result.inner_text()


def test_heroics_lookup_says_a_cards_typal_identity_and_coalitions_its_affiliations(page, site_url):
    """Player review: Heroic's lookup said of Sol Ring "the card is unaffiliated", Coalition's words; Heroic's
    rules speak of a card's typal identity (2.1, 2.4)."""
    ring = lookup_text(page, site_url, "heroic/lookup/?card=Sol%20Ring")
    assert "none: the card has no typal identity, so every deck may play it" in ring
    assert "affiliat" not in ring.lower()
    assert page.locator("#lookup-result strong", has_text="no typal identity").count() == 1
    goblin = lookup_text(page, site_url, "heroic/lookup/?card=Mogg%20Tester")
    assert "Typal identity" in goblin and "Goblin" in goblin and "affiliat" not in goblin.lower()
    bolt = lookup_text(page, site_url, "lookup/?card=Lightning%20Bolt")
    assert "none: the card is unaffiliated, so every deck may play it" in bolt
    assert page.locator("#lookup-result strong", has_text="unaffiliated").count() == 1
    assert "Affiliations" in lookup_text(page, site_url, "lookup/?card=Mogg%20Tester")


def pool_note(page, site_url: str, path: str, typed: str):
    open_page(page, site_url, path)
    box = page.locator("input[data-filter][data-ready]").last
    box.fill(typed)
    wait_for_filter(page, typed)
    return box, page.locator(".all-empty")


def test_heroics_unaffiliated_pool_explains_a_miss_in_heroics_words(page, site_url):
    """Player review: Heroic's pool of cards with no typal identity said Mogg Tester "is affiliated with
    Goblin", and its filter was labelled "Filter the unaffiliated pool"."""
    box, note = pool_note(page, site_url, "heroic/unaffiliated/", "mogg tester")
    expect(note).to_contain_text("Mogg Tester has Goblin in its typal identity: only Goblin decks may play it.",
                                 timeout=15000)
    assert "affiliat" not in note.inner_text().lower()
    assert box.get_attribute("aria-label") == "Filter the pool of cards with no typal identity"
    box, note = pool_note(page, site_url, "unaffiliated/", "mogg tester")
    expect(note).to_contain_text("Mogg Tester is affiliated with Goblin: only Goblin decks may play it.", timeout=15000)
    assert box.get_attribute("aria-label") == "Filter the unaffiliated pool"


def test_heroics_type_pool_says_a_card_of_no_type_fits_in_heroics_words(page, site_url):
    """The Goblin pool's note on a card every Goblin deck may play links the pool by its heading's words."""
    _, note = pool_note(page, site_url, "heroic/types/goblin/", "lightning bolt")
    expect(note).to_contain_text("Lightning Bolt has no typal identity: every Goblin deck may play it "
                                 "(the pool of cards with no typal identity).", timeout=15000)
    assert "affiliat" not in note.inner_text().lower()


def served_words(page, pattern: str, words: dict | None) -> None:
    """The format.json `pattern` matches served with texts.words changed by `words` (None: left out whole), as
    a format's own data or a file of another build (a cache kept it) would hold them."""
    def answer(route):
        fmt = route.fetch().json()
        texts = {key: value for key, value in fmt["texts"].items() if key != "words" or words is not None}
        if words is not None:
            texts["words"] = {**fmt["texts"]["words"], **words}
        route.fulfill(json={**fmt, "texts": texts})

    page.context.route(re.compile(pattern), answer)


def test_the_pools_say_the_words_their_format_json_holds(page, site_url):
    """The browser reads a format's words from its format.json alone (cards.js formatWords: no code defaults):
    words no format uses reach the unaffiliated pool's filter, its explanation of a miss, and an identity
    pool's."""
    served_words(page, r"127\.0\.0\.1:\d+/data/format\.json(\?.*)?$",
                 {"unaffiliated_pool": "crewless pile", "affiliated": "{is} crewed by {type}"})
    box, note = pool_note(page, site_url, "unaffiliated/", "mogg tester")
    expect(note).to_contain_text("Mogg Tester is crewed by Goblin: only Goblin decks may play it.", timeout=15000)
    assert box.get_attribute("aria-label") == "Filter the crewless pile"
    served_words(page, r"127\.0\.0\.1:\d+/mazerunner/data/format\.json(\?.*)?$", {"identity": "hue"})
    _, note = pool_note(page, site_url, "mazerunner/identities/ur/", "llanowar elves")
    expect(note).to_contain_text("Llanowar Elves\u2019s hue is G, outside UR.", timeout=15000)


def test_a_format_json_without_its_words_is_said_not_guessed(page, site_url):
    """A format.json lacking texts.words (another build's, kept by a cache) was read with English words of the
    code's own ("Filter the unaffiliated pool", "is affiliated with", "leaders"). The pool is drawn from its
    pool file and says the format's data could not be loaded; the lookup refuses the file, as the validator
    does."""
    served_words(page, r"127\.0\.0\.1:\d+/data/format\.json(\?.*)?$", None)
    box, note = pool_note(page, site_url, "unaffiliated/", "mogg tester")
    expect(page.locator("#coalition-unaffiliated .format-unread")).to_contain_text("(format.json) could not be loaded")
    assert box.get_attribute("aria-label") == "Filter the pool"
    expect(note).to_have_text("No card matches.", timeout=15000)
    page.goto(site_url + "lookup/?card=Mogg%20Tester")
    expect(page.locator("#lookup-result")).to_contain_text("could not be loaded (format.json has no texts.words.leaders)")
