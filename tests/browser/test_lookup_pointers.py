"""The card lookup beyond card names, in headless Chromium on the built sample site: words that name a creature
type or a rule number point to the type's page or the rule as the header's search does (search.js), card names
first, in every format's lookup; and its list of names by keyboard, read out through aria-activedescendant."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import page_without, settle
from tests.browser.test_site_browser import open_page

pytestmark = pytest.mark.browser


def look_up(page, words: str):
    page.locator("#lookup-input").fill(words)
    page.locator("#lookup-input").press("Enter")
    return page.locator("#lookup-result")


@pytest.mark.parametrize("path, words, link, named", [
    ("", "goblins", "types/goblin/", "Goblin coalition"),
    ("", "elves", "types/elf/", "Elf coalition"),
    ("heroic/", "Goblins", "heroic/types/goblin/", "Goblin army"),   # the format's own word and pages
])
def test_a_type_name_no_card_has_is_answered_with_the_type(page, site_url, path, words, link, named):
    """No card is named "goblins": the type is the answer, not the first card holding the word (Goblinslide)
    nor the nearest name (_____ Goblin); the cards are offered below it, and the address keeps the words."""
    open_page(page, site_url, path + "lookup/")
    result = look_up(page, words)
    answer = result.locator(".type-answer a")
    expect(answer).to_have_text(named)
    assert answer.get_attribute("href") == "../types/" + link.rsplit("types/", 1)[1]
    assert result.locator("h2").count() == 0 and result.locator(".did-you-mean li").count() > 0
    assert page.url.endswith("lookup/?card=" + words)
    settle(page)   # the result is aria-busy until the late pointers (rules) are in: they do not say the type again
    assert result.get_attribute("aria-busy") is None and result.locator(".also-named").count() == 0


def test_an_address_naming_a_type_keeps_it_and_answers_with_the_type(page, site_url):
    open_page(page, site_url, "lookup/?card=goblins")
    result = page.locator("#lookup-result")
    expect(result.locator(".type-answer a")).to_have_text("Goblin coalition")
    assert result.locator("h2").count() == 0
    assert page.url.endswith("lookup/?card=goblins")


def test_a_card_named_by_a_type_word_still_opens_and_points_to_the_type(page, site_url):
    open_page(page, site_url, "lookup/")
    result = look_up(page, "goblin guide")   # a card's name holding a type: the card, the type a pointer
    expect(result.locator("h2")).to_contain_text("Goblin Guide")
    assert result.locator(".type-answer").count() == 0


def name_goblins_group(page, named: str):
    """Heroic's Army type is named as its group ("Army army" was its page's title), and format.json's
    group_names gives the title its page has instead. The sample holds no Army hero: Heroic's file is given
    one for Goblin. The context's route, not the page's: the site's service worker asks for it once it has
    claimed the page."""
    def renamed(route):
        response = route.fetch()
        route.fulfill(response=response, json={**response.json(), "group_names": {"Goblin": named}})
    page.context.route("**/heroic/data/format.json*", renamed)


def test_a_type_named_as_its_group_word_is_pointed_to_by_its_pages_title(page, site_url):
    name_goblins_group(page, "Goblin-type army")
    open_page(page, site_url, "heroic/lookup/")
    expect(look_up(page, "Goblins").locator(".type-answer a")).to_have_text("Goblin-type army")


def test_a_rule_number_answers_with_its_rule_and_an_identity_format_to_no_type(page, site_url):
    """No card is named "906.5d": the rule is the answer (tests/browser/test_search_box.py: its words)."""
    open_page(page, site_url, "lookup/")
    result = look_up(page, "906.5d")
    expect(result.locator(".rule-answer a")).to_have_text("Rule 906.5d")
    assert result.locator(".rule-answer a").get_attribute("href").endswith("rules/#906-5d")
    open_page(page, site_url, "mazerunner/lookup/?card=goblins")   # no type pages: the card (or names) alone
    result = page.locator("#lookup-result")
    result.locator("h2, .not-found").first.wait_for()
    assert result.locator(".also-named").count() == 0


def test_the_list_of_names_tells_a_screen_reader_which_is_highlighted(page, site_url):
    open_page(page, site_url, "lookup/")
    box = page.locator("#lookup-input")
    assert box.get_attribute("role") == "combobox" and box.get_attribute("aria-controls") == "lookup-suggestions"
    box.fill("goblin")
    expect(box).to_have_attribute("aria-expanded", "true")
    box.press("ArrowDown")
    box.press("ArrowDown")
    second = page.locator("#lookup-suggestions li").nth(1)
    assert box.get_attribute("aria-activedescendant") == second.get_attribute("id")
    assert second.get_attribute("aria-selected") == "true"
    box.press("Enter")
    page.locator("#lookup-result h2").wait_for()
    assert box.get_attribute("aria-activedescendant") is None and box.get_attribute("aria-expanded") == "false"


def test_the_lookup_counts_cards_as_the_home_page_does(page, site_url):
    """The home page says how many cards the build holds; the lookup's index also holds the meld results (a
    list may name one), which are no deck cards: said apart, so the two numbers agree (they were 3 apart)."""
    open_page(page, site_url, "")
    built = re.search(r"from ([\d,]+) cards", page.locator(".data-date").inner_text()).group(1)
    open_page(page, site_url, "lookup/")
    expect(page.locator("#lookup-result")).to_have_text(f"{built} cards in the index, and 3 meld results. Start typing a name.")


@pytest.mark.parametrize("how", ["typed", "address"])
def test_a_rule_number_no_format_defines_says_there_is_no_such_rule(page, site_url, how):
    """Review: /lookup/?card=906.99 answered "No card is named 906.99"; shaped like a rule number, the words ask
    for a rule, and the answer says no format's rules have it (no card's nearest name opens instead)."""
    if how == "typed":
        open_page(page, site_url, "lookup/")
        result = look_up(page, "906.99")
    else:
        open_page(page, site_url, "lookup/?card=906.99")
        result = page.locator("#lookup-result")
    expect(result.locator(".not-found")).to_contain_text("There is no rule 906.99 in any format\u2019s rules")
    assert "No card is named" not in result.inner_text()
    assert result.locator(".rule-answer, .nearest, .read-as").count() == 0
    assert page.url.endswith("lookup/?card=906.99")


def test_a_rule_number_of_rules_that_could_not_be_loaded_is_not_denied(browser, site_url):
    """Review: with Heroic's format.json unread (its request failed), the lookup said "There is no rule 2.2 in
    any format's rules", and 2.2 is Heroic's. It says that Heroic's rules could not be loaded, and links their
    page. A context of its own: the page fixtures count the blocked request's console error against a test."""
    with page_without(browser, "**/heroic/data/format.json*") as (page, errors):
        open_page(page, site_url, "lookup/")
        result = look_up(page, "2.2")
        unread = result.locator(".rules-unread")
        expect(unread).to_have_text("The rules of Heroic could not be loaded here, so \u201c2.2\u201d may be one of "
                                    "them: see Heroic\u2019s rules page. No card is so named.")
        assert unread.get_by_role("link").get_attribute("href") == site_url + "heroic/rules/"
        assert "There is no rule" not in result.inner_text()
    assert errors and all("Failed to load resource" in error for error in errors), errors


def test_the_default_formats_file_unread_hides_no_other_formats_rules(browser, site_url):
    """Review: with only Coalition's data/format.json unread (Heroic's and Mazerunner's loaded), every rule number
    answered "The formats' rules could not be loaded here": the list of formats was read from that file. The
    build writes the list into searchrules.js: 2.2 and 1a answer with Heroic's and Mazerunner's rules, and a number no
    loaded format has says that Coalition's rules could not be loaded, with their page. On Heroic's lookup, whose
    own file loads; a context of its own, blocked before the service worker can keep the file."""
    blocked = site_url + "data/format.json"
    unread = ("The rules of Coalition could not be loaded here, so \u201c{}\u201d may be one of them: see "
              "Coalition\u2019s rules page.")
    with page_without(browser, lambda url: url.split("?")[0] == blocked) as (page, errors):
        open_page(page, site_url, "heroic/lookup/")
        for words, rule, link in (("2.2", "Rule 2.2", "heroic/rules/#2-2"), ("1a", "Rule 1a", "mazerunner/rules/#1a")):
            result = look_up(page, words)
            expect(result.locator(".rule-answer a").first).to_have_text(rule)
            assert result.locator(".rule-answer a").first.get_attribute("href") == site_url + link
            expect(result.locator(".rules-unread")).to_have_text(unread.format(words))
        result = look_up(page, "906.5e")
        expect(result.locator(".rules-unread")).to_have_text(unread.format("906.5e") + " No card is so named.")
        assert result.locator(".rules-unread").get_by_role("link").get_attribute("href") == site_url + "rules/"
        assert result.locator(".rule-answer").count() == 0 and "There is no rule" not in result.inner_text()
    assert errors and all("Failed to load resource" in error for error in errors), errors
