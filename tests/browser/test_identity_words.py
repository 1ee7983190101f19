"""A color identity as players type it, in the browser: the validator page's identityLetters
(docs/assets/js/deckcolors.js, reading format.json's identity_words) answers every shared vector of
tests/vectors/color-identities.yml as generator/identitywords.py does (tests/test_identity_words.py), and the
card tables' colour words (colours.js, its table written in by hooks/data_into_scripts.py) read every name of
data/cards/color_identities.yml as the same colors."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.identitywords import accepted_words, identity_words
from tests.browser.conftest import settle

pytestmark = pytest.mark.browser

VECTORS = yaml.safe_load((Path(__file__).parents[1] / "vectors" / "color-identities.yml").read_text(encoding="utf-8"))

ANSWER = """async (typed) => {
  const fmt = await (await fetch("../data/format.json")).json();
  return typed.map((text) => window.Coalition.deckcolors.identityLetters(text, fmt.identity_words));
}"""


def test_the_validator_answers_every_shared_vector(page, site_url):
    page.goto(site_url + "mazerunner/validator/")
    settle(page)
    answers = page.evaluate(ANSWER, [vector["typed"] for vector in VECTORS])
    assert {v["typed"]: a for v, a in zip(VECTORS, answers)} == {v["typed"]: v["identity"] for v in VECTORS}


def test_the_validator_suggests_the_same_nearest_name(page, site_url):
    """Review: `Izzit` listed the accepted forms but not Izzet; the page's twin of identity_nearest (the one name
    matcher, names.js) answers the vectors' `nearest` as the command line does."""
    page.goto(site_url + "mazerunner/validator/")
    settle(page)
    asked = [v for v in VECTORS if "nearest" in v]
    answers = page.evaluate("""async (typed) => {
      const fmt = await (await fetch("../data/format.json")).json();
      return typed.map((text) => window.Coalition.deckcolors.identityNearest(text, fmt.identity_words));
    }""", [v["typed"] for v in asked])
    assert answers == [v["nearest"] for v in asked]


def test_the_colour_words_read_every_name_of_the_table(page, site_url):
    page.goto(site_url + "mazerunner/lookup/")
    settle(page)
    names = identity_words()["names"]
    read = page.evaluate("(names) => names.map((name) => window.Coalition.colourWord(name))", list(names.values()))
    assert read == [{"colours": letters, "exact": True} for letters in names]
    assert page.evaluate("window.Coalition.colourWord('Colourless')") == {"colourless": True}


def test_the_validator_fills_the_accepted_sentence_as_the_command_line_does(page, site_url):
    """deckcolors.js acceptedWords, the twin of accepted_words: the table's sentence as written and capitalised."""
    page.goto(site_url + "mazerunner/validator/")
    settle(page)
    answer = page.evaluate("""async () => {
      const fmt = await (await fetch("../data/format.json")).json();
      return window.Coalition.deckcolors.acceptedWords(fmt.identity_words);
    }""")
    assert answer == accepted_words()


def test_the_validator_says_the_vectors_identities_in_the_tables_words(page, site_url):
    """deckcolors.js identityWord, the twin of identity_word: the vectors' `said` (for null, the table's
    `unknown`, which no script spells), and whatever word the table holds for it."""
    page.goto(site_url + "mazerunner/validator/")
    settle(page)
    asked = [v for v in VECTORS if "said" in v]
    answers = page.evaluate("""async (identities) => {
      const fmt = await (await fetch("../data/format.json")).json();
      const said = identities.map((letters) => window.Coalition.deckcolors.identityWord(letters, fmt.identity_words));
      return [said, window.Coalition.deckcolors.identityWord(null, {...fmt.identity_words, unknown: "untold"})];
    }""", [v["identity"] for v in asked])
    assert answers == [[v["said"] for v in asked], "untold"]
