"""`coalition league check` with card facts (rule 2): a deck's identity, the three banlist sources,
singleton and sizes, rule 2g, and the penalties they imply (4e-iii); on real card objects (fixture DB)."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess
import sys
from pathlib import Path

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


def season_with_decks(tmp_path, decks: dict[str, str], **dates: str) -> str:
    folder = tmp_path / "decks"
    folder.mkdir()
    for player, text in decks.items():
        (folder / f"{player}.txt").write_text(text, encoding="utf-8")
    season_teams = teams(4, 1)
    season_teams[0]["identity"] = "RW"
    season_teams[3]["identity"] = "UG"
    return str(write_season(tmp_path, {"teams": season_teams, "decks": "decks/", "first_game_day": "2024-01-01",
                                       **dates}))


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
    ("2", 'line 13: unknown card "No Such Card"'),   # validate's words, with the line
])
def test_each_card_rule_is_reported_with_its_rule(tmp_path, capsys, fixture_db_path, rule, words):
    season = season_with_decks(tmp_path, {"T0a": BAD_DECK})
    code, report = check(capsys, season, fixture_db_path)
    assert code == 1
    assert any(i["rule"] == rule and words in i["message"] and "T0a.txt" in i["message"]
               for i in report["issues"]), [i["message"] for i in report["issues"]]


def test_an_unknown_card_is_said_as_validate_says_it_with_its_line_and_suggestions(tmp_path, capsys, fixture_db_path):
    """Not `no card named "Swan Sogn" in this build's card data`: the line, and names from every card of the
    build (no other deck of the season names Swan Song)."""
    season = season_with_decks(tmp_path, {"T0a": LEGAL_DECK.replace("99 Wastes", "1 Swan Sogn\n98 Wastes")})
    _, report = check(capsys, season, fixture_db_path)
    said = [i for i in report["issues"] if "Swan Sogn" in i["message"]]
    assert [(i["rule"], i["cards"]) for i in said] == [("2", ["Swan Sogn"])], said
    assert said[0]["message"].startswith('T0a.txt: line 5: unknown card "Swan Sogn" (did you mean "Swan Song"')


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


# Rule 4e-iii's grace days (league.yml `grace_days_after_sideboard`), counted from the season file's
# `sideboard_deadline` as of the day `league check --on` names (generator/league/deadlines.py).
SIDEBOARD_DEADLINE = "2023-12-20"   # with 3 grace days: legal by the end of 2023-12-23, the penalty from 2023-12-24


def check_on(capsys, season: str, db, day: str) -> dict:
    code = main(["league", "check", season, "--json", "--db", str(db), "--on", day])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and report["on"] == day
    return report


def mine(report: dict, key: str, player: str = "T0a") -> list[dict]:
    return [entry for entry in report[key] if entry["player"] == player]


@pytest.mark.parametrize("day", ["2023-12-19", "2023-12-21", "2023-12-23"])
def test_an_illegal_deck_within_the_grace_days_gets_a_warning_naming_the_day(tmp_path, capsys, fixture_db_path, day):
    """Before the deadline and through its third day after (the last grace day: "3 days after" read as the
    grace period's last day): the issues stand, no penalty is owed, a warning says by when."""
    season = season_with_decks(tmp_path, {"T0a": BAD_DECK}, sideboard_deadline=SIDEBOARD_DEADLINE)
    report = check_on(capsys, season, fixture_db_path, day)
    assert mine(report, "issues") and mine(report, "penalties") == []
    [warning] = mine(report, "warnings")
    assert warning["rule"] == "4e-iii" and warning["by"] == "2023-12-23"
    assert "must be legal by the end of 2023-12-23 (3 days after the sideboard deadline 2023-12-20)" in warning["message"]
    assert "no penalty owed yet" in warning["message"]


@pytest.mark.parametrize("day", ["2023-12-24", "2024-02-01"])
def test_an_illegal_deck_after_the_grace_days_owes_the_penalty(tmp_path, capsys, fixture_db_path, day):
    """From the fourth day after the sideboard deadline on, the penalty is owed, as without deadlines."""
    season = season_with_decks(tmp_path, {"T0a": BAD_DECK}, sideboard_deadline=SIDEBOARD_DEADLINE)
    report = check_on(capsys, season, fixture_db_path, day)
    assert mine(report, "warnings") == [] and not any("sideboard_deadline" in note for note in report["notes"])
    assert mine(report, "penalties") == [{"player": "T0a", "points": -2, "reason": "illegal deck", "rule": "4e-iii",
                                          "recorded": False}]


def test_the_grace_days_come_from_league_yml_and_the_text_says_when(tmp_path, capsys, fixture_db_path):
    season = season_with_decks(tmp_path, {"T0a": BAD_DECK}, sideboard_deadline=SIDEBOARD_DEADLINE)
    main(["league", "check", season, "--db", str(fixture_db_path), "--on", "2023-12-22"])
    out = capsys.readouterr().out
    assert "warning for T0a: an illegal deck; it must be legal by the end of 2023-12-23" in out
    assert "(rule 4e-iii)" in out and "penalty -2 for T0a" not in out


def test_without_a_sideboard_deadline_the_penalty_is_owed_and_the_check_says_why(tmp_path, capsys, fixture_db_path):
    """league.yml `illegal_deck_without_deadline: owed`: no day to count the grace from, the penalty at once."""
    season = season_with_decks(tmp_path, {"T0a": BAD_DECK})
    report = check_on(capsys, season, fixture_db_path, "2023-01-01")
    assert mine(report, "warnings") == [] and [p["rule"] for p in mine(report, "penalties")] == ["4e-iii"]
    assert any("records no sideboard_deadline: an illegal deck owes its penalty at once "
               "(league.yml illegal_deck_without_deadline: owed)" in note for note in report["notes"]), report["notes"]


WRONG_COMMANDERS = "Commander\n1 A\n1 B\n\nDeck\n98 Wastes\n"   # two commanders in a two-color season: illegal


def test_the_no_deadline_reading_is_one_switch_in_league_yml(tmp_path):
    """`illegal_deck_without_deadline: warn`: a warning without a day, no penalty (no card database needed:
    the commander count is checked by the league itself)."""
    from generator.league.check import check_season
    from generator.league.rules import load_rules
    from generator.league.season import load_season

    season = season_with_decks(tmp_path, {"T0a": WRONG_COMMANDERS})
    rules = load_rules().model_copy(update={"illegal_deck_without_deadline": "warn"})
    report = check_season(load_season(Path(season), rules), on=dt.date(2030, 1, 1))
    assert mine(report, "penalties") == []
    [warning] = mine(report, "warnings")
    assert warning["by"] is None and "records no sideboard_deadline" in warning["message"]


@pytest.mark.parametrize("day, owed", [("2023-12-10", False), ("2023-12-11", True)])
def test_a_missing_deck_misses_the_mainboard_deadline_the_day_after_it(tmp_path, capsys, day, owed):
    """4e-i from `mainboard_deadline` (the last day to submit); the season records no one's submission day, so a
    deck file missing on the day checked is the only sign of a missed deadline."""
    season = season_with_decks(tmp_path, {"T0a": LEGAL_DECK}, mainboard_deadline="2023-12-10",
                               sideboard_deadline=SIDEBOARD_DEADLINE)
    main(["league", "check", season, "--json", "--no-cards", "--on", day])
    report = json.loads(capsys.readouterr().out)
    assert bool(mine(report, "penalties", "T1a")) is owed and bool(mine(report, "warnings", "T1a")) is not owed
    if not owed:
        assert mine(report, "warnings", "T1a")[0]["by"] == "2023-12-10"


def test_without_on_the_check_is_as_of_today(tmp_path, capsys):
    season = season_with_decks(tmp_path, {"T0a": LEGAL_DECK})
    main(["league", "check", season, "--json", "--no-cards"])
    assert json.loads(capsys.readouterr().out)["on"] == dt.date.today().isoformat()


def test_help_documents_on_and_a_bad_day_is_one_line_exit_2(tmp_path):
    result = subprocess.run([sys.executable, "-m", "generator", "league", "check", "--help"],
                            capture_output=True, text=True, cwd=PROJECT_ROOT)
    words = " ".join(result.stdout.split())
    assert result.returncode == 0 and "--on YYYY-MM-DD" in words
    assert "check as of this day: which deadlines (and grace days) have passed (default: today)" in words
    assert "sideboard_deadline" in words and "grace_days_after_sideboard" in words
    bad = subprocess.run([sys.executable, "-m", "generator", "league", "check", "x.yml", "--on", "soon"],
                         capture_output=True, text=True, cwd=PROJECT_ROOT)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "'soon' is not a day written YYYY-MM-DD" in bad.stderr


# Review of 2026-11-27, item 1: a recorded penalty the check finds no cause for on the day checked was never
# reported (recorded too early, or for a deck that is legal): `not_owed`, counted as something to look at.
ILLEGAL_DECK_PENALTY = {"player": "T0a", "points": -2, "reason": "illegal deck"}


def test_a_penalty_recorded_before_the_grace_days_end_is_not_owed_yet(tmp_path, capsys, fixture_db_path):
    season = season_with_decks(tmp_path, {"T0a": BAD_DECK}, sideboard_deadline=SIDEBOARD_DEADLINE,
                               penalties=[ILLEGAL_DECK_PENALTY])
    report = check_on(capsys, season, fixture_db_path, "2023-12-22")
    [entry] = mine(report, "not_owed")
    assert entry["rule"] == "4e-iii" and entry["points"] == -2 and not report["ok"]
    assert entry["message"].startswith("recorded, but not owed on 2023-12-22: -2 for T0a ('illegal deck', penalties[0]")
    assert "the illegal deck penalty falls due on 2023-12-24" in entry["message"]
    main(["league", "check", season, "--db", str(fixture_db_path), "--on", "2023-12-22"])
    assert "  rule 4e-iii: recorded, but not owed on 2023-12-22: -2 for T0a" in capsys.readouterr().out
    # once owed, the same record pays the penalty and nothing is left to report
    report = check_on(capsys, season, fixture_db_path, "2023-12-24")
    assert mine(report, "not_owed") == [] and [p["recorded"] for p in mine(report, "penalties")] == [True]


@pytest.mark.parametrize("day", ["2023-12-22", "2024-02-01"])
def test_a_penalty_for_a_legal_deck_is_reported_on_any_day(tmp_path, day):
    """No issue with the deck (a card checker finding none): the recorded illegal-deck -2 has no cause."""
    from generator.league.check import check_season
    from generator.league.rules import load_rules
    from generator.league.season import load_season

    season = season_with_decks(tmp_path, {"T0a": LEGAL_DECK}, sideboard_deadline=SIDEBOARD_DEADLINE,
                               penalties=[ILLEGAL_DECK_PENALTY])
    report = check_season(load_season(Path(season), load_rules()), lambda *_: [], dt.date.fromisoformat(day))
    [entry] = mine(report, "not_owed")
    assert entry["rule"] == "4e-iii" and entry["message"].startswith(f"recorded, but not owed on {day}: -2 for T0a")
    if day == "2024-02-01":
        assert "the check finds nothing illegal in the player's deck" in entry["message"]


def test_a_penalty_recorded_before_the_deadline_alone_makes_the_check_exit_1(tmp_path, capsys):
    """Every deck in, nothing else to report: the early 4e-i record is what the league runner must look at."""
    folder = tmp_path / "decks"
    folder.mkdir()
    for team in teams(4, 1):
        (folder / f"{team['players'][0]}.txt").write_text(LEGAL_DECK, encoding="utf-8")
    early = {"player": "T1a", "points": -2, "reason": "missed the mainboard deadline"}
    season = write_season(tmp_path, {"teams": teams(4, 1), "decks": "decks/", "mainboard_deadline": "2023-12-10",
                                     "penalties": [early]})
    code = main(["league", "check", str(season), "--no-cards", "--json", "--on", "2023-12-01"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and not report["ok"] and report["issues"] == []
    assert [(n["player"], n["rule"]) for n in report["not_owed"]] == [("T1a", "4e-i")]
    assert "falls due on 2023-12-11" in report["not_owed"][0]["message"]


def test_the_sample_seasons_kai_is_not_owed_before_the_mainboard_deadline(capsys):
    """The sample file on 2026-10-20: Kai's recorded -2 (4e-i) comes four days before its deadline has passed.
    Finn's illegal-deck -2 is neither confirmed nor questioned with the card checks skipped: a note says so."""
    from tests.league_support import SAMPLE_SEASON

    main(["league", "check", str(SAMPLE_SEASON), "--no-cards", "--json", "--on", "2026-10-20"])
    report = json.loads(capsys.readouterr().out)
    assert [(n["player"], n["rule"]) for n in report["not_owed"]] == [("Kai", "4e-i")]
    assert "falls due on 2026-10-25" in report["not_owed"][0]["message"]
    assert any("illegal deck penalty recorded for Finn is not checked" in note for note in report["notes"])
    main(["league", "check", str(SAMPLE_SEASON), "--no-cards", "--json", "--on", "2026-11-10"])
    assert json.loads(capsys.readouterr().out)["not_owed"] == []


UNREAD_DECK = "Commander\n1 Depala, Pilot Exemplar\n\nDeck\n1 Swan Sogn\n98 Wastes\nnot a card line\n"


@pytest.mark.parametrize("reading, owed", [("report", []), ("illegal", ["4e-iii"])])
def test_what_the_check_cannot_read_owes_a_penalty_only_as_league_yml_says(tmp_path, fixture_db_path, reading, owed):
    """league.yml `unread_deck_lines`: an unknown card and an unreadable line prove no card illegal (4e-iii is
    about illegal cards): `report` lists them for the league runner, no penalty; `illegal` charges the illegal
    deck's penalty, once. Both were read alike: the line charged, the unknown card not."""
    from generator.league.cardcheck import CardChecker
    from generator.league.check import check_season
    from generator.league.rules import load_rules
    from generator.league.season import load_season
    from generator.queries import open_database

    season = season_with_decks(tmp_path, {"T0a": UNREAD_DECK})
    loaded = load_season(Path(season), load_rules().model_copy(update={"unread_deck_lines": reading}))
    with open_database(fixture_db_path) as con:
        report = check_season(loaded, CardChecker(con, loaded), on=dt.date(2030, 1, 1))
    unread = [i for i in mine(report, "issues") if "Swan Sogn" in i["message"] or "line 7: expected" in i["message"]]
    assert [i["rule"] for i in unread] == ["2", "3c"], mine(report, "issues")   # an unknown card, an unread line
    assert {i["penalty"] for i in unread} == {"illegal_deck" if owed else None}
    assert [p["rule"] for p in mine(report, "penalties")] == owed
