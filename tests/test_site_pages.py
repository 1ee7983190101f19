"""Golden files of rendered pages: the Markdown the templates make from a small hand-made database.

A change of layout shows up here as a diff; after checking it, `pytest --update-golden` rewrites the files in
tests/golden/. The cards are tests/site_testing.py's synthetic ones, so no other data change moves them.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import duckdb
import pytest

from generator.export.formatjson import group_names, settings
from generator.site.context import format_sites, load_site_data
from generator.site.markup import card_href, search_url
from generator.site.pages import all_pages
from generator.solo.procedure import procedure_listings
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
    "generated/rules.md",
    "generated/unaffiliated.md",
    # Heroic, the second format: its pages under heroic/, from the same templates and its own folder.
    "heroic/leaders/grumblebeard-goblin-tactician.md",
    "heroic/types/goblin.md",
    # Mazerunner, an identity format: identity pages instead of leader and type pages, its own section.
    "mazerunner/identities/index.md",
    "mazerunner/identities/br.md",
    "mazerunner/banlist.md",
    "mazerunner/validator.md",
]


@pytest.fixture(scope="module")
def golden_database(tmp_path_factory):
    """The synthetic cards' database and the project it was built from."""
    paths = site_project(tmp_path_factory.mktemp("golden-project"))
    return paths, build_database_for(synthetic_cards(), paths)


def rendered(golden_database, words: dict | None = None, type_figures: dict | None = None,
             card_readings: dict | None = None, **readings: str) -> dict[str, str]:
    """Every format's pages, as the build renders them; `readings` overrule one format's switches, as if its
    format.yml said so (heroic={"hero_lives": ...}), `card_readings` the card-level ones every format's pages
    read ({"negated_types": ...}), `words` its words ({"heroic": {"group": ...}}), and
    `type_figures` a type's figures in every format ({"Goblin": {"pool_size": 1}})."""
    paths, database = golden_database
    with duckdb.connect(str(database), read_only=True) as con:
        def load(name):
            data = load_site_data(con, name)
            switches = {**data.format.get("readings", {}), **readings.get(name, {})}
            types = [{**row, **(type_figures or {}).get(row["type"], {})} for row in data.types]
            return dataclasses.replace(data, format={**data.format, "readings": switches}, types=types,
                                       readings={**data.readings, **(card_readings or {})})
        sites = [dataclasses.replace(site, words={**site.words, **(words or {}).get(site.name, {})})
                 for site in format_sites(con, paths.formats_dir)]
        return dict(all_pages(sites, load, procedure_listings(paths.formats_dir)))


@pytest.fixture(scope="module")
def pages(golden_database) -> dict[str, str]:
    """Every format's pages, as the build renders them."""
    return rendered(golden_database)


def matches_golden(text: str, name: str, update_golden: bool) -> None:
    golden = GOLDEN_DIR / name.replace("/", "__")
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert golden.exists(), f"no golden file for {name}: run `pytest --update-golden` and review it"
    assert text == golden.read_text(encoding="utf-8"), f"{name} changed: review, then `pytest --update-golden`"


@pytest.mark.parametrize("page", GOLDEN_PAGES)
def test_page_matches_its_golden_file(pages, page, update_golden):
    matches_golden(pages[page], page, update_golden)


@pytest.mark.parametrize(("reading", "said"), [
    ("ignored", ("names no type: the card is not affiliated with it", "Embiggen has no creature type")),
    ("affiliated", ("counts as printed: the card is affiliated with it, as with any creature type in its text",
                    "Embiggen has Brushwagg")),
])
def test_the_rules_page_states_the_reading_of_non_types_in_force(golden_database, pages, reading, said):
    """906.4 says nothing of "non-": how "non-Human" is read is our choice, one switch (the default format's
    `readings: negated_types`), and the rules page's summary and readings follow it, in the format's words."""
    site = pages if reading == "ignored" else rendered(golden_database, card_readings={"negated_types": reading})
    summary, readings = site["generated/summary.md"], site["generated/readings.md"]
    assert f'A creature type named only after "non-" ("non-Human")\n{said[0]} ([our reading](#readings) of [906.4](#906-4)).' in summary
    assert 'it says nothing of "non-"' in readings and said[1] in readings
    assert f"Switch: `readings: negated_types: {reading}` in the default format's `format.yml`" in readings


def test_heroic_rules_page_cites_its_own_rule_on_non_types(pages):
    """Heroic's rules state the reading (2.2): its page cites that rule where Coalition's says it is ours."""
    rules = pages["heroic/rules.md"]
    assert 'a "non-" clause does not count, and changelings have every type ([2.1](#2-1), [2.2](#2-2), [2.3](#2-3))' in rules
    assert '[2.2](#2-2) says it: a creature type named only in a "non-" clause is not part of a card\'s\ntypal identity.' in rules
    assert "and the build refuses a value other than this rule's" in rules and "our choice" not in rules


def test_a_pool_of_one_card_reads_in_the_singular(golden_database):
    goblin = rendered(golden_database, type_figures={"Goblin": {"pool_size": 1}})["types/goblin.md"]
    assert "<strong>1 card</strong> is affiliated with Goblin" in goblin and "1 card</strong> are" not in goblin


@pytest.fixture(scope="module")
def namesake_pages(golden_database) -> dict[str, str]:
    """Heroic's pages with "warrior" for its group's word: the Warrior type is then named as its group, as
    Heroic's Army type is named as its "army" (whose page was titled "Army army")."""
    return rendered(golden_database, words={"heroic": {"group": "warrior", "groups": "warriors"}})


@pytest.mark.parametrize("page", ["heroic/types/warrior.md", "heroic/leaders/grumblebeard-goblin-tactician.md"])
def test_a_type_named_as_its_group_word_reads_it_once(namesake_pages, page, update_golden):
    """Wherever a type's name comes next to the group's word, the format's `namesake` words say it: the type
    page's title, heading, description and lede, the last of a leader's types in its description ("Goblin,
    Warrior-type warriors"; format.json's group_names: the next test)."""
    text = namesake_pages[page]
    assert "Warrior-type warrior" in text and not re.search(r"Warrior warrior", text), page
    matches_golden(text, "namesake/" + page, update_golden)


def test_format_json_names_the_groups_its_pages_title_otherwise(golden_database):
    """The search box and the lookup link a type's page by its title: format.json's group_names holds the ones
    that are not "<type> <group>"."""
    with duckdb.connect(str(golden_database[1]), read_only=True) as con:
        heroic = settings(con, "heroic")
        texts = heroic["texts"]
        goblin = {**heroic, "texts": {**texts, "words": {**texts["words"], "group": "goblin", "groups": "goblins"}}}
        assert group_names(con, "heroic", heroic) == {}
        assert group_names(con, "heroic", goblin) == {"Goblin": "Goblin-type goblin"}


def test_every_leader_and_type_gets_a_page_and_nothing_else(pages):
    leaders = sorted(p for p in pages if p.startswith("leaders/") and p not in ("leaders/index.md", "leaders/rows.json"))
    types = sorted(p for p in pages if p.startswith("types/") and p != "types/index.md")
    assert leaders == ["leaders/grumblebeard-goblin-tactician.md",
                       "leaders/tricky-snik-star-under-brackets-jinja-raw-co.md"]
    assert types == [f"types/{slug}{end}" for slug in ("goblin", "rogue", "warrior") for end in (".md", "/rows.json")]


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


def test_a_column_head_reads_well_before_the_colon_a_phone_adds(pages):
    """Review at 390 px: a folded row shows each cell after its column's head and ": " (cards.css), which made
    a leader page say "Coalition type?: yes" and "Of them changelings: 46"."""
    heads = [(page, head) for page, text in pages.items() if page.endswith(".md")
             for head in re.findall(r"<th[^>]*>([^<]+)</th>", text)]
    assert heads and [h for h in heads if h[1].rstrip().endswith(("?", ":")) or h[1].startswith("Of them")] == []
    leader = pages["leaders/grumblebeard-goblin-tactician.md"]
    assert "<th>Can be a coalition type</th>" in leader and ">Changelings among them</th>" in leader
    assert "<th>Can be a shared type</th>" in pages["heroic/leaders/grumblebeard-goblin-tactician.md"]
    assert ">Changelings among them</th>" in pages["types/index.md"]


def test_a_rule_pointing_at_a_page_of_the_site_is_followed_by_a_link_to_it(pages):
    """Review: 906.5g says "A ban list is maintained in this repository" with no link. Its words stay the
    authors'; the format's data (rule_links) adds the link after them, and no other rule gets one."""
    rules = pages["generated/rules.md"]
    rule = ('<a class="rule-number" href="#906-5g">906.5g</a> The deck and sideboard must not contain banned cards. '
            'A ban list is maintained in this repository.</p>\n')
    assert rule + '<p class="rule-example rule-link">On this site: <a href="../banlist/">the banlist</a></p>' in rules
    assert rules.count("rule-link") == 1
    assert all("rule-link" not in text for page, text in pages.items() if page != "generated/rules.md")


def test_the_goblin_pool_explains_each_card(pages):
    rows = json.loads(pages["types/goblin/rows.json"])["parts"]
    by_name = {row["n"]: row for part in rows.values() for row in part}
    assert by_name["Call the Testmob"]["w"] == "rules text: “Goblin”" and by_name["Mogg Tester"]["w"] == "type line"
    assert "Shapeshifting Tester" in {row["n"] for row in rows["changelings"]}
    assert by_name["Mogg Tester"]["xr"] == "creature (906.5b)" and by_name["Mogg Tester"]["x"] == 4
    assert "Plain Test Bolt" not in by_name and "Sol Ring" not in by_name
    goblin = pages["types/goblin.md"]
    assert WEIRD_LEADER.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in goblin


def test_a_type_page_ships_its_pool_as_json_beside_it(pages):
    """The rows are out of the page (issue 15: no page over 500 KB); each group keeps its heading and table."""
    goblin = pages["types/goblin.md"]
    pool = goblin.split("## The Goblin pool", 1)[1]
    rows = json.loads(pages["types/goblin/rows.json"])["parts"]
    assert pool.count("<tbody></tbody>") == pool.count("<table") == len(rows) > 1
    assert all(f'id="pool-{part}" data-rows="rows.json" data-part="{part}"' in pool for part in rows)
    assert "Mogg Tester" not in goblin and '<link rel="preload" href="rows.json"' in goblin
    assert "data-search-exclude" in goblin.split("\n## The Goblin pool", 1)[1].splitlines()[0]


def test_a_type_page_counts_its_groups_in_the_words_of_their_headings(pages):
    """The summary beside "4 cards are affiliated with Goblin" listed "Creatures 2": a bare number, where the
    group's heading below says "2 cards" (and the pool's filter count, C.countSaid, "2 cards" too)."""
    for page in ("types/goblin.md", "heroic/types/goblin.md"):
        text = pages[page]
        summary = dict(re.findall(r'<li><a href="#([\w-]+)">[^<]+</a> ([^<]+)</li>', text.split('<ul class="group-counts">')[1].split("</ul>")[0]))
        headings = {key: said for said, key in re.findall(r"^### [^<]+<small>([^<]+)</small> \{ #([\w-]+)", text, re.M)}
        assert summary and summary == headings, (page, summary, headings)
        assert summary["sorcery"] == "1 card" and summary["creature"] == "2 cards"


def test_the_card_filters_promise_what_they_search(pages):
    """cardtable.js matches a row's name, its type line (a leader's types) and colour words: no Oracle text is
    loaded on those pages, so no filter box may promise "text" (the leaders index and a type's pool did)."""
    js = (Path(__file__).resolve().parent.parent / "docs" / "assets" / "js" / "pooltables.js").read_text(encoding="utf-8")
    promises = {m.group(1) for page in pages.values() for m in re.finditer(r'placeholder="Filter [^"]* by ([^"]+)"', page)}
    promises |= set(re.findall(r"cards by ([a-z ,]+)\"", js))
    assert promises == {"name, type or color"}


@pytest.mark.parametrize("page", ["generated/unaffiliated.md", "heroic/unaffiliated.md"])
def test_the_unaffiliated_pool_links_its_files_as_a_type_page_does(pages, page):
    """Outside the no-script fallback, so with JavaScript on too: the text, Arena and JSON files."""
    links = re.findall(r'<p class="downloads">.*?</p>', pages[page])
    assert [re.findall(r'href="([^"]+)"', p) for p in links] == [
        ["../data/pools/shared.txt", "../data/pools/shared.arena.txt", "../data/pools/shared.json"]]
    type_links = re.findall(r'<p class="downloads">.*?</p>', pages["types/goblin.md"])
    assert [p.replace("../../", "../").replace("goblin", "shared") for p in type_links] == links   # one level up


def test_slugs_stay_unique_and_never_take_the_index_page():
    from generator.site.context import unique_slugs

    assert unique_slugs(["Lim-Dûl the Necromancer", "Lim-Dul the Necromancer", "Index"]) == [
        "lim-dul-the-necromancer", "lim-dul-the-necromancer-2", "index-2"]


def test_the_site_home_and_switches_name_every_format(pages):
    formats = pages["generated/formats.md"]
    assert "**Coalition**" in formats and "**[Heroic](heroic/index.md)**" in formats
    assert "**[Balance of Power](balance-of-power/index.md)**: solo Magic with no opponent" in formats
    switch = pages["generated/lookup.md"]                 # the lookup's box comes with its switch
    assert '<strong aria-current="page">Coalition</strong>' in switch and 'href="../heroic/lookup/"' in switch
    assert 'href="../../lookup/">Coalition</a>' in pages["heroic/lookup.md"]


def test_the_data_date_names_scryfall_and_the_newest_card_not_the_local_file(pages, golden_database):
    """Review of 2026-11-26, item 21: a --source build printed its file's path on the published home page."""
    _paths, database = golden_database
    with duckdb.connect(str(database), read_only=True) as con:
        newest = con.execute("SELECT max(released_at) FROM cards").fetchone()[0]
    line = next(line for line in pages["generated/freshness.md"].splitlines() if "data-date" in line)
    assert "test cards" not in line and ".jsonl" not in line
    assert (f'Card data from <a href="https://scryfall.com">Scryfall</a>, as of its newest card, released '
            f'<time datetime="{newest}">{newest}</time>. Site built') in line


def test_the_validator_pages_list_one_row_per_rule_from_the_formats_checks(pages):
    lines = pages["generated/checks.md"].strip().splitlines()
    assert lines[:2] == ["| rule | check |", "|---|---|"] and len(lines) == 2 + 8
    assert lines[2].startswith("| [906.5a](rules.md#906-5a) | exactly 60 cards in the main deck; at most 15")
    assert all(line.startswith("| [906.5") and line.endswith(" |") for line in lines[2:])
    heroic = pages["heroic/validator.md"]
    rows = [line for line in heroic.splitlines() if line.startswith("| [3.")]
    assert [row.split("]")[0] for row in rows] == [f"| [3.{n}" for n in range(1, 9)]
    assert "at most 8 in the sideboard, the hero included" in rows[0]


def test_an_identity_format_has_identity_pages_and_no_leader_or_type_pages(pages):
    """Mazerunner: one page per 2- and 3-color identity (10 + 10) and their index; never one page per card."""
    own = sorted(p for p in pages if p.startswith("mazerunner/"))
    identities = [p for p in own if p.startswith("mazerunner/identities/") and p != "mazerunner/identities/index.md"]
    assert len(identities) == 20 and "mazerunner/identities/wub.md" in identities
    assert not [p for p in own if p.startswith(("mazerunner/leaders/", "mazerunner/types/"))]
    assert {"mazerunner/index.md", "mazerunner/rules.md", "mazerunner/banlist.md", "mazerunner/lookup.md",
            "mazerunner/validator.md"} <= set(own)
    assert 'data-identity="WUB"' in pages["mazerunner/identities/wub.md"]
    assert "| [WU](wu.md) Azorius |" in pages["mazerunner/identities/index.md"]


def test_the_mazerunner_banlist_counts_its_three_sources(pages):
    page = pages["mazerunner/banlist.md"]
    assert "| [The Reserved List](#reserved-list) | [2e-i](rules.md#2e-i) | 1 |" in page   # Reserved Test Relic
    assert 'data-part="reserved_list"' in page and 'data-filter="bans"' in page
    assert "Sol Ring" in page and "2e-iii" in page


@pytest.mark.parametrize("page, rows", [("generated/banlist.md", "banlist/rows.json"),
                                        ("heroic/banlist.md", "heroic/banlist/rows.json"),
                                        ("mazerunner/banlist.md", "mazerunner/banlist/rows.json")])
def test_a_banlist_folds_its_lists_as_empty_tables_filled_from_rows_json(pages, page, rows):
    """The page names none of the cards its lists hold (they grew the Mazerunner banlist to 656 KB at three times
    today's cards: issue 15): each fold is an empty table, and rows.json beside the page holds as many cards
    under its part (and status) as the fold says."""
    parts = json.loads(pages[rows])["parts"]
    folds = re.findall(r'<summary>Show the ([\d,]+) cards?</summary>\n<table class="pool" id="bans-[^"]+" '
                       r'data-rows="rows.json" data-part="([^"]+)"(?: data-status="([^"]+)")?>\n<thead>.*</thead>\n'
                       r'<tbody></tbody>', pages[page])
    assert folds and len(folds) == pages[page].count("<details")
    for count, part, status in folds:
        assert len([row for row in parts[part] if not status or row["s"] == status]) == int(count.replace(",", ""))
    assert all(row["u"].startswith("https://scryfall.com/") for cards in parts.values() for row in cards)
    if page != "heroic/banlist.md":   # the Reserved List is legal in Heroic
        assert "Reserved Test Relic" not in pages[page]
        assert [row["n"] for row in parts["reserved_list"]] == ["Reserved Test Relic"]


def test_the_mazerunner_banlist_lists_every_named_ban_whether_the_data_holds_it_or_not(pages):
    named = re.findall(r'<tr id="ban-[^"]+"><td><a [^>]*>([^<]+)</a>', pages["mazerunner/banlist.md"])
    rows = json.loads(pages["mazerunner/banlist/rows.json"])["parts"]["banned"]
    assert len(named) == 9 and [row["n"] for row in rows] == named
    assert [row["m"] for row in rows if row["n"] == "Sol Ring"] == ["{1}"]


def test_the_mazerunner_banlist_summary_counts_every_group_it_lists(pages):
    """Every group below (the cards outside Commander's pool too) has its row and count in the summary, then
    the total of different cards (a card on two lists counted once)."""
    page = pages["mazerunner/banlist.md"]
    summary = [line for line in page.split("## ")[0].splitlines() if line.startswith("| ") and "---" not in line][1:]
    listed = re.findall(r"^### (.+?) <small>", page, flags=re.M)
    assert len(summary) == 6 and "| Not in Commander's pool | [2e-ii](rules.md#2e-ii) | 0 |" in summary
    # the cards banned in every format (data/cards/banned_everywhere.yml): on the Commander banlist, 2e-ii
    assert "| The Commander banlist: racist depictions | [2e-ii](rules.md#2e-ii) | 0 |" in summary
    assert summary[-1].startswith("| **Every card no deck may play** | | **")
    for title in listed:
        assert any(title in row for row in summary), title


def test_a_format_folder_inside_another_is_staged_with_it():
    from generator.paths import PROJECT_ROOT
    from generator.staging import generated_docs

    names = generated_docs(PROJECT_ROOT / "data")
    assert "mazerunner" in names and "mazerunner/leagues" not in names and "heroic" in names


def test_every_template_links_a_card_through_card_href():
    """A card page's Scryfall link (and its picture's) is `card_href`'s: Scryfall's page, else its search for
    the name. Written as `scryfall_uri` alone, a card without one (the shaped 2025 data holds none) linked to
    the page itself (review 17: 2,525 leader pages)."""
    templates = Path(__file__).resolve().parents[1] / "generator" / "templates"
    bare = [f"{path.relative_to(templates)}: {line.strip()[:80]}" for path in sorted(templates.rglob("*.j2"))
            for line in path.read_text(encoding="utf-8").splitlines() if re.search(r'href="\{\{[^}]*scryfall_uri', line)]
    assert bare == []
    assert card_href({"name": "Krenko, Mob Boss"}) == search_url("Krenko, Mob Boss")
    assert card_href({"name": "X", "scryfall_uri": "https://scryfall.com/card/m13/141/x"}) == "https://scryfall.com/card/m13/141/x"
