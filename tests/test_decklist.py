"""Deck list parsing (generator/decklist.py) and the deck rules (generator/deckrules.py) on small hand-made
facts in the shape of data/cards.json and data/format.json: no database needed."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator import decklist
from generator.decklist import name_key, parse
from generator.deckrules import Facts, check, deck_text

ROOT = Path(__file__).resolve().parent.parent
FORMAT = yaml.safe_load((ROOT / "data" / "formats" / "coalition" / "format.yml").read_text(encoding="utf-8"))
VOCABULARY = yaml.safe_load((ROOT / "data" / "cards" / "vocabulary.yml").read_text(encoding="utf-8"))


def card(name, group="creature", types=(), x=4, legal=1, reasons=(), leads=None, type_line=None, **extra):
    record = {"n": name, "m": "", "t": type_line or f"Creature — {' '.join(types)}", "g": group,
              "a": [[t, "type_line", t] for t in types], "l": legal, "r": list(reasons), "x": x,
              "img": None, "u": None}
    if leads is not None:
        record["L"] = leads
    if "Legendary" in record["t"]:
        record["lg"] = 1   # as the export writes it: the database's is_legendary (a legendary back face counts)
    record.update(extra)
    return record


CARDS = [
    card("Krenko, Mob Boss", types=("Goblin", "Warrior"), leads=["Goblin", "Warrior"], lo=1,
         type_line="Legendary Creature — Goblin Warrior"),
    card("Kiki-Jiki, Mirror Breaker", types=("Goblin", "Shaman"), leads=["Goblin", "Shaman"], lo=1,
         type_line="Legendary Creature — Goblin Shaman"),
    card("Crovax, Ascendant Hero", types=("Human",), leads=[], legal=0, reasons=["no_coalition_type"],
         type_line="Legendary Creature — Human"),
    card("Goblin Guide", types=("Goblin", "Scout")),
    card("Goblin Warchief", types=("Goblin", "Warrior")),
    card("Angry Mob", types=("Human",)),
    card("Mirror Entity", types=(), c=1),
    card("Lightning Bolt", group="instant", x=1, type_line="Instant"),
    card("Fire // Ice", group="instant", x=1, type_line="Instant // Instant", f=["Fire", "Ice"], s=1),
    card("Delver of Secrets // Insectile Aberration", types=("Human", "Insect", "Wizard"),
         f=["Delver of Secrets", "Insectile Aberration"], type_line="Creature — Human Wizard // Creature — Human Insect"),
    card("Mountain", group="land", x=None, type_line="Basic Land — Mountain"),
    card("Wooded Foothills", group="land", type_line="Land"),
    card("Seven Dwarves", types=("Dwarf",), x=7),
    card("Nazgûl", types=("Wraith", "Knight"), x=9),
    card("Sol Ring", group="artifact", x=1, legal=0, reasons=["banned"], type_line="Artifact"),
    card("Westvale Abbey // Ormendahl, Profane Prince", group="land", legal=0, reasons=["legendary"],
         f=["Westvale Abbey", "Ormendahl, Profane Prince"],
         type_line="Land // Legendary Creature — Demon"),
    card("Æther Vial", group="artifact", x=1, type_line="Artifact"),
]
TYPES = ["Dwarf", "Goblin", "Human", "Insect", "Knight", "Mouse", "Scout", "Shaman", "Warrior", "Wizard", "Wraith"]
# As format.json's type_forms: every spelling the build knows, lower-cased (irregular plurals included).
TYPE_FORMS = {**{t.lower(): t for t in TYPES}, **{t.lower() + "s": t for t in TYPES}, "dwarves": "Dwarf", "mice": "Mouse"}
FORMAT_DOC = {**FORMAT, "banlist": [{"name": "Sol Ring", "category": "banned", "reason": "Free fast mana."}],
              "reason_texts": {"banned": "It is banned.", "legendary": "Legendary."}, "type_forms": TYPE_FORMS,
              "card_groups": [{"group": g, **words} for g, words in VOCABULARY["card_groups"].items()]}


@pytest.fixture(scope="module")
def facts() -> Facts:
    return Facts.from_exports({"version": 1, "types": TYPES, "cards": CARDS}, FORMAT_DOC)


def goblins(main_extra: str = "", side_extra: str = "", mountains: int = 48, leader: str = "1 Krenko, Mob Boss") -> str:
    return (f"Deck\n4 Goblin Guide\n4 Goblin Warchief\n4 Wooded Foothills\n{mountains} Mountain\n{main_extra}"
            f"\nSideboard\n{leader}\n{side_extra}")


def rules_of(result: dict) -> list[tuple[str, list[str]]]:
    return sorted((v["rule"], v["cards"]) for v in result["violations"])


# --- parsing --------------------------------------------------------------------------------------------

def test_moxfield_lines_with_set_and_number_and_finish():
    parsed = parse("1 Goblin Guide (ZEN) 126 *F*\n4 Mountain (ZEN) 243\n\nSIDEBOARD:\n1 Krenko, Mob Boss (M13) 141\n")
    assert [(e.count, e.name, e.section, e.set_code, e.number) for e in parsed.entries] == [
        (1, "Goblin Guide", "main", "ZEN", "126"), (4, "Mountain", "main", "ZEN", "243"),
        (1, "Krenko, Mob Boss", "side", "M13", "141")]
    assert not parsed.errors and not parsed.notes


def test_arena_headers_about_and_commander():
    parsed = parse("About\nName My Goblins\n\nCommander\n1 Krenko, Mob Boss\n\nDeck\n4 Goblin Guide (ZEN) 126\n"
                   "Sideboard\n2 Lightning Bolt\n")
    assert [(e.name, e.section) for e in parsed.entries] == [
        ("Krenko, Mob Boss", "side"), ("Goblin Guide", "main"), ("Lightning Bolt", "side")]
    assert not parsed.errors


def test_mtgo_blank_line_starts_the_sideboard_and_says_so():
    parsed = parse("4 Goblin Guide\n56 Mountain\n\n\n1 Krenko, Mob Boss\n\n")
    assert [e.section for e in parsed.entries] == ["main", "main", "side"]
    assert parsed.notes == ["No Sideboard header: the 1 card after the blank line 3 is read as the sideboard, "
                            "as in an MTGO list."]
    parsed = parse("4 Goblin Guide\n56 Mountain\n\n1 Krenko, Mob Boss\n2 Lightning Bolt\n")
    assert parsed.notes == ["No Sideboard header: the 3 cards after the blank line 3 are read as the sideboard, "
                            "as in an MTGO list."]


def test_an_sb_line_says_where_the_sideboard_is_so_a_blank_line_does_not():
    """A list grouped by blank lines whose sideboard is marked `SB:` (review 17: 20 Mountains were read as
    the sideboard)."""
    parsed = parse("4 Goblin Guide\n\n56 Mountain\nSB: 1 Krenko, Mob Boss\n")
    assert [e.section for e in parsed.entries] == ["main", "main", "side"]
    assert not parsed.notes


def test_blank_lines_between_groups_do_not_split_a_commented_list():
    parsed = parse("// Creatures\n4 Goblin Guide\n\n// Lands\n56 Mountain\n")
    assert {e.section for e in parsed.entries} == {"main"}


def test_plain_counts_comments_and_sb_prefix():
    parsed = parse("# my deck\n4x Goblin Guide\n4 X Mountain\n3× Mountain\nSB: 1 Krenko, Mob Boss\n// Sideboard\n1 Lightning Bolt")
    assert [(e.count, e.name, e.section) for e in parsed.entries] == [
        (4, "Goblin Guide", "main"), (4, "Mountain", "main"), (3, "Mountain", "main"),
        (1, "Krenko, Mob Boss", "side"), (1, "Lightning Bolt", "side")]


def test_declared_type_line_and_a_second_one():
    parsed = parse("Coalition type: Goblins\n# coalition-type = Warrior\n4 Goblin Guide\n")
    assert parsed.declared_type == "Goblins"
    assert [e["line"] for e in parsed.errors] == [2]


@pytest.mark.parametrize("line, message", [
    ("Goblin Guide", 'expected "COUNT NAME"'),
    ("-1 Goblin Guide", "cannot be negative"),
    ("0 Goblin Guide", "at least 1"),
    ("1.5 Goblin Guide", "whole number"),
    ("123456789012345678901234567890 Mountain", "too large (at most 9999)"),
    ("10000 Mountain", "too large"),
    ("4 Goblin\x07 Guide", "control characters"),
    ("4 " + "x" * 400, "characters long"),
    ("Coalition type:", "missing"),
])
def test_bad_lines_are_reported_with_their_number_and_the_rest_is_read(line, message):
    parsed = parse(f"4 Goblin Guide\n{line}\n4 Mountain\n")
    assert [e.name for e in parsed.entries] == ["Goblin Guide", "Mountain"]
    assert len(parsed.errors) == 1 and parsed.errors[0]["line"] == 2 and message in parsed.errors[0]["message"]
    assert "\x07" not in parsed.errors[0]["text"] and len(parsed.errors[0]["text"]) <= 61


def test_nothing_to_read_is_fatal():
    assert parse("").fatal and parse("// just a comment\n\n").fatal and parse("garbage\nmore garbage").fatal
    assert parse("\x00\x01binary").fatal.startswith("The input holds NUL bytes")


# --- names ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["Fire // Ice", "fire/ice", "FIRE / ICE", "Fire", "fire  //   ice"])
def test_split_card_spellings(facts, typed):
    assert facts.cards[facts.index.lookup(typed)]["n"] == "Fire // Ice"


@pytest.mark.parametrize("typed, found", [
    ("Delver of Secrets", "Delver of Secrets // Insectile Aberration"),
    ("delver of secrets // insectile aberration", "Delver of Secrets // Insectile Aberration"),
    ("Nazgul", "Nazgûl"), ("NAZGÛL", "Nazgûl"), ("Aether Vial", "Æther Vial"),
    ("Krenko’s Mob Boss", None), ("krenko, mob boss", "Krenko, Mob Boss"),
])
def test_case_accents_and_front_faces(facts, typed, found):
    index = facts.index.lookup(typed)
    assert (facts.cards[index]["n"] if index is not None else None) == found


def test_curly_and_straight_apostrophes_are_one_key():
    assert name_key("Krenko’s Command") == name_key("krenko's command") == name_key("Krenko‘s  Command")


def test_suggestions_for_a_typo(facts):
    assert facts.index.suggest("Goblin Gide")[0] == "Goblin Guide"
    assert facts.index.suggest("Insectile Abberation") == ["Delver of Secrets // Insectile Aberration"]
    assert facts.index.suggest("<script>alert(1)</script>") == []


# --- rules --------------------------------------------------------------------------------------------------

def test_legal_goblins(facts):
    result = check(parse(goblins()), facts)
    assert result["legal"] and result["leader"] == "Krenko, Mob Boss" and result["coalition_types"] == ["Goblin"]
    assert result["violations"] == [] and result["counts"] == {"main": 60, "side": 1}


def test_every_violation_cites_its_rule_and_link(facts):
    result = check(parse(goblins("4 Lightning Bolt\n", mountains=44)), facts)
    [violation] = result["violations"]
    assert violation == {"rule": "906.5d", "code": "singleton", "cards": ["Lightning Bolt"],
                         "link": "rules/#906-5d",
                         "message": "Lightning Bolt: 4 copies in the main deck and sideboard; a card that is neither "
                                    "creature nor land may be included only once."}


def test_copies_count_main_and_sideboard_together(facts):
    result = check(parse(goblins(side_extra="1 Goblin Guide\n")), facts)
    assert rules_of(result) == [("906.5b", ["Goblin Guide"])]


def test_a_banned_card_only_in_the_sideboard_is_banned(facts):
    """906.5g: "The deck and sideboard must not contain banned cards"."""
    result = check(parse(goblins(side_extra="1 Sol Ring\n")), facts)
    assert rules_of(result) == [("906.5g", ["Sol Ring"])]


def test_oracle_overrides_and_basics(facts):
    deck = "Deck\n7 Seven Dwarves\n9 Nazgûl\n44 Mountain\nSideboard\n1 Krenko, Mob Boss\n"
    assert [v["rule"] for v in check(parse(deck), facts)["violations"]] == ["906.5e"]   # types, not copies
    deck = deck.replace("7 Seven", "8 Seven").replace("9 Naz", "10 Naz").replace("44 Mountain", "42 Mountain")
    messages = [v["message"] for v in check(parse(deck), facts)["violations"] if v["rule"] == "906.5b"]
    assert sorted(messages) == ["Nazgûl: 10 copies in the main deck and sideboard; its own text allows at most 9.",
                                "Seven Dwarves: 8 copies in the main deck and sideboard; its own text allows at most 7."]


def test_second_legend_in_main_deck(facts):
    result = check(parse(goblins("1 Kiki-Jiki, Mirror Breaker\n", mountains=47)), facts)
    assert rules_of(result) == [("906.5h", ["Kiki-Jiki, Mirror Breaker"])]


def test_lone_leader_in_main_deck_is_still_used_for_the_type(facts):
    result = check(parse(goblins("1 Krenko, Mob Boss\n", mountains=47, leader="")), facts)
    assert rules_of(result) == [("906.5f", ["Krenko, Mob Boss"])] and result["coalition_types"] == ["Goblin"]


def test_two_leaders_in_sideboard(facts):
    result = check(parse(goblins(side_extra="1 Kiki-Jiki, Mirror Breaker\n")), facts)
    assert rules_of(result) == [("906.5f", ["Kiki-Jiki, Mirror Breaker", "Krenko, Mob Boss"]),
                                ("906.5h", ["Krenko, Mob Boss"])]
    assert result["leader"] is None and result["suggested_leader"] == "Kiki-Jiki, Mirror Breaker"
    assert result["coalition_types"] == ["Goblin"]          # each legend's types are still checked
    assert [c["name"] for c in result["leader_candidates"]] == ["Kiki-Jiki, Mirror Breaker", "Krenko, Mob Boss"]


def test_only_human_fits_gives_the_cuts(facts):
    result = check(parse(goblins("4 Angry Mob\n", mountains=44)), facts)
    assert result["coalition_types"] == [] and not result["legal"]
    assert result["type_options"] == [{"type": "Goblin", "misfits": ["Angry Mob"], "cut": 4},
                                      {"type": "Warrior", "misfits": ["Angry Mob", "Goblin Guide"], "cut": 8}]
    [violation] = result["violations"]
    assert violation["rule"] == "906.5e" and violation["cards"] == ["Angry Mob"]
    assert "Goblin (cut 4 copies of 1 card: Angry Mob); Warrior (cut 8 copies of 2 cards: Angry Mob; Goblin Guide)" \
        in violation["message"]


@pytest.mark.parametrize("extra, cut", [("1 Angry Mob\n", "Goblin (cut 1 card: Angry Mob)"),
                                        ("1 Angry Mob\n", "Warrior (cut 5 copies of 2 cards: Angry Mob; Goblin Guide)")])
def test_the_cuts_tell_copies_from_cards(facts, extra, cut):
    """Review item 20: "cut 22 cards" counted copies across seven names."""
    [violation] = check(parse(goblins(extra, mountains=48 - extra.count("\n"))), facts)["violations"]
    assert cut in violation["message"]


def test_a_list_of_cards_in_a_message_keeps_names_with_commas_whole(facts):
    """Card names are split by "; " in a message: "Angry Mob, Crovax, Ascendant Hero" read as three cards."""
    result = check(parse(goblins("1 Angry Mob\n1 Crovax, Ascendant Hero\n", mountains=46)), facts, "Goblin")
    messages = [v["message"] for v in result["violations"]]
    assert any("Goblin: Angry Mob; Crovax, Ascendant Hero." in message for message in messages), messages


@pytest.mark.parametrize("typed, near", [("Gobln", "Goblin"), ("goblns", "Goblin"), ("Warior", "Warrior")])
def test_a_mistyped_type_names_the_nearest(facts, typed, near):
    """Review item 13: the name matcher of generator/names.py over the build's type spellings."""
    [violation] = check(parse(goblins()), facts, typed)["violations"]
    assert violation["message"].startswith(f"{typed} is not a creature type: did you mean {near}")


def test_changeling_and_unaffiliated_fit_every_type(facts):
    result = check(parse(goblins("4 Mirror Entity\n1 Fire // Ice\n", mountains=43)), facts)
    assert result["legal"] and result["coalition_types"] == ["Goblin"]


@pytest.mark.parametrize("declared, legal, text", [
    ("Goblin", True, None), ("goblins", True, None), ("Warrior", False, "1 card is not affiliated with Warrior: Goblin Guide."),
    ("Human", False, "Human may not be the coalition type."), ("Shaman", False, "is not affiliated with Shaman"),
    ("Nonsense", False, "Nonsense is not a creature type."),
    ("Mice", False, "is not affiliated with Mouse"),     # an irregular plural, read through type_forms
])
def test_declared_type(facts, declared, legal, text):
    result = check(parse(goblins()), facts, declared)
    assert result["legal"] is legal
    if text:
        assert any(text in v["message"] for v in result["violations"])


def test_type_line_in_the_list_and_the_command_line_wins(facts):
    listed = "Coalition type: Warrior\n" + goblins()
    assert not check(parse(listed), facts)["legal"]
    assert check(parse(listed), facts, "Goblin")["legal"]


def test_leader_that_leads_nothing(facts):
    result = check(parse(goblins(leader="1 Crovax, Ascendant Hero")), facts)
    assert rules_of(result) == [("906.5e", ["Crovax, Ascendant Hero"])]


def test_leader_with_no_creature_type_is_told_so_not_about_the_excluded_type():
    """A Shrine or a Background leads nothing because it has no type at all (reason no_affiliation), not
    because its type is Human: the message says so, as the lookup's reason does."""
    shrine = card("Go-Shintai of Boundless Vigor", types=(), leads=[], legal=0, reasons=["no_affiliation"],
                  type_line="Legendary Enchantment Creature — Shrine")
    facts = Facts.from_exports({"version": 1, "types": TYPES, "cards": CARDS + [shrine]}, FORMAT_DOC)
    result = check(parse(goblins(leader="1 Go-Shintai of Boundless Vigor")), facts)
    assert [(v["rule"], v["code"]) for v in result["violations"]] == [("906.5e", "coalition_type")]
    assert result["violations"][0]["message"] == ("Go-Shintai of Boundless Vigor cannot lead: it has no creature "
                                                  "type and no affiliation, so there is no coalition type to choose.")


def test_banned_with_reason_and_legendary_back_face(facts):
    result = check(parse(goblins("1 Sol Ring\n1 Westvale Abbey\n", mountains=46)), facts)
    assert rules_of(result) == [("906.5g", ["Sol Ring"]), ("906.5h", ["Westvale Abbey // Ormendahl, Profane Prince"])]
    assert result["violations"][0]["message"] == "Sol Ring is banned: Free fast mana."


def test_unknown_names_and_bad_lines_make_a_deck_not_legal(facts):
    result = check(parse(goblins("oops\n4 Goblin Gide\n", mountains=44)), facts)
    assert not result["legal"] and result["violations"] == []
    [unknown] = result["unknown_cards"]
    assert (unknown["name"], unknown["line"], unknown["count"], unknown["suggestions"][0]) == ("Goblin Gide", 7, 4, "Goblin Guide")
    assert [e["line"] for e in result["line_errors"]] == [6]


def test_only_the_first_unknown_names_get_suggestions(facts):
    lines = "".join(f"1 Unknown Card {n}\n" for n in range(decklist.SUGGESTED_NAMES + 5))
    result = check(parse(goblins(lines)), facts)
    assert len(result["unknown_cards"]) == decklist.SUGGESTED_NAMES + 5


def test_deck_text_round_trips(facts):
    result = check(parse(goblins("1 fire/ice\n1 Delver of Secrets\n", mountains=46)), facts)
    arena = deck_text(result, "arena")
    assert arena.startswith("Deck\n1 Delver of Secrets\n4 Goblin Guide\n") and "\nSideboard\n1 Krenko, Mob Boss\n" in arena
    assert "1 Fire // Ice\n" in arena and "1 Delver of Secrets\n" in arena     # split in full, others by front face
    mtgo = deck_text(result, "mtgo")
    assert "Deck" not in mtgo and mtgo.endswith("\n\n1 Krenko, Mob Boss\n")
    for text in (arena, mtgo):
        again = check(parse(text), facts)
        assert (again["counts"], rules_of(again)) == (result["counts"], rules_of(result))


def test_declared_type_is_still_checked_without_a_leader(facts):
    result = check(parse(goblins("4 Angry Mob\n", mountains=44, leader="")), facts, "Goblin")
    assert rules_of(result) == [("906.5e", ["Angry Mob"]), ("906.5f", [])]
    assert result["leader"] is None and result["coalition_types"] == []
