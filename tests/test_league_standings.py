"""Standings (rules 4c, 4e, 4f): points with penalties, the tie-breakers in rule 4c's order, the finals."""

from __future__ import annotations

import shutil

import pytest

from generator.cli import main
from generator.errors import BuildError
from generator.league.rules import load_rules
from generator.league.season import load_season
from generator.league.standings import rank_players, rank_teams, standings
from tests.league_support import PROJECT, SAMPLE_SEASON, loaded_season, teams, write_season


def team_row(report: dict, name: str) -> dict:
    return next(team for team in report["teams"] if team["name"] == name)


def one_pod_season(weeks: list[list[dict]], pods: list[list[str]], count: int = 4, penalties=()) -> dict:
    return {"teams": teams(count, 1), "penalties": list(penalties),
            "weeks": [{"games": [{"pod": pod, "events": events}]} for pod, events in zip(pods, weeks)]}


def test_team_points_are_their_players_points_with_penalties(tmp_path):
    pod = ["T0a", "T1a", "T2a", "T3a"]
    season = one_pod_season([[{"won": "T0a"}]], [pod], penalties=[
        {"player": "T0a", "points": -2, "reason": "missed the mainboard deadline"}])
    report = standings(loaded_season(tmp_path, season))
    assert team_row(report, "T0")["points"] == 4 - 2
    player = report["players"][0]
    assert (player["name"], player["game_points"], player["penalty_points"], player["points"]) == ("T0a", 4, -2, 2)


def test_wins_break_a_points_tie(tmp_path):
    pod = ["T0a", "T1a", "T2a", "T3a"]
    events = [{"eliminated": ["T2a"], "by": "T0a"}, {"eliminated": ["T3a"], "by": "T0a"}, {"won": "T1a"}]
    report = standings(loaded_season(tmp_path, one_pod_season([events], [pod])))
    first, second = report["teams"][:2]
    assert (first["name"], second["name"]) == ("T1", "T0")
    assert first["points"] == second["points"] == 2 and first["decided_by"] == "wins"


def test_strength_of_schedule_breaks_a_points_and_wins_tie(tmp_path):
    # T0 and T1 both take one point and win nothing; T0 met the stronger opponents (T5 and T3 won).
    weeks = [[{"eliminated": ["T3a"], "by": "T0a"}, {"won": "T5a"}],
             [{"eliminated": ["T3a"], "by": "T1a"}, {"won": "T4a"}]]
    pods = [["T0a", "T5a", "T3a", "T4a"], ["T1a", "T3a", "T4a", "T2a"]]
    season = one_pod_season(weeks, pods, count=6)
    report = standings(loaded_season(tmp_path, season))
    t0, t1 = team_row(report, "T0"), team_row(report, "T1")
    assert (t0["points"], t0["wins"]) == (t1["points"], t1["wins"]) == (1, 0)
    assert t0["strength_of_schedule"] > t1["strength_of_schedule"]
    assert t0["rank"] < t1["rank"] and t0["decided_by"] == "strength_of_schedule"


def level(name: str, players: list[int], h2h: int = 0) -> dict:
    return {"name": name, "points": sum(players), "wins": 1, "strength_of_schedule": 2.0,
            "strongest_player": sorted(players, reverse=True)}


def test_strongest_player_breaks_a_tie_after_strength_of_schedule(tmp_path):
    loaded = load_season(SAMPLE_SEASON, load_rules())
    ranked = rank_teams(loaded, [level("Even", [3, 3]), level("Star", [5, 1])])
    assert [team["name"] for team in ranked] == ["Star", "Even"]
    assert ranked[0]["decided_by"] == "strongest_player"


def test_a_team_with_more_players_is_not_ahead_on_strongest_player_at_level_points(tmp_path):
    """Review: teams of 2, 2, 2 and 3 with no games ranked the team of 3 first "on the strongest player", all at 0.
    The loader refuses such teams (rule 1b); the tie-breaker compares only the ranks every team has regardless."""
    loaded = loaded_season(tmp_path, {"teams": teams(4, 2)})
    loaded.season.teams[3].players.append("T3c")             # past the loader, as another tool might build it
    ranked = standings(loaded)["teams"]
    assert {len(team["strongest_player"]) for team in ranked} == {2}
    assert all(team["tied"] and team["rank_label"] == "1=" for team in ranked)
    assert ranked[0]["decided_by"] == "tied"


def test_head_to_head_breaks_what_is_left(tmp_path):
    pod = ["T0a", "T1a", "T2a", "T3a"]
    events = [{"eliminated": ["T1a"], "by": "T0a"}, {"won": "T2a"}]
    loaded = loaded_season(tmp_path, one_pod_season([events], [pod]))
    ranked = rank_teams(loaded, [level("T1", [3]), level("T0", [3])])
    assert [team["name"] for team in ranked] == ["T0", "T1"]
    assert ranked[0]["head_to_head"] == 1 and ranked[0]["decided_by"] == "head_to_head"


def test_a_tie_nothing_breaks_keeps_the_file_order_and_says_so(tmp_path):
    loaded = loaded_season(tmp_path, one_pod_season([], []))
    ranked = rank_teams(loaded, [level("T1", [3]), level("T0", [3])])
    assert [team["name"] for team in ranked] == ["T1", "T0"]
    assert ranked[0]["tied"] and ranked[1]["tied"] and ranked[0]["decided_by"] == "tied"


def test_finals_seat_the_top_four_teams_by_rank():
    report = standings(load_season(SAMPLE_SEASON, load_rules()))
    assert [f["team"] for f in report["finals"]] == [t["name"] for t in report["teams"][:4]]
    assert [f["seat"] for f in report["finals"]] == [1, 2, 3, 4]
    points = [team["points"] for team in report["teams"]]
    assert points == sorted(points, reverse=True)


def test_points_by_week_are_cumulative_and_end_at_the_total():
    loaded = load_season(SAMPLE_SEASON, load_rules())
    report = standings(loaded)
    for player in report["players"]:
        assert len(player["points_by_week"]) == len(loaded.results)
        assert player["points_by_week"][-1] == player["points"]
    finn = next(p for p in report["players"] if p["name"] == "Finn")
    week1 = loaded.results[0]
    finn_week1 = sum(result.points.get("Finn", 0) for result in week1)
    assert finn["points_by_week"][0] == finn_week1            # the week-2 penalty is not in week 1
    for team in report["teams"]:
        assert team["points_by_week"][-1] == team["points"]


def eight_team_season(weeks: int) -> dict:
    """Eight teams of one, the same two pods each week: T0 and T2 win, T1 and T3 take a point, T4-T7 none."""
    pods = [(["T0a", "T4a", "T1a", "T5a"], "T1a", "T0a"), (["T2a", "T6a", "T3a", "T7a"], "T3a", "T2a")]
    def games() -> list[dict]:
        return [{"pod": pod, "events": [{"eliminated": [pod[1]], "by": taker}, {"won": winner}]}
                for pod, taker, winner in pods]
    return {"teams": teams(8, 1), "weeks": [{"games": games()} for _ in range(weeks)]}


def test_the_final_names_the_champion(tmp_path, capsys):
    season = eight_team_season(6)
    season["final"] = {"pod": ["T0a", "T1a", "T2a", "T3a"], "events": [{"won": "T2a"}]}
    assert standings(loaded_season(tmp_path, season))["champion"] == "T2"
    assert main(["league", "standings", str(write_season(tmp_path, season))]) == 0
    text = capsys.readouterr().out
    assert "Final: T0a (T0), T1a (T1), T2a (T2), T3a (T3); champion: T2 (T2a won)" in text


def test_the_final_is_played_by_the_top_teams(tmp_path):
    """Rule 3f: a final of the teams ranked 5-8 would name a champion from the wrong pod."""
    season = eight_team_season(6)
    season["final"] = {"pod": ["T4a", "T5a", "T6a", "T7a"], "events": [{"won": "T4a"}]}
    with pytest.raises(BuildError) as refused:
        loaded_season(tmp_path, season)
    assert str(refused.value).endswith("final: T4, T5, T6, T7 play it; the top 4 teams after week 6 are T0, T2, "
                                       "T1, T3 (rule 3f)")
    assert str(refused.value).startswith(f"{tmp_path / 'season.yml'}:")


def test_a_team_level_at_the_cut_may_play_the_final(tmp_path):
    """T3 takes no point: T2, T0, T1, then T3 to T7 level on everything, T3 fourth by the file's order only."""
    season = eight_team_season(6)
    for week in season["weeks"]:
        week["games"][1]["events"][0]["by"] = "T2a"
    season["final"] = {"pod": ["T0a", "T1a", "T2a", "T5a"], "events": [{"won": "T2a"}]}
    assert standings(loaded_season(tmp_path, season))["champion"] == "T2"
    season["final"]["pod"][3] = "T3a"
    assert standings(loaded_season(tmp_path, season))["champion"] == "T2"


@pytest.mark.parametrize("weeks, unreported", [(5, False), (6, True)])
def test_the_final_comes_after_the_last_week(tmp_path, weeks, unreported):
    season = eight_team_season(weeks)
    if unreported:   # the last week paired (`league pair` writes `events: []`), not yet played
        season["weeks"][-1]["games"][1]["events"] = []
    season["final"] = {"pod": ["T0a", "T1a", "T2a", "T3a"], "events": [{"won": "T2a"}]}
    with pytest.raises(BuildError, match=r"final: the season has results for 5 of its 6 weeks; the final comes "
                                         r"after the last week \(rule 3f\)"):
        loaded_season(tmp_path, season)


def test_players_level_on_points_and_wins_are_ranked_by_strength_of_schedule():
    """Review of 2026-11-26: Ada (SoS 2.667) stood above Gus (3.000), Bram (2.889) above Finn (3.222)."""
    players = standings(load_season(SAMPLE_SEASON, load_rules()))["players"]
    order = [player["name"] for player in players]
    assert order.index("Gus") < order.index("Ada") and order.index("Finn") < order.index("Bram")
    by_name = {player["name"]: player for player in players}
    assert by_name["Gus"]["decided_by"] == by_name["Finn"]["decided_by"] == "strength_of_schedule"
    assert all(player["rank"] == place for place, player in enumerate(players, start=1) if not player["tied"])
    for above, below in zip(players, players[1:]):
        assert (above["points"], above["wins"]) >= (below["points"], below["wins"])


def test_players_still_level_are_ranked_by_their_points_against_each_other(tmp_path):
    pod = ["T0a", "T1a", "T2a", "T3a"]
    events = [{"eliminated": ["T1a"], "by": "T0a"}, {"won": "T2a"}]
    loaded = loaded_season(tmp_path, one_pod_season([events], [pod]))
    ranked = rank_players(loaded, [level("T1a", [3]), level("T0a", [3])])
    assert [player["name"] for player in ranked] == ["T0a", "T1a"]
    assert ranked[0]["head_to_head"] == 1 and ranked[0]["decided_by"] == "head_to_head"


def test_a_players_tie_breaker_must_mean_something_for_one_player(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(PROJECT / "data" / "formats", data / "formats")
    league = data / "formats" / "mazerunner" / "league.yml"
    text = league.read_text(encoding="utf-8")
    league.write_text(text.replace("player_tie_breakers: [wins,", "player_tie_breakers: [strongest_player,"),
                      encoding="utf-8")
    with pytest.raises(BuildError, match=r"league.yml:\d+: player_tie_breakers\[0\]"):
        load_rules(data)


def test_standings_text_says_who_is_tied_and_a_clear_lead_is_not(tmp_path, capsys):
    """T0 and T1 level on everything; T2 two points behind them, T3 two behind T2 (its point less a penalty)."""
    pod = ["T0a", "T1a", "T2a", "T3a"]
    weeks = [[{"eliminated": ["T3a"], "by": "T2a"}, {"eliminated": ["T2a"], "by": "T0a"},
              {"eliminated": ["T0a"], "by": "T1a"}],
             [{"eliminated": ["T2a"], "by": "T3a"}, {"eliminated": ["T3a"], "by": "T1a"},
              {"eliminated": ["T1a"], "by": "T0a"}]]
    season = one_pod_season(weeks, [pod, pod], penalties=[
        {"player": "T3a", "points": -2, "reason": "missed the mainboard deadline"}])
    report = standings(loaded_season(tmp_path, season))
    rows = {team["name"]: team for team in report["teams"]}
    assert [rows[name]["points"] for name in ("T0", "T1", "T2", "T3")] == [3, 3, 1, -1]
    assert rows["T0"]["tied_with"] == ["T1"] and rows["T1"]["tied_with"] == ["T0"]
    assert not rows["T2"]["tied"] and rows["T2"]["tied_with"] == []
    main(["league", "standings", str(write_season(tmp_path, season))])
    text = capsys.readouterr().out
    assert "ahead by tied" not in text
    line = {name: next(row for row in text.splitlines() if f" {name} " in row) for name in rows}
    every = "level on points, wins, strength of schedule, the strongest player and head-to-head points"
    assert line["T0"].startswith("  1= T0 ") and line["T0"].endswith(f"(tied with T1: {every})")
    assert line["T1"].startswith("  1= T1 ") and line["T1"].endswith(f"(tied with T0: {every})")
    assert line["T2"].startswith("  3. T2 ") and "tied" not in line["T2"] and "tied" not in line["T3"]


def test_games_without_results_are_left_out_and_counted(tmp_path, capsys):
    """A week `league pair` printed and nobody has played yet (`events: []`) is no game played."""
    pod, other = ["T0a", "T1a", "T2a", "T3a"], ["T0a", "T2a", "T1a", "T3a"]
    season = one_pod_season([[{"won": "T0a"}], []], [pod, other])
    report = standings(loaded_season(tmp_path, season))
    assert report["games_without_results"] == 1 and report["weeks_played"] == 1
    t1 = next(player for player in report["players"] if player["name"] == "T1a")
    assert t1["games"] == 1 and t1["strength_of_schedule"] == round(4 / 3, 3)
    assert sum(team["games"] for team in report["teams"]) == 4
    main(["league", "standings", str(write_season(tmp_path, season))])
    out = capsys.readouterr().out
    assert "after 1 week, 1 game without results (left out)" in out
    assert "  1 win" in out and "  0 wins" in out and " 1 wins" not in out


NEVER_MET = "level on points, wins, strength of schedule and head-to-head points; they never played each other"


def test_players_level_on_every_tie_breaker_share_a_rank_and_say_why():
    """Review of the sample season: Oona and Pip (5 points, 2 wins, SoS 2.556, teammates who never met) were
    ranked 3 and 4 with no mark. They share rank 3, marked "3="; Ivo, next, is 5th."""
    players = {p["name"]: p for p in standings(load_season(SAMPLE_SEASON, load_rules()))["players"]}
    oona, pip, ivo = players["Oona"], players["Pip"], players["Ivo"]
    assert (oona["points"], oona["wins"], oona["strength_of_schedule"]) == (5, 2, 2.556)
    assert (pip["points"], pip["wins"], pip["strength_of_schedule"]) == (5, 2, 2.556)
    assert (oona["rank"], oona["rank_label"], pip["rank"], pip["rank_label"]) == (3, "3=", 3, "3=")
    assert oona["tied_with"] == ["Pip"] and pip["tied_with"] == ["Oona"]
    assert oona["tie_words"] == pip["tie_words"] == NEVER_MET
    assert (ivo["rank"], ivo["rank_label"], ivo["tied"]) == (5, "5", False)


def test_the_standings_text_marks_the_shared_rank_and_what_could_not_part_them(capsys):
    main(["league", "standings", str(SAMPLE_SEASON)])
    lines = capsys.readouterr().out.splitlines()
    oona = next(line for line in lines if " Oona " in line)
    assert oona.startswith("  3= Oona ") and oona.endswith(f"(tied with Pip: {NEVER_MET})")
    assert next(line for line in lines if " Pip " in line).startswith("  3= Pip ")
    assert next(line for line in lines if " Ivo " in line).startswith("  5. Ivo ")


def test_teams_level_on_everything_share_a_rank_down_to_the_finals_seats(tmp_path, capsys):
    """Three teams that never played: 3, 3 and 1 points from the same numbers otherwise: ranks 1=, 1=, 3."""
    loaded = loaded_season(tmp_path, one_pod_season([], []))
    ranked = rank_teams(loaded, [level("T1", [3]), level("T0", [3]), level("T2", [1])])
    assert [(t["name"], t["rank"], t["rank_label"]) for t in ranked] == [("T1", 1, "1="), ("T0", 1, "1="),
                                                                         ("T2", 3, "3")]
    assert ranked[0]["tie_words"] == ("level on points, wins, strength of schedule, the strongest player and "
                                      "head-to-head points; they never played each other")
    # the tie of tests above (T0 and T1 played each other): the seats say the tie-breakers do not order them
    pod = ["T0a", "T1a", "T2a", "T3a"]
    weeks = [[{"eliminated": ["T3a"], "by": "T2a"}, {"eliminated": ["T2a"], "by": "T0a"},
              {"eliminated": ["T0a"], "by": "T1a"}],
             [{"eliminated": ["T2a"], "by": "T3a"}, {"eliminated": ["T3a"], "by": "T1a"},
              {"eliminated": ["T1a"], "by": "T0a"}]]
    season = one_pod_season(weeks, [pod, pod])
    report = standings(loaded_season(tmp_path, season))
    assert [(f["seat"], f["team"], f["rank_label"], f["tied_with"]) for f in report["finals"][:2]] == [
        (1, "T0", "1=", ["T1"]), (2, "T1", "1=", ["T0"])]
    main(["league", "standings", str(write_season(tmp_path, season))])
    assert ("1. T0 (rank 1=, tied with T1: no tie-breaker orders their seats), 2. T1 (rank 1=, tied with T0: no "
            "tie-breaker orders their seats), 3. T2" in capsys.readouterr().out)


PROVISIONAL = ", so these are the seats if the season ended today; the ranking after the last week sets them."


@pytest.mark.parametrize("weeks, unreported, said", [
    (3, [], "Provisional: weeks 4, 5 and 6 are still to come" + PROVISIONAL),
    (6, [5], "Provisional: 1 game of week 6 still has no results" + PROVISIONAL),
    (6, [4, 5], "Provisional: 2 games of weeks 5 and 6 still have no results" + PROVISIONAL),
    (6, [], "Settled: every week of the season has its results, so these seats are the final ranking's.")])
def test_the_finals_seats_are_provisional_until_every_week_has_results(tmp_path, capsys, weeks, unreported, said):
    """Rule 4c seats the final by the season's final ranking: before the last week's results, only "if the
    season ended today". Review: with every week partly played and one game unreported, the seats were
    "provisional ... after 6 of 6 weeks": the words say what is missing."""
    season = eight_team_season(weeks)
    for week in unreported:
        season["weeks"][week]["games"][1]["events"] = []
    report = standings(loaded_season(tmp_path, season))
    assert report["finals_settled"] is (said.startswith("Settled"))
    assert f"{report['finals_state']['label']}: {report['finals_state']['words']}" == said
    main(["league", "standings", str(write_season(tmp_path, season))])
    lines = capsys.readouterr().out.splitlines()
    seats = next(index for index, line in enumerate(lines) if line.startswith("Finals seats"))
    assert lines[seats].startswith("Finals seats: 1. T0") and lines[seats + 1] == f"  {said}"


def penalised_season(penalties: dict[str, int]) -> dict:
    """Five teams of one and no games: the penalties alone part them (teams never met are level otherwise)."""
    return {"teams": teams(5, 1), "weeks": [],
            "penalties": [{"player": player, "points": points, "reason": "late to the table"}
                          for player, points in penalties.items()]}


def test_a_tie_across_the_finals_cut_is_for_the_last_seat(tmp_path, capsys):
    """Review: T3 (4th) and T4 (5th, no seat) level on everything read "tied with T4: no tie-breaker orders
    their seats", though T4 has none: the open question is who plays the final."""
    season = penalised_season({"T1a": -1, "T2a": -2, "T3a": -3, "T4a": -3})
    seats = standings(loaded_season(tmp_path, season))["finals"]
    assert [(f["team"], f["rank_label"], f["at_cut"]) for f in seats] == [
        ("T0", "1", False), ("T1", "2", False), ("T2", "3", False), ("T3", "4=", True)]
    assert seats[3]["seat_words"] == "tied with T4 for the last seat: the league runner decides who plays the final"
    main(["league", "standings", str(write_season(tmp_path, season))])
    assert ("3. T2, 4. T3 (rank 4=, tied with T4 for the last seat: the league runner decides who plays the "
            "final)\n" in capsys.readouterr().out)
    three = standings(loaded_season(tmp_path, penalised_season({"T1a": -1, "T2a": -3, "T3a": -3, "T4a": -3})))
    assert [f["seat_words"] for f in three["finals"][2:]] == [
        "tied with T3 and T4 for the last 2 seats: the league runner decides who plays the final, and in which seat",
        "tied with T2 and T4 for the last 2 seats: the league runner decides who plays the final, and in which seat"]
