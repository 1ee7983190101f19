"""Every page of the built sample site has a title of its own, in the browser's tab and in the header search.

Player review: the three formats' lookups (validators, ...) were all "Card lookup - Coalition", and the search
listed three identical "Card lookup" results. A prefixed format's pages now name their format (format.yml
`name`) where the theme names the site, and their headings, which the search index takes, name it too.
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter

import pytest
import yaml

from generator.paths import PROJECT_ROOT
from tests.site_testing import built_site

TITLE = re.compile(r"<title>(.*?)</title>", re.S)   # the page's, in its <head> (pictures hold titles too)


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    return built_site(tmp_path_factory)


def title_of(site_dir, url: str) -> str:
    head = (site_dir / url / "index.html").read_text(encoding="utf-8").split("</head>", 1)[0]
    found = TITLE.findall(head)
    assert len(found) == 1, url
    return html.unescape(found[0])


def test_no_two_pages_share_a_title(sample):
    paths = sample[0]
    titles = Counter(title_of(path.parent, "") for path in paths.site_dir.rglob("index.html"))
    assert not [title for title, count in titles.items() if count > 1]


def test_a_prefixed_formats_pages_are_titled_by_their_format_and_the_default_formats_by_the_site(sample):
    site_dir = sample[0].site_dir
    assert [title_of(site_dir, url) for url in ("lookup", "heroic/lookup", "mazerunner/lookup")] == [
        "Card lookup - Coalition", "Card lookup - Heroic", "Card lookup - Mazerunner"]
    assert title_of(site_dir, "heroic/banlist") == "Banlist - Heroic"
    assert title_of(site_dir, "mazerunner/leagues") == "Leagues - Mazerunner"
    assert title_of(site_dir, "heroic") == "Heroic" and title_of(site_dir, "mazerunner") == "Mazerunner"
    assert title_of(site_dir, "about") == "About - Coalition"
    assert title_of(site_dir, "") == "Coalition"   # the home page, not "Coalition - Coalition"


def test_the_search_tells_the_formats_pages_apart(sample):
    index = json.loads((sample[0].site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    pages = Counter(doc["title"] for doc in index["docs"] if "#" not in doc["location"])
    assert not [title for title, count in pages.items() if count > 1]
    titles = {doc["location"]: doc["title"] for doc in index["docs"]}
    assert [titles[url] for url in ("lookup/", "heroic/lookup/", "mazerunner/lookup/")] == [
        "Card lookup", "Heroic card lookup", "Mazerunner card lookup"]


def test_balance_of_powers_pages_are_titled_by_their_format(sample):
    """Player review: they read "Balance of Power - Coalition". Their front matter names the format as
    procedure.yml does (the hand-written pages' `format_name`)."""
    name = yaml.safe_load((PROJECT_ROOT / "data/formats/balance-of-power/procedure.yml").read_text())["name"]
    site_dir = sample[0].site_dir
    assert title_of(site_dir, "balance-of-power") == name
    assert title_of(site_dir, "balance-of-power/table") == f"Solo table - {name}"
