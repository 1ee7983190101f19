"""data/rules/coalition-906.txt: the authors' text, parsed into rules with the anchors the site links to."""

from __future__ import annotations

import pytest

from generator.errors import BuildError
from generator.paths import PROJECT_ROOT
from generator.site.markup import link_rule_references
from generator.site.rules import load_rules, parse_rules

RULES_DIR = PROJECT_ROOT / "data" / "formats" / "coalition" / "rules"
PUBLISHED = PROJECT_ROOT.parent / "shared" / "reference" / "coalition-rules-906-current.txt"


@pytest.fixture(scope="module")
def rules():
    return load_rules(RULES_DIR)


def test_the_text_is_the_authors_verbatim():
    if not PUBLISHED.exists():
        pytest.skip(f"{PUBLISHED} is not present")
    assert (RULES_DIR / "coalition-906.txt").read_bytes() == PUBLISHED.read_bytes()


def test_every_rule_has_a_unique_anchor(rules):
    anchors = [rule.anchor for rule in rules]
    assert len(anchors) == len(set(anchors))
    for expected in ("906", "906-1", "906-3a", "906-5e", "906-6h", "906-10", "906-10d", "906-12b"):
        assert expected in anchors


def test_top_level_rules_have_our_titles_and_examples_stay_with_their_rule(rules):
    by_anchor = {rule.anchor: rule for rule in rules}
    assert by_anchor["906-6"].title == "Victory points"
    assert by_anchor["906-6"].level == 1 and by_anchor["906-6h"].level == 2 and by_anchor["906"].level == 0
    assert len(by_anchor["906-3"].examples) == 1 and "Ixidron" in by_anchor["906-3"].examples[0]
    assert len(by_anchor["906-4a"].examples) == 2


def test_rule_text_is_kept_as_written(rules):
    by_anchor = {rule.anchor: rule for rule in rules}
    assert by_anchor["906-1"].label == "906.1."
    assert by_anchor["906-5e"].text.endswith("This type may not be Human.")


def test_references_to_other_906_rules_become_links(rules):
    anchors = {rule.anchor for rule in rules}
    html = link_rule_references("see 906.6h; 906.6d does not apply; rule 704; 906.99z; 100.6a", anchors)
    assert '<a href="#906-6h">906.6h</a>' in html and '<a href="#906-6d">906.6d</a>' in html
    assert "906.99z" in html and 'href="#906-99z"' not in html
    assert "<a" not in html.split("rule 704")[1].split("906.99z")[0]


def test_a_line_that_is_no_rule_names_its_line():
    with pytest.raises(BuildError, match=r"rules\.txt:3: not a rule"):
        parse_rules("906. Coalition\n906.1 Text.\nStray words\n", "rules.txt")


def test_a_repeated_rule_number_stops_the_build():
    with pytest.raises(BuildError, match=r"rules\.txt:2: rule 906\.1 already appears on line 1"):
        parse_rules("906.1 One.\n906.1. Again.\n", "rules.txt")


def test_a_glossary_may_open_the_text_with_a_heading_and_its_terms():
    rules = parse_rules("Terms\nPod: four players.\nMain Deck: the cards.\n1. Structure\n1a. Text.\n", "rules.txt")
    assert [(r.kind, r.anchor, r.level) for r in rules[:3]] == [("glossary", "terms", 0), ("term", "pod", 1),
                                                               ("term", "main-deck", 1)]
    assert rules[0].title == "Terms" and rules[1].label == "Pod:" and rules[1].text == "four players."
    assert [r.kind for r in rules[3:]] == ["rule", "rule"]


@pytest.mark.parametrize("text, line", [("Stray words\n1. Structure\n", 1),            # a heading with no term
                                        ("Terms\nPod: four.\nstray\n1. Structure\n", 3),
                                        ("Pod: four.\n1. Structure\n", 1),              # a term with no heading
                                        ("1. Structure\nPod: four.\n", 2)])             # after the first rule
def test_only_an_opening_glossary_of_terms_is_read_as_one(text, line):
    with pytest.raises(BuildError, match=rf"rules\.txt:{line}: not a rule"):
        parse_rules(text, "rules.txt")


def test_heroics_rules_mark_our_reading_and_keep_examples_under_the_rule_they_illustrate():
    """Review 2 item 5: the Heroic description says "Eternal format" and no cards from its banned list, not
    Vintage, so 3.7 says Vintage is our reading; Swan Song and Bestial Menace illustrate a deck's shared type
    (the description lists them beside Kaalia of the Vast), not a card with no typal identity (2.4)."""
    heroic = {rule.anchor: rule for rule in load_rules(PROJECT_ROOT / "data" / "formats" / "heroic" / "rules")}
    assert "our reading" in heroic["3-7"].text and "Eternal format" in heroic["3-7"].text
    assert heroic["3-7"].text.index("our reading") < heroic["3-7"].text.index("Vintage")
    assert not heroic["2-4"].examples
    assert [e for e in heroic["3-5"].examples if "Swan Song" in e and "Bestial Menace" in e]
