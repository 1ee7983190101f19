"""Heroic's sideboard size is a reading (format.yml `readings: sideboard`): its description gives "8 sideboard
cards" and nothing more. Read as a limit (the default), a sideboard of the hero alone is legal; read as an exact
size, both validators refuse it with the check's `wrong` message. The page's twin reads the switch from
format.json, as the command line's reads it from the same export."""

from __future__ import annotations

import re

from generator.decklist import parse
from generator.deckrules import check
from tests.browser.deck_site import load_facts, site  # noqa: F401 (site: the fixture)
from tests.browser.test_validator_page import open_page, page, validate  # noqa: F401 (page: the fixture)
from tests.deck_helpers import DECKS_DIR

# The legal Heroic case with its sideboard cut to the hero: 1 card of the 8 the format names.
HERO_ALONE = (DECKS_DIR / "heroic" / "legal-goblins-moxfield.txt").read_text(encoding="utf-8").split("SIDEBOARD:")[0] + \
    "SIDEBOARD:\n1 Krenko, Mob Boss (M13) 141\n"


def sideboard_violations(result: dict) -> list[str]:
    return [v["message"] for v in result["violations"] if v["code"] == "sideboard_size"]


def test_read_as_a_limit_a_smaller_sideboard_is_legal(site):
    """The default; the page's twin gives the same verdict on the shared cases (test_validator_page.py)."""
    facts = load_facts(site, "heroic")
    result = check(parse(HERO_ALONE), facts)
    assert result["counts"]["side"] == 1 and facts.fmt["readings"]["sideboard"] == "at_most"
    assert result["legal"], result["violations"]


def test_read_as_an_exact_size_the_command_lines_twin_refuses_it(site):
    facts = load_facts(site, "heroic")
    facts.fmt["readings"]["sideboard"] = "exactly"
    result = check(parse(HERO_ALONE), facts)
    assert not result["legal"]
    assert sideboard_violations(result) == ["The sideboard has 1 card, the hero included; it must have exactly 8."]


def test_the_pages_twin_follows_format_json(page, site):
    url = site["url"] + "heroic/data/format.json"

    def exactly(route):
        exported = route.fetch().json()
        route.fulfill(json={**exported, "readings": {**exported.get("readings", {}), "sideboard": "exactly"}})

    page.route(re.compile(re.escape(url) + "$"), exactly)
    open_page(page, site, "validator", "heroic")
    result = validate(page, HERO_ALONE)
    assert not result["legal"]
    assert sideboard_violations(result) == ["The sideboard has 1 card, the hero included; it must have exactly 8."]
