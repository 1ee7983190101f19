"""Balance of Power's procedure in Python: the shared vectors (the browser answers the same file in
tests/browser/test_solo_table.py), each behaviour of the procedure, its data file's schema, and
`coalition solo deal`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from generator.cli import main
from generator.errors import BuildError
from generator.paths import PROJECT_ROOT
from generator.solo.procedure import load_procedure, procedure_export, procedure_listings
from generator.solo.shuffle import mulberry32, shuffled
from generator.solo.table import deal, deal_library, refill, rule_for
from tests.conftest import all_fixture_cards, build_from_cards

VECTORS = yaml.safe_load((Path(__file__).parent / "vectors" / "solo-deals.yml").read_text(encoding="utf-8"))
STATE_KEYS = ("piles", "land_pile", "world_pile", "library", "graveyard", "outcome")
SOLO_FIXTURES = Path(__file__).parent / "fixtures" / "solo"
PROCEDURE = load_procedure(PROJECT_ROOT / "data")
TYPE_OF = VECTORS["type_lines"].__getitem__


def state(table: dict) -> dict:
    return {key: table[key] for key in STATE_KEYS}


@pytest.mark.parametrize("case", VECTORS["prng"], ids=lambda c: f"seed-{c['seed']}")
def test_mulberry32_vectors(case):
    numbers = mulberry32(case["seed"])
    assert [next(numbers) for _ in case["first"]] == case["first"]


@pytest.mark.parametrize("case", VECTORS["shuffles"], ids=lambda c: f"{len(c['items'])}-{c['seed']}")
def test_shuffle_vectors(case):
    assert shuffled(case["items"], case["seed"]) == case["order"]


def play(case: dict) -> list[tuple[dict, dict]]:
    """(what we got, what the vector expects) for the deal and every step after it."""
    if "seed" in case:
        assert shuffled(case["deck"], case["seed"]) == case["shuffled"]
        table = deal(case["deck"], case["seed"], PROCEDURE, TYPE_OF)
    else:
        table = deal_library(case["library"], PROCEDURE, TYPE_OF)
    pairs = [(state(table), case["deal"])]
    for step in case["steps"]:
        table = refill(table, step["refill"] - 1, PROCEDURE, TYPE_OF)
        pairs.append((state(table), step["expect"]))
    return pairs


@pytest.mark.parametrize("case", VECTORS["ordered"] + VECTORS["seeded"], ids=lambda c: c["name"])
def test_deal_vectors(case):
    for got, expected in play(case):
        assert got == expected


def test_shuffle_keeps_every_card_and_rejects_bad_seeds():
    deck = [f"card {i}" for i in range(60)]
    assert sorted(shuffled(deck, 99)) == sorted(deck) and shuffled(deck, 99) != deck
    assert shuffled(deck, 99) == shuffled(deck, 99) != shuffled(deck, 100)
    with pytest.raises(ValueError):
        shuffled(deck, -1)
    with pytest.raises(ValueError):
        shuffled(deck, 2**32)


# The document's set-up, one behaviour at a time, on a library in a known order.
def test_setup_land_goes_to_land_pile_and_creature_ends_the_pile():
    table = deal_library(["Forest", "Arbor Elf", "Cylian Elf", "Darkwatch Elves", "Copperhorn Scout", "Embiggen"],
                         PROCEDURE, TYPE_OF)
    assert table["land_pile"] == ["Forest"]
    assert table["piles"] == [["Arbor Elf"], ["Cylian Elf"], ["Darkwatch Elves"], ["Copperhorn Scout"]]
    assert table["library"] == ["Embiggen"] and table["outcome"] == "playing"


def test_setup_other_cards_go_under_the_creature_that_ends_their_pile():
    table = deal_library(["Embiggen", "Harrow", "Arbor Elf", "Explore", "Cylian Elf", "Darkwatch Elves",
                          "Copperhorn Scout"], PROCEDURE, TYPE_OF)
    assert table["piles"][0] == ["Embiggen", "Harrow", "Arbor Elf"]     # bottom to top: the creature on top
    assert table["piles"][1] == ["Explore", "Cylian Elf"]


def test_setup_world_enchantment_goes_to_the_world_pile_but_an_ordinary_one_stays():
    table = deal_library(["Tombstone Stairwell", "Exploration", "Arbor Elf", "Cylian Elf", "Darkwatch Elves",
                          "Copperhorn Scout"], PROCEDURE, TYPE_OF)
    assert table["world_pile"] == ["Tombstone Stairwell"]
    assert table["piles"][0] == ["Exploration", "Arbor Elf"]


def test_setup_that_runs_out_is_lost_and_says_so():
    table = deal_library(["Arbor Elf", "Forest", "Cylian Elf"], PROCEDURE, TYPE_OF)
    assert table["outcome"] == "lost"
    assert table["message"] == "The library ran out during set-up: 2 of 4 piles have a creature, and the game is lost."


def test_refill_sends_the_whole_pile_to_the_graveyard_then_reveals_until_a_creature():
    table = deal_library(["Embiggen", "Arbor Elf", "Cylian Elf", "Darkwatch Elves", "Copperhorn Scout",
                          "Forest", "Harrow", "Deeproot Warrior", "Explore"], PROCEDURE, TYPE_OF)
    after = refill(table, 0, PROCEDURE, TYPE_OF)
    assert after["graveyard"] == ["Embiggen", "Arbor Elf"]
    assert after["land_pile"] == ["Forest"] and after["piles"][0] == ["Harrow", "Deeproot Warrior"]
    assert after["library"] == ["Explore"] and after["outcome"] == "playing"
    assert table["piles"][0] == ["Embiggen", "Arbor Elf"]               # the old state is untouched (undo)


def test_refill_with_no_card_to_reveal_is_a_loss():
    table = deal_library(["Arbor Elf", "Cylian Elf", "Darkwatch Elves", "Copperhorn Scout", "Forest"],
                         PROCEDURE, TYPE_OF)
    after = refill(table, 2, PROCEDURE, TYPE_OF)
    assert after["outcome"] == "lost" and after["piles"][2] == [] and after["land_pile"] == ["Forest"]
    assert "refilling pile 3" in after["message"]


@pytest.mark.parametrize(("type_line", "kind"), [
    ("Basic Land — Forest", "land"), ("Land Creature — Forest Dryad", "land"), ("Artifact Creature — Golem", "creature"),
    ("World Enchantment", "world"), ("Legendary Enchantment", "other"), ("Enchantment Creature — God", "creature"),
    ("Sorcery // Land", "other"), ("Land // Legendary Creature — Eldrazi", "land"), ("Instant", "other"),
])
def test_a_revealed_card_is_sorted_by_its_front_face(type_line, kind):
    assert rule_for(type_line, PROCEDURE).kind == kind


# procedure.yml: its schema is enforced (each check proven breakable).
@pytest.fixture()
def data_copy(tmp_path):
    shutil.copytree(PROJECT_ROOT / "data" / "formats", tmp_path / "formats")
    return tmp_path


def rewrite(data_dir: Path, old: str, new: str) -> None:
    path = data_dir / "formats" / "balance-of-power" / "procedure.yml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(("old", "new", "message"), [
    ("piles: 4 ", "piles: four ", "piles"),
    ("  - [2, 3]", "  - [2, 2]", "grid must hold each pile number"),
    ("    to: land_pile", "    to: the_bin", "reveal[0].to"),
    ("draw_to: under_top", "draw_to: under_top\nextra_key: 1", "extra_key"),
    ("empty_draw: nothing", "empty_draw: shuffle", "empty_draw"),
    ("  - kind: other\n    types: []", "  - kind: other\n    types: [Instant]", "the last reveal rule"),
    ("    file: samples/forest-creatures.txt", "    file: samples/missing.txt", "no file samples/missing.txt"),
    ("name: Balance of Power\n", "", "name: Field required"),
    ('tagline: "solo Magic', 'tagline: ""\nold_tagline: "solo Magic', "tagline"),
])
def test_bad_procedure_stops_with_file_and_line(data_copy, old, new, message):
    rewrite(data_copy, old, new)
    with pytest.raises(BuildError, match=r"procedure\.yml:\d+: .*") as error:
        load_procedure(data_copy)
    assert message in str(error.value)


def test_the_site_lists_each_procedure_by_its_own_name_and_tagline(data_copy):
    """The home page's list of formats reads procedure.yml (review of 2026-11-26, item 17: Balance of Power was
    missing from it): one entry per format folder with a procedure, linked to that folder's pages."""
    assert procedure_listings(data_copy / "formats") == [{
        "name": PROCEDURE.name, "tagline": PROCEDURE.tagline, "url": "balance-of-power/index.md"}]
    assert PROCEDURE.name == "Balance of Power" and PROCEDURE.tagline.startswith("solo Magic")
    shutil.copytree(data_copy / "formats" / "balance-of-power", data_copy / "formats" / "another-solo")
    rewrite(data_copy, "name: Balance of Power", "name: Zz")   # the folder, not the name, orders them
    assert [(p["name"], p["url"]) for p in procedure_listings(data_copy / "formats")] == [
        ("Balance of Power", "another-solo/index.md"), ("Zz", "balance-of-power/index.md")]


def test_export_is_the_procedure_plus_sample_texts():
    document = procedure_export(PROJECT_ROOT / "data")
    assert document["piles"] == 4 and document["grid"] == [[1, 4], [2, 3]]
    assert [rule["kind"] for rule in document["reveal"]] == ["land", "creature", "world", "other"]
    assert document["samples"][0]["name"] == "Forest creatures"
    assert "4 Arbor Elf" in document["samples"][0]["list"]


# `coalition solo deal`
@pytest.fixture(scope="module")
def solo_db(tmp_path_factory):
    extra = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(SOLO_FIXTURES.glob("*.json"))]
    return build_from_cards(all_fixture_cards() + extra, tmp_path_factory.mktemp("solo-db"))


DECK = "4 Forest\n2 Dryad Arbor\n4 Elvish Archdruid\n4 Graf Rats\n2 Embiggen\n1 Tombstone Stairwell\n\n1 Lightning Bolt\n"


def run_deal(capsys, tmp_path, solo_db, deck: str, *options: str) -> tuple[int, str, str]:
    deck_file = tmp_path / "deck.txt"
    deck_file.write_text(deck, encoding="utf-8")
    code = main(["solo", "deal", str(deck_file), "--db", str(solo_db), *options])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_deal_json_is_the_procedure_on_the_database_facts(capsys, tmp_path, solo_db):
    code, out, _ = run_deal(capsys, tmp_path, solo_db, DECK, "--seed", "7", "--json")
    table = json.loads(out)
    assert code == 0 and table["seed"] == 7 and table["outcome"] == "playing"
    assert set(STATE_KEYS) <= set(table)
    deck = ["Forest"] * 4 + ["Dryad Arbor"] * 2 + ["Elvish Archdruid"] * 4 + ["Graf Rats"] * 4 + ["Embiggen"] * 2 \
        + ["Tombstone Stairwell"]                                         # the sideboard's Lightning Bolt stays out
    types = {"Forest": "Basic Land — Forest", "Dryad Arbor": "Land Creature — Forest Dryad",
             "Elvish Archdruid": "Creature — Elf Druid", "Graf Rats": "Creature — Rat",
             "Embiggen": "Instant", "Tombstone Stairwell": "World Enchantment"}
    assert state(table) == state(deal(deck, 7, PROCEDURE, types.__getitem__))
    every_card = sum(table["piles"], []) + table["land_pile"] + table["world_pile"] + table["library"]
    assert sorted(every_card) == sorted(deck)
    assert all(pile[-1] in ("Elvish Archdruid", "Graf Rats") for pile in table["piles"])


def test_deal_text_names_each_pile_bottom_to_top(capsys, tmp_path, solo_db):
    code, out, _ = run_deal(capsys, tmp_path, solo_db, DECK, "--seed", "7")
    assert code == 0 and out.startswith("seed 7\n")
    for label in ("pile 1 (bottom to top):", "pile 4 (bottom to top):", "land_pile (", "world_pile (", "library (",
                  "graveyard (0): (empty)"):
        assert label in out


def test_deal_without_a_seed_prints_the_one_it_chose(capsys, tmp_path, solo_db):
    code, out, _ = run_deal(capsys, tmp_path, solo_db, DECK, "--json")
    seed = json.loads(out)["seed"]
    assert code == 0 and 0 <= seed < 2**32
    _, again, _ = run_deal(capsys, tmp_path, solo_db, DECK, "--json", "--seed", str(seed))
    assert json.loads(again) == json.loads(out)


def test_deck_that_runs_out_during_setup_says_so_and_exits_1(capsys, tmp_path, solo_db):
    code, out, _ = run_deal(capsys, tmp_path, solo_db, "10 Forest\n2 Graf Rats\n", "--seed", "1")
    assert code == 1 and "ran out during set-up: 2 of 4 piles" in out
    code, out, _ = run_deal(capsys, tmp_path, solo_db, "10 Forest\n2 Graf Rats\n", "--seed", "1", "--json")
    assert code == 1 and json.loads(out)["outcome"] == "lost"


def test_unknown_card_and_bad_seed_are_usage_errors(capsys, tmp_path, solo_db):
    code, _, err = run_deal(capsys, tmp_path, solo_db, "4 Forest\n4 Elvish Archdruidd\n", "--seed", "1")
    # the words `coalition validate` and `league check` use for an unknown card (terminal.py unknown_card_line)
    assert code == 2 and err.endswith('deck.txt: line 2: unknown card "Elvish Archdruidd" (did you mean "Elvish Archdruid"?)\n')
    with pytest.raises(SystemExit) as exit_info:
        main(["solo", "deal", "deck.txt", "--seed", "-3"])
    assert exit_info.value.code == 2


def test_solo_help(capsys):
    for argv in (["solo", "--help"], ["solo", "deal", "--help"]):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "deal" in out and "--seed" in out and "bottom to top" in out


def test_a_setup_that_runs_out_after_one_creature_says_one_pile_has_one():
    table = deal_library(["Forest", "Forest", "Forest", "Forest", "Arbor Elf"], PROCEDURE, TYPE_OF)
    assert table["message"] == "The library ran out during set-up: 1 of 4 piles has a creature, and the game is lost."


def test_the_page_loses_only_on_a_card_that_must_be_revealed():
    """The document: "if you need to reveal a card from the top of your library, but have no cards, then you
    lose"; a draw takes a card when there is one. The procedure here has no draw that loses either (its only
    losses are the deal's and the refill's, which reveal)."""
    page = (PROJECT_ROOT / "docs" / "balance-of-power" / "index.md").read_text(encoding="utf-8")
    rules = page.split("## Winning and losing")[1].split("\n## ")[0]
    assert "(or draw)" not in page
    assert "You **lose** when you must reveal a card" in rules
    assert "with an empty library takes nothing, and the game goes on" in " ".join(rules.split())
