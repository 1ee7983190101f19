"""`coalition league check` with card facts (rule 2): a deck's identity, the three banlist sources,
singleton and sizes, rule 2g, and the penalties they imply (4e-iii); on real card objects (fixture DB)."""

from __future__ import annotations

import json
import shutil

import pytest

from generator.cli import main
from generator.paths import PROJECT_ROOT
from tests.league_support import teams, write_season

LEGAL_DECK = "Commander\n1 Depala, Pilot Exemplar\n\nDeck\n99 Wastes\n"
BAD_DECK = """Commander
1 Depala, Pilot Exemplar

Deck
1 Sol Ring
1 Mox Diamond
1 Suleiman's Legacy
1 Swan Song
2 Lightning Bolt
1 Bruse Tarl, Roving Rancher
1 Backup Plan
1 Frankie Peanuts
1 No Such Card
90 Wastes

Sideboard
1 Lightning Bolt
"""


def season_with_decks(tmp_path, decks: dict[str, str]) -> str:
    folder = tmp_path / "decks"
    folder.mkdir()
    for player, text in decks.items():
        (folder / f"{player}.txt").write_text(text, encoding="utf-8")
    season_teams = teams(4, 1)
    season_teams[0]["identity"] = "RW"
    season_teams[3]["identity"] = "UG"
    return str(write_season(tmp_path, {"teams": season_teams, "decks": "decks/", "first_game_day": "2024-01-01"}))


def check(capsys, season: str, db) -> tuple[int, dict]:
    code = main(["league", "check", season, "--json", "--db", str(db)])
    return code, json.loads(capsys.readouterr().out)


def test_a_legal_deck_has_no_card_issue(tmp_path, capsys, fixture_db_path):
    season = season_with_decks(tmp_path, {"T0a": LEGAL_DECK})
    code, report = check(capsys, season, fixture_db_path)
    assert report["decks_checked_for_cards"]
    assert [i for i in report["issues"] if i["player"] == "T0a"] == []


@pytest.mark.parametrize("rule, words", [
    ("2e-iii", "Sol Ring is banned in Mazerunner"),
    ("2e-i", "Mox Diamond is on the Reserved List"),
    ("2e-i", "Suleiman's Legacy is on the Reserved List"),
    ("2e-ii", "Backup Plan is on the Commander banlist"),
    ("2e-ii", "Frankie Peanuts is not legal in Commander"),
    ("2b", "Swan Song has U outside the team's WR"),
    ("2a", "3 copies of Lightning Bolt across the 120 cards"),
    ("2a", "101 cards in the main deck with the commander; it must have 100"),
    ("2g", "Bruse Tarl, Roving Rancher was released 2024-04-19, after the first game day 2024-01-01"),
    ("2", "no card named No Such Card"),
])
def test_each_card_rule_is_reported_with_its_rule(tmp_path, capsys, fixture_db_path, rule, words):
    season = season_with_decks(tmp_path, {"T0a": BAD_DECK})
    code, report = check(capsys, season, fixture_db_path)
    assert code == 1
    assert any(i["rule"] == rule and words in i["message"] and "T0a.txt" in i["message"]
               for i in report["issues"]), [i["message"] for i in report["issues"]]


def test_illegal_cards_imply_the_4e_iii_penalty_once(tmp_path, capsys, fixture_db_path):
    season = season_with_decks(tmp_path, {"T0a": BAD_DECK})
    _, report = check(capsys, season, fixture_db_path)
    penalties = [p for p in report["penalties"] if p["player"] == "T0a"]
    assert penalties == [{"player": "T0a", "points": -2, "reason": "illegal deck", "rule": "4e-iii", "recorded": False}]


def test_commander_must_have_exactly_the_team_identity(tmp_path, capsys, fixture_db_path):
    season = season_with_decks(tmp_path, {"T3a": "Commander\n1 The Tenth Doctor\n\nDeck\n99 Wastes\n"})
    _, report = check(capsys, season, fixture_db_path)
    assert any(i["rule"] == "2b" and "the commander identity is RU; the team's is UG" in i["message"].replace("UR", "RU")
               for i in report["issues"]), report["issues"]


def test_without_a_database_the_league_checks_still_run(tmp_path, capsys):
    season = season_with_decks(tmp_path, {"T0a": LEGAL_DECK})
    shutil.copytree(PROJECT_ROOT / "data" / "formats", tmp_path / "project" / "data" / "formats")
    code = main(["league", "check", season, "--project-dir", str(tmp_path / "project")])
    out = capsys.readouterr().out
    assert code == 1 and "no card database" in out and "no deck file T1a.txt" in out


SNAPSHOT = PROJECT_ROOT.parent / "shared" / "data" / "scryfall-oracle-2019.jsonl.gz"


def snapshot_card(name: str) -> dict:
    import gzip
    if not SNAPSHOT.exists():
        pytest.skip("../shared/data is absent")
    with gzip.open(SNAPSHOT, "rt", encoding="utf-8") as lines:
        for line in lines:
            if f'"name":"{name}"' in line:
                return json.loads(line)
    raise AssertionError(name)


def row_of(card: dict) -> dict:
    """The facts league_deck_cards.sql reads, from a Scryfall object."""
    return {"name": card["name"], "color_identity": card["color_identity"], "reserved": card["reserved"],
            "legality": card["legalities"]["commander"], "keywords": card.get("keywords", []),
            "released_at": card["released_at"], "oracle_text": card["oracle_text"],
            "front_type_line": card["type_line"], "front_legendary_creature": True, "can_command": False}


@pytest.mark.parametrize("variant, identity, expected", [
    ("two-color", "UG", [("2c", "Thrasios, Triton Hero has Partner, not allowed in a two-color season")]),
    ("three-color-partner", "WUG", []),
])
def test_partner_is_kept_out_unless_the_variant_allows_it(tmp_path, variant, identity, expected):
    from generator.league.cardcheck import CardChecker
    from tests.league_support import loaded_season
    season_teams = teams(4, 1)
    if variant != "two-color":
        for team, colours in zip(season_teams, ["WUG", "UBR", "BRG", "RGW"]):
            team["identity"] = colours
    loaded = loaded_season(tmp_path, {"teams": season_teams, "variant": variant})
    checker = CardChecker(None, loaded, set())
    issues = checker.card_issues("T0a", "T0a.txt", row_of(snapshot_card("Thrasios, Triton Hero")), identity)
    assert [(i["rule"], i["message"].removeprefix("T0a.txt: ")) for i in issues] == expected


def test_thrasios_is_banned_as_a_partner_commander(tmp_path):
    from generator.league.cardcheck import CardChecker
    from tests.league_support import loaded_season
    season_teams = teams(4, 1)
    for team, colours in zip(season_teams, ["WUG", "UBR", "BRG", "RGW"]):
        team["identity"] = colours
    loaded = loaded_season(tmp_path, {"teams": season_teams, "variant": "three-color-partner"})
    thrasios = row_of(snapshot_card("Thrasios, Triton Hero"))
    issues = CardChecker(None, loaded, set()).commander_issues("T0a", "T0a.txt", ["Thrasios, Triton Hero"],
                                                               {"Thrasios, Triton Hero": thrasios}, "WUG")
    assert ("5", "T0a.txt: Thrasios, Triton Hero is banned as a commander in this variant") in [
        (i["rule"], i["message"]) for i in issues]
