"""The banlist's watchlist says each watched card's verdict today: a watched card may be legal (and could be
banned) or banned (and could be unbanned). Review of 2026-11-27: the page said every watched card was "legal
today" while Imperial Seal, on the watchlist for a possible unban, is banned by name."""

from __future__ import annotations

import re

import duckdb

from generator.site.build import render_docs
from tests.site_testing import build_database_for, site_project, synthetic_cards


def watch(paths, *entries: tuple[str, str]) -> None:
    """Adds (card, reason) entries to the copied project's Coalition watchlist."""
    banlist = paths.root / "data" / "formats" / "coalition" / "banlist.yml"
    lines = "".join(f'  - {{card: {card}, reason: "{reason}"}}\n' for card, reason in entries)
    banlist.write_text(banlist.read_text(encoding="utf-8").replace("\nwatchlist:\n", "\nwatchlist:\n" + lines, 1),
                       encoding="utf-8")


def watchlist_rows(paths) -> dict[str, list[str]]:
    page = (paths.docs_dir / "generated" / "banlist.md").read_text(encoding="utf-8")
    table = re.search(r'<table class="data" id="watchlist-table">.*?</table>', page, re.S).group(0)
    rows = {}
    for row in re.findall(r"<tr><td>(.*?)</tr>", table, re.S):
        cells = [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"(?:^|<td>)(.*?)</td>", row)]
        rows[cells[0]] = cells[1:]
    return rows


def test_the_watchlist_says_which_watched_cards_are_legal_today(tmp_path):
    paths = site_project(tmp_path)
    watch(paths, ("Sol Ring", "Banned by name, an unban discussed."), ("Mogg Tester", "Legal, a ban discussed."))
    database = build_database_for(synthetic_cards(), paths)
    with duckdb.connect(str(database), read_only=True) as con:
        render_docs(con, paths)
    rows = watchlist_rows(paths)
    assert rows["Sol Ring"] == ["not legal", "Banned by name, an unban discussed."]
    assert rows["Mogg Tester"] == ["legal", "Legal, a ban discussed."]
    # A watched name this data lacks (data/'s own watchlist: no synthetic card is Griselbrand) says so.
    assert rows["Griselbrand"][0] == "not in this build's card data"
    page = (paths.docs_dir / "generated" / "banlist.md").read_text(encoding="utf-8")
    assert "legal today" not in page
