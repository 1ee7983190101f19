"""Hostile input to the parser and to `coalition validate`: a 5 MB paste, binary garbage, a thousand lines,
negative or huge counts, markup and terminal escapes in names. Each gives a clear message and an exit
status, never a traceback, a hang or the input echoed raw. (The page's side: tests/browser/.) How long each
takes is measured by bench/bench_hostile.py, not here: this machine is shared."""

from __future__ import annotations

import io
import json
import random
import sys

import pytest

from generator.decklist import MAX_INPUT_CHARS, MAX_LINES, parse
from generator.deckrules import Facts, check
from tests.deck_helpers import deck_db, validate_main
from tests.test_decklist import CARDS, FORMAT_DOC, TYPES

FIVE_MB = "4 Goblin Guide\n" * (5 * 1024 * 1024 // 15)


@pytest.fixture(scope="module")
def facts() -> Facts:
    return Facts.from_exports({"version": 1, "types": TYPES, "cards": CARDS}, FORMAT_DOC)


def garbage(size: int, seed: int = 4, nul: bool = True) -> bytes:
    data = random.Random(seed).randbytes(size)
    return data if nul else data.replace(b"\x00", b"\x01")


# --- the parser -------------------------------------------------------------------------------------------

def test_five_megabytes_is_refused_at_once():
    parsed = parse(FIVE_MB)
    assert parsed.fatal == f"The list is {len(FIVE_MB)} characters long; a deck list may be at most {MAX_INPUT_CHARS}."
    assert not parsed.entries


def test_too_many_lines_is_refused():
    parsed = parse("\n" * MAX_LINES)
    assert parsed.fatal == f"The list has {MAX_LINES + 1} lines; a deck list may have at most {MAX_LINES}."


def test_a_thousand_lines_of_unknown_cards_is_quick(facts):
    text = "".join(f"1 No Such Card Number {n}\n" for n in range(1000))
    result = check(parse(text), facts)
    assert len(result["unknown_cards"]) == 1000 and not result["legal"]
    assert all(u["suggestions"] == [] for u in result["unknown_cards"][20:])   # only the first 20 are looked up


def test_a_thousand_lines_of_garbage_are_each_reported(facts):
    text = "\n".join(f"~~{n}~~ ???" for n in range(1000)) + "\n4 Goblin Guide\n"
    result = check(parse(text), facts)
    assert len(result["line_errors"]) == 1000 and result["line_errors"][999]["line"] == 1000
    assert result["counts"]["main"] == 4


def test_one_huge_line_is_one_error():
    parsed = parse("4 Goblin Guide\n4 " + "Goblin " * 20_000 + "\n")
    assert [e["line"] for e in parsed.errors] == [2] and "characters long" in parsed.errors[0]["message"]
    assert len(parsed.errors[0]["text"]) <= 61


@pytest.mark.parametrize("line", [
    "4 " + "a (" * 95, "4 " + " " * 290 + "x", "4" + "x" * 290, "4 " + "(" * 140 + ")" * 140,
    "4 name " + "*F* " * 70, "4 " + "a/" * 140,
])
def test_no_pathological_backtracking(line):
    parsed = parse((line + "\n") * 500)   # how long it takes: bench/bench_hostile.py
    assert len(parsed.entries) + len(parsed.errors) == 500   # every line read, as a card or as an error


def test_unclosed_dek_elements_are_not_each_scanned_to_the_end():
    """Each `<Cards` of a .dek once ran to the end of the text looking for its ">": 28,000 of them took over
    half a minute (bench/bench_hostile.py). An element stops at the next "<"."""
    parsed = parse("<Deck>" + "<Cards " * 28_000)
    assert parsed.fatal.startswith("No card lines found: line 1: the line is")


@pytest.mark.parametrize("count, message", [
    ("-4", "a count cannot be negative"), ("−4", "a count cannot be negative"),
    ("0", "a count must be at least 1"), ("10000", "the count 10000 is too large (at most 9999)"),
    ("1" * 200, "the count 111111111111… is too large (at most 9999)"),
    ("1e9", 'expected "COUNT NAME", for example "4 Goblin Guide"'),
])
def test_negative_and_huge_counts(count, message):
    parsed = parse(f"{count} Mountain\n4 Goblin Guide\n")
    assert parsed.errors[0]["message"] == message and [e.name for e in parsed.entries] == ["Goblin Guide"]


def test_the_largest_count_is_just_counted(facts):
    result = check(parse("9999 Mountain\nSideboard\n1 Krenko, Mob Boss\n"), facts)
    assert result["violations"][0]["message"] == "The main deck has 9999 cards; it must have exactly 60."


@pytest.mark.parametrize("name", ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "&lt;b&gt;", '"><svg onload=alert(1)>'])
def test_markup_in_a_name_stays_a_name(facts, name):
    result = check(parse(f"4 {name}\n"), facts)
    assert result["unknown_cards"][0]["name"] == name and result["unknown_cards"][0]["suggestions"] == []


def test_terminal_escapes_and_binary_are_never_echoed():
    parsed = parse("4 \x1b[2J\x1b[31mGoblin Guide\n4 Goblin Guide\n")
    assert "control characters" in parsed.errors[0]["message"]
    assert "\x1b" not in parsed.errors[0]["text"] and "\ufffd" in parsed.errors[0]["text"]
    assert parse(garbage(4096).decode("latin-1")).fatal.startswith("The input holds NUL bytes")


def test_garbage_without_nul_bytes(facts):
    text = garbage(20_000, nul=False).decode("latin-1")
    result = check(parse(text), facts)
    assert result["error"] or result["line_errors"]
    assert all("\x1b" not in e["text"] for e in result["line_errors"])


# --- the command line -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def db_path():
    return str(deck_db())


def run(capsys, monkeypatch, data: bytes, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    code = validate_main(["validate", "-", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.fullscale
def test_cli_five_megabytes(capsys, monkeypatch, db_path, tmp_path):
    code, _, err = run(capsys, monkeypatch, FIVE_MB.encode(), "--db", db_path)
    assert code == 2 and "more than 800000 bytes" in err
    deck = tmp_path / "big.txt"
    deck.write_text(FIVE_MB[: MAX_INPUT_CHARS * 2], encoding="utf-8")
    assert validate_main(["validate", str(deck), "--db", db_path]) == 2
    assert "characters long; a deck list may be at most 200000" in capsys.readouterr().err


@pytest.mark.fullscale
def test_cli_binary_garbage(capsys, monkeypatch, db_path):
    code, out, err = run(capsys, monkeypatch, garbage(65536), "--json", "--db", db_path)
    assert code == 2 and "binary file" in err and json.loads(out)["legal"] is False


@pytest.mark.fullscale
def test_cli_garbage_without_nul_bytes_is_not_echoed(capsys, monkeypatch, db_path):
    code, out, err = run(capsys, monkeypatch, garbage(20_000, nul=False), "--db", db_path)
    assert code in (1, 2) and "Traceback" not in err
    assert not any(ch in out + err for ch in "\x1b\x07\x08\x00")


@pytest.mark.fullscale
def test_cli_a_thousand_lines(capsys, monkeypatch, db_path):
    text = "".join(f"1 Unknown Card Number {n}\n" for n in range(1000)).encode()
    code, out, _ = run(capsys, monkeypatch, text, "--json", "--db", db_path)
    result = json.loads(out)
    assert code == 1 and len(result["unknown_cards"]) == 1000


@pytest.mark.fullscale
def test_cli_markup_and_escapes(capsys, monkeypatch, db_path):
    text = "4 <script>alert(1)</script>\n4 \x1b[31mred\n56 Mountain\n".encode()
    code, out, _ = run(capsys, monkeypatch, text, "--db", db_path)
    assert code == 1 and 'unknown card "<script>alert(1)</script>"' in out and "\x1b" not in out


@pytest.mark.fullscale
def test_cli_windows_1252_and_utf16(capsys, monkeypatch, db_path):
    code, out, _ = run(capsys, monkeypatch, "60 Mountain\n1 Lim-Dûl the Necromancer\n".encode("cp1252"), "--db", db_path)
    assert "Leader: Lim-Dûl the Necromancer" in out
    code, out, _ = run(capsys, monkeypatch, "60 Mountain\n".encode("utf-16"), "--json", "--db", db_path)
    assert json.loads(out)["counts"]["main"] == 60
