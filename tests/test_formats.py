"""Formats are data: Heroic's verdicts on real cards, `--format` on the commands, per-format exports, and a
toy format folder made here that the build, the CLI and the exports pick up with no code change."""

from __future__ import annotations

import json
import shutil

import duckdb
import pytest

from generator.cli import main
from generator.export.files import write_exports
from generator.export.formatjson import RULE_WORDS_MAX, short_rule_words
from tests.conftest import all_fixture_cards, build_from_cards, project_copy


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def cards(capsys, db, fmt: str | None, *names: str) -> dict[str, dict]:
    argv = ["card", *names, "--json", "--db", str(db)] + (["--format", fmt] if fmt else [])
    code, out, _ = cli(capsys, *argv)
    return {report["name"]: report for report in json.loads(out)}


# --- Heroic on real card objects (tests/fixtures/cards/) --------------------------------------------------

def test_heroic_base_pool_is_vintage_legal_or_restricted(fixture_db_path, capsys):
    heroic = cards(capsys, fixture_db_path, "heroic", "Sol Ring", "Black Lotus", "Chaos Orb", "Contract from Below")
    coalition = cards(capsys, fixture_db_path, None, "Sol Ring", "Black Lotus", "Chaos Orb", "Contract from Below")
    # Sol Ring: Coalition bans it by name; Heroic's named list is empty (3.7).
    assert heroic["Sol Ring"]["legal"] and coalition["Sol Ring"]["illegal_reasons"] == ["banned"]
    # Black Lotus: restricted in Vintage, so in Heroic's pool; on the Reserved List, which Coalition bans.
    assert heroic["Black Lotus"]["legal"] and heroic["Black Lotus"]["max_copies"] == 1
    assert "reserved_list" in coalition["Black Lotus"]["illegal_reasons"]
    # Banned in Vintage (dexterity, ante): outside Heroic's pool.
    assert heroic["Chaos Orb"]["illegal_reasons"] == ["not_in_vintage"]
    assert heroic["Contract from Below"]["illegal_reasons"] == ["not_in_vintage"]
    # Banned in every format for its racist depiction, though Scryfall's legalities say "legal".
    assert cards(capsys, fixture_db_path, "heroic", "Jihad")["Jihad"]["illegal_reasons"] == ["racist_depiction"]


def test_heroic_hero_and_its_types(fixture_db_path, capsys):
    heroic = cards(capsys, fixture_db_path, "heroic", "Kaalia of the Vast", "Grist, the Hunger Tide", "Swan Song")
    kaalia = heroic["Kaalia of the Vast"]
    assert kaalia["leader"] and kaalia["coalition_types"] == ["Angel", "Cleric", "Demon", "Dragon"]
    assert kaalia["legal"] and kaalia["leader_only"]
    # A legendary planeswalker that is a creature outside the battlefield may be a hero, as in Coalition.
    assert heroic["Grist, the Hunger Tide"]["leader"] and heroic["Grist, the Hunger Tide"]["coalition_types"] == ["Insect"]
    swan = heroic["Swan Song"]
    assert swan["affiliations"] == ["Bird"] and swan["legal"] and not swan["leader"] and swan["coalition_types"] == []


def test_heroic_copy_limits_and_legendary_rule(fixture_db_path, capsys):
    heroic = cards(capsys, fixture_db_path, "heroic", "Relentless Rats", "Seven Dwarves", "Forest", "Lightning Bolt",
                   "Mishra's Factory")
    assert heroic["Relentless Rats"]["max_copies"] is None and heroic["Seven Dwarves"]["max_copies"] == 7
    assert heroic["Forest"]["max_copies"] is None and heroic["Lightning Bolt"]["max_copies"] == 1
    assert heroic["Mishra's Factory"]["max_copies"] == 4


def test_type_by_format(fixture_db_path, capsys):
    code, out, _ = cli(capsys, "type", "dragons", "--format", "heroic", "--json", "--db", str(fixture_db_path))
    assert code == 0 and "Kaalia of the Vast" in json.loads(out)["leaders"]


def test_unknown_format_is_a_usage_error(fixture_db_path, capsys):
    code, out, err = cli(capsys, "card", "Sol Ring", "--format", "pauper", "--db", str(fixture_db_path))
    assert code == 2 and "unknown format 'pauper' (this build has: coalition, heroic, mazerunner)" in err and out == ""


def test_every_format_exports_under_its_prefix(fixture_db_path, tmp_path):
    with duckdb.connect(str(fixture_db_path), read_only=True) as con:
        figures = write_exports(con, tmp_path)
    assert set(figures["formats"]) == {"coalition", "heroic", "mazerunner"}
    coalition = json.loads((tmp_path / "data" / "format.json").read_text(encoding="utf-8"))
    heroic = json.loads((tmp_path / "heroic" / "data" / "format.json").read_text(encoding="utf-8"))
    assert coalition["table"] == {"starting_life": 25, "victory_points": 21, "games_per_match": 3,
                                  "players": {"min": 3, "max": 5}, "concession_forfeits": "game"}
    assert heroic["table"]["hero_damage_to_win"] == 17 and heroic["table"]["players"] == {"min": 3, "max": 5}
    assert heroic["rules"]["leader"] == "3.6" and heroic["rule_urls"]["3.6"] == "../rules/#3-6"
    assert {b["category"] for b in heroic["banlist"]} == {"racist_depiction"} and heroic["sideboard_max"] == 8
    assert heroic["type_forms"]["mice"] == "Mouse" and heroic["type_forms"]["oxen"] == "Ox"
    assert (tmp_path / "heroic" / "data" / "pools" / "dragon.json").exists()
    heroic_cards = json.loads((tmp_path / "heroic" / "data" / "cards.json").read_text(encoding="utf-8"))["cards"]
    assert next(c for c in heroic_cards if c["n"] == "Sol Ring")["l"] == 1


def test_exports_follow_what_each_formats_pages_use(fixture_db_path, tmp_path):
    """Pool files only where pages link them: a typal format's type and unaffiliated pages. An identity format
    (Mazerunner) draws its pools from cards.json: it gets no pools/, its format.json says so (null), and a
    pools/ folder an older build left is removed."""
    stale = tmp_path / "mazerunner" / "data" / "pools" / "shared.json"
    stale.parent.mkdir(parents=True)
    stale.write_text("{}", encoding="utf-8")
    with duckdb.connect(str(fixture_db_path), read_only=True) as con:
        figures = write_exports(con, tmp_path)
    assert (tmp_path / "data" / "pools" / "shared.json").exists()
    assert (tmp_path / "heroic" / "data" / "pools" / "shared.json").exists()
    assert not (tmp_path / "mazerunner" / "data" / "pools").exists()
    assert {p.name for p in (tmp_path / "mazerunner" / "data").iterdir()} == {"cards.json", "format.json"}
    mazerunner = json.loads((tmp_path / "mazerunner" / "data" / "format.json").read_text(encoding="utf-8"))
    assert mazerunner["pools_url"] is None and mazerunner["pool_files"] is None
    # The names of the identities that have a page, as their pages head them (the search box finds them by it).
    assert mazerunner["identity_names"]["UR"] == "Izzet" and mazerunner["identity_names"]["URG"] == "Temur"
    assert sorted(map(len, mazerunner["identity_names"])) == [2] * 10 + [3] * 10
    assert "identity_names" not in json.loads((tmp_path / "data" / "format.json").read_text(encoding="utf-8"))
    assert figures["formats"]["mazerunner"]["pool_types"] == 0 and figures["formats"]["heroic"]["pool_types"] > 0
    site = json.loads((tmp_path / "heroic" / "data" / "format.json").read_text(encoding="utf-8"))["formats"]
    assert [(f["format"], f["url"]) for f in site] == [("coalition", "../../data/format.json"),
                                                      ("heroic", "../../heroic/data/format.json"),
                                                      ("mazerunner", "../../mazerunner/data/format.json")]
    assert {"906.5e", "906.12b"} <= set(json.loads((tmp_path / "data" / "format.json").read_text())["rule_urls"])


def test_every_rule_number_is_exported_with_its_own_words_shortened(fixture_db_path, tmp_path):
    """Review: a rule number in the search box or the lookup named the rule but did not say it. format.json's
    `rule_texts` has the words of every rule of `rule_urls`, as the format's rules text publishes them (the
    load's one parse gives both), cut to a sentence or about 160 characters with an ellipsis."""
    with duckdb.connect(str(fixture_db_path), read_only=True) as con:
        write_exports(con, tmp_path)
    said = {}
    for fmt, folder in (("coalition", ""), ("heroic", "heroic/"), ("mazerunner", "mazerunner/")):
        data = json.loads((tmp_path / f"{folder}data" / "format.json").read_text(encoding="utf-8"))
        assert data["rule_urls"] and set(data["rule_texts"]) == set(data["rule_urls"]), fmt
        assert all(0 < len(words) <= RULE_WORDS_MAX + 2 for words in data["rule_texts"].values()), fmt
        said[fmt] = data["rule_texts"]
    assert said["coalition"]["906.5e"] == ("Every card in a Coalition deck and its sideboard must share a chosen "
                                           "affiliation, referred to as its coalition type. \u2026")
    assert said["coalition"]["906.5a"].startswith("Each deck must contain exactly 60 cards")
    assert said["heroic"]["3.8"] == ("A deck may hold no legendary card other than its hero, and only one copy of "
                                     "the hero. \u2026")
    assert said["heroic"]["2.2"] == ("A creature type named only in a \"non-\" clause is not part of a card's "
                                     "typal identity.")   # one sentence, kept whole
    assert said["mazerunner"]["2e-ii"] == ("The Commander format banlist "
                                           "(https://scryfall.com/search?q=banned%3Acommander)")


STOPLESS = "No stop at all, " + "word " * 40
INSIDE = "A stop inside (see rule 104.) then on " + "and on " * 30


@pytest.mark.parametrize("words, short", [
    ("Short enough. Kept whole.", "Short enough. Kept whole."),
    ("A first sentence. " + "Then more words " * 12, "A first sentence. \u2026"),
    (STOPLESS, STOPLESS[:160].rsplit(" ", 1)[0] + "\u2026"),
    (INSIDE, INSIDE[:160].rsplit(" ", 1)[0] + "\u2026"),   # no sentence ends at "104.)": "then" goes on
])
def test_a_rules_words_are_cut_at_a_sentence_else_at_a_word(words, short):
    assert short_rule_words(words) == short


# --- a toy format, made here: no code knows it ------------------------------------------------------------

TOY_RULES = """1. Toy rules
1.1. A toy deck has exactly 40 cards and no sideboard.
1.2. Every card is a singleton.
1.3. No card outside the base pool.
"""

TOY_FORMAT = """name: Toy
identity: typal
rules_text: rules.txt
deck_size: 40
sideboard_max: 1
starting_life: 20
leader: {zone: sideboard, word: captain}
base_pool: {legality: vintage, allowed: [legal], reason: outside}
copy_limits: {creature: 1, nonbasic_land: 1, other: 1, basic_land: null}
table: {starting_life: 20, players: {min: 2, max: 2}}
texts:
  reasons: {outside: Not in the toy pool.}
  reason_labels: {outside: Outside the toy pool}
checks:
  - id: deck_size
    kind: main_size
    rule: "1.1"
    messages: {wrong: "Toy decks have {limit} cards, not {count}."}
  - id: singleton
    kind: copies
    group: other
    rule: "1.2"
    messages: {too_many: "{card} x{count}: {why}", own_text: "max {limit}", once: "one only", times: "{limit} only"}
  - id: banned
    kind: banned
    rule: "1.3"
    messages: {banned: "{card}: {reasons}"}
"""


@pytest.fixture(scope="module")
def toy_db(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("toy")
    paths = project_copy(tmp)
    folder = paths.formats_dir / "toy"
    folder.mkdir()
    (folder / "format.yml").write_text(TOY_FORMAT, encoding="utf-8")
    (folder / "rules.txt").write_text(TOY_RULES, encoding="utf-8")
    (folder / "banlist.yml").write_text("banned:\n  - {card: Lightning Bolt, reason: Too good for toys., date: 2026-01}\n",
                                        encoding="utf-8")
    # An identity format (like Mazerunner, without variants): commander legality as the base pool, no coalition types.
    color = paths.formats_dir / "toycolor"
    color.mkdir()
    (color / "format.yml").write_text(
        TOY_FORMAT.replace("name: Toy", "name: Toy Colour").replace("identity: typal", "identity: color")
        .replace("legality: vintage, allowed: [legal]", "legality: commander, allowed: [legal]"), encoding="utf-8")
    (color / "rules.txt").write_text(TOY_RULES, encoding="utf-8")
    (color / "banlist.yml").write_text("banned: []\n", encoding="utf-8")
    return build_from_cards(all_fixture_cards(), tmp, paths), tmp


def test_a_toy_format_folder_is_picked_up_by_the_database(toy_db):
    database, _ = toy_db
    with duckdb.connect(str(database), read_only=True) as con:
        assert con.execute("SELECT format, site_prefix FROM formats ORDER BY position").fetchall() == [
            ("coalition", ""), ("heroic", "heroic/"), ("mazerunner", "mazerunner/"), ("toy", "toy/"),
            ("toycolor", "toycolor/")]
        toy_leaders = con.execute("SELECT count(*) FROM leaders WHERE format = 'toy'").fetchone()[0]
        assert toy_leaders > 0
        # The identity format: leaders lead no creature type, so it has no type pools; the affiliation SQL
        # (card-level) is the same rows for every format.
        typed, can_lead = con.execute("SELECT sum(len(coalition_types)), bool_and(can_lead) FROM leaders "
                                      "WHERE format = 'toycolor'").fetchone()
        assert typed == 0 and can_lead
        assert con.execute("SELECT count(*) FROM pools WHERE format = 'toycolor'").fetchone()[0] == 0
        kaalia = con.execute("SELECT l.legal FROM legality l JOIN cards c USING (oracle_id) "
                             "WHERE l.format = 'toycolor' AND c.name = 'Kaalia of the Vast'").fetchone()[0]
        assert kaalia   # commander-legal, and this format does not ban legendary cards


def test_a_toy_format_folder_is_picked_up_by_the_cli(toy_db, capsys):
    database, tmp = toy_db
    toy = cards(capsys, database, "toy", "Lightning Bolt", "Sol Ring", "Kaalia of the Vast", "Black Lotus")
    assert toy["Lightning Bolt"]["illegal_reasons"] == ["banned"]
    assert toy["Sol Ring"]["illegal_reasons"] == ["outside"]          # restricted: not in [legal]
    assert toy["Kaalia of the Vast"]["leader"]
    deck = tmp / "toy-deck.txt"
    deck.write_text("2 Swan Song\n20 Forest\n\n1 Kaalia of the Vast\n", encoding="utf-8")
    code, out, _ = cli(capsys, "validate", str(deck), "--format", "toy", "--json", "--db", str(database))
    result = json.loads(out)
    assert code == 1 and sorted((v["rule"], v["message"]) for v in result["violations"]) == [
        ("1.1", "Toy decks have 40 cards, not 22."), ("1.2", "Swan Song x2: one only")]


def test_a_toy_format_is_exported(toy_db, tmp_path):
    database, _ = toy_db
    with duckdb.connect(str(database), read_only=True) as con:
        write_exports(con, tmp_path)
    toy = json.loads((tmp_path / "toy" / "data" / "format.json").read_text(encoding="utf-8"))
    assert toy["name"] == "Toy" and toy["table"] == {"starting_life": 20, "players": {"min": 2, "max": 2}}
    # Its own reason code gets its own label; shared codes keep the shared vocabulary's.
    assert toy["reason_labels"]["outside"] == "Outside the toy pool" and toy["reason_labels"]["banned"] == "Banned"
    shutil.rmtree(tmp_path)


def test_validate_and_the_export_stage_do_not_import_the_render_stage():
    """One-way stages: `coalition validate` reads the export stage, which knows neither the site nor the CLI."""
    import subprocess
    import sys

    probe = ("import sys, generator.commands.validate, generator.export.files; "
             "print(sorted(m for m in sys.modules if m.startswith(('generator.site', 'generator.changes'))))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_load_stage_does_not_import_the_deck_checks():
    """One-way stages: the format's input tables (generator/formatdata.py and its schemas) are read before any
    deck is checked. Checking a message's {placeholders} there once imported the checks' generator/deckfacts.py
    for its pattern, which now lives with the schema (formatschema.PLACEHOLDER)."""
    import subprocess
    import sys

    probe = ("import sys, generator.formatdata; "
             "print(sorted(m for m in sys.modules if m.startswith(('generator.deck', 'generator.commands', 'generator.site'))))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# --- the worked examples of Heroic's rules text (data/formats/heroic/rules/heroic.txt) --------------------

@pytest.mark.parametrize("card, affiliations", [
    ("Embiggen", []),                                        # 2.2: "non-Brushwagg" names no type
    ("Swan Song", ["Bird"]),                                 # 2.4: only a Bird deck may play it
    ("Portal to Phyrexia", ["Phyrexian"]),
    ("Aether Chaser", ["Artificer", "Human", "Servo"]),       # Artificer or Servo decks (3.5: never Human)
])
def test_heroic_typal_identity_examples(fixture_db_path, capsys, card, affiliations):
    assert cards(capsys, fixture_db_path, "heroic", card)[card]["affiliations"] == affiliations


def test_heroic_examples_of_shared_types(fixture_db_path, capsys):
    found = cards(capsys, fixture_db_path, "heroic", "Bestial Menace", "Kaalia of the Vast", "Morophon, the Boundless")
    assert {"Snake", "Wolf", "Elephant"} <= set(found["Bestial Menace"]["affiliations"])   # 2.4: fits any of them
    assert "Dragon" in found["Kaalia of the Vast"]["coalition_types"]                       # 3.5: named in her text
    assert found["Morophon, the Boundless"]["changeling"]                                   # 3.5: changeling hero


def test_heroic_table_numbers_are_the_rules_numbers():
    """The numbers format.yml gives the table tools are the ones its rules text states."""
    import yaml

    from generator.paths import PROJECT_ROOT

    folder = PROJECT_ROOT / "data" / "formats" / "heroic"
    table = yaml.safe_load((folder / "format.yml").read_text(encoding="utf-8"))["table"]
    rules = (folder / "rules" / "heroic.txt").read_text(encoding="utf-8")
    assert f"1.2. Each player starts the game at {table['starting_life']} life." in rules
    assert "for three to five players" in rules and table["players"] == {"min": 3, "max": 5}
    assert f"dealt {table['hero_damage_to_win']} or more damage" in rules
    assert "resolves for the fourth time" in rules and table["hero_resolutions_to_lose"] == 4
    assert "ward equal to its level" in rules and table["ward_equals_level"] is True
    for level in table["hero_levels"]:
        keyword = level["gains"].split(":")[0]
        assert f"Level {level['level']}:" in rules and f"({keyword})" in rules
