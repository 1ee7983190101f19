"""A color identity as players type it ("Izzet", "{U}{R}", "blue red", "ru", "colorless"): read by
generator/identitywords.py with the one table of names, data/cards/color_identities.yml. The shared vectors
(tests/vectors/color-identities.yml) run here and in Chromium (tests/browser/test_identity_words.py); no code
keeps its own list of the names; format.json and the card tables' colours.js get the table from the data."""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest
import yaml

from generator.errors import BuildError
from generator.export.formatjson import identity_names_of
from generator.formatdata import load_card_data
from generator.identitywords import (WORDS_FILE, accepted_words, identity_letters, identity_nearest, identity_word,
                                     identity_words)
from generator.paths import PROJECT_ROOT

VECTORS = yaml.safe_load((Path(__file__).parent / "vectors" / "color-identities.yml").read_text(encoding="utf-8"))
CODE = ("generator", "docs/assets/js", "hooks")
MAZERUNNER = yaml.safe_load((PROJECT_ROOT / "data" / "formats" / "mazerunner" / "format.yml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("vector", VECTORS, ids=[repr(v["typed"]) for v in VECTORS])
def test_shared_vector(vector):
    assert identity_letters(vector["typed"]) == vector["identity"]
    if "nearest" in vector:
        assert identity_nearest(vector["typed"]) == vector["nearest"]
    if "said" in vector:
        assert identity_word(vector["identity"]) == vector["said"]


def test_every_name_of_the_table_is_read_in_any_case():
    for letters, name in identity_words()["names"].items():
        assert identity_letters(name) == identity_letters(name.upper()) == identity_letters(letters) == letters


def prose_lines(path: Path, text: str) -> set[int]:
    """The lines of a file that are words about the code (comments, docstrings), which may name an identity."""
    lines = {n for n, line in enumerate(text.splitlines(), 1) if line.strip().startswith(("#", "//", "/*", "*"))}
    for block in re.finditer(r"/\*.*?\*/", text, re.S) if path.suffix == ".js" else ():
        lines |= set(range(text.count("\n", 0, block.start()) + 1, text.count("\n", 0, block.end()) + 2))
    if path.suffix == ".py":
        for node in ast.walk(ast.parse(text)):
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                lines |= set(range(body[0].lineno, body[0].end_lineno + 1))
    return lines


def test_no_code_spells_an_identitys_name():
    """A guild's name as a string or beside its letters (`izzet: "UR"`, `"UR": "Izzet"`) in code would be a
    second table of names; comments and docstrings may name one."""
    names = "|".join(sorted(identity_words()["names"].values()))
    spelled = re.compile(r"""["'](%s)["']|\b(%s)["']?\s*:|:\s*["']?(%s)\b""" % (names, names, names), re.I)
    found = []
    for folder in CODE:
        for path in sorted((PROJECT_ROOT / folder).rglob("*")):
            if path.suffix not in {".py", ".js"}:
                continue
            text = path.read_text(encoding="utf-8")
            prose = prose_lines(path, text)
            found += [f"{path.relative_to(PROJECT_ROOT)}:{n}: {line.strip()}"
                      for n, line in enumerate(text.splitlines(), 1) if n not in prose and spelled.search(line)]
    assert not found, f"the names belong in {WORDS_FILE.relative_to(PROJECT_ROOT)}:\n" + "\n".join(found)


def test_format_json_carries_the_table_and_the_pages_names():
    names = identity_names_of(MAZERUNNER)
    assert names["UR"] == "Izzet" and names["URG"] == "Temur" and len(names) == 20
    assert names == {k: v for k, v in identity_words()["names"].items() if len(k) in (2, 3)}


def test_colours_js_gets_the_table_from_its_hook():
    """colours.js holds the marker hooks/data_into_scripts.py fills, and no table of its own."""
    script = (PROJECT_ROOT / "docs" / "assets" / "js" / "colours.js").read_text(encoding="utf-8")
    assert "/* color_identities.yml */ null" in script


def test_the_accepted_sentence_is_written_once_in_data():
    """Review: the sentence saying which spellings are accepted was written in identitywords.py and twice in
    Mazerunner's format.yml; now only color_identities.yml words it, and the messages say {accepted}."""
    sentence = identity_words()["accepted"]
    files = [path for folder in ("data", *CODE) for path in sorted((PROJECT_ROOT / folder).rglob("*"))
             if path.suffix in {".py", ".js", ".yml", ".yaml", ".json", ".j2", ".md"}
             and sentence[1:] in path.read_text(encoding="utf-8")]
    assert files == [WORDS_FILE]
    messages = next(c for c in MAZERUNNER["checks"] if c["kind"] == "color_identity")["messages"]
    assert "{accepted}" in messages["bad_identity"] and "{Accepted}" in messages["bad_identity_near"]


def test_the_accepted_placeholders_fill_as_written_and_capitalised():
    words = accepted_words()
    assert words["accepted"] == identity_words()["accepted"] and words["accepted"].startswith("write its colors")
    assert words["Accepted"] == "W" + words["accepted"][1:]


@pytest.mark.parametrize("key", ["accepted", "unknown"])
def test_a_table_without_a_sentence_or_word_it_says_stops_the_load(tmp_path, key):
    """The accepted sentence, and the word for an identity the validators cannot tell, are required."""
    cards = tmp_path / "data" / "cards"
    shutil.copytree(PROJECT_ROOT / "data" / "cards", cards)
    table = yaml.safe_load((cards / "color_identities.yml").read_text(encoding="utf-8"))
    del table[key]
    (cards / "color_identities.yml").write_text(yaml.safe_dump(table), encoding="utf-8")
    with pytest.raises(BuildError, match=rf"color_identities\.yml:\d+: {key}: Field required"):
        load_card_data(tmp_path / "data")


def test_the_word_for_an_identity_it_cannot_tell_is_written_once_in_data():
    """Review: "unknown" (a deck's identity when none was typed and no commander gives it) was written in
    identitywords.py and again in deckcolors.js; now color_identities.yml's `unknown` says it, and both twins
    say whatever it holds (tests/browser/test_identity_words.py, the browser's)."""
    assert identity_words()["unknown"] == "unknown"
    assert identity_word(None, {**identity_words(), "unknown": "untold"}) == "untold"
    for path in (PROJECT_ROOT / "generator" / "identitywords.py", PROJECT_ROOT / "docs/assets/js/deckcolors.js"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(?<!\[)["']unknown["']""", text), path.name   # the table's key, table["unknown"], may
