"""Every data check in generator/sql/checks/ passes on good data and fails on data that breaks it."""

from __future__ import annotations

import shutil

import duckdb
import pytest

from generator.database import check_sql_files, run_checks
from generator.errors import BuildError

# One way to break each check, applied to a copy of the fixture database.
BREAKAGES = {
    "leaders_are_legendary": "UPDATE cards SET is_legendary = false WHERE name = 'Kaalia of the Vast'",
    "excluded_type_never_leads": "INSERT INTO leader_types SELECT 'coalition', oracle_id, 'Human' FROM cards WHERE name = 'Kaalia of the Vast'",
    "pools_hold_only_playable_cards": "INSERT INTO pools SELECT 'coalition', 'Angel', oracle_id, 'type_line', 'Angel' FROM cards WHERE name = 'Sol Ring'",
    "shared_pool_is_unaffiliated": "INSERT INTO shared_pool SELECT 'coalition', oracle_id FROM cards WHERE name = 'Swan Song'",
    "affiliation_types_exist": "INSERT INTO affiliations SELECT oracle_id, 'Shrine', 'type_line', 0, 'Shrine' FROM cards WHERE name = 'Go-Shintai of Boundless Vigor'",
    "excluded_type_exists": "UPDATE format_settings SET value = '\"Humanoid\"' WHERE key = 'excluded_type' AND format = 'heroic'",
    "every_card_has_facts": "DELETE FROM copy_limits WHERE format = 'heroic' AND oracle_id = (SELECT oracle_id FROM cards WHERE name = 'Lightning Bolt')",
    "leaders_have_types": "DELETE FROM type_summary WHERE type = 'Angel' AND format = 'heroic'",
    # data/cards/creature_types.yml: a plural for a type that does not exist
    "plurals_name_real_types": "INSERT INTO type_spellings VALUES ('Dwarff', 'Dwarves', 'data/cards/creature_types.yml:3')",
    # data/cards/affiliation_overrides.yml: an override removing a type the card lacks
    "overrides_remove_types_the_card_has": "INSERT INTO affiliation_overrides VALUES ('Swan Song', [], ['Goblin'], 'test', 'data/cards/affiliation_overrides.yml:4')",
    # Issue 9's classes: each check fails when its class regresses the way it used to be wrong.
    "labels_name_no_type": "INSERT INTO affiliations SELECT oracle_id, 'Mystic', 'oracle_text', 0, 'Mystic' FROM cards WHERE name = 'Prosper, Tome-Bound'",
    "short_names_name_no_type": "INSERT INTO affiliations SELECT oracle_id, 'Rhino', 'oracle_text', 0, 'Rhino' FROM cards WHERE name = 'Rhino, Barreling Brute'",
    "typecycling_is_read": "DELETE FROM affiliations WHERE type = 'Wizard' AND oracle_id = (SELECT oracle_id FROM cards WHERE name = 'Step Through')",
    "sticker_attraction_bans_have_evidence": "INSERT INTO card_bans SELECT 'coalition', oracle_id, 'sticker_attraction', 'opens an Attraction' FROM cards WHERE name = 'Black Hole'",
    "flip_cards_follow_reading": "UPDATE cards SET is_legendary = true WHERE name = 'Akki Lavarunner // Tok-Tok, Volcano Born'",
    "meld_results_are_not_deck_cards": "UPDATE cards SET name = 'Brisela, Voice of Nightmares' WHERE name = 'Counterspell'",
    "ignored_words_have_reasons": "UPDATE ignored_words SET reason = 'looks_odd' WHERE word = 'Mystic'",
    "reasons_have_labels": "DELETE FROM format_reason_labels WHERE reason = 'reserved_list' AND format = 'coalition'",
    "pool_groups_add_up": "UPDATE type_summary SET lands = lands + 1 WHERE type = 'Angel' AND format = 'coalition'",
}


def test_every_check_has_a_breakage():
    assert {p.stem for p in check_sql_files()} == set(BREAKAGES)


def test_checks_pass_on_fixture_data(fixture_db):
    run_checks(fixture_db)


@pytest.mark.parametrize("check", sorted(BREAKAGES))
def test_check_fails_when_broken(fixture_db_path, tmp_path, check):
    copy = tmp_path / "broken.duckdb"
    shutil.copy(fixture_db_path, copy)
    with duckdb.connect(str(copy)) as con:
        con.execute(BREAKAGES[check])
        with pytest.raises(BuildError, match=f"data check {check} failed"):
            run_checks(con)


def test_a_removal_of_a_type_the_card_has_passes(fixture_db_path, tmp_path):
    """The removal check is not too eager: removing Bird from Swan Song (which names Birds) is fine."""
    copy = tmp_path / "ok.duckdb"
    shutil.copy(fixture_db_path, copy)
    with duckdb.connect(str(copy)) as con:
        con.execute("INSERT INTO affiliation_overrides VALUES ('Swan Song', [], ['Bird'], 'test', 'x.yml:1')")
        run_checks(con)


def test_a_removal_names_file_line_and_card(fixture_db_path, tmp_path):
    copy = tmp_path / "broken.duckdb"
    shutil.copy(fixture_db_path, copy)
    with duckdb.connect(str(copy)) as con:
        con.execute(BREAKAGES["overrides_remove_types_the_card_has"])
        with pytest.raises(BuildError, match=r"affiliation_overrides\.yml:4: Swan Song: removes 'Goblin', which the card does not have"):
            run_checks(con)
