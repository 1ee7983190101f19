"""Every league command's exit status, one convention (generator/commands/exits.py, as `league check` and
`validate` answer): 0 answered; 1 only for an answer that something is wrong (`check`'s alone: score, pair and
standings have none, so they never exit 1); 2 for input the command cannot take, a refused request included (a
week that already has results), in one line naming the file and line. Before, score, pair and standings exited
1 for a file the loader refused, and pair 2 or 1 by which refusal it was (review of 2026-11-27).
(`check`'s 0, 1 and 2 on its season files: tests/test_league_check_exit.py.)"""

from __future__ import annotations

import json
import shutil

import pytest

from generator.cli import main
from generator.commands.exits import ANSWERED, CANNOT_TAKE, WRONG, input_refused
from generator.errors import BuildError, UsageError
from generator.league.rules import RULES_FILE
from generator.paths import PROJECT_ROOT
from tests.league_support import SAMPLE_SEASON, teams, write_season
from tests.test_cli_usage import readme_row

FINISHED = "pod: [A, B, C, D]\nevents:\n  - {eliminated: [D], by: null}\n  - {won: A}\n"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["league", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def refused_in_one_line(code: int, out: str, err: str, path, line: int | None = None) -> bool:
    """Exit 2, nothing on standard output, one line on standard error naming the file (and its line)."""
    named = f"coalition: error: {path}:{line}:" if line else f"coalition: error: {path}"
    return code == 2 and out == "" and err.count("\n") == 1 and err.startswith(named)


def test_the_convention_is_one_place():
    assert (ANSWERED, WRONG, CANNOT_TAKE) == (0, 1, 2) and UsageError.exit_code == CANNOT_TAKE
    with pytest.raises(UsageError, match="^f.yml:3: refused$") as raised:
        with input_refused():
            raise BuildError("f.yml:3: refused")
    assert type(raised.value.__cause__) is BuildError


# --- score: 0 scored, 2 a game file it cannot take; no answer of its says something is wrong


@pytest.mark.parametrize("events", [FINISHED, "pod: [A, B, C, D]\nevents:\n  - {eliminated: [D], by: null}\n"])
def test_score_exits_0_for_a_game_over_or_not(tmp_path, capsys, events):
    game = tmp_path / "game.yml"
    game.write_text(events, encoding="utf-8")
    code, out, _ = run(capsys, "score", str(game), "--json")
    assert code == 0 and json.loads(out)["finished"] == ("won" in events)


@pytest.mark.parametrize("text, line, words", [
    ("pod: [A, B, C]\nevents: []\n", 1, "pod: 3 players; a pod has 4"),
    (FINISHED + "  - {won: B}\n", 5, "event 3: the game was already over"),
    ("pod: [A, B, C, D]\nevents: []\nsurprise: 1\n", 3, "surprise: unknown key"),
    ("- pod: [A, B, C, D]\n  events: []\n- pod: [E, F, G, H]\n  events: []\n", 1, "a list of 2 games"),
    ("pod: [A, B\n", None, "not valid YAML"),
])
def test_score_exits_2_for_a_game_file_it_cannot_take(tmp_path, capsys, text, line, words):
    game = tmp_path / "game.yml"
    game.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "score", str(game))
    assert refused_in_one_line(code, out, err, game, line) and words in err, err


# --- pair: 0 paired, 2 a season file it cannot take or a week it refuses; a pairing says nothing is wrong


def test_pair_exits_0_when_it_pairs(capsys):
    code, out, _ = run(capsys, "pair", str(SAMPLE_SEASON), "--week", "4", "--json")
    assert code == 0 and json.loads(out)["week"] == 4


def week_line(path, index: int) -> int:
    """The line of `weeks[index]` in a season file written by yaml.safe_dump (its `- ` item)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    starts = [n for n, text in enumerate(lines, 1) if text.startswith("- ") and n > lines.index("weeks:")]
    return starts[index]


def test_pair_exits_2_for_a_week_that_already_has_results(capsys):
    """A refusal of the request, as a refused file is: what was played is not paired again."""
    code, out, err = run(capsys, "pair", str(SAMPLE_SEASON), "--week", "3")
    assert refused_in_one_line(code, out, err, SAMPLE_SEASON) and "weeks[2]: cannot pair week 3 again" in err


def test_pair_exits_2_for_a_week_a_later_week_was_paired_from(tmp_path, capsys):
    pods = [{"pod": [f"T0{c}", f"T1{c}", f"T2{c}", f"T3{c}"], "events": []} for c in "ab"]
    season = write_season(tmp_path, {"teams": teams(4, 2), "weeks": [{"games": pods}, {"games": pods[::-1]}]})
    code, out, err = run(capsys, "pair", str(season), "--week", "1")
    assert refused_in_one_line(code, out, err, season, week_line(season, 0)) and "week 2 is paired already" in err


@pytest.mark.parametrize("week, words", [
    ("7", "cannot pair week 7: a season has 6 weeks"),
    ("5", "cannot pair week 5: the file records 3 weeks, 3 with results, so week 4 is the next one"),
])
def test_pair_exits_2_for_a_week_outside_the_season_or_past_the_next(capsys, week, words):
    code, out, err = run(capsys, "pair", str(SAMPLE_SEASON), "--week", week)
    assert refused_in_one_line(code, out, err, SAMPLE_SEASON) and words in err, err


def test_pair_exits_2_for_a_league_that_cannot_be_paired(tmp_path, capsys):
    season = write_season(tmp_path, {"teams": teams(3, 4)})
    code, out, err = run(capsys, "pair", str(season), "--week", "1")
    assert refused_in_one_line(code, out, err, season) and "3 teams cannot fill pods of 4" in err


def spoilt_season(tmp_path):
    """A season file its shape refuses (a key no season has), and the line of that key."""
    season = write_season(tmp_path, {"teams": teams(4, 1), "surprise": 1})
    line = season.read_text(encoding="utf-8").splitlines().index("surprise: 1") + 1
    return season, line


def test_pair_exits_2_for_a_season_file_it_cannot_take(tmp_path, capsys):
    season, line = spoilt_season(tmp_path)
    code, out, err = run(capsys, "pair", str(season), "--week", "1")
    assert refused_in_one_line(code, out, err, season, line) and "surprise: unknown key" in err


# --- standings: 0 ranked, 2 a season file it cannot take; standings say nothing is wrong


def test_standings_exit_0_with_games_still_without_results(tmp_path, capsys):
    pods = [{"pod": ["T0a", "T1a", "T2a", "T3a"], "events": []}]
    code, out, _ = run(capsys, "standings", str(write_season(tmp_path, {"teams": teams(4, 1),
                                                                        "weeks": [{"games": pods}]})), "--json")
    assert code == 0 and json.loads(out)["games_without_results"] == 1


@pytest.mark.parametrize("spoil", ["surprise", "teammates in a pod"])
def test_standings_exit_2_for_a_season_file_it_cannot_take(tmp_path, capsys, spoil):
    if spoil == "surprise":
        season, line = spoilt_season(tmp_path)
    else:
        together = [{"pod": ["T0a", "T0b", "T1a", "T1b"], "events": [{"won": "T0a"}]}]
        season = write_season(tmp_path, {"teams": teams(4, 2), "weeks": [{"games": together}]})
        line = season.read_text(encoding="utf-8").splitlines().index("  - pod:") + 1
    code, out, err = run(capsys, "standings", str(season))
    assert refused_in_one_line(code, out, err, season, line), err


# --- the league's own data (league.yml) refused: input too, exit 2 for every action, check's included


@pytest.mark.parametrize("argv", [["score", "{game}"], ["pair", "{season}", "--week", "4"],
                                  ["standings", "{season}"], ["check", "{season}", "--no-cards"]])
def test_every_action_exits_2_when_league_yml_cannot_be_taken(tmp_path, capsys, argv):
    root = tmp_path / "project"
    shutil.copytree(PROJECT_ROOT / "data" / RULES_FILE.parent, root / "data" / RULES_FILE.parent)
    (root / "mkdocs.yml").write_text("site_name: spoilt\n", encoding="utf-8")
    league = root / "data" / RULES_FILE
    league.write_text(league.read_text(encoding="utf-8") + "surprise: 1\n", encoding="utf-8")
    line = league.read_text(encoding="utf-8").splitlines().index("surprise: 1") + 1
    game = tmp_path / "game.yml"
    game.write_text(FINISHED, encoding="utf-8")
    filled = [word.format(game=game, season=SAMPLE_SEASON) for word in argv]
    code, out, err = run(capsys, *filled, "--project-dir", str(root))
    assert refused_in_one_line(code, out, err, league, line) and "surprise: unknown key" in err, err


# --- the words: each action's --help and README row give its exit status


@pytest.mark.parametrize("action, says", [
    ("score", "Exit status: 0 scored"), ("pair", "Exit status: 0 paired"), ("standings", "Exit status: 0 ranked"),
])
def test_help_and_readme_give_each_actions_exit_status(capsys, action, says):
    with pytest.raises(SystemExit):
        main(["league", action, "--help"])
    words = " ".join(capsys.readouterr().out.split())
    assert says in words and "; 2 for a " in words and "Never 1" in words
    row = readme_row(f"league {action}")
    assert f"Exit {says.removeprefix('Exit status: ')}" in row and "never 1" in row and "exit 1" not in row
    assert "`generator/commands/exits.py`" in readme_row("league score")
    if action == "pair":
        assert "one that already has results" in words and "one with results" in row


def test_the_league_help_gives_the_convention(capsys):
    with pytest.raises(SystemExit):
        main(["league", "--help"])
    words = " ".join(capsys.readouterr().out.split())
    assert "Exit status, every action: 0 answered; 1 only for an answer that something is wrong" in words
    assert "2 for input it cannot take" in words and "a request it refuses (pair's week that has results)" in words

