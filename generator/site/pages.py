"""Which generated file holds what: every page and snippet as (path under docs/, Markdown text).

Generated pages live in folders the build owns outright (docs/leaders/, docs/types/, docs/generated/); the
hand-written pages beside them include the generated snippets with pymdownx.snippets.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from markupsafe import Markup, escape

from generator.site.context import SiteData
from generator.site.leader_rows import leader_rows_json
from generator.site.markup import CARD_GROUPS, RULE_ANCHORS, link_rule_references, render
from generator.site.rules import Rule

# Folders under docs/ whose every file the build writes; anything else in them is stale and removed.
GENERATED_DIRS = ("leaders", "types", "generated")


def generated_pages(data: SiteData, rules: list[Rule], *, downloads: bool) -> Iterator[tuple[str, str]]:
    """Every generated file, lazily: the caller writes each one before the next is rendered."""
    remember_rule_anchors(rules)
    types_by_name = {t["type"]: t for t in data.types}
    excluded = data.format.get("excluded_type", "Human")
    shared_total = sum(data.shared_counts.values())
    leading = [leader for leader in data.leaders if leader["can_lead"]]
    yield "leaders/index.md", render(
        "leaders_index.md.j2", root="../", leading=leading, types_by_name=types_by_name, excluded_type=excluded,
        cannot_lead=[leader for leader in data.leaders if not leader["can_lead"]])
    yield "leaders/rows.json", leader_rows_json(leading, types_by_name)
    for leader in leading:
        yield f"leaders/{leader['slug']}.md", render(
            "leader.md.j2", root="../../", leader=leader, types_by_name=types_by_name, excluded_type=excluded)
    yield "types/index.md", render("types_index.md.j2", root="../", types=data.types, shared_total=shared_total)
    for type_row in data.types:
        groups, changelings = pool_groups(type_row["pool"])
        yield f"types/{type_row['slug']}.md", render(
            "type.md.j2", root="../../", t=type_row, groups=groups, changelings=changelings,
            types_by_name=types_by_name, shared_total=shared_total, downloads=downloads)
    yield from snippet_pages(data, rules, excluded)


def remember_rule_anchors(rules: list[Rule]) -> None:
    """Let the `rule_links` filter know which rules exist (a reason may cite "906.5h")."""
    RULE_ANCHORS.clear()
    RULE_ANCHORS.update(rule.anchor for rule in rules)


def snippet_pages(data: SiteData, rules: list[Rule], excluded: str) -> Iterator[tuple[str, str]]:
    banlist = data.banlist
    listed_by_name: dict[str, list[dict]] = {}
    for row in banlist["banned"]:
        if row["category"] != "banned":
            listed_by_name.setdefault(row["category"], []).append(row)
    yield "generated/freshness.md", render("snippets/freshness.md.j2", f=data.freshness)
    yield "generated/glance.md", render("snippets/glance.md.j2", fmt=data.format)
    yield "generated/rules-906.md", render("snippets/rules.md.j2", rules=rule_rows(rules))
    yield "generated/readings.md", render("snippets/readings.md.j2", readings=data.readings)
    yield "generated/banlist.md", render(
        "snippets/banlist.md.j2", named=[r for r in banlist["banned"] if r["category"] == "banned"],
        categories=banlist["categories"], cards_by_reason=banlist["cards_by_reason"],
        listed_by_name=listed_by_name, watchlist=banlist["watchlist"], exceptions=banlist["exceptions"],
        excluded_type=excluded)
    yield "generated/unaffiliated.md", render(
        "snippets/unaffiliated.md.j2", counts=data.shared_counts, total=sum(data.shared_counts.values()))


def pool_groups(pool: list[dict]) -> tuple[list[tuple[str, str, list[dict]]], list[dict]]:
    """A type's pool by card group in the order players read it; changelings apart (they fit every type)."""
    by_group: dict[str, list[dict]] = {}
    changelings = []
    for card in pool:
        if card["is_changeling"]:
            changelings.append(card)
        else:
            by_group.setdefault(card["card_group"], []).append(card)
    known = {key for key, _ in CARD_GROUPS}
    groups = [(key, title, by_group[key]) for key, title in CARD_GROUPS if key in by_group]
    groups += [(key, key.title(), rows) for key, rows in sorted(by_group.items()) if key not in known]
    return groups, changelings


def rule_rows(rules: list[Rule]) -> list[dict]:
    """Each rule with its text escaped and its references to other 906 rules linked."""
    anchors = {rule.anchor for rule in rules}

    def html(text: str) -> Markup:
        return link_rule_references(str(escape(text)), anchors)

    return [{"label": rule.label, "title": rule.title, "anchor": rule.anchor, "level": rule.level,
             "html": html(rule.text), "examples": [html(example) for example in rule.examples]}
            for rule in rules]


def is_generated(path: Path, docs_dir: Path) -> bool:
    relative = path.relative_to(docs_dir)
    return bool(relative.parts) and relative.parts[0] in GENERATED_DIRS
