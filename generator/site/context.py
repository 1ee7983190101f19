"""Everything the pages show, read from a finished database in a few bulk queries (never one per page).

The results are plain dicts and lists so templates stay free of database code, and every row keeps the slug
its page will have: pages, indexes and links all take it from here.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import duckdb
import yaml

from generator.errors import BuildError
from generator.formatschema import Words
from generator.identitywords import identity_names
from generator.queries import EvidenceWords
from generator.paths import TEMPLATES_DIR, sql_text
from generator.site.identities import load_identities
from generator.site.rules import Rule, load_rules_text
from generator.slugs import slugify

SQL_DIR = Path(__file__).resolve().parent / "sql"


WORDS_FILE = "words.yml"
FORMAT_TEMPLATES = TEMPLATES_DIR / "formats"   # formats/<name>/: a format's own templates, before the shared


@dataclass(frozen=True)
class FormatSite:
    """One format as the renderer sees it: its folder name, the URL prefix of its pages ("" for the default
    format, "heroic/" for another), its rules text and the template folders searched before the shared one."""

    name: str
    prefix: str
    rules: tuple[Rule, ...]
    template_dirs: tuple[str, ...] = ()
    words: dict = field(default_factory=dict)   # format.yml's words (format_words), its templates' words.yml on top
    settings: dict = field(default_factory=dict, hash=False)   # its format.yml as the database holds it

    @property
    def section(self) -> str:
        """The rules text's section number (12 for a text of rules 12.1 and on), from its first rule."""
        return self.rules[0].number.split(".")[0] if self.rules else ""

    @cached_property
    def anchors(self) -> frozenset[str]:
        return frozenset(rule.anchor for rule in self.rules)


def format_site(name: str, rules: list[Rule], *, default: bool, prefix: str | None = None,
                settings: dict | None = None) -> FormatSite:
    """The default format's pages sit at the site's root, every other format's under `<name>/`."""
    # An identity format's pages head an identity with the name players give it (`UR: Izzet`): the one table
    # of those names, data/cards/color_identities.yml, which the validators and the lookup read too.
    named = identity_names() if (settings or {}).get("identity") == "color" else {}
    words = format_words(settings or {}) | named | read_words(FORMAT_TEMPLATES / name / WORDS_FILE)
    prefix = ("" if default else f"{name}/") if prefix is None else prefix
    return FormatSite(name=name, prefix=prefix, rules=tuple(rules), template_dirs=format_template_dirs(name),
                      words=words, settings=settings or {})


def format_template_dirs(name: str) -> tuple[str, ...]:
    """The template folders a format's pages search before the shared one: its own, when it has one."""
    own = FORMAT_TEMPLATES / name
    return (str(own),) if own.is_dir() else ()


def every_format_template_dirs(formats_dir: Path) -> list[tuple[str, ...]]:
    """The template folders of every format in `formats_dir` (data/formats/<name>/), the shared ones first."""
    names = sorted(folder.name for folder in formats_dir.iterdir() if (folder / "format.yml").is_file())
    return list(dict.fromkeys([(), *map(format_template_dirs, names)]))


def format_sites(con: duckdb.DuckDBPyConnection, formats_dir: Path) -> list[FormatSite]:
    """Every format this build holds, the default first, with the rules text its format.yml names."""
    rows = con.execute("SELECT format, is_default, site_prefix FROM formats ORDER BY position").fetchall()
    sites = []
    for name, is_default, prefix in rows:
        settings = load_format(con, name)
        rules = load_rules_text(formats_dir / name / settings["rules_text"],
                                formats_dir / name / settings["rule_titles"] if settings.get("rule_titles") else None)
        sites.append(format_site(name, rules, default=is_default, prefix=prefix or "", settings=settings))
    return sites


def format_words(settings: dict) -> dict[str, str]:
    """What the format calls its pieces (format.yml `leader.word` and `texts.words`, the schema's defaults
    where it says nothing): the same words its pages and its lookup (format.json) use."""
    words = Words.model_validate((settings.get("texts") or {}).get("words") or {}).model_dump()
    return {"leader": (settings.get("leader") or {}).get("word") or "leader", **words}


def type_before_group(type_name: str, words: dict[str, str]) -> str:
    """A type's name as it stands before the format's group word ("Goblin army"), or the format's `namesake`
    words for it when its name ends in that word, which would read twice ("Army-type army"). `words`:
    format_words'."""
    if type_name.split()[-1].casefold() == words["group"].split()[0].casefold():
        return words["namesake"].replace("{type}", type_name)
    return type_name


def types_before_group(type_names: list[str], words: dict[str, str]) -> str:
    """Types listed before the group word, of which only the last stands next to it: "Army, Orc armies",
    "Orc, Army-type armies"."""
    return ", ".join([*type_names[:-1], *(type_before_group(name, words) for name in type_names[-1:])])


def group_name(type_name: str, words: dict[str, str]) -> str:
    """What a type's page is titled and linked by: "Goblin army", "Army-type army"."""
    return f"{type_before_group(type_name, words)} {words['group']}"


def read_words(path: Path) -> dict[str, str]:
    if not path.exists():
        return {}
    try:
        words = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as error:
        raise BuildError(f"{path}: not valid YAML ({error})") from error
    if not isinstance(words, dict) or not all(isinstance(v, str) for v in words.values()):
        raise BuildError(f"{path}: expected a mapping of names to words")
    return {str(key): value for key, value in words.items()}


@dataclass
class SiteData:
    freshness: dict
    format: dict
    leaders: list[dict]            # every leader, can_lead or not, by name
    types: list[dict]              # every coalition type, by name, with its leaders and pool rows
    banlist: dict
    shared_counts: dict[str, int]
    readings: dict[str, str]       # every reading switch in force (format.yml `readings`, data/readings.yml)
    evidence: EvidenceWords        # how a page says where a card's affiliation was read (vocabulary.yml)
    card_groups: list[dict]        # {group, title, one} in display order (vocabulary.yml, the card_groups table)
    identities: list[dict] = field(default_factory=list)   # an identity format's (generator/site/identities.py)
    reason_labels: dict[str, str] = field(default_factory=dict)   # reason code -> label (data/cards/vocabulary.yml)


def executed(con: duckdb.DuckDBPyConnection, name: str, params: dict | None = None) -> duckdb.DuckDBPyConnection:
    """generator/site/sql/<name>.sql run with `params`; its error names the file."""
    sql = sql_text(name, SQL_DIR)
    try:
        return con.execute(sql, params or {})
    except duckdb.Error as error:
        raise BuildError(f"generator/site/sql/{name}.sql: {str(error).splitlines()[0]}") from error


def query(con: duckdb.DuckDBPyConnection, name: str, params: dict | None = None) -> list[dict]:
    cursor = executed(con, name, params)
    columns = [d[0] for d in cursor.description]
    return [dict(zip(columns, row)) for row in cursor.fetchall()]


# What a pool row shows of its card, the same in every pool the card is in (a changeling is in all 300-odd).
POOL_CARD_COLUMNS = ("name", "mana_cost", "cmc", "type_line", "card_group", "scryfall_uri", "image_normal",
                     "is_changeling", "max_copies", "copy_reason")


def pool_rows(con: duckdb.DuckDBPyConnection, at: dict) -> list[dict]:
    """Every pool row of pool_rows.sql, a batch at a time, the rows of one card sharing its values: the
    database hands each row its own copies of the card's strings, ~15 MB at today's scale in a format worker,
    which runs beside another one (generator/site/processes.py)."""
    cursor = executed(con, "pool_rows", at)
    columns = [d[0] for d in cursor.description]
    rows, first_rows = [], {}
    while batch := cursor.fetchmany(4096):
        for values in batch:
            row = dict(zip(columns, values))
            first = first_rows.setdefault(row["oracle_id"], row)
            if first is not row:
                row.update((column, first[column]) for column in POOL_CARD_COLUMNS)
            rows.append(row)
    return rows


def unique_slugs(names: list[str]) -> list[str]:
    """slugify each name; a second card with the same slug gets `-2` (names are unique, slugs need not be).
    `index` is taken by the folder's index page."""
    seen: dict[str, int] = {"index": 1}
    slugs = []
    for name in names:
        slug = slugify(name)
        seen[slug] = seen.get(slug, 0) + 1
        slugs.append(slug if seen[slug] == 1 else f"{slug}-{seen[slug]}")
    return slugs


def default_format(con: duckdb.DuckDBPyConnection) -> str:
    """The format at the site's root (format.yml `default: true`)."""
    return con.execute("SELECT format FROM formats WHERE is_default").fetchone()[0]


def load_site_data(con: duckdb.DuckDBPyConnection, fmt: str | None = None) -> SiteData:
    """Everything one format's pages show; the default format unless fmt names another."""
    fmt = fmt or default_format(con)
    at = {"format": fmt}
    leaders = load_leaders(con, at)
    types = load_types(con, leaders, at)
    freshness = query(con, "freshness", at)[0]
    settings = load_format(con, fmt)
    card_readings = dict(con.execute("SELECT key, value FROM card_readings").fetchall())
    return SiteData(
        freshness=freshness,
        format=settings,
        leaders=leaders,
        types=types,
        banlist=load_banlist(con, at),
        shared_counts={row["card_group"]: row["cards"] for row in query(con, "shared_pool_counts", at)},
        # Card-level readings: the default format states them for every format.
        readings={**load_format(con, default_format(con)).get("readings", {}), **card_readings,
                  "names_not_types": [name for (name,) in con.execute("SELECT name FROM names_not_types ORDER BY name").fetchall()]},
        identities=load_identities(con, fmt, settings),
        reason_labels=dict(con.execute("SELECT reason, label FROM format_reason_labels WHERE format = $format "
                                       "ORDER BY reason", at).fetchall()),
        evidence=EvidenceWords.of(con),
        card_groups=load_card_groups(con),
    )


def load_card_groups(con: duckdb.DuckDBPyConnection) -> list[dict]:
    """Every card group of data/cards/vocabulary.yml: code, heading and one card's word, in display order."""
    rows = con.execute("SELECT card_group, title, one FROM card_groups ORDER BY position").fetchall()
    return [{"group": group, "title": title, "one": one} for group, title, one in rows]


def load_format(con: duckdb.DuckDBPyConnection, fmt: str) -> dict:
    rows = con.execute("SELECT key, value FROM format_settings WHERE format = ?", [fmt]).fetchall()
    return {key: json.loads(value) for key, value in rows}


def load_leaders(con: duckdb.DuckDBPyConnection, at: dict) -> list[dict]:
    leaders = query(con, "leaders", at)
    evidence: dict[str, list[dict]] = defaultdict(list)
    for row in query(con, "leader_affiliations", at):
        evidence[row["oracle_id"]].append(row)
    faces: dict[str, list[dict]] = defaultdict(list)
    for row in query(con, "faces", at):
        faces[row["oracle_id"]].append(row)
    ignored: dict[str, list[dict]] = defaultdict(list)
    for row in query(con, "leader_ignored_words", at):
        ignored[row["oracle_id"]].append(row)
    for leader, slug in zip(leaders, unique_slugs([row["name"] for row in leaders])):
        leader["slug"] = slug
        leader["evidence"] = group_evidence(evidence[leader["oracle_id"]])
        leader["ignored_words"] = ignored[leader["oracle_id"]]
        leader["faces"] = faces[leader["oracle_id"]]
    return leaders


def group_evidence(rows: list[dict]) -> list[dict]:
    """One entry per creature type with every reason for it; the changeling row (type None) comes first."""
    grouped: dict[str | None, dict] = {}
    for row in rows:
        entry = grouped.setdefault(row["type"], {"type": row["type"], "reasons": []})
        entry["reasons"].append(row)
    return list(grouped.values())


def load_types(con: duckdb.DuckDBPyConnection, leaders: list[dict], at: dict) -> list[dict]:
    types = query(con, "types", at)
    pools: dict[str, list[dict]] = defaultdict(list)
    for row in pool_rows(con, at):
        pools[row.pop("type")].append(row)
    leaders_of: dict[str, list[dict]] = defaultdict(list)
    for leader in leaders:
        if leader["can_lead"]:
            for type_name in leader["coalition_types"]:
                leaders_of[type_name].append(leader)
    # Type URLs are part of the export contract (slugify(type) exactly), so a clash cannot be renamed away.
    slugs = [slugify(row["type"]) for row in types]
    counts = Counter(slugs + ["index"])
    clashes = sorted(slug for slug, count in counts.items() if count > 1)
    if clashes:
        raise BuildError(f"coalition types share the URL slug(s) {', '.join(clashes)}")
    for row, slug in zip(types, slugs):
        row["slug"] = slug
        row["leader_list"] = leaders_of[row["type"]]
        row["pool"] = pools[row["type"]]
    return types


def load_banlist(con: duckdb.DuckDBPyConnection, at: dict) -> dict:
    rows = con.execute("SELECT category, title, reason FROM banlist_categories WHERE format = $format ORDER BY rowid", at)
    categories = [dict(zip(("category", "title", "reason"), row)) for row in rows.fetchall()]
    cards_by_reason: dict[str, list[dict]] = defaultdict(list)
    for row in query(con, "banned_cards", at):
        cards_by_reason[row.pop("reason")].append(row)
    named = query(con, "named_entries", at)
    return {
        "categories": categories,
        "cards_by_reason": dict(cards_by_reason),
        "banned": [row for row in named if row["list"] == "banned"],
        "watchlist": [row for row in named if row["list"] == "watchlist"],
        "exceptions": [row for row in named if row["list"] == "exceptions"],
    }
