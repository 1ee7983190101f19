"""The validator's suggested names in headless Chromium (suggestions.js, shared with "what can I build?", whose
own are in test_build_page.py): a suggestion fixes the line that holds the name it was offered for, keeps the
keyboard in the answer, and is a step the form's Undo takes back. The page, its site and its helpers are
test_validator_page.py's."""

from __future__ import annotations

import pytest

from tests.browser.deck_site import site  # noqa: F401 (the fixture)
from tests.browser.test_validator_page import open_page, page, validate  # noqa: F401 (page: the fixture)
from tests.deck_helpers import case_text

pytestmark = [pytest.mark.browser, pytest.mark.fullscale]


def test_a_suggestion_fixes_its_line(page, site):
    open_page(page, site, "validator")
    validate(page, case_text({"file": "bad-lines.txt"}))
    page.click(".cv-suggestion:text-is('Goblin Guide')")
    page.wait_for_function("() => window.Coalition.lastResult.unknown_cards.length === 1")
    assert page.locator("#cv-input").input_value().splitlines()[17] == "4 Goblin Guide"


def test_the_keyboard_stays_in_the_answer_after_a_suggestion(page, site):
    """The clicked suggestion goes with the answer it was in: the focus moves to the first suggestion left,
    then, with none left, to the verdict, never to the page's body."""
    open_page(page, site, "validator")
    validate(page, case_text({"file": "bad-lines.txt"}).replace("4 Mogg Fanatic", "4 Mogg Fanatc"))
    page.click(".cv-suggestion:text-is('Goblin Guide')")
    page.wait_for_function("() => window.Coalition.lastResult.unknown_cards.length === 2")
    focused = "document.activeElement.closest('li[data-line]') && document.activeElement.closest('li[data-line]').dataset.line"
    assert page.evaluate(focused) == "3" and page.evaluate("document.activeElement.className") == "cv-suggestion"
    page.keyboard.press("Enter")   # the focused suggestion, by keyboard
    page.wait_for_function("() => window.Coalition.lastResult.unknown_cards.length === 1")
    assert page.evaluate("document.activeElement.matches('.cv-result .cv-verdict')")


def test_the_undo_takes_a_suggestion_back(page, site):
    """A suggestion rewrites the pasted list, so it is a step "Undo" takes back (suggestions.js, shared with "what
    can I build?"); the status line says the change before the answer."""
    open_page(page, site, "validator")
    text = case_text({"file": "bad-lines.txt"})
    validate(page, text)
    page.click(".cv-suggestion:text-is('Goblin Guide')")
    page.wait_for_function("() => window.Coalition.lastResult.unknown_cards.length === 1")
    said = page.inner_text("#coalition-validator .cv-status")
    # the change, then the answer as a check says it: the list's other bad lines leave it checked in part
    heading, detail = (page.inner_text(f"#coalition-validator {part}") for part in (".cv-verdict", ".cv-partly"))
    assert said == "Line 18 now names Goblin Guide. " + heading + ": " + detail   # the short heading, then its line
    assert said.startswith("Line 18 now names Goblin Guide. Not checked yet: 1 name not recognised and ")
    assert page.inner_text("#coalition-validator .cv-undo") == "Undo: use Goblin Guide on line 18"
    page.click("#coalition-validator .cv-undo")
    page.wait_for_function("() => window.Coalition.lastResult.unknown_cards.length === 2")
    assert page.input_value("#cv-input") == text


def test_an_old_suggestion_fixes_the_line_that_holds_its_name(page, site):
    """Review: a line added above a misspelled one, not answered again, and its old suggestion overwrote the new
    first line (the commander). The suggestion fixes the line holding its name; with none, it writes nothing."""
    open_page(page, site, "validator")
    validate(page, "4 Goblin Gide\n4 Goblin Bushwhacker")
    page.fill("#cv-input", "1 Krenko, Mob Boss\n4 Goblin Gide\n4 Goblin Bushwhacker")
    page.click(".cv-suggestion:text-is('Goblin Guide')")
    page.wait_for_function("() => window.Coalition.lastResult.unknown_cards.length === 0")
    assert page.input_value("#cv-input") == "1 Krenko, Mob Boss\n4 Goblin Guide\n4 Goblin Bushwhacker"
    validate(page, "4 Goblin Gide\n4 Goblin Bushwhacker")
    page.fill("#cv-input", "1 Krenko, Mob Boss\n4 Goblin Bushwhacker")
    page.click(".cv-suggestion:text-is('Goblin Guide')")
    page.wait_for_function("() => window.Coalition.lastResult.unknown_cards.length === 0")
    assert page.input_value("#cv-input") == "1 Krenko, Mob Boss\n4 Goblin Bushwhacker"
    assert page.inner_text("#coalition-validator .cv-status").startswith("The list changed since that answer")
