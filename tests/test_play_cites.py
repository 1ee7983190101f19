"""The rules the table pages and the league pages cite live in the formats' data (format.yml `cites:`): the
trackers read them from format.json's `cites`, the Coalition tracker's page from its snippet, the league pages
from the Mazerunner format's. No table page or table script writes a rule number of its own, and a cite
renumbered in a copy of the data changes what the pages say. (The trackers in Chromium: browser/test_tracker_cites.py.)"""

from __future__ import annotations

import re

import duckdb
import pytest
import yaml

from generator.export.formatjson import format_export
from generator.formatdata import rule_numbers
from generator.league.pages import league_pages
from generator.paths import PROJECT_ROOT
from tests.site_testing import build_database_for, site_project, synthetic_cards
from tests.test_site_pages import rendered

# The table pages and their scripts: hand-written, so they must name rules by key, never by number.
TABLE_FILES = ("docs/play/*.md", "docs/balance-of-power/*.md", "docs/assets/js/play/*.js")
# One cite of each reader, renumbered in the copied data to another rule its text has.
RENUMBERED = {"coalition": {"points_scored": "906.6e", "match_draw": "906.8a"},
              "heroic": {"leader_to_hand": "4.4"},
              "mazerunner": {"finals": "3e", "finals_seating": "4b", "release": "2f"}}


def every_rule_number() -> set[str]:
    """Every rule number of every format's rules text, but a bare section number of one or two digits (Heroic's
    "4", Mazerunner's "2": ordinary numbers in a page)."""
    numbers = set()
    for path in (PROJECT_ROOT / "data" / "formats").glob("*/format.yml"):
        rules_file = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("rules_text")
        if rules_file:
            numbers |= rule_numbers((path.parent / rules_file).read_text(encoding="utf-8"))
    return {n for n in numbers if not (n.isdigit() and len(n) < 3)}


def test_no_table_page_or_script_holds_a_rule_number():
    numbers = sorted(every_rule_number(), key=len, reverse=True)
    assert {"906.6b", "4.2", "4d-vi", "2g"} <= set(numbers)
    pattern = re.compile(r"(?<![\w.#-])(?:%s)(?![\w-]|\.\d)" % "|".join(map(re.escape, numbers)))
    found = [f"{path.relative_to(PROJECT_ROOT)}:{n}: {line.strip()[:90]}"
             for files in TABLE_FILES for path in sorted(PROJECT_ROOT.glob(files))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert not found, "cite rules by key (format.yml `cites:`):\n" + "\n".join(found)


def test_no_tracker_page_carries_its_own_rules():
    for path in sorted((PROJECT_ROOT / "docs" / "play").glob("*.md")):
        assert "data-rules=" not in path.read_text(encoding="utf-8"), path


@pytest.fixture(scope="module")
def renumbered(tmp_path_factory):
    """A copy of the data whose formats cite other rules under RENUMBERED's keys: its database, every format's
    pages and the league pages."""
    paths = site_project(tmp_path_factory.mktemp("renumbered-cites"))
    for fmt, cites in RENUMBERED.items():
        path = paths.root / "data" / "formats" / fmt / "format.yml"
        text = path.read_text(encoding="utf-8")
        for key, number in cites.items():
            text, count = re.subn(rf"^(  {key}: ).*$", rf'\g<1>"{number}"', text, count=1, flags=re.M)
            assert count == 1, (fmt, key)
        path.write_text(text, encoding="utf-8")
    database = build_database_for(synthetic_cards(), paths)
    return database, rendered((paths, database)), dict(league_pages(paths.root / "data"))


def test_format_json_hands_the_trackers_the_renumbered_cites(renumbered):
    database, _, _ = renumbered
    with duckdb.connect(str(database), read_only=True) as con:
        for fmt, cites in RENUMBERED.items():
            exported = format_export(con, fmt)["cites"]
            assert {key: exported[key] for key in cites} == cites


def test_the_coalition_trackers_page_cites_the_renumbered_rules(renumbered):
    _, pages, _ = renumbered
    scoring = pages["generated/play-coalition.md"]
    assert "([906.6e](../rules.md#906-6e))" in scoring and "906.6b" not in scoring
    assert "[906.8](../rules.md#906-8)–[906.8a](../rules.md#906-8a)" in scoring


def test_the_league_pages_cite_the_renumbered_rules(renumbered):
    _, _, league = renumbered
    index = league["mazerunner/leagues/index.md"]
    assert "final (rule 3e)" in index and "final (rule 4b)" in index and "(rule 2f)" in index
    assert not re.search(r"rule (3f|4c|2g)\b", index)
    season = league["mazerunner/leagues/sample-season/index.md"]
    assert "(the format's rule 4b, as this league reads it)" in season and "rule 4c" not in season


def test_the_league_pages_cite_the_formats_rules_as_given():
    league = dict(league_pages(PROJECT_ROOT / "data"))
    assert "final (rule 3f)" in league["mazerunner/leagues/index.md"]
    assert "(rule 2g)" in league["mazerunner/leagues/index.md"]
