"""The one entry point: compare this build with the previous published one, record the change, and write
the change log, its archive (a page per year), the Atom feed, the dashboard and the published summary and
history.

When nothing changed, every file is written with the same bytes as the night before: the summary of the
previous build is published again (its build time included), no entry is added, and nothing on the pages
depends on the clock.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
from markupsafe import Markup

from generator.changes.dashboard import dashboard_context
from generator.changes.diff import INCOMPARABLE, REASON_TITLES, compare_summaries
from generator.changes.feed import build_feed, entry_key
from generator.changes.history import (HISTORY_FILE, add_entry, dump_history, new_history, read_history,
                                       split_by_year)
from generator.changes.links import Links
from generator.changes.summary import dump_summary, make_summary
from generator.queries import EvidenceWords
from generator.writing import write_if_changed
from generator.site.markup import render as render_template

FEED_ENTRIES = 50  # a feed reader needs the recent entries only; the page and archive keep the rest
LONG_LIST = 12  # longer lists fold into <details> so a new set's hundreds of cards do not bury the rest
# An entry lists at most this many items a list, and names at most MOST_NAMED cards inline (a type's new
# cards), then says how many more: a mass Oracle update or a new data source changes thousands of cards, and
# a change page over the page budget would refuse that build and every later one compared with it.
MOST_LISTED = 100
MOST_NAMED = 12
# A log page shows its entries in full, newest first, while they fit in this many bytes; the older ones in a
# list of their headlines. A year of set releases listed in full grew the change log past the page budget.
DETAIL_BYTES = 300_000
# What an entry's heading adds to the built page besides its entry, counted in DETAIL_BYTES: a year of entries a
# few hundred bytes long, every one in full under its heading, made pages past the budget. Its anchor, permalink
# and two places in the theme's table of contents cost ~400 bytes of HTML, and its headline is written seven
# times (the heading, its id, the permalink, and a link and its text in each place in the contents): ~1,100
# bytes for a headline of 100, 2,000 for one that names every kind of change, whose underestimate let a busy
# year's log reach 498 KB.
HEADING_BYTES = 450
HEADLINE_COPIES = 7
# No log page lists more entries than this. The archive is a page per year (docs/changes/archive/<year>.md,
# listed by archive.md): one page of every entry older than a year passed the page budget at about 2,000 of
# them, so a year of more entries goes on over more pages (<year>-2, ...). The change log holds the year up to
# the newest entry, at most this many; a busier year's older entries join the archive (a build more than once a
# night would list ~1,000 headlines there). A listed headline costs up to ~300 bytes of HTML, so 500 of them
# beside DETAIL_BYTES stay within the budget however many builds a year makes.
PAGE_ENTRIES = 500
LOG_INTRO = ("Every night the build compares its results with the previous published build. An entry is "
             "added only when something changed: new cards and leaders, affiliations after Oracle updates, "
             "legality, copy limits, the banlist and watchlist, new creature types. Follow it with the "
             "[Atom feed](../feed.xml); the [type dashboard](../dashboard.md) shows every type's depth.")


@dataclass
class ChangeState:
    """What change detection decided, before anything is rendered: the status, the summary to publish, the
    new entry (None when nothing changed) and the history with that entry added."""

    status: str
    summary: dict
    entry: dict | None
    history: dict
    added: bool
    compared: bool
    counts: dict = field(default_factory=dict)  # cards, leaders, types, pages: published with the summary

    def published_summary(self) -> dict:
        """The summary to publish: an unchanged build republishes the previous one byte for byte."""
        if self.status == "unchanged" or not self.counts:
            return self.summary
        return {**self.summary, "counts": dict(sorted(self.counts.items()))}


def detect_changes(con: duckdb.DuckDBPyConnection, previous_summary: dict | None, history: dict | None, *,
                   counts: dict | None = None) -> ChangeState:
    """Compare this build (the derived tables in `con`) with the previous published one. `counts` (cards,
    leaders, types, pages) go into the summary so the next build can guard against a gutted site."""
    current = make_summary(con)
    status, entry = compare_summaries(previous_summary, current, EvidenceWords.of(con))
    if status == "unchanged":
        # Republish the old bytes: nothing new goes out. A change the log does not report (an Oracle
        # wording fix that moves no fact) waits in the next reported diff, which compares with this summary.
        current = previous_summary
    if history is None:
        history = new_history((previous_summary or current).get("built_at", ""))
    added = entry is not None and add_entry(history, entry)
    if entry is not None and not added:
        status = "already recorded"
    return ChangeState(status, current, entry, history, added,
                       compared=previous_summary is not None and status != INCOMPARABLE, counts=dict(counts or {}))


def write_change_pages(con: duckdb.DuckDBPyConnection, docs_dir: Path, state_dir: Path, *, site_url: str,
                       previous_summary: dict | None = None, state: ChangeState | None = None) -> dict:
    """Write docs/changes/index.md, docs/changes/archive.md with its pages docs/changes/archive/<year>.md,
    docs/dashboard.md, docs/feed.xml, docs/data/summary.json.gz and docs/data/changes-history.json; keep the
    history in state_dir/changes-history.json. `state` comes from detect_changes (the build runs it before
    rendering); without it, it is detected here from `previous_summary`. Returns figures for the build's log."""
    if state is None:
        state = detect_changes(con, previous_summary, read_history(state_dir / HISTORY_FILE))
    site_url = site_url.rstrip("/") + "/"
    history = state.history
    recent, archived = log_and_archive(history["entries"])
    renderer = _Renderer(con, site_url)
    archive_pages = archive_by_year(archived)
    files = {
        docs_dir / "changes" / "index.md": renderer.log_page(recent, history, archived=len(archived)),
        docs_dir / "changes" / "archive.md": renderer.archive_index(archive_pages),
        **{docs_dir / "changes" / "archive" / f"{name}.md": renderer.log_page(entries, history, year=title)
           for name, title, entries in archive_pages},
        docs_dir / "feed.xml": renderer.feed(recent[:FEED_ENTRIES], history),
        docs_dir / "dashboard.md": renderer.dashboard(),
        docs_dir / "data" / "summary.json.gz": dump_summary(state.published_summary()),
        docs_dir / "data" / HISTORY_FILE: dump_history(history),
        state_dir / HISTORY_FILE: dump_history(history),
    }
    for path, content in files.items():
        write_if_changed(path, content)
    for page in (docs_dir / "changes" / "archive").glob("*.md"):
        if page not in files:   # a history restored from elsewhere may archive other years
            page.unlink()
    return {"status": state.status, "compared": state.compared,
            "new_entry": state.added, "headline": headline(state.entry) if state.added else None,
            "entries": len(history["entries"]), "on_page": len(recent), "archived": len(archived),
            "archive_pages": len(archive_pages),
            "types": len(state.summary["types"]), "files": [str(p) for p in files]}


def log_and_archive(entries: list[dict]) -> tuple[list[dict], list[dict]]:
    """(the change log's entries, the archive's), newest first: the log holds the year up to the newest entry,
    at most PAGE_ENTRIES of them."""
    recent, archived = split_by_year(entries)
    return recent[:PAGE_ENTRIES], recent[PAGE_ENTRIES:] + archived


def archive_by_year(entries: list[dict]) -> list[tuple[str, str, list[dict]]]:
    """(file name, title, entries) of each archive page, newest first: a page per year, a year of more than
    PAGE_ENTRIES entries over several ("2024", "2024-2": "2024, part 2")."""
    pages = []
    for year, of_year in itertools.groupby(entries, key=lambda entry: entry["date"][:4]):
        of_year = list(of_year)
        for part, start in enumerate(range(0, len(of_year), PAGE_ENTRIES), start=1):
            name, title = (year, year) if part == 1 else (f"{year}-{part}", f"{year}, part {part}")
            pages.append((name, title, of_year[start:start + PAGE_ENTRIES]))
    return pages


def headline(entry: dict) -> str:
    """`2026-11-21: 3 new cards, 1 new leader, 1 affiliation change`."""
    legality = entry.get("legality", [])
    counts = [
        (len(entry.get("new_cards", [])), "new card", "new cards"),
        (len(entry.get("leaders", {}).get("added", [])), "new leader", "new leaders"),
        (len(entry.get("affiliations", [])), "affiliation change", "affiliation changes"),
        (sum(1 for c in legality if c["legal"]), "card now legal", "cards now legal"),
        (sum(1 for c in legality if not c["legal"]), "card now illegal", "cards now illegal"),
        (sum(len(v) for v in entry.get("banlist", {}).values()), "banlist change", "banlist changes"),
        (sum(len(v) for v in entry.get("watchlist", {}).values()), "watchlist change", "watchlist changes"),
        (len(entry.get("creature_types", {}).get("added", [])), "new creature type", "new creature types"),
        (len(entry.get("copy_limits", [])), "copy limit change", "copy limit changes"),
        (len(entry.get("leaders", {}).get("removed", [])), "leader lost", "leaders lost"),
        (len(entry.get("renamed", [])), "card renamed", "cards renamed"),
        (len(entry.get("removed_cards", [])), "card removed", "cards removed"),
    ]
    parts = [f"{n} {one if n == 1 else many}" for n, one, many in counts if n]
    return f"{entry['date']}: " + (", ".join(parts) if parts else "pool changes")


def with_defaults(entry: dict) -> dict:
    """The entry with its left-out sections present and empty, so templates need no existence checks."""
    changes = {"added": [], "removed": [], "changed": []}
    full = {"new_cards": [], "removed_cards": [], "renamed": [], "affiliations": [], "legality": [],
            "copy_limits": [], "leaders": {"added": [], "removed": []}, "banlist": dict(changes),
            "watchlist": dict(changes), "creature_types": {"added": [], "removed": []}, "types": {}}
    for key, value in entry.items():
        full[key] = {**full[key], **value} if isinstance(full.get(key), dict) and key != "types" else value
    full["types"] = {t: {"new_cards": [], "new_leaders": [], "lost_leaders": [], **change}
                     for t, change in full["types"].items()}
    return full


def anchor(entry: dict) -> str:
    return f"change-{entry_key(entry)}"


class _Renderer:
    """The site's Jinja environment rendering generator/templates/changes/ with the links of the current
    build; the ban reasons' titles reach the `reason_title` filter through the context."""

    def __init__(self, con: duckdb.DuckDBPyConnection, site_url: str) -> None:
        self.con, self.site_url = con, site_url
        self.links = Links.from_database(con, "../")
        self.titles = dict(REASON_TITLES)
        self.titles.update(con.execute("SELECT category, title FROM banlist_categories WHERE format = (SELECT format FROM formats WHERE is_default)").fetchall())

    def render(self, template: str, **context: object) -> str:
        return render_template(f"changes/{template}", reason_titles=self.titles, **context)

    def entry_html(self, entry: dict, links: Links) -> str:
        html = self.render("entry.html.j2", entry=with_defaults(entry), links=links, long_list=LONG_LIST,
                           most=MOST_LISTED, most_named=MOST_NAMED, history_file=f"data/{HISTORY_FILE}")
        # No blank line may split an HTML block: Markdown would read what follows as text.
        return Markup(re.sub(r"\n\s*\n", "\n", html).strip())

    def in_full(self, entries: list[dict], links: Links) -> list[Markup]:
        """The HTML of the newest entries while their total, headings included, stays within DETAIL_BYTES."""
        bodies, total = [], 0
        for entry in entries:
            html = self.entry_html(entry, links)
            total += len(html.encode("utf-8")) + HEADING_BYTES + HEADLINE_COPIES * len(headline(entry).encode("utf-8"))
            if total > DETAIL_BYTES:
                break
            bodies.append(html)
        return bodies

    def log_page(self, entries: list[dict], history: dict, *, year: str | None = None, archived: int = 0) -> str:
        """The change log (the year up to the newest entry, at most PAGE_ENTRIES; `archived` entries are in the
        archive), or one archive page of `year`'s older entries."""
        # changes/archive/<year>.md is served at changes/archive/<year>/: two levels below changes/index.md.
        links = self.links.rebased("../../../" if year else "../")
        bodies = self.in_full(entries, links)
        items = [{"anchor": anchor(e), "headline": headline(e), "html": html} for e, html in zip(entries, bodies)]
        listed = [{"anchor": anchor(e), "headline": headline(e)} for e in entries[len(bodies):]]
        intro = (f"Entries of {year} older than the [change log](../index.md)'s, which shows the year up to the "
                 f"newest change, its newest {PAGE_ENTRIES} entries at most. Other years are in the "
                 "[archive](../archive.md).") if year \
            else LOG_INTRO + " Older entries are in the [archive](archive.md), a page per year."
        return self.render(
            "log.md.j2", title=f"Change log archive: {year}" if year else "Change log",
            description="What changed in the Coalition format, build by build.", intro=Markup(intro),
            entries=items, listed=listed, history_url=links.page_url("data/" + HISTORY_FILE),
            started=history["started"], archive=bool(year), archived=archived)

    def archive_index(self, pages: list[tuple[str, str, list[dict]]]) -> str:
        """docs/changes/archive.md: the archive's pages, newest year first, each with its entries' span."""
        return self.render("archive.md.j2", page_entries=PAGE_ENTRIES, pages=[
            {"url": f"archive/{name}.md", "title": title, "entries": len(entries),
             "span": f"{entries[-1]['date']} to {entries[0]['date']}"} for name, title, entries in pages])

    def feed(self, entries: list[dict], history: dict) -> bytes:
        links = self.links.rebased(self.site_url)
        pointer = Markup(f'<p class="coalition-change-more">Listed in full in <a href="{links.page_url("data/" + HISTORY_FILE)}">'
                         "the change history</a>: this page shows the newest changes in full.</p>")
        in_full = self.in_full(entries, links)
        # Plain str for ElementTree: its escaping calls .replace, which on Markup would escape a second time.
        bodies = {anchor(e): str(in_full[n] if n < len(in_full) else pointer) for n, e in enumerate(entries)}
        return build_feed(
            entries, site_url=self.site_url, updated=history["started"],
            entry_url=lambda e: f"{self.site_url}changes/#{anchor(e)}",
            entry_title=headline, entry_html=lambda e: bodies[anchor(e)])

    def dashboard(self) -> str:
        context = dashboard_context(self.con)
        return self.render("dashboard.md.j2", links=self.links, **context)
