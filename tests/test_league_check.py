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
    ("2e", "Sol Ring is banned and may not be in the main deck: Mazerunner ban (2e-iii)."),
    ("2e", "Mox Diamond is banned and may not be in the main deck: Cards on Wizards of the "
           "Coast's Reserved List are banned in Mazerunner (2e-i)."),
    ("2e", "Suleiman's Legacy is banned"),
    ("2e", "Backup Plan is banned and may not be in the main deck: It is on the Commander banlist"),
    ("2e", "Frankie Peanuts is banned and may not be in the main deck: It is not legal in Commander"),
    ("2b", "1 card has a color identity outside WR: Swan Song."),
    ("2a", "Lightning Bolt: 3 copies across the main deck and sideboard"),
    ("2a", "The main deck has 101 cards, the commander included; it must have exactly 100."),
    ("2g", "Bruse Tarl, Roving Rancher was released 2024-04-19, after the first game day 2024-01-01"),
    ("2", 'no card named "No Such Card" in'),
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
    assert any(i["rule"] == "2b" and "The commander's color identity is UR; the assigned identity is UG." in i["message"]
               for i in report["issues"]), report["issues"]


def project_without_a_build(tmp_path):
    shutil.copytree(PROJECT_ROOT / "data" / "formats", tmp_path / "project" / "data" / "formats")
    return tmp_path / "project"


def test_without_a_database_the_check_fails_naming_where_it_looked(tmp_path, capsys):
    """No database is no verdict on the cards: never "nothing to report" with exit 0 (an illegal deck would pass)."""
    season = season_with_decks(tmp_path, {"T0a": LEGAL_DECK})
    project = project_without_a_build(tmp_path)
    code = main(["league", "check", season, "--project-dir", str(project)])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    error = captured.err.strip()
    assert len(error.splitlines()) == 1 and str(project / "build" / "coalition.duckdb") in error
    assert "--db" in error and "--no-cards" in error


def test_no_cards_runs_the_league_checks_only_and_says_so(tmp_path, capsys):
    season = season_with_decks(tmp_path, {"T0a": LEGAL_DECK})
    code = main(["league", "check", season, "--no-cards", "--project-dir", str(project_without_a_build(tmp_path))])
    out = capsys.readouterr().out
    assert code == 1 and "card checks skipped: --no-cards" in out and "no deck file T1a.txt" in out


def test_no_cards_never_reports_a_season_plainly_clean(tmp_path, capsys):
    folder = tmp_path / "decks"
    folder.mkdir()
    for team in teams(4, 1):
        (folder / f"{team['players'][0]}.txt").write_text(LEGAL_DECK, encoding="utf-8")
    season = write_season(tmp_path, {"teams": teams(4, 1), "decks": "decks/"})
    code = main(["league", "check", str(season), "--no-cards"])
    out = capsys.readouterr().out
    assert code == 0 and "nothing to report but the cards, unchecked" in out


PARTNERS = "Commander\n1 Pir, Imaginative Rascal\n1 Depala, Pilot Exemplar\n\nDeck\n98 Wastes\n"


@pytest.mark.parametrize("variant, expected", [
    ("two-color", {("2b", "2 commanders under the Commander header; a two-color season has 1."),
                   ("2c", "Pir, Imaginative Rascal has Partner with, which a two-color season does not allow.")}),
    ("three-color-partner", {("2b", "The two commanders must have 2 colors each and share exactly 1: "
                                    "Depala, Pilot Exemplar and Pir, Imaginative Rascal.")}),
])
def test_the_seasons_variant_decides_commanders_and_partner(tmp_path, capsys, fixture_db_path, variant, expected):
    """The league check runs the format's own checks with the season's variant (one rule, one place)."""
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "T0a.txt").write_text(PARTNERS, encoding="utf-8")
    season_teams = teams(4, 1)
    if variant == "two-color":
        season_teams[0]["identity"] = "RW"
    else:
        for team, colours in zip(season_teams, ["WUG", "UBR", "BRG", "RGW"]):
            team["identity"] = colours
    season = write_season(tmp_path, {"teams": season_teams, "variant": variant, "decks": "decks/"})
    _, report = check(capsys, str(season), fixture_db_path)
    found = {(i["rule"], i["message"].removeprefix("T0a.txt: ")) for i in report["issues"] if i["player"] == "T0a"}
    assert expected <= found, found


def test_the_cards_banned_in_every_format_are_refused_citing_2e_ii(tmp_path, capsys, fixture_db_path):
    """data/cards/banned_everywhere.yml's cards: Scryfall calls them legal in Commander, the league refuses them."""
    deck = "Commander\n1 Depala, Pilot Exemplar\n\nDeck\n1 Crusade\n1 Cleanse\n1 Jihad\n96 Wastes\n"
    season = season_with_decks(tmp_path, {"T0a": deck})
    code, report = check(capsys, season, fixture_db_path)
    assert code == 1
    for card in ("Crusade", "Cleanse", "Jihad"):
        words = (f"{card} is banned and may not be in the main deck: Removed from every format by Wizards of the Coast"
                 " for their racist depictions. On the Commander banlist, which Mazerunner follows (2e-ii).")
        assert any(i["rule"] == "2e" and words in i["message"] for i in report["issues"]), report["issues"]
