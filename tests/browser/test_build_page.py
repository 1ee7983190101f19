"""The "what can I build?" page (docs/build.md) in headless Chromium, on the data the build exports: the
types it finds for pasted cards are the types whose pool holds every one of them (read from the database
independently of the page), with their leaders and pool links, and names stay text. The page, its site and
its fixtures are the validator's (tests/browser/test_validator_page.py)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from tests.browser.conftest import wait_for_answer
from tests.browser.deck_site import site  # noqa: F401 (the fixture)
from tests.browser.test_validator_page import answered, open_page, page  # noqa: F401 (page: the fixture)

pytestmark = [pytest.mark.browser, pytest.mark.fullscale]


def expected_types(database: Path, names: list[str]) -> list[str]:
    """Independently of the page: the types whose pool (or the shared pool) holds every named card."""
    with duckdb.connect(str(database), read_only=True) as con:
        rows = con.execute("""
            SELECT t.type FROM (SELECT DISTINCT type FROM leader_types) t
            WHERE NOT EXISTS (
                SELECT 1 FROM cards c WHERE c.name IN (SELECT unnest($names))
                AND c.oracle_id NOT IN (SELECT oracle_id FROM shared_pool)
                AND c.oracle_id NOT IN (SELECT oracle_id FROM pools p WHERE p.type = t.type))
            ORDER BY t.type""", {"names": names}).fetchall()
    return [t for (t,) in rows]


def find_types(page, text: str) -> dict:
    page.fill("#cb-input", text)
    page.click("#coalition-build button[type=submit]")
    answered(page, "#coalition-build")
    return page.evaluate("() => window.Coalition.lastBuild")


@pytest.mark.parametrize("names", [
    ["Goblin Guide", "Lightning Bolt"], ["Goblin Guide", "Goblin Bushwhacker", "Mogg War Marshal"],
    ["Swan Song"], ["Mirror Entity", "Fire // Ice"], ["Goblin Guide", "Swan Song"],
])
def test_build_page_agrees_with_the_pools(page, site, names):
    open_page(page, site, "build")
    result = find_types(page, "\n".join(names))
    assert result["types"] == expected_types(site["db"], names)
    assert page.locator(".cb-types details").count() == len(result["types"])


def test_build_page_leaders_and_pool_links(page, site):
    open_page(page, site, "build")
    result = find_types(page, "4 Goblin Guide\nkrenko, mob boss\n1 Sol Ring\nGoblin Gide")
    assert result["types"] == ["Goblin"] and result["leaders_pasted"] == ["Krenko, Mob Boss"]
    assert [b["name"] for b in result["blocked"]] == ["Sol Ring"]
    assert page.locator(".cb-verdict").text_content() == \
        "1 coalition type holds every card found, except the one no deck may hold"   # Goblin Gide is unknown
    assert result["unknown_cards"][0]["suggestions"][0] == "Goblin Guide"
    with duckdb.connect(str(site["db"]), read_only=True) as con:
        leaders = sorted(n for (n,) in con.execute(
            "SELECT c.name FROM leader_types JOIN cards c USING (oracle_id) WHERE type = 'Goblin' AND format = 'coalition'").fetchall())
    assert result["leaders"]["Goblin"] == leaders
    details = page.locator('.cb-types details[data-type="Goblin"]')
    assert details.locator("summary a").get_attribute("href") == "../types/goblin/"
    assert details.locator("a", has_text="Krenko, Mob Boss").get_attribute("href") == "../leaders/krenko-mob-boss/"
    assert details.locator("a", has_text="text list").get_attribute("href") == "../data/pools/goblin.txt"


def test_build_page_two_leaders_share_no_deck(page, site):
    open_page(page, site, "build")
    result = find_types(page, "Krenko, Mob Boss\nKiki-Jiki, Mirror Breaker\n<b>x</b>")
    assert result["types"] == [] and result["notes"]
    assert page.locator(".cb-result b").count() == 0


FOCUSED_LINE = "document.activeElement.closest('.cb-unknown > li').querySelector('strong').textContent"


def unknown_left(page, n: int) -> None:
    wait_for_answer(page, f"document.querySelector('#coalition-build').dataset.state === 'done' && "
                          f"window.Coalition.lastBuild.unknown_cards.length === {n}")


def test_a_suggestion_fixes_its_line_and_answers_again(page, site):
    """Review of "what can I build?": the names it suggested for a typo were plain text, where the validator's
    are buttons. Each is a button that puts the name on its line, keeping the line's count (a bare name stays
    bare), and answers again; the keyboard stays in the answer, on the next suggestion, then on the heading."""
    open_page(page, site, "build")
    result = find_types(page, "Goblin Gide\n4 Mogg Fantatic\n4 Goblin Bushwhacker")
    assert [u["line"] for u in result["unknown_cards"]] == [1, 2]
    suggestion = page.locator(".cb-unknown li", has_text="Line 1:").locator("button.cv-suggestion", has_text="Goblin Guide")
    assert suggestion.get_attribute("type") == "button"
    suggestion.click()
    unknown_left(page, 1)
    assert page.input_value("#cb-input") == "Goblin Guide\n4 Mogg Fantatic\n4 Goblin Bushwhacker"
    assert "Goblin Guide" not in [u["name"] for u in page.evaluate("window.Coalition.lastBuild.unknown_cards")]
    assert page.evaluate(FOCUSED_LINE) == "Line 2: "
    assert page.evaluate("document.activeElement.className") == "cv-suggestion"
    said = page.inner_text("#coalition-build .cv-status")
    assert said == "Line 1 now names Goblin Guide. " + page.inner_text(".cb-verdict") + "."
    page.keyboard.press("Enter")   # the focused suggestion (Mogg Fanatic, the first for line 2), by keyboard
    unknown_left(page, 0)
    assert page.input_value("#cb-input") == "Goblin Guide\n4 Mogg Fanatic\n4 Goblin Bushwhacker"
    assert "Goblin" in page.evaluate("window.Coalition.lastBuild.types")
    assert page.evaluate("document.activeElement.matches('.cb-result .cb-verdict')")


def test_the_undo_takes_a_suggestion_back(page, site):
    """A suggestion rewrites the pasted list: "Undo" under the form takes it back, as it takes back a clearing,
    and answers the list again."""
    open_page(page, site, "build")
    find_types(page, "4 Goblin Gide\n4 Goblin Bushwhacker")
    page.click(".cb-unknown .cv-suggestion:text-is('Goblin Guide')")
    unknown_left(page, 0)
    assert page.inner_text("#coalition-build .cv-undo") == "Undo: use Goblin Guide on line 1"
    page.click("#coalition-build .cv-undo")
    unknown_left(page, 1)
    assert page.input_value("#cb-input") == "4 Goblin Gide\n4 Goblin Bushwhacker"
    assert page.inner_text("#coalition-build .cv-status").startswith("Undone: use Goblin Guide on line 1")
    page.reload()   # the undone list is the one kept
    page.wait_for_selector('#coalition-build[data-state="done"]')
    assert page.input_value("#cb-input") == "4 Goblin Gide\n4 Goblin Bushwhacker"


def test_a_short_names_other_legends_are_buttons_too(page, site):
    """The other legends a short name could be ("or did you mean") are suggestions like an unknown name's."""
    open_page(page, site, "build")
    result = find_types(page, "1 Krenko\n4 Goblin Guide")
    others = result["read_as"][0]["others"]
    assert others, result["read_as"]
    page.click(f".cb-read-as .cv-suggestion:text-is({others[0]!r})")
    wait_for_answer(page, "window.Coalition.lastBuild.read_as.length === 0")
    assert page.input_value("#cb-input") == f"1 {others[0]}\n4 Goblin Guide"


def test_an_old_suggestion_fixes_the_line_that_holds_its_name(page, site):
    """Review: a suggestion pressed after a line was added above its line, without answering again, overwrote
    the line now at its old number (Counterspell lost). It fixes the line holding the name it was offered for;
    with none left, nothing is written over, the status line says why and the list is answered again."""
    open_page(page, site, "build")
    find_types(page, "Lightning Blot\nSol Rnig")
    page.fill("#cb-input", "Counterspell\nLightning Blot\nSol Rnig")   # typed since the answer
    page.click(".cb-unknown .cv-suggestion:text-is('Lightning Bolt')")
    unknown_left(page, 1)
    assert page.input_value("#cb-input") == "Counterspell\nLightning Bolt\nSol Rnig"
    assert page.inner_text("#coalition-build .cv-status").startswith("Line 2 now names Lightning Bolt.")
    find_types(page, "Lightning Blot\nSol Rnig")
    page.fill("#cb-input", "Counterspell\nSol Rnig")                   # the misspelled line is gone
    page.click(".cb-unknown .cv-suggestion:text-is('Lightning Bolt')")
    unknown_left(page, 1)
    assert page.input_value("#cb-input") == "Counterspell\nSol Rnig"
    assert page.evaluate("window.Coalition.lastBuild.unknown_cards[0].name") == "Sol Rnig"   # answered again
    assert page.inner_text("#coalition-build .cv-status").startswith(
        "The list changed since that answer: no line names \u201cLightning Blot\u201d now, so none was changed.")


def test_the_heading_says_the_types_hold_the_cards_found(page, site):
    """Review: with 3 of 4 names unknown the heading said the types held "every card you pasted"."""
    open_page(page, site, "build")
    find_types(page, "Goblin Guide\nGoblin Gide\nMogg Fantatic\nGoblin Bushwhackr")
    assert " every card found" in page.inner_text(".cb-verdict")
    find_types(page, "Goblin Guide")
    assert " every card you pasted" in page.inner_text(".cb-verdict")
    find_types(page, "Goblin Gide\nMogg Fantatic")     # no name found: no type is said to hold "every card found"
    assert page.inner_text(".cb-verdict") == "No card found: check the names below"
    assert page.locator(".cb-types details").count() == 0 and page.locator(".cb-unknown > li").count() == 2
