"""Mazerunner's section in headless Chromium on the built sample site: a deck with its Commander section
gets the verdict `coalition validate --format mazerunner` gives (identity typed, season chosen), rule links
lead to Mazerunner's rules, an identity page shows its commanders' pictures and its pool (table and
pictures), the banlist's search narrows its tables, and the lookup speaks of color identity."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import settle, wait_for_filter

pytestmark = pytest.mark.browser

COMMANDER = "Niv-Mizzet, Parun"


def deck(extra: str = "", islands: int = 99) -> str:
    """The sample data has Island but no Mountain: basic lands are not limited (2a)."""
    return f"Commander\n1 {COMMANDER}\n\nDeck\n{extra}{islands} Island\n\nSideboard\n1 Lightning Bolt\n"


def open_page(page, site_url: str, path: str):
    page.goto(site_url + path)
    return settle(page)


def check_deck(page, site_url: str, text: str, identity: str = "", variant: str = "two-color"):
    open_page(page, site_url, "mazerunner/validator/")
    page.locator("#cv-input").fill(text)
    page.locator("#cv-identity").fill(identity)
    page.locator("#cv-variant").select_option(variant)
    page.get_by_role("button", name="Check the deck").click()
    verdict = page.locator(".cv-verdict")
    verdict.wait_for(state="visible")
    return verdict


def test_a_legal_deck_with_its_commander_in_the_100(page, site_url):
    verdict = check_deck(page, site_url, deck(), identity="ur")
    assert "cv-legal" in verdict.get_attribute("class"), page.locator(".cv-result").inner_text()
    summary = page.locator(".cv-summary").inner_text()
    assert f"Commander: {COMMANDER}" in summary and "color identity: UR" in summary and "variant: two-color" in summary
    assert "main deck 100 (commander included), sideboard 1" in summary
    assert page.locator(".cv-deck h3").all_text_contents()[0] == "Commander (1)"


def test_wrong_identity_ban_and_season_cite_mazerunners_rules(page, site_url):
    verdict = check_deck(page, site_url, deck("1 Sol Ring\n", islands=98), identity="WU", variant="three-color")
    assert "cv-illegal" in verdict.get_attribute("class")
    rules = page.locator(".cv-violations li").evaluate_all("items => items.map(li => li.getAttribute('data-rule'))")
    assert sorted(set(rules)) == ["2b", "2e"]
    text = page.locator(".cv-violations").inner_text()
    assert "The commander's color identity is UR; the assigned identity is WU." in text
    assert "a three-color season gives each player 3" in text
    link = page.locator(".cv-result a.cv-rule", has_text="2e").first
    assert link.get_attribute("href").endswith("rules/#2e")
    link.click()
    page.wait_for_url(re.compile(r"/mazerunner/rules/(#.*)?$"))
    settle(page)
    assert page.url.split("#")[0].endswith("/mazerunner/rules/")
    assert "unique banlist" in page.locator('[id="2e"]').inner_text()
    assert page.locator('[id="2e-ii"]').count() == 1


def test_an_identity_page_shows_its_commanders_and_its_pool(page, site_url):
    open_page(page, site_url, "mazerunner/identities/ur/")
    pictures = page.locator(".commander-grid img")
    assert pictures.count() >= 1
    names = page.locator(".commander-grid img").evaluate_all("imgs => imgs.map(i => i.alt)")
    assert COMMANDER in names
    assert all("/small/" in src for src in pictures.evaluate_all("imgs => imgs.map(i => i.getAttribute('src'))"))
    page.locator("#identity-pool table tbody tr").first.wait_for()
    shown = int(page.locator("#identity-pool").get_attribute("data-cards-shown"))
    assert shown > 100
    page.locator('[data-filter="identity"]').fill("Lightning Bolt")
    wait_for_filter(page, "Lightning Bolt")
    assert page.locator("#identity-pool tr:visible").get_by_role("link", name="Lightning Bolt", exact=True).count() == 1
    page.locator('[data-filter="identity"]').fill("Llanowar Elves")   # green: not in a UR pool
    wait_for_filter(page, "Llanowar Elves")
    assert page.locator("#identity-pool tr:visible").get_by_role("link", name="Llanowar Elves").count() == 0
    page.locator('[data-filter="identity"]').fill("")
    page.locator('#identity-pool [data-view="grid"]').click()
    page.locator("#identity-pool ul.card-grid img").first.wait_for()
    assert "view=grid" in page.url


def test_identities_index_leads_to_every_identity(page, site_url):
    open_page(page, site_url, "mazerunner/identities/")
    links = page.locator("article table a")
    assert links.count() == 20
    links.nth(5).click()   # WU, WB, WR, WG, UB, then UR
    page.wait_for_url("**/mazerunner/identities/ur/")
    settle(page)
    assert page.url.endswith("/mazerunner/identities/ur/")


BAN_ROWS = "details.card-list table[data-part] tbody tr"   # drawn from rows.json beside the page


def test_the_banlist_search_narrows_its_tables(page, site_url):
    open_page(page, site_url, "mazerunner/banlist/")
    page.locator(BAN_ROWS).first.wait_for(state="attached")
    before = page.locator(BAN_ROWS).count()
    page.locator('[data-filter="bans"]').fill("sol ring")
    rows = page.locator(BAN_ROWS + ":visible")
    rows.first.wait_for()
    assert 0 < rows.count() < before
    assert "Sol Ring" in rows.first.inner_text()
    assert rows.first.get_by_role("link", name="Sol Ring").get_attribute("href").startswith("https://scryfall.com/")


def test_the_banlist_folds_its_lists_like_coalitions(page, site_url):
    """Every group's list starts folded (1,175 names open made the page 52,800 px tall at full scale), as on
    Coalition's banlist; a filter opens the groups it finds cards in, stays in the address across a reload,
    and cleared gives every list back."""
    for path in ("banlist/", "mazerunner/banlist/"):
        open_page(page, site_url, path)
        folds = page.locator("article details.card-list")
        assert folds.count() > 0, path
        assert page.locator("article details.card-list[open]").count() == 0, path
    page.locator(BAN_ROWS).first.wait_for(state="attached")
    assert page.locator(BAN_ROWS + ":visible").count() == 0
    page.locator('[data-filter="bans"]').fill("relic")
    page.locator("#bans-reserved-list tbody tr").first.wait_for()
    assert page.locator("#bans-reserved-list tbody tr:visible").count() == 1
    assert page.locator("#bans-own-bans").is_hidden()
    page.reload()
    page.locator("#bans-reserved-list tbody tr").first.wait_for()
    assert page.locator('[data-filter="bans"]').input_value() == "relic" and "filter=relic" in page.url
    page.locator('[data-filter="bans"]').fill("")
    page.wait_for_function("document.querySelectorAll('#bans-own-bans tbody tr').length === 9")
    assert "filter=" not in page.url


def test_the_lookup_gives_color_identity_and_commander(page, site_url):
    open_page(page, site_url, f"mazerunner/lookup/?card={COMMANDER}")
    page.locator("#lookup-result .verdict").wait_for()
    assert page.locator("#lookup-result .verdict").inner_text() == "Legal in Mazerunner"
    text = page.locator("#lookup-result dl").inner_text()
    assert "Color identity" in text and "UR" in text
    assert "It can be a commander in a three-color-partner (one of 2) or a two-color season." in text


@pytest.mark.parametrize("name, says", [
    ("Thrasios, Triton Hero", "It cannot be a commander in any season."),     # Partner (2c); banned as one (5a-iii)
    ("Kraum, Ludevic's Opus", "It can be a commander in a three-color-partner (one of 2) season."),
])
def test_the_lookup_names_the_seasons_a_partner_can_lead(page, site_url, name, says):
    """The same seasons as `coalition card --format mazerunner --json` (tests/test_mazerunner_format.py)."""
    open_page(page, site_url, f"mazerunner/lookup/?card={name}")
    page.locator("#lookup-result .verdict").wait_for()
    assert says in page.locator("#lookup-result dl").inner_text()


@pytest.mark.parametrize("path", ["mazerunner/", "mazerunner/identities/", "mazerunner/identities/wub/",
                                  "mazerunner/validator/", "mazerunner/banlist/", "mazerunner/rules/"])
def test_the_section_fits_a_phone(phone, site_url, path):
    """390 px wide, no horizontal page scroll, no console error, nothing fetched from outside."""
    open_page(phone, site_url, path)
    if "identities/wub" in path:
        phone.locator("#identity-pool table tbody tr").first.wait_for()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390, path


def test_every_validator_field_shows_the_keyboard_focus(page, site_url):
    open_page(page, site_url, "mazerunner/validator/")
    page.locator("#cv-input").focus()
    styles = []
    for _ in range(6):
        page.keyboard.press("Tab")
        styles.append(page.evaluate("""() => { const e = document.activeElement;
            return [e.id || e.tagName, getComputedStyle(e).outlineStyle]; }"""))
    fields = [s for s in styles if s[0] in ("cv-identity", "cv-variant", "cv-file", "cv-type")]
    assert fields and all(style == "solid" for _, style in fields), styles


def test_the_identities_table_fits_a_phone_without_scrolling_inside(phone, site_url):
    open_page(phone, site_url, "mazerunner/identities/")
    table = phone.locator("article table").first
    widths = table.evaluate("t => [t.scrollWidth, t.clientWidth, t.getBoundingClientRect().right]")
    assert widths[0] <= widths[1] and widths[2] <= 390, widths


def test_an_identity_page_says_the_usual_seasons_once_and_marks_only_the_others(page, site_url):
    """Review of 2026-11-26, item 16: every one of WU's 113 commanders was followed by the same seasons note."""
    page.goto(site_url + "mazerunner/identities/wu/")
    names = page.locator(".commander-name")
    assert names.count() >= 2
    note = page.locator(".seasons-note")
    assert note.count() == 1 and " season" in note.inner_text()
    usual = note.inner_text().split(" in ", 1)[1].split(" season")[0]
    marked = page.locator(".commander-name .seasons").all_inner_texts()
    assert all(not text.startswith(usual + " season") for text in marked), marked
    assert len(marked) < names.count()
