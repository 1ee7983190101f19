"""Card groups are defined once, in data/cards/vocabulary.yml `card_groups`: their codes, headings, the word
for one card of a group and their order. The database, format.json (the validators, the browser's pool
tables) and the pages read them from there; no code keeps its own list."""

from __future__ import annotations

import json
import re

import duckdb
import pytest
import yaml

from generator.export.formatjson import vocabulary
from generator.paths import PROJECT_ROOT
from tests.site_testing import build_database_for, site_project, synthetic_cards
from tests.test_site_pages import rendered

CODE = ("generator", "docs/assets/js")
# A group's new order and words in the copied data: sorcery and instant renamed, land moved first.
RENAMED = {"land": {"title": "Lands", "one": "land"}, "sorcery": {"title": "Rituals", "one": "ritual"},
           "instant": {"title": "Quick spells", "one": "quick spell"}}


def groups_of(root) -> dict[str, dict]:
    return yaml.safe_load((root / "data" / "cards" / "vocabulary.yml").read_text(encoding="utf-8"))["card_groups"]


def test_no_code_spells_a_groups_words():
    """A heading ("Sorceries") or a one-card word that is not the code ("other card") as a string literal
    in the site's or the validator's code would be a second definition, in its own order."""
    words = {g["title"] for g in groups_of(PROJECT_ROOT).values()}
    words |= {g["one"] for code, g in groups_of(PROJECT_ROOT).items() if g["one"] != code}
    literal = re.compile(r"""["'](%s)["']""" % "|".join(map(re.escape, sorted(words))))
    found = [f"{path.relative_to(PROJECT_ROOT)}:{n}: {line.strip()}"
             for folder in CODE for path in sorted((PROJECT_ROOT / folder).rglob("*"))
             if path.suffix in {".py", ".js"}
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if literal.search(line)]
    assert not found, "card groups belong in data/cards/vocabulary.yml:\n" + "\n".join(found)


@pytest.fixture(scope="module")
def renamed(tmp_path_factory):
    """The synthetic cards built from a data folder whose vocabulary renames and reorders card groups."""
    paths = site_project(tmp_path_factory.mktemp("renamed-groups"))
    path = paths.root / "data" / "cards" / "vocabulary.yml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["card_groups"] = {**RENAMED, **{k: v for k, v in data["card_groups"].items() if k not in RENAMED}}
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    database = build_database_for(synthetic_cards(), paths)
    return (paths, database), rendered((paths, database))


def test_a_renamed_group_renames_its_headings_in_the_new_order(renamed):
    _, pages = renamed
    goblin = pages["types/goblin.md"]
    assert "### Rituals <small>1 card</small>" in goblin and "Sorceries" not in goblin
    assert goblin.index('href="#sorcery"') < goblin.index('href="#creature"')
    assert goblin.index("### Rituals") < goblin.index("### Creatures")
    assert list(json.loads(pages["types/goblin/rows.json"])["parts"]) == ["sorcery", "creature", "changelings"]


def test_a_renamed_group_renames_the_unaffiliated_count(renamed):
    assert "1 land, 1 quick spell." in renamed[1]["generated/unaffiliated.md"]


def test_format_json_hands_the_browser_the_renamed_groups(renamed):
    (_, database), _ = renamed
    with duckdb.connect(str(database), read_only=True) as con:
        groups = vocabulary(con)["card_groups"]
    assert groups[:3] == [{"group": code, **words} for code, words in RENAMED.items()]
    assert {"group": "other", "title": "Other cards", "one": "other card"} in groups
