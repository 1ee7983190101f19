"""generator/site/exports.py: data/cards.json, data/format.json and data/pools/ exactly as CONTRIBUTING.md
describes them, small enough for a browser, and the very facts `coalition validate` applies."""

from __future__ import annotations

import gzip
import json
import tempfile
from pathlib import Path

import duckdb
import pytest

from generator.decklist import CardIndex, parse
from generator.export.files import cards_export, write_exports
from generator.export.formatjson import format_export
from generator.slugs import slugify
from tests.deck_helpers import DECKS_DIR, deck_db

CARD_KEYS = {"n", "m", "t", "g", "a", "l", "r", "x", "img", "u"}
OPTIONAL_KEYS = {"f", "s", "c", "lo", "nd", "lg", "rk", "L", "i", "mp"}
FORMAT_KEYS = {"version", "deck_size", "sideboard_max", "starting_life", "victory_points", "excluded_type",
               "copy_limits", "rules", "banlist", "cards_url"}


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """(database path, docs folder with data/ written, figures) for the full 2019 snapshot."""
    path = deck_db()
    out = tmp_path_factory.mktemp("exports")
    with duckdb.connect(str(path), read_only=True) as con:
        figures = write_exports(con, out)
    return path, out / "data", figures


@pytest.fixture(scope="module")
def cards_doc(exported):
    return json.loads((exported[1] / "cards.json").read_text(encoding="utf-8"))


def by_name(cards_doc: dict) -> dict[str, dict]:
    return {card["n"]: card for card in cards_doc["cards"]}


@pytest.mark.fullscale
def test_cards_json_is_compact_and_under_a_megabyte_gzipped(exported):
    text = (exported[1] / "cards.json").read_text(encoding="utf-8")
    assert "\n" not in text and '": ' not in text[:5000]
    assert len(gzip.compress(text.encode("utf-8"), compresslevel=6)) <= 1_000_000
    assert exported[2]["cards_json_bytes"] == len(text.encode("utf-8"))


@pytest.mark.fullscale
def test_cards_json_is_the_canonical_json_of_its_own_facts(exported):
    """exports/cards.sql writes each entry's JSON text itself: it must be exactly what Python writes for the
    same facts (key order, escapes, no spaces), so the file is the same whichever side writes it."""
    text = (exported[1] / "cards.json").read_text(encoding="utf-8")
    assert json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":")) == text


@pytest.mark.fullscale
def test_every_deck_card_with_the_contract_keys(exported, cards_doc):
    with duckdb.connect(str(exported[0]), read_only=True) as con:
        count, = con.execute("SELECT (SELECT count(*) FROM cards) + (SELECT count(*) FROM meld_results)").fetchone()
        types = [t for (t,) in con.execute("SELECT type FROM creature_types ORDER BY type").fetchall()]
    assert cards_doc["version"] == 1 and cards_doc["types"] == types and len(cards_doc["cards"]) == count
    for card in cards_doc["cards"]:
        assert CARD_KEYS <= set(card) <= CARD_KEYS | OPTIONAL_KEYS, card["n"]
        assert card["l"] in (0, 1) and (card["x"] is None or card["x"] >= 1)
        assert card["img"] is None or (card["img"].startswith("https://") and "?" not in card["img"])


@pytest.mark.fullscale
@pytest.mark.parametrize("name, expected", [
    ("Kaalia of the Vast", {"l": 1, "lo": 1, "lg": 1, "x": 4, "L": ["Angel", "Cleric", "Demon", "Dragon"]}),
    ("Relentless Rats", {"x": None, "l": 1}),
    ("Seven Dwarves", {"x": 7}),
    ("Nazgûl", {"x": 9, "g": "creature"}),
    ("Mountain", {"x": None, "g": "land", "a": []}),
    ("Mirror Entity", {"c": 1, "a": []}),
    ("Sol Ring", {"l": 0, "r": ["banned"], "x": 1}),
    ("Westvale Abbey // Ormendahl, Profane Prince", {"l": 0, "r": ["legendary"], "f": ["Westvale Abbey", "Ormendahl, Profane Prince"]}),
    ("Fire // Ice", {"f": ["Fire", "Ice"], "s": 1, "a": []}),
    ("Crovax, Ascendant Hero", {"L": [], "l": 0, "r": ["no_coalition_type"]}),
    ("Human Frailty", {"l": 1, "nd": 1, "x": 1}),   # legal, yet Human alone is never a coalition type
    # Issue 9: a meld result is listed (a lookup or a decklist may name it) and never legal.
    ("Brisela, Voice of Nightmares", {"l": 0, "r": ["meld_result"], "x": 1, "a": [],
                                      "mp": ["Bruna, the Fading Light", "Gisela, the Broken Blade"]}),
    ("Swan Song", {"a": [["Bird", "oracle_text", "Bird"]]}),
    # The name matcher's legends are the legendary cards, leaders or not (a short name opens them).
    ("Jace, the Mind Sculptor", {"lg": 1, "l": 0, "r": ["legendary"]}),
    ("Lightning Bolt", {"rk": 650}),   # edhrec_rank: the name matcher's most played first (generator/names.py)
])
def test_card_facts(cards_doc, name, expected):
    card = by_name(cards_doc)[name]
    for key, value in expected.items():
        assert card[key] == value, (name, key, card[key])


@pytest.mark.fullscale
def test_two_faced_card_without_full_name_flag(cards_doc):
    delver = by_name(cards_doc)["Delver of Secrets // Insectile Aberration"]
    assert delver["f"] == ["Delver of Secrets", "Insectile Aberration"] and "s" not in delver
    assert delver["a"] == sorted(delver["a"]) and len(delver["a"]) == len({tuple(r) for r in delver["a"]})


@pytest.mark.fullscale
def test_format_json(exported):
    fmt = json.loads((exported[1] / "format.json").read_text(encoding="utf-8"))
    assert FORMAT_KEYS <= set(fmt)
    assert (fmt["deck_size"], fmt["sideboard_max"], fmt["excluded_type"]) == (60, 15, "Human")
    assert fmt["copy_limits"] == {"creature": 4, "nonbasic_land": 4, "other": 1, "basic_land": None}
    assert fmt["rules"]["legendary"] == "906.5h" and fmt["rule_urls"]["906.5h"] == "../rules/#906-5h"
    assert fmt["cards_url"] == "cards.json" and fmt["pools_url"] == "pools/"
    assert fmt["pool_files"] == {"text": "{slug}.txt", "arena": "{slug}.arena.txt", "json": "{slug}.json"}
    names = {entry["name"]: entry for entry in fmt["banlist"]}
    assert names["Sol Ring"]["category"] == "banned" and names["Sol Ring"]["reason"]
    assert names["Jihad"]["category"] == "racist_depiction" and "racist" in names["Jihad"]["reason"]
    assert all(entry["reason"] for entry in fmt["banlist"])
    codes = {"not_paper", "reserved_list", "conspiracy", "ante", "racist_depiction", "sticker_attraction", "banned",
             "legendary", "no_coalition_type", "meld_result"}
    assert codes <= set(fmt["reason_texts"])
    assert {"reminder_text", "ability_word", "mode_label", "short_name", "negated"} <= set(fmt["ignore_reasons"])


@pytest.mark.fullscale
def test_the_validator_applies_the_exported_facts(exported, cards_doc):
    """`coalition validate` builds its facts with the functions that wrote the files: same objects."""
    with duckdb.connect(str(exported[0]), read_only=True) as con:
        assert cards_export(con, "coalition") == cards_doc
        assert format_export(con, "coalition") == json.loads((exported[1] / "format.json").read_text(encoding="utf-8"))


@pytest.mark.fullscale
def test_a_pool_file_per_type_page(exported):
    with duckdb.connect(str(exported[0]), read_only=True) as con:
        types = [t for (t,) in con.execute("SELECT type FROM type_summary WHERE format = 'coalition'").fetchall()]
    pools = exported[1] / "pools"
    assert {p.name for p in pools.iterdir()} == (
        {f"{slug}.{ext}" for slug in [slugify(t) for t in types] + ["shared"] for ext in ("txt", "arena.txt", "json")})
    assert exported[2]["pool_types"] == len(types)


@pytest.mark.fullscale
def test_goblin_pool_imports_as_a_deck_list(exported, cards_doc):
    """The text list reads back (here, and in Moxfield, Arena and MTGO): pool first, leaders as the sideboard."""
    with duckdb.connect(str(exported[0]), read_only=True) as con:
        pool = {n for (n,) in con.execute("SELECT c.name FROM pools JOIN cards c USING (oracle_id) WHERE type = 'Goblin' AND format = 'coalition'").fetchall()}
        leaders = {n for (n,) in con.execute(
            "SELECT c.name FROM leader_types JOIN leaders l USING (oracle_id) JOIN cards c USING (oracle_id) "
            "WHERE type = 'Goblin' AND l.can_lead AND l.format = 'coalition' AND leader_types.format = 'coalition'").fetchall()}
    parsed = parse((exported[1] / "pools" / "goblin.txt").read_text(encoding="utf-8"))
    assert not parsed.errors and not parsed.fatal
    index = CardIndex(cards_doc["cards"])
    names = {(e.section, cards_doc["cards"][index.lookup(e.name)]["n"]) for e in parsed.entries}
    assert {n for s, n in names if s == "main"} == pool and {n for s, n in names if s == "side"} == leaders
    assert all(e.count == 1 for e in parsed.entries)
    document = json.loads((exported[1] / "pools" / "goblin.json").read_text(encoding="utf-8"))
    assert document["type"] == "Goblin" and set(document["leaders"]) == leaders
    assert {c["name"] for c in document["cards"]} == pool and document["shared_url"] == "shared.json"
    assert {"name", "via", "evidence"} == set(document["cards"][0])


@pytest.mark.fullscale
def test_goblin_arena_pool_has_deck_and_sideboard_headers(exported):
    """The Arena list: the very lines of the .txt, under `Deck` and `Sideboard`; it reads back the same."""
    pools = exported[1] / "pools"
    plain = (pools / "goblin.txt").read_text(encoding="utf-8")
    arena = (pools / "goblin.arena.txt").read_text(encoding="utf-8")
    main, side = plain.split("\n\n")
    assert arena == "Deck\n" + main + "\n\nSideboard\n" + side
    read_plain, read_arena = parse(plain), parse(arena)
    assert not read_arena.errors and not read_arena.fatal
    assert [(e.section, e.name, e.count) for e in read_arena.entries] == \
           [(e.section, e.name, e.count) for e in read_plain.entries]


@pytest.mark.fullscale
def test_shared_pool(exported):
    with duckdb.connect(str(exported[0]), read_only=True) as con:
        count, = con.execute("SELECT count(*) FROM shared_pool WHERE format = 'coalition'").fetchone()
    text = (exported[1] / "pools" / "shared.txt").read_text(encoding="utf-8")
    assert "\n\n" not in text and len(text.splitlines()) == count
    arena = (exported[1] / "pools" / "shared.arena.txt").read_text(encoding="utf-8")
    assert arena == "Deck\n" + text and "Sideboard" not in arena
    document = json.loads((exported[1] / "pools" / "shared.json").read_text(encoding="utf-8"))
    assert len(document["cards"]) == count and document["type"] is None


def test_small_build_without_the_snapshot(tmp_path):
    """Hermetic: a build of the decklist cases' four extra cards exports the same shapes."""
    from generator.database import build_database
    from tests.conftest import project_copy

    cards = json.loads((DECKS_DIR / "extra_cards.json").read_text(encoding="utf-8"))["cards"]
    source = tmp_path / "cards.jsonl"
    source.write_text("".join(json.dumps(c) + "\n" for c in cards), encoding="utf-8")
    paths = project_copy(Path(tempfile.mkdtemp(dir=tmp_path)))
    catalog = json.loads((paths.catalog_file).read_text(encoding="utf-8"))["data"]
    database = build_database(source, paths, catalog_types=catalog).database
    with duckdb.connect(str(database), read_only=True) as con:
        write_exports(con, tmp_path / "docs")
    data = tmp_path / "docs" / "data"
    cards_doc = json.loads((data / "cards.json").read_text(encoding="utf-8"))
    assert {c["n"]: c["x"] for c in cards_doc["cards"]} == {"Nazgûl": 9, "Witch-king of Angmar": 4, "Seven Dwarves": 7,
                                                            "Go-Shintai of Boundless Vigor": 4}
    assert by_name(cards_doc)["Witch-king of Angmar"]["L"] == ["Noble", "Wraith"]
    assert not any("rk" in card for card in cards_doc["cards"])   # no edhrec_rank in these objects: no rk written
    assert (data / "pools" / "wraith.txt").read_text(encoding="utf-8") == "1 Nazgûl\n\n1 Witch-king of Angmar\n"
    assert (data / "pools" / "wraith.arena.txt").read_text(encoding="utf-8") == (
        "Deck\n1 Nazgûl\n\nSideboard\n1 Witch-king of Angmar\n")
    assert FORMAT_KEYS <= set(json.loads((data / "format.json").read_text(encoding="utf-8")))


def test_the_shared_pool_json_carries_each_rows_facts(exported):
    document = json.loads((exported[1] / "pools" / "shared.json").read_text(encoding="utf-8"))
    card = document["cards"][0]
    assert {"name", "m", "t", "g", "x", "img", "u"} <= set(card)
    assert card["g"] in {"creature", "instant", "sorcery", "artifact", "enchantment", "battle", "planeswalker", "land", "other"}
