"""The header's search box answers in the format of the page it is on (review item 1): a Heroic page's search
gives Heroic's verdicts, opens Heroic's lookup and types, a Mazerunner page's offers its color identity pages;
after Enter the lookup's field has the keyboard (item 10); offline, with no card index kept, it says so (item 11).
Which format a page is in, and its words, come from the site's data (format.json, cards.json)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import settle, wait_until, watch
from tests.browser.test_search_box import search_for
from tests.browser.test_lookup_pointers import name_goblins_group
from tests.browser.test_site_browser import open_page

pytestmark = pytest.mark.browser


def test_a_heroic_page_answers_with_heroics_verdict_and_opens_heroics_lookup(page, site_url):
    """Sol Ring is banned in Coalition and legal in Heroic (README); Enter leaves the lookup's field focused."""
    open_page(page, site_url, "heroic/types/elf/")
    hits = search_for(page, "sol ring")
    first = hits.locator("li").first
    expect(first.locator("strong")).to_have_text("Sol Ring")
    expect(first.locator(".verdict")).to_have_text("legal")
    assert first.locator("a").first.get_attribute("href").endswith("heroic/lookup/?card=Sol%20Ring")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/heroic/lookup/\?card=Sol"))
    expect(page.locator("#lookup-result .verdict")).to_have_text("Legal in Heroic: in every army")
    expect(page.locator("#lookup-input")).to_be_focused()


def test_a_heroic_page_calls_a_leader_a_hero_and_links_heroics_pages(page, site_url):
    open_page(page, site_url, "heroic/")
    hits = search_for(page, "krenko")
    first = hits.locator("li").first
    expect(first.locator(".verdict")).to_have_text("hero only")
    assert first.get_by_role("link", name="hero page").get_attribute("href").endswith("heroic/leaders/krenko-mob-boss/")


def test_a_heroic_pages_type_is_its_army_page(page, site_url):
    open_page(page, site_url, "heroic/types/elf/")
    hits = search_for(page, "goblins")
    army = hits.get_by_role("link", name="Goblin army")
    army.wait_for()
    assert army.get_attribute("href").endswith("heroic/types/goblin/")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/heroic/types/goblin/$"))


def test_the_search_box_names_a_type_page_by_its_title(page, site_url):
    name_goblins_group(page, "Goblin-type army")
    open_page(page, site_url, "heroic/")
    link = search_for(page, "goblins").get_by_role("link", name="Goblin-type army")
    link.wait_for()
    assert link.get_attribute("href").endswith("heroic/types/goblin/")


@pytest.mark.parametrize("words", ["izzet", "UR", "ru"])
def test_a_mazerunner_page_offers_the_identity_page(page, site_url, words):
    open_page(page, site_url, "mazerunner/")
    hits = search_for(page, words)
    link = hits.get_by_role("link", name=re.compile(r"^Izzet \(UR\)"))
    link.wait_for()
    assert link.get_attribute("href").endswith("mazerunner/identities/ur/")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/mazerunner/identities/ur/$"))


def test_a_mazerunner_page_gives_mazerunners_verdict(page, site_url):
    """Krenko is leader-only in Coalition; in Mazerunner a legend is an ordinary card, up to 1."""
    open_page(page, site_url, "mazerunner/")
    hits = search_for(page, "krenko")
    first = hits.locator("li").first
    expect(first.locator(".verdict")).to_have_text("legal")
    assert first.locator("a").first.get_attribute("href").endswith("mazerunner/lookup/?card=Krenko%2C%20Mob%20Boss")
    assert not first.get_by_role("link", name=re.compile("page")).count()


def test_the_coalition_pages_answer_as_before(page, site_url):
    open_page(page, site_url, "types/elf/")
    hits = search_for(page, "sol ring")
    expect(hits.locator("li").first.locator(".verdict")).to_have_text("not legal")
    assert hits.locator("li a").first.get_attribute("href") == site_url + "lookup/?card=Sol%20Ring"


def test_enter_on_a_card_leaves_the_keyboard_in_the_lookups_field(page, site_url):
    """Review item 10: after Enter the keyboard was on the page's body, not in the lookup's field."""
    open_page(page, site_url, "types/elf/")
    search_for(page, "Lightning Bolt").locator("li strong", has_text="Lightning Bolt").first.wait_for()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/lookup/\?card=Lightning"))
    expect(page.locator("#lookup-input")).to_be_focused()


@pytest.fixture()
def own_context(browser):
    """A context of its own: going offline cannot be undone on the shared pages."""
    context = browser.new_context()
    page = context.new_page()
    _problems, outside = watch(page)
    yield context, page
    context.close()
    assert outside == [], outside


KEPT = "document.documentElement.hasAttribute('data-offline')"


def test_offline_without_the_card_index_the_search_says_so(own_context, site_url):
    context, page = own_context
    open_page(page, site_url, "heroic/")
    wait_until(page, KEPT)          # the worker keeps the page, not the card index nobody asked for
    context.set_offline(True)
    page.reload()
    settle(page)
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("sol ring")
    hits = page.locator(".coalition-search")
    expect(hits).to_contain_text("You are offline", timeout=15000)
    expect(page.locator(".md-search-result__meta")).to_be_hidden()   # the theme's "Initializing search"
    assert not hits.get_by_role("link").count()                     # no lookup is kept on this device


def test_offline_the_search_offers_a_kept_lookup(own_context, site_url):
    context, page = own_context
    open_page(page, site_url, "lookup/")           # kept: the Coalition lookup, its card index, the formats
    wait_until(page, KEPT)
    # The worker may still be keeping a file that ended after it took over (core.js tells it as each ends).
    kept = [site_url + path for path in ("lookup/", "data/format.json", "data/cards.json")]
    wait_until(page, f"Promise.all({kept!r}.map(url => caches.match(url))).then(found => found.every(Boolean))")
    open_page(page, site_url, "heroic/")
    wait_until(page, KEPT)
    context.set_offline(True)
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("sol ring")
    hits = page.locator(".coalition-search")
    expect(hits).to_contain_text("You are offline", timeout=15000)
    link = hits.get_by_role("link", name=re.compile("Coalition"))
    assert link.get_attribute("href") == site_url + "lookup/"


@pytest.mark.parametrize("path, name, home", [("play/heroic/", "Heroic", "heroic/"),
                                              ("play/mazerunner/", "Mazerunner", "mazerunner/")])
def test_a_table_page_answers_in_the_format_it_names(page, site_url, path, name, home):
    """The trackers sit under play/, the default format's address: the page names its format (front matter
    `format:`, a <meta> in its head), and the search reads that before the address. Sol Ring is banned in
    Coalition and legal in Heroic (README)."""
    open_page(page, site_url, path)
    hits = search_for(page, "Sol Ring")
    expect(hits.locator("h2").last).to_have_text(re.compile(r"^Cards in " + name + "$", re.IGNORECASE))
    first = hits.locator("li").first
    expect(first.locator("strong")).to_have_text("Sol Ring")
    if name == "Heroic":
        expect(first.locator(".verdict")).to_have_text("legal")
    assert first.locator("a").first.get_attribute("href").endswith(home + "lookup/?card=Sol%20Ring")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile("/" + home + r"lookup/\?card=Sol"))
