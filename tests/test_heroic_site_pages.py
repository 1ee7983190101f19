"""Heroic's pages as the build renders them from the synthetic cards (tests/test_site_pages.py's database):
every hero and type page, Heroic's legality and rule numbers, the readings its rules page states, and
Heroic's own words ("typal identity") where Coalition says "affiliated"."""

from __future__ import annotations

import html
import re

import pytest

from tests.test_site_pages import golden_database, pages, rendered  # noqa: F401 (fixtures)


def test_heroics_pages_say_typal_identity_where_coalitions_say_affiliated(pages):
    """Player review: Heroic's heroes page spoke of legends that "cannot lead" and cards "affiliated" with a
    type, and its home counted "Unaffiliated cards", in Coalition's words; Heroic's rules (2.1, 3.5) speak of a
    card's typal identity. Its pages now take format.yml's texts.words (`identity`, `unaffiliated`)."""
    heroes = pages["heroic/leaders/index.md"]
    assert "## Legendary creatures that cannot be a hero" in heroes and "cannot lead\n" not in heroes
    assert "Lonely Burgher of Testvale" in heroes.split("cannot be a hero")[1]
    assert "affiliat" not in heroes.lower() and "typal identity" in heroes
    assert "finds heroes that are green" in heroes and "leader" not in said_words(heroes).lower()
    home = pages["heroic/index.md"]
    assert "<dt>Cards with no typal identity</dt>" in home and "Unaffiliated cards" not in home
    assert "<dt>Unaffiliated cards</dt>" in pages["generated/freshness.md"]   # Coalition keeps its own


def said_words(page: str) -> str:
    """A page's words as a reader meets them: no tags or their attributes (a table's class "affiliations", an
    element's id), no link addresses, no front matter but its title."""
    body = page.split("---", 2)[2] if page.startswith("---") else page
    title = re.search(r"^title: (.*)$", page, re.M)
    text = re.sub(r"<[^>]*>", " ", (title.group(1) if title else "") + "\n" + body)
    return re.sub(r"\]\([^)]*\)", "]", text)


def test_no_heroic_page_says_affiliated(pages):
    """Player review: Heroic's hero and type pages said cards were "affiliated with" a type, its pool page and
    banlist spoke of "unaffiliated" and "affiliation", in Coalition's words; Heroic's own word is typal identity
    (2.1). Every such sentence takes format.yml's texts.words, the pool page's title, menu entry and the home's
    link too (review 2 item 4: one name); kept: the pool page's address, which links people keep."""
    heroic = {name: said_words(page) for name, page in pages.items() if name.startswith("heroic/")}
    said = {name: [line for line in text.splitlines() if "affiliat" in line.lower()] for name, text in heroic.items()}
    assert {name: lines for name, lines in said.items() if lines} == {}
    goblin = heroic["heroic/types/goblin.md"]
    assert "4 cards  have Goblin in their typal identity" in goblin   # "<strong>4 cards</strong>"
    assert "cards whose typal identity includes Goblin" in pages["heroic/types/goblin.md"]
    hero = heroic["heroic/leaders/grumblebeard-goblin-tactician.md"]
    assert "must have it in its typal identity, or have no creature type at all" in hero
    assert "# Heroic pool of cards with no typal identity" in pages["heroic/unaffiliated.md"]
    assert 'title: "Pool of cards with no typal identity"' in pages["heroic/unaffiliated.md"]
    assert "[Pool of cards with no typal identity](unaffiliated.md)" in pages["heroic/index.md"]
    # Coalition keeps its own words (its golden files hold the rest).
    assert "are affiliated with Goblin" in pages["types/goblin.md"]
    assert "The unaffiliated pool:" in pages["generated/unaffiliated.md"]


def test_affiliated_words_take_the_number_of_their_cards():
    """format.yml's `affiliated` words are said for one card, several, or after "must" (markup.affiliated)."""
    from generator.site.markup import affiliated
    heroic = "{has} {type} in {its} typal identity"
    assert affiliated(heroic, "Goblin") == "has Goblin in its typal identity"
    assert affiliated(heroic, "Goblin", "many") == "have Goblin in their typal identity"
    assert affiliated("{is} affiliated with {type}", "it", "be") == "be affiliated with it"


def test_heroic_has_every_hero_and_type_page_and_its_own_section(pages):
    heroic = sorted(p for p in pages if p.startswith("heroic/"))
    assert [p for p in heroic if p.startswith("heroic/leaders/")] == [
        "heroic/leaders/grumblebeard-goblin-tactician.md", "heroic/leaders/index.md",
        "heroic/leaders/rows.json", "heroic/leaders/tricky-snik-star-under-brackets-jinja-raw-co.md"]
    for page in ("index", "rules", "banlist", "unaffiliated", "lookup", "validator"):
        assert f"heroic/{page}.md" in heroic
    assert not any(p.startswith("heroic/generated/") for p in pages)


def test_heroic_pools_follow_heroic_legality(pages):
    """Sol Ring and the Reserved List are legal in Heroic (Vintage's pool, no Coalition bans)."""
    assert "Sol Ring" in pages["generated/banlist.md"].split("## Banned by category")[0]
    banlist = pages["heroic/banlist.md"]
    assert "No card is banned by name" in banlist
    assert "Reserved Test Relic" not in banlist and "Sol Ring" not in banlist.split("legal in Heroic")[1]
    assert "Reserved Test Relic" not in pages["heroic/banlist/rows.json"]
    goblin = pages["heroic/types/goblin.md"]
    assert "# Goblin army" in goblin and "## Heroes" in goblin and 'href="../../rules/#3-5"' in goblin


def test_heroic_pages_cite_heroic_rules_and_link_within_heroic(pages):
    hero = pages["heroic/leaders/grumblebeard-goblin-tactician.md"]
    assert "906" not in hero and 'href="../../lookup/?card=' in hero and 'href="../../types/goblin/"' in hero
    rules = pages["heroic/rules.md"]
    assert 'id="4-5"' in rules and "### 6\\. Hero levels" in rules and "| 5 | indestructible" in rules
    assert "[Heroes](leaders/index.md)" in pages["heroic/index.md"]


@pytest.mark.parametrize(("reading", "summary", "stated"), [
    ("end_of_your_turn", "you lose at the end of your own turn: this one if it is yours, else your next",
     "We read them as written: you lose at the end of your own turn"),
    ("end_of_that_turn", "you lose at the end of that turn, whoever's turn it is",
     "We read them as the end of the turn in which the hero resolved, whoever's turn that is"),
])
def test_heroic_rules_page_states_the_hero_lives_reading_in_force(golden_database, pages, reading, summary, stated):
    """Rule 4.5 ("at the end of your turn") read one way or the other by format.yml's readings: hero_lives; the
    rules page's summary and its readings say which, and so does the format's home."""
    heroic = pages if reading == "end_of_your_turn" else rendered(golden_database, heroic={"hero_lives": reading})
    rules = heroic["heroic/rules.md"]
    # The summary's words come from format.yml (texts.readings.hero_lives), escaped as every data text is.
    assert summary in html.unescape(rules) and stated in rules and "## How we read the rules { #readings }" in rules
    assert f"Switch: `readings: hero_lives: {reading}` in the format's `format.yml`" in rules
    assert summary in html.unescape(heroic["heroic/index.md"])
    assert "whoever's turn" in rules if reading == "end_of_that_turn" else "whoever's turn" not in rules


def test_heroic_rules_page_states_its_readings_and_the_card_readings(pages):
    """Review of 2026-11-26 (session 3): Heroic's pages applied readings its rules page never stated: reminder
    text left out of "all creature types printed on the card", legendary back faces and a second hero banned
    as legendary, the description's "kills"; and the card readings (flip cards, ability words, short names)
    appeared on Coalition's page only. Each is said under "How we read the rules", in Heroic's rule numbers."""
    readings = pages["heroic/rules.md"].split("{ #readings }", 1)[1].split("{ #rules-text }", 1)[0]
    for said in ("**Reminder text ([2.1](#2-1)).**", "207.2a", "**Legendary back faces and copies of the hero ([3.8](#3-8)).**",
                 "**Kills ([6.2](#6-2)).**", "**Flip cards.**", "Switch: `readings: flip_cards: legal`",
                 "**A legend's short name.**", "**Typecycling.**"):
        assert said in readings, said
    assert "906" not in readings and "affiliat" not in readings
    hero = pages["heroic/leaders/grumblebeard-goblin-tactician.md"]
    assert 'a legend\'s own short name (<a href="../../rules/#readings">readings</a>)' in hero


def test_heroic_rules_page_states_the_sideboard_reading_in_force(golden_database, pages):
    """Rule 3.1 gives "8 sideboard cards" and nothing more: format.yml's readings: sideboard says whether that
    is a limit or an exact size, and the rules page, the home page's glance and the validator's checks say so."""
    limit = pages
    exact = rendered(golden_database, heroic={"sideboard": "exactly"})
    assert "Switch: `readings: sideboard: at_most`" in limit["heroic/rules.md"]
    assert "a smaller one is legal" in limit["heroic/rules.md"] and "no more and no fewer" not in limit["heroic/rules.md"]
    assert "Switch: `readings: sideboard: exactly`" in exact["heroic/rules.md"]
    assert "no more and no fewer" in exact["heroic/rules.md"] and "a smaller one is legal" not in exact["heroic/rules.md"]
    assert "up to **8** in the sideboard" in limit["heroic/index.md"] and "exactly **8** in the sideboard" in exact["heroic/index.md"]
    assert "at most 8 in the sideboard" in limit["heroic/validator.md"] and "exactly 8 in the sideboard" in exact["heroic/validator.md"]
