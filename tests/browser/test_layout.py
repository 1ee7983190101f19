"""Layout a player sees before reading anything: the header's tabs fit a desktop screen, and a pool shown as
pictures on a phone is pictures only (the phone's folded-table style used to outrank the table's [hidden])."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import settle, watch
from tests.browser.test_site_browser import open_page

pytestmark = pytest.mark.browser

TAB_LIST_OVERFLOW = """() => { const tabs = document.querySelector('.md-tabs__list');
    return tabs ? tabs.scrollWidth - tabs.clientWidth : null; }"""


@pytest.mark.parametrize("width", [1220, 1366, 1920])
def test_every_tab_of_the_header_fits_a_desktop_screen(browser, site_url, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = open_page(context.new_page(), site_url, "play/coalition/")
        assert page.locator(".md-tabs").is_visible(), "the theme shows its tabs from 1220 px"
        assert page.evaluate(TAB_LIST_OVERFLOW) == 0, "the last tab is cut off"
        last = page.locator(".md-tabs__item").last
        assert last.bounding_box()["x"] + last.bounding_box()["width"] <= width
    finally:
        context.close()


def test_a_pool_as_pictures_on_a_phone_shows_no_table(phone, site_url):
    open_page(phone, site_url, "types/goblin/?view=grid")
    phone.locator(".card-grid a").first.wait_for()
    tables = phone.locator("table.pool")
    assert tables.count() >= 1
    assert not any(tables.nth(i).is_visible() for i in range(tables.count()))
    phone.get_by_role("button", name="Table").click()
    assert tables.first.is_visible() and not phone.locator(".card-grid").first.is_visible()


def test_a_filter_says_in_each_groups_heading_how_many_cards_it_keeps_and_when_none(page, site_url):
    """Review of 2026-11-25: a filtered pool kept its headings' full counts ("Creatures 444" while 84 showed)
    and an emptied group showed nothing to say why."""
    open_page(page, site_url, "types/goblin/")
    heading = page.locator("h3#creature small")
    page.locator("#pool-creature tbody tr").first.wait_for()
    total = heading.inner_text()
    page.locator('input[data-filter="pool"]').fill("mogg")
    page.wait_for_function("() => / of /.test(document.querySelector('h3#creature small').textContent)")
    kept = page.locator("#pool-creature tbody tr").count()
    assert heading.inner_text() == f"{kept} of {total}"
    assert not page.locator("#pool-creature ~ .none-match").first.is_visible()
    # An instant: the creatures empty, their group hidden with its heading (test_empty_groups.py), no note.
    page.locator('input[data-filter="pool"]').fill("tarfire")
    page.wait_for_function("() => /^0 of /.test(document.querySelector('h3#creature small').textContent)")
    expect(page.locator("h3#creature")).to_be_hidden()
    assert not page.locator("#pool-creature ~ .none-match").first.is_visible()
    assert not page.locator(".all-empty").is_visible()
    page.locator('input[data-filter="pool"]').fill("no card is called this")   # every group: one note says it
    page.wait_for_function("() => document.querySelector('.all-empty') && !document.querySelector('.all-empty').hidden")
    assert not page.locator("#pool-creature ~ .none-match").first.is_visible()
    page.locator('input[data-filter="pool"]').fill("")
    page.wait_for_function(f"() => document.querySelector('h3#creature small').textContent === {total!r}")
    expect(page.locator("h3#creature")).to_be_visible()


# Each pool table's group count: the nearest heading before the table, as cardtable.js finds it.
GROUP_COUNTS = """() => [...document.querySelectorAll('table.pool')].map(table => {
  let before = table.previousElementSibling;
  while (before && !/^H[1-6]$/.test(before.tagName)) before = before.previousElementSibling;
  const small = before && before.querySelector('small');
  return small ? small.textContent : null;
})"""


@pytest.mark.parametrize("path", ["types/goblin/", "heroic/types/goblin/", "unaffiliated/", "heroic/unaffiliated/",
                                  "mazerunner/identities/br/"])
def test_each_groups_heading_says_what_it_counts(page, site_url, path):
    """Review of 2026-11-26: a pool's group headings said a bare "444" ("444 of 1,024" once filtered) where
    every other count says what it counts ("541 cards", C.countSaid); now in the words of the pool's filter
    count, on every format's pools, at rest and filtered."""
    open_page(page, site_url, path)
    page.locator("table.pool tbody tr").first.wait_for()
    at_rest = page.evaluate(GROUP_COUNTS)
    assert at_rest and all(re.fullmatch(r"1 card|[\d,]+ cards", count or "") for count in at_rest), at_rest
    page.select_option("select[data-mv]", "1")
    page.wait_for_function("() => [...document.querySelectorAll('h2 small, h3 small')].some(s => / of /.test(s.textContent))")
    settle(page)
    filtered = page.evaluate(GROUP_COUNTS)
    assert all(re.fullmatch(r"[\d,]+ of (1 card|[\d,]+ cards)|1 card|[\d,]+ cards", count or "") for count in filtered), filtered
    assert any(" of " in count for count in filtered), filtered


def test_a_phone_lays_out_a_type_pages_leaders_only_near_the_screen(phone, site_url):
    """Issue 14: a big type page's leaders (hundreds of folded rows, each with drawn pips) were laid out and
    walked again on every frame a pool filter drew below them; like the pool's rows, each is skipped by the
    browser away from the screen (content-visibility), and still read by find-in-page and screen readers."""
    open_page(phone, site_url, "types/goblin/")
    rows = phone.locator("#leaders-table tbody tr")
    rows.first.wait_for()
    skipped = phone.evaluate("""() => [...document.querySelectorAll('#leaders-table tbody tr')]
        .map(tr => getComputedStyle(tr).contentVisibility)""")
    assert skipped and set(skipped) == {"auto"}, skipped
    assert rows.first.inner_text().strip()


# Each tile's name: its font (the ::before that shows data-name), the width it may fill, and its widest word.
NAME_FIT = """() => [...document.querySelectorAll('.card-grid a.card-frame')].slice(0, 60).map(tile => {
  const look = getComputedStyle(tile, '::before'), ctx = document.createElement('canvas').getContext('2d');
  ctx.font = look.fontWeight + ' ' + look.fontSize + ' ' + look.fontFamily;
  const room = tile.clientWidth - parseFloat(look.paddingLeft) - parseFloat(look.paddingRight);
  const widest = Math.max(...tile.dataset.name.split(/\\s+/).map(word => ctx.measureText(word).width));
  return {name: tile.dataset.name, wrap: look.overflowWrap, brk: look.wordBreak, fits: widest <= room + 0.5};
})"""


def test_offline_picture_names_break_between_words_on_a_phone(phone, site_url):
    """Review of 2026-11-26, item 12: without images the tiles read "Cacopho/ny Scamp", "Facevault/er"."""
    open_page(phone, site_url, "types/goblin/?view=grid")
    phone.locator(".card-grid a").first.wait_for()
    tiles = phone.evaluate(NAME_FIT)
    assert len(tiles) >= 20
    broken = [t for t in tiles if t["wrap"] in ("anywhere", "break-word") or t["brk"] == "break-all" or not t["fits"]]
    assert broken == [], broken[:5]


# The lookup's answer: its text column and the picture's frame (none when the card has no image), and the
# width of the content they share.
LOOKUP_ANSWER = """() => { const card = document.querySelector('#lookup-result .lookup-card');
    const text = card.querySelector(':scope > div:not(.lookup-image)').getBoundingClientRect();
    const image = card.querySelector(':scope > .lookup-image');
    const picture = image && image.getBoundingClientRect();
    return {content: document.querySelector('.md-content__inner').getBoundingClientRect().width, text: {left: text.left, top: text.top, width: text.width},
            picture: picture && {right: picture.right, top: picture.top}}; }"""


def without_the_image_of(name: str):
    """cards.json as a build whose data carries no image address for the card (most of today's cards)."""
    def answer(route):
        response = route.fetch()
        index = response.json()
        cards = [{k: v for k, v in c.items() if k != "img"} if c["n"] == name else c for c in index["cards"]]
        route.fulfill(response=response, json={**index, "cards": cards})
    return answer


@pytest.mark.parametrize("has_image", [False, True])
def test_the_lookups_answer_takes_the_width_a_missing_picture_leaves(browser, site_url, has_image):
    """Review of 2026-11-27 (find, item 2): at 1366 x 900 the answer for a card without a picture sat in the
    picture's 244 px column with ~900 px empty beside it. Without a picture the text takes the whole width; with
    one, the picture stays beside the text."""
    name = "Krenko, Mob Boss"
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        page = context.new_page()
        problems, outside = watch(page)   # Scryfall's picture answered locally, as every test page's
        if not has_image:
            page.route(re.compile(r"^http://127\.0\.0\.1:\d+/data/cards\.json"), without_the_image_of(name))
        open_page(page, site_url, "lookup/?card=" + name.replace(" ", "%20"))
        page.locator("#lookup-result .lookup-card h2").wait_for()
        shown = page.evaluate(LOOKUP_ANSWER)
        if has_image:
            picture, text = shown["picture"], shown["text"]
            assert picture and picture["right"] <= text["left"] and abs(picture["top"] - text["top"]) < 2, shown
            assert text["width"] < 0.9 * shown["content"], shown
        else:
            assert shown["picture"] is None, "the test's card has no image"
            assert shown["text"]["width"] > 0.6 * shown["content"], shown
        assert problems == [] and outside == []
    finally:
        context.close()
