"""The offline sample (data/sample/cards.jsonl.gz, written by generator/sample.py): every basic land is in it, as
the Scryfall object it is, so a deck of any colour can be filled from the sample. Run on the shared sample build."""

from __future__ import annotations

import gzip
import json

import pytest

from generator.cli import main
from generator.paths import PROJECT_ROOT
from generator.sample import BASIC_LAND
from tests.site_testing import built_site

BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes")


def sample_objects() -> dict[str, dict]:
    with gzip.open(PROJECT_ROOT / "data" / "sample" / "cards.jsonl.gz", "rt", encoding="utf-8") as handle:
        return {card["name"]: card for card in map(json.loads, handle)}


def test_the_sample_holds_every_basic_land_as_a_scryfall_object():
    cards = sample_objects()
    for name in BASICS + tuple(f"Snow-Covered {b}" for b in BASICS[:5]):
        card = cards[name]
        assert card["object"] == "card" and card["oracle_id"] and card["layout"] == "normal", name
        assert BASIC_LAND.match(card["type_line"]) and card["legalities"]["vintage"] == "legal", name


@pytest.mark.parametrize("basic", BASICS[:5])
def test_a_deck_of_each_basic_land_passes_on_the_sample(tmp_path_factory, tmp_path, capsys, basic):
    """Plains, Swamp and Mountain were missing: a white, black or red sample deck could not pass."""
    deck = tmp_path / "deck.txt"
    deck.write_text(f"Deck\n60 {basic}\n\nSideboard\n1 Krenko, Mob Boss\n", encoding="utf-8")
    code = main(["validate", str(deck), "--json", "--db", str(built_site(tmp_path_factory).database)])
    verdict = json.loads(capsys.readouterr().out)
    assert code == 0 and verdict["legal"] and not verdict["unknown_cards"], verdict
