"""The validator page says what `coalition validate` says, in the format's own words (split from
test_validator_page.py, whose page, site and helpers it uses): the empty identity and one it cannot tell, no
leader, no type that works, a format's own words, and a format.json without them."""

from __future__ import annotations

import re

import pytest

from generator.decklist import parse
from generator.deckrules import check
from tests.browser.conftest import wait_for_answer
from tests.browser.deck_site import site  # noqa: F401 (the fixture)
from tests.browser.test_validator_page import facts_of, open_page, page, validate  # noqa: F401 (fixtures)
from tests.deck_helpers import case_text


def test_the_empty_identity_is_the_same_word_as_the_command_line(page, site):
    """Review: with "colorless" typed, the summary said "color identity: none" (the CLI "-") and a message "the
    assigned identity is ." with a gap; both say color_identities.yml's first colorless word, as the CLI does."""
    open_page(page, site, "validator", "mazerunner")
    result = validate(page, case_text({"file": "mazerunner/mono-red.txt"}), identity="colorless")
    assert result["identity"] == ""
    assert "color identity: colorless" in page.locator(".cv-summary").inner_text()
    messages = [v["message"] for v in result["violations"]]
    assert "The commander's color identity is R; the assigned identity is colorless." in messages


def test_an_identity_it_cannot_tell_is_the_same_word_as_the_command_line(page, site, facts_of):
    """Review: with no identity typed and no commander to take it from, the summary said "color identity: none"
    (as if the empty identity) and the CLI "-"; both say "unknown" (tests/test_deckcolors.py, the CLI's)."""
    open_page(page, site, "validator", "mazerunner")
    result = validate(page, "4 Lightning Bolt\n")
    assert result["identity"] is None and result["commanders"] == []
    summary = page.locator(".cv-summary").inner_text()
    assert "color identity: unknown" in summary and "color identity: none" not in summary
    table = facts_of("mazerunner").fmt["identity_words"]   # color_identities.yml's words, through format.json
    assert page.evaluate("(t) => [null, '', 'UR'].map(l => window.Coalition.deckcolors.identityWord(l, t))", table) \
        == ["unknown", "colorless", "UR"]


@pytest.mark.parametrize("fmt", [None, "mazerunner"])
def test_no_leader_is_the_same_word_as_the_command_line(page, site, facts_of, fmt):
    """Review: with no commander the page said "Commander: none" and `coalition validate` "Commander: -"; both
    say the format's texts.words.no_leader now, so the page's first summary part is the report's second line."""
    from generator.commands.validate import Words, report_text

    open_page(page, site, "validator", fmt)
    result = validate(page, "4 Lightning Bolt\n")
    assert result["leader"] is None
    said = report_text(check(parse("4 Lightning Bolt\n"), facts_of(fmt)), Words.of(facts_of(fmt).fmt)).splitlines()[1]
    assert said.endswith(": none")
    assert page.locator(".cv-summary").inner_text().split(" \u00b7 ")[0] == said


@pytest.mark.parametrize("fmt", [None, "heroic"])
def test_no_type_that_works_is_the_same_word_as_the_command_line(page, site, facts_of, fmt):
    """The page said "types that work: none" where `coalition validate` said "-": both say the format's
    texts.words.no_types now (an Elf and a Goblin with no leader: no type holds both)."""
    from generator.commands.validate import Words, report_text

    deck = "4 Llanowar Elves\n4 Goblin Guide\n"
    open_page(page, site, "validator", fmt)
    result = validate(page, deck)
    assert result["coalition_types"] == []
    said = report_text(check(parse(deck), facts_of(fmt)), Words.of(facts_of(fmt).fmt)).splitlines()[2]
    assert said.endswith("types that work: none")
    assert page.locator(".cv-summary").inner_text().split(" \u00b7 ")[1] == said[0].lower() + said[1:]


# Words no shipped format uses and no code spells: only format.json can bring them to either validator.
OWN_WORDS = {"leader": "captain", "words": {"leaders": "captains", "types": "crews", "no_leader": "nobody",
                                            "no_types": "no crew at all"}}


def with_words(page, leader: str | None, words: dict, drop: str | None = None) -> dict:
    """The default format's format.json with its leader's word and texts.words changed (`drop`: one left out)."""
    served = {}

    def answer(route):
        fmt = route.fetch().json()
        own = {key: value for key, value in {**fmt["texts"]["words"], **words}.items() if key != drop}
        served.update({**fmt, "leader": {**fmt["leader"], "word": leader}, "texts": {**fmt["texts"], "words": own}})
        route.fulfill(json=served)

    page.route(re.compile(r"127\.0\.0\.1:\d+/data/format\.json$"), answer)
    return served


def test_a_formats_own_words_reach_the_page_and_the_command_line(page, site, facts_of):
    """Both validators word their report from format.json alone (leader.word, texts.words): no code keeps a
    fallback "leader" or "types" of its own, so words of the format's own are what both say."""
    from generator.commands.validate import Words, report_text

    served = with_words(page, OWN_WORDS["leader"], OWN_WORDS["words"])
    deck = "4 Llanowar Elves\n4 Goblin Guide\n"
    open_page(page, site, "validator")
    validate(page, deck)
    said = report_text(check(parse(deck), facts_of(None)), Words.of(served)).splitlines()
    assert said[1:3] == ["Captain: nobody", "Crews that work: no crew at all"]
    assert page.locator(".cv-summary").inner_text().split(" \u00b7 ")[:2] == ["Captain: nobody", "crews that work: no crew at all"]


@pytest.mark.parametrize("drop", ["types", "leader"])
def test_a_format_json_without_its_words_is_not_loaded(page, site, drop):
    """A format.json lacking a word the page says (one of another build, kept by a cache) is refused as data
    that could not be loaded, which a reload mends, rather than shown as "undefined"."""
    with_words(page, None if drop == "leader" else "leader", {}, drop=drop)
    open_page(page, site, "validator")
    page.fill("#cv-input", "4 Goblin Guide\n")
    page.click("#coalition-validator button[type=submit]")
    wait_for_answer(page, "document.querySelector('#coalition-validator').dataset.state === 'failed'")
    missing = "leader.word" if drop == "leader" else "texts.words.types"
    assert f"format.json has no {missing})" in page.locator(".cv-status").inner_text()


def test_a_list_with_names_not_recognised_says_first_that_it_was_not_checked(page, site, facts_of):
    """Review of 2026-11-28 (validator, item 3): 34 names it did not know and Sol Ring read "Not legal: 1 problem",
    "types that work: Elf", then "Main deck (26)". Both validators now say first that the check is incomplete,
    then what the recognised cards broke, and that the types that work count only recognised cards."""
    from generator.commands.validate import Words, report_text

    deck = "".join(f"1 Qzxv Nonesuch {chr(65 + n // 26)}{chr(65 + n % 26)}\n" for n in range(34)) + \
        "1 Sol Ring\n1 Llanowar Elves\n"
    open_page(page, site, "validator")
    result = validate(page, deck)
    broken = len(result["violations"])
    assert len(result["unknown_cards"]) == 34 and broken >= 1
    # A short heading, and under it what was left out and what was found (the review of 2026-11-28 read one long
    # red heading as a verdict that the list of broken rules below contradicted).
    assert page.inner_text(".cv-verdict") == "Not checked yet"
    line = page.inner_text(".cv-partly")
    assert line == f"34 names not recognised (fix them below); {broken} problem" + \
        ("s" if broken > 1 else "") + " among the recognised cards."
    heading = "Not checked yet: " + line[:-1]
    said = report_text(check(parse(deck), facts_of(None)), Words.of(facts_of(None).fmt)).splitlines()
    assert said[0] == "NOT CHECKED YET: " + line[:-1]
    types = page.locator(".cv-summary").inner_text().split(" \u00b7 ")[1]
    assert types.startswith("coalition types that work (recognised cards only): ") and types == said[2][0].lower() + said[2][1:]
    assert page.inner_text("#coalition-validator .cv-status") == heading + "."
    validate(page, "1 Sol Ring\n1 Llanowar Elves\n")                   # a whole check says no such thing
    assert page.inner_text(".cv-verdict") == "Not legal" and "recognised" not in page.inner_text(".cv-summary")
