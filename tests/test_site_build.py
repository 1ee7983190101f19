"""The whole site build: database -> docs/ -> `mkdocs build --strict` -> site/, on the offline sample plus the
hand-made cards of tests/site_testing.py (one of them named with every character that could be misread)."""

from __future__ import annotations

import html
import json
import re
import shutil

import pytest
import yaml

from generator.errors import BuildError
from generator.site.build import build_site
from generator.site.build import render_docs
from generator.site.check import BUDGETS, budget_problems, main as check_main
from tests.build_testing import good_project
from tests.site_testing import (WEIRD_LEADER, WEIRD_POOL_CARD, build_database_for, built_site, site_project,
                                synthetic_cards)

WEIRD_SLUG = "tricky-snik-star-under-brackets-jinja-raw-co"


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    return built_site(tmp_path_factory)


def page(paths, url: str) -> str:
    return (paths.site_dir / url / "index.html").read_text(encoding="utf-8")


def test_build_returns_its_figures(sample):
    _paths, _db, figures, _url = sample
    for key in ("pages_written", "pages_unchanged", "seconds", "site_bytes", "html_pages", "mkdocs_seconds"):
        assert key in figures
    assert figures["pages_written"] > 100 and figures["html_pages"] > 100


def test_every_page_is_there(sample):
    paths, _db, _figures, _url = sample
    for url in ("", "rules", "banlist", "leaders", "types", "unaffiliated", "lookup", "about",
                f"leaders/{WEIRD_SLUG}", "leaders/grumblebeard-goblin-tactician", "types/goblin"):
        assert (paths.site_dir / url / "index.html").exists(), url
    assert (paths.site_dir / "data" / "cards.json").exists()


def test_the_home_page_lists_every_format_of_the_data_and_the_navigation_reaches_each(sample):
    """Review of 2026-11-26, item 17: Balance of Power (a procedure.yml, no format.yml) was missing from the home's
    formats. Every format folder is listed there by its own name, and its home page is in mkdocs.yml's nav."""
    paths, _db, _figures, _url = sample
    listed = page(paths, "").split('id="the-formats-on-this-site"', 1)[1].split("</ul>", 1)[0]
    nav = re.findall(r":\s*([\w/.-]+\.md)\s*$|^\s*- ([\w/.-]+\.md)\s*$",
                     (paths.root / "mkdocs.yml").read_text(encoding="utf-8"), flags=re.M)
    in_nav = {first or second for first, second in nav}
    folders = sorted(p for p in (paths.root / "data" / "formats").iterdir() if p.is_dir())
    assert len(folders) == 4
    for folder in folders:
        own_file = folder / "format.yml" if (folder / "format.yml").exists() else folder / "procedure.yml"
        own = yaml.safe_load(own_file.read_text(encoding="utf-8"))
        home = "index.md" if own.get("default") else f"{folder.name}/index.md"
        link = "" if own.get("default") else f'<a href="{folder.name}/">'
        assert f"<strong>{link}{own['name']}{'</a>' if link else ''}</strong>" in listed, own["name"]
        assert home in in_nav, home


def visible_text(page_html: str) -> str:
    """What a reader sees or hears of a page: its text and its labelling attributes, no scripts or styles."""
    page_html = re.sub(r"<(script|style)\b.*?</\1>", " ", page_html, flags=re.S)
    labels = re.findall(r'\b(?:aria-label|placeholder|title|alt)="([^"]*)"', page_html)
    return " ".join([re.sub(r"<[^>]+>", " ", page_html), *labels])


def test_the_sites_own_prose_spells_color_one_way(sample):
    """Review of 2026-11-26, item 21: "colour" on Coalition's pages, "color" on Mazerunner's, one link apart. The
    site writes "color", as the game and Mazerunner's rules do; the filters still read either spelling."""
    paths, _db, _figures, _url = sample
    british = re.compile(r"\w*colour\w*", re.I)
    found = {}
    for path in sorted(paths.site_dir.rglob("*.html")):
        words = set(british.findall(visible_text(path.read_text(encoding="utf-8"))))
        if words:
            found[path.relative_to(paths.site_dir).as_posix()] = sorted(words)
    assert not found, dict(list(found.items())[:5])
    scripts = paths.root / "docs" / "assets" / "js"
    for script in sorted(scripts.rglob("*.js")):
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", script.read_text(encoding="utf-8"), flags=re.S)
        prose = [s for s in re.findall(r'"[^"\n]*"|\'[^\'\n]*\'', code) if re.search(r"\scolour|colours?\s", s, re.I)]
        assert not prose, (script.name, prose)


def test_the_site_meets_its_budgets_and_every_link_resolves(sample, capsys):
    paths, _db, figures, _url = sample
    assert budget_problems(figures) == []
    assert figures["largest_page_bytes"] <= BUDGETS["largest_page_bytes"]
    # The site check reads every page for its links (broken_links) once: a broken link fails it, and is named.
    assert check_main([str(paths.site_dir)]) == 0, capsys.readouterr().err


def test_generated_pages_stay_out_of_the_navigation(sample):
    paths, _db, _figures, _url = sample
    leader = page(paths, f"leaders/{WEIRD_SLUG}")
    nav = leader.split('<nav class="md-nav md-nav--primary', 1)[1].split("</nav>", 1)[0]
    assert "leaders/grumblebeard" not in nav and "types/goblin" not in nav and "Leaders" in nav
    assert len(re.findall(r"<a ", leader)) < 120


def test_the_weird_card_shows_literally_everywhere(sample):
    paths, _db, _figures, _url = sample
    escaped = html.escape(WEIRD_LEADER, quote=False)
    leader = page(paths, f"leaders/{WEIRD_SLUG}")
    assert f"<title>{escaped} - Coalition</title>" in leader
    assert re.search(r"<h1 id=\"[^\"]+\">" + re.escape(escaped) + "<a", leader)
    oracle = leader.split('<div class="oracle">', 1)[1].split("</div>", 1)[0]
    assert "&lt;b&gt;not html&lt;/b&gt; [not]" in oracle and "*not bold* _not italic_" in oracle
    assert "{{ x }} {% y %}" in oracle and "<em>" not in oracle and "<strong>" not in oracle
    rows = json.loads((paths.site_dir / "leaders" / "rows.json").read_text(encoding="utf-8"))["leaders"]
    assert WEIRD_LEADER in {row["n"] for row in rows}
    goblin = page(paths, "types/goblin")
    assert f">{escaped}</a>" in goblin and "<Snik>" not in goblin
    pool = json.loads((paths.site_dir / "types" / "goblin" / "rows.json").read_text(encoding="utf-8"))["parts"]
    assert WEIRD_POOL_CARD in {row["n"] for part in pool.values() for row in part}
    cards = json.loads((paths.site_dir / "data" / "cards.json").read_text(encoding="utf-8"))["cards"]
    assert {WEIRD_LEADER, WEIRD_POOL_CARD} <= {c["n"] for c in cards}


def test_rules_have_anchors_and_linked_references(sample):
    paths, _db, _figures, _url = sample
    rules = page(paths, "rules")
    assert 'id="906-5e"' in rules and 'id="906-10d"' in rules and 'id="906-6"' in rules
    assert '<a href="#906-6h">906.6h</a>' in rules
    assert "The Coalition format was created by fans." in rules


def test_search_finds_names_but_not_pool_tables(sample):
    paths, _db, _figures, _url = sample
    index = json.loads((paths.site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = {doc["location"] for doc in index["docs"]}
    titles = {doc["title"] for doc in index["docs"]}
    text = " ".join(doc["title"] + " " + doc["text"] for doc in index["docs"])
    assert any(location.startswith("rules/#906-5") for location in locations)
    assert "Sol Ring" in text and "906.5e" in text
    assert "Mogg Tester" not in text and "Call the Testmob" not in text
    # The one-per-leader and one-per-type pages stay out (issue 15): the card index finds them by name.
    assert "leaders/" in locations and "types/" in locations
    assert not [loc for loc in locations if loc.startswith(("leaders/", "types/"))
                and loc.split("#")[0] not in ("leaders/", "types/")]
    assert "Goblin coalition" not in titles and not re.search(r"\{[0-9WUBRGCX/]+\}", text), "raw mana notation"
    cards = (paths.site_dir / "data" / "cards.json").read_text(encoding="utf-8")
    assert "Grumblebeard, Goblin Tactician" in cards and '"Goblin"' in cards


def test_the_mazerunner_banlist_keeps_its_card_lists_out_of_the_search_index(sample):
    """Like Coalition's banlist: the prose and the named bans are searchable, the long generated lists are not
    (else "warrior" or "Lightning Bolt" finds the banlist, quoting hundreds of names)."""
    paths, _db, _figures, _url = sample
    index = json.loads((paths.site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    docs = {doc["location"]: doc["title"] + " " + doc["text"] for doc in index["docs"]
            if doc["location"].startswith("mazerunner/banlist/")}
    assert "three sources" in docs["mazerunner/banlist/"] and "Sol Ring" in docs["mazerunner/banlist/#named"]
    assert not [loc for loc, text in docs.items() if "Reserved Test Relic" in text], docs


def test_the_lookup_help_and_the_league_deck_lists_stay_out_of_the_search_index(sample):
    """A card word typed in the header search finds cards and rules, not the lookup's help once per format
    nor a sample season's deck lists."""
    paths, _db, _figures, _url = sample
    index = json.loads((paths.site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    texts = {doc["location"]: doc["title"] + " " + doc["text"] for doc in index["docs"]}
    assert any(loc.startswith("lookup/") for loc in texts) and any("/leagues/" in loc for loc in texts)
    assert not [loc for loc, text in texts.items() if "need not type the exact name" in text]
    assert not [loc for loc, text in texts.items() if "Loading the card index" in text]
    assert not [loc for loc, text in texts.items() if "/leagues/" in loc and "(commander)" in text]


def test_about_credits_every_format_and_every_footer_links_the_fan_content_policy(sample):
    """Review 2 item 2: the authors as the documents name them, the mana symbols as this site draws them, and
    the policy linked from every page's footer."""
    paths, _db, _figures, _url = sample
    about = page(paths, "about")
    assert "Mazerunner Rules Committee" in about and "Bruce Zimov" in about
    assert "Scryfall's symbol images" not in about and "drawn by this site itself" in about
    policy = '<a href="https://company.wizards.com/en/legal/fancontentpolicy">Fan Content Policy</a>'
    for path in ("", "rules", "heroic/rules", "mazerunner/lookup"):
        footer = page(paths, path).split('class="md-copyright"', 1)[1]
        assert policy in footer, path


def test_a_leader_allowed_by_exception_says_its_condition(sample):
    """Review 2 item 3: the banlist's Exceptions row, its words, on the card's leader page and in format.json."""
    paths, _db, _figures, _url = sample
    reason = "Silver-bordered, but allowed for casual, non-tournament play."
    assert f"<strong>Allowed by exception:</strong> {reason}" in page(paths, "leaders/frankie-peanuts")
    assert "Allowed by exception" not in page(paths, "leaders/grumblebeard-goblin-tactician")
    fmt = json.loads((paths.site_dir / "data" / "format.json").read_text(encoding="utf-8"))
    assert {"name": "Frankie Peanuts", "reason": reason} in fmt["exceptions"]


def test_heroics_menu_names_its_pool_page_by_the_pages_own_title(sample):
    """Review 2 item 4: one name, format.yml's, in Heroic's menu, its section bar, its home and the page."""
    paths, _db, _figures, _url = sample
    home = page(paths, "heroic")
    assert '<li><a href="unaffiliated/">Pool of cards with no typal identity</a></li>' in home
    assert '<a href="unaffiliated/">Unaffiliated pool</a>' not in home
    assert "<title>Pool of cards with no typal identity - Heroic</title>" in page(paths, "heroic/unaffiliated")


def test_the_lookup_help_says_what_a_word_opens_truly_with_or_without_popularity_ranks(sample):
    """Review 2 item 7: "`bolt` is Lightning Bolt" held only with Scryfall's ranks (today's shaped file has none)."""
    paths, _db, _figures, _url = sample
    for home in ("", "heroic/", "mazerunner/"):
        help_text = " ".join(visible_text(page(paths, home + "lookup")).split())
        assert "is Lightning Bolt, not Jolt" not in help_text and "never Jolt" in help_text, home
        assert "where this build's card data ranks them by play" in help_text, home


def test_leader_pages_show_symbols_images_and_reasons(sample):
    paths, _db, _figures, _url = sample
    leader = page(paths, "leaders/grumblebeard-goblin-tactician")
    assert '<span class="ms ms-r" role="img" aria-label="red mana"' in leader and "svgs.scryfall.io" not in leader
    assert 'loading="lazy"' in leader and "cards.scryfall.io/normal/front/" in leader
    assert '<a class="card-frame" href="https://scryfall.com/' in leader and 'data-name="Grumblebeard' in leader
    assert "type line" in leader and 'href="../../types/goblin/"' in leader


def test_a_second_render_writes_nothing(sample):
    paths, database, _figures, _url = sample
    import duckdb

    with duckdb.connect(str(database), read_only=True) as con:
        figures = render_docs(con, paths)
    assert figures["pages_written"] == 0 and figures["pages_removed"] == 0 and figures["pages_unchanged"] > 100


def test_a_failing_mkdocs_build_leaves_the_old_site(tmp_path):
    """The old site: the synthetic cards' project as `coalition build` left it (tests/build_testing.py)."""
    paths, _good, _changed = good_project(tmp_path)
    before = sorted(p.relative_to(paths.site_dir) for p in paths.site_dir.rglob("*"))
    assert len(before) > 100
    (paths.docs_dir / "about.md").write_text("# About\n\n[broken](no-such-page.md)\n", encoding="utf-8")
    with pytest.raises(BuildError, match="mkdocs build --strict failed: .*no-such-page.md"):
        build_site(paths.database, paths)
    assert sorted(p.relative_to(paths.site_dir) for p in paths.site_dir.rglob("*")) == before
    assert not [p for p in paths.root.iterdir() if p.name.startswith(".site-")]


def test_a_page_over_its_budget_fails_the_build_and_publishes_nothing(tmp_path):
    """generator/site/check.py's page budget, enforced by the build itself (issue 15): a page that grew past
    500 KB is not swapped in, whatever the nightly's own check would say later."""
    paths = site_project(tmp_path)
    database = build_database_for(synthetic_cards(), paths)
    words = "A paragraph that a long page repeats. " * 20
    (paths.docs_dir / "about.md").write_text("# About\n\n" + f"{words}\n\n" * 700, encoding="utf-8")
    with pytest.raises(BuildError, match=r"^site/about/index.html: largest_page_bytes is [\d,]+, over its budget "
                                         r"of 500,000 \(generator/site/check.py\)$"):
        build_site(database, paths)
    assert not paths.site_dir.exists()


def test_a_missing_database_is_a_build_error(tmp_path):
    paths = site_project(tmp_path)
    with pytest.raises(BuildError, match="no database yet"):
        build_site(tmp_path / "missing.duckdb", paths)
    assert not paths.site_dir.exists()


def test_a_leader_that_leaves_the_data_loses_its_page(tmp_path):
    paths = site_project(tmp_path)
    database = build_database_for(synthetic_cards(), paths)
    import duckdb

    with duckdb.connect(str(database), read_only=True) as con:
        render_docs(con, paths)
    assert (paths.docs_dir / "leaders" / f"{WEIRD_SLUG}.md").exists()
    shutil.rmtree(paths.build_dir)
    fewer = [c for c in synthetic_cards() if c["name"] != WEIRD_LEADER]
    database = build_database_for(fewer, paths)
    with duckdb.connect(str(database), read_only=True) as con:
        figures = render_docs(con, paths)
    assert figures["pages_removed"] >= 1
    assert not (paths.docs_dir / "leaders" / f"{WEIRD_SLUG}.md").exists()


def test_serve_renders_the_pages_then_runs_mkdocs_serve_at_the_root(tmp_path, monkeypatch):
    from generator.cli import main
    from generator.commands import serve

    paths = site_project(tmp_path)
    build_database_for(synthetic_cards(), paths)
    calls = []
    monkeypatch.setattr(serve.subprocess, "call", lambda command, cwd, env: calls.append((command, cwd, env)) or 0)
    assert main(["serve", "--project-dir", str(tmp_path), "--dev-addr", "127.0.0.1:8123"]) == 0
    command, cwd, env = calls[0]
    assert command[1:4] == ["-m", "mkdocs", "serve"] and command[-1] == "127.0.0.1:8123"
    # MkDocs's live reload is an inline script, which every page's Content-Security-Policy refuses (a console
    # error on every page, and no reload): the preview goes without it.
    assert "--no-livereload" in command
    assert cwd == paths.root and env["SITE_URL"] == "http://127.0.0.1:8123/"
    assert (paths.docs_dir / "leaders" / f"{WEIRD_SLUG}.md").exists()


def test_the_trackers_page_speaks_to_players_and_the_rules_page_names_the_switch(sample):
    """Review of 2026-11-26 (site, item 6): the tracker's "Conceding" said "the switch concession_forfeits of the
    format data chooses" to players; the data's key belongs in the rules page's readings, for maintainers."""
    paths, _db, _figures, _url = sample
    conceding = re.search(r"<strong>Conceding\.</strong>(.*?)</li>", page(paths, "play/coalition"), re.S).group(1)
    assert "concession_forfeits" not in conceding and "format data" not in conceding and "switch" not in conceding
    assert "older summary of the format took away the points of the whole match" in " ".join(visible_text(conceding).split())
    readings = " ".join(html.unescape(visible_text(page(paths, "rules").split('id="readings"', 1)[1])).split())
    assert re.search(r"Conceding\. .*The match tracker takes away that game's points, as the rules text says\. "
                     r"For maintainers The switch concession_forfeits in the table: block", readings), readings[:2000]


MAINTAINERS = re.compile(r'<details class="info maintainers">.*?</details>', re.S)


@pytest.mark.parametrize(("path", "settings"), [
    ("rules", ["faction_choices", "negated_types", "flip_cards", "concession_forfeits"]),
    ("heroic/rules", ["faction_choices", "readings: hero_lives", "readings: sideboard", "flip_cards"]),
    ("balance-of-power", ["empty_draw", "procedure.yml", "solo-deals.yml", "mulberry32", "2³²"]),
])
def test_maintainers_settings_sit_in_collapsed_details_after_the_players_words(sample, path, settings):
    """Review 2 item 6: a reading's switch, the procedure's file and the shuffle's formula are kept for
    maintainers, each in a collapsed detail (one macro, for_maintainers), not in the rules' running text."""
    paths, _db, _figures, _url = sample
    article = page(paths, path).split("<article", 1)[1].split("</article>", 1)[0]
    details = " ".join(MAINTAINERS.findall(article))
    outside = MAINTAINERS.sub("", article)
    assert "<details class=\"info maintainers\" open" not in article
    for setting in settings:
        assert setting in details and setting not in outside, setting
    assert "Switch:" not in outside
