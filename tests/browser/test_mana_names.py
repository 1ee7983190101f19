"""Card symbols are named in words for screen readers ("black mana", not "{B}"), from the one table
data/cards/mana_symbols.yml, whether Python drew them (generator/site/markup.py with manawords.py) or the
browser (docs/assets/js/mana.js, the table written into it by hooks/data_into_scripts.py); the drawn glyph and the
copied notation are not read after the name."""

from __future__ import annotations

import json

import pytest

from generator.site.markup import SYMBOL, mana_symbols
from tests.browser.conftest import settle
from tests.conftest import FIXTURE_CARDS_DIR

pytestmark = pytest.mark.browser

# Symbols no fixture card prints, each of a rule of its own: hybrid, generic and colourless hybrid,
# Phyrexian, Phyrexian hybrid, half, snow, untap, numbers past twenty, none in the table.
MORE_SYMBOLS = ["W/U", "B/G", "2/W", "C/R", "G/P", "G/U/P", "P", "HW", "S", "Q", "½", "∞", "16", "100",
                "1000000", "Y", "PW", "A", "42"]


def fixture_symbols() -> list[str]:
    """Every symbol the real cards of tests/fixtures/cards/ print in their costs and rules text."""
    found: set[str] = set()
    for path in FIXTURE_CARDS_DIR.glob("*.json"):
        card = json.loads(path.read_text(encoding="utf-8"))
        faces = [card, *card.get("card_faces", [])]
        for face in faces:
            for field in ("mana_cost", "oracle_text"):
                found.update(SYMBOL.findall(face.get(field) or ""))
    return sorted(found)


def open_page(page, site_url: str, path: str):
    page.goto(site_url + path)
    settle(page)


def test_python_and_the_browser_draw_every_symbol_alike(page, site_url):
    symbols = fixture_symbols() + MORE_SYMBOLS
    assert {"B", "2", "T", "X", "E", "C"} <= set(symbols)
    open_page(page, site_url, "lookup/")
    cost = "".join("{" + symbol + "}" for symbol in symbols)
    drawn = page.evaluate("""cost => window.Coalition.manaSpansHtml('<span class="mana">' + cost + '</span>')
                             .replace(' data-symbols=""', '')""", cost)
    assert drawn == str(mana_symbols(cost))
    assert "aria-label=\"{" not in drawn and 'class="ms-t" aria-hidden="true"' in drawn
    # The element-by-element drawing (C.symbolImage) names each symbol as the HTML one does.
    names = page.evaluate("symbols => symbols.map(s => window.Coalition.symbolImage(s).getAttribute('aria-label'))",
                          symbols)
    assert names == [page.evaluate("s => window.Coalition.symbolName(s)", s) for s in symbols]
    assert not [name for name in names if "{" in name or "}" in name]


def labels_with_braces(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('[aria-label]')]
                             .map(e => e.getAttribute('aria-label')).filter(l => l.includes('{'))""")


def test_a_type_page_reads_its_leaders_costs_in_words(page, site_url):
    open_page(page, site_url, "types/goblin/")
    leaders = page.locator("table").first
    leaders.locator(".ms").first.wait_for()
    tree = leaders.aria_snapshot()
    images = [line.strip() for line in tree.splitlines() if line.strip().startswith("- img")]
    assert '- img "one generic mana"' in images and '- img "red mana"' in images, tree
    # No symbol is read as notation, and nothing is read after its name: neither the glyph ("R") nor the
    # notation ("{R}"), which the review's tree showed as the image's text ('img "{R}": "{R} R"').
    assert not [line for line in images if "{" in line or '":' in line or line.endswith(":")], images
    assert not labels_with_braces(page)


def test_the_lookup_names_a_cards_cost_in_words(page, site_url):
    page.goto(site_url + "lookup/?card=Krenko, Mob Boss")
    settle(page)
    result = page.locator("#lookup-result")
    result.locator("h2").wait_for()
    result.locator(".ms").first.wait_for()
    tree = result.aria_snapshot()
    images = [line.strip() for line in tree.splitlines() if line.strip().startswith("- img")]
    assert '- img "two generic mana"' in images and '- img "red mana"' in images, tree
    assert not [line for line in images if "{" in line or '":' in line or line.endswith(":")], images
    assert "{" not in tree, tree
    assert not labels_with_braces(page)


def test_the_colour_filter_buttons_are_named_in_words(page, site_url):
    open_page(page, site_url, "leaders/")
    buttons = page.locator(".table-controls")
    buttons.locator(".ms").first.wait_for()
    assert page.get_by_role("button", name="black mana").count() == 1
    assert "{" not in buttons.aria_snapshot()
