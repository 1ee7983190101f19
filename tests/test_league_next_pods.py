"""The season page's proposed pods for the next week: the pods `coalition league pair` prints for it (the page
names the command), nothing once every week has games, and the command's own words when it refuses."""

from __future__ import annotations

import html
import json
import re
import shlex
import shutil

from generator.cli import main
from generator.league.pairing import pair_week
from generator.league.rules import load_rules
from generator.league.season import load_season
from generator.paths import PROJECT_ROOT
from tests.league_support import SAMPLE_SEASON, teams, write_season
from tests.test_league_pages import pages

SAMPLE_PAGE = "mazerunner/leagues/sample-season/index.md"


def section(page: str) -> str:
    """The proposal's section of a season page ('' when it has none)."""
    if "{: #next-week }" not in page:
        return ""
    return page.split("{: #next-week }", 1)[1].split("## Teams", 1)[0]


def shown_pods(text: str) -> list[list[tuple[str, str]]]:
    """(player, team) in seat order, pod by pod."""
    pods = text.split('<section class="league-game league-proposed"')[1:]
    return [[(player, team) for _, player, team in re.findall(r"<tr><td>(\d)</td><td>([^<]+)</td><td>([^<]+)</td></tr>",
                                                                 pod)] for pod in pods]


def season_pages(tmp_path, season: dict) -> str:
    data = tmp_path / "data"
    shutil.copytree(PROJECT_ROOT / "data" / "formats", data / "formats")
    (data / "leagues").mkdir()
    write_season(data / "leagues", season, "next.yml")
    return pages(data)["mazerunner/leagues/next/index.md"]


def test_the_sample_season_page_proposes_the_pods_league_pair_prints(monkeypatch, capsys):
    proposal = section(pages()[SAMPLE_PAGE])
    command = html.unescape(re.search(r"The same pods again: <code>([^<]+)</code>", proposal).group(1))
    assert command == "coalition league pair data/leagues/sample-season.yml --week 4"
    monkeypatch.chdir(PROJECT_ROOT)                      # the command as a league runner types it in the project
    assert main(shlex.split(command)[1:] + ["--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    loaded = load_season(SAMPLE_SEASON, load_rules())
    assert printed == pair_week(loaded, 4)
    team_of = {player: team.name for player, team in loaded.team_of.items()}
    assert shown_pods(proposal) == [[(p, team_of[p]) for p in pod] for pod in printed["pods"]]
    assert f"Scaling factor {printed['scaling']}; seed {printed['seed']} " in proposal
    assert "A proposal, not yet the week's pods:" in proposal and "confirms them by recording the week" in proposal
    assert "## Week 4's pods, proposed" in pages()[SAMPLE_PAGE]


def test_a_complete_season_proposes_nothing(tmp_path):
    game = {"pod": ["T0a", "T1a", "T2a", "T3a"], "events": [{"won": "T0a"}]}
    page = season_pages(tmp_path, {"teams": teams(4, 1), "weeks": [{"games": [game]} for _ in range(6)]})
    assert section(page) == "" and "league-proposal" not in page


def test_a_week_recorded_with_only_its_date_is_the_one_proposed(tmp_path):
    game = {"pod": ["T0a", "T1a", "T2a", "T3a"], "events": [{"won": "T0a"}]}
    weeks = [{"games": [game]}, {"date": "2026-11-14"}]
    proposal = section(season_pages(tmp_path, {"teams": teams(4, 1), "weeks": weeks}))
    assert "--week 2</code>" in proposal and len(shown_pods(proposal)) == 1


def test_games_without_results_are_said_to_count_for_meetings_only(tmp_path):
    paired = {"pod": ["T0a", "T1a", "T2a", "T3a"], "events": []}
    proposal = section(season_pages(tmp_path, {"teams": teams(4, 1), "weeks": [{"games": [paired]}]}))
    assert ("Not every earlier game has its results yet (week 1 has 1 game without results: its pod counts as "
            "meetings, its points are not in yet), so these pods may change once they are in.") in proposal
    assert "--week 2</code>" in proposal


def test_the_proposal_and_the_command_say_the_same_of_games_without_results(tmp_path, capsys):
    """A week recorded with its pods and no results: the page and `coalition league pair` say, in the same
    words, that its pods count as meetings and its points are not in yet."""
    paired = [{"pod": [f"T0{c}", f"T1{c}", f"T2{c}", f"T3{c}"], "events": []} for c in "abcd"]
    proposal = section(season_pages(tmp_path, {"teams": teams(4, 4), "weeks": [{"games": paired}]}))
    said = "week 1 has 4 games without results: their pods count as meetings, their points are not in yet"
    assert f"({said})" in proposal
    assert main(["league", "pair", str(tmp_path / "data" / "leagues" / "next.yml"), "--week", "2"]) == 0
    assert said[0].upper() + said[1:] in capsys.readouterr().out.splitlines()


def test_a_season_that_cannot_be_paired_says_why_in_the_commands_words(tmp_path, capsys):
    page = season_pages(tmp_path, {"teams": teams(3, 4)})
    proposal = section(page)
    refused = html.unescape(re.search(r"refuses, saying “([^”]+)”", proposal).group(1))
    assert refused == ("cannot pair: 3 teams cannot fill pods of 4 without teammates meeting (rule 1c): a season "
                       "needs at least 4 teams")
    assert main(["league", "pair", str(tmp_path / "data" / "leagues" / "next.yml"), "--week", "1"]) == 2
    assert refused in capsys.readouterr().err
    assert shown_pods(proposal) == [] and "The same pods again" not in proposal
