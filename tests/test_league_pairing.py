"""Pairing (rules 1a-1c, 4b, 4g): pods of four without teammates, optimal for the week, repeatable by seed,
and refusals that say why."""

from __future__ import annotations

import itertools

import pytest

from generator.errors import BuildError, UsageError
from generator.league.pairing import history, pair_week, unreported_words
from generator.league.rules import load_rules
from generator.league.season import load_season
from generator.league.solver import Problem, exact, local
from tests.league_support import SAMPLE_SEASON, loaded_season, teams, write_season


def play_weeks(tmp_path, season: dict, weeks: int, seed: int | None = None) -> list[dict]:
    """Pair week after week, recording each week's pods (no results) before pairing the next."""
    season = {**season, "weeks": []}
    paired = []
    for week in range(1, weeks + 1):
        report = pair_week(loaded_season(tmp_path, season), week, seed)
        paired.append(report)
        season["weeks"].append({"games": [{"pod": pod} for pod in report["pods"]]})
    return paired


def opponents_met(reports: list[dict]) -> list[frozenset]:
    return [frozenset(pair) for report in reports for pod in report["pods"] for pair in itertools.combinations(pod, 2)]


def assert_valid(report: dict, season_teams: list[dict]) -> None:
    team_of = {player: team["name"] for team in season_teams for player in team["players"]}
    seated = [player for pod in report["pods"] for player in pod]
    assert sorted(seated) == sorted(team_of), "every player exactly once"
    for pod in report["pods"]:
        assert len(pod) == 4
        assert len({team_of[player] for player in pod}) == 4, f"teammates together: {pod}"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_sixteen_players_in_four_teams_meet_no_one_twice_in_four_weeks(tmp_path, seed):
    season = {"teams": teams(4, 4), "scaling": [0] * 6}
    reports = play_weeks(tmp_path, season, 4, seed)
    met = opponents_met(reports)
    assert len(met) == len(set(met)) == 96          # every player met all twelve non-teammates once
    assert all(report["repeats"] == 0 and report["optimal"] for report in reports)
    for report in reports:
        assert_valid(report, season["teams"])


def test_same_seed_same_pods_and_the_seed_matters(tmp_path):
    loaded = load_season(SAMPLE_SEASON, load_rules())
    week = len(loaded.results) + 1
    assert pair_week(loaded, week, 5) == pair_week(loaded, week, 5)
    seatings = {str(pair_week(loaded, week, seed)["pods"]) for seed in range(4)}
    assert len(seatings) > 1


def test_without_a_seed_the_pods_are_still_repeatable():
    loaded = load_season(SAMPLE_SEASON, load_rules())
    week = len(loaded.results) + 1
    assert pair_week(loaded, week) == pair_week(loaded, week)


def test_larger_league_never_seats_teammates_together(tmp_path):
    season = {"teams": teams(8, 4), "scaling": [0] * 6}
    reports = play_weeks(tmp_path, season, 3)
    for report in reports:
        assert_valid(report, season["teams"])
        assert report["repeats"] == 0 and report["optimal"]   # local search reached the lower bound


def test_scaling_one_groups_players_by_points(tmp_path):
    # Week 1 winners T0a..T3a (4 points each), everybody else 0: with s = 1 the winners share a pod.
    season_teams = teams(4, 4)
    games = [{"pod": [f"T0{c}", f"T1{c}", f"T2{c}", f"T3{c}"], "events": [{"won": f"T{i}{c}"}]}
             for i, c in enumerate("abcd")]
    season = {"teams": season_teams, "scaling": [0, 1], "weeks": [{"games": games}]}
    report = pair_week(loaded_season(tmp_path, season), 2, 0)
    winners = {"T0a", "T1b", "T2c", "T3d"}
    assert winners in [set(pod) for pod in report["pods"]]
    assert report["points_spread"]["max"] == 0 and report["scaling"] == 1


def test_scaling_zero_prefers_new_opponents_over_close_points(tmp_path):
    season_teams = teams(4, 4)
    games = [{"pod": [f"T0{c}", f"T1{c}", f"T2{c}", f"T3{c}"], "events": [{"won": f"T0{c}"}]} for c in "abcd"]
    season = {"teams": season_teams, "scaling": [0, 0], "weeks": [{"games": games}]}
    report = pair_week(loaded_season(tmp_path, season), 2, 0)
    assert report["repeats"] == 0


@pytest.mark.parametrize("season_teams, why", [
    (teams(5, 3), "15 players is not a multiple of 4"),
    (teams(2, 4), "2 teams cannot fill pods of 4"),
])
def test_refuses_what_cannot_be_paired(tmp_path, season_teams, why):
    with pytest.raises(BuildError, match=why) as raised:
        pair_week(loaded_season(tmp_path, {"teams": season_teams}), 1)
    assert "\n" not in str(raised.value) and "cannot pair" in str(raised.value)


def test_refuses_a_week_whose_previous_results_are_missing(tmp_path):
    with pytest.raises(BuildError, match="week 1 is the next one"):
        pair_week(loaded_season(tmp_path, {"teams": teams(4, 4)}), 3)


def unplayed_week(tmp_path, season_teams: list[dict]) -> list[dict]:
    """Week 1 with results, week 2 recorded as `pair --week 2` prints it: its pods, `events: []`."""
    played = [{"pod": [f"T0{c}", f"T1{c}", f"T2{c}", f"T3{c}"], "events": [{"won": f"T0{c}"}]} for c in "abcd"]
    season = {"teams": season_teams, "weeks": [{"games": played}]}
    week_2 = pair_week(loaded_season(tmp_path, season), 2, 0)["pods"]
    return [{"games": played}, {"games": [{"pod": pod, "events": []} for pod in week_2]}]


def test_pods_without_results_count_as_meetings_but_bring_no_points(tmp_path):
    """Pairing week 3 after a week 2 recorded with its pods and no results: those pods are meetings (pairing
    them again would repeat opponents), their points are not in, and the report says so."""
    season_teams = teams(4, 4)
    weeks = unplayed_week(tmp_path, season_teams)
    loaded = loaded_season(tmp_path, {"teams": season_teams, "weeks": weeks})
    past = history(loaded, 3)
    for pod in weeks[1]["games"]:
        assert all(past.meetings.get(frozenset(pair)) == 1 for pair in itertools.combinations(pod["pod"], 2))
    assert past.points == {**{p: 0 for p in loaded.players}, **{f"T0{c}": 4 for c in "abcd"}}
    report = pair_week(loaded, 3, 0)
    assert report["unreported"] == [{"week": 2, "games": 4}] and report["repeats"] == 0
    assert report["in_file"] == "new"
    assert unreported_words(report["unreported"]) == [
        "week 2 has 4 games without results: their pods count as meetings, their points are not in yet"]


def test_a_week_too_far_says_what_the_file_records(tmp_path):
    """The count is of weeks recorded, and how many of them have results: not "results for 2 weeks"."""
    weeks = unplayed_week(tmp_path, teams(4, 4))
    with pytest.raises(BuildError, match="the file records 2 weeks, 1 with results, so week 3 is the next one"):
        pair_week(loaded_season(tmp_path, {"teams": teams(4, 4), "weeks": weeks}), 4)


def test_a_week_with_results_is_not_paired_again(tmp_path):
    weeks = unplayed_week(tmp_path, teams(4, 4))
    path = write_season(tmp_path, {"teams": teams(4, 4), "weeks": weeks})
    with pytest.raises(UsageError) as raised:
        pair_week(load_season(path, load_rules()), 1)
    message = str(raised.value)
    assert raised.value.exit_code == 2 and "\n" not in message
    assert message.startswith(f"{path}:") and "weeks[0]: cannot pair week 1 again: it has results" in message


def test_an_unplayed_week_may_be_paired_again_and_is_replaced(tmp_path):
    weeks = unplayed_week(tmp_path, teams(4, 4))
    report = pair_week(loaded_season(tmp_path, {"teams": teams(4, 4), "weeks": weeks}), 2, 5)
    assert report["in_file"] == "unplayed" and report["unreported"] == []
    assert report["repeats"] == 0          # its own recorded pods are not meetings against themselves


def test_an_unplayed_week_a_later_week_was_paired_from_is_not_paired_again(tmp_path):
    weeks = unplayed_week(tmp_path, teams(4, 4))
    weeks[0]["games"] = [{"pod": game["pod"], "events": []} for game in weeks[0]["games"]]
    with pytest.raises(UsageError, match="cannot pair week 1 again: week 2 is paired already"):
        pair_week(loaded_season(tmp_path, {"teams": teams(4, 4), "weeks": weeks}), 1)


def test_refuses_a_week_after_the_seasons_last(tmp_path):
    """Rule 3e (league.yml `weeks`): with every week played, the next is the final, not a seventh week."""
    weeks = load_rules().weeks
    season = {"teams": teams(4, 1), "weeks": [{"games": [{"pod": ["T0a", "T1a", "T2a", "T3a"],
                                                          "events": [{"won": "T0a"}]}]} for _ in range(weeks)]}
    with pytest.raises(BuildError, match=rf"cannot pair week {weeks + 1}: a season has {weeks} weeks \(rule 3e\)"):
        pair_week(loaded_season(tmp_path, season), weeks + 1)


def random_problem(players: int, team_count: int, seed: int) -> Problem:
    import random
    rng = random.Random(seed)
    cost = [[0.0] * players for _ in range(players)]
    for i, j in itertools.combinations(range(players), 2):
        cost[i][j] = cost[j][i] = rng.choice([0, 0, 0.5, 1, 2])
    return Problem(team=[i % team_count for i in range(players)], cost=cost, pod_size=4)


@pytest.mark.parametrize("seed", range(4))
def test_exact_search_finds_the_brute_force_optimum(seed):
    problem = random_problem(12, 4, seed)
    brute = min(problem.total(pods) for pods in all_partitions(problem, list(range(12))))
    assert exact(problem, seed).cost == pytest.approx(brute)
    assert local(problem, seed).cost == pytest.approx(brute)     # local search reaches it on small leagues


def all_partitions(problem: Problem, free: list[int]):
    if not free:
        yield ()
        return
    first, rest = free[0], free[1:]
    for others in itertools.combinations(rest, 3):
        pod = (first,) + others
        if len({problem.team[p] for p in pod}) == 4:
            for tail in all_partitions(problem, [p for p in rest if p not in others]):
                yield (pod,) + tail
