"""What the command line prints: no control or bidirectional-text character reaches the terminal raw (U+202E
would turn the rest of a line around), JSON stays equivalent, and `--export` says what it left out."""

from __future__ import annotations

import json

from generator.cli import main

RLO = "\u202e"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_bidi_override_in_a_card_name_is_shown_escaped(fixture_db_path, capsys):
    code, out, err = run(capsys, "card", f"Evil{RLO}Name\x1b[2J", "--db", str(fixture_db_path))
    assert code == 1 and RLO not in out + err and "\x1b" not in out + err
    assert "\\u202e" in out + err and "\\u001b" in out + err


def test_deck_lists_are_escaped_in_text_and_equivalent_in_json(fixture_db_path, capsys, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(f"4 Counterspell\n1 Evil{RLO}Goblin\n", encoding="utf-8")
    code, out, err = run(capsys, "validate", str(deck), "--db", str(fixture_db_path))
    assert code == 1 and RLO not in out + err and 'unknown card "Evil\\u202eGoblin"' in out
    code, out, _ = run(capsys, "validate", str(deck), "--json", "--db", str(fixture_db_path))
    assert RLO not in out and json.loads(out)["unknown_cards"][0]["name"] == f"Evil{RLO}Goblin"


def test_export_names_what_it_left_out(fixture_db_path, capsys, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Counterspell\n2 No Such Card Anywhere\n4 Goblin Guide extra words (XX) what\n", encoding="utf-8")
    code, out, err = run(capsys, "validate", str(deck), "--export", "arena", "--db", str(fixture_db_path))
    assert out.startswith("Deck\n4 Counterspell\n") and "No Such Card" not in out
    assert 'coalition: line 2: left out of the export: unknown card "No Such Card Anywhere"' in err
    assert "line 3: left out of the export" in err


def test_a_word_not_read_cites_the_asked_formats_own_rule(fixture_db_path, capsys):
    """The reason's words are the engine's; the rule beside them is the format's (format.yml `cites:`)."""
    code, out, _ = run(capsys, "card", "Angel of Sanctions", "--db", str(fixture_db_path))
    assert code == 0 and "(reminder text, which never counts (906.4b))" in out
    code, out, _ = run(capsys, "card", "Angel of Sanctions", "--format", "heroic", "--json", "--db", str(fixture_db_path))
    rows = [row for row in json.loads(out)[0]["ignored_words"] if row["reason"] == "reminder_text"]
    assert rows and {row["rule"] for row in rows} == {"2.1"} and "906" not in out
