"""`coalition validate`: every shared decklist case of tests/decks/expected.yml, the JSON shape, the exit
statuses (0 legal, 1 illegal, 2 unreadable) and standard input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.deck_helpers import (
    DECKS_DIR, assert_case, case_text, deck_db, facts_loaded_once, load_cases, summary, validate_main,
)

CASES = load_cases()
JSON_KEYS = {"legal", "leader", "coalition_types", "violations", "unknown_cards"}


@pytest.fixture(scope="module")
def db_path():
    with facts_loaded_once():
        yield str(deck_db())


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = validate_main(["validate", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def validate_json(capsys, db_path: str, case: dict) -> tuple[int, dict]:
    argv = [str(DECKS_DIR / case["file"]), "--json", "--db", db_path]
    if case.get("type"):
        argv += ["--type", case["type"]]
    if case.get("format"):
        argv += ["--format", case["format"]]
    for key in ("identity", "variant"):
        if case.get(key):
            argv += [f"--{key}", case[key]]
    code, out, _ = run(capsys, *argv)
    return code, json.loads(out)


@pytest.mark.fullscale
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_shared_case(case, db_path, capsys):
    code, result = validate_json(capsys, db_path, case)
    assert_case(case, result)
    assert code == (2 if case.get("fatal") else 0 if case["legal"] else 1)


@pytest.mark.fullscale
def test_json_shape(db_path, capsys):
    _, result = validate_json(capsys, db_path, {"file": "copy-limits.txt"})
    assert JSON_KEYS <= set(result)
    for violation in result["violations"]:
        assert {"rule", "message", "cards", "link"} <= set(violation)
        assert violation["link"] == "rules/#" + violation["rule"].replace(".", "-")
    _, result = validate_json(capsys, db_path, {"file": "bad-lines.txt"})
    assert {"name", "line", "suggestions"} <= set(result["unknown_cards"][0])


@pytest.mark.fullscale
def test_standard_input(db_path, capsys, monkeypatch):
    text = (DECKS_DIR / "legal-goblins-mtgo.txt").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text), encoding="utf-8"))
    code, out, _ = run(capsys, "-", "--db", db_path)
    assert code == 0 and out.startswith("LEGAL\nLeader: Krenko, Mob Boss")


@pytest.mark.fullscale
def test_text_report_in_the_formats_words(db_path, capsys):
    """Heroic's report speaks of the hero and its shared types (texts.words, as its pages); its rules are Heroic's (3.x)."""
    code, out, _ = run(capsys, str(DECKS_DIR / "heroic" / "partners.txt"), "--format", "heroic", "--db", db_path)
    assert code == 1 and "\nHero: none\nShared types that work: none\n" in out   # texts.words.no_leader, no_types
    assert "  as the hero, Tana, the Bloodsower:" in out and "(hero included)" in out
    assert "3.6  The sideboard holds 2 legendary creatures" in out and "[rules/#3-6]" in out


@pytest.mark.fullscale
def test_text_report_names_rule_and_link(db_path, capsys):
    code, out, _ = run(capsys, str(DECKS_DIR / "bad-lines.txt"), "--db", db_path)
    assert code == 1 and out.startswith("NOT CHECKED YET: 2 names not recognised and 4 lines not read (fix them below)\n")
    assert 'line 18: unknown card "Goblin Gide" (did you mean "Goblin Guide"' in out
    assert "line 20: a count cannot be negative: -1 Mountain" in out
    code, out, _ = run(capsys, str(DECKS_DIR / "copy-limits.txt"), "--db", db_path)
    assert "906.5c  Wooded Foothills: 5 copies in the main deck and sideboard; a nonbasic land may be included at " \
           "most 4 times.  [rules/#906-5c]" in out


@pytest.mark.fullscale
def test_a_misspelled_commander_is_an_unknown_card_said_first(db_path, capsys):
    """The name under the Commander header is no card: the report says so first, not "No commander"."""
    code, out, _ = run(capsys, str(DECKS_DIR / "mazerunner" / "misspelled-commander.txt"), "--format", "mazerunner",
                       "--identity", "WU", "--db", db_path)
    assert code == 1 and "No commander" not in out
    lines = out.splitlines()
    unknown = next(i for i, line in enumerate(lines) if 'unknown card "Adeliz, the Cinder Wnd"' in line)
    assert unknown < next(i for i, line in enumerate(lines) if line.startswith("2b  "))


@pytest.mark.fullscale
def test_types_that_cut_the_same_cards_are_one_line(db_path, capsys):
    """A changeling leader's 330 types against two tribes are three choices, not 330 lines; the JSON keeps every
    type."""
    _, result = validate_json(capsys, db_path, {"file": "changeling-leader-two-tribes.txt"})
    assert len(result["type_options"]) == 330
    code, out, _ = run(capsys, str(DECKS_DIR / "changeling-leader-two-tribes.txt"), "--db", db_path)
    options = [line for line in out.splitlines() if line.startswith("  ")]
    assert options == ['  Druid, Elf: cut 4 copies of 1 card ("Goblin Guide")',
                       '  Goblin, Scout: cut 4 copies of 1 card ("Llanowar Elves")',
                       '  Advisor, Aetherborn, Alien, Ally, Angel, Antelope, Ape, Archer and 318 more: '
                       'cut 8 copies of 2 cards ("Goblin Guide", "Llanowar Elves")']


@pytest.mark.fullscale
def test_no_type_fits_lists_every_option(db_path, capsys):
    _, result = validate_json(capsys, db_path, {"file": "no-type-fits.txt"})
    assert [o["type"] for o in result["type_options"]] == ["Angel", "Cleric", "Demon", "Dragon"]
    assert all(o["cut"] == 50 for o in result["type_options"])
    code, out, _ = run(capsys, str(DECKS_DIR / "only-fits-human.txt"), "--db", db_path)
    assert '  Soldier: cut 20 copies of 5 cards ("Abu Ja\'far", "An-Havva Constable", "Angry Mob", "Cartographer", "Flying Men")' in out


@pytest.mark.fullscale
@pytest.mark.parametrize("style, first", [("arena", "Deck\n"), ("mtgo", "4 Goblin Bushwhacker\n")])
def test_export_round_trip(db_path, capsys, tmp_path, style, first):
    code, out, _ = run(capsys, str(DECKS_DIR / "legal-goblins-moxfield.txt"), "--export", style, "--db", db_path)
    assert code == 0 and out.startswith(first)
    copied = tmp_path / "copied.txt"
    copied.write_text(out, encoding="utf-8")
    code, result = validate_json(capsys, db_path, {"file": str(copied)})
    assert code == 0 and result["leader"] == "Krenko, Mob Boss"


# Every case whose whole list was read: the export leaves out unknown names and unread lines (and says so).
READ_WHOLE = [c for c in CASES if not c.get("fatal") and not c.get("unknown") and not c.get("line_errors")
              and not c.get("suggestions")]
# MTGO text has no place that says "commander": a spell listed as a second commander reads back as a sideboard
# card (deckcolors.mtgo_commanders takes a second one only when it can be a commander).
NO_COMMANDER_PLACE = {("mazerunner/not-a-commander.txt", "mtgo")}


def options_of(case: dict) -> list[str]:
    argv = ["--type", case["type"]] if case.get("type") else []
    for key in ("format", "identity", "variant"):
        argv += [f"--{key}", case[key]] if case.get(key) else []
    return argv


ROUND_TRIPS = [(case, style) for case in READ_WHOLE for style in ("arena", "mtgo")
               if (case["file"], style) not in NO_COMMANDER_PLACE]


def exported_and_read_back(case: dict, style: str, db_path: str, capsys, tmp_path) -> tuple[int, dict, str]:
    _, text, _ = run(capsys, str(DECKS_DIR / case["file"]), "--export", style, "--db", db_path, *options_of(case))
    copied = tmp_path / "copied.txt"
    copied.write_text(text, encoding="utf-8")
    code, again = validate_json(capsys, db_path, {**case, "file": str(copied)})
    return code, again, text


@pytest.mark.fullscale
@pytest.mark.parametrize(("case", "style"), ROUND_TRIPS, ids=[f"{c['id']}-{style}" for c, style in ROUND_TRIPS])
def test_every_export_reads_back_to_the_same_verdict(case, style, db_path, capsys, tmp_path):
    """Review of the Mazerunner validator: its own "Copy for MTGO" text read back with no commander. Each list
    exported in each style the validator offers is checked again, with the same options, to the same verdict."""
    code, before = validate_json(capsys, db_path, case)
    again_code, again, text = exported_and_read_back(case, style, db_path, capsys, tmp_path)
    keys = ("legal", "leader", "coalition_types", "violations")
    assert {k: summary(again)[k] for k in keys} == {k: summary(before)[k] for k in keys}, text
    assert again_code == code


def sections_read(text: str, case: dict, db_path: str) -> dict:
    """Each section's cards and counts as the validator reads a list (MTGO's commander convention included),
    with the section totals; on the facts the command itself loaded."""
    from generator.commands import validate
    from generator.deckcolors import mtgo_commanders
    from generator.decklist import parse
    from generator.deckrules import resolve

    facts = validate.load_facts(Path(db_path), case.get("format"))
    deck = resolve(mtgo_commanders(parse(text), facts), facts)
    return {"main": deck["main"], "side": deck["side"], "totals": deck["totals"]}


@pytest.mark.fullscale
@pytest.mark.parametrize(("case", "style"), ROUND_TRIPS, ids=[f"{c['id']}-{style}" for c, style in ROUND_TRIPS])
def test_every_export_holds_the_list_as_it_was_read(case, style, db_path, capsys, tmp_path):
    """Review of the validator: a leader left in the main deck was copied twice, in the main deck and again
    at the head of the sideboard. An export writes the player's list as it is, whatever the verdict: each
    section the same cards, the same counts, the same totals as the list read."""
    _, before = validate_json(capsys, db_path, case)
    _, _, text = exported_and_read_back(case, style, db_path, capsys, tmp_path)
    read = sections_read(case_text(case), case, db_path)
    assert read["totals"] == before["counts"]
    assert sections_read(text, case, db_path) == read, text


@pytest.mark.fullscale
def test_a_spell_listed_as_a_second_commander_reads_back_from_mtgo_text_as_a_sideboard_card(db_path, capsys, tmp_path):
    """The one list MTGO text cannot carry: the spell under the Commander header comes back as the sideboard's
    first card after the commander, which it cannot be, so only the legend is read as the commander."""
    case = next(c for c in READ_WHOLE if (c["file"], "mtgo") in NO_COMMANDER_PLACE)
    code, again, text = exported_and_read_back(case, "mtgo", db_path, capsys, tmp_path)
    assert code == 1 and again["leader"] == "Niv-Mizzet, Parun", text
    assert ("2b", ("Lightning Bolt",)) not in summary(again)["violations"], summary(again)["violations"]


def test_missing_file_exits_2(capsys, tmp_path):
    code, out, err = run(capsys, str(tmp_path / "nope.txt"), "--json", "--db", str(tmp_path / "no.duckdb"))
    assert code == 2 and "cannot read it" in err
    assert json.loads(out)["legal"] is False and "cannot read it" in json.loads(out)["error"]


def test_missing_database_exits_2_not_1(capsys, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Goblin Guide\n", encoding="utf-8")
    code, _, err = run(capsys, str(deck), "--db", str(tmp_path / "no.duckdb"))
    assert code == 2 and "no database yet" in err


def test_registered_in_the_cli():
    from generator import cli

    assert "validate" in cli.COMMAND_MODULES
    code = subprocess.run([sys.executable, "-m", "generator", "validate", "--help"], capture_output=True, text=True)
    assert code.returncode == 0 and "DECKFILE" in code.stdout


@pytest.mark.fullscale
def test_two_legends_each_analysed_as_the_leader(db_path, capsys):
    """More than one legend in the sideboard: no leader, but every legend's types are still checked."""
    _, result = validate_json(capsys, db_path, {"file": "two-legends-elves.txt"})
    assert result["leader"] is None and result["suggested_leader"] == "Ezuri, Renegade Leader"
    candidates = {c["name"]: c for c in result["leader_candidates"]}
    assert list(candidates) == ["Ezuri, Renegade Leader", "Thrun, the Last Troll"]
    assert candidates["Ezuri, Renegade Leader"]["coalition_types"] == ["Elf"]
    thrun = candidates["Thrun, the Last Troll"]
    assert thrun["coalition_types"] == [] and [o["type"] for o in thrun["type_options"]] == ["Shaman", "Troll"]
    assert thrun["violations"][0]["rule"] == "906.5e"
    code, out, _ = run(capsys, str(DECKS_DIR / "two-legends-elves.txt"), "--db", db_path)
    assert code == 1 and "Coalition types that work: Elf\n" in out
    assert "  as the leader, Ezuri, Renegade Leader: Elf  <- keep this one\n" in out
    assert "  as the leader, Thrun, the Last Troll: no coalition type works (closest: Shaman, cut 42 copies of 11 cards)\n" in out


@pytest.mark.fullscale
def test_a_mistyped_identity_is_a_usage_error_not_a_violation(db_path, capsys):
    """Review of 2026-11-26: `--identity XYZ` was reported as a broken rule 2b (exit 1); it is a bad argument,
    one line on standard error and exit 2, as `--variant four-color` is, in the format's own words."""
    deck = str(DECKS_DIR / "mazerunner" / "legal-izzet-arena.txt")
    code, out, err = run(capsys, deck, "--format", "mazerunner", "--identity", "XYZ", "--db", db_path)
    assert (code, out) == (2, "")
    assert err == ("coalition: error: --identity XYZ is not a color identity: write its colors as WUBRG letters (UR), "
                   "mana symbols ({U}{R}), color words (blue red) or its name (Izzet), or colorless.\n")


@pytest.mark.fullscale
@pytest.mark.parametrize("typed", ["Izzet", "izzet", "{U}{R}", "blue red", "blue-red", "RU"])
def test_an_identity_as_players_spell_it(db_path, capsys, typed):
    """Review: `--identity Izzet` (and {U}{R}) was refused as no color identity; a guild's name, mana symbols and
    color words name the identity as its letters do."""
    deck = str(DECKS_DIR / "mazerunner" / "legal-izzet-arena.txt")
    code, out, err = run(capsys, deck, "--format", "mazerunner", "--identity", typed, "--db", db_path)
    assert (code, err) == (0, "") and "Color identity: UR; variant: two-color" in out


@pytest.mark.fullscale
def test_the_empty_identity_is_one_word_everywhere(db_path, capsys):
    """Review: `--identity colorless` printed "Color identity: -" (the page said "none") and "the assigned identity
    is ." with a gap; the report and every message say color_identities.yml's first colorless word."""
    deck = str(DECKS_DIR / "mazerunner" / "mono-red.txt")
    code, out, err = run(capsys, deck, "--format", "mazerunner", "--identity", "colorless", "--db", db_path)
    assert (code, err) == (1, "") and "\nColor identity: colorless; variant: two-color\n" in out
    assert "the assigned identity is colorless." in out and " is ." not in out


@pytest.mark.fullscale
def test_counts_and_leaders_agree_in_number(db_path, capsys):
    """"1 commanders" and "Commander: A and B": every count the report prints agrees with its noun."""
    partners = str(DECKS_DIR / "mazerunner" / "partners.txt")
    code, out, _ = run(capsys, partners, "--format", "mazerunner", "--variant", "three-color-partner", "--db", db_path)
    assert code == 0 and "\nCommanders: Kraum, Ludevic's Opus and Silas Renn, Seeker Adept\n" in out
    assert "\nMain deck: 100 cards (commanders included); sideboard: 20 cards\n" in out
    izzet = str(DECKS_DIR / "mazerunner" / "legal-izzet-arena.txt")
    code, out, _ = run(capsys, izzet, "--format", "mazerunner", "--variant", "three-color-partner", "--db", db_path)
    assert code == 1 and "\nCommander: Adeliz, the Cinder Wind\n" in out
    assert "2b  1 commander under the Commander header; a three-color-partner season has 2." in out
    code, out, _ = run(capsys, str(DECKS_DIR / "one-card.txt"), "--db", db_path)
    assert "906.5a  The main deck has 1 card; it must have exactly 60." in out
    assert "Main deck: 1 card; sideboard: 1 card (leader included)" in out


def test_a_check_with_names_or_lines_not_read_says_so_first():
    """Review of 2026-11-28 (validator, item 3): "NOT LEGAL" over 34 names it did not know read as a verdict on
    the deck. The report says first what it could not check (the page's words: test_validator_words.py)."""
    from generator.commands.validate import Words, report_text

    words = Words("leader", "coalition types", "leaders", "colorless", "none", "unknown", "none", "coalition type")
    result = {"legal": False, "leader": None, "declared_type": None, "coalition_types": ["Elf"], "notes": [],
              "counts": {"main": 36, "side": 0}, "type_options": [], "line_errors": [],
              "unknown_cards": [{"name": f"Nonesuch {n}", "line": n, "suggestions": []} for n in range(1, 35)],
              "violations": [{"rule": "906.5g", "message": "Sol Ring is banned.", "link": "rules/#906-5g"}]}
    lines = report_text(result, words).splitlines()
    assert lines[0] == "NOT CHECKED YET: 34 names not recognised (fix them below); 1 problem among the recognised cards"
    assert lines[2] == "Coalition types that work (recognised cards only): Elf"
    result.update(unknown_cards=[], line_errors=[{"line": 3, "message": "no count", "text": "x"}], violations=[])
    assert report_text(result, words).splitlines()[0] == "NOT CHECKED YET: 1 line not read (fix them below)"
    result.update(line_errors=[])
    assert report_text(result, words).splitlines()[:3:2] == ["NOT LEGAL", "Coalition types that work: Elf"]
