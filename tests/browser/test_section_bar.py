"""The bar of a section's pages (overrides/partials/section-bar.html) in headless Chromium on the sample site.

Player review: on a Heroic or Mazerunner page the side menu is hidden (front matter `hide: navigation`, the
phone's drawer), so the only menu left was the header's tabs, whose Rules and Banlist are the default
format's: a Heroic player on the heroes' page reached Coalition's rules. Every page of a nav section now
opens with its section's pages, the current one marked, from the phone's 390 px by keyboard."""

from __future__ import annotations

import pytest

from tests.browser.conftest import settle
from tests.browser.test_site_browser import open_page

pytestmark = pytest.mark.browser

BAR = "article nav.co-section-bar"
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def bar_links(page) -> list[tuple[str, str | None]]:
    links = page.locator(BAR + " a")
    return [(links.nth(i).inner_text().strip(), links.nth(i).get_attribute("aria-current"))
            for i in range(links.count())]


@pytest.mark.parametrize("start, section, current", [
    ("heroic/leaders/", "heroic", "Heroes"), ("mazerunner/rules/", "mazerunner", "Rules")])
def test_a_formats_bar_reaches_its_own_rules_and_banlist_and_marks_the_page(phone, site_url, start, section,
                                                                             current):
    open_page(phone, site_url, start)
    assert phone.evaluate(OVERFLOW) == 0, "the bar scrolls the phone's page sideways"
    links = bar_links(phone)
    assert [name for name, mark in links if mark] == [current]
    assert links[[name for name, _ in links].index(current)][1] == "page"
    for name in ("Rules", "Banlist"):
        link = phone.locator(BAR).get_by_role("link", name=name, exact=True)
        assert link.get_attribute("href") is not None
        link.focus()
        phone.keyboard.press("Enter")
        phone.wait_for_url(f"**/{section}/{name.lower()}/")
        settle(phone)
        assert phone.locator(BAR).get_by_role("link", name=name, exact=True).get_attribute("aria-current") == "page"
        open_page(phone, site_url, start)


def test_balance_of_powers_bar_lists_its_two_pages(page, site_url):
    open_page(page, site_url, "balance-of-power/table/")
    assert bar_links(page) == [("Rules", None), ("Solo table", "page")]


def test_the_default_formats_top_level_pages_have_no_bar(page, site_url):
    for path in ("rules/", "banlist/", "leaders/"):
        open_page(page, site_url, path)
        assert page.locator(BAR).count() == 0, path


def test_a_page_outside_the_navigation_gets_its_sections_bar(page, site_url):
    """A hero's page (not_in_nav) belongs to Heroic by its address; "Heroes" holds it."""
    open_page(page, site_url, "heroic/leaders/krenko-mob-boss/")
    links = bar_links(page)
    assert ("Rules", None) in links and [(n, m) for n, m in links if m] == [("Heroes", "location")]


def test_a_section_inside_a_section_is_one_link_of_its_parents_bar(page, site_url):
    """At the table holds Balance of Power's two pages as a section: one link, to its rules."""
    open_page(page, site_url, "play/coalition/")
    assert ("Coalition match", "page") in bar_links(page)
    page.locator(BAR).get_by_role("link", name="Balance of Power", exact=True).click()
    page.wait_for_url("**/balance-of-power/")
