"""Answers that say what they are, on the built sample site in headless Chromium, in every format that has the
page: Enter in the lookup on words that are no card's name says what it opened (a legend's short name, a
face, a name's words in another order, the first name holding the words) and an identity format points to
the identity page a color name spells; "what can I build?" reads a name as the lookup does and brings its answer into view on a phone; names
offered are a list, never a comma-joined run (names hold commas); the keyboard's focus goes back to the card
after the tap preview and on to the first new row after "Show more"."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import settle, wait_for_answer
from tests.browser.test_site_browser import open_page

pytestmark = pytest.mark.browser

ACTIVE = "() => { const e = document.activeElement; return e.tagName + ' ' + (e.textContent || '').trim().slice(0, 60); }"


def look_up(page, words: str):
    page.locator("#lookup-input").fill(words)
    page.locator("#lookup-input").press("Enter")
    result = page.locator("#lookup-result")
    result.locator("h2, .not-found").first.wait_for()
    return result


@pytest.mark.parametrize("path, words, said", [
    ("", "bolt", "No card is named \u201cbolt\u201d; of the cards with \u201cbolt\u201d in their name, Lightning Bolt comes first."),
    ("heroic/", "bolt", "No card is named \u201cbolt\u201d; of the cards with \u201cbolt\u201d in their name, Lightning Bolt comes first."),
    ("mazerunner/", "bolt", "No card is named \u201cbolt\u201d; of the cards with \u201cbolt\u201d in their name, Lightning Bolt comes first."),
    ("", "Krenko", "\u201cKrenko\u201d is short for Krenko, Mob Boss, the shortest of the 2 legends so named."),
    ("", "thrasios", "\u201cthrasios\u201d is short for Thrasios, Triton Hero."),
    ("", "bolt lightning", "\u201cbolt lightning\u201d is Lightning Bolt, its words in another order."),
])
def test_enter_on_words_that_are_no_card_name_says_what_it_opened(page, site_url, path, words, said):
    open_page(page, site_url, path + "lookup/")
    result = look_up(page, words)
    expect(result.locator(".read-as")).to_contain_text(said)
    if words == "Krenko":   # the other legend of that name is one tap away
        expect(result.locator(".did-you-mean a", has_text="Krenko, Tin Street Kingpin")).to_have_count(1)
    # A card asked by its own name, or picked from the list on purpose, opens without a note.
    result = look_up(page, "lightning bolt")
    expect(result.locator("h2")).to_contain_text("Lightning Bolt")
    assert result.locator(".read-as, .nearest").count() == 0
    page.locator("#lookup-input").fill("krenko")
    page.locator("#lookup-input").press("ArrowDown")
    page.locator("#lookup-input").press("ArrowDown")
    page.locator("#lookup-input").press("Enter")
    expect(result.locator("h2")).to_contain_text("Krenko, Tin Street Kingpin")
    assert result.locator(".read-as").count() == 0


def test_an_address_with_a_short_name_says_so_too(page, site_url):
    open_page(page, site_url, "lookup/?card=insectile%20aberration")
    expect(page.locator("#lookup-result .read-as")).to_have_text(
        "\u201cinsectile aberration\u201d is a face of Delver of Secrets // Insectile Aberration.")
    open_page(page, site_url, "lookup/?card=Krenko")
    expect(page.locator("#lookup-result .read-as")).to_contain_text("\u201cKrenko\u201d is short for Krenko, Mob Boss")


@pytest.mark.parametrize("words, letters, named", [("izzet", "ur", "UR (Izzet)"), ("RU", "ur", "UR"),
                                                   ("Sultai", "ubg", "UBG (Sultai)")])
def test_an_identity_format_points_to_the_identity_page_a_color_name_spells(page, site_url, words, letters, named):
    open_page(page, site_url, "mazerunner/lookup/")
    result = look_up(page, words)
    pointer = result.locator(".also-named a")
    expect(pointer).to_have_text(named)
    href = pointer.get_attribute("href")
    assert href == f"../identities/{letters}/"
    for other in ("red", "Goblin Guide"):   # one color has no page; a card's name is no identity
        look_up(page, other)
        settle(page)   # a pointer comes after the card (the rule numbers are looked up first)
        assert page.locator("#lookup-result .also-named").count() == 0, other
    response = page.goto(site_url + href.replace("../", "mazerunner/"))
    assert response.status == 200   # the page it points to exists


def find_types(page, text: str):
    page.locator("#cb-input").fill(text)
    page.locator("#coalition-build button[type=submit]").click()
    wait_for_answer(page, "document.querySelector('#coalition-build').dataset.state === 'done'")
    return page.locator(".cb-result")


@pytest.mark.parametrize("path", ["build/", "heroic/build/"])
def test_the_builder_reads_a_short_name_as_the_lookup_and_shows_its_answer_on_a_phone(phone, site_url, path):
    open_page(phone, site_url, path)
    result = find_types(phone, "Krenko\nGoblin Guide\nLightning Bolt")
    verdict = result.locator("h2").bounding_box()
    assert 0 <= verdict["y"] < 844 - 100, verdict   # on screen, with room for what follows it
    expect(result.locator(".cb-read-as > li")).to_contain_text(
        "Line 1: Krenko is read as Krenko, Mob Boss, the shortest of the legends so named")
    expect(result.locator(".cb-read-as .cv-names li")).to_have_text(["Krenko, Tin Street Kingpin"])
    assert "Krenko, Mob Boss" in phone.evaluate("() => window.Coalition.lastBuild.leaders_pasted")
    assert result.locator(".cb-unknown").count() == 0


def test_the_builder_offers_names_as_a_list(page, site_url):
    open_page(page, site_url, "build/")
    result = find_types(page, "Krenko Mob Bos")
    names = result.locator(".cb-unknown .cv-names li").all_inner_texts()
    assert names and names[0] == "Krenko, Mob Boss", names   # one item, not split at its comma


@pytest.mark.parametrize("path", ["", "heroic/", "mazerunner/"])
def test_the_validator_refuses_a_short_name_pointing_at_the_card_and_lists_the_names(page, site_url, path):
    open_page(page, site_url, path + "validator/")
    page.wait_for_selector('#coalition-validator[data-state="ready"]')
    page.locator("#cv-input").fill("1 Krenko\n4 Goblin Guide")
    page.locator("#coalition-validator button[type=submit]").click()
    wait_for_answer(page, "document.querySelector('#coalition-validator').dataset.state === 'done'")
    unknown = page.locator(".cv-unknown li[data-line='1']")
    expect(unknown).to_contain_text("the card lookup reads it as Krenko, Mob Boss; a deck list names each card in full")
    buttons = unknown.locator(".cv-names li > button.cv-suggestion")
    assert buttons.all_inner_texts()[:2] == ["Krenko, Mob Boss", "Krenko, Tin Street Kingpin"]
    buttons.first.click()
    wait_for_answer(page, "(document.querySelector('#cv-input').value || '').startsWith('1 Krenko, Mob Boss')")


def test_escape_gives_the_focus_back_to_the_card_the_tap_preview_showed(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        open_page(page, site_url, "types/goblin/?view=grid")
        card = page.locator(".card-grid a").first
        card.focus()
        card.press("Enter")
        page.locator(".tap-preview").wait_for(state="visible")
        page.keyboard.press("Escape")
        page.locator(".tap-preview").wait_for(state="hidden")
        assert page.evaluate("() => document.activeElement === document.querySelector('.card-grid a')"), page.evaluate(ACTIVE)
    finally:
        context.close()


def test_show_more_puts_the_focus_on_the_first_new_row(page, site_url):
    open_page(page, site_url, "unaffiliated/")
    more = page.locator("#coalition-unaffiliated .show-more:visible").first
    more.focus()
    table = more.evaluate_handle("b => { let t = b; while (t.tagName !== 'TABLE') t = t.previousElementSibling; return t; }")
    before = table.evaluate("t => t.tBodies[0].rows.length")
    page.keyboard.press("Enter")
    focused = page.evaluate("""t => { const row = document.activeElement.closest('tr');
        return row && row.parentElement === t.tBodies[0] ? row.sectionRowIndex : -1; }""", table)
    assert focused == before, page.evaluate(ACTIVE)


def test_the_builders_next_suggestion_keeps_the_focus_when_the_nearest_types_move_in(phone, site_url):
    """Review of "what can I build?" (its suggestions): build-near.js moves the unknown names under the verdict
    once the answer is in; the suggestion focused after the one pressed keeps the focus through the move."""
    open_page(phone, site_url, "build/")
    result = find_types(phone, "Goblin Gide\n4 Mogg Fantatic\n4 Goblin Bushwhacker\n4 Llanowar Elves")
    result.locator(".cb-nearest").wait_for()
    result.locator(".cb-unknown .cv-suggestion", has_text="Goblin Guide").first.click()
    wait_for_answer(phone, "window.Coalition.lastBuild.unknown_cards.length === 1 && document.querySelector('.cb-nearest')")
    assert phone.evaluate("document.activeElement.matches('.cb-unknown .cv-suggestion')"), phone.evaluate(ACTIVE)
    assert phone.input_value("#cb-input").startswith("Goblin Guide\n4 Mogg Fantatic")
