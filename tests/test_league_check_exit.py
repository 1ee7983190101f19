"""`coalition league check`'s exit status, for the scripts league runners run it from: 0 nothing owed and no rule
broken (warnings may stand), 1 something owed or broken, 2 input it cannot read; and a recorded penalty whose
reason names no penalty kind of league.yml, reported rather than passed over (review of 2026-11-27)."""

from __future__ import annotations

import json

import pytest

from generator.cli import main
from generator.league.rules import load_rules
from tests.league_support import teams, write_season
from tests.test_cli_usage import readme_row

LEGAL_DECK = "Commander\n1 Depala, Pilot Exemplar\n\nDeck\n99 Wastes\n"
TWO_COMMANDERS = "Commander\n1 A\n1 B\n\nDeck\n98 Wastes\n"   # illegal in a two-color season (no database needed)


def every_deck_in(tmp_path, first: str = LEGAL_DECK, **season) -> str:
    """Four teams of one, each with a deck file; T0a's is `first`."""
    folder = tmp_path / "decks"
    folder.mkdir()
    for team in teams(4, 1):
        player = team["players"][0]
        (folder / f"{player}.txt").write_text(first if player == "T0a" else LEGAL_DECK, encoding="utf-8")
    return str(write_season(tmp_path, {"teams": teams(4, 1), "decks": "decks/", **season}))


def check(capsys, season: str, *more: str) -> tuple[int, dict]:
    code = main(["league", "check", season, "--no-cards", "--json", *more])
    return code, json.loads(capsys.readouterr().out)


def test_an_illegal_deck_within_its_grace_days_exits_0_with_its_warning(tmp_path, capsys):
    """Something to look at, nothing owed yet: exit 0; once the grace days are over, the penalty is owed: 1."""
    season = every_deck_in(tmp_path, TWO_COMMANDERS, sideboard_deadline="2023-12-20")
    code, report = check(capsys, season, "--on", "2023-12-22")
    assert code == 0 and report["ok"] and report["issues"] and report["penalties"] == []
    assert [w["player"] for w in report["warnings"]] == ["T0a"]
    assert main(["league", "check", season, "--no-cards", "--on", "2023-12-22"]) == 0
    out = capsys.readouterr().out
    assert "warning for T0a" in out and "nothing owed and no rule broken as of 2023-12-22" in out
    code, report = check(capsys, season, "--on", "2023-12-24")
    assert code == 1 and not report["ok"] and [p["player"] for p in report["penalties"]] == ["T0a"]


def test_a_deck_missing_before_the_mainboard_deadline_exits_0(tmp_path, capsys):
    season = every_deck_in(tmp_path, mainboard_deadline="2023-12-10")
    (tmp_path / "decks" / "T1a.txt").unlink()
    code, report = check(capsys, season, "--on", "2023-12-10")
    assert code == 0 and [w["player"] for w in report["warnings"]] == ["T1a"]
    code, report = check(capsys, season, "--on", "2023-12-11")
    assert code == 1 and [p["player"] for p in report["penalties"]] == ["T1a"]


def test_a_clean_season_exits_0_and_says_nothing_to_report(tmp_path, capsys):
    season = every_deck_in(tmp_path)
    code, report = check(capsys, season)
    assert code == 0 and report["ok"] and report["warnings"] == [] and report["unknown_kinds"] == []


def broken_penalty_player(text: str) -> str:
    return text.replace("player: T0a\n  points: -2", "player: Nobody\n  points: -2")


@pytest.mark.parametrize("spoil, words", [
    (lambda text: text.replace("name: Test season", "name: Test season\nsurprise: 1"), "surprise: unknown key"),
    (broken_penalty_player, "penalties[0].player: 'Nobody' is in no team"),
    (lambda text: text.replace("decks: decks/", "decks: [decks/"), "not valid YAML"),
])
def test_a_season_file_it_cannot_take_exits_2_in_one_line_naming_file_and_line(tmp_path, capsys, spoil, words):
    """Refused by its shape or the league's rules, as unreadable YAML is: input, never an answer (README: exit 1
    is kept for answers), as `validate` and `solo deal` answer bad input."""
    path = tmp_path / "spoilt.yml"
    season = every_deck_in(tmp_path, penalties=[{"player": "T0a", "points": -2, "reason": "illegal deck"}])
    text = spoil(open(season, encoding="utf-8").read())
    path.write_text(text, encoding="utf-8")
    code = main(["league", "check", str(path), "--no-cards"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == "" and captured.err.count("\n") == 1, captured.err
    assert captured.err.startswith(f"coalition: error: {path}:") and words in captured.err
    line = int(captured.err.removeprefix(f"coalition: error: {path}:").split(":")[0])
    assert 1 < line <= len(text.splitlines())


def test_help_and_readme_give_every_exit_status(capsys):
    with pytest.raises(SystemExit):
        main(["league", "check", "--help"])
    words = " ".join(capsys.readouterr().out.split())
    assert "Exit status: 0 when nothing is owed and no rule is broken on the day checked" in words
    assert "1 when a penalty is owed, a rule is broken" in words and "2 for input it cannot read" in words
    row = readme_row("league check")
    assert "Exit status, for scripts: 0 when nothing is owed" in row and "`unknown_kinds`" in row
    assert "1 when a penalty is owed" in row and "2 when the input cannot be read" in row


UNKNOWN = {"player": "T2a", "points": -1, "reason": "late to the pod"}


def test_a_penalty_naming_no_known_kind_is_reported_with_its_line_and_the_kinds(tmp_path, capsys):
    """It was passed over: neither matched nor questioned. Alone in an otherwise clean season it makes the exit 1."""
    season = every_deck_in(tmp_path, penalties=[UNKNOWN])
    line = open(season, encoding="utf-8").read().splitlines().index("  reason: late to the pod") + 1
    code, report = check(capsys, season)
    assert code == 1 and not report["ok"] and report["issues"] == [] and report["not_owed"] == []
    [entry] = report["unknown_kinds"]
    assert entry["where"] == f"{season}:{line}" and (entry["player"], entry["points"]) == ("T2a", -1)
    message = entry["message"]
    assert message.startswith(f"{season}:{line}: penalties[0].reason: 'late to the pod' names no penalty kind of rule")
    penalties = load_rules().penalties.model_dump()   # the kinds are league.yml's: every one is listed
    assert penalties and all(kind in message and about["rule"] in message and all(w in message for w in about["words"])
                             for kind, about in penalties.items())
    main(["league", "check", season, "--no-cards"])
    out = capsys.readouterr().out
    assert f"  {season}:{line}: penalties[0].reason: 'late to the pod'" in out and "nothing to report" not in out


def test_a_penalty_named_by_its_rule_is_of_a_known_kind(tmp_path, capsys):
    """`rule:` names the kind when the reason's words do not: nothing unknown."""
    season = every_deck_in(tmp_path, mainboard_deadline="2023-12-10",
                           penalties=[{**UNKNOWN, "points": -2, "rule": load_rules().penalties.illegal_deck.rule}])
    code, report = check(capsys, season, "--on", "2023-12-01")
    assert code == 0 and report["unknown_kinds"] == []
