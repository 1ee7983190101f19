"""Heroic, the second format, in headless Chromium on the built sample site: a Heroic deck pasted in each
decklist format gets the verdict `coalition validate --format heroic` gives, rule links lead to Heroic's
rules, the lookup gives Heroic's verdict, and every hero, pool and verdict is two clicks from Heroic's home."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import settle, wait_for_filter

pytestmark = pytest.mark.browser

HERO = "Krenko, Mob Boss"
MAIN = [(4, "Akki Avalanchers"), (4, "Akki Raider"), (4, "Akki Underling"), (4, "Arms Dealer"),
        (4, "Battle Squadron"), (4, "Beetleback Chief"), (4, "Bloodmark Mentor"), (1, "Sol Ring"), (31, "Forest")]


def moxfield(main, hero):
    return "\n".join(f"{n} {name} (TST) 1" for n, name in main) + f"\n\nSIDEBOARD:\n1 {hero} (TST) 1\n"


def arena(main, hero):
    return "Deck\n" + "\n".join(f"{n} {name}" for n, name in main) + f"\n\nSideboard\n1 {hero}\n"


def mtgo(main, hero):
    return "\n".join(f"{n} {name}" for n, name in main) + f"\n\n1 {hero}\n"


def plain(main, hero):
    return "// my Goblins\n" + "\n".join(f"{n}x {name}" for n, name in main) + f"\nSB: 1 {hero}\n"


DECKLIST_FORMATS = {"moxfield": moxfield, "arena": arena, "mtgo": mtgo, "plain": plain}


def open_page(page, site_url: str, path: str):
    page.goto(site_url + path)
    return settle(page)


def check_deck(page, site_url: str, text: str):
    open_page(page, site_url, "heroic/validator/")
    page.locator("#cv-input").fill(text)
    page.get_by_role("button", name="Check the deck").click()
    verdict = page.locator(".cv-verdict")
    verdict.wait_for(state="visible")
    return verdict


@pytest.mark.parametrize("decklist", sorted(DECKLIST_FORMATS))
def test_a_legal_heroic_deck_passes_in_every_decklist_format(page, site_url, decklist):
    """Sol Ring is legal in Heroic (Coalition bans it), and the hero sits in the sideboard."""
    verdict = check_deck(page, site_url, DECKLIST_FORMATS[decklist](MAIN, HERO))
    assert "cv-legal" in verdict.get_attribute("class"), page.locator(".cv-result").inner_text()


@pytest.mark.parametrize("decklist", sorted(DECKLIST_FORMATS))
def test_an_illegal_heroic_deck_cites_heroics_rules_in_every_decklist_format(page, site_url, decklist):
    """Five Akki Raiders break the creature copy limit, rule 3.2, and the link leads to Heroic's rules."""
    main = [(5 if name == "Akki Raider" else n, name) for n, name in MAIN[:-1]] + [(30, "Forest")]
    verdict = check_deck(page, site_url, DECKLIST_FORMATS[decklist](main, HERO))
    assert "cv-illegal" in verdict.get_attribute("class")
    rule = page.locator(".cv-result a.cv-rule", has_text="3.2").first
    assert rule.get_attribute("href").endswith("rules/#3-2")
    rule.click()
    page.wait_for_url(re.compile(r"/heroic/rules/(#.*)?$"))
    settle(page)
    assert page.url.split("#")[0].endswith("/heroic/rules/")
    target = page.locator('[id="3-2"]')
    target.wait_for(state="attached")
    assert "at most 4 copies of a creature card" in target.inner_text()


def test_the_heroic_lookup_gives_heroics_verdict(page, site_url):
    open_page(page, site_url, "heroic/lookup/?card=Sol%20Ring")
    page.locator("#lookup-result .verdict").wait_for()
    assert page.locator("#lookup-result .verdict").inner_text() == "Legal in Heroic: in every army"
    # The switch opens the same card in the other format: one click from one verdict to the other.
    page.locator(".format-switch").get_by_role("link", name="Coalition").click()
    page.wait_for_url(lambda url: "/heroic/" not in url)
    settle(page)
    assert "/lookup/?card=Sol" in page.url and "/heroic/" not in page.url
    page.locator("#lookup-result .verdict", has_text="Coalition").wait_for()
    assert page.locator("#lookup-result .verdict").inner_text() == "Not legal in Coalition"


def test_the_format_switch_leads_between_the_formats_validators(page, site_url):
    open_page(page, site_url, "validator/")
    page.locator(".format-switch").get_by_role("link", name="Heroic").click()
    page.wait_for_url(lambda url: "/heroic/validator/" in url)
    settle(page)
    assert page.url.endswith("/heroic/validator/")
    page.locator('.format-switch [aria-current="page"]', has_text="Heroic").wait_for()
    assert page.locator(".format-switch").get_by_role("link", name="Coalition").is_visible()


@pytest.mark.parametrize("first, second", [("Heroes", HERO), ("Shared types", "Goblin"), ("Card lookup", None)])
def test_every_hero_pool_and_verdict_is_two_clicks_from_heroics_home(page, site_url, first, second):
    open_page(page, site_url, "heroic/")
    page.locator("article").get_by_role("link", name=first, exact=True).first.click()
    page.wait_for_url(lambda url: url != site_url + "heroic/")
    settle(page)
    if second is None:   # the lookup: the second step is typing a name
        assert page.url.endswith("/heroic/lookup/")
        return
    if first == "Heroes":   # the heroes table draws its first hundred rows: the filter finds the rest
        page.locator("#leaders-table tbody tr").first.wait_for()
        page.locator('input[data-filter="leaders"]').fill(second)
    page.locator("article").get_by_role("link", name=second, exact=True).first.click()
    page.locator("h1", has_text=second).wait_for()   # instant navigation swaps the content after the URL
    assert "/heroic/" in page.url


def test_heroics_unaffiliated_pool_holds_what_heroic_allows(page, site_url):
    """Sol Ring has no creature type: Heroic's shared pool lists it, Coalition's (which bans it) does not."""
    for path, expected in (("heroic/unaffiliated/", 1), ("unaffiliated/", 0)):
        open_page(page, site_url, path)
        page.locator("#coalition-unaffiliated table tbody tr").first.wait_for()
        page.locator('[data-filter="shared"]').fill("Sol Ring")
        wait_for_filter(page, "Sol Ring")
        links = page.locator("#coalition-unaffiliated tr:visible").get_by_role("link", name="Sol Ring", exact=True)
        assert links.count() == expected, path


def active_tab(page) -> list[str]:
    return [text.strip() for text in page.locator(".md-tabs__item--active").all_inner_texts()]


def test_a_page_outside_the_navigation_is_marked_under_its_sections_tab(page, site_url):
    """Review of 2026-11-26 (session 3): on a Heroic hero or type page no tab was marked, so it looked like one of
    Coalition's; a Coalition leader page was marked nowhere either. Pages in the navigation keep the theme's mark."""
    for path, tab in (("heroic/leaders/krenko-mob-boss/", "Heroic"), ("heroic/types/goblin/", "Heroic"),
                      ("leaders/krenko-mob-boss/", "Leaders"), ("types/goblin/", "Types"),
                      ("heroic/validator/", "Heroic"), ("rules/", "Rules")):
        open_page(page, site_url, path)
        assert active_tab(page) == [tab], (path, active_tab(page))


def test_heroic_has_its_own_what_can_i_build_page_in_its_words(page, site_url):
    """Review of 2026-11-26 (session 3): Heroic had no "what can I build?" page, and Coalition's (no format switch)
    told a Heroic player that Sol Ring fits no deck. Heroic's answers with Heroic's pools, words and links; the
    switch joins the typal formats' build pages only (Mazerunner, a color-identity format, has none)."""
    open_page(page, site_url, "heroic/build/")
    switch = page.locator(".format-switch")
    assert switch.locator("strong").inner_text() == "Heroic" and switch.locator("a").all_inner_texts() == ["Coalition"]
    assert page.locator("#coalition-build button[type=submit]").inner_text() == "Find shared types"
    page.wait_for_selector('#coalition-build[data-state="ready"]')
    page.fill("#cb-input", f"{HERO}\nAkki Raider\nSol Ring")
    page.click("#coalition-build button[type=submit]")
    page.wait_for_selector('#coalition-build[data-state="done"]', timeout=60_000)
    verdict = page.locator(".cb-verdict").inner_text()
    assert re.match(r"\d+ shared types? holds? every card you pasted", verdict), verdict
    assert page.locator(".cb-blocked").count() == 0   # Sol Ring is legal in Heroic
    goblin = page.locator('.cb-types details[data-type="Goblin"]')
    assert goblin.locator("summary a").get_attribute("href") == "../types/goblin/"
    assert "1 hero" in goblin.locator("summary").inner_text() or " heroes" in goblin.locator("summary").inner_text()
    assert goblin.locator("a", has_text=HERO).get_attribute("href") == "../leaders/krenko-mob-boss/"
    open_page(page, site_url, "build/")
    assert page.locator(".format-switch a").all_inner_texts() == ["Heroic"]
