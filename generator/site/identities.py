"""An identity format's color identities (format.yml `identity: color`): every identity of as many colors as
a season variant gives a player or a commander (Mazerunner: the ten 2-color and ten 3-color ones), each with
its commanders and the size of its card pool (the legal cards whose color identity is within it). Read from
the database in one query; the pages are identities/index.md and identities/<slug>.md of the format."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import duckdb

from generator.export.formatjson import identity_sizes

WUBRG = "WUBRG"


def identities_of(sizes: list[int]) -> list[str]:
    """Every identity of those sizes, in WUBRG order: WU, WB, ... then WUB, ..."""
    return ["".join(combo) for size in sizes for combo in combinations(WUBRG, size)]


def ordered(letters: str) -> str:
    return "".join(c for c in WUBRG if c in letters)


def load_identities(con: duckdb.DuckDBPyConnection, fmt: str, settings: dict) -> list[dict]:
    """One row per identity: letters, slug, its commanders (by name) and its pool size; [] for a typal format."""
    if settings.get("identity") != "color":
        return []
    from generator.site.context import query   # one query helper for generator/site/sql/

    cards = query(con, "identity_cards", {"format": fmt})
    for card in cards:
        card["identity"] = ordered(card["identity"])
        card["mechanics"] = list(card["mechanics"] or [])
        card["seasons"] = list(card["seasons"] or [])
    rows = []
    for letters in identities_of(identity_sizes(settings)):
        allowed = set(letters)
        pool = [card for card in cards if set(card["identity"]) <= allowed]
        commanders = [card for card in pool if card["can_lead"] and card["identity"] == letters]
        rows.append({"letters": letters, "slug": letters.lower(), "pool_size": len(pool), "commanders": commanders,
                     "usual_seasons": usual_seasons(commanders)})
    return rows


def usual_seasons(commanders: list[dict]) -> list[str]:
    """The seasons most of an identity's commanders may lead in: said once above the list, so that only the
    commanders whose seasons differ carry a note (ties go to the first in the list's order)."""
    counts = Counter(tuple(card["seasons"]) for card in commanders)
    return list(max(counts, key=lambda seasons: (counts[seasons], -list(counts).index(seasons)))) if counts else []
