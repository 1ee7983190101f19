"""The renderer knows no format by name: a format's rules, numbers, words and own templates come in with
its FormatSite and data, and a second format renders under its URL prefix with the same shared templates."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import duckdb
import pytest

from generator.errors import BuildError
from generator.paths import TEMPLATES_DIR
from generator.site.context import FormatSite, format_site, load_site_data
from generator.site.markup import environment
from generator.site.pages import generated_dirs, generated_pages, url_depth
from generator.site.rules import load_rules, parse_rules
from tests.site_testing import build_database_for, site_project, synthetic_cards

TOY_RULES = "12. Toy\n12.1. Decks have a hero.\n12.1a A hero leads one type; see 12.1.\nExample: A Goblin.\n"


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    paths = site_project(tmp_path_factory.mktemp("formats-project"))
    database = build_database_for(synthetic_cards(), paths)
    with duckdb.connect(str(database), read_only=True) as con:
        return load_site_data(con)


@pytest.fixture
def toy_templates(tmp_path) -> Path:
    """A format folder of templates: its words, a replaced lede and a home page of its own."""
    (tmp_path / "pages").mkdir()
    (tmp_path / "words.yml").write_text("leader: hero\nleaders: heroes\ntype: hero type\ntypes: hero types\n",
                                        encoding="utf-8")
    (tmp_path / "leaders_index.md.j2").write_text(
        '{% extends "shared/leaders_index.md.j2" %}{% block lede %}<p>Toy heroes.</p>\n{% endblock %}',
        encoding="utf-8")
    (tmp_path / "pages" / "index.md.j2").write_text(
        "---\ntitle: Toy\n---\n# {{ fmt.name }}\n{{ snippets['rules.md'] }}\n[heroes]({{ home }}leaders/)\n",
        encoding="utf-8")
    return tmp_path


def toy_site(template_dir: Path) -> FormatSite:
    site = format_site("toy", parse_rules(TOY_RULES), default=False)
    words = {**site.words, **{"leader": "hero", "leaders": "heroes", "type": "hero type", "types": "hero types"}}
    return dataclasses.replace(site, template_dirs=(str(template_dir),), words=words)


def test_rules_of_any_numbered_section_parse_and_a_stray_section_is_refused():
    rules = parse_rules(TOY_RULES, "toy.txt")
    assert [rule.anchor for rule in rules] == ["12", "12-1", "12-1a"]
    assert rules[2].examples == ["A Goblin."] and rules[1].level == 1
    with pytest.raises(BuildError, match=r"toy\.txt:3: not a rule of a section above it"):
        parse_rules("12. Toy\n12.1 One.\n906.1 Another format's rule.\n", "toy.txt")


def test_a_rules_folder_holds_one_rules_text(tmp_path):
    (tmp_path / "a.txt").write_text(TOY_RULES, encoding="utf-8")
    assert [rule.number for rule in load_rules(tmp_path)] == ["12", "12.1", "12.1a"]
    (tmp_path / "b.txt").write_text(TOY_RULES, encoding="utf-8")
    with pytest.raises(BuildError, match="exactly one .txt"):
        load_rules(tmp_path)


def test_rule_links_follow_the_rendering_formats_rules_not_a_global():
    template = environment().from_string("{{ text | rule_links }}")
    text = "see 906.5e and 12.1a"
    coalition = template.render(text=text, rule_anchors={"906-5e"})
    toy = template.render(text=text, rule_anchors={"12-1a"})
    assert '<a href="#906-5e">906.5e</a>' in coalition and "#12-1a" not in coalition
    assert '<a href="#12-1a">12.1a</a>' in toy and "#906-5e" not in toy


def test_citations_and_copy_reasons_come_from_the_formats_data():
    env = environment()
    checks = {"checks": [{"id": "coalition_type", "rule": "12.1a"}, {"id": "creature_copies", "rule": "12.3"}]}
    cite = env.from_string('x{{ cite("coalition_type", "missing") }}.')
    assert cite.render(fmt=checks, home="../") == 'x (<a href="../rules/#12-1a">12.1a</a>).'
    assert cite.render(fmt={}, home="../") == "x."
    reason = env.from_string('{{ "creature" | copy_reason }}|{{ "basic_land" | copy_reason }}')
    assert reason.render(fmt=checks) == "creature (12.3)|basic land: no limit"
    assert reason.render(fmt={"rules": {"creature_copies": "906.5b"}}).startswith("creature (906.5b)")


def test_a_second_format_renders_under_its_prefix_with_its_own_words_and_templates(data, toy_templates):
    pages = dict(generated_pages(data, toy_site(toy_templates), downloads=True))
    assert all(path.startswith("toy/") for path in pages)
    assert "toy/leaders/grumblebeard-goblin-tactician.md" in pages and "toy/types/goblin.md" in pages
    assert not any(path.startswith("toy/generated/") for path in pages), "a prefixed format's pages are whole"
    index = pages["toy/leaders/index.md"]
    assert "<p>Toy heroes.</p>" in index and "Coalition deck" not in index and "title: Heroes" in index
    home = pages["toy/index.md"]
    assert 'id="12-1a"' in home and "[heroes](leaders/)" in home
    # Every page names its format for its <title> (overrides/main.html): the format's name, from its data.
    named = f'format_name: "{data.format["name"]}"\n'
    assert all(named in text for path, text in pages.items() if path.endswith(".md"))
    goblin = pages["toy/types/goblin.md"]
    assert 'href="../../leaders/grumblebeard-goblin-tactician/"' in goblin
    assert "## Heroes" in goblin and 'href="../../data/pools/goblin.txt"' in goblin


def test_every_prefixed_format_owns_its_folder():
    sites = [FormatSite("a", "", ()), FormatSite("heroic", "heroic/", ())]
    assert generated_dirs(sites) == ("leaders", "types", "generated", "banlist", "heroic/leaders", "heroic/types",
                                     "heroic/identities")
    assert [url_depth(p) for p in ("index.md", "rules.md", "leaders/index.md", "heroic/types/goblin.md")] == [0, 1, 1, 3]


def test_shared_templates_name_no_format_and_no_rule_number():
    """Coalition's prose and numbers live in its own folder (formats/coalition/) and its data."""
    shared = [p for p in TEMPLATES_DIR.rglob("*.j2") if "formats" not in p.relative_to(TEMPLATES_DIR).parts
              and p.parent.name != "changes"]
    assert shared
    for path in shared:
        text = path.read_text(encoding="utf-8")
        assert "906" not in text and "Coalition" not in text, path


def test_each_lookup_page_says_what_its_lookup_answers(fixture_db_path):
    """The intro promises what the result shows for that kind of format, in plain words for a player: a typal
    format's affiliations and the types and leaders a card fits; an identity format's color identity and
    whether the card can be a commander (shown on the lookup itself, not sent elsewhere)."""
    from generator.paths import PROJECT_ROOT
    from generator.site.context import format_sites
    from generator.site.pages import all_pages

    with duckdb.connect(str(fixture_db_path), read_only=True) as con:
        sites = format_sites(con, PROJECT_ROOT / "data" / "formats")
        wanted = {"heroic/lookup.md", "mazerunner/lookup.md"}
        pages = {p: t for p, t in all_pages(sites, lambda name: load_site_data(con, name)) if p in wanted}
    default = (PROJECT_ROOT / "docs" / "lookup.md").read_text(encoding="utf-8")
    for text, answers in ((default, ("allows it", "copies", "coalition types and leaders")),
                          (pages["heroic/lookup.md"], ("allows", "copies", "shared types and heroes it fits")),
                          (pages["mazerunner/lookup.md"], ("allows", "copies", "color identity", "can be a commander"))):
        intro = " ".join(text.split("Type a card's name", 1)[1].split("How names are found", 1)[0].split())
        assert all(words in intro for words in answers), (answers, intro)
    assert "are on its" not in pages["mazerunner/lookup.md"]
