"""Season files: the shape of issue 11 loads, and every mistake is one line naming file, line and key."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from generator.errors import BuildError
from generator.league.rules import load_rules
from generator.league.season import canonical_identity, load_season
from tests.league_support import SAMPLE_SEASON, teams, write_season

ISSUE_EXAMPLE = """\
name: Spring league
variant: two-color               # two-color | three-color | three-color-partner
first_game_day: 2027-03-06       # optional, for rule 2g
scaling: [0, 0, 0.2, 0.4, 0.6, 0.7]   # optional; this is the default
teams:
  - {name: Azorius, identity: WU, players: [A1, A2, A3, A4]}
  - {name: Boros, identity: RW, players: [B1, B2, B3, B4]}
  - {name: Simic, identity: GU, players: [C1, C2, C3, C4]}
  - {name: Rakdos, identity: BR, players: [D1, D2, D3, D4]}
decks: decks/                    # optional: <player>.txt beside the season file
penalties:
  - {player: A2, points: -2, reason: missed the mainboard deadline}
weeks:                           # results so far, in order
  - games:
      - pod: [A1, B1, C1, D1]
        events:                  # in the order they happened
          - {eliminated: [D1], by: null}          # lost to the game itself: point to the winner pool
          - {eliminated: [B1], by: C1, controlled_by: A1}   # A1 controlled C1's turn: A1 scores
          - {won: A1}                            # takes the pool and every point still in the game
"""


def load_text(tmp_path, text: str):
    path = tmp_path / "season.yml"
    path.write_text(text, encoding="utf-8")
    return load_season(path, load_rules())


def test_the_issue_example_loads(tmp_path):
    loaded = load_text(tmp_path, ISSUE_EXAMPLE)
    assert loaded.season.teams[1].identity == "WR"          # WUBRG order, whatever was written
    assert loaded.results[0][0].points == {"A1": 4, "B1": 0, "C1": 0, "D1": 0}
    assert loaded.scaling_for(3) == 0.2 and loaded.scaling_for(9) == 0.7


def test_the_sample_season_loads():
    loaded = load_season(SAMPLE_SEASON, load_rules())
    assert len(loaded.players) == 16 and len(loaded.results) >= 3


def test_default_scaling_comes_from_the_data(tmp_path):
    loaded = load_text(tmp_path, ISSUE_EXAMPLE.replace("scaling: [0, 0, 0.2, 0.4, 0.6, 0.7]", ""))
    assert [loaded.scaling_for(week) for week in range(1, 7)] == load_rules().default_scaling


SEED = Path(__file__).resolve().parent.parent.parent / "shared" / "reference" / "seeds" / "mazerunner-rules.txt"


def test_default_scaling_is_the_suggestion_of_rule_4h():
    """4h's suggested factors ("Week 1: 0" ... "Week 6: 0.7"), read from the published document, are the data's."""
    if not SEED.exists():
        pytest.skip(f"{SEED} is not present")
    rule = SEED.read_text(encoding="utf-8").split("- h. The suggested scaling factor", 1)[1].split("\n5.", 1)[0]
    weeks = re.findall(r"Week (\d+): ([\d.]+)", rule)
    assert [int(week) for week, _ in weeks] == list(range(1, 7))
    assert load_rules().default_scaling == [float(factor) for _, factor in weeks]


@pytest.mark.parametrize("old, new, line, words", [
    ("variant: two-color ", "variant: four-color ", 2, "variant"),
    ("first_game_day: 2027-03-06", "first_game_day: someday", 3, "first_game_day"),
    ("0.6, 0.7]", "0.6, 1.7]", 4, "between 0 and 1"),
    ("identity: RW", "identity: RX", 7, "not a color identity"),
    ("identity: RW", "identity: RWU", 7, "needs 2"),
    ("identity: RW", "identity: WU", 7, "another team has it"),
    ("players: [B1, B2, B3, B4]", "players: [B1, B2, B3, A4]", 7, "'A4' is in two teams"),
    ("{player: A2, points", "{player: Z9, points", 12, "'Z9' is in no team"),
    ("points: -2, reason", "points: lots, reason", 12, "penalties[0].points"),
    ("pod: [A1, B1, C1, D1]", "pod: [A1, A2, C1, D1]", 15, "teammates in one pod"),
    ("pod: [A1, B1, C1, D1]", "pod: [A1, B1, C1]", 15, "3 players"),
    ("pod: [A1, B1, C1, D1]", "pod: [A1, B1, B1, D1]", 15, "pod: B1 is listed twice"),   # not "teammates"
    ("points: -2, reason", "points: 5, reason", 12, "penalties[0].points: 5; a penalty deducts points (rule 4e)"),
    ("points: -2, reason", "points: 0, reason", 12, "penalties[0].points: 0; a penalty deducts points (rule 4e)"),
    ("deadline}", "deadline, week: 40}", 12, "penalties[0].week: week 40; a season has 6 weeks (rule 3e)"),
    ("deadline}", "deadline, rule: 4x}", 12, "penalties[0].rule: '4x' is not a penalty of rule 4e"),
    ("pod: [A1, B1, C1, D1]", "pod: [A1, B1, C1, X9]", 15, "'X9' is in no team"),
    ("{eliminated: [D1], by: null}", "{eliminated: [D1]}", 17, "needs 'by'"),
    ("{eliminated: [D1], by: null}", "{eliminated: [D1], by: null, why: x}", 17, "unknown key"),
    ("{won: A1}", "{won: D1}", 19, "no longer in the game"),
    ("{won: A1}", "{won: A1, draw_forced_by: B1}", 19, "exactly one of"),
    ("name: Spring league\n", "", 1, "name: missing"),
    ("players: [C1, C2, C3, C4]", "players: [C1, C2, C3, C4, C5, C6, C7, C8]", 8,
     "teams[2].players: 8 players; Azorius has 4 and every team has the same number (rule 1b)"),
    ("players: [D1, D2, D3, D4]", "players: [D1, D2, D3]", 9, "teams[3].players: 3 players; Azorius has 4"),
    ("players: [A1, A2, A3, A4]", "players: [A1, A2, A3]", 6,   # the short team named, not the next one
     "teams[0].players: 3 players; Boros has 4 and every team has the same number (rule 1b)"),
    ("# optional, for rule 2g", "\nmainboard_deadline: 2027-02-20\nsideboard_deadline: 2027-02-20", 5,
     "sideboard_deadline: 2027-02-20 is not after the mainboard_deadline (2027-02-20); the sideboards are built "
     "after it (rule 3d)"),
    ("# optional, for rule 2g", "\nsideboard_deadline: soon", 4, "sideboard_deadline"),
])
def test_one_line_error_naming_file_line_and_key(tmp_path, old, new, line, words):
    assert old in ISSUE_EXAMPLE
    with pytest.raises(BuildError) as raised:
        load_text(tmp_path, ISSUE_EXAMPLE.replace(old, new, 1))
    message = str(raised.value)
    assert "\n" not in message
    assert message.startswith(f"{tmp_path / 'season.yml'}:{line}: "), message
    assert words in message


def test_a_season_has_the_weeks_of_the_data_and_no_more(tmp_path):
    """Rule 3e (league.yml `weeks`): a seventh week of a six-week season is refused where it starts."""
    weeks = load_rules().weeks
    week = {"games": [{"pod": ["T0a", "T1a", "T2a", "T3a"], "events": [{"won": "T0a"}]}]}
    path = write_season(tmp_path, {"teams": teams(4, 1), "weeks": [week] * weeks})
    assert len(load_season(path, load_rules()).results) == weeks
    path = write_season(tmp_path, {"teams": teams(4, 1), "weeks": [dict(week) for _ in range(weeks + 1)]})
    starts = [number for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
              if text.lstrip().startswith("- games:")]
    line = starts[weeks]
    with pytest.raises(BuildError) as raised:
        load_season(path, load_rules())
    assert str(raised.value) == (f"{path}:{line}: weeks[{weeks}]: week {weeks + 1}; a season has {weeks} weeks "
                                 "(rule 3e), then the final (`final:`, rule 3f)")


def test_a_player_twice_in_one_week(tmp_path):
    season = {"teams": teams(4, 2), "weeks": [{"games": [
        {"pod": ["T0a", "T1a", "T2a", "T3a"]}, {"pod": ["T0b", "T1b", "T2b", "T3a"]}]}]}
    with pytest.raises(BuildError, match=r"season.yml:\d+: pod: 'T3a' already played in week 1"):
        load_season(write_season(tmp_path, season), load_rules())


@pytest.mark.parametrize(("dates", "refused"), [
    (["2027-03-01"], "weeks[0].date: 2027-03-01 is before the first game day (2027-03-06)"),
    (["2027-03-13", "2027-03-13"], "weeks[1].date: 2027-03-13 is before the day after week 1 (2027-03-14)"),
    (["2027-03-06", None, "2027-03-20"], None),
])
def test_week_dates_follow_the_first_game_day(tmp_path, dates, refused):
    """Review of 2026-11-26, item 15: results dated before "first games on" would make the page contradict itself."""
    weeks = [{"games": []} | ({"date": date} if date else {}) for date in dates]
    path = write_season(tmp_path, {"first_game_day": "2027-03-06", "teams": teams(4, 1), "weeks": weeks})
    if refused is None:
        assert len(load_season(path, load_rules()).season.weeks) == 3
        return
    with pytest.raises(BuildError) as raised:
        load_season(path, load_rules())
    assert re.fullmatch(rf"{re.escape(str(path))}:\d+: {re.escape(refused)}", str(raised.value)), str(raised.value)


def test_the_sample_seasons_played_weeks_are_dated_no_later_than_today():
    """Review of 2026-11-26, item 15: "first games on 2027-03-06. 3 of 6 weeks played" on a site built in 2026."""
    season = load_season(SAMPLE_SEASON, load_rules()).season
    played = [week for week in season.weeks if week.games]
    assert played and all(week.date for week in played)
    assert season.first_game_day <= played[0].date and played[-1].date <= dt.date.today()


def test_not_yaml(tmp_path):
    with pytest.raises(BuildError, match=r"season.yml:3: not valid YAML"):
        load_text(tmp_path, "name: x\nteams: [\n")


@pytest.mark.parametrize("written, canonical", [("uw", "WU"), ("G W", "WG"), ("rbg", "BRG"), ("WUBRG", "WUBRG")])
def test_identities_in_wubrg_order(written, canonical):
    assert canonical_identity(written) == canonical


def test_a_team_identity_as_players_spell_it(tmp_path):
    """Review: a team's identity by its guild's name, mana symbols or color words was refused as no color
    identity; each is read as the validator reads its identity box (data/cards/color_identities.yml)."""
    text = (ISSUE_EXAMPLE.replace("identity: WU", "identity: Azorius").replace("identity: RW", "identity: '{R}{W}'")
            .replace("identity: GU", "identity: blue-green").replace("identity: BR", "identity: rakdos"))
    assert [team.identity for team in load_text(tmp_path, text).season.teams] == ["WU", "WR", "UG", "BR"]


def test_a_team_identity_that_names_none_says_what_is_accepted(tmp_path):
    text = ISSUE_EXAMPLE.replace("identity: RW", "identity: Purple")
    with pytest.raises(BuildError, match=re.escape("'Purple' is not a color identity: write its colors as WUBRG "
                                                   "letters (UR), mana symbols ({U}{R}), color words (blue red) or "
                                                   "its name (Izzet), or colorless")) as error:
        load_text(tmp_path, text)
    assert "\n" not in str(error.value)


def test_three_color_partner_needs_three_colors(tmp_path):
    text = ISSUE_EXAMPLE.replace("variant: two-color", "variant: three-color-partner")
    with pytest.raises(BuildError, match=re.escape("a three-color-partner season needs 3")):
        load_text(tmp_path, text)


@pytest.mark.parametrize("key", ["mainboard_deadline", "sideboard_deadline", "first_game_day"])
@pytest.mark.parametrize("written", ["2026-13-40", "2026-02-30", "next friday"])
def test_a_bad_date_is_one_line_naming_file_line_and_key_exit_2(tmp_path, capsys, key, written):
    """Review of 2026-11-27, item 2: `2026-13-40` (date-shaped, so YAML itself tried to read it) crashed with a
    traceback; `next friday` gave pydantic's "invalid character in year". Both: our words, one line, exit 2."""
    from generator.cli import main

    text = ISSUE_EXAMPLE.replace("first_game_day: 2027-03-06", f"{key}: {written}")
    path = tmp_path / "season.yml"
    path.write_text(text, encoding="utf-8")
    code = main(["league", "check", str(path), "--no-cards"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert captured.err == f"coalition: error: {path}:3: {key}: '{written}' is not a date: write YYYY-MM-DD\n"


def test_a_bad_week_date_names_its_week(tmp_path):
    text = ISSUE_EXAMPLE.replace("  - games:\n", "  - date: 2027-03-32\n    games:\n", 1)
    with pytest.raises(BuildError) as raised:
        load_text(tmp_path, text)
    line = text.splitlines().index("  - date: 2027-03-32") + 1
    assert str(raised.value) == (f"{tmp_path / 'season.yml'}:{line}: weeks[0].date: '2027-03-32' is not a date: "
                                 "write YYYY-MM-DD")
