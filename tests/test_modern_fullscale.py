"""Issue 9's classes on the whole of today's cards: a build of ../shared/data/scryfall-shaped-2025-09.jsonl.gz
(skipped when the file is absent). The build itself runs every data check, each class's included; these
tests pin what each class holds in that file, so a change of reading shows up as a named difference."""

from __future__ import annotations

import json

import duckdb
import pytest

from generator.database import build_database
from tests.conftest import SHARED_DATA_DIR, facts, project_copy

pytestmark = pytest.mark.fullscale

MODERN = SHARED_DATA_DIR / "scryfall-shaped-2025-09.jsonl.gz"


@pytest.fixture(scope="module")
def modern_db(tmp_path_factory):
    if not MODERN.exists():
        pytest.skip(f"{MODERN} is not present")
    tmp = tmp_path_factory.mktemp("modern-db")
    paths = project_copy(tmp)
    catalog = json.loads((paths.catalog_file).read_text(encoding="utf-8"))["data"]
    database = build_database(MODERN, paths, catalog_types=catalog).database
    with duckdb.connect(str(database), read_only=True) as con:
        yield con


def names(con, sql: str) -> list[str]:
    return [name for (name,) in con.execute(sql).fetchall()]


@pytest.mark.parametrize(("card", "not_a_type"), [
    ("Prosper, Tome-Bound", "Mystic"), ("Cleopatra, Exiled Pharaoh", "Ally"), ("Rose Tyler", "Wolf"),
    ("Flash Thompson, Spider-Fan", "Hero"), ("Rhino, Barreling Brute", "Rhino"), ("Citadel Siege", "Dragon"),
])
def test_issue_examples_name_no_type(modern_db, card, not_a_type):
    assert not_a_type not in facts(modern_db, card)["affiliations"]


def test_every_ability_word_and_mode_label_set_aside(modern_db):
    # The whole class as the 2025 file has it: 39 cards print a type word in a label (the 39th since "Children"
    # is read as Child's plural: Genestealer Patriarch's "Children of the Cult —").
    rows = modern_db.execute(
        "SELECT DISTINCT i.word FROM ignored_words i WHERE i.reason IN ('ability_word', 'mode_label')"
    ).fetchall()
    words = {word for (word,) in rows}
    assert {"Mystic", "Allies", "Wolf", "Hero", "Mercenary", "Goblin", "Time Lord", "Snakes", "Children"} <= words
    assert modern_db.execute("SELECT count(DISTINCT oracle_id) FROM ignored_words "
                             "WHERE reason IN ('ability_word', 'mode_label')").fetchone()[0] == 39


def test_keyword_and_token_names_set_aside(modern_db):
    # data/readings.yml names_not_types on the whole file: the 15 Transformers with "More Than Meets the Eye",
    # 5 cards that make a Young Hero Role and 5 a Sorcerer Role. Eye is a type of 4 changeling leaders only.
    counts = dict(modern_db.execute("SELECT word, count(DISTINCT oracle_id) FROM ignored_words "
                                    "WHERE reason = 'named_thing' GROUP BY word").fetchall())
    assert counts == {"Eye": 15, "Hero": 5, "Sorcerer": 5}
    assert modern_db.execute("SELECT leaders FROM type_summary WHERE format = 'coalition' AND type = 'Eye'").fetchone() == (4,)
    assert "Hound" not in {t for (t,) in modern_db.execute("SELECT type FROM creature_types").fetchall()}


def test_every_typecycling_card_reads_its_type(modern_db):
    rows = modern_db.execute("SELECT c.name, a.type FROM affiliations a JOIN cards c USING (oracle_id) "
                             "WHERE a.evidence LIKE '%cycling' ORDER BY c.name").fetchall()
    assert rows == [("Homing Sliver", "Sliver"), ("Step Through", "Wizard"), ("Vedalken Aethermage", "Wizard")]


def test_legends_short_names_set_aside(modern_db):
    shorts = names(modern_db, "SELECT DISTINCT c.name FROM ignored_words i JOIN cards c USING (oracle_id) "
                              "WHERE i.reason = 'short_name' AND i.word = i.evidence ORDER BY 1")
    assert shorts == ["Jackal, Genius Geneticist", "Joshua, Phoenix's Dominant // Phoenix, Warden of Fire",
                      "Rhino, Barreling Brute", "Wolverine, Best There Is", "Wraith, Vicious Vigilante"]


def test_sticker_attraction_class(modern_db):
    by_evidence = dict(modern_db.execute("SELECT evidence, count(*) FROM card_bans WHERE reason = 'sticker_attraction' AND format = 'coalition' "
                                         "GROUP BY evidence").fetchall())
    assert by_evidence == {"an Attraction": 22, "opens an Attraction": 20, "puts a sticker": 34, "sticker kicker": 1}
    mention_only = ["A Good Day to Pie", "Black Hole", "Blorbian Buddy", "Down for Repairs", "Goblin Airbrusher",
                    "Line Cutter", "Motion Sickness", "Ticket Turbotubes", "Unlawful Entry", "Wee Champion"]
    for card in mention_only:
        assert "sticker_attraction" not in facts(modern_db, card)["illegal_reasons"], card
    assert "sticker_attraction" in facts(modern_db, "Complaints Clerk")["illegal_reasons"]


def test_flip_cards_are_legendary_only_by_their_upper_half(modern_db):
    rows = modern_db.execute("SELECT count(*), count(*) FILTER (WHERE is_legendary), "
                             "count(*) FILTER (WHERE front_type_line LIKE 'Legendary%') FROM cards WHERE layout = 'flip'"
                             ).fetchone()
    assert rows == (21, 5, 5)
    assert facts(modern_db, "Akki Lavarunner")["legal"]


def test_every_meld_result_found_and_not_a_deck_card(modern_db):
    results = names(modern_db, "SELECT name FROM meld_results ORDER BY name")
    assert results == ["Brisela, Voice of Nightmares", "Chittering Host", "Hanweir, the Writhing Township",
                       "Mishra, Lost to Phyrexia", "Ragnarok, Divine Deliverance", "Titania, Gaea Incarnate",
                       "Urza, Planeswalker"]
    for name in results:
        report = facts(modern_db, name)
        assert report["illegal_reasons"] == ["meld_result"] and len(report["melded_from"]) == 2, name


def test_no_name_twice_among_leaders(modern_db):
    """The modern file's 61 reversible printings ("Dragonlord Ojutai // Dragonlord Ojutai", 25 of them
    legends that lead) fold into their cards: no leader, card or name is there twice, in any format."""
    twice = modern_db.execute(
        "SELECT l.format, c.front_name, count(*) FROM leaders l JOIN cards c USING (oracle_id) "
        "GROUP BY l.format, c.front_name HAVING count(*) > 1 ORDER BY ALL").fetchall()
    assert twice == []
    repeated = names(modern_db, "SELECT name FROM cards WHERE name LIKE '% // %' "
                                "AND split_part(name, ' // ', 1) = split_part(name, ' // ', 2)")
    assert repeated == []
    assert names(modern_db, "SELECT name FROM cards GROUP BY name HAVING count(*) > 1") == []
    folded = modern_db.execute("SELECT count(*), count(*) FILTER (WHERE kept) FROM reversible_printings").fetchone()
    assert folded == (61, 0)
    ojutai = names(modern_db, "SELECT c.name FROM leaders l JOIN cards c USING (oracle_id) "
                              "WHERE l.format = 'mazerunner' AND c.name LIKE 'Dragonlord Ojutai%'")
    assert ojutai == ["Dragonlord Ojutai"]


def test_the_sample_seasons_decks_pass_the_card_checks_but_the_penalised_ones(modern_db):
    """Review of 2026-11-26, item 15: the sample league's deck files are real, legal lists for each team's
    identity, save the two its penalties record: Kai submitted none, and Finn's holds a card outside Rakdos."""
    from generator.league.cardcheck import CardChecker
    from generator.league.check import check_season
    from generator.league.rules import load_rules
    from generator.league.season import load_season
    from tests.league_support import SAMPLE_SEASON

    loaded = load_season(SAMPLE_SEASON, load_rules())
    report = check_season(loaded, CardChecker(modern_db, loaded))
    assert report["decks"] == 15 and report["decks_checked_for_cards"]
    assert [(issue["rule"], issue["player"]) for issue in report["issues"]] == [("4e-i", "Kai"), ("2b", "Finn")]
    assert "Counterspell" in report["issues"][1]["message"]
    assert all(penalty["recorded"] for penalty in report["penalties"]) and len(report["penalties"]) == 2
