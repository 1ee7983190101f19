"""The build summary (generator/changes/summary.py) from a real build of tests/fixtures/changes/."""

from __future__ import annotations

import gzip
import json
import re

import duckdb
import pytest

from tests.changes_support import two_builds
from generator.changes.summary import (content_digest, dump_summary, make_summary, parse_summary, read_summary,
                                       same_content)
from generator.errors import BuildError


@pytest.fixture(scope="module")
def summary() -> dict:
    with duckdb.connect(str(two_builds()[0]), read_only=True) as con:
        return make_summary(con)


def by_name(summary: dict, name: str) -> dict:
    [record] = [r for r in summary["cards"].values() if r["name"] == name]
    return record


def test_a_leader_keeps_affiliations_evidence_copy_limit_and_leader_types(summary):
    krenko = by_name(summary, "Krenko, Mob Boss")
    assert re.fullmatch(r"[0-9a-f]{8}", krenko.pop("text"))
    assert krenko == {"name": "Krenko, Mob Boss", "legal": True, "max_copies": 4,
                      "affiliations": ["Goblin", "Warrior"],
                      "evidence": {"Goblin": "type_line: Goblin", "Warrior": "type_line: Warrior"},
                      "leader_types": ["Goblin", "Warrior"]}


def test_changelings_banned_cards_and_basic_lands_are_compact(summary):
    assert by_name(summary, "Mirror Entity")["affiliations"] == ["*"]
    assert by_name(summary, "Mirror Entity")["evidence"] == {"*": "changeling: Changeling"}
    assert by_name(summary, "Goblin Recruiter")["reasons"] == ["banned"]
    assert by_name(summary, "Goblin Recruiter")["legal"] is False
    forest = by_name(summary, "Forest")
    assert forest["max_copies"] is None
    assert not {"affiliations", "evidence", "reasons", "leader_types"} & set(forest)
    assert by_name(summary, "Goblin War Strike")["evidence"] == {"Goblin": "oracle_text: Goblins"}


def test_types_banlist_watchlist_and_creature_types(summary):
    assert summary["version"] == 1
    assert summary["types"] == {"Elf": {"pool": 4, "leaders": 1}, "Goblin": {"pool": 3, "leaders": 1},
                                "Warrior": {"pool": 1, "leaders": 2}}
    assert summary["banlist"]["names"]["Balance"]["category"] == "banned"
    assert summary["banlist"]["categories"]["reserved_list"] == "Reserved List"
    assert "Griselbrand" in summary["watchlist"]
    assert "Goblin" in summary["creature_types"] and "Homarid" not in summary["creature_types"]


def test_the_published_file_is_byte_stable_and_round_trips(summary):
    data = dump_summary(summary)
    assert data == dump_summary(json.loads(json.dumps(summary)))
    assert data[4:8] == b"\0\0\0\0", "a gzip timestamp would change the bytes every night"
    assert parse_summary(data, "test") == summary
    assert parse_summary(gzip.decompress(data), "plain JSON") == summary


def test_the_digest_ignores_when_the_build_ran_but_not_what_it_found(summary):
    later = {**summary, "built_at": "2099-01-01T00:00:00+00:00", "scryfall_updated_at": "2099-01-01"}
    assert same_content(summary, later)
    edited = json.loads(json.dumps(summary))
    by_name(edited, "Goblin King")["max_copies"] = 1
    assert content_digest(edited) != content_digest(summary)
    assert not same_content(summary, {**summary, "version": 2})


def test_what_is_not_a_summary_is_refused_in_one_line(tmp_path):
    with pytest.raises(BuildError, match=r"^bad\.gz: not a build summary") as error:
        parse_summary(gzip.compress(b"<html>404</html>"), "bad.gz")
    assert "\n" not in str(error.value)
    with pytest.raises(BuildError, match="no \"cards\" object"):
        parse_summary(b'{"version": 1}', "empty.json")
    assert read_summary(tmp_path / "absent.json.gz") is None
