"""The name matcher (generator/names.py) against the shared vectors that docs/assets/js/names.js also runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.names import NameIndex, distance, key

VECTORS = json.loads((Path(__file__).parent / "fixtures" / "names" / "vectors.json").read_text(encoding="utf-8"))
INDEX = NameIndex.from_cards(VECTORS["cards"])


def name_of(position):
    return None if position is None else INDEX.entries[position].name


@pytest.mark.parametrize("written, expected", VECTORS["keys"])
def test_a_key_ignores_case_accents_and_punctuation(written, expected):
    assert key(written) == expected


@pytest.mark.parametrize("case", VECTORS["cases"], ids=lambda case: case["query"] or "(empty)")
def test_the_matcher_answers_every_vector(case):
    assert name_of(INDEX.resolve(case["query"])) == case["resolve"]
    if "nearest" in case:
        assert name_of(INDEX.nearest(case["query"])) == case["nearest"]
    if "suggest" in case:
        got = [name_of(i) for i in INDEX.suggest(case["query"], limit=max(3, len(case["suggest"])))]
        assert got[:len(case["suggest"])] == case["suggest"]
        if not case["suggest"]:
            assert got == []
    if "read_as" in case:
        assert read_as(case["query"]) == case["read_as"]


def read_as(query):
    """[how, [other legends]] for the card resolve (else nearest) finds, or None (spec rule 6)."""
    position = INDEX.resolve(query)
    position = INDEX.nearest(query) if position is None else position
    reading = None if position is None else INDEX.read_as(query, position)
    return None if reading is None else [reading.how, [name_of(i) for i in reading.others]]


def test_lookup_takes_full_names_and_front_faces_only():
    assert name_of(INDEX.lookup("fire/ice")) == "Fire // Ice"
    assert name_of(INDEX.lookup("Delver of Secrets")) == "Delver of Secrets // Insectile Aberration"
    assert INDEX.lookup("Insectile Aberration") is None
    assert INDEX.lookup("Krenko") is None


def test_the_edit_distance_counts_a_swap_as_one_and_stops_early():
    assert distance("blot", "bolt", 2) == 1      # a swap is half an edit
    assert distance("blot", "blow", 2) == 2
    assert distance("kitten", "sitting", 10) == 6
    assert distance("abc", "abcdefgh", 4) == 5
