"""data/: every file checked against its schema at load (generator/formatschema.py through
generator/yamlfile.py), each problem one line naming the file, the line and the key (issue 13, item 7).
Problems that need the card data are data checks (tests/test_checks.py) and are exercised here end to end."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import BuildError
from generator.formatdata import load_catalog, load_format_data
from generator.paths import PROJECT_ROOT
from tests.conftest import all_fixture_cards, build_from_cards, project_copy

COALITION = "formats/coalition/"


def test_shipped_data_loads():
    data = load_format_data(PROJECT_ROOT / "data")
    settings = data.default.settings
    assert data.default.id == "coalition" and [f.id for f in data.formats] == ["coalition", "heroic", "mazerunner"]
    assert (settings.deck_size, settings.sideboard_max, settings.starting_life, settings.victory_points) == (60, 15, 25, 21)
    assert settings.excluded_type == "Human"
    assert settings.copy_limits.model_dump() == {"creature": 4, "nonbasic_land": 4, "other": 1, "basic_land": None}


BANLIST_FACTS = PROJECT_ROOT.parent / "shared" / "reference" / "banlist-facts.md"


def published_named_bans() -> set[str]:
    """The card column of banlist-facts.md's "Banned by name" table (the facts, read as published)."""
    text = BANLIST_FACTS.read_text(encoding="utf-8").split("## Banned by name", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1].strip() for line in text.splitlines() if line.startswith("|")]
    return {card for card in rows[2:]}                                  # after the header and its rule line


def test_banlist_matches_the_published_facts():
    data = load_format_data(PROJECT_ROOT / "data")
    banned = data.default.banned
    named = {e.card for e in banned if "category" not in e.fields}
    assert len(named) == 19 and {"Flash", "Sneak Attack", "Sol Ring", "Nadu, Winged Wisdom"} <= named
    if BANLIST_FACTS.exists():                                          # the shared reference, beside the checkout
        published = published_named_bans()
        assert len(published) == 19 and named == published
    # The category with no field in the card data is every format's, named once in data/cards/.
    racist = {e.card for e in data.cards.everywhere.cards["racist_depiction"]}
    assert racist == {"Invoke Prejudice", "Cleanse", "Stone-Throwing Devils", "Pradesh Gypsies", "Jihad", "Imprison", "Crusade"}
    assert len(banned) == 19 and data.default.banlist.everywhere["racist_depiction"].date == "2024-12"
    assert {e.card for e in data.default.watchlist} == {
        "Dreadhorde Arcanist", "Griselbrand", "Imperial Seal", "Magus of the Moon", "Sowing Mycospawn", "Fury"}
    assert [e.card for e in data.default.exceptions] == ["Frankie Peanuts"]


def test_heroic_is_data_only():
    """Heroic: 60 + 8 with the hero, 25 life, 3-5 players, an empty named banlist, Vintage's pool."""
    heroic = next(f for f in load_format_data(PROJECT_ROOT / "data").formats if f.id == "heroic")
    s = heroic.settings
    assert (s.deck_size, s.sideboard_max, s.starting_life, s.excluded_type) == (60, 8, 25, "Human")
    assert s.base_pool.allowed == ["legal", "restricted"] and s.base_pool.legality == "vintage"
    # No name of Heroic's own (its list is unpublished); the seven cards banned in every format come from
    # data/cards/banned_everywhere.yml, with Heroic's own date.
    assert heroic.banned == [] and heroic.watchlist == []
    assert heroic.banlist.everywhere["racist_depiction"].date == "2020-06"
    assert list(heroic.banlist.categories) == ["legendary"]
    assert s.table["players"] == {"min": 3, "max": 5} and s.table["hero_damage_to_win"] == 17
    assert s.table["hero_resolutions_to_lose"] == 4 and [lv["level"] for lv in s.table["hero_levels"]] == [1, 2, 3, 4, 5]
    assert heroic.site_prefix == "heroic/"
    # Rule 4.5's reading is a switch; a format that sets no switch exports none (no nulls in format.json).
    # negated_types: stated by its rule 2.2 (a card-level reading: the load holds the default's to it).
    assert heroic.settings_rows()["readings"] == {"hero_lives": "end_of_your_turn", "sideboard": "at_most",
                                                  "negated_types": "ignored"}
    assert load_format_data(PROJECT_ROOT / "data").default.settings_rows()["readings"] == {
        "flip_cards": "legal", "negated_types": "ignored"}


def edit(paths, file: str, old: str, new: str) -> Path:
    path = paths.data_dir / file
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    return path


def refused(tmp_path, file: str, old: str, new: str, pattern: str) -> None:
    paths = project_copy(tmp_path)
    edit(paths, file, old, new)
    with pytest.raises(BuildError, match=pattern):
        load_format_data(paths.data_dir)


# Each bad input of issue 13 item 7 (and a few more), refused at load with file:line: key: what.
BAD_INPUTS = {
    "duplicate key": (COALITION + "format.yml", "deck_size: 60", "deck_size: 60\ndeck_size: 40",
                      r"coalition/format\.yml:\d+: deck_size: given twice \(first on line \d+\)"),
    "negative deck size": (COALITION + "format.yml", "deck_size: 60", "deck_size: -60",
                           r"coalition/format\.yml:\d+: deck_size: Input should be greater than or equal to 1"),
    "zero life": (COALITION + "format.yml", "starting_life: 25 ", "starting_life: 0 ",
                  r"coalition/format\.yml:\d+: starting_life: Input should be greater than or equal to 1"),
    "absurd deck size": (COALITION + "format.yml", "deck_size: 60", "deck_size: 100000000000000000000000000000",
                         r"coalition/format\.yml:\d+: deck_size: Input should be less than or equal to 1000"),
    "a word for a number": (COALITION + "format.yml", "deck_size: 60", "deck_size: sixty",
                            r"coalition/format\.yml:\d+: deck_size: Input should be a valid integer"),
    "rule not in the text": (COALITION + "format.yml", "rule: 906.5a", "rule: 999.9z",
                             r"coalition/format\.yml:\d+: checks\[0\]\.rule: rule '999\.9z' is not in the format's rules text"),
    # A rule's link to a page of the site (rule_links): the rule in the text, the page a folder path under the home.
    "a linked rule not in the text": (COALITION + "format.yml", "  - rule: 906.5g ", "  - rule: 906.5z ",
                                      r"coalition/format\.yml:\d+: rule_links\[0\]\.rule: rule '906\.5z' is not in the format's rules text"),
    "a linked page that is no folder path": (COALITION + "format.yml", "    page: banlist/", "    page: https://example.org/",
                                             r"coalition/format\.yml:\d+: rule_links\[0\]\.page: String should match pattern"),
    "unknown check kind": (COALITION + "format.yml", "kind: main_size", "kind: main_sise",
                           r"coalition/format\.yml:\d+: checks\[0\]\.kind: Input should be"),
    "a reading with no words": ("formats/heroic/format.yml",
                                "      end_of_your_turn: \"at the end of your own turn: this one if it is yours, else your next\"\n", "",
                                r"heroic/format\.yml:\d+: \(top level\): texts\.readings\.hero_lives lacks 'end_of_your_turn': the pages say the reading in force"),
    "unknown key": (COALITION + "format.yml", "deck_size: 60", "deck_size: 60\ndeck_sizes: 61",
                    r"coalition/format\.yml:\d+: deck_sizes: Extra inputs are not permitted"),
    "ban date not a date": (COALITION + "banlist.yml", "Bloodthirsty Conqueror, reason: \"Makes a two-card combo with the leader Vito, Thorn of the Dusk Rose.\", date: 2024-12",
                       "Bloodthirsty Conqueror, reason: \"x\", date: not-a-date",
                       r"coalition/banlist\.yml:\d+: banned\[1\]\.date: 'not-a-date' is not a date \(YYYY-MM or YYYY-MM-DD\)"),
    "card banned twice": (COALITION + "banlist.yml", "  - {card: Channel,", "  - {card: balance, reason: again, date: 2025-01}\n  - {card: Channel,",
                          r"coalition/banlist\.yml:\d+: banned\[2\]\.card: 'balance' is listed twice \(first on line \d+\)"),
    "misspelt banlist key": (COALITION + "banlist.yml", "{card: Balance, reason:", "{card: Balance, raeson: x, reason:",
                             r"coalition/banlist\.yml:\d+: banned\[0\]\.raeson: Extra inputs are not permitted"),
    "unknown category": (COALITION + "banlist.yml", "  - {card: Channel,", "  - {card: Mox Diamond, category: racism, date: 2024-12}\n  - {card: Channel,",
                         r"coalition/banlist\.yml:\d+: banned\[2\]\.category: unknown category 'racism'"),
    # The cards banned in every format are named once, in data/cards/banned_everywhere.yml: a format's banlist
    # may neither list one again nor redefine the category, and takes only categories the shared file has.
    "a ban every format shares listed again": ("formats/mazerunner/banlist.yml", "  - {card: Ancient Tomb,", "  - {card: crusade, reason: x}\n  - {card: Ancient Tomb,",
                                               r"mazerunner/banlist\.yml:\d+: banned\[0\]\.card: 'crusade' is banned in every format \(racist_depiction\): data/cards/banned_everywhere\.yml names it"),
    "a shared category redefined": ("formats/heroic/banlist.yml", "categories:\n", "categories:\n  racist_depiction: {title: x, reason: y}\n",
                                    r"heroic/banlist\.yml:\d+: categories\.racist_depiction: Input should be 'reserved_list'"),
    "a shared category the shared file lacks": (COALITION + "banlist.yml", "  racist_depiction: {date: 2024-12}", "  racism: {date: 2024-12}",
                                                r"coalition/banlist\.yml:\d+: everywhere\.racism: not a category of data/cards/banned_everywhere\.yml"),
    "a shared ban's date not a date": ("formats/heroic/banlist.yml", "racist_depiction: {date: 2020-06}", "racist_depiction: {date: June 2020}",
                                       r"heroic/banlist\.yml:\d+: everywhere\.racist_depiction\.date: 'June 2020' is not a date"),
    "a shared name twice": ("cards/banned_everywhere.yml", "      - Crusade\n", "      - Crusade\n      - jihad\n",
                            r"banned_everywhere\.yml:19: categories\.racist_depiction\.cards\[7\]: 'jihad' is listed twice \(first on line 16\)"),
    "a shared category without cards": ("cards/banned_everywhere.yml", "    cards:\n", "    crads:\n",
                                        r"banned_everywhere\.yml:\d+: categories\.racist_depiction\.cards: Field required"),
    # A message's {placeholders} are the ones its code fills (formatschema's MESSAGE_VALUES, COMMANDER_VALUES):
    # the fill leaves any other as written, so a misspelt one is refused at load, not shown to a player.
    "a misspelt placeholder in a check's message": (
        COALITION + "format.yml", 'misfit: "{count} card is not affiliated with {type}: {cards}."',
        'misfit: "{count} card is not affiliated with {typ}: {cards}."',
        r"coalition/format\.yml:144: checks\[\d+\]\.messages\.misfit: unknown placeholder \{typ\} "
        r"\(this message is filled with: \{cards\}, \{count\}, \{type\}\)$"),
    "a placeholder a message's _one twin is not given": (
        COALITION + "format.yml", "wrong_one: \"", "wrong_one: \"{card} ",
        r"coalition/format\.yml:\d+: checks\[0\]\.messages\.wrong_one: unknown placeholder \{card\} "
        r"\(this message is filled with: \{count\}, \{limit\}\)$"),
    "a misspelt placeholder in texts.commander": (
        "formats/mazerunner/format.yml", 'one_of: "{variant} (one of {count})"', 'one_of: "{variant} (one of {cuont})"',
        r"mazerunner/format\.yml:85: texts\.commander\.one_of: unknown placeholder \{cuont\} "
        r"\(this message is filled with: \{count\}, \{variant\}\)$"),
    # A message key is one its code asks for (MESSAGE_VALUES): a misspelt one would never be said, silently.
    "a misspelt message key": (
        COALITION + "format.yml", '      misfits: "{count} cards', '      misfts: "{count} cards',
        r"coalition/format\.yml:145: checks\[\d+\]\.messages\.misfts: unknown message key for a typal_identity "
        r"check \(its keys: cannot_lead, excluded, misfit, misfits, .*, misfit_one, misfits_one\)$"),
    # Only a count of one picks a `_one` form: one for a message given no {count} would never be said either.
    "a _one form of a message without a count": (
        COALITION + "format.yml", '      excluded: "{type} may not', '      excluded_one: "x"\n      excluded: "{type} may not',
        r"coalition/format\.yml:\d+: checks\[\d+\]\.messages\.excluded_one: unknown message key for a typal_identity"),
    # The tracker's line beside "The game is a draw" or "No winner" (texts.table): a misspelt key would never be said.
    "a misspelt key of texts.table": (COALITION + "format.yml", "    no_winner: \"Play stops", "    no_winer: \"Play stops",
                                      r"coalition/format\.yml:\d+: texts\.table\.no_winer: Input should be 'game_draw' or 'no_winner'"),
    "not YAML": (COALITION + "format.yml", "deck_size: 60", "deck_size: [60",
                 r"coalition/format\.yml:\d+: not valid YAML"),
    "plural not a word": ("cards/creature_types.yml", "  Dwarf: Dwarves", "  Dwarf: [Dwarves]",
                          r"creature_types\.yml:3: irregular_plurals\.Dwarf: Input should be a valid string"),
    "unknown reading": ("formats/heroic/format.yml", "hero_lives: end_of_your_turn", "hero_lives: end_of_my_turn",
                        r"heroic/format\.yml:\d+: readings\.hero_lives: Input should be 'end_of_that_turn' or 'end_of_your_turn'"),
    "unknown negated_types reading": (COALITION + "format.yml", "negated_types: ignored", "negated_types: literal",
                                      r"coalition/format\.yml:\d+: readings\.negated_types: Input should be 'ignored' or 'affiliated'"),
    # A card-level reading is the default format's, for every format: it must set it, and may not contradict a
    # format whose own rules state it (Heroic's 2.2: "non-" names no type).
    "the default without a card-level reading": (COALITION + "format.yml", "  negated_types: ignored\n", "",
                                                 r"coalition/format\.yml:\d+: readings\.negated_types: the default format sets every card-level reading"),
    "the default contradicting a format's rules": (COALITION + "format.yml", "negated_types: ignored", "negated_types: affiliated",
                                                   r"coalition/format\.yml:\d+: readings\.negated_types: 'affiliated' contradicts \S*heroic/format\.yml:\d+, whose rules state 'ignored'"),
    "unknown reading switch": ("formats/heroic/format.yml", "hero_lives: end_of_your_turn", "hero_life: end_of_your_turn",
                               r"heroic/format\.yml:\d+: readings\.hero_life: Extra inputs are not permitted"),
    # The shared type's name is `texts.words.type`, one word in one place (it stood twice until 2026-11-26).
    "the type's word twice": (COALITION + "format.yml", "  reasons:                   # reason codes",
                              "  type_word: coalition type\n  reasons:                   # reason codes",
                              r"coalition/format\.yml:\d+: texts\.type_word: Extra inputs are not permitted"),
    "a namesake without its type": ("formats/heroic/format.yml", "    groups: armies", "    groups: armies\n    namesake: the army's own",
                                    r"heroic/format\.yml:\d+: texts\.words\.namesake: must hold \{type\}"),
    "vocabulary without groups": ("cards/vocabulary.yml", "card_groups:", "card_gruops:",
                                  r"vocabulary\.yml:\d+: card_groups: Field required"),
    # The quoted sources are named in evidence_words: the lookup and `coalition card` quote what they list.
    "a quoted source no evidence word names": ("cards/vocabulary.yml", "  - oracle_text\n", "  - oracle_txt\n",
                                               r"vocabulary\.yml:\d+: quoted_evidence: 'oracle_txt' is not a source of evidence_words"),
    # The symbols' spoken names: a pattern missing, or a colour that is no colour letter, stops the build.
    "mana words without the hybrid pattern": ("cards/mana_symbols.yml", '  hybrid: "{first} or {second} hybrid mana"\n', "",
                                              r"mana_symbols\.yml:\d+: words\.hybrid: Field required"),
    "a mana colour that is no colour": ("cards/mana_symbols.yml", "colours: {W: white,", "colours: {V: violet, W: white,",
                                        r"mana_symbols\.yml:\d+: colours\.V: Input should be 'W', 'U', 'B', 'R' or 'G'"),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_data_is_refused_with_file_line_and_key(tmp_path, case):
    refused(tmp_path, *BAD_INPUTS[case])


def test_binary_format_file(tmp_path):
    paths = project_copy(tmp_path)
    (paths.formats_dir / "coalition" / "format.yml").write_bytes(b"name: Coalition\n\x00\x01\x02\xff")
    with pytest.raises(BuildError, match=r"coalition/format\.yml:1: a binary file, not YAML text"):
        load_format_data(paths.data_dir)


def test_non_utf8_file_names_its_line(tmp_path):
    paths = project_copy(tmp_path)
    (paths.formats_dir / "coalition" / "banlist.yml").write_bytes(b"categories: {}\nbanned:\n  - {card: Caf\xe9}\n")
    with pytest.raises(BuildError, match=r"coalition/banlist\.yml:3: not UTF-8 text"):
        load_format_data(paths.data_dir)


@pytest.mark.parametrize("text, pattern", [
    ("{not json", r"scryfall-creature-types\.json:1: not valid JSON"),
    ('{"object": "catalog",\n "data": []}', r"scryfall-creature-types\.json:1: data: List should have at least 1 item"),
    ('{"object": "list", "data": ["Elf"]}', r"scryfall-creature-types\.json:1: object: Input should be 'catalog'"),
    ('{"object": "catalog", "data": ["Elf", 3]}', r"scryfall-creature-types\.json:1: data\.1: Input should be a valid string"),
])
def test_malformed_catalog(tmp_path, text, pattern):
    paths = project_copy(tmp_path)
    paths.catalog_file.write_text(text)
    with pytest.raises(BuildError, match=pattern):
        load_catalog(paths.catalog_file)


def test_exactly_one_default_format(tmp_path):
    refused(tmp_path, "formats/heroic/format.yml", "name: Heroic", "name: Heroic\ndefault: true",
            r"exactly one format\.yml must say 'default: true' \(found 2\)")


def test_plural_for_a_type_that_does_not_exist_stops_the_build(tmp_path):
    paths = project_copy(tmp_path)
    edit(paths, "cards/creature_types.yml", "  Dwarf: Dwarves", "  Dwarf: Dwarves\n  Dwarff: Dwarffs")
    with pytest.raises(BuildError, match=r"plurals_name_real_types failed: .*creature_types\.yml:4: irregular_plurals\.Dwarff"):
        build_from_cards(all_fixture_cards(), tmp_path, paths)


def test_override_removing_a_type_the_card_lacks_stops_the_build(tmp_path):
    paths = project_copy(tmp_path)
    (paths.cards_data_dir / "affiliation_overrides.yml").write_text(
        "overrides:\n  - {card: Swan Song, remove: [Goblin], reason: test}\n")
    with pytest.raises(BuildError, match=r"affiliation_overrides\.yml:2: Swan Song: removes 'Goblin', which the card does not have"):
        build_from_cards(all_fixture_cards(), tmp_path, paths)


def test_typo_in_a_banned_name_stops_the_build(tmp_path):
    paths = project_copy(tmp_path)
    edit(paths, COALITION + "banlist.yml", "{card: Sol Ring,", "{card: Sol Rign,")
    with pytest.raises(BuildError, match=r"banlist\.yml:\d+: 'Sol Rign' \(banlist\) matches no card; did you mean 'Sol Ring'"):
        build_from_cards(all_fixture_cards(), tmp_path, paths)


def test_typo_in_a_name_banned_everywhere_stops_the_build_naming_the_shared_file(tmp_path):
    """The data check of the shared file is live: one misspelled name is one line naming the file and line."""
    paths = project_copy(tmp_path)
    edit(paths, "cards/banned_everywhere.yml", "      - Crusade\n", "      - Crusdae\n")
    with pytest.raises(BuildError, match=r"^\S*data/cards/banned_everywhere\.yml:18: 'Crusdae' \(banlist\) matches no card; "
                                         r"did you mean 'Crusade'\?[^\n]*$"):
        build_from_cards(all_fixture_cards(), tmp_path, paths)


def test_unknown_newer_card_only_warns(tmp_path, capsys):
    paths = project_copy(tmp_path)
    edit(paths, COALITION + "banlist.yml", "watchlist:\n", "watchlist:\n  - {card: Zzyzx Quantum Bananarama, reason: x}\n")
    build_from_cards(all_fixture_cards(), tmp_path, paths)
    assert "'Zzyzx Quantum Bananarama' (watchlist) matches no card in this data" in capsys.readouterr().err


def test_override_with_unknown_type_stops_the_build(tmp_path):
    paths = project_copy(tmp_path)
    (paths.cards_data_dir / "affiliation_overrides.yml").write_text(
        "overrides:\n  - {card: Swan Song, add: [Birb], reason: test}\n")
    with pytest.raises(BuildError, match=r"affiliation_overrides\.yml:2: Swan Song: 'Birb' is not a creature type"):
        build_from_cards(all_fixture_cards(), tmp_path, paths)


def test_override_adds_and_removes_with_reason(tmp_path):
    import duckdb

    paths = project_copy(tmp_path)
    (paths.cards_data_dir / "affiliation_overrides.yml").write_text(
        "overrides:\n"
        "  - {card: Swan Song, add: [Faerie], remove: [Bird], reason: a test override}\n")
    database = build_from_cards(all_fixture_cards(), tmp_path, paths)
    with duckdb.connect(str(database), read_only=True) as con:
        rows = con.execute(
            "SELECT type, source, evidence FROM affiliations JOIN cards USING (oracle_id) WHERE name = 'Swan Song'"
        ).fetchall()
    assert rows == [("Faerie", "override", "a test override")]
    from generator.queries import card_report, find_cards

    with duckdb.connect(str(database), read_only=True) as con:
        [(asked, oracle_id)] = find_cards(con, ["Swan Song"])
        report = card_report(con, asked, oracle_id)
    assert report["removed_affiliations"] == [{"type": "Bird", "reason": "a test override"}]


def test_heroics_reasons_and_messages_say_typal_identity():
    """Player review: Heroic's validator and lookup said a typeless legend had "no affiliation", Coalition's
    word; Heroic's is typal identity (2.4). Its words (texts:) and check messages name no affiliation."""
    import yaml
    data = yaml.safe_load((PROJECT_ROOT / "data/formats/heroic/format.yml").read_text(encoding="utf-8"))
    said = [*data["texts"]["reasons"].values(),
            *(message for check in data["checks"] for message in (check.get("messages") or {}).values())]
    assert [words for words in said if "affiliat" in words.lower()] == []
    assert any("no typal identity" in words for words in said)
