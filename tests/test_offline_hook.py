"""hooks/offline.py, the list of what the service worker keeps for the table pages: the pages a table page
links to are read from its content, its `<a href>` and a tracker's `data-rules-page` alike (review of the
day's change: a tracker's citations were kept offline only because its prose happened to link the same
page), addresses percent-decoded to the files the build wrote; and on the built sample site, every rules
page a table page's tracker cites is in the list."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from generator.league.pages import LEAGUES_DIR, season_files
from generator.paths import PROJECT_ROOT
from generator.slugs import slugify
from tests.site_testing import built_site, load_hook

ROOT = Path(__file__).resolve().parent.parent


def test_a_trackers_rules_page_is_a_linked_page_as_a_link_is():
    offline = load_hook(ROOT, "offline")
    content = ('<div class="pl" data-root="../../" data-rules-page="heroic/rules/"></div>'
               '<p><a href="../../rules/#906-6b">906.6b</a> <a href="https://scryfall.com/">Scryfall</a></p>')
    assert offline.linked_pages("play/heroic/", content) == {"heroic/rules/", "rules/"}
    assert offline.linked_pages("play/heroic/", '<div data-rules-page="rules/"></div>') == set()   # no data-root


def test_an_encoded_address_is_the_file_the_build_wrote():
    offline = load_hook(ROOT, "offline")
    assert offline.site_path("play/coalition/", "../../assets/my%20deck.txt") == "assets/my deck.txt"


def kept_offline(site: Path) -> dict:
    return json.loads(re.search(r"self\.OFFLINE = (\{.*\});", (site / "offline-manifest.js").read_text(encoding="utf-8"),
                                re.S).group(1))


def test_every_rules_page_a_tracker_cites_is_kept(tmp_path_factory):
    site = built_site(tmp_path_factory).paths.root / "site"
    kept = kept_offline(site)
    cited = set()
    for page in kept["pages"]:
        html = (site / page["url"] / "index.html").read_text(encoding="utf-8")
        cited.update(re.findall(r'data-rules-page="([^"]+)"', html))
    assert cited == {"rules/", "heroic/rules/"}
    assert cited <= set(kept["files"])


def test_the_league_pages_of_every_season_are_kept_and_bring_nothing_else(tmp_path_factory):
    """A league runner at the venue reads the seasons' index, each season's page and its weeks without a network
    (review: 503, "not opened on this device yet"). Every season of data/leagues/ is kept, and the worker's cache
    grows by their pages alone: every file they load is one the Mazerunner tracker loads already."""
    offline = load_hook(ROOT, "offline")
    site = built_site(tmp_path_factory).paths.root / "site"
    kept = kept_offline(site)
    seasons = [slugify(path.stem) for path in season_files(PROJECT_ROOT / "data")]
    league = {f"{LEAGUES_DIR}/"} | {f"{LEAGUES_DIR}/{slug}/{page}" for slug in seasons for page in ("", "weeks/")}
    assert seasons and league <= {page["url"] for page in kept["pages"]} and league <= set(kept["files"])
    tracker = offline.loaded_files("play/mazerunner/", (site / "play/mazerunner/index.html").read_text(encoding="utf-8"))
    for url in league:
        assert offline.loaded_files(url, (site / url / "index.html").read_text(encoding="utf-8")) <= tracker, url
    assert {path for path in kept["files"] if path.startswith(LEAGUES_DIR)} == league


def test_a_pages_title_in_the_offline_list_names_its_format(tmp_path_factory):
    """Review of the table pages (item 3): the list said "Rules" for balance-of-power/, naming no format. The
    name is the page's `format_name`, which is procedure.yml's (tests/test_site_titles.py)."""
    offline = load_hook(ROOT, "offline")
    assert offline.listed_title("Rules", {"format_name": "Solo X"}) == "Rules - Solo X"
    assert offline.listed_title("Solo X", {"format_name": "Solo X"}) == "Solo X"
    assert offline.listed_title("Heroic game", {}) == "Heroic game"
    site = built_site(tmp_path_factory).paths.root / "site"
    kept = kept_offline(site)
    name = yaml.safe_load((ROOT / "data/formats/balance-of-power/procedure.yml").read_text(encoding="utf-8"))["name"]
    titles = {page["url"]: page["title"] for page in kept["pages"]}
    assert titles["balance-of-power/"] == f"Rules - {name}", titles
    assert name in titles["balance-of-power/table/"], titles
