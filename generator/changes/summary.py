"""The versioned summary of one build's results, published as `data/summary.json.gz`.

The next build compares itself with it (generator/changes/diff.py), so it holds exactly the facts the change
log reports and nothing that moves on its own (prices, ranks, image URLs): a build whose summary is
unchanged has nothing to report. Shape, version 1:

    {"version": 1, "built_at", "scryfall_updated_at",
     "cards": {oracle_id: {"name", "legal", "reasons", "affiliations", "evidence", "max_copies",
                           "leader_types", "text"}},
     "types": {type: {"pool", "leaders"}},
     "banlist": {"names": {card: {"category", "reason", "date"}}, "categories": {category: title}},
     "watchlist": {card: reason}, "creature_types": [type, ...],
     "counts": {"cards", "leaders", "types", "pages"}}   (how big the build was: generator/guards.py)

Per card, empty values are left out to keep the file small (about 20,000 cards): `reasons` (legal cards),
`affiliations` and `evidence` (unaffiliated cards), `leader_types` (cards that cannot lead). Changelings
have `affiliations` ["*"] and changeling leaders `leader_types` ["*"]: listing every type for each would
triple the file and say nothing more. `evidence` maps each type to its strongest "source: words";
`text` is a short hash of the type line and Oracle text, so a diff can tell an Oracle update from a rules
or data change. Use `card_view` to read a record with its defaults filled in.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import zlib
from pathlib import Path

import duckdb

from generator.errors import BuildError

SUMMARY_VERSION = 1
# Where the nightly puts the previous published build's summary (from the Actions cache or the live site's
# data/summary.json.gz) before building; `coalition changes` reads it by default.
PREVIOUS_SUMMARY_FILE = "previous-summary.json.gz"
# Facts about the build itself, not about the format: two summaries that differ only here are equal.
META_KEYS = ("version", "built_at", "scryfall_updated_at", "counts")
CARD_DEFAULTS = {"reasons": [], "affiliations": [], "evidence": {}, "leader_types": [], "max_copies": None}
EVERY_TYPE = "*"

# The strongest evidence per (card, type) uses the order of generator/sql/110_pools.sql, so the summary
# explains an affiliation the way the type pages do. Changeling rows collapse into one "*" row.
CARDS_SQL = """
WITH ranked AS (
    SELECT oracle_id,
           CASE WHEN source = 'changeling' THEN '*' ELSE type END AS type,
           source || ': ' || evidence AS evidence,
           row_number() OVER (
               PARTITION BY oracle_id, CASE WHEN source = 'changeling' THEN '*' ELSE type END
               ORDER BY coalesce(s.rank, 1000), face_index, evidence) AS rank
    FROM affiliations LEFT JOIN affiliation_sources s USING (source)
),
evidence AS (
    SELECT oracle_id, list(type ORDER BY type) AS types, list(evidence ORDER BY type) AS words
    FROM ranked r JOIN card_affiliation a USING (oracle_id)
    WHERE rank = 1 AND (type = '*' OR NOT a.is_changeling)
    GROUP BY oracle_id
)
SELECT c.oracle_id, c.name, l.legal, l.reasons, a.is_changeling, a.types, e.types, e.words, cl.max_copies,
       CASE WHEN ld.can_lead THEN ld.coalition_types END,
       md5(coalesce(c.type_line, '') || '|' || coalesce(c.oracle_text, ''))[:8]
FROM cards c
JOIN legality l ON l.oracle_id = c.oracle_id AND l.format = (SELECT format FROM formats WHERE is_default)
JOIN card_affiliation a ON a.oracle_id = c.oracle_id
JOIN copy_limits cl ON cl.oracle_id = c.oracle_id AND cl.format = l.format
LEFT JOIN evidence e ON e.oracle_id = c.oracle_id
LEFT JOIN leaders ld ON ld.oracle_id = c.oracle_id AND ld.format = l.format
ORDER BY c.oracle_id
"""


def make_summary(con: duckdb.DuckDBPyConnection) -> dict:
    """The summary of the build `con` holds (read-only queries)."""
    info = dict(con.execute("SELECT key, value FROM build_info").fetchall())
    return {
        "version": SUMMARY_VERSION,
        "built_at": info.get("built_at", ""),
        "scryfall_updated_at": info.get("scryfall_updated_at", ""),
        "cards": _cards(con),
        "types": {t: {"pool": pool, "leaders": leaders} for t, pool, leaders in con.execute(
            "SELECT type, pool_size, leaders FROM type_summary WHERE format = (SELECT format FROM formats WHERE is_default) ORDER BY type").fetchall()},
        "banlist": _banlist(con),
        "watchlist": dict(con.execute("SELECT card, reason FROM watchlist WHERE format = (SELECT format FROM formats WHERE is_default) ORDER BY card").fetchall()),
        "creature_types": [t for (t,) in con.execute("SELECT type FROM creature_types ORDER BY type").fetchall()],
    }


def _cards(con: duckdb.DuckDBPyConnection) -> dict:
    every_type = con.execute("SELECT count(*) FROM creature_types").fetchone()[0]
    cards = {}
    for (oracle_id, name, legal, reasons, changeling, types, ev_types, ev_words, max_copies,
         leader_types, text) in con.execute(CARDS_SQL).fetchall():
        record = {"name": name, "legal": legal, "max_copies": max_copies, "text": text}
        if reasons:
            record["reasons"] = list(reasons)
        if types:
            record["affiliations"] = [EVERY_TYPE] if changeling else list(types)
            record["evidence"] = dict(zip(ev_types or [], ev_words or []))
        if leader_types:
            # A changeling leader leads every type but the excluded one: "*" says so without 300 names.
            record["leader_types"] = [EVERY_TYPE] if changeling and len(leader_types) >= every_type - 1 \
                else list(leader_types)
        cards[oracle_id] = record
    return cards


def _banlist(con: duckdb.DuckDBPyConnection) -> dict:
    # source_line is left out on purpose: it names a file path and line, which move with every edit.
    names = {card: {"category": category, "reason": reason, "date": date}
             for card, category, reason, date in con.execute(
                 "SELECT card, category, reason, date FROM banlist_names WHERE format = (SELECT format FROM formats WHERE is_default) ORDER BY card").fetchall()}
    categories = dict(con.execute("SELECT category, title FROM banlist_categories WHERE format = (SELECT format FROM formats WHERE is_default) "
                                  "ORDER BY category").fetchall())
    return {"names": names, "categories": categories}


def card_view(record: dict) -> dict:
    """A card record with its left-out empty values filled in."""
    return {**CARD_DEFAULTS, **record}


def content_digest(summary: dict) -> str:
    """A fingerprint of what the summary says about the format, ignoring when and from what it was built."""
    content = {k: v for k, v in summary.items() if k not in META_KEYS}
    canonical = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def same_content(a: dict, b: dict) -> bool:
    return a.get("version") == b.get("version") and content_digest(a) == content_digest(b)


def dump_summary(summary: dict) -> bytes:
    """Gzipped JSON, byte-for-byte the same for the same summary (no timestamp in the gzip header)."""
    text = json.dumps(summary, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def parse_summary(data: bytes, origin: str) -> dict:
    """A summary from its published bytes (gzipped or plain JSON); `origin` names it in errors."""
    try:
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
        summary = json.loads(data.decode("utf-8"))
    except (OSError, EOFError, ValueError, zlib.error) as error:   # zlib.error: a gzip header, bad data
        raise BuildError(f"{origin}: not a build summary ({error})") from error
    if not isinstance(summary, dict) or not isinstance(summary.get("cards"), dict):
        raise BuildError(f"{origin}: not a build summary (no \"cards\" object)")
    return summary


def summary_card_names(summary: dict | None) -> list[str]:
    """Every card name a summary holds, sorted (none for a first build)."""
    cards = (summary or {}).get("cards") or {}
    return sorted({c["name"] for c in cards.values() if isinstance(c, dict) and isinstance(c.get("name"), str)})


def read_summary(path: Path) -> dict | None:
    """The summary stored at `path`, or None when there is none (a first build)."""
    if not path.exists():
        return None
    return parse_summary(path.read_bytes(), str(path))
