"""data/*.yml: checked at load with errors that name the file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import BuildError
from generator.formatdata import load_format_data
from generator.paths import PROJECT_ROOT
from tests.conftest import all_fixture_cards, build_from_cards, project_copy


def test_shipped_data_loads():
    data = load_format_data(PROJECT_ROOT / "data")
    assert data.settings["deck_size"] == 60
    assert data.settings["sideboard_max"] == 15
    assert data.settings["starting_life"] == 25
    assert data.settings["victory_points"] == 21
    assert data.settings["excluded_type"] == "Human"
    assert data.settings["copy_limits"] == {"creature": 4, "nonbasic_land": 4, "other": 1, "basic_land": None}


def test_banlist_matches_the_published_facts():
    data = load_format_data(PROJECT_ROOT / "data")
    named = {e.card for e in data.banned if "category" not in e.fields}
    assert len(named) == 19 and {"Flash", "Sneak Attack", "Sol Ring", "Nadu, Winged Wisdom"} <= named
    racist = {e.card for e in data.banned if e.fields.get("category") == "racist_depiction"}
    assert racist == {"Invoke Prejudice", "Cleanse", "Stone-Throwing Devils", "Pradesh Gypsies", "Jihad", "Imprison", "Crusade"}
    assert {e.card for e in data.watchlist} == {
        "Dreadhorde Arcanist", "Griselbrand", "Imperial Seal", "Magus of the Moon", "Sowing Mycospawn", "Fury"}
    assert [e.card for e in data.exceptions] == ["Frankie Peanuts"]


def edit(paths, file: str, old: str, new: str) -> Path:
    path = paths.data_dir / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


def test_unknown_key_names_file_and_line(tmp_path):
    paths = project_copy(tmp_path)
    edit(paths, "banlist.yml", "{card: Balance, reason:", "{card: Balance, raeson: x, reason:")
    with pytest.raises(BuildError, match=r"banlist\.yml:\d+: unknown key 'raeson'"):
        load_format_data(paths.data_dir)


def test_wrong_value_type(tmp_path):
    paths = project_copy(tmp_path)
    edit(paths, "format.yml", "deck_size: 60", "deck_size: sixty")
    with pytest.raises(BuildError, match=r"format\.yml:1: 'deck_size' must be a whole number"):
        load_format_data(paths.data_dir)


def test_invalid_yaml(tmp_path):
    paths = project_copy(tmp_path)
    edit(paths, "format.yml", "deck_size: 60", "deck_size: [60")
    with pytest.raises(BuildError, match=r"format\.yml:\d+: not valid YAML"):
        load_format_data(paths.data_dir)


def test_typo_in_a_banned_name_stops_the_build(tmp_path):
    paths = project_copy(tmp_path)
    edit(paths, "banlist.yml", "{card: Sol Ring,", "{card: Sol Rign,")
    with pytest.raises(BuildError, match=r"banlist\.yml:\d+: 'Sol Rign' \(banlist\) matches no card; did you mean 'Sol Ring'"):
        build_from_cards(all_fixture_cards(), tmp_path, paths)


def test_unknown_newer_card_only_warns(tmp_path, capsys):
    paths = project_copy(tmp_path)
    edit(paths, "banlist.yml", "watchlist:\n", "watchlist:\n  - {card: Zzyzx Quantum Bananarama, reason: x}\n")
    build_from_cards(all_fixture_cards(), tmp_path, paths)
    assert "'Zzyzx Quantum Bananarama' (watchlist) matches no card in this data" in capsys.readouterr().err


def test_override_with_unknown_type_stops_the_build(tmp_path):
    paths = project_copy(tmp_path)
    (paths.data_dir / "affiliation_overrides.yml").write_text(
        "overrides:\n  - {card: Swan Song, add: [Birb], reason: test}\n")
    with pytest.raises(BuildError, match=r"affiliation_overrides\.yml:2: Swan Song: 'Birb' is not a creature type"):
        build_from_cards(all_fixture_cards(), tmp_path, paths)


def test_override_adds_and_removes_with_reason(tmp_path):
    import duckdb

    paths = project_copy(tmp_path)
    (paths.data_dir / "affiliation_overrides.yml").write_text(
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
