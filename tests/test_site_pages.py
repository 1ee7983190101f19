"""Golden files of rendered pages: the Markdown the templates make from a small hand-made database.

A change of layout shows up here as a diff; after checking it, `pytest --update-golden` rewrites the files in
tests/golden/. The cards are tests/site_testing.py's synthetic ones, so no other data change moves them.
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest

from generator.site.context import load_site_data
from generator.site.pages import generated_pages
from generator.site.rules import load_rules
from tests.site_testing import WEIRD_LEADER, build_database_for, site_project, synthetic_cards

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
GOLDEN_PAGES = [
    "leaders/index.md",
    "leaders/grumblebeard-goblin-tactician.md",
    "leaders/tricky-snik-star-under-brackets-jinja-raw-co.md",
    "types/index.md",
    "types/goblin.md",
    "generated/banlist.md",
    "generated/glance.md",
    "generated/rules-906.md",
    "generated/unaffiliated.md",
]


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, str]:
    paths = site_project(tmp_path_factory.mktemp("golden-project"))
    database = build_database_for(synthetic_cards(), paths)
    with duckdb.connect(str(database), read_only=True) as con:
        data = load_site_data(con)
    return dict(generated_pages(data, load_rules(paths.data_dir / "rules"), downloads=True))


@pytest.mark.parametrize("page", GOLDEN_PAGES)
def test_page_matches_its_golden_file(pages, page, update_golden):
    golden = GOLDEN_DIR / page.replace("/", "__")
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(pages[page], encoding="utf-8")
    assert golden.exists(), f"no golden file for {page}: run `pytest --update-golden` and review it"
    assert pages[page] == golden.read_text(encoding="utf-8"), f"{page} changed: review, then `pytest --update-golden`"


def test_every_leader_and_type_gets_a_page_and_nothing_else(pages):
    leaders = sorted(p for p in pages if p.startswith("leaders/") and p not in ("leaders/index.md", "leaders/rows.json"))
    types = sorted(p for p in pages if p.startswith("types/") and p != "types/index.md")
    assert leaders == ["leaders/grumblebeard-goblin-tactician.md",
                       "leaders/tricky-snik-star-under-brackets-jinja-raw-co.md"]
    assert types == ["types/goblin.md", "types/rogue.md", "types/warrior.md"]


def test_the_leaders_index_rows_travel_as_json(pages):
    rows = json.loads(pages["leaders/rows.json"])
    by_name = {row["n"]: row for row in rows["leaders"]}
    grumblebeard = by_name["Grumblebeard, Goblin Tactician"]
    assert grumblebeard["s"] == "grumblebeard-goblin-tactician" and grumblebeard["c"] == "R" and grumblebeard["v"] == 3
    assert sorted(rows["types"][i][0] for i in grumblebeard["t"]) == ["Goblin", "Warrior"]
    assert "<tbody></tbody>" in pages["leaders/index.md"] and "Grumblebeard" not in pages["leaders/index.md"].split("<tbody>")[1].split("</table>")[0]


def test_a_human_only_legend_is_listed_as_unable_to_lead(pages):
    index = pages["leaders/index.md"]
    assert "Legendary creatures that cannot lead" in index
    assert "Lonely Burgher of Testvale" in index.split("cannot lead")[1]
    assert not any("lonely-burgher" in page for page in pages)


def test_the_goblin_pool_explains_each_card(pages):
    goblin = pages["types/goblin.md"]
    assert "Call the Testmob" in goblin and "text: “Goblin”" in goblin
    assert "Mogg Tester" in goblin and "Shapeshifting Tester" in goblin.split("### Changelings")[1]
    assert "Plain Test Bolt" not in goblin and "Sol Ring" not in goblin
    assert WEIRD_LEADER.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in goblin


def test_pool_tables_are_kept_from_parsers_and_search(pages):
    goblin = pages["types/goblin.md"]
    pool = goblin.split("## The Goblin pool", 1)[1]
    assert pool.count('<div class="deferred-table"><!--') == pool.count("<table") > 0
    assert "data-search-exclude" in goblin.split("\n## The Goblin pool", 1)[1].splitlines()[0]


def test_slugs_stay_unique_and_never_take_the_index_page():
    from generator.site.context import unique_slugs

    assert unique_slugs(["Lim-Dûl the Necromancer", "Lim-Dul the Necromancer", "Index"]) == [
        "lim-dul-the-necromancer", "lim-dul-the-necromancer-2", "index-2"]
