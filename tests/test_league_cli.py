"""`coalition league score|pair|standings|check`: JSON shapes, text, --help and one-line errors."""

from __future__ import annotations

import json

import pytest

from generator.cli import main
from tests.league_support import SAMPLE_SEASON, teams, write_season


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["league", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_score_prints_points_of_one_game(tmp_path, capsys):
    game = tmp_path / "game.yml"
    game.write_text("pod: [A1, B1, C1, D1]\nevents:\n  - {eliminated: [D1], by: null}\n"
                    "  - {eliminated: [B1], by: C1, controlled_by: A1}\n  - {won: A1}\n", encoding="utf-8")
    code, out, _ = run(capsys, "score", str(game), "--json")
    assert code == 0
    assert json.loads(out)["points"] == {"A1": 4, "B1": 0, "C1": 0, "D1": 0}
    code, out, _ = run(capsys, "score", str(game))
    assert code == 0 and "winner: A1" in out


def test_score_takes_the_pod_trackers_record_a_list_of_one_game(tmp_path, capsys):
    """The tracker page writes a week's `games:` item (`- pod: [...]`); the page says this command scores it."""
    game = tmp_path / "game.yml"
    game.write_text("- pod: [A1, B1, C1, D1]\n  events:\n    - {eliminated: [D1], by: null}\n"
                    "    - {won: A1}\n", encoding="utf-8")
    code, out, _ = run(capsys, "score", str(game), "--json")
    assert code == 0 and json.loads(out)["points"] == {"A1": 4, "B1": 0, "C1": 0, "D1": 0}
    game.write_text("- pod: [A, B, C, D]\n  events:\n    - {won: A}\n    - {won: B}\n", encoding="utf-8")
    code, out, err = run(capsys, "score", str(game))
    assert code == 2 and f"{game}:4: event 2: the game was already over" in err   # lines of the file, as written


def test_score_refuses_a_list_of_several_games_saying_why(tmp_path, capsys):
    game = tmp_path / "games.yml"
    game.write_text("- pod: [A, B, C, D]\n  events: []\n- pod: [E, F, G, H]\n  events: []\n", encoding="utf-8")
    code, out, err = run(capsys, "score", str(game))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"{game}:1: a list of 2 games; a game file holds one game" in err


@pytest.mark.parametrize("pod", [["A", "B", "C"], ["A", "B", "C", "D", "E"]])
def test_score_refuses_a_pod_that_is_not_the_formats_size(tmp_path, capsys, pod):
    """The same check, in the same words, as a pod in a season file (rule 1a, league.yml `pod_size`)."""
    game = tmp_path / "game.yml"
    game.write_text(f"pod: [{', '.join(pod)}]\nevents:\n  - {{won: A}}\n", encoding="utf-8")
    code, out, err = run(capsys, "score", str(game))
    assert code == 2 and out == ""
    assert err == f"coalition: error: {game}:1: pod: {len(pod)} players; a pod has 4 (rule 1a)\n"


def test_score_names_the_player_listed_twice(tmp_path, capsys):
    game = tmp_path / "game.yml"
    game.write_text("pod: [A, A, C, D]\nevents:\n  - {won: A}\n", encoding="utf-8")
    code, out, err = run(capsys, "score", str(game))
    assert code == 2 and out == "" and err == f"coalition: error: {game}:1: pod: A is listed twice\n"


def test_pair_text_counts_in_words(capsys):
    code, out, _ = run(capsys, "pair", str(SAMPLE_SEASON), "--week", "4", "--seed", "3")
    report = json.loads(run(capsys, "pair", str(SAMPLE_SEASON), "--week", "4", "--seed", "3", "--json")[1])
    repeats = report["repeats"]
    said = f"{repeats} repeated opponent pair{'' if repeats == 1 else 's'}, "
    assert code == 0 and said in out.splitlines()[0] and "pair(s)" not in out


def test_score_error_is_one_line_with_the_event_line(tmp_path, capsys):
    game = tmp_path / "game.yml"
    game.write_text("pod: [A, B, C, D]\nevents:\n  - {won: A}\n  - {won: B}\n", encoding="utf-8")
    code, out, err = run(capsys, "score", str(game), "--json")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and f"{game}:4: event 2: the game was already over" in err


def test_pair_json(capsys):
    code, out, _ = run(capsys, "pair", str(SAMPLE_SEASON), "--week", "4", "--seed", "3", "--json")
    report = json.loads(out)
    assert code == 0
    assert {"week", "scaling", "pods"} <= set(report)
    assert report["week"] == 4 and report["scaling"] == 0.4
    assert sorted(len(pod) for pod in report["pods"]) == [4, 4, 4, 4]
    code, again, _ = run(capsys, "pair", str(SAMPLE_SEASON), "--week", "4", "--seed", "3", "--json")
    assert again == out


def test_pair_refusal_says_why(tmp_path, capsys):
    season = write_season(tmp_path, {"teams": teams(3, 4)})
    code, _, err = run(capsys, "pair", str(season), "--week", "1")
    assert code == 2 and "3 teams cannot fill pods of 4" in err and err.count("\n") == 1


def test_standings_json(capsys):
    code, out, _ = run(capsys, "standings", str(SAMPLE_SEASON), "--json")
    report = json.loads(out)
    assert code == 0
    assert {"name", "team", "points", "wins"} <= set(report["players"][0])
    assert {"name", "points", "wins", "rank"} <= set(report["teams"][0])
    assert [team["rank"] for team in report["teams"]] == [1, 2, 3, 4]
    code, text, _ = run(capsys, "standings", str(SAMPLE_SEASON))
    assert "\nFinals seats: 1. " in text
    assert ("\n  Provisional: weeks 4, 5 and 6 are still to come, so these are the seats if the season ended today; "
            "the ranking after the last week sets them.\n") in text


def test_check_lists_missing_decks_and_their_penalty(tmp_path, capsys):
    (tmp_path / "decks").mkdir()
    season = write_season(tmp_path, {"teams": teams(4, 1), "decks": "decks/",
                                     "penalties": [{"player": "T0a", "points": -2,
                                                    "reason": "missed the mainboard deadline"}]})
    code, out, _ = run(capsys, "check", str(season), "--json", "--no-cards")
    report = json.loads(out)
    assert code == 1 and not report["ok"]
    assert {issue["rule"] for issue in report["issues"]} == {"4e-i"}
    recorded = {p["player"]: p["recorded"] for p in report["penalties"]}
    assert recorded == {"T0a": True, "T1a": False, "T2a": False, "T3a": False}


def test_check_matches_a_recorded_penalty_by_its_rule_not_its_points(tmp_path, capsys):
    """Finn's only penalty is rule 4e-iii's -2: it does not pay for the -2 of the deck he never sent (4e-i)."""
    (tmp_path / "decks").mkdir()
    for player in ("T0a", "T2a", "T3a"):
        (tmp_path / "decks" / f"{player}.txt").write_text("Commander\n1 A\n\nDeck\n99 Wastes\n", encoding="utf-8")
    illegal = {"player": "T1a", "points": -2, "reason": "an illegal card three days after the sideboard deadline"}
    season = write_season(tmp_path, {"teams": teams(4, 1), "decks": "decks/", "penalties": [illegal]})
    code, out, _ = run(capsys, "check", str(season), "--json", "--no-cards")
    assert code == 1
    assert json.loads(out)["penalties"] == [{"player": "T1a", "points": -2, "reason": "missed mainboard deadline",
                                             "rule": "4e-i", "recorded": False}]
    code, out, _ = run(capsys, "check", str(season), "--no-cards")
    assert "penalty -2 for T1a: missed mainboard deadline (rule 4e-i) - not yet in the season file" in out
    # Named by its rule instead of its words, it counts.
    season = write_season(tmp_path, {"teams": teams(4, 1), "decks": "decks/", "penalties": [
        illegal, {"player": "T1a", "points": -2, "reason": "no list by Friday", "rule": "4e-i"}]})
    code, out, _ = run(capsys, "check", str(season), "--json", "--no-cards")
    assert [p["recorded"] for p in json.loads(out)["penalties"]] == [True]


def test_a_penalty_whose_reason_reads_as_two_rules_must_name_one(tmp_path, capsys):
    season = write_season(tmp_path, {"teams": teams(4, 1), "penalties": [
        {"player": "T1a", "points": -2, "reason": "illegal mainboard"}]})
    code, _, err = run(capsys, "check", str(season), "--no-cards")
    assert code == 2 and err.count("\n") == 1   # a season file the check cannot take: input, exit 2
    assert f"{season}:" in err and "penalties[0].reason: the reason reads as more than one penalty of rule 4e" in err


def test_check_refuses_a_decks_folder_that_is_not_there(tmp_path, capsys):
    """Read as empty, a mistyped folder made every player miss the deadline and owe its penalty."""
    season = write_season(tmp_path, {"teams": teams(4, 1), "decks": "dekcs/"})
    line = season.read_text(encoding="utf-8").splitlines().index("decks: dekcs/") + 1
    code, out, err = run(capsys, "check", str(season), "--no-cards")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"{season}:{line}: decks: no folder {tmp_path / 'dekcs'}" in err


def test_check_teammates_with_the_same_commander(tmp_path, capsys):
    decks = tmp_path / "decks"
    decks.mkdir()
    for team in teams(4, 2):
        for player in team["players"]:
            commander = "Niv-Mizzet, Parun" if team["name"] == "T0" else f"Commander of {player}"
            (decks / f"{player}.txt").write_text(f"Commander\n1 {commander}\n\nDeck\n99 Island\n", encoding="utf-8")
    season = write_season(tmp_path, {"teams": teams(4, 2), "decks": "decks/"})
    # The deck-level checks only, whatever this checkout has built.
    code, out, _ = run(capsys, "check", str(season), "--json", "--no-cards")
    issues = json.loads(out)["issues"]
    assert code == 1
    assert [(issue["rule"], issue["player"]) for issue in issues] == [("2d", "T0b")]
    assert "Niv-Mizzet, Parun" in issues[0]["message"]


@pytest.mark.parametrize("action", ["score", "pair", "standings", "check"])
def test_every_action_has_help_and_json(capsys, action):
    with pytest.raises(SystemExit) as raised:
        main(["league", action, "--help"])
    assert raised.value.code == 0
    assert "--json" in capsys.readouterr().out


def test_missing_file_is_a_one_line_error(tmp_path, capsys):
    code, _, err = run(capsys, "standings", str(tmp_path / "nope.yml"))
    assert code == 2 and "cannot read" in err and err.count("\n") == 1


def test_pair_text_ends_with_the_week_to_paste_into_the_season(tmp_path, capsys):
    import yaml
    code, out, _ = run(capsys, "pair", str(SAMPLE_SEASON), "--week", "4")
    snippet = out.split("(events as they happen):\n", 1)[1]
    week = yaml.safe_load(snippet)[0]
    assert code == 0 and len(week["games"]) == 4 and all(len(g["pod"]) == 4 for g in week["games"])


@pytest.mark.parametrize("week", ["0", "-1"])
def test_pair_refuses_a_week_before_the_first_as_an_argument(capsys, week):
    """Not "the file records 3 week(s)": a week number below 1 is no week, refused as --seed's range is."""
    with pytest.raises(SystemExit) as raised:
        main(["league", "pair", str(SAMPLE_SEASON), "--week", week])
    err = capsys.readouterr().err
    assert raised.value.code == 2 and err == "coalition league pair: error: argument --week: weeks start at 1\n"


@pytest.mark.parametrize("seed", ["-1", "4294967296", "12345678901234567890", "x"])
@pytest.mark.parametrize("command", [["league", "pair", str(SAMPLE_SEASON), "--week", "4"], ["solo", "deal", "deck.txt"]])
def test_a_seed_out_of_range_is_refused_alike_by_pair_and_solo_deal(capsys, command, seed):
    """One --seed (commands/options.py): -1 once paired as 1 (random.Random takes its absolute value)."""
    with pytest.raises(SystemExit) as raised:
        main([*command, "--seed", seed])
    words = "not a whole number: 'x'" if seed == "x" else "a seed is from 0 to 4294967295"
    assert raised.value.code == 2 and f"error: argument --seed: {words}\n" in capsys.readouterr().err


def test_pair_and_solo_deal_describe_the_seed_alike(capsys):
    helps = []
    for command in (["league", "pair"], ["solo", "deal"]):
        with pytest.raises(SystemExit):
            main([*command, "--help"])
        helps.append(" ".join(capsys.readouterr().out.split()))
    assert all("--seed SEED " in text and ", 0 to 4294967295 (default: " in text for text in helps)
    code, out, _ = run(capsys, "pair", str(SAMPLE_SEASON), "--week", "4", "--seed", "4294967295", "--json")
    assert code == 0 and json.loads(out)["seed"] == 4294967295


def test_standings_say_which_game_keeps_the_finals_provisional(tmp_path, capsys):
    """Review: every week partly played, one game unreported: "provisional ... after 6 of 6 weeks"."""
    weeks = [{"games": [{"pod": ["T0a", "T1a", "T2a", "T3a"], "events": [{"won": "T0a"}]},
                        {"pod": ["T4a", "T5a", "T6a", "T7a"], "events": [{"won": "T4a"}]}]} for _ in range(6)]
    weeks[5]["games"][0]["events"] = []
    code, text, _ = run(capsys, "standings", str(write_season(tmp_path, {"teams": teams(8, 1), "weeks": weeks})))
    assert code == 0 and "6 of 6" not in text
    assert "\n  Provisional: 1 game of week 6 still has no results, so these are the seats if the season ended today" in text


def with_week_4_paired(tmp_path, capsys):
    """The sample season with week 4 recorded as `pair --week 4` prints it: its pods, `events: []`."""
    import yaml
    _, out, _ = run(capsys, "pair", str(SAMPLE_SEASON), "--week", "4")
    season = yaml.safe_load(SAMPLE_SEASON.read_text(encoding="utf-8"))
    season["weeks"] += yaml.safe_load(out.split("(events as they happen):\n", 1)[1])
    path = tmp_path / "s4.yml"
    path.write_text(yaml.safe_dump(season, sort_keys=False), encoding="utf-8")
    return path


def test_pair_after_a_week_without_results_says_its_pods_are_meetings_without_points(tmp_path, capsys):
    """Review: `pair --week 5` after a week 4 of pods only said nothing and counted week 4 as results."""
    path = with_week_4_paired(tmp_path, capsys)
    code, out, _ = run(capsys, "pair", str(path), "--week", "5")
    assert code == 0
    assert out.splitlines()[1] == ("Week 4 has 4 games without results: their pods count as meetings, their points "
                                   "are not in yet")
    code, _, err = run(capsys, "pair", str(path), "--week", "6")
    assert code == 2 and "the file records 4 weeks, 3 with results, so week 5 is the next one" in err


def test_pair_refuses_a_week_with_results_in_one_line(capsys):
    """Review: `pair --week 3` on a season with week 3's results told the runner to add week 3 again."""
    code, out, err = run(capsys, "pair", str(SAMPLE_SEASON), "--week", "3")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"{SAMPLE_SEASON}:" in err and "weeks[2]: cannot pair week 3 again: it has results" in err


def test_pair_again_of_an_unplayed_week_says_it_replaces_its_pods(tmp_path, capsys):
    import yaml
    path = with_week_4_paired(tmp_path, capsys)
    code, out, _ = run(capsys, "pair", str(path), "--week", "4", "--seed", "9")
    assert code == 0 and "add under `weeks:`" not in out
    said, snippet = out.split("\n\n", 1)[1].split("\n", 1)
    assert said.startswith("These pods replace week 4's in the file (line ") and "weeks[3])" in said
    assert len(yaml.safe_load(snippet)["games"]) == 4
