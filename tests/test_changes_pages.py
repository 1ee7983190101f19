"""The change log, archive, Atom feed and dashboard (generator/changes/pages.py) from two real builds,
run the way the nightly runs them: each build compares itself with the summary the previous one published."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import duckdb
import feedparser
import pytest

from generator.changes import write_change_pages
from generator.changes.history import dump_history, new_history
from generator.changes.summary import make_summary, read_summary
from tests.changes_support import two_builds

SITE = "https://coalition.example.org/site/"
ATOM = "{http://www.w3.org/2005/Atom}"
PUBLISHED = ("changes/index.md", "changes/archive.md", "feed.xml", "dashboard.md", "data/summary.json.gz",
             "data/changes-history.json")


@pytest.fixture(scope="module")
def builds() -> tuple[Path, Path]:
    return two_builds()


def night(db: Path, root: Path) -> dict:
    """One nightly run: the previous summary is what the last run published under docs/data/."""
    previous = read_summary(root / "docs" / "data" / "summary.json.gz")
    with duckdb.connect(str(db), read_only=True) as con:
        return write_change_pages(con, root / "docs", root / "build", site_url=SITE, previous_summary=previous)


def published(root: Path) -> dict[str, bytes]:
    return {name: (root / "docs" / name).read_bytes() for name in PUBLISHED}


def later_copy(db: Path, tmp: Path, built_at: str) -> Path:
    """The same build made again later: only build_info differs."""
    copy = tmp / "again.duckdb"
    shutil.copy(db, copy)
    with duckdb.connect(str(copy)) as con:
        con.execute("UPDATE build_info SET value = $v WHERE key = 'built_at'", {"v": built_at})
    return copy


def test_the_first_build_has_nothing_to_compare_with_and_says_so(builds, tmp_path):
    figures = night(builds[0], tmp_path)
    assert figures["status"] == "first build: nothing to compare with"
    assert (figures["compared"], figures["new_entry"], figures["entries"]) == (False, False, 0)
    page = (tmp_path / "docs/changes/index.md").read_text(encoding="utf-8")
    assert "No changes recorded yet" in page
    assert feedparser.parse((tmp_path / "docs/feed.xml").read_bytes()).entries == []
    assert (tmp_path / "build/changes-history.json").read_bytes() == (tmp_path / "docs/data/changes-history.json").read_bytes()


def test_the_second_build_adds_one_dated_entry_with_links(builds, tmp_path):
    night(builds[0], tmp_path)
    figures = night(builds[1], tmp_path)
    assert (figures["status"], figures["new_entry"], figures["entries"]) == ("changed", True, 1)
    page = (tmp_path / "docs/changes/index.md").read_text(encoding="utf-8")
    with duckdb.connect(str(builds[1]), read_only=True) as con:
        summary = make_summary(con)
    date = summary["built_at"][:10]
    assert figures["headline"] == (f"{date}: 3 new cards, 1 new leader, 1 affiliation change, 1 card now illegal, "
                                   "1 banlist change, 1 watchlist change, 1 new creature type")
    assert f"## {figures['headline']}" in page
    assert '<a href="../types/goblin/">Goblin</a>: pool 3 → 3, leaders 1 → 2.' in page
    assert 'New leaders: <a href="../leaders/squee-goblin-nabob/">Squee, Goblin Nabob</a>' in page
    assert '<a href="../lookup/?card=Goblin%20Matron">Goblin Matron</a>' in page
    assert "New: Homarid</li>" in page, "Homarid has no type page (no leader), so no link"
    assert read_summary(tmp_path / "docs/data/summary.json.gz") == summary


def test_a_night_with_nothing_new_publishes_the_same_bytes(builds, tmp_path):
    night(builds[0], tmp_path)
    night(builds[1], tmp_path)
    before = published(tmp_path)
    times = {name: (tmp_path / "docs" / name).stat().st_mtime_ns for name in PUBLISHED}
    figures = night(later_copy(builds[1], tmp_path, "2099-01-01T05:00:00+00:00"), tmp_path)
    assert (figures["status"], figures["new_entry"], figures["entries"]) == ("unchanged", False, 1)
    assert published(tmp_path) == before
    assert {name: (tmp_path / "docs" / name).stat().st_mtime_ns for name in PUBLISHED} == times, "not even rewritten"


def test_a_rerun_against_the_same_previous_summary_logs_the_change_once(builds, tmp_path):
    night(builds[0], tmp_path)
    previous = read_summary(tmp_path / "docs/data/summary.json.gz")
    with duckdb.connect(str(builds[1]), read_only=True) as con:
        write_change_pages(con, tmp_path / "docs", tmp_path / "build", site_url=SITE, previous_summary=previous)
        figures = write_change_pages(con, tmp_path / "docs", tmp_path / "build", site_url=SITE,
                                     previous_summary=previous)
    assert (figures["status"], figures["entries"]) == ("already recorded", 1)


def test_the_feed_is_valid_atom(builds, tmp_path):
    night(builds[0], tmp_path)
    figures = night(builds[1], tmp_path)
    data = (tmp_path / "docs/feed.xml").read_bytes()
    parsed = feedparser.parse(data)
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    [item] = parsed.entries
    assert item.title == figures["headline"]
    assert item.id.startswith("tag:coalition.example.org,") and item.id.endswith(":/site/changes/" + "".join(
        ch for ch in item.updated[:19] if ch.isdigit()))
    assert item.link.startswith(f"{SITE}changes/#change-")
    assert f'<a href="{SITE}leaders/squee-goblin-nabob/">Squee, Goblin Nabob</a>' in item.content[0].value
    root = ET.fromstring(data)
    # RFC 4287 4.1.1: a feed has exactly one id, title and updated, and an author (or every entry has one).
    for tag in ("id", "title", "updated", "author"):
        assert len(root.findall(f"{ATOM}{tag}")) == 1, tag
    assert root.get("{http://www.w3.org/XML/1998/namespace}lang") == "en"
    assert root.find(f"{ATOM}link[@rel='self']").get("href") == f"{SITE}feed.xml"
    for child in root.findall(f"{ATOM}entry"):
        for tag in ("id", "title", "updated", "content"):
            assert len(child.findall(f"{ATOM}{tag}")) == 1, tag
        assert child.find(f"{ATOM}link[@rel='alternate']") is not None


def test_entries_older_than_a_year_move_to_the_archive(builds, tmp_path):
    old_entry = {"id": "2020-05-01T05:00:00+00:00", "date": "2020-05-01", "built_at": "2020-05-01T05:00:00+00:00",
                 "scryfall_updated_at": "", "previous_built_at": "2020-04-30T05:00:00+00:00", "from": "x", "to": "y",
                 "watchlist": {"added": [{"card": "Goblin King", "reason": "An old note."}]}}
    history = {**new_history("2020-04-30T05:00:00+00:00"), "entries": [old_entry]}
    (tmp_path / "build").mkdir()
    (tmp_path / "build/changes-history.json").write_text(dump_history(history), encoding="utf-8")
    night(builds[0], tmp_path)
    figures = night(builds[1], tmp_path)
    assert (figures["entries"], figures["on_page"], figures["archived"], figures["archive_pages"]) == (2, 1, 1, 1)
    assert "- [2020](archive/2020.md): 1 entry, 2020-05-01 to 2020-05-01" in \
        (tmp_path / "docs/changes/archive.md").read_text(encoding="utf-8")
    archive = (tmp_path / "docs/changes/archive/2020.md").read_text(encoding="utf-8")
    assert "## 2020-05-01: 1 watchlist change" in archive
    assert '<a href="../../../lookup/?card=Goblin%20King">Goblin King</a>: An old note.' in archive
    assert "2020-05-01" not in (tmp_path / "docs/changes/index.md").read_text(encoding="utf-8")
    assert len(feedparser.parse((tmp_path / "docs/feed.xml").read_bytes()).entries) == 1


def test_the_dashboard_shows_every_type_with_charts(builds, tmp_path):
    night(builds[1], tmp_path)
    page = (tmp_path / "docs/dashboard.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith("<tr><td")]
    assert [re.search(r'/">(\w+)</a>', row).group(1) for row in rows] == ["Elf", "Goblin", "Warrior"], \
        "deepest pool first"
    goblin = rows[1]
    # counts as every other page writes them ("1,046"), sorted by their numbers
    assert ('<a href="../types/goblin/">Goblin</a></td><td data-sort="3">3</td><td data-sort="2">2</td>'
            '<td data-sort="0.3333">33%</td>') in goblin
    # Goblin King, Goblin Matron and Mirror Entity (a white changeling) all cost 3.
    assert "<title>Mana values 0–7+: 0, 0, 0, 3, 0, 0, 0, 0</title>" in goblin
    assert "<title>White 1, Red 2</title>" in goblin
    assert page.count("<svg") == 4 + 2 * len(rows)
    # Not id="type-dashboard": that is the page title's own id, and a page's ids are unique.
    assert '<table class="data sortable" id="dashboard-types"' in page and page.count("<th data-key=") == 5


def test_the_pages_build_with_mkdocs_strict(builds, tmp_path):
    night(builds[0], tmp_path)
    night(builds[1], tmp_path)
    (tmp_path / "docs/index.md").write_text("# Coalition\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(f"site_name: Test\nsite_url: {SITE}\ntheme: {{name: material}}\n",
                                         encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", "mkdocs.yml"],
                            cwd=tmp_path, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "site/changes/index.html").read_text(encoding="utf-8")
    assert 'id="change-' in html and 'href="../types/goblin/"' in html
    assert (tmp_path / "site/feed.xml").read_bytes() == (tmp_path / "docs/feed.xml").read_bytes()
    assert (tmp_path / "site/dashboard/index.html").exists()


def test_an_oracle_wording_fix_that_moves_no_fact_publishes_nothing_new(builds, tmp_path):
    night(builds[0], tmp_path)
    before = published(tmp_path)
    previous = read_summary(tmp_path / "docs/data/summary.json.gz")
    for record in previous["cards"].values():
        if record["name"] == "Counterspell":
            record["text"] = "0ld7e4t0"  # the published build had other wording
    with duckdb.connect(str(builds[0]), read_only=True) as con:
        figures = write_change_pages(con, tmp_path / "docs", tmp_path / "build", site_url=SITE,
                                     previous_summary=previous)
    assert (figures["status"], figures["new_entry"]) == ("unchanged", False)
    assert read_summary(tmp_path / "docs/data/summary.json.gz") == previous, "the old summary stays the baseline"
    assert {k: v for k, v in published(tmp_path).items() if k != "data/summary.json.gz"} == \
           {k: v for k, v in before.items() if k != "data/summary.json.gz"}


def test_a_summary_of_another_version_is_not_compared(builds, tmp_path):
    with duckdb.connect(str(builds[1]), read_only=True) as con:
        figures = write_change_pages(con, tmp_path / "docs", tmp_path / "build", site_url=SITE,
                                     previous_summary={"version": 0, "cards": {}})
    assert (figures["status"], figures["compared"], figures["entries"]) == ("incomparable", False, 0)
    assert read_summary(tmp_path / "docs/data/summary.json.gz")["version"] == 1


def test_a_site_without_a_url_cannot_mint_feed_ids(builds, tmp_path):
    from generator.errors import BuildError

    with duckdb.connect(str(builds[0]), read_only=True) as con, pytest.raises(BuildError, match="needs a host"):
        write_change_pages(con, tmp_path / "docs", tmp_path / "build", site_url="", previous_summary=None)


def test_a_new_set_folds_its_long_lists(builds, tmp_path):
    names = [f"Card {n:02}" for n in range(13)]
    big = {"id": "2026-02-01T05:00:00+00:00", "date": "2026-02-01", "built_at": "2026-02-01T05:00:00+00:00",
           "scryfall_updated_at": "2026-01-31T22:00:00+00:00", "previous_built_at": "2026-01-31T05:00:00+00:00",
           "from": "x", "to": "y",
           "new_cards": [{"oracle_id": n, "name": n, "legal": True, "reasons": [], "affiliations": [],
                          "leader_types": []} for n in names]}
    (tmp_path / "build").mkdir()
    (tmp_path / "build/changes-history.json").write_text(
        dump_history({**new_history("2026-01-31T05:00:00+00:00"), "entries": [big]}), encoding="utf-8")
    night(builds[0], tmp_path)
    page = (tmp_path / "docs/changes/index.md").read_text(encoding="utf-8")
    assert "## 2026-02-01: 13 new cards" in page
    assert "<details><summary>New cards (13)</summary>" in page
    assert "(Scryfall data of 2026-01-31)" in page
    assert page.count(": no affiliation: the shared pool</li>") == 13
    html = page.split('<div class="coalition-change">')[1].split("</div>")[0]
    assert "\n\n" not in html, "a blank line would end the HTML block in Markdown"


def test_a_mass_change_lists_the_first_hundred_and_keeps_every_one_in_the_history(builds, tmp_path):
    """A mass Oracle update (or a new data source) changes thousands of cards at once. Listed whole, its entry
    made a change page of megabytes, over the page budget: the build was refused, and so was every later one
    compared with the same published build. Each list shows its first 100, each type's new cards their first
    12, then how many more; the published history keeps every change."""
    from generator.site.check import MAX_PAGE_BYTES

    names = [f"Card {n:05}" for n in range(6000)]
    mass = {"id": "2026-02-01T05:00:00+00:00", "date": "2026-02-01", "built_at": "2026-02-01T05:00:00+00:00",
            "scryfall_updated_at": "", "previous_built_at": "2026-01-31T05:00:00+00:00", "from": "x", "to": "y",
            "new_cards": [{"oracle_id": n, "name": n, "legal": True, "reasons": [], "affiliations": ["Goblin"],
                           "leader_types": []} for n in names],
            "affiliations": [{"oracle_id": n, "name": n, "old": ["Elf"], "new": ["Goblin"], "reason": "Oracle update"}
                             for n in names],
            "types": {f"Type {t:03}": {"pool": [10, 6010], "leaders": [1, 1], "new_cards": names}
                      for t in range(300)}}
    (tmp_path / "build").mkdir()
    (tmp_path / "build/changes-history.json").write_text(
        dump_history({**new_history("2026-01-31T05:00:00+00:00"), "entries": [mass]}), encoding="utf-8")
    night(builds[0], tmp_path)
    page = (tmp_path / "docs/changes/index.md").read_bytes()
    assert len(page) < MAX_PAGE_BYTES / 4, len(page)
    text = page.decode("utf-8")
    assert text.count("… and 5,900 more: <a href=\"../data/changes-history.json\">the change history</a>") == 2
    assert text.count("… and 200 more:") == 1   # the types
    types = text.split("By coalition type")[1].split("</details>")[0]
    assert types.count("Card 00011</a> and 5,988 more.") == 100 and "Card 00012</a>" not in types
    history = json.loads((tmp_path / "docs/data/changes-history.json").read_text(encoding="utf-8"))
    assert len(history["entries"][0]["new_cards"]) == 6000
    feed = (tmp_path / "docs/feed.xml").read_bytes()
    assert len(feed) < MAX_PAGE_BYTES / 2, len(feed)


def test_a_year_of_big_changes_shows_the_newest_in_full_and_stays_within_the_page_budget(builds, tmp_path):
    """Each entry is bounded (above), but a year of set releases listed in full still grew the log past the
    page budget. The page shows the newest entries in full while they fit, the older ones by their headlines
    with a pointer to the history; the feed likewise."""
    from generator.site.check import MAX_PAGE_BYTES

    names = [f"Card {n:05}" for n in range(300)]
    entries = [{"id": f"2026-{m:02}-01T05:00:00+00:00", "date": f"2026-{m:02}-01",
                "built_at": f"2026-{m:02}-01T05:00:00+00:00", "scryfall_updated_at": "",
                "previous_built_at": f"2026-{m:02}-01T04:00:00+00:00", "from": "x", "to": "y",
                "new_cards": [{"oracle_id": n, "name": n, "legal": True, "reasons": [], "affiliations": ["Goblin"],
                               "leader_types": []} for n in names],
                "types": {f"Type {t:03}": {"pool": [10, 310], "leaders": [1, 1], "new_cards": names} for t in range(300)}}
               for m in range(12, 0, -1)]
    (tmp_path / "build").mkdir()
    (tmp_path / "build/changes-history.json").write_text(
        dump_history({**new_history("2026-01-01T04:00:00+00:00"), "entries": entries}), encoding="utf-8")
    night(builds[0], tmp_path)
    page = (tmp_path / "docs/changes/index.md").read_text(encoding="utf-8")
    assert len(page.encode("utf-8")) < MAX_PAGE_BYTES, len(page.encode("utf-8"))
    full, listed = page.count("<div class=\"coalition-change\">"), page.count('<li id="change-')
    assert full >= 1 and listed >= 1 and full + listed == 12, (full, listed)
    assert page.index("## 2026-12-01") < page.index("coalition-change-more")   # the newest is in full
    # Every entry keeps its headline: a heading over its entry, then a list of the others'.
    assert page.count("## 2026-") == full and len(re.findall(r'<li id="change-\d+">2026-', page)) == listed
    assert len((tmp_path / "docs/feed.xml").read_bytes()) < 2 * MAX_PAGE_BYTES


def nightly_entries(times: list[str], watched_year: str) -> list[dict]:
    """An entry for each build time: a few new cards each, but a watchlist note (an entry shorter than its
    heading in the built page) in `watched_year`."""
    new_cards = [{"oracle_id": f"c{n}", "name": f"Card {n:02}", "legal": True, "reasons": [], "affiliations": ["Goblin"],
                  "leader_types": []} for n in range(20)]
    watched = {"added": [{"card": "Goblin King", "reason": "A note."}]}
    return [{"id": at, "date": at[:10], "built_at": at, "scryfall_updated_at": "", "previous_built_at": "",
             "from": at, "to": at + "'", **({"watchlist": watched} if at.startswith(watched_year) else {"new_cards": new_cards})}
            for at in times]


def built_change_pages(root: Path) -> dict[str, int]:
    """Build the change pages under root/docs with MkDocs (strict, the site's permalinks in the table of
    contents); the size of each built page under changes/."""
    (root / "docs/index.md").write_text("# Coalition\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text(f"site_name: Test\nsite_url: {SITE}\ntheme: {{name: material}}\n"
                                     "markdown_extensions: [attr_list, {toc: {permalink: true}}]\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", "mkdocs.yml"],
                            cwd=root, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert result.returncode == 0, result.stderr
    return {str(page.relative_to(root / "site")): page.stat().st_size for page in (root / "site/changes").rglob("*.html")}


def anchors_on_the_pages(root: Path) -> list[str]:
    pages = [root / "docs/changes/index.md", *sorted((root / "docs/changes/archive").glob("*.md"))]
    return [anchor for page in pages for anchor in re.findall(r'id="(change-\d+)"', page.read_text(encoding="utf-8"))]


def test_years_of_history_keep_every_archive_page_within_the_page_budget(builds, tmp_path):
    """The archive was one page of every entry older than a year, each by its headline once 300 KB were in
    full: at about 2,000 such entries it passed the page budget, and the build refused to publish from then
    on. Now it is a page per year, a year's older entries in a list of their headlines, a year of more than
    PAGE_ENTRIES entries over more pages. Eight years of a change every night (two in 2021), each
    entry a few new cards (2022: a watchlist note, each entry shorter than its heading in the built page):
    every page, built by MkDocs, stays within the budget, and every entry is on one."""
    from generator.changes.pages import PAGE_ENTRIES
    from generator.site.check import MAX_PAGE_BYTES

    times = [f"{day.isoformat()}T{hour:02}:00:00+00:00" for day in
             (dt.date(2026, 12, 31) - dt.timedelta(days=n) for n in range(8 * 365))
             for hour in ((5, 17) if day.year == 2021 else (5,))]
    (tmp_path / "build").mkdir()
    (tmp_path / "build/changes-history.json").write_text(
        dump_history({**new_history("2019-01-01T04:00:00+00:00"), "entries": nightly_entries(times, "2022")}),
        encoding="utf-8")
    figures = night(builds[0], tmp_path)
    assert figures["archived"] > 2_500 and figures["archive_pages"] == 7 + 1, figures
    index = (tmp_path / "docs/changes/archive.md").read_text(encoding="utf-8")
    assert "- [2021](archive/2021.md): 500 entries" in index and "- [2021, part 2](archive/2021-2.md): 230 entries" in index
    assert PAGE_ENTRIES == 500
    assert sorted(anchors_on_the_pages(tmp_path)) == sorted(f"change-{re.sub(r'[^0-9]', '', at[:19])}" for at in times), \
        "each entry once"
    sizes = built_change_pages(tmp_path)
    assert len(sizes) == 1 + 1 + 8 and max(sizes.values()) < MAX_PAGE_BYTES, sizes


def every_kind_of_change(at: str) -> dict:
    """An entry of two changes of every kind the headline counts: the longest headline, ~270 bytes listed."""
    cards = [f"Card {n}" for n in range(2)]
    noted = [{"card": name, "reason": "A note."} for name in cards]
    return {"id": at, "date": at[:10], "built_at": at, "scryfall_updated_at": "", "previous_built_at": "",
            "from": at, "to": at + "'",
            "new_cards": [{"oracle_id": n, "name": n, "legal": True, "reasons": [], "affiliations": ["Goblin"],
                           "leader_types": []} for n in cards],
            "leaders": {"added": [{"name": n, "types": ["Goblin"]} for n in cards],
                        "removed": [{"name": n, "types": ["Elf"]} for n in cards]},
            "affiliations": [{"oracle_id": n, "name": n, "old": ["Elf"], "new": ["Goblin"], "reason": "Oracle update"}
                             for n in cards],
            "legality": [{"name": n, "legal": legal, "why": "Why."} for n in cards for legal in (True, False)],
            "banlist": {"added": noted}, "watchlist": {"added": noted}, "creature_types": {"added": ["Ape", "Bat"]},
            "copy_limits": [{"name": n, "old": 1, "new": None} for n in cards],
            "renamed": [{"old_name": n + "'", "name": n} for n in cards], "removed_cards": [{"name": n} for n in cards]}


def test_a_busy_year_keeps_the_change_log_within_the_page_budget(builds, tmp_path):
    """The change log held the whole year up to the newest entry: a build every four hours, each entry
    changing a little of everything, listed 2,190 long headlines on it, past the page budget. It holds at most
    PAGE_ENTRIES, the newest in full, and says how many older ones the archive holds; the year's older entries
    go to the archive's pages with the years before it, and every entry is on one page."""
    from generator.changes.pages import PAGE_ENTRIES, headline
    from generator.site.check import MAX_PAGE_BYTES

    times = [f"{day.isoformat()}T{hour:02}:00:00+00:00" for day in
             (dt.date(2026, 12, 31) - dt.timedelta(days=n) for n in range(2 * 365))
             for hour in ((21, 17, 13, 9, 5, 1) if day.year == 2026 else (5,))]
    entries = [every_kind_of_change(at) for at in times]
    assert len(headline(entries[0])) > 220 and headline(entries[0]).endswith("2 cards renamed, 2 cards removed")
    (tmp_path / "build").mkdir()
    (tmp_path / "build/changes-history.json").write_text(
        dump_history({**new_history("2025-01-01T04:00:00+00:00"), "entries": entries}), encoding="utf-8")
    figures = night(builds[0], tmp_path)
    sizes = built_change_pages(tmp_path)
    # The site's own chrome (its navigation, the header's scripts) weighs ~8 KB more than this plain Material
    # page: the modern build's empty change log is 22,035 bytes, this test's archive index 14,853.
    assert max(sizes.values()) + 10_000 < MAX_PAGE_BYTES, sizes
    assert (figures["on_page"], figures["archived"]) == (PAGE_ENTRIES, len(times) - PAGE_ENTRIES), figures
    log = (tmp_path / "docs/changes/index.md").read_text(encoding="utf-8")
    assert log.index("## 2026-12-31: 2 new cards") < log.index('<ul class="coalition-change-headlines">')
    assert f"{len(times) - PAGE_ENTRIES:,} older entries are in the [archive](archive.md)" in log
    index = (tmp_path / "docs/changes/archive.md").read_text(encoding="utf-8")
    assert "- [2026](archive/2026.md): 500 entries, 2026-07-18 to 2026-10-09" in index, index
    assert sorted(anchors_on_the_pages(tmp_path)) == sorted(f"change-{re.sub(r'[^0-9]', '', at[:19])}" for at in times), \
        "each entry once"
