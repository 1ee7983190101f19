"""<format>/data/format.json: one format's numbers, deck checks (with rule numbers and message templates),
texts, banlist and the shared vocabulary. The browser validator and `coalition validate` both read it, so a
deck rule lives in one place: data/formats/<format>/format.yml."""

from __future__ import annotations

import json
import re

import duckdb

from generator.identitywords import identity_words
from generator.queries import evidence_words, quoted_evidence
from generator.slugs import rule_anchor

EXPORT_VERSION = 1
# format.yml keys copied as they are (a format without one of them gets null).
COPIED_KEYS = ("deck_size", "sideboard_max", "starting_life", "victory_points", "games_per_match", "excluded_type",
               "copy_limits")
# Further format.yml keys the interpreters and the table tools read.
DESCRIPTIVE_KEYS = ("identity", "leader", "base_pool", "checks", "texts", "table", "readings", "cites")
# An identity format's keys (the `mechanics` check's list, its season variants), only where it has them.
IDENTITY_KEYS = ("mechanics", "default_variant", "variants")


# How long a rule's words may be in format.json: the search box and the lookup say them under the rule's link,
# a glance at the rule, not the rule (its page has it whole). About two lines on a 390 px phone.
RULE_WORDS_MAX = 160
# Where a sentence ends: its stop, any closing quote or bracket after it, then a space and what may begin the
# next one ("(see rule 104.) then" goes on).
SENTENCE_END = re.compile(r"[.!?][\"”’)]*(?=\s+[A-Z0-9\"“(])")


def short_rule_words(words: str, limit: int = RULE_WORDS_MAX) -> str:
    """A rule's words as the format publishes them: whole when they fit in `limit` characters, else their first
    sentence, itself cut at a word when longer; an ellipsis says that more follows."""
    if len(words) <= limit:
        return words
    end = SENTENCE_END.search(words)
    if end and end.end() < limit:
        return words[:end.end()] + " …"
    cut = words[:limit].rsplit(" ", 1)[0].rstrip(" ,;:—-")
    return cut + "…"


def rule_words(values: dict, numbers: list[str]) -> dict[str, str]:
    """{number: its words, shortened} for every rule of `rule_urls` its rules text defines, from the load's
    one parse of the text (format_settings `rule_texts`)."""
    texts = values.get("rule_texts", {})
    return {number: short_rule_words(texts[number]) for number in numbers if number in texts}


# Identity kinds (format.yml `identity`) whose pages link data/pools/: a typal format's type pages and its
# unaffiliated page. An identity format's pages draw their pools from cards.json, so it publishes none.
POOL_IDENTITIES = ("typal",)


def identity_sizes(settings: dict) -> list[int]:
    """The numbers of colors a variant gives a player or a commander, smallest first: an identity format's
    pages (generator/site/identities.py) are the identities of these sizes."""
    sizes = set()
    for variant in (settings.get("variants") or {}).values():
        sizes.add(variant["colors"])
        if variant.get("commander_colors"):
            sizes.add(variant["commander_colors"])
    return sorted(sizes)


def identity_names_of(settings: dict) -> dict[str, str]:
    """{letters: name} for the identities that have a page ("UR": "Izzet"), from the one table of names
    (data/cards/color_identities.yml), which the pages head them with: the search box finds an identity page by
    that name."""
    # Imported here: the site's modules import this one.
    from generator.site.identities import identities_of, identity_names

    return identity_names(identities_of(identity_sizes(settings)))


def group_names(con: duckdb.DuckDBPyConnection, fmt: str, settings: dict) -> dict[str, str]:
    """{type: its group's name} for the types with a page whose group is not called "<type> <group>"
    (site/context.py group_name: "Army-type army"): the search box and the lookup link a type's page by the
    name its page is titled with."""
    from generator.site.context import format_words, group_name, type_before_group   # the site imports this module

    words = format_words(settings)
    rows = con.execute("SELECT type FROM type_summary WHERE format = ? ORDER BY type", [fmt]).fetchall()
    return {type_name: group_name(type_name, words) for (type_name,) in rows
            if type_before_group(type_name, words) != type_name}


def has_pools(con: duckdb.DuckDBPyConnection, fmt: str) -> bool:
    """Whether fmt's pages link pool files (data/pools/), by its identity kind."""
    row = con.execute("SELECT identity FROM formats WHERE format = ?", [fmt]).fetchone()
    return row is not None and row[0] in POOL_IDENTITIES


def settings(con: duckdb.DuckDBPyConnection, fmt: str) -> dict:
    rows = con.execute("SELECT key, value FROM format_settings WHERE format = ?", [fmt]).fetchall()
    return {key: json.loads(value) for key, value in rows}


def _banlist(con: duckdb.DuckDBPyConnection, fmt: str, categories: dict[str, dict], banned_text: str) -> list[dict]:
    """Named bans; entries of a category without their own words (racist depictions) carry the category's."""
    rows = con.execute("SELECT card, category, reason FROM banlist_names WHERE format = ? ORDER BY lower(card), card",
                       [fmt]).fetchall()
    return [
        {"name": card, "category": category,
         "reason": reason or categories.get(category, {}).get("reason") or banned_text}
        for card, category, reason in rows
    ]


def type_forms(con: duckdb.DuckDBPyConnection) -> dict[str, str]:
    """Every spelling of every creature type, lower-cased, to the type ("mice" -> "Mouse"): the validators
    match a declared type with it instead of guessing plural endings."""
    rows = con.execute(
        "SELECT lower(form), type FROM type_forms ORDER BY lower(form), kind = 'singular' DESC, type").fetchall()
    forms: dict[str, str] = {}
    for form, type_name in rows:
        forms.setdefault(form, type_name)
    return forms


def vocabulary(con: duckdb.DuckDBPyConnection) -> dict:
    groups = con.execute("SELECT card_group, title, one FROM card_groups ORDER BY position").fetchall()
    sources = con.execute("SELECT source, words FROM affiliation_sources ORDER BY rank").fetchall()
    return {"card_groups": [{"group": g, "title": t, "one": o} for g, t, o in groups],
            "affiliation_sources": [{"source": s, "words": w} for s, w in sources],
            "evidence_words": evidence_words(con), "quoted_evidence": quoted_evidence(con)}


def site_formats(con: duckdb.DuckDBPyConnection, fmt: str) -> list[dict]:
    """Every format of the site, the default first: its name and its format.json's URL relative to fmt's
    (the search box reads them all to find a typed rule number in any format's rules)."""
    rows = con.execute("SELECT format, name, site_prefix FROM formats ORDER BY position").fetchall()
    own = dict((f, prefix) for f, _, prefix in rows)[fmt]
    up = "../" * (own.count("/") + 1)   # from <prefix>data/ back to the site's root
    return [{"format": f, "name": name, "url": f"{up}{prefix}data/format.json"} for f, name, prefix in rows]


def format_export(con: duckdb.DuckDBPyConnection, fmt: str) -> dict:
    """The object written to <format>/data/format.json. URLs in it are relative to the file itself."""
    values = settings(con, fmt)
    rules = values.get("rules", {})
    numbers = sorted(set(rules.values()) | set(values.get("rule_numbers", [])))
    info = dict(con.execute("SELECT key, value FROM build_info").fetchall())
    return {
        "version": EXPORT_VERSION,
        "name": values["name"],
        **{key: values.get(key) for key in COPIED_KEYS},
        "rules": rules,
        # Every rule its rules text defines (and every rule a check cites): the lookup links them, the search
        # box jumps to them.
        "rule_urls": {number: f"../rules/#{rule_anchor(number)}" for number in numbers},
        # Their own words, shortened: the search box and the lookup say them under the link.
        "rule_texts": rule_words(values, numbers),
        "formats": site_formats(con, fmt),
        **bans_and_reasons(con, fmt, values),
        **data_files(has_pools(con, fmt)),
        "build": {k: info.get(k) for k in ("built_at", "scryfall_updated_at", "card_count")},
        "format": fmt,
        **{key: values.get(key) for key in DESCRIPTIVE_KEYS},
        **{key: values[key] for key in IDENTITY_KEYS if values.get(key)},
        # The sizes of the color identities that have a page (identities/<letters>/): the lookup links a card's
        # own identity only when it is one of them, and says why not otherwise.
        **({"identity_sizes": identity_sizes(values)} if values.get("variants") else {}),
        **({"identity_names": identity_names_of(values)} if values.get("variants") else {}),
        # How a typed identity is read (the validator's identity box, as `coalition validate --identity`).
        **({"identity_words": identity_words()} if values.get("variants") else {}),
        **vocabulary(con),
        "type_forms": type_forms(con),
        "group_names": group_names(con, fmt, values),
    }


def bans_and_reasons(con: duckdb.DuckDBPyConnection, fmt: str, values: dict) -> dict:
    """The banlist, its categories, the watchlist, its exceptions, and every reason in words: why a card may not be played."""
    rows = con.execute("SELECT category, title, reason FROM banlist_categories WHERE format = ? ORDER BY category",
                       [fmt]).fetchall()
    categories = {c: {"category": c, "title": t, "reason": r} for c, t, r in rows}
    reasons = values.get("texts", {}).get("reasons", {})
    watchlist = con.execute("SELECT card, reason FROM watchlist WHERE format = ? ORDER BY lower(card), card",
                            [fmt]).fetchall()
    exceptions = con.execute("SELECT card, reason FROM exceptions WHERE format = ? ORDER BY lower(card), card",
                             [fmt]).fetchall()
    return {
        "banlist": _banlist(con, fmt, categories, reasons.get("banned", "")),
        "ban_categories": list(categories.values()),
        "reason_texts": {**reasons, **{c: v["reason"] for c, v in categories.items()}},
        # Every reason code's label (095_format_reason_labels.sql): the lookup writes it before the words.
        "reason_labels": dict(con.execute("SELECT reason, label FROM format_reason_labels WHERE format = ? ORDER BY reason",
                                          [fmt]).fetchall()),
        # Why a type word printed on a card was not read (cards.json `i`), in the database's own words.
        "ignore_reasons": dict(con.execute("SELECT reason, explanation FROM ignore_reasons ORDER BY reason").fetchall()),
        "watchlist": [{"name": n, "reason": r} for n, r in watchlist],
        # The banlist's Exceptions, its words: the lookup shows the condition beside the card's verdict.
        "exceptions": [{"name": n, "reason": r} for n, r in exceptions],
    }


def data_files(pools: bool) -> dict:
    """Where the format's other data files are, beside format.json."""
    return {
        "cards_url": "cards.json",
        # null for a format whose pages use no pool files (an identity format).
        "pools_url": "pools/" if pools else None,
        # Beyond the contract's pools_url: the files under it, `{slug}` being a type's slug or `shared`.
        "pool_files": {"text": "{slug}.txt", "arena": "{slug}.arena.txt", "json": "{slug}.json"} if pools else None,
    }
