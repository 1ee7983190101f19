"""The files the build publishes for browsers and other tools (CONTRIBUTING.md, "What the build publishes"),
for each format under its site prefix ('' for the default format, '<format>/' for the others):
data/cards.json (every per-card fact the deck rules need, with that format's verdicts), data/format.json (the
format's numbers, deck checks, texts and banlist) and, for a format whose pages link them (a typal format's
type and unaffiliated pages), data/pools/ (each type's legal pool and the shared pool as importable lists
and as JSON).

`cards_export` and `format_export` are also what `coalition validate` loads, so the command line and the
validator page apply the deck rules to the very same facts."""

from __future__ import annotations

import heapq
import json
import shutil
from pathlib import Path
from typing import Iterator

import duckdb

from generator.export.formatjson import format_export, has_pools
from generator.paths import SQL_DIR, sql_text
from generator.slugs import slugify

EXPORT_VERSION = 1

# The queries behind the exports: generator/sql/exports/<name>.sql.
EXPORT_SQL_DIR = SQL_DIR / "exports"


def export_sql(name: str) -> str:
    return sql_text(name, EXPORT_SQL_DIR)


# The files of one pool under data/pools/: MTGO/Moxfield text (the leaders after a blank line), Arena text
# (`Deck` / `Sideboard` headers) and JSON.
POOL_FILES = {"text": "{slug}.txt", "arena": "{slug}.arena.txt", "json": "{slug}.json"}

# Arena and Moxfield name a split card in full ("Fire // Ice") and any other two-faced card by its front face.
FULL_NAME_LAYOUTS = {"split", "aftermath"}


COLOR_ORDER = "WUBRG"


def meld_result_record(row: dict) -> dict:
    """A meld result's cards.json entry: never legal (reason meld_result); `mp` names the cards melding into it.
    `x` is the plain singleton limit, so a validator reports the ban, not a copy limit of its own."""
    image = row["image_normal"].split("?", 1)[0] if row["image_normal"] else None
    return {"n": row["name"], "m": "", "t": row["type_line"] or "", "g": "other", "a": [], "l": 0,
            "r": ["meld_result"], "x": 1, "mp": list(row["parts"]), "img": image, "u": row["scryfall_uri"]}


def shared_record(row: dict) -> dict:
    """A shared pool card: its name, and what the unaffiliated pool's table shows under cards.json's keys."""
    image = row["image_normal"].split("?", 1)[0] if row["image_normal"] else None
    return {"name": row["name"], "m": row["mana_cost"] or "", "t": row["type_line"] or "", "g": row["card_group"],
            "x": row["max_copies"], "img": image, "u": row["scryfall_uri"]}


def _dicts(cursor: duckdb.DuckDBPyConnection) -> list[dict]:
    columns = [d[0] for d in cursor.description]
    return [dict(zip(columns, row)) for row in cursor.fetchall()]


def _streamed_rows(cursor: duckdb.DuckDBPyConnection, batch: int = 4096) -> Iterator[tuple]:
    """The rows, a batch at a time: 30,000 cards' rows never sit in memory at once."""
    while rows := cursor.fetchmany(batch):
        yield from rows


def card_entries(con: duckdb.DuckDBPyConnection, fmt: str) -> Iterator[str]:
    """Every cards.json entry with fmt's verdicts as compact JSON text, in name order (code point order, as
    Python sorts: the deck cards come sorted from exports/cards.sql, which writes their entries, and the few
    meld results are merged in), one at a time."""
    melds = sorted((meld["n"], _compact(meld)) for meld in map(meld_result_record, _dicts(con.execute(export_sql("meld_results")))))
    parameters = {"format": fmt, "full_name_layouts": sorted(FULL_NAME_LAYOUTS), "color_order": COLOR_ORDER}
    deck = _streamed_rows(con.execute(export_sql("cards"), parameters))
    return (entry for _name, entry in heapq.merge(deck, melds, key=lambda pair: pair[0]))


def card_records(con: duckdb.DuckDBPyConnection, fmt: str) -> Iterator[dict]:
    """card_entries as dicts, for the commands that read the facts (validate, solo, the league's deck checks)."""
    return map(json.loads, card_entries(con, fmt))


def creature_type_names(con: duckdb.DuckDBPyConnection) -> list[str]:
    return [t for (t,) in con.execute("SELECT type FROM creature_types ORDER BY type").fetchall()]


def cards_export(con: duckdb.DuckDBPyConnection, fmt: str) -> dict:
    """The object written to <format>/data/cards.json: every card with fmt's verdicts."""
    types = creature_type_names(con)
    return {"version": EXPORT_VERSION, "types": types, "cards": list(card_records(con, fmt))}


def write_cards_json(con: duckdb.DuckDBPyConnection, path: Path, fmt: str) -> None:
    """cards_export(con, fmt) written compactly to `path`, card by card: the same bytes as the whole object
    dumped at once, without ever holding it."""
    with path.open("w", encoding="utf-8", newline="\n") as out:
        head = _compact({"version": EXPORT_VERSION, "types": creature_type_names(con), "cards": []})
        out.write(head[:-2])   # up to and with the cards' opening bracket
        for number, entry in enumerate(card_entries(con, fmt)):
            out.write(("," if number else "") + entry)
        out.write("]}")


def import_name(name: str, layout: str, front_name: str) -> str:
    """The name deck-building tools import: the full name of a split card, the front face of any other."""
    return name if layout in FULL_NAME_LAYOUTS else front_name


def pool_text(cards: list[str], leaders: list[str]) -> str:
    """`1 Name` lines; the leaders follow a blank line, which Moxfield, Arena and MTGO all read as the
    sideboard, where a Coalition leader starts the game."""
    text = "".join(f"1 {name}\n" for name in cards)
    if leaders:
        text += "\n" + "".join(f"1 {name}\n" for name in leaders)
    return text


def arena_pool_text(cards: list[str], leaders: list[str]) -> str:
    """The same lines under Arena's `Deck` header; the leaders under `Sideboard`."""
    text = "Deck\n" + "".join(f"1 {name}\n" for name in cards)
    if leaders:
        text += "\nSideboard\n" + "".join(f"1 {name}\n" for name in leaders)
    return text


def _import_names(rows: list[dict]) -> list[str]:
    return [import_name(c["name"], c["layout"], c["front_name"]) for c in rows]


def _write_pool_texts(pools_dir: Path, slug: str, cards: list[str], leaders: list[str]) -> None:
    _write(pools_dir / POOL_FILES["text"].format(slug=slug), pool_text(cards, leaders))
    _write(pools_dir / POOL_FILES["arena"].format(slug=slug), arena_pool_text(cards, leaders))


def type_pool(type_name: str, cards: list[dict], leaders: list[dict]) -> tuple[str, dict]:
    """(text list, JSON object) of one coalition type's pool and leaders."""
    document = {
        "version": EXPORT_VERSION, "type": type_name,
        "leaders": [leader["name"] for leader in leaders],
        "cards": [{"name": c["name"], "via": c["via"], "evidence": c["evidence"]} for c in cards],
        "shared_url": "shared.json",
    }
    return pool_text(_import_names(cards), _import_names(leaders)), document


def _by_type(rows: list[dict]) -> dict[str, list[dict]]:
    grouped: dict[str, list[dict]] = {}
    for row in rows:
        grouped.setdefault(row["type"], []).append(row)
    return grouped


def _write(path: Path, text: str) -> int:
    path.write_text(text, encoding="utf-8", newline="\n")
    return len(text.encode("utf-8"))


def _compact(document: dict) -> str:
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def write_pools(con: duckdb.DuckDBPyConnection, pools_dir: Path, fmt: str) -> int:
    """Every type page's pool files plus the shared pool of one format; returns the number of types written."""
    pools_dir.mkdir(parents=True, exist_ok=True)
    at = {"format": fmt}
    types = [t for (t,) in con.execute("SELECT type FROM type_summary WHERE format = $format ORDER BY type", at).fetchall()]
    pools, leaders = _by_type(_dicts(con.execute(export_sql("pools"), at))), _by_type(_dicts(con.execute(export_sql("pool_leaders"), at)))
    slugs: dict[str, str] = {}
    for type_name in types:
        slug = slugify(type_name)
        if slug in slugs or slug == "shared":
            raise ValueError(f"pool file name clash: {type_name!r} and {slugs.get(slug, 'shared')!r} are both {slug}")
        slugs[slug] = type_name
        cards, leads = pools.get(type_name, []), leaders.get(type_name, [])
        _, document = type_pool(type_name, cards, leads)
        _write_pool_texts(pools_dir, slug, _import_names(cards), _import_names(leads))
        _write(pools_dir / POOL_FILES["json"].format(slug=slug), _compact(document))
    shared = _dicts(con.execute(export_sql("shared_pool"), at))
    _write_pool_texts(pools_dir, "shared", _import_names(shared), [])
    _write(pools_dir / POOL_FILES["json"].format(slug="shared"),
           _compact({"version": EXPORT_VERSION, "type": None, "cards": [shared_record(c) for c in shared]}))
    return len(types)


def export_dirs(con: duckdb.DuckDBPyConnection, out_dir: Path) -> dict[str, Path]:
    """Format -> the data folder its exports go to: out_dir/data/ for the default format,
    out_dir/<format>/data/ for every other one."""
    rows = con.execute("SELECT format, site_prefix FROM formats ORDER BY position").fetchall()
    return {fmt: Path(out_dir) / prefix / "data" for fmt, prefix in rows}


def write_format_exports(con: duckdb.DuckDBPyConnection, data_dir: Path, fmt: str) -> dict:
    """Writes data_dir/{cards.json, format.json} for one format, and pools/ when its pages link pool files
    (has_pools: a typal format); returns its figures. A pools/ folder a format no longer has is removed."""
    data_dir.mkdir(parents=True, exist_ok=True)
    write_cards_json(con, data_dir / "cards.json", fmt)
    _write(data_dir / "format.json", json.dumps(format_export(con, fmt), ensure_ascii=False, indent=1))
    if has_pools(con, fmt):
        pool_types = write_pools(con, data_dir / "pools", fmt)
    else:
        shutil.rmtree(data_dir / "pools", ignore_errors=True)
        pool_types = 0
    # No gzipped size here: compressing 5 MB took a second of each worker's time for a figure nobody read.
    # The budget is checked on the built site (generator/site/check.py).
    return {"cards_json_bytes": (data_dir / "cards.json").stat().st_size, "pool_types": pool_types}


def write_exports(con: duckdb.DuckDBPyConnection, out_dir: Path) -> dict:
    """Every format's exports; returns the default format's figures (the build's summary line), with
    every format's under `formats`."""
    figures = {fmt: write_format_exports(con, data_dir, fmt) for fmt, data_dir in export_dirs(con, out_dir).items()}
    default = next(iter(figures.values()))
    return {**default, "formats": figures}
