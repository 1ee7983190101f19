"""The built sample site in headless Chromium, as a player uses it: pages, a rule anchor, the card lookup, the
site's search, table filters kept in the URL, hover previews, instant navigation and the theme toggle."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import SCREENSHOTS, settle, wait_until
from tests.site_testing import WEIRD_LEADER

pytestmark = pytest.mark.browser

LEADER = "Grumblebeard, Goblin Tactician"
LEADER_URL = "leaders/grumblebeard-goblin-tactician/"


def open_page(page, site_url: str, path: str):
    page.goto(site_url + path)
    return settle(page)


def test_home_shows_the_format_and_the_datas_freshness(page, site_url):
    open_page(page, site_url, "")
    assert page.title().startswith("Coalition")
    figures = page.locator(".figures dd")
    assert figures.count() == 4
    assert int(figures.first.inner_text().replace(",", "")) > 0
    assert "Site built" in page.locator(".data-date").inner_text()
    assert page.locator(".at-a-glance, .md-content ul").first.is_visible()


def test_a_leader_page_shows_its_card_symbols_and_coalition_types(page, site_url):
    open_page(page, site_url, LEADER_URL)
    assert page.locator(".md-content h1").inner_text().startswith(LEADER)
    assert page.locator(".card-image img").get_attribute("loading") == "lazy"
    assert page.locator(".card-facts .ms").count() >= 3
    assert page.locator(".card-facts .ms").first.get_attribute("aria-label") == "two generic mana"
    assert page.get_by_role("img", name="two generic mana").first.is_visible()
    assert page.get_by_role("link", name="Goblin", exact=True).first.is_visible()


def test_a_type_page_unpacks_its_pool_into_symbol_tables(page, site_url):
    open_page(page, site_url, "types/goblin/")
    assert page.locator("div.deferred-table").count() == 0
    rows = page.locator("#pool-creature tbody tr")
    assert rows.count() > 10
    first_cost = page.locator("#pool-creature tbody tr:has(.mana)").first.locator("td").nth(1)
    first_cost.scroll_into_view_if_needed()
    first_cost.locator(".ms").first.wait_for()
    # Big pools draw their symbols as rows come near the screen: the last row gets them once scrolled to.
    last_cost = page.locator("#pool-creature tbody tr:has(.mana)").last.locator("td").nth(1)
    last_cost.scroll_into_view_if_needed()
    last_cost.locator(".ms").first.wait_for()
    # Every symbol is drawn (no notation left as loose text), and the drawn symbols still copy as notation.
    loose = last_cost.locator(".mana").evaluate(
        "m => [...m.childNodes].filter(n => n.nodeType === 3 && n.data.includes('{')).length")
    assert loose == 0 and last_cost.locator(".mana").text_content().startswith("{")
    assert page.locator("#pool-changelings tbody tr").count() >= 1


def test_the_banlist_names_bans_and_counts_categories(page, site_url):
    open_page(page, site_url, "banlist/")
    table = page.locator("#banned-table")
    assert "Sol Ring" in table.inner_text()
    assert table.get_by_role("link", name="Sol Ring").get_attribute("href").startswith("https://scryfall.com/")
    summary = page.locator("details.card-list summary").first
    summary.click()
    rows = page.locator("details.card-list[open] tbody tr")   # drawn from rows.json beside the page
    rows.first.wait_for()
    assert rows.count() >= 1 and rows.first.get_by_role("link").get_attribute("href").startswith("https://")


def test_a_rule_anchor_lands_on_its_rule(page, site_url):
    open_page(page, site_url, "rules/#906-5e")
    rule = page.locator('[id="906-5e"]')
    assert "This type may not be Human." in rule.inner_text()
    box = rule.bounding_box()
    assert box is not None and 0 <= box["y"] < 900
    # The theme makes every link absolute, hence the suffix match.
    page.locator('[id="906-8"] ~ p a[href$="#906-6h"]').first.click()
    assert page.url.endswith("#906-6h")


@pytest.mark.parametrize("typed", ["906.5e", "906.5E."])
def test_a_rule_typed_as_printed_lands_on_its_rule(page, site_url, typed):
    """Review 17: rules/#906.5e stayed at the top; the site's anchors are #906-5e (core.js dottedRule)."""
    open_page(page, site_url, "rules/#" + typed)
    wait_until(page, "location.hash === '#906-5e' && document.getElementById('906-5e').getBoundingClientRect().top < innerHeight")
    box = page.locator('[id="906-5e"]').bounding_box()
    assert box is not None and 0 <= box["y"] < 900


def test_the_card_lookup_finds_and_explains_a_card(page, site_url):
    open_page(page, site_url, "lookup/")
    box = page.locator("#lookup-input")
    box.wait_for(state="visible")
    wait_until(page, "!document.querySelector('#lookup-input').disabled")
    box.fill("Mogg Tes")
    page.locator("#lookup-suggestions li", has_text="Mogg Tester").click()
    result = page.locator("#lookup-result")
    assert "Legal in Coalition" in result.inner_text()
    assert "up to 4" in result.inner_text()
    assert result.get_by_role("link", name="Goblin", exact=True).is_visible()
    assert "card=Mogg+Tester" in page.url or "card=Mogg%20Tester" in page.url


def test_a_failed_lookup_puts_what_was_asked_in_the_address(page, site_url):
    """After a card, a name that finds none: the address (reload, share) must ask for it, not the card before."""
    open_page(page, site_url, "lookup/?card=Mogg%20Tester")
    page.locator("#lookup-result h2", has_text="Mogg Tester").wait_for()
    box = page.locator("#lookup-input")
    box.fill("zzzqqq")
    box.press("Enter")
    page.locator("#lookup-result .not-found").wait_for()
    assert "card=zzzqqq" in page.url and "Mogg" not in page.url
    page.reload()
    page.locator("#lookup-result .not-found").wait_for()
    assert "zzzqqq" in page.locator("#lookup-result").inner_text()


def test_the_card_lookup_shows_a_troublesome_name_literally(page, site_url):
    from urllib.parse import quote

    open_page(page, site_url, "lookup/?card=" + quote(WEIRD_LEADER))
    result = page.locator("#lookup-result h2")
    result.wait_for()
    assert result.inner_text().startswith(WEIRD_LEADER)
    assert "Legal only as a leader" in page.locator("#lookup-result").inner_text()


def test_a_leader_is_found_by_name_through_the_card_index(page, site_url):
    # Leader and type pages stay out of the theme's search (issue 15); the card index finds them by name.
    open_page(page, site_url, "lookup/")
    page.wait_for_function("() => !document.querySelector('#lookup-input').disabled")
    page.locator("#lookup-input").type("Grumblebeard", delay=20)
    page.locator("#lookup-suggestions li", has_text="Grumblebeard").first.click()
    page.locator("#lookup-result a[href*='leaders/']").first.click()
    page.wait_for_url(re.compile(re.escape(LEADER_URL)))
    page.locator(".md-content h1", has_text=LEADER).wait_for()


def test_a_filter_narrows_a_table_and_stays_in_the_url(page, site_url):
    open_page(page, site_url, "leaders/")
    rows = page.locator("#leaders-table tbody tr:not([hidden])")
    total = rows.count()
    page.locator('input[data-filter="leaders"]').fill("grumblebeard")
    wait_until(page, "document.querySelectorAll('#leaders-table tbody tr:not([hidden])').length === 1")
    wait_until(page, "location.search.includes('filter=grumblebeard')")   # written the task after the answer
    assert total > 10
    page.locator('th[data-key="mv"] button').click()
    wait_until(page, "location.search.includes('sort=mv')")   # written the task after the answer
    open_page(page, site_url, "leaders/?filter=goblin&sort=-mv")
    assert page.locator('input[data-filter="leaders"]').input_value() == "goblin"
    assert 1 <= rows.count() < total
    values = [int(v) for v in page.locator("#leaders-table tbody tr:not([hidden]) td:nth-child(3)").all_inner_texts()]
    assert values == sorted(values, reverse=True)


def test_a_shared_filtered_pool_opens_at_the_pool_not_at_a_stale_section(page, site_url):
    """The theme writes the section in view into the address (navigation.tracking); a filter that shortened
    the pool left "#leaders" there, and the shared link opened at the leaders, above the pool it filters."""
    open_page(page, site_url, "types/goblin/?filter=goblin#leaders")
    wait_until(page, "location.hash === '#pool'")
    top = page.evaluate("document.getElementById('pool').getBoundingClientRect().top")
    assert 0 <= top < page.viewport_size["height"] / 2
    assert page.locator('input[data-filter="pool"]').input_value() == "goblin"
    open_page(page, site_url, "types/goblin/?filter=goblin#creature")   # a section of the pool is kept
    assert page.evaluate("location.hash") == "#creature"


def test_hovering_a_card_name_shows_its_image(page, site_url):
    open_page(page, site_url, "types/goblin/")
    link = page.locator("#pool-creature a[data-img]").first
    link.scroll_into_view_if_needed()
    link.hover()
    preview = page.locator("#card-preview")
    preview.wait_for(state="visible")
    assert preview.get_attribute("src") == link.get_attribute("data-img")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "hover-preview-shown.png"))
    page.mouse.move(5, 5)
    page.locator(".md-content h1").hover()
    assert not preview.is_visible()


def test_the_unaffiliated_pool_is_built_grouped_and_filterable(page, site_url):
    open_page(page, site_url, "unaffiliated/")
    page.locator("#coalition-unaffiliated table").first.wait_for()
    assert page.locator("#coalition-unaffiliated h2").count() >= 2
    # textContent: rows away from the screen are not laid out (content-visibility), and innerText may skip them.
    assert "Plain Test Bolt" in page.locator("#coalition-unaffiliated").text_content()
    page.locator('input[data-filter="shared"]').fill("plain test bolt")
    wait_until(page,
        "document.querySelectorAll('#coalition-unaffiliated tbody tr:not([hidden])').length === 1")


def test_instant_navigation_keeps_the_page_scripts_working(page, site_url):
    open_page(page, site_url, "")
    page.evaluate("window.__stillHere = true")
    tab = page.locator(".md-tabs__link", has_text="Types")
    # The theme's sitemap (the links instant navigation may take) is asked for once a link is pointed at.
    tab.hover()
    wait_until(page, "performance.getEntriesByType('resource').some(e => e.name.endsWith('/sitemap.xml'))")
    settle(page)   # and read: instant navigation takes only the links it lists
    tab.click()
    page.wait_for_url(re.compile(r"/types/$"))
    page.locator('#types-table th[data-key="pool"] button').wait_for()
    assert page.evaluate("window.__stillHere") is True  # no full reload
    page.locator('input[data-filter="types"]').fill("goblin")
    wait_until(page, "document.querySelectorAll('#types-table tbody tr:not([hidden])').length >= 1")


def test_the_palette_toggle_switches_to_dark(page, site_url):
    open_page(page, site_url, "")
    before = page.locator("body").get_attribute("data-md-color-scheme")
    page.locator("form[data-md-component=palette] label:visible").first.click()
    after = page.locator("body").get_attribute("data-md-color-scheme")
    assert {before, after} == {"default", "slate"}


def test_the_browser_makes_the_same_slugs_as_the_generator(page, site_url):
    from generator.slugs import slugify

    names = ["Lim-Dûl the Necromancer", "C'tan", "Assembly-Worker", "Time Lord", "Borrowing 100,000 Arrows",
             WEIRD_LEADER, "Fire // Ice", "Séance", "Kongming, “Sleeping Dragon”", "Rosheen’s Test", "———",
             "Grand Warlord of the " + "Very " * 60 + "Long Goblin Horde", "Æther " * 40 + "ÿ"]
    open_page(page, site_url, "lookup/")
    assert page.evaluate("names => names.map(window.Coalition.slugify)", names) == [slugify(n) for n in names]


def test_symbols_are_drawn_without_any_request(page, site_url):
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    open_page(page, site_url, LEADER_URL)
    pip = page.locator(".card-facts .ms").first
    box = pip.bounding_box()
    assert box and 10 <= box["width"] <= 30 and 10 <= box["height"] <= 30
    assert not [url for url in requested if "svgs.scryfall.io" in url]
    # What a reader copies is the notation, not the drawn glyphs.
    copied = page.locator(".card-facts .face-name .mana").first.evaluate(
        "m => { const r = document.createRange(); r.selectNodeContents(m); const s = getSelection();"
        " s.removeAllRanges(); s.addRange(r); return s.toString(); }")
    assert re.fullmatch(r"(\{[^}]+\})+", copied), copied


def test_a_card_image_that_cannot_load_leaves_a_named_card_frame(page, site_url):
    # An image Scryfall cannot deliver (here: bytes that are no image) is hidden; its frame shows the name.
    page.route("https://cards.scryfall.io/**", lambda route: route.fulfill(
        status=200, content_type="image/jpeg", body=b"offline"))
    open_page(page, site_url, LEADER_URL)
    frame = page.locator(".card-image .card-frame")
    assert frame.get_attribute("data-name") == LEADER
    page.wait_for_selector(".card-image img.failed", state="attached")
    assert not page.locator(".card-image img").is_visible()
    box = frame.bounding_box()
    assert box and box["width"] > 150 and abs(box["height"] / box["width"] - 680 / 488) < 0.02


@pytest.mark.parametrize("path", ["", "dashboard/", "rules/", "banlist/", "leaders/", "types/", "unaffiliated/",
                                  "lookup/", "validator/", "build/", "changes/", "heroic/", "mazerunner/"])
def test_a_pages_ids_are_unique(page, site_url, path):
    """An anchor must lead to one place: the dashboard's table once had its page title's id."""
    open_page(page, site_url, path)
    ids = page.evaluate("[...document.querySelectorAll('[id]')].map(e => e.id)")
    assert ids and len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
