"""Rule 906.4 and the format README's affiliation examples, on real card objects."""

from __future__ import annotations

import pytest

from tests.conftest import facts


def affiliations(con, name: str) -> list[str]:
    return facts(con, name)["affiliations"]


def evidence(con, name: str) -> set[tuple[str, str, str]]:
    return {(e["type"], e["source"], e["evidence"]) for e in facts(con, name)["affiliation_evidence"]}


# The examples of seeds/coalition-README.md "Affiliation restriction examples", verbatim in meaning.
@pytest.mark.parametrize(
    ("card", "expected"),
    [
        ("Kaalia of the Vast", ["Angel", "Cleric", "Demon", "Dragon", "Human"]),
        ("Portal to Phyrexia", ["Phyrexian"]),
        ("Swan Song", ["Bird"]),
        ("Bestial Menace", ["Elephant", "Snake", "Wolf"]),
        ("Aether Chaser", ["Artificer", "Human", "Servo"]),
        ("Celestial Colonnade", ["Elemental"]),
        ("Dermotaxi", []),
        ("Embiggen", []),
        ("Go-Shintai of Boundless Vigor", []),
        ("Grist, the Hunger Tide", ["Insect"]),
        ("Coalition Victory", []),
    ],
)
def test_readme_examples(fixture_db, card, expected):
    assert affiliations(fixture_db, card) == expected


def test_type_line_gives_affiliation_with_its_source(fixture_db):
    assert ("Cleric", "type_line", "Cleric") in evidence(fixture_db, "Kaalia of the Vast")
    assert ("Angel", "oracle_text", "Angel") in evidence(fixture_db, "Kaalia of the Vast")


@pytest.mark.parametrize(
    ("card", "only_in_reminder"),
    [("Cultivator of Blades", "Servo"), ("Angel of Sanctions", "Zombie")],
)
def test_reminder_text_is_ignored(fixture_db, card, only_in_reminder):
    # Fabricate's reminder makes Servos, Embalm's makes a Zombie: 906.4b says neither counts.
    report = facts(fixture_db, card)
    assert only_in_reminder not in report["affiliations"]


def test_non_x_negation_names_no_type(fixture_db):
    assert affiliations(fixture_db, "Embiggen") == []


def test_negation_drops_only_that_occurrence(fixture_db):
    # "sacrifice a non-Zombie creature, then create a 2/2 black Zombie creature token"
    assert affiliations(fixture_db, "Archdemon of Unx") == ["Demon", "Zombie"]
    assert ("Zombie", "oracle_text", "Zombie") in evidence(fixture_db, "Archdemon of Unx")


def test_own_name_is_not_a_type(fixture_db):
    assert affiliations(fixture_db, "Goblin Bombardment") == []


def test_back_face_counts(fixture_db):
    card = facts(fixture_db, "Westvale Abbey")
    assert "Demon" in card["affiliations"]
    assert any(e["type"] == "Demon" and e["face_index"] == 1 for e in card["affiliation_evidence"])


@pytest.mark.parametrize("card", ["Morophon, the Boundless", "Changeling Outcast", "Mistform Ultimus"])
def test_changeling_and_every_creature_type_mean_every_type(fixture_db, card):
    report = facts(fixture_db, card)
    every_type = {t for (t,) in fixture_db.execute("SELECT type FROM creature_types").fetchall()}
    assert report["changeling"] is True
    assert set(report["affiliations"]) == every_type
    assert set(report["affiliation_sources"]["Goblin"]) == {"changeling"}


def test_granting_changeling_to_others_is_not_changeling(fixture_db):
    # Cavern of Souls: "As this land enters, choose a creature type." names no type at all.
    assert facts(fixture_db, "Cavern of Souls")["affiliations"] == []


@pytest.mark.parametrize(
    ("card", "word", "type_name"),
    [
        ("Elvish Archdruid", "Elf", "Elf"),
        ("Immerwolf", "Werewolves", "Werewolf"),
        ("Immerwolf", "Wolf", "Wolf"),
        ("Depala, Pilot Exemplar", "Dwarves", "Dwarf"),
        ("Valley Questcaller", "Mice", "Mouse"),
        ("Bruse Tarl, Roving Rancher", "Oxen", "Ox"),
        ("The Mycotyrant", "Fungi", "Fungus"),
        ("Whelming Wave", "Octopuses", "Octopus"),
        ("Harabaz Druid", "Allies", "Ally"),
        ("Spellstutter Sprite", "Faeries", "Faerie"),
        ("Root Cage", "Mercenaries", "Mercenary"),
        ("Thelonite Hermit", "Saproling", "Saproling"),
        ("Hour of Need", "Sphinx", "Sphinx"),
        ("Suleiman's Legacy", "Djinns", "Djinn"),
        ("Suleiman's Legacy", "Efreets", "Efreet"),
        ("Slime Against Humanity", "Oozes", "Ooze"),
        ("TARDIS", "Time Lord", "Time Lord"),
        ("Time Lord Regeneration", "Time Lord", "Time Lord"),
    ],
)
def test_plural_and_irregular_forms(fixture_db, card, word, type_name):
    assert (type_name, "oracle_text", word) in evidence(fixture_db, card)


def test_types_from_type_lines_with_apostrophes_and_two_words(fixture_db):
    assert ("C'tan", "type_line", "C'tan") in evidence(fixture_db, "Shard of the Nightbringer")
    assert ("Time Lord", "type_line", "Time Lord") in evidence(fixture_db, "The Tenth Doctor")


def test_two_word_and_hyphenated_types(fixture_db):
    assert "Assembly-Worker" in affiliations(fixture_db, "Mishra's Factory")
    types = {t for (t,) in fixture_db.execute("SELECT type FROM creature_types").fetchall()}
    assert {"Time Lord", "Assembly-Worker", "C'tan"} <= types


def test_partner_with_names_a_card_not_a_type(fixture_db):
    # "Partner with Toothy, Imaginative Friend": Pir is a Human and nothing else.
    assert affiliations(fixture_db, "Pir, Imaginative Rascal") == ["Human"]


def test_kindred_type_line_counts(fixture_db):
    assert affiliations(fixture_db, "Tarfire") == ["Goblin"]


def test_named_card_is_a_name_not_a_type(fixture_db):
    # "search your library for a card named Sphinx Sovereign": no Sphinx affiliation.
    assert "Sphinx" not in affiliations(fixture_db, "Sphinx's Herald")


def test_modern_this_creature_wording_and_short_names(fixture_db):
    # 2025 Oracle text: Grist is "Grist" and Seven Dwarves counts "creature named Seven Dwarves".
    assert affiliations(fixture_db, "Grist, the Hunger Tide") == ["Insect"]
    assert affiliations(fixture_db, "Dragon's Approach") == ["Dragon"]
