"""The Mazerunner rules page quotes the document (data/formats/mazerunner/rules/): its Terms with an anchor
each, one heading per section in the document's own words, and a summary whose citations land on text that
says what the summary says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_site_pages import golden_database, rendered  # noqa: F401  (a fixture, and the pages it renders)

SEED = Path(__file__).resolve().parent.parent.parent / "shared" / "reference" / "seeds" / "mazerunner-rules.txt"
TERMS = ("Season", "Round", "Pod", "Mainboard", "Sideboard")
HEADINGS = {"1": "Format Structure", "2": "Deckbuilding Restrictions", "3": "Season Scheduling",
            "4": "Gameplay &amp; Points", "5": "Suggested Season Identities from the Mazerunner Rules Committee"}


@pytest.fixture(scope="module")
def page(golden_database):  # noqa: F811
    return rendered(golden_database)["mazerunner/rules.md"]


def anchored(page: str, anchor: str) -> str:
    """The text of the paragraph (or heading) that carries `anchor`, tags dropped."""
    match = re.search(rf'<p [^>]*id="{anchor}"[^>]*>(.*?)</p>|^###[^\n]*\{{ #{anchor} [^\n]*$', page, re.S | re.M)
    assert match, f"no #{anchor} on the page"
    return re.sub(r"<[^>]+>", "", match.group(1) or match.group(0))


def test_the_terms_come_first_each_with_its_anchor(page):
    assert "### Terms { #terms .rule-heading }" in page
    assert page.index("{ #terms ") < page.index("{ #1 ")
    for term in TERMS:
        assert anchored(page, term.lower()).startswith(f"{term}: ")
    sideboard = anchored(page, "sideboard")
    assert "may be swapped out prior to the start of any game" in sideboard
    assert "must always have 100 cards" in sideboard


def test_the_terms_are_the_documents_words():
    if not SEED.exists():
        pytest.skip(f"{SEED} is not present")
    text = (Path(__file__).resolve().parent.parent / "data" / "formats" / "mazerunner" / "rules"
            / "mazerunner.txt").read_text(encoding="utf-8")
    for term in TERMS:
        line = next(line for line in text.splitlines() if line.startswith(f"{term}: "))
        assert f"- {line}" in SEED.read_text(encoding="utf-8")


def test_the_summarys_sideboard_swap_cites_the_text_that_says_it(page):
    summary = page.split("## In plain words")[1].split("\n## ")[0]
    sentence = next(s for s in re.split(r"(?<=\.)\s", summary) if "swapped in" in s)
    cited = re.findall(r"\]\(#([\w-]+)\)", sentence.split("swapped in")[1])
    assert cited == ["sideboard"]
    assert "swapped out prior to the start of any game" in anchored(page, cited[0])


def test_each_section_has_one_heading_in_the_documents_words(page):
    for number, words in HEADINGS.items():
        assert f"### {number}\\. {words} {{ #{number} .rule-heading }}" in page
        after = page.split(f"{{ #{number} .rule-heading }}")[1].split(f'id="{number}a"')[0]
        assert '<p class="rule">' not in after, f"section {number}'s heading is repeated under it"
        assert words.lower() not in after.lower()
