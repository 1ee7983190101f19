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
    "excluded_type_never_leads": "INSERT INTO leader_types SELECT oracle_id, 'Human' FROM cards WHERE name = 'Kaalia of the Vast'",
    "pools_hold_only_playable_cards": "INSERT INTO pools SELECT 'Angel', oracle_id, 'type_line', 'Angel' FROM cards WHERE name = 'Sol Ring'",
    "shared_pool_is_unaffiliated": "INSERT INTO shared_pool SELECT oracle_id FROM cards WHERE name = 'Swan Song'",
    "affiliation_types_exist": "INSERT INTO affiliations SELECT oracle_id, 'Shrine', 'type_line', 0, 'Shrine' FROM cards WHERE name = 'Go-Shintai of Boundless Vigor'",
    "excluded_type_exists": "UPDATE format_settings SET value = '\"Humanoid\"' WHERE key = 'excluded_type'",
    "every_card_has_facts": "DELETE FROM copy_limits WHERE oracle_id = (SELECT oracle_id FROM cards WHERE name = 'Lightning Bolt')",
    "leaders_have_types": "DELETE FROM type_summary WHERE type = 'Angel'",
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
