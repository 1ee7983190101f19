"""Words of today's cards that look like creature types and are not, and two that are: the review of
2026-11-28 on the shaped 2025 file (../shared/data, skipped when absent), on its card objects as they are.

- A keyword's or a Role token's name names no creature (data/readings.yml `names_not_types`): the Transformers
  keyword "More Than Meets the Eye" gave 15 legends an Eye coalition; "Young Hero Role" and "Sorcerer Role"
  gave Hero and Sorcerer. "Doctor's companion" does name Doctor and is not listed.
- "named A and B" / "named A or B" are two card names: Tower Worker was a Plant card through "Power Plant
  Worker", Dragonstorm Forecaster a Dragon card through "Boulderborn Dragon".
- "Heroes" is the plural of Hero (data/cards/creature_types.yml), so Cid, Timeless Artificer names Hero.
- Garth One-Eye lists Shivan Dragon without "named": an override takes Dragon away.
- An old token's type line (Mowu's, "Token Legendary Creature — Hound") adds no creature type.
"""

from __future__ import annotations

import gzip
import json

import duckdb
import pytest

from generator.errors import BuildError
from generator.readings import load_readings
from tests.conftest import SHARED_DATA_DIR, build_from_cards, facts, project_copy

MODERN = SHARED_DATA_DIR / "scryfall-shaped-2025-09.jsonl.gz"
OPTIMUS = "Optimus Prime, Hero // Optimus Prime, Autobot Leader"
NAMES = {OPTIMUS, "Embereth Veteran", "Living Lectern", "Barbara Wright", "Tower Worker", "Dragonstorm Forecaster",
         "Cid, Timeless Artificer", "Garth One-Eye", "Mowu // Mowu", "Mowu, Loyal Companion", "Changeling Outcast"}


@pytest.fixture(scope="module")
def modern_cards() -> list[dict]:
    if not MODERN.exists():
        pytest.skip(f"{MODERN} is not present")
    with gzip.open(MODERN, "rt", encoding="utf-8") as lines:
        found = [card for card in map(json.loads, lines) if card["name"] in NAMES]
    assert {card["name"] for card in found} == NAMES
    return found


@pytest.fixture(scope="module")
def modern_db(modern_cards, tmp_path_factory):
    with duckdb.connect(str(build_from_cards(modern_cards, tmp_path_factory.mktemp("names"))), read_only=True) as con:
        yield con


def ignored(con, name: str) -> set[tuple[str, str]]:
    return {(row["word"], row["reason"]) for row in facts(con, name)["ignored_words"]}


@pytest.mark.parametrize(("card", "word", "affiliations"), [
    (OPTIMUS, "Eye", ["Robot"]),                           # "More Than Meets the Eye {R}{W}"
    ("Embereth Veteran", "Hero", ["Human", "Knight"]),     # "create a Young Hero Role token"
    ("Living Lectern", "Sorcerer", ["Construct"]),         # "create a Sorcerer Role token"
])
def test_a_keyword_or_token_name_names_no_type(modern_db, card, word, affiliations):
    assert facts(modern_db, card)["affiliations"] == affiliations
    assert (word, "named_thing") in ignored(modern_db, card)


def test_doctors_companion_names_doctor(modern_db):
    assert "Doctor" in facts(modern_db, "Barbara Wright")["affiliations"]


def test_the_names_are_one_switch_each(modern_cards, tmp_path):
    paths = project_copy(tmp_path)
    readings = paths.data_dir / "readings.yml"
    text = readings.read_text(encoding="utf-8")
    readings.write_text(text.replace("[More Than Meets the Eye, Young Hero Role, Sorcerer Role]", "[Sorcerer Role]"),
                        encoding="utf-8")
    with duckdb.connect(str(build_from_cards(modern_cards, tmp_path, paths)), read_only=True) as con:
        assert facts(con, OPTIMUS)["affiliations"] == ["Eye", "Robot"]
        assert "Hero" in facts(con, "Embereth Veteran")["affiliations"]
        assert "Sorcerer" not in facts(con, "Living Lectern")["affiliations"]


def test_a_name_in_the_list_must_be_words(tmp_path):
    paths = project_copy(tmp_path)
    readings = paths.data_dir / "readings.yml"
    readings.write_text(readings.read_text(encoding="utf-8").replace("Sorcerer Role]", "'  ']"), encoding="utf-8")
    with pytest.raises(BuildError, match=r"readings\.yml:\d+: names_not_types: String should have at least 1 character"):
        load_readings(paths.data_dir)


@pytest.mark.parametrize(("card", "affiliations", "reference"), [
    ("Tower Worker", ["Assembly-Worker"], "named Mine Worker and Power Plant Worker"),
    ("Dragonstorm Forecaster", ["Human", "Scout"], "named Dragonstorm Globe or Boulderborn Dragon"),
])
def test_two_names_after_named_are_both_cards(modern_db, card, affiliations, reference):
    report = facts(modern_db, card)
    assert report["affiliations"] == affiliations
    assert reference in {row["evidence"] for row in report["ignored_words"] if row["reason"] == "card_reference"}


def test_heroes_is_the_plural_of_hero(modern_db):
    evidence = facts(modern_db, "Cid, Timeless Artificer")["affiliation_evidence"]
    assert {"type": "Hero", "source": "oracle_text", "evidence": "Heroes"}.items() <= next(
        row for row in evidence if row["type"] == "Hero").items()


def test_garth_one_eye_lists_a_card_not_a_dragon(modern_db):
    report = facts(modern_db, "Garth One-Eye")
    assert report["affiliations"] == ["Human", "Wizard"]
    assert "Dragon" not in report["coalition_types"]


def test_an_old_token_adds_no_type(modern_db):
    types = {t for (t,) in modern_db.execute("SELECT type FROM creature_types").fetchall()}
    assert "Hound" not in types and "Dog" in types
    assert "Hound" not in facts(modern_db, "Changeling Outcast")["affiliations"]


def test_the_lookup_data_carries_the_correction_and_its_reason(modern_db):
    """Review of 2026-11-28: the rules page said the correction shows, and the lookup's data had none of it. A
    type taken away comes in cards.json `i` as [type, "override", the correction's reason]; the lookup words it
    (tests/browser/test_lookup_readings.py)."""
    from generator.export.files import cards_export

    garth = next(card for card in cards_export(modern_db, "coalition")["cards"] if card["n"] == "Garth One-Eye")
    [(word, reason, why)] = [row for row in garth["i"] if row[1] == "override"]
    assert (word, reason) == ("Dragon", "override") and "Shivan Dragon, another card" in why
