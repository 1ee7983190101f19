"""The identity format's deck checks (generator/deckcolors.py: commander, color_identity, mechanics) on small
hand-made facts in the shape of cards.json and Mazerunner's own format.yml: no database needed. The shared
cases of tests/decks/mazerunner/ run them (and the JavaScript twin) on real card data."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.deckcolors import normal_identity
from generator.deckrules import Facts, check, deck_text
from generator.decklist import parse

ROOT = Path(__file__).resolve().parent.parent
FORMAT = yaml.safe_load((ROOT / "data" / "formats" / "mazerunner" / "format.yml").read_text(encoding="utf-8"))


def card(name, ci="", group="other", x=1, type_line="Instant", legal=1, reasons=(), **extra):
    record = {"n": name, "m": "", "t": type_line, "g": group, "a": [], "l": legal, "r": list(reasons), "x": x,
              "img": None, "u": None, **extra}
    if ci:
        record["ci"] = ci
    return record


def legend(name, ci, **extra):
    return card(name, ci, group="creature", type_line="Legendary Creature — Human Wizard", L=[], lo=0, **extra)


CARDS = [
    legend("Adeliz, the Cinder Wind", "UR"),
    legend("Kraum, Ludevic's Opus", "UR", k=["Partner"]),
    legend("Silas Renn, Seeker Adept", "UB", k=["Partner"]),
    legend("Thrasios, Triton Hero", "UG", k=["Partner"]),
    legend("Tymna the Weaver", "WB", k=["Partner"]),
    card("Lightning Bolt", "R"), card("Counterspell", "U"), card("Llanowar Elves", "G", group="creature"),
    card("Sol Ring", group="artifact", legal=0, reasons=["banned"]),
    card("Island", "U", group="land", x=None, type_line="Basic Land — Island"),
    card("Seven Dwarves", "R", group="creature", x=7, type_line="Creature — Dwarf"),
    card("Lurrus of the Dream-Den", "WB", group="creature", type_line="Legendary Creature — Cat Nightmare", k=["Companion"]),
]
FORMAT_DOC = {**FORMAT, "banlist": [{"name": "Sol Ring", "category": None, "reason": "Mazerunner ban."}],
              "reason_texts": FORMAT["texts"]["reasons"], "card_groups": []}


@pytest.fixture(scope="module")
def facts() -> Facts:
    return Facts.from_exports({"version": 1, "types": [], "cards": CARDS}, FORMAT_DOC)


def deck(commanders=("Adeliz, the Cinder Wind",), main=("Lightning Bolt", "Counterspell"), side=(), islands=None):
    islands = 100 - len(commanders) - len(main) if islands is None else islands
    lines = ["Commander", *(f"1 {c}" for c in commanders), "", "Deck", *(f"1 {c}" for c in main), f"{islands} Island"]
    return "\n".join(lines + ["", "Sideboard", *(f"1 {c}" for c in side)]) + "\n"


def found(result) -> list[tuple[str, str, list[str]]]:
    return sorted((v["rule"], v["code"], v["cards"]) for v in result["violations"])


def test_a_legal_deck_counts_the_commander_in_the_100(facts):
    result = check(parse(deck()), facts)
    assert result["legal"] and result["counts"] == {"main": 100, "side": 0}
    assert result["commanders"] == ["Adeliz, the Cinder Wind"] and result["identity"] == "UR"
    assert result["variant"] == "two-color" and result["leader"] == "Adeliz, the Cinder Wind"


def test_without_identity_the_commanders_is_the_assigned_one(facts):
    result = check(parse(deck(main=("Lightning Bolt", "Llanowar Elves"))), facts)
    assert found(result) == [("2b", "color_identity", ["Llanowar Elves"])]
    # Its identity, not its colors: Jegantha is red and green, but {W}{U}{B}{R}{G} in its text makes it WUBRG.
    assert result["violations"][0]["message"] == "1 card has a color identity outside UR: Llanowar Elves."


def test_an_assigned_identity_must_be_the_commanders_exactly(facts):
    result = check(parse(deck()), facts, identity="ru")
    assert result["legal"] and result["identity"] == "UR"
    result = check(parse(deck()), facts, identity="UB")
    assert found(result) == [("2b", "color_identity", ["Adeliz, the Cinder Wind"]),
                             ("2b", "color_identity", ["Lightning Bolt"])]
    assert "The commander's color identity is UR; the assigned identity is UB." in [v["message"] for v in result["violations"]]


@pytest.mark.parametrize("typed", ["UXR", "UU", "", "  "])
def test_a_typed_identity_that_is_no_identity(facts, typed):
    """A mistyped identity is a refused input (the command line's exit 2, the page's word beside its box),
    not a rule the deck breaks: no violation, the error names the identity box."""
    assert normal_identity(typed, facts) is None
    if typed.strip():
        result = check(parse(deck()), facts, identity=typed)
        assert result["violations"] == [] and not result["legal"] and result["error_in"] == "identity"
        assert result["error"] == (f"{typed} is not a color identity: write its colors as WUBRG letters (UR), mana "
                                   "symbols ({U}{R}), color words (blue red) or its name (Izzet), or colorless.")


@pytest.mark.parametrize("typed", ["Izzet", "izzet", "{U}{R}", "blue red", "blue-red", "ru"])
def test_an_identity_as_players_spell_it(facts, typed):
    """The identity box reads a name, mana symbols and color words as it reads letters (the reviewer's
    `Izzet` was refused): the deck is checked for UR."""
    result = check(parse(deck()), facts, identity=typed)
    assert result["error"] is None and result["identity"] == "UR"


def test_another_guilds_name_is_read_and_checked(facts):
    result = check(parse(deck()), facts, identity="Rakdos")
    assert result["error"] is None and result["identity"] == "BR"
    assert "The commander's color identity is UR; the assigned identity is BR." in [v["message"] for v in result["violations"]]


def test_the_variant_sets_the_number_of_colors(facts):
    result = check(parse(deck()), facts, variant="three-color")
    assert [v["message"] for v in result["violations"]] == [
        "The color identity UR has 2 colors; a three-color season gives each player 3."]
    with pytest.raises(ValueError, match="unknown variant 'four-color'"):
        check(parse(deck()), facts, variant="four-color")


def test_partner_variant_pairs_thrasios_and_mechanics(facts):
    pair = ("Kraum, Ludevic's Opus", "Silas Renn, Seeker Adept")
    assert check(parse(deck(pair)), facts, variant="three-color-partner")["legal"]
    two_color = check(parse(deck(pair)), facts)
    assert sorted(code for _, code, _ in found(two_color)) == ["color_identity", "commander", "mechanics", "mechanics"]
    thrasios = check(parse(deck(("Kraum, Ludevic's Opus", "Thrasios, Triton Hero"))), facts, variant="three-color-partner")
    assert found(thrasios) == [("2b", "commander", ["Thrasios, Triton Hero"])]
    apart = check(parse(deck(("Kraum, Ludevic's Opus", "Tymna the Weaver"))), facts, variant="three-color-partner")
    assert ("2b", "commander", ["Kraum, Ludevic's Opus", "Tymna the Weaver"]) in found(apart)


def test_companion_is_kept_out_even_from_the_sideboard(facts):
    result = check(parse(deck(side=("Lurrus of the Dream-Den",))), facts, identity="UR")
    assert ("2c", "mechanics", ["Lurrus of the Dream-Den"]) in found(result)


def test_no_commander_and_a_spell_as_commander(facts):
    assert found(check(parse(deck(())), facts)) == [("2b", "commander", [])]
    result = check(parse(deck(("Lightning Bolt",), main=("Counterspell",))), facts)
    assert ("2b", "commander", ["Lightning Bolt"]) in found(result)


def test_singleton_across_120_with_basics_and_own_text_excepted(facts):
    result = check(parse(deck(main=("Lightning Bolt", "Seven Dwarves"), side=("Lightning Bolt",))), facts)
    assert found(result) == [("2a", "singleton", ["Lightning Bolt"])]
    seven = "Commander\n1 Adeliz, the Cinder Wind\nDeck\n7 Seven Dwarves\n92 Island\n"
    assert check(parse(seven), facts)["legal"]
    eight = "Commander\n1 Adeliz, the Cinder Wind\nDeck\n8 Seven Dwarves\n91 Island\n"
    assert found(check(parse(eight), facts)) == [("2a", "creature_singleton", ["Seven Dwarves"])]


def test_banned_anywhere(facts):
    result = check(parse(deck(side=("Sol Ring",))), facts)
    assert found(result) == [("2e", "banned", ["Sol Ring"])]


@pytest.mark.parametrize("commanders, main, side, where", [
    (("Adeliz, the Cinder Wind",), ("Sol Ring",), (), "in the main deck"),
    (("Adeliz, the Cinder Wind",), (), ("Sol Ring",), "in the sideboard"),
    (("Adeliz, the Cinder Wind",), ("Sol Ring",), ("Sol Ring",), "in the main deck or in the sideboard"),
    (("Sol Ring",), (), (), "the commander"),
])
def test_a_ban_says_where_this_list_has_the_card(facts, commanders, main, side, where):
    """Review of 2026-11-26: "banned (as commander, in the main deck and in the sideboard)" read as if the card
    were in all three places."""
    messages = [v["message"] for v in check(parse(deck(commanders, main, side)), facts)["violations"] if v["code"] == "banned"]
    assert messages == [f"Sol Ring is banned and may not be {where}: Mazerunner ban."]


def test_one_commander_is_not_one_commanders(facts):
    result = check(parse(deck()), facts, variant="three-color-partner")
    assert "1 commander under the Commander header; a three-color-partner season has 2." in [
        v["message"] for v in result["violations"]]


def test_export_keeps_the_commander_header(facts):
    result = check(parse(deck()), facts)
    arena = deck_text(result, "arena")
    assert arena.startswith("Commander\n1 Adeliz, the Cinder Wind\n\nDeck\n")
    again = check(parse(arena), facts)
    assert again["legal"] and again["commanders"] == ["Adeliz, the Cinder Wind"]
    mtgo = deck_text(result, "mtgo")
    assert mtgo.endswith("1 Lightning Bolt\n\n1 Adeliz, the Cinder Wind\n")     # where MTGO files a commander
    again = check(parse(mtgo), facts)
    assert again["legal"] and again["commanders"] == ["Adeliz, the Cinder Wind"]


def mtgo(main: list[str], side: list[str]) -> str:
    return "\n".join(main + [""] + side) + "\n"


def test_mtgo_files_the_commander_first_after_the_blank_line(facts):
    """Review of the Mazerunner validator: MTGO's own export of a commander deck (99 cards, a blank line, the
    commander) and ours, with a sideboard after the commander, read with the commander."""
    for side in (["1 Adeliz, the Cinder Wind"], ["1 Adeliz, the Cinder Wind", "1 Llanowar Elves"]):
        result = check(parse(mtgo(["1 Lightning Bolt", "98 Island"], side)), facts)
        assert result["commanders"] == ["Adeliz, the Cinder Wind"] and result["counts"]["main"] == 100
        assert "read as the commander, as in an MTGO list" in " ".join(result["notes"])
    partners = check(parse(mtgo(["96 Island"], ["1 Kraum, Ludevic's Opus", "1 Silas Renn, Seeker Adept", "1 Tymna the Weaver"])),
                     facts, variant="three-color-partner")
    assert partners["commanders"] == ["Kraum, Ludevic's Opus", "Silas Renn, Seeker Adept"]
    assert partners["counts"] == {"main": 98, "side": 1}


def test_a_full_main_deck_or_a_header_leaves_the_sideboard_alone(facts):
    full = check(parse(mtgo(["1 Lightning Bolt", "99 Island"], ["1 Adeliz, the Cinder Wind"])), facts)
    assert full["commanders"] == [] and found(full)[0][1] == "commander"
    headed = check(parse("Deck\n1 Lightning Bolt\n98 Island\n\nSideboard\n1 Adeliz, the Cinder Wind\n"), facts)
    assert headed["commanders"] == [] and headed["counts"] == {"main": 99, "side": 1}


def test_a_dek_file_reads_its_sideboard_and_commander(facts):
    dek = ('<?xml version="1.0" encoding="utf-8"?>\n<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema">\n'
           '<NetDeckID>0</NetDeckID><PreconstructedDeckID>0</PreconstructedDeckID>\n'
           '<Cards CatID="1" Quantity="1" Sideboard="false" Name="Lightning Bolt" Annotation="0" />\n'
           '<Cards CatID="2" Quantity="98" Sideboard="false" Name="Island" Annotation="0" />\n'
           '<Cards CatID="3" Quantity="1" Sideboard="true" Name="Adeliz, the Cinder Wind" Annotation="0" />\n</Deck>\n')
    result = check(parse(dek), facts)
    assert result["legal"] and result["commanders"] == ["Adeliz, the Cinder Wind"]


def test_other_formats_still_file_the_commander_section_with_the_sideboard():
    parsed = parse("Commander\n1 Krenko, Mob Boss\nDeck\n4 Goblin Guide\n")
    assert [(e.name, e.section, e.commander) for e in parsed.entries] == [
        ("Krenko, Mob Boss", "side", True), ("Goblin Guide", "main", False)]


def test_an_identity_it_cannot_tell_is_unknown_in_the_report(facts):
    """Review: with no identity typed and no commander to take it from, the command line said "Color identity: -"
    and the page "none" (which reads as the empty identity, colorless); both say "unknown" (identity_word's
    word, color_identities.yml's `unknown`, as deckcolors.js identityWord), and the empty identity stays "colorless"."""
    from generator.commands.validate import Words, report_text
    from generator.identitywords import identity_word, identity_words

    result = check(parse("4 Lightning Bolt\n"), facts)
    assert result["identity"] is None and result["commanders"] == []
    text = report_text(result, Words.of({**FORMAT_DOC, "identity_words": identity_words()}))
    assert "\nColor identity: unknown; variant: two-color\n" in text
    assert identity_word(None) == "unknown" and identity_word("") == "colorless" and identity_word("UR") == "UR"


def test_no_commander_is_said_in_the_formats_word_as_the_page_says_it(facts):
    """Review: with no commander the command line said "Commander: -" and the page "Commander: none"; both say
    texts.words.no_leader (the schema's "none" unless a format words it), read from format.json."""
    from generator.commands.validate import Words, report_text
    from generator.formatschema import Words as FormatWords

    result = check(parse("4 Lightning Bolt\n"), facts)
    assert result["leader"] is None
    assert "\nCommander: none\n" in report_text(result, Words.of(FORMAT_DOC)) and FormatWords().no_leader == "none"
    own = {**FORMAT_DOC, "texts": {**FORMAT_DOC["texts"], "words": {**FORMAT_DOC["texts"]["words"], "no_leader": "not named"}}}
    assert "\nCommander: not named\n" in report_text(result, Words.of(own))


def test_the_reports_words_are_format_jsons_and_the_schemas_defaults_alone():
    """`coalition validate` spells no word of its own: a format's words are said, a word its format.json lacks
    (a database built before that word) is the schema's default, and a leader without its word is refused."""
    from generator.commands.validate import Words
    from generator.formatschema import Words as FormatWords

    words = Words.of({"leader": {"word": "captain"}, "texts": {"words": {"types": "crews"}}})
    assert (words.leader, words.types) == ("captain", "crews")
    assert (words.leaders, words.no_leader, words.no_types) == (FormatWords().leaders, FormatWords().no_leader,
                                                                 FormatWords().no_types)
    with pytest.raises(KeyError):
        Words.of({"texts": {"words": {}}})


def test_the_mtgo_note_says_the_formats_own_leader_word():
    """The note on a commander read from MTGO's sideboard says format.json's leader.word (no "commander" of the
    code's own): a word no format uses is said, and a format.json without one is refused, not guessed."""
    mtgo_list = mtgo(["1 Lightning Bolt", "98 Island"], ["1 Adeliz, the Cinder Wind"])
    own = {**FORMAT_DOC, "leader": {**FORMAT_DOC["leader"], "word": "captain"}}
    notes = check(parse(mtgo_list), Facts.from_exports({"version": 1, "types": [], "cards": CARDS}, own))["notes"]
    assert "read as the captain, as in an MTGO list" in " ".join(notes)
    unnamed = {**FORMAT_DOC, "leader": {key: value for key, value in FORMAT_DOC["leader"].items() if key != "word"}}
    with pytest.raises(KeyError):
        check(parse(mtgo_list), Facts.from_exports({"version": 1, "types": [], "cards": CARDS}, unnamed))
