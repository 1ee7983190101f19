"""Finding cards and looking at them (issue 14), in headless Chromium on the built sample site: the search box
knows cards, types and rule numbers; one forgiving name matcher; pools as pictures; big tables drawn a page
at a time with colour and mana value filters; colour words in the leaders filter; no request for the search
index until search is used."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import settle, wait_for_filter, wait_until, watch
from tests.browser.test_site_browser import open_page

pytestmark = pytest.mark.browser

VECTORS = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "names" / "vectors.json").read_text(encoding="utf-8"))


def search_for(page, words: str):
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(words)
    hits = page.locator(".coalition-search")
    hits.wait_for(state="visible", timeout=15000)
    return hits


def test_the_search_box_answers_a_card_name_with_its_verdict(page, site_url):
    open_page(page, site_url, "")
    hits = search_for(page, "Lightning Bolt")
    first = hits.locator("li").first
    assert first.locator("strong").inner_text() == "Lightning Bolt"
    assert first.locator(".verdict").inner_text() in {"legal", "not legal", "leader only"}
    assert "lookup/?card=Lightning%20Bolt" in first.locator("a").first.get_attribute("href")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"lookup/\?card=Lightning"))
    page.locator("#lookup-result h2", has_text="Lightning Bolt").wait_for()


def test_the_search_box_finds_a_type_by_its_plural_and_a_leader(page, site_url):
    open_page(page, site_url, "")
    hits = search_for(page, "goblins")
    hits.get_by_role("link", name="Goblin coalition").wait_for()
    assert hits.get_by_role("link", name="Goblin coalition").get_attribute("href").endswith("types/goblin/")
    hits = search_for(page, "Krenko")
    hits.locator("li strong", has_text="Krenko").first.wait_for()
    assert hits.locator("li strong").first.inner_text() == "Krenko, Mob Boss"
    assert hits.get_by_role("link", name="leader page").first.get_attribute("href").endswith("leaders/krenko-mob-boss/")


@pytest.mark.parametrize("words, type_name", [("elves", "Elf"), ("Elves", "Elf"), ("elf", "Elf"), ("goblins", "Goblin")])
def test_the_search_box_knows_every_spelling_the_build_knows(page, site_url, words, type_name):
    """Irregular plurals come from the build's type_forms (format.json), as `coalition type` reads them."""
    open_page(page, site_url, "")
    hits = search_for(page, words)
    hits.get_by_role("link", name=f"{type_name} coalition").wait_for(timeout=5000)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(f"types/{type_name.lower()}/$"))


def test_a_rule_number_in_the_search_box_jumps_to_its_rule(page, site_url):
    open_page(page, site_url, "")
    hits = search_for(page, "906.5e")
    assert hits.get_by_role("link", name=re.compile("Rule 906.5e")).get_attribute("href").endswith("rules/#906-5e")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"rules/#906-5e$"))
    assert "This type may not be Human." in page.locator('[id="906-5e"]').inner_text()


@pytest.mark.parametrize("path, number, anchor", [
    ("heroic/", "3.8", "heroic/rules/#3-8"),           # Heroic's numbering, from one of its pages
    ("", "rule 2e-ii", "mazerunner/rules/#2e-ii"),     # Mazerunner's lettered parts, from the default home
])
def test_a_rule_number_of_any_format_jumps_to_that_formats_rule(page, site_url, path, number, anchor):
    """Which numbers are rules comes from each format's data/format.json (`rule_urls`), not from a pattern."""
    open_page(page, site_url, path)
    hits = search_for(page, number)
    first = hits.locator("li a").first
    first.wait_for()
    assert first.get_attribute("href") == site_url + anchor
    assert ("Heroic" if "heroic" in anchor else "Mazerunner") + "\u2019s rules" in first.inner_text()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(re.escape(anchor) + "$"))
    page.locator('[id="%s"]' % anchor.rsplit("#", 1)[1]).wait_for()


def test_a_number_no_format_defines_is_no_rule(page, site_url):
    open_page(page, site_url, "heroic/")
    hits = search_for(page, "Goblin Guide")   # the card index is loaded: the box answers numbers at once
    hits.locator("li strong", has_text="Goblin Guide").first.wait_for()
    # The box's answer replaces all it holds (hidden and empty when there is nothing): a mark left in it goes
    # once "3.99" is answered, whatever the answer.
    page.evaluate("document.querySelector('.coalition-search').append(document.createElement('hr'))")
    page.locator("input.md-search__input").fill("3.99")
    wait_until(page, "!document.querySelector('.coalition-search hr')")
    assert not page.locator(".coalition-search h2", has_text="Rule").count()


def test_the_search_index_the_card_index_and_the_sitemap_wait_until_needed(page, site_url):
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    open_page(page, site_url, "rules/")
    assert not [url for url in asked if url.endswith(("search_index.json", "cards.json", "sitemap.xml"))]
    # Pointing at a link to another page asks for the sitemap instant navigation reads, once (the theme also
    # asks beside the feed's rel=alternate link: the same file).
    page.locator(".md-tabs__link", has_text="Types").hover()
    wait_until(page, "performance.getEntriesByType('resource').some(e => e.name.endsWith('/sitemap.xml'))")
    settle(page)   # the sitemap read and every request it led to answered: a second one would be counted
    assert len([url for url in asked if url.endswith("sitemap.xml")]) == 1, asked
    assert not [url for url in asked if url.endswith(("search_index.json", "cards.json"))]
    page.locator("input.md-search__input").click()
    page.wait_for_function("() => performance.getEntriesByType('resource').some(e => e.name.endsWith('search_index.json'))")
    search_for(page, "Goblin Guide")
    assert [url for url in asked if url.endswith("cards.json")]


def test_the_browser_matcher_answers_the_shared_vectors(page, site_url):
    open_page(page, site_url, "lookup/")   # a page that loads names.js (mkdocs.yml extra.scripts)
    answers = page.evaluate("""([cards, cases]) => {
        const index = window.Coalition.names.NameIndex.fromCards(cards);
        return cases.map(c => {
            const resolved = index.resolve(c.query);
            const wanted = (c.suggest || []).length;
            const nearest = index.nearest(c.query);
            const found = resolved === null ? nearest : resolved;
            const reading = found === null ? null : index.readAs(c.query, found);
            return [resolved === null ? null : cards[resolved].n,
                    index.suggest(c.query, Math.max(3, wanted)).map(i => cards[i].n),
                    nearest === null ? null : cards[nearest].n,
                    reading === null ? null : [reading.how, reading.others.map(i => cards[i].n)]];
        });
    }""", [VECTORS["cards"], VECTORS["cases"]])
    for case, (resolved, suggested, nearest, read_as) in zip(VECTORS["cases"], answers):
        assert resolved == case["resolve"], case
        assert nearest == case.get("nearest", nearest), case
        assert read_as == case.get("read_as", read_as), case
        if "suggest" in case:
            assert suggested[:len(case["suggest"])] == case["suggest"], (case, suggested)
            assert case["suggest"] or suggested == [], case
    keys = page.evaluate("pairs => pairs.map(p => window.Coalition.names.key(p[0]))", VECTORS["keys"])
    assert keys == [expected for _written, expected in VECTORS["keys"]]


def test_no_page_asks_another_address_for_its_sitemap(browser, site_url):
    # Served under another name than the address it was built for (as `coalition serve` or a fork's Pages):
    # the theme fetches a sitemap beside every rel=alternate link, which once was the published feed address.
    other = site_url.replace("127.0.0.1", "localhost")
    context = browser.new_context()
    asked: list[str] = []
    context.route(re.compile(r"^(?!http://(127\.0\.0\.1|localhost)[:/])"), lambda route: route.abort())
    page = context.new_page()
    page.on("request", lambda request: asked.append(request.url))
    try:
        open_page(page, other, "rules/")
        page.locator(".md-tabs__link", has_text="Types").hover()   # the theme asks for it from then on
        wait_until(page, "performance.getEntriesByType('resource').some(e => e.name.includes('sitemap'))")
        settle(page)
    finally:
        context.close()
    sitemaps = [url for url in asked if "sitemap" in url]
    assert sitemaps and all(url.startswith(other) for url in sitemaps), sitemaps


def lookup(page, site_url, words: str):
    page.locator("#lookup-input").fill(words)
    page.locator("#lookup-input").press("Enter")


def test_the_lookup_forgives_and_suggests(page, site_url):
    open_page(page, site_url, "lookup/?card=Goblin%20Guide")
    result = page.locator("#lookup-result")
    result.locator("h2", has_text="Goblin Guide").wait_for()
    lookup(page, site_url, "Lightning Blot")   # a typo with one nearest name opens it (review item 18)
    result.locator("h2", has_text="Lightning Bolt").wait_for()
    assert "Goblin Guide" not in result.inner_text() and "this is the nearest name" in result.inner_text()
    other = result.locator(".did-you-mean a").first
    name = other.inner_text()
    other.click()
    result.locator("h2", has_text=name).wait_for()
    for typed, meant in [("Krenko", "Krenko, Mob Boss"), ("ezuri renegade leader", "Ezuri, Renegade Leader"),
                         ("Lim-Dul's Vault", "Lim-Dûl's Vault"), ("lightning-bolt", "Lightning Bolt")]:
        lookup(page, site_url, typed)
        # The answer is drawn after the key press returns: wait for it (up to 5 s) rather than read at once.
        expect(result.locator("h2")).to_have_text(re.compile("^" + re.escape(meant)), timeout=5000)


def test_a_pool_shows_as_pictures_and_keeps_the_choice_in_the_url(page, site_url):
    open_page(page, site_url, "types/goblin/")
    page.get_by_role("button", name="Pictures").click()
    assert "view=grid" in page.url
    tiles = page.locator("#pool .card-grid img, .card-grid img")
    tiles.first.wait_for()
    image = tiles.first
    assert "/small/" in image.get_attribute("src") and image.get_attribute("loading") == "lazy"
    page.locator('input[data-filter="pool"]').fill("mogg")
    page.wait_for_function("() => [...document.querySelectorAll('.card-grid:not([hidden]) a')].every(a => /mogg/i.test(a.dataset.name))")
    open_page(page, site_url, "types/goblin/?view=grid&filter=mogg")
    assert page.locator(".card-grid:not([hidden]) a").count() >= 1
    assert page.locator("table.pool:not([hidden])").count() == 0


def without_scryfall_pages(page) -> None:
    """The unaffiliated pool's file as the modern input makes it: no card has its Scryfall page ("u": null)."""
    def answer(route):
        pool = route.fetch().json()
        route.fulfill(json={**pool, "cards": [{**card, "u": None} for card in pool["cards"]]})

    page.route(re.compile(r"/data/pools/shared\.json$"), answer)


def test_a_picture_links_where_the_tables_name_does(page, site_url):
    """Review of 2026-11-26 (site, item 1): with no Scryfall page in the data, a tile of the unaffiliated pool's
    picture grid linked to "#" (the page jumped to its top) where the table linked the card to Scryfall's search."""
    without_scryfall_pages(page)
    open_page(page, site_url, "unaffiliated/?view=grid")
    page.locator(".card-grid:not([hidden]) a").first.wait_for()
    tiles = dict(page.evaluate("[...document.querySelectorAll('.card-grid:not([hidden]) a')].map(a => [a.dataset.name, a.getAttribute('href')])"))
    page.get_by_role("button", name="Table").click()
    page.locator("#coalition-unaffiliated tbody tr").first.wait_for()
    names = dict(page.evaluate("[...document.querySelectorAll('#coalition-unaffiliated tbody td:first-child a')].map(a => [a.textContent, a.getAttribute('href')])"))
    shared = sorted(set(tiles) & set(names))
    assert len(shared) >= 10, (len(tiles), len(names))
    assert [tiles[name] for name in shared] == [names[name] for name in shared]
    assert all(link.startswith("https://scryfall.com/search?q=") for link in tiles.values()), list(tiles.values())[:3]


def test_a_touch_screen_previews_a_card_on_tap(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        open_page(page, site_url, "types/goblin/?view=grid")
        page.locator(".card-grid a").first.tap()
        overlay = page.locator(".tap-preview")
        overlay.wait_for(state="visible")
        assert "types/goblin" in page.url
        assert overlay.locator("a.tap-open").get_attribute("href").startswith("https://scryfall.com/")
        overlay.locator(".tap-close").tap()
        overlay.wait_for(state="hidden")
    finally:
        context.close()


def visible_rows(page) -> int:
    return page.locator("#coalition-unaffiliated tbody tr").count()


def test_the_unaffiliated_pool_draws_a_page_and_filters_by_colour_and_mana_value(page, site_url):
    open_page(page, site_url, "unaffiliated/")
    page.locator("#coalition-unaffiliated tbody tr").first.wait_for()
    per_table = page.evaluate("[...document.querySelectorAll('#coalition-unaffiliated tbody')].map(b => b.rows.length)")
    assert max(per_table) <= 100
    more = page.locator("#coalition-unaffiliated .show-more:visible").first
    before = visible_rows(page)
    more.click()
    assert visible_rows(page) > before
    page.locator('.colour-chip[data-colour="R"]').click()
    page.locator("select[data-mv]").select_option("1")
    assert "colours=R" in page.url and "mv=1" in page.url
    wait_until(page, ALL_GROUPS_COUNTED)
    costs = page.locator("#coalition-unaffiliated tbody tr td:nth-child(2)").all_text_contents()
    assert costs and all(set(re.findall(r"\{(\w)\}", c)) <= {"R", "1", "0", "C", "X"} for c in costs), costs
    # The rows' text, not innerText: a row away from the screen is skipped by the browser (content-visibility)
    # and innerText leaves it out until it has been laid out once (it failed that way in CI).
    rows = page.locator("#coalition-unaffiliated tbody tr").all_text_contents()
    assert any("Plain Test Bolt" in row for row in rows), rows


# The count is written once every group shows the latest choice; until then it still holds the last choice's
# count, and the groups far below the screen hold the last choice's rows. Every match of so small a choice is
# drawn, so the count agrees with the rows only once the latest choice is drawn everywhere.
ALL_GROUPS_COUNTED = """(() => {
  const count = document.querySelector('output[data-filter-count=shared]').textContent;
  const rows = document.querySelectorAll('#coalition-unaffiliated tbody tr').length;
  return new URL(location.href).searchParams.get('mv') === '1' && count.startsWith(rows + ' of ');
})()"""


# Types into the unaffiliated pool's filter, lets the frame that answers it pass, and reports, one task later,
# how many of the pool's groups are drawn for the filter and whether the count says so. The page's clock is
# stopped first, so however slow the machine, no time slice runs out.
FILTER_ONE_TASK_LATER = """(word) => new Promise(resolve => {
  performance.now = () => 0;
  const input = document.querySelector('input[data-filter="shared"]');
  input.value = word;
  input.dispatchEvent(new Event('input', {bubbles: true}));
  requestAnimationFrame(() => setTimeout(() => resolve({
    count: document.querySelector('output[data-filter-count=shared]').textContent,
    groups: [...document.querySelectorAll('#coalition-unaffiliated table.pool')].map(t => t.tBodies[0].rows.length),
  }), 0));
})"""


def test_a_filter_draws_the_groups_below_the_screen_together_after_its_first_frame(page, site_url):
    """Issue 14: the groups more than a screen below were drawn one per task after the frame that answered a
    filter, and each task brought a frame of its own that walked the whole page (9 frames for one filter on
    the biggest type page); now they are drawn together in tasks of a time slice (50 ms)."""
    open_page(page, site_url, "unaffiliated/")
    page.locator('input[data-filter="shared"][data-ready]').wait_for(state="attached")
    page.wait_for_function("() => document.querySelector('output[data-filter-count=shared]').textContent !== ''")
    drawn = page.evaluate(FILTER_ONE_TASK_LATER, "the")
    page.wait_for_function("() => document.querySelector('output[data-filter-count=shared]').textContent.includes(' of ')")
    settled = page.evaluate("[...document.querySelectorAll('#coalition-unaffiliated table.pool')].map(t => t.tBodies[0].rows.length)")
    assert len(settled) >= 3 and settled != [100] * len(settled), settled
    assert drawn == {"count": page.locator("output[data-filter-count=shared]").inner_text(), "groups": settled}


def leader_names(page) -> list[str]:
    return page.locator("#leaders-table tbody td:first-child").all_inner_texts()


@pytest.mark.parametrize("words, test", [
    ("green", lambda c: "G" in c), ("G", lambda c: "G" in c), ("{G}", lambda c: "G" in c),
    ("RG", lambda c: c == "RG"), ("gruul", lambda c: c == "RG"), ("multicolour", lambda c: len(c) > 1),
    ("mono red", lambda c: c == "R"), ("mono-red", lambda c: c == "R"), ("monored", lambda c: c == "R"),
    ("mono R", lambda c: c == "R"), ("only red", lambda c: c == "R"), ("Mono Red", lambda c: c == "R"),
    ("monocolour", lambda c: len(c) == 1), ("multi-color", lambda c: len(c) > 1),
    # Review of 2026-11-26 (site, item 3): a number of colours found nothing.
    ("five-color", lambda c: c == "WUBRG"), ("5-color", lambda c: c == "WUBRG"), ("five color", lambda c: c == "WUBRG"),
    ("5c", lambda c: c == "WUBRG"), ("Five-Colour", lambda c: c == "WUBRG"), ("four-color", lambda c: len(c) == 4),
    ("2-colored", lambda c: len(c) == 2),
])
def test_the_leaders_filter_reads_colour_words(leaders_page, words, test):
    page, problems, outside = leaders_page
    before = len(problems), len(outside)          # the words before these answer for their own
    page.locator('input[data-filter="leaders"]').fill(words)
    wait_for_filter(page, words)
    assert " of " in page.locator("output[data-filter-count=leaders]").inner_text(), f"{words}: the count says no filter"
    colours = page.evaluate("""() => [...document.querySelectorAll('#leaders-table tbody tr td:nth-child(2) .mana')]
        .map(m => (m.textContent.match(/\\{([WUBRG])\\}/g) || []).map(s => s[1]).join(''))""")
    assert colours, f"{words}: nothing found"
    assert all(test(c) for c in colours), (words, colours)
    assert problems[before[0]:] == [] and outside[before[1]:] == []


def test_a_type_word_finds_every_leader_the_type_page_lists(leaders_page, page, site_url):
    """Review of 2026-11-26 (site, item 3): "goblin" in the leaders filter found the leaders that name Goblin but
    not the changeling leaders (Mistform Ultimus), which the Goblin page lists since they lead every type but
    the excluded one (Human), which finds none of them."""
    open_page(page, site_url, "types/goblin/")
    page.locator("#leaders-table tbody tr").first.wait_for()
    listed = sorted(page.locator("#leaders-table tbody td:first-child").all_inner_texts())
    assert "Mistform Ultimus" in listed
    leaders, problems, outside = leaders_page
    before = len(problems), len(outside)
    for typed in ("goblin", "goblins", "Human"):
        leaders.locator('input[data-filter="leaders"]').fill(typed)
        wait_for_filter(leaders, typed)
        found = sorted(leader_names(leaders))
        if typed == "Human":
            assert "Mistform Ultimus" not in found, found
        else:
            assert found == listed, (typed, set(found) ^ set(listed))
    assert problems[before[0]:] == [] and outside[before[1]:] == []


@pytest.fixture(scope="module")
def leaders_page(browser, site_url):
    """One leaders page for all the colour words above, each typed over the one before (the filter's answer is
    waited for, see wait_for_filter): loading the page again for each word cost more than the filtering it
    tests. Watched as every test page is (tests/browser/conftest.py, watch)."""
    context = browser.new_context()
    page = context.new_page()
    problems, outside = watch(page)
    open_page(page, site_url, "leaders/")
    page.locator("#leaders-table tbody tr").first.wait_for()
    yield page, problems, outside
    context.close()


@pytest.mark.parametrize("path", ["", "types/goblin/", "unaffiliated/", "leaders/", "lookup/?card=Krenko,%20Mob%20Boss",
                                  "rules/", "validator/", "build/", "dashboard/"])
def test_a_phone_has_no_sideways_scroll_and_keeps_card_names_visible(phone, site_url, path):
    open_page(phone, site_url, path)
    overflow = phone.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{path}: {overflow}px of sideways scroll"
    names = phone.locator("table.pool tbody td:first-child, #leaders-table tbody td:first-child")
    for i in range(min(names.count(), 5)):
        box = names.nth(i).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, (path, box)


def test_the_search_box_shows_where_the_keyboard_is(page, site_url):
    open_page(page, site_url, "")
    page.locator("input.md-search__input").focus()
    outline = page.evaluate("getComputedStyle(document.querySelector('.md-search__form')).outlineStyle")
    assert outline == "solid"


def test_dashboard_chart_labels_are_legible_on_a_phone(phone, site_url):
    open_page(phone, site_url, "dashboard/")
    heights = phone.evaluate("[...document.querySelectorAll('figure svg text')].map(t => t.getBoundingClientRect().height)")
    widths = phone.evaluate("[...document.querySelectorAll('figure svg text')].map(t => t.getBoundingClientRect().left)")
    assert heights and min(heights) >= 10, min(heights or [0])
    assert min(widths) >= 0


def test_what_can_i_build_shows_the_nearest_types_and_unknown_names_first(page, site_url):
    open_page(page, site_url, "build/")
    page.locator("#cb-input").fill("Llanowar Elves\nElvish Archdruid\nKrenko's Command\nLlanowar Elfs")
    page.get_by_role("button", name="Find coalition types").click()
    result = page.locator(".cb-result")
    nearest = result.locator(".cb-nearest li")
    nearest.first.wait_for()
    first = nearest.first.inner_text()
    assert "leave out" in first and ("Krenko's Command" in first or "Llanowar Elves" in first), first
    order = result.evaluate("r => [...r.children].map(c => c.className || c.tagName)")
    assert order.index("cb-unknown") < order.index("cb-nearest"), order
    assert "Llanowar Elves" in result.locator(".cb-unknown").inner_text()


def test_what_can_i_build_offers_only_types_that_keep_some_pasted_card(page, site_url):
    """Two Elves and a Goblin spell: Elf (leave out one) before Goblin (leave out two); never a type that keeps
    none of them (it used to list Wizard and Warrior, 'leave out' all three, for their many leaders)."""
    pasted = ["Llanowar Elves", "Elvish Archdruid", "Krenko's Command"]
    open_page(page, site_url, "build/")
    page.locator("#cb-input").fill("\n".join(pasted))
    page.get_by_role("button", name="Find coalition types").click()
    nearest = page.locator(".cb-result .cb-nearest li")
    nearest.first.wait_for()
    rows = nearest.all_inner_texts()
    left_out = [[name for name in pasted if name in row.split("leave out", 1)[1]] for row in rows]
    assert all(len(names) < len(pasted) for names in left_out), rows
    # Split by "; " as every card list of the site is: a card's name may hold a comma ("Krenko, Mob Boss").
    assert all(set(row.split("leave out ", 1)[1].split("; ")) <= set(pasted) for row in rows), rows
    assert rows[0].startswith("Elf") and left_out[0] == ["Krenko's Command"], rows
    assert [len(names) for names in left_out] == sorted(len(names) for names in left_out), rows


def test_an_emptied_filter_says_it_once_and_offers_the_nearest_name(page, site_url):
    """Review item 11: the note fits the table (leaders, not a group of cards), is said once when every group
    is empty, and a name typed with a slip gets the matcher's nearest name, which a tap puts in the filter."""
    open_page(page, site_url, "leaders/?filter=krenco")
    note = page.locator(".all-empty")
    expect(note).to_contain_text("No leader matches.")
    note.get_by_role("button", name="Krenko, Mob Boss").click()
    expect(page.locator("#leaders-table tbody tr")).to_have_count(1)
    expect(note).to_be_hidden()
    open_page(page, site_url, "types/goblin/?filter=zzzzqqq")
    expect(page.locator(".all-empty")).to_have_text("No card matches.")
    assert page.locator(".none-match:visible").count() == 1
