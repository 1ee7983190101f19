"""Which generated file holds what: every page and snippet of one format as (path under docs/, Markdown text).

The same templates serve every format: `generated_pages` takes the format's data and its FormatSite (name,
URL prefix, rules, template folders) and writes under the prefix ("" for the default format, "heroic/" for
Heroic). The default format's hand-written pages (docs/*.md) include its generated snippets with
pymdownx.snippets; another format's prose pages are templates of its own folder (`pages/*.md.j2`), rendered
under its prefix like its leader and type pages.
"""

from __future__ import annotations

import dataclasses
from functools import partial
from pathlib import Path
from typing import Callable, Iterable, Iterator

from markupsafe import Markup, escape

from generator.site.ban_rows import ban_rows_json, kept_out
from generator.site.context import FormatSite, SiteData
from generator.site.evidence import listed
from generator.site.leader_rows import leader_rows_json
from generator.site.pool_rows import pool_rows_json
from generator.site.markup import link_rule_references, meta_string, render
from generator.site.rules import Rule

# Folders under docs/ whose every file the build writes; anything else in them is stale and removed. Each
# format with a URL prefix owns its folder too (see generated_dirs).
GENERATED_DIRS = ("leaders", "types", "generated", "banlist")
PAGES_FOLDER = "pages"   # a format's own page templates, under its template folder
# Snippets every format has; a format's own `snippets/` folder adds more (its numbers at a glance, ...).
SHARED_SNIPPETS = ("banlist.md.j2", "checks.md.j2", "freshness.md.j2", "lookup.md.j2", "lookup-help.md.j2",
                   "rules.md.j2",
                   "unaffiliated.md.j2")
# Pages with a switch between the formats' versions (the lookup's is in its snippet, lookup.md.j2): every
# format's, or only those of one identity kind (format.yml `identity`: "what can I build?" needs types).
SWITCHED_PAGES = {"validator": None, "build": "typal"}
IDENTITIES_FOLDER = "identities"   # an identity format's pages of commanders and pool, one per color identity

# Front matter of every generated page, read by hooks/generated_pages.py: its HTML blocks skip Python-Markdown's
# HTML parser (the page is Markdown headings around HTML our templates wrote).
PRERENDERED = "prerendered: true\n"
# ...and of the one-per-leader and one-per-type pages: the site's search leaves them out (thousands of
# near-identical entries, raw mana notation); the card lookup finds leaders and types by name through
# data/cards.json instead.
UNSEARCHED = "search:\n  exclude: true\n"
# ...and of every page of a prefixed format: its name (format.yml `name`), which overrides/main.html puts in the
# page's <title> where the theme puts the site's name (the default format's); else three formats' lookups share a
# browser tab's title. The default format's pages keep the site's name.
FORMAT_NAME = "format_name: {}\n"


def format_name_line(site: FormatSite, settings: dict) -> str:
    """The front matter line naming a prefixed format's pages' format; none for the default format's."""
    return FORMAT_NAME.format(meta_string(settings["name"])) if site.prefix else ""


def generated_dirs(sites: Iterable[FormatSite]) -> tuple[str, ...]:
    """GENERATED_DIRS plus the leader and type folders of every prefixed format ("heroic/leaders"). Its own
    pages beside them are rewritten by every build; its data/ belongs to the export stage."""
    return GENERATED_DIRS + tuple(f"{site.prefix}{folder}" for site in sites if site.prefix
                                  for folder in ("leaders", "types", IDENTITIES_FOLDER))


class Pages:
    """Renders one format's templates with what every one of its pages needs in its context."""

    def __init__(self, site: FormatSite, data: SiteData, *, downloads: bool, sites: Iterable[FormatSite] = (),
                 procedures: Iterable[dict] = ()) -> None:
        if not site.settings:   # a FormatSite made by hand (tests) takes its settings from the data
            site = dataclasses.replace(site, settings=data.format)
        self.site, self.data, self.downloads = site, data, downloads
        self.sites = tuple(s if s.name != site.name else site for s in sites) or (site,)
        self.procedures = tuple(procedures)   # the formats run by a procedure, listed after `sites`

    def render(self, template: str, path: str, **context: object) -> tuple[str, str]:
        """(path under docs/, text): `root` leads from the page to the site's root, `home` to the format's."""
        full_path = self.site.prefix + path
        root, home = "../" * url_depth(full_path), "../" * url_depth(path)
        base = {"root": root, "home": home, "fmt": self.data.format, "site": self.site,
                "w": self.site.words, "sites": self.sites,
                "rule_anchors": self.site.anchors, "downloads": self.downloads,
                "reason_labels": self.data.reason_labels, "said": partial(listed, self.data.evidence),
                "card_groups": self.data.card_groups}
        return full_path, render(template, self.site.template_dirs, **{**base, **context})


def url_depth(path: str) -> int:
    """How many folders deep a page's URL is: `leaders/x.md` is served at leaders/x/ (2), `index.md` at the
    root (0). A snippet (`generated/`, `heroic/generated/`) counts as a page one level below its format's
    home, where the pages that include it are."""
    if "generated/" in path:
        return path.split("generated/", 1)[0].count("/") + 1
    folders = path.count("/")
    return folders if path.rsplit("/", 1)[-1] == "index.md" else folders + 1


def all_pages(sites: list[FormatSite], load: Callable[[str], SiteData],
              procedures: Iterable[dict] = ()) -> Iterator[tuple[str, str]]:
    """Every format's pages, one format's data at a time (load(name) reads it from the database)."""
    for site in sites:
        yield from generated_pages(load(site.name), site, downloads=True, sites=sites, procedures=procedures)


def generated_pages(data: SiteData, site: FormatSite, *, downloads: bool, sites: Iterable[FormatSite] = (),
                    procedures: Iterable[dict] = ()) -> Iterator[tuple[str, str]]:
    """Every generated file of one format, lazily: the caller writes each one before the next is rendered.
    `sites` (every format, the default first) feed the format switches and the home's list of formats, which
    ends with the formats run by a procedure (`procedures`: generator.solo.procedure.procedure_listings)."""
    pages = Pages(site, data, downloads=downloads, sites=sites, procedures=procedures)
    excluded = data.format.get("excluded_type") or ""   # an identity format excludes no type
    by_color = data.format.get("identity") == "color"
    name_line = format_name_line(site, data.format)
    for path, text in identity_pages(pages) if by_color else section_pages(pages, excluded):
        if not path.endswith(".md"):   # the rows (JSON) the leaders index and the type pages draw
            yield path, text
            continue
        # An identity format's twenty-odd pages are rendered by MkDocs in full: the hook's reused chrome is
        # keyed by folder depth, and theirs would borrow another format's relative navigation links.
        fast = "" if by_color else PRERENDERED
        yield path, with_front_matter(text, fast + name_line + ("" if path.endswith("/index.md") else UNSEARCHED))
    # The banlist page's card lists beside it (banlist/rows.json), drawn by the browser: see ban_rows.py.
    yield site.prefix + "banlist/rows.json", ban_rows_json(data.banlist, data.format["base_pool"]["reason"])
    snippets = dict(snippet_pages(pages, excluded))
    if site.prefix == "":
        yield from snippets.items()
    else:
        for path, text in format_pages(pages, snippets, excluded):
            yield path, with_front_matter(text, name_line)


def with_front_matter(page: str, lines: str) -> str:
    """`lines` added at the top of the page's front matter (every page template opens with one)."""
    if not page.startswith("---\n"):
        raise ValueError(f"a generated page without front matter: {page[:60]!r}")
    return "---\n" + lines + page[4:]


def section_pages(pages: Pages, excluded: str) -> Iterator[tuple[str, str]]:
    """The leader and type pages with their two indexes (leaders/, types/ under the format's prefix)."""
    data = pages.data
    types_by_name = {t["type"]: t for t in data.types}
    shared_total = sum(data.shared_counts.values())
    leading = [leader for leader in data.leaders if leader["can_lead"]]
    # The banlist's Exceptions, by card: a leader page states the condition its card is allowed under.
    exceptions = {row["oracle_id"]: row for row in data.banlist["exceptions"] if row["oracle_id"]}
    yield pages.render(
        "leaders_index.md.j2", "leaders/index.md", leading=leading, types_by_name=types_by_name,
        excluded_type=excluded, cannot_lead=[leader for leader in data.leaders if not leader["can_lead"]])
    yield pages.site.prefix + "leaders/rows.json", leader_rows_json(leading, types_by_name)
    for leader in leading:
        yield pages.render("leader.md.j2", f"leaders/{leader['slug']}.md", leader=leader,
                           types_by_name=types_by_name, excluded_type=excluded,
                           exception=exceptions.get(leader["oracle_id"]))
    yield pages.render("types_index.md.j2", "types/index.md", types=data.types, shared_total=shared_total)
    for type_row in data.types:
        groups, changelings = pool_groups(type_row["pool"], data.card_groups)
        yield pages.render("type.md.j2", f"types/{type_row['slug']}.md", t=type_row, groups=groups,
                           changelings=changelings, types_by_name=types_by_name, shared_total=shared_total)
        # Its pool's rows beside it (types/<slug>/rows.json), drawn by the browser: see pool_rows.py.
        yield (pages.site.prefix + f"types/{type_row['slug']}/rows.json",
               pool_rows_json(groups, changelings, pages.data.format, pages.data.evidence))


def identity_pages(pages: Pages) -> Iterator[tuple[str, str]]:
    """An identity format's pages instead of leaders and types: identities/index.md, and one page per color
    identity with its commanders (pictures) and its pool (drawn in the browser from data/cards.json)."""
    identities = pages.data.identities
    yield pages.render("identities_index.md.j2", f"{IDENTITIES_FOLDER}/index.md", identities=identities)
    for row in identities:
        yield pages.render("identity.md.j2", f"{IDENTITIES_FOLDER}/{row['slug']}.md", identity=row,
                           identities=identities)


def snippet_pages(pages: Pages, excluded: str) -> Iterator[tuple[str, str]]:
    """Every snippet (generated/NAME.md): the shared ones and those of the format's own `snippets/` folder,
    each rendered with the same context. The default format's hand-written pages include them."""
    data, banlist = pages.data, pages.data.banlist
    listed_by_name: dict[str, list[dict]] = {}
    for row in banlist["banned"]:
        if row["category"] != "banned":
            listed_by_name.setdefault(row["category"], []).append(row)
    context = {
        "f": data.freshness, "rules": rule_rows(pages.site.rules, pages.site.settings.get("rule_links") or ()), "section": pages.site.section,
        "excluded_type": excluded,
        "named": [r for r in banlist["banned"] if r["category"] == "banned"], "categories": banlist["categories"],
        "cards_by_reason": banlist["cards_by_reason"], "listed_by_name": listed_by_name, "kept_out": kept_out(banlist),
        "watchlist": banlist["watchlist"], "exceptions": banlist["exceptions"],
        "counts": data.shared_counts, "total": sum(data.shared_counts.values()), "readings": data.readings,
        "identities": data.identities,
    }
    own = {path.name for folder in pages.site.template_dirs for path in (Path(folder) / "snippets").glob("*.md.j2")}
    for name in sorted(set(SHARED_SNIPPETS) | own):
        yield pages.render(f"snippets/{name}", f"generated/{name.removesuffix('.j2')}", **context)
    for page, identity in SWITCHED_PAGES.items():
        yield pages.render("snippets/switch.md.j2", f"generated/switch-{page}.md", page=f"{page}/", identity=identity)
    yield pages.render("snippets/formats.md.j2", "generated/formats.md",
                       taglines=[tagline(site) for site in pages.sites], procedures=pages.procedures)


def tagline(site: FormatSite) -> Markup:
    """A format in one line, from its own tagline.md.j2 (or the shared one) and its numbers."""
    return Markup(render("tagline.md.j2", site.template_dirs, fmt=site.settings, w=site.words, site=site).strip())


def format_pages(pages: Pages, snippets: dict[str, str], excluded: str) -> Iterator[tuple[str, str]]:
    """A prefixed format's prose pages: each template of its `pages/` folder, which may include its snippets
    (passed as `snippets`, keyed by name: "banlist.md")."""
    by_name = {path.split("/", 1)[1].removeprefix("generated/"): Markup(text) for path, text in snippets.items()}
    for folder in pages.site.template_dirs:
        for template in sorted((Path(folder) / PAGES_FOLDER).glob("*.md.j2")):
            name = template.name.removesuffix(".j2")
            yield pages.render(f"{PAGES_FOLDER}/{template.name}", name, snippets=by_name,
                               f=pages.data.freshness, excluded_type=excluded, readings=pages.data.readings)


def pool_groups(pool: list[dict], card_groups: list[dict]) -> tuple[list[tuple[str, str, list[dict]]], list[dict]]:
    """A type's pool by card group in the vocabulary's order (`card_groups`: SiteData's); changelings apart
    (they fit every type)."""
    by_group: dict[str, list[dict]] = {}
    changelings = []
    for card in pool:
        if card["is_changeling"]:
            changelings.append(card)
        else:
            by_group.setdefault(card["card_group"], []).append(card)
    known = {group["group"] for group in card_groups}
    groups = [(g["group"], g["title"], by_group[g["group"]]) for g in card_groups if g["group"] in by_group]
    groups += [(key, key.title(), rows) for key, rows in sorted(by_group.items()) if key not in known]
    return groups, changelings


def rule_rows(rules: Iterable[Rule], links: Iterable[dict] = ()) -> list[dict]:
    """Each rule with its text escaped and its references to the format's other rules linked, and the page of
    this site its words point at, if any (format.yml `rule_links`: {rule, page, words})."""
    anchors = {rule.anchor for rule in rules}
    site_link = {link["rule"]: link for link in links}

    def html(text: str) -> Markup:
        return link_rule_references(str(escape(text)), anchors)

    return [{"label": rule.label, "title": rule.title, "anchor": rule.anchor, "level": rule.level,
             "html": html(rule.text), "examples": [html(example) for example in rule.examples],
             "site_link": site_link.get(rule.number)}
            for rule in rules]


def is_generated(path: Path, docs_dir: Path, dirs: tuple[str, ...] = GENERATED_DIRS) -> bool:
    relative = path.relative_to(docs_dir)
    return bool(relative.parts) and relative.parts[0] in dirs
