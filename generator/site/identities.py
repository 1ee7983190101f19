"""An identity format's color identities (format.yml `identity: color`): every identity of as many colors as
a season variant gives a player or a commander (Mazerunner: the ten 2-color and ten 3-color ones), each with
its commanders and the size of its card pool (the legal cards whose color identity is within it). Read from
the database in one query; the pages are identities/index.md and identities/<slug>.md of the format."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import duckdb

from generator.export.formatjson import identity_sizes
from generator.identitywords import identity_letters
from generator.identitywords import identity_names as all_identity_names

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


def identity_names(identities: list[str]) -> dict[str, str]:
    """The names players give these identities (`UR: Izzet` in data/cards/color_identities.yml)."""
    names = all_identity_names()
    return {letters: names[letters] for letters in identities if letters in names}


def identity_report(con: duckdb.DuckDBPyConnection, fmt: str, settings: dict, asked: str) -> dict | None:
    """`coalition type --json` for an identity format: the identity's commanders and pool, the rows its page
    shows (load_identities); None when it is none of the format's identities or no commander leads it."""
    rows = load_identities(con, fmt, settings)
    names = identity_names([row["letters"] for row in rows])
    letters = identity_letters(asked)
    row = next((row for row in rows if row["letters"] == letters), None)
    if row is None or not row["commanders"]:
        return None
    return {"type": row["letters"], "name": names.get(row["letters"]), "leader_count": len(row["commanders"]),
            "leaders": [card["name"] for card in row["commanders"]], "pool_size": row["pool_size"],
            "usual_seasons": row["usual_seasons"],
            "leader_seasons": {card["name"]: card["seasons"] for card in row["commanders"]
                               if card["seasons"] != row["usual_seasons"]}}
