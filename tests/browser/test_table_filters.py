"""The table filters forgive what the card lookup forgives (review of the modern build, items 2-4), in every
format's sections, on the built sample site: a filter hides its rows on a phone; its words are keyed as names
are (accents, "/" for "//", hyphens) and know the build's type spellings ("goblins", "elves"); a card the
words name that the page does not list is explained (unaffiliated, banned) with a link to the lookup.

The sample holds no Jötun and no Fire // Ice: Legions of Lim-Dûl (a Zombie) and Expansion // Explosion (an
unaffiliated blue-red split card) stand in for them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import settle, wait_for_filter, wait_until
from tests.browser.test_site_browser import open_page

pytestmark = pytest.mark.browser

# The rows a reader sees: drawn and not hidden (the phone's folded rows are flex boxes, whatever [hidden] says).
SHOWN_ROWS = """(selector) => [...document.querySelectorAll(selector + ' tbody tr')]
    .filter(row => getComputedStyle(row).display !== 'none').map(row => row.cells[0].textContent.trim())"""


def type_filter(page, typed: str, selector: str = 'input[data-filter="pool"]'):
    page.locator(selector).fill(typed)
    wait_for_filter(page, typed)


@pytest.mark.parametrize("prefix", ["", "heroic/"])
def test_the_types_filter_hides_the_other_rows_on_a_phone(phone, site_url, prefix):
    """Item 2: at 390 px '1 of N' was said and every row stayed on screen (the folded rows' display:flex)."""
    open_page(phone, site_url, prefix + "types/?filter=goblin")
    assert phone.evaluate(SHOWN_ROWS, "#types-table") == ["Goblin"]
    type_filter(phone, "zombie", 'input[data-filter="types"]')
    assert phone.evaluate(SHOWN_ROWS, "#types-table") == ["Zombie"]


@pytest.mark.parametrize("prefix, typed, type_name", [
    ("", "goblins", "Goblin"), ("", "elves", "Elf"), ("heroic/", "goblins", "Goblin"), ("heroic/", "Elves", "Elf"),
])
def test_the_types_filter_knows_the_builds_plurals(page, site_url, prefix, typed, type_name):
    """Item 3: "goblins", "elves" found no type; the spellings are format.json's type_forms."""
    open_page(page, site_url, prefix + "types/")
    type_filter(page, typed, 'input[data-filter="types"]')
    assert page.evaluate(SHOWN_ROWS, "#types-table") == [type_name]


def test_the_leaders_filter_finds_a_types_leaders_by_its_plural(page, site_url):
    open_page(page, site_url, "leaders/?filter=elves")
    names = page.locator("#leaders-table tbody td:first-child").all_inner_texts()
    assert "Ezuri, Renegade Leader" in names, names


@pytest.mark.parametrize("path, typed, name", [
    ("types/zombie/", "legions lim-dul", "Legions of Lim-Dûl"),                  # an accent left out ("jotun")
    ("unaffiliated/", "lim-dul", "Lim-Dûl's Vault"),                             # an accent and a hyphen
    ("unaffiliated/", "expansion/explosion", "Expansion // Explosion"),          # "/" for "//" ("fire/ice")
    ("mazerunner/identities/ur/", "expansion/explosion", "Expansion // Explosion"),
    ("heroic/unaffiliated/", "lim dul", "Lim-Dûl's Vault"),
    ("types/elf/", "elves", "Arbor Elf"),                     # a type's plural: the Elf in its type line
])
def test_a_pool_filter_forgives_accents_slashes_and_plurals(page, site_url, path, typed, name):
    open_page(page, site_url, path)
    box = page.locator("input[data-filter][data-ready]").last
    box.fill(typed)
    wait_for_filter(page, typed)
    names = page.locator("table.pool tbody td:first-child").all_inner_texts()
    assert name in names, (typed, names)


def test_a_type_page_says_an_unaffiliated_card_is_playable(page, site_url):
    """Item 4: "No card matches. Did you mean Lightning Crafter?" of a card every Goblin deck may play."""
    open_page(page, site_url, "types/goblin/")
    type_filter(page, "lightning bolt")
    note = page.locator(".all-empty")
    expect(note).to_contain_text("Lightning Bolt is unaffiliated: every Goblin deck may play it", timeout=15000)
    link = note.get_by_role("link", name="Lightning Bolt in the card lookup")
    assert link.get_attribute("href") == site_url + "lookup/?card=Lightning%20Bolt"
    assert not note.locator(".did-you-mean").count()


@pytest.mark.parametrize("path, words", [
    ("types/goblin/", "Sol Ring is not legal in Coalition. It is on the Coalition banlist."),
    ("mazerunner/identities/ur/", "Sol Ring is not legal in Mazerunner."),
])
def test_a_pool_says_a_banned_card_is_banned_and_no_row_matches_it(page, site_url, path, words):
    """Item 4: a bare "No card matches." on the Goblin page; on the UR identity page General Kreat, the
    Boltbringer matched "sol ring" (Sol-dier in its type, Bolt-b-ring-er inside a word)."""
    open_page(page, site_url, path)
    box = page.locator("input[data-filter][data-ready]").last
    box.fill("sol ring")
    wait_for_filter(page, "sol ring")
    note = page.locator(".all-empty")
    expect(note).to_contain_text(words, timeout=15000)
    assert note.get_by_role("link", name="Sol Ring in the card lookup").count() == 1
    assert page.locator("table.pool:visible tbody tr").count() == 0


# Which rows a filter's words find, read by tables.js (C.filterQuery, C.filterMatch, every table's) with the
# format's type spellings, each row keyed as the big tables key it (C.keyRow: its name, then its type line).
# General Kreat is not in the sample: the rule is asked of his row directly.
KREAT = ("General Kreat, the Boltbringer", "Legendary Creature — Goblin Soldier")
WORD_RULE = """async ([cases, format]) => {
    const C = window.Coalition, forms = await C.typeForms(format);
    return cases.map(([typed, name, type]) => {
        const row = { name: name, text: (name + " " + type).toLowerCase() };
        C.keyRow(row);
        return C.filterMatch(C.filterQuery(typed.split(/\\s+/), forms), row.filterKey, row.nameKey);
    });
}"""
WORD_CASES = [
    ("sol ring", *KREAT, False),      # short words begin a word: not Sol-dier, not Bolt-b-ring-er
    ("walker", "Sarkhan the Mad", "Legendary Planeswalker — Sarkhan", True),    # six letters or more: inside one
    ("bringer goblin", *KREAT, True),
    ("shifter", "Amoeboid Changeling", "Creature — Shapeshifter", True),
    ("goblins bringer", *KREAT, True),                                          # a plural and a word inside
    ("chant", "Oblivion Ring", "Enchantment", False),           # five letters: every Enchantment was a "chant"
    ("night", "Benalish Marshal", "Creature — Human Knight", False),            # and every Knight a "night"
]


def test_a_filters_short_words_begin_a_word_and_long_ones_may_stand_inside_one(page, site_url):
    """"walker" found no Planeswalker once a word had to begin a word of the row (so that "sol ring" stopped
    finding General Kreat, the Boltbringer); a word of six letters or more may be inside one again."""
    open_page(page, site_url, "leaders/")
    found = page.evaluate(WORD_RULE, [[case[:3] for case in WORD_CASES], site_url + "data/format.json"])
    assert dict(zip([case[0] for case in WORD_CASES], found)) == {case[0]: case[3] for case in WORD_CASES}


BAN_ROWS_SHOWN = "details.card-list table tbody tr:visible"


@pytest.mark.parametrize("prefix", ["", "heroic/", "mazerunner/"])
def test_walker_finds_the_planeswalkers_on_every_banlist(page, site_url, prefix):
    open_page(page, site_url, prefix + "banlist/")
    type_filter(page, "walker", 'input[data-filter="bans"]')
    # Waited for by locator: a folded list's rows are drawn a slice at a time, and read too soon their cells
    # were still empty (CI, 2026-11-26).
    rows = page.locator(BAN_ROWS_SHOWN)
    for name in ("Dungeon Master", "Sarkhan the Masterless"):
        expect(rows.locator("td:first-child", has_text=name)).not_to_have_count(0, timeout=15000)
    planeswalker = page.locator("td:nth-child(3)", has_text="Planeswalker")
    expect(rows.filter(has_not=planeswalker)).to_have_count(0, timeout=15000)


def test_a_long_word_inside_a_name_narrows_with_another_word(page, site_url):
    """"bringer dragon": Glorybringer and Deathbringer Regent, both Dragons (no word of theirs begins "bringer")."""
    open_page(page, site_url, "types/dragon/")
    type_filter(page, "bringer dragon")
    names = page.locator("table.pool:visible tbody td:first-child").all_inner_texts()
    assert sorted(names) == ["Deathbringer Regent", "Glorybringer"], names


@pytest.mark.parametrize("prefix, typed, name", [
    ("", "elves", "Eladamri, Lord of Leaves"),              # an Elf Warrior: "elves" is nowhere on its row
    ("heroic/", "elves", "Kethis, the Hidden Hand"),
    ("mazerunner/", "goblins", "Dockside Extortionist"),
])
def test_a_banlist_filter_knows_the_builds_plurals(page, site_url, prefix, typed, name):
    """The banlist's box named no format.json, so its filter read "elves" as letters only: the other tables'
    type spellings come from there (tables.js C.typeForms)."""
    open_page(page, site_url, prefix + "banlist/")
    type_filter(page, typed, 'input[data-filter="bans"]')
    expect(page.locator(BAN_ROWS_SHOWN + " td:first-child", has_text=name)).not_to_have_count(0, timeout=15000)


@pytest.mark.parametrize("path, scope, typed, noun", [
    ("types/goblin/", "pool", "mogg", "cards"), ("leaders/", "leaders", "goblin", "leaders"),
    ("unaffiliated/", "shared", "bolt", "cards"), ("types/", "types", "gob", "coalition types"),
    ("heroic/leaders/", "leaders", "goblin", "heroes"), ("heroic/types/", "types", "gob", "shared types"),
    ("banlist/", "bans", "lotus", "cards"),
])
def test_a_filters_count_says_what_it_counts(page, site_url, path, scope, typed, noun):
    """Review of 2026-11-26 (site, item 4): the count beside a filter box was a number alone ("541", "29 of
    10,573"); it names what it counts, in the format's words (Heroic's heroes)."""
    open_page(page, site_url, path)
    output = page.locator(f'output[data-filter-count="{scope}"]')
    page.wait_for_function("o => o.textContent !== ''", arg=output.element_handle())
    expect(output).to_have_text(re.compile(r"^[\d,]+ " + re.escape(noun) + "$"))
    type_filter(page, typed, f'input[data-filter="{scope}"]')
    # A pool whose matches stand in fewer groups than it has says which (test_empty_groups.py).
    expect(output).to_have_text(re.compile(r"^[\d,]+ of [\d,]+ " + re.escape(noun) + r"(, (all )?in [^,].*)?$"))


# Where the tables' section heading stands below the theme's header, in CSS pixels.
POOL_FROM_TOP = """() => document.getElementById('pool').getBoundingClientRect().top
    - document.querySelector('.md-header').getBoundingClientRect().bottom"""


@pytest.mark.parametrize("prefix, above", [("", "leaders"), ("heroic/", "heroes")])
def test_a_filter_puts_the_pools_place_in_the_address(page, site_url, prefix, above):
    """Review of 2026-11-26: on a type page, a link followed to #leaders and then a filter of the pool left
    "?filter=mogg#leaders" in the address, which a reload or a shared link opened at the leaders, not at the
    pool it filters. A choice now writes the pool's place (#pool) and brings the pool to the top of the screen,
    so the theme, which writes the section at the top as the page scrolls, says #pool too."""
    open_page(page, site_url, f"{prefix}types/goblin/#{above}")
    type_filter(page, "mogg")
    page.wait_for_url(f"{site_url}{prefix}types/goblin/?filter=mogg#pool")
    assert abs(page.evaluate(POOL_FROM_TOP)) <= 1
    page.get_by_role("button", name="Pictures").click()
    page.wait_for_url(f"{site_url}{prefix}types/goblin/?filter=mogg&view=grid#pool")
    page.reload()
    settle(page)
    assert page.url == f"{site_url}{prefix}types/goblin/?filter=mogg&view=grid#pool"
    assert abs(page.evaluate(POOL_FROM_TOP)) <= 1


# How far a place of the page stands below the theme's header, in CSS pixels.
PLACE_FROM_TOP = """(id) => document.getElementById(id).getBoundingClientRect().top
    - document.querySelector('.md-header').getBoundingClientRect().bottom"""


def test_a_link_to_a_group_of_a_pool_opens_at_that_group(page, site_url):
    """Review of 2026-11-27: the unaffiliated pool's group headings are drawn by script, after the browser
    looked for the address's #place, so "#land" (or "?filter=...#land") opened at the top of the page. Review
    of 2026-11-27 (land): it opened with the heading under the header, hidden by the sticky filter box; it is
    just under the box."""
    open_page(page, site_url, "unaffiliated/#land")
    settle(page)
    under_box = page.evaluate("""() => document.getElementById('land').getBoundingClientRect().top
        - document.querySelector('.table-filter').getBoundingClientRect().bottom""")
    assert page.evaluate("scrollY") > 0 and abs(under_box) <= 1, under_box


# Whether the leaders' last row, just above the pool, has been laid out at its own height: its cells are skipped
# (content-visibility, cards.css) until it is near the screen, which it is once the pool is raised; its real
# height is what moved the pool's heading.
LAST_LEADER_LAID_OUT = ("document.querySelector('#leaders-table tbody tr:last-child > td')"
                        ".checkVisibility({contentVisibilityAuto: true})")


@pytest.mark.parametrize("choice", ["filter=mogg", "view=grid"])
def test_a_link_with_a_choice_opens_a_phone_at_the_pool(phone, site_url, choice):
    """Review of 2026-11-27: on a phone, a type page opened with a choice in its address was brought to its
    pool, and then the folded leaders above it took their real height (the browser lays them out only near
    the screen) and left the pool's heading 185 px above the screen. It is kept under the header while the
    page's height settles."""
    open_page(phone, site_url, f"types/goblin/?{choice}")
    wait_until(phone, LAST_LEADER_LAID_OUT)
    settle(phone)   # and the frames after it: the page's answer to the new height
    assert phone.url.endswith(f"?{choice}#pool")
    assert abs(phone.evaluate(PLACE_FROM_TOP, "pool")) <= 1


# Types a filter and, in the frame that answers it (after the table's own frame callback), moves to another
# page as the theme's instant navigation does (history.pushState), before the table writes its address in
# the task after; reports the address once that task has run.
FILTER_THEN_LEAVE = """() => new Promise(resolve => {
  const input = document.querySelector('input[data-filter="pool"]');
  input.value = 'mogg';
  input.dispatchEvent(new Event('input', {bubbles: true}));
  requestAnimationFrame(() => {
    history.pushState(null, '', new URL('../../about/', location.href).pathname);
    setTimeout(() => resolve(location.pathname + location.search), 0);
  });
})"""


def test_a_filter_typed_just_before_leaving_the_page_does_not_follow_to_the_next(page, site_url):
    """The address is written the task after the answer: a page left meanwhile is not given the filter of the
    page before (?filter=mogg on the about page)."""
    open_page(page, site_url, "types/goblin/")
    settle(page)
    assert page.evaluate(FILTER_THEN_LEAVE).endswith("/about/")


@pytest.mark.parametrize("word", ["captain", None])
def test_a_pools_miss_says_the_formats_own_leader_word(page, site_url, word):
    """pooltables.js's why-not of a legend says format.json's leader.word (a word no format uses), and a
    format.json without it (of another build, a cache kept) explains nothing rather than say "leader"."""
    def answer(route):
        fmt = route.fetch().json()
        leader = {key: value for key, value in fmt["leader"].items() if key != "word"}
        route.fulfill(json={**fmt, "leader": {**leader, "word": word} if word else leader})

    # the context's route: the service worker fetches the file too
    page.context.route(re.compile(r"127\.0\.0\.1:\d+/data/format\.json(\?.*)?$"), answer)
    open_page(page, site_url, "types/goblin/")
    type_filter(page, "thrasios triton hero")
    note = page.locator(".all-empty")
    if word:
        expect(note).to_contain_text("Thrasios, Triton Hero is legendary: a deck plays it only as its captain.",
                                     timeout=15000)
    else:
        expect(note).to_contain_text("No card matches", timeout=15000)
        settle(page)   # the note is aria-busy until the miss's answer (the card index's load, then why) is in
        assert note.get_attribute("aria-busy") is None and "legendary" not in note.inner_text()
