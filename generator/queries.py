"""Read-only questions asked of a finished database (the CLI's `card` and `type`, and the site)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import duckdb

from generator.errors import UsageError
from generator.names import Name, NameIndex
from generator.paths import sql_text


def _query(name: str) -> str:
    return sql_text(f"queries/{name}")


def open_database(path: Path) -> duckdb.DuckDBPyConnection:
    """A database that is not there or cannot be opened is input the command cannot read (exit 2, as README
    says for every command), not an answer such as "not found" or "the library ran out" (exit 1)."""
    if not path.exists():
        raise UsageError(f"{path}: no database yet; run `coalition build` first")
    try:
        return duckdb.connect(str(path), read_only=True)
    except duckdb.Error as error:
        raise UsageError(f"{path}: cannot open the database ({str(error).splitlines()[0]})") from error


def _rows_as_dicts(cursor: duckdb.DuckDBPyConnection) -> list[dict]:
    columns = [d[0] for d in cursor.description]
    return [dict(zip(columns, row)) for row in cursor.fetchall()]


def find_cards(con: duckdb.DuckDBPyConnection, names: list[str]) -> list[tuple[str, str | None]]:
    """For each asked name, in order: (asked, oracle_id or None)."""
    found: dict[int, tuple[str, str | None]] = {}
    for position, asked, oracle_id, _name in con.execute(_query("find_cards"), {"names": names}).fetchall():
        found.setdefault(position, (asked, oracle_id))
    return [found[i] for i in sorted(found)]


def evidence_words(con: duckdb.DuckDBPyConnection) -> dict[str, str]:
    """{source: its name before the words read there}, in the order a card's evidence lists them (vocabulary.yml
    evidence_words: the lookup, `coalition card` and the change log say them alike)."""
    return dict(con.execute("SELECT source, words FROM evidence_words ORDER BY position").fetchall())


def quoted_evidence(con: duckdb.DuckDBPyConnection) -> list[str]:
    """The sources whose words are quoted after their name (vocabulary.yml quoted_evidence): `rules text:
    “Goblins”`, where `type line` stands alone. The lookup reads the same list from format.json."""
    return [row[0] for row in con.execute("SELECT source FROM evidence_words WHERE quoted ORDER BY position").fetchall()]


@dataclass(frozen=True)
class EvidenceWords:
    """How the project says where a card's affiliation was read, in the change log, `coalition card` and the
    site's pages alike (vocabulary.yml evidence_words and quoted_evidence; the lookup is its browser twin)."""
    names: Mapping[str, str]
    quoted: frozenset[str]

    @classmethod
    def of(cls, con: duckdb.DuckDBPyConnection) -> "EvidenceWords":
        return cls(evidence_words(con), frozenset(quoted_evidence(con)))

    def said(self, source: str, words: Iterable[str] = (), *, back_face: bool = False) -> str:
        """`rules text: “Goblin”, “Goblins”`, `type line`, `back face's type line`: the source's name, then the
        words read there when it is a source that quotes them."""
        shown = [word for word in words if word] if source in self.quoted else []
        named = ("back face's " if back_face else "") + self.names.get(source, source)
        return named + (": " + ", ".join(f"“{word}”" for word in shown) if shown else "")


def default_format(con: duckdb.DuckDBPyConnection) -> str:
    """The format a command uses when none is asked for (format.yml `default: true`)."""
    return con.execute("SELECT format FROM formats WHERE is_default").fetchone()[0]


def format_ids(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Every format this build holds, the default first."""
    return [f for (f,) in con.execute("SELECT format FROM formats ORDER BY position").fetchall()]


def check_format(con: duckdb.DuckDBPyConnection, fmt: str | None) -> str:
    """fmt, or the default format; a format this build does not hold is a usage error."""
    if fmt is None:
        return default_format(con)
    known = format_ids(con)
    if fmt not in known:
        raise UsageError(f"unknown format '{fmt}' (this build has: {', '.join(known)})")
    return fmt


def leader_word(con: duckdb.DuckDBPyConnection, fmt: str) -> str:
    """What fmt calls its leader (format.yml `leader.word`): leader, hero, commander."""
    row = con.execute("SELECT value ->> '$.word' FROM format_settings WHERE format = ? AND key = 'leader'", [fmt]).fetchone()
    return row[0] if row and row[0] else "leader"


def name_index(con: duckdb.DuckDBPyConnection) -> tuple[NameIndex, list[str]]:
    """Every deck card for the name matcher, and the oracle_id at each of its positions."""
    rows = con.execute(_query("card_names")).fetchall()
    names = [Name(name, tuple(faces), bool(legend), rank) for _id, name, faces, legend, rank in rows]
    return NameIndex(names), [r[0] for r in rows]


def card_facts(con: duckdb.DuckDBPyConnection, oracle_id: str, fmt: str) -> dict | None:
    rows = _rows_as_dicts(con.execute(_query("card_facts"), {"oracle_id": oracle_id, "format": fmt}))
    return rows[0] if rows else None


def meld_result_report(con: duckdb.DuckDBPyConnection, oracle_id: str) -> dict:
    """A meld result in the shape of a card report: found, never legal, with the cards that meld into it."""
    facts = _rows_as_dicts(con.execute(_query("meld_result_facts"), {"oracle_id": oracle_id}))[0]
    parts = list(facts["parts"])
    return {
        "name": facts["name"], "found": True, "affiliations": [], "affiliation_sources": {},
        "affiliation_evidence": [], "ignored_words": [], "removed_affiliations": [], "changeling": False,
        "legal": False, "leader_only": False, "fits_no_deck": False, "pool_types": [], "illegal_reasons": ["meld_result"],
        "notes": [f"the melded back of {' and '.join(parts)}: it exists only on the battlefield, so no deck lists it"],
        "max_copies": 0, "copy_limit_reason": "meld_result", "deck_copies": 0, "leader_zone": None, "leader": False, "coalition_types": [],
        "melded_from": parts, "type_line": facts["type_line"], "mana_cost": "", "scryfall_uri": facts["scryfall_uri"],
    }


def ignored_word_rows(rows: list[dict] | None, cites: dict[str, str] | None = None) -> list[dict]:
    """Type words printed on the card that were not read, with why (055_ignored_words.sql) and `rule`: the
    rule the format cites for that reason (format.yml `cites:` under the reason's code), else None."""
    keys = ("word", "type", "reason", "explanation", "face_index", "evidence", "read_elsewhere")
    return [{**{k: row[k] for k in keys}, "rule": (cites or {}).get(row["reason"])} for row in rows or []]


def format_cites(con: duckdb.DuckDBPyConnection, fmt: str) -> dict[str, str]:
    """The other rules fmt's pages cite (format.yml `cites:`): key -> rule number."""
    row = con.execute("SELECT value FROM format_settings WHERE format = ? AND key = 'cites'", [fmt]).fetchone()
    return json.loads(row[0]) if row and row[0] else {}


def card_report(con: duckdb.DuckDBPyConnection, asked: str, oracle_id: str | None, fmt: str | None = None) -> dict:
    """The stable JSON shape of `coalition card --json`, for one format (the default one unless asked)."""
    if oracle_id is None:
        return {"name": asked, "found": False}
    fmt = fmt or default_format(con)
    facts = card_facts(con, oracle_id, fmt)
    if facts is None:
        return meld_result_report(con, oracle_id)
    sources: dict[str, list[str]] = {}
    for row in facts["affiliation_rows"] or []:
        sources.setdefault(row["type"], [])
        if row["source"] not in sources[row["type"]]:
            sources[row["type"]].append(row["source"])
    return {
        "name": facts["name"],
        "found": True,
        **identity_facts(con, facts, fmt),
        "affiliations": sorted(facts["affiliations"]),
        "affiliation_sources": {t: sorted(s) for t, s in sorted(sources.items())},
        "affiliation_evidence": [
            {k: row[k] for k in ("type", "source", "face_index", "evidence")}
            for row in facts["affiliation_rows"] or [] if row["source"] != "changeling"
        ],
        "ignored_words": ignored_word_rows(facts["ignored_rows"], format_cites(con, fmt)),
        "removed_affiliations": [dict(row) for row in facts["removal_rows"] or []],
        "changeling": bool(facts["is_changeling"]),
        "legal": bool(facts["legal"]),
        "leader_only": bool(facts["leader_only"]),
        "fits_no_deck": bool(facts["fits_no_deck"]),
        # the coalition types whose pools hold it (a changeling: every one); none for an unaffiliated card
        "pool_types": list(facts["pool_types"] or []),
        "illegal_reasons": list(facts["reasons"]),
        "notes": list(facts["notes"]),
        "max_copies": facts["max_copies"],
        "copy_limit_reason": facts["copy_reason"],
        **deck_copies(facts),
        "leader": bool(facts["leader"]),
        "coalition_types": sorted(facts["coalition_types"]),
        "watchlist": banlist_reason(con, "watchlist", facts["name"], fmt),
        "exception": banlist_reason(con, "exceptions", facts["name"], fmt),
        "type_line": facts["type_line"],
        "mana_cost": facts["mana_cost"],
        "scryfall_uri": facts["scryfall_uri"],
    }


def deck_copies(facts: dict) -> dict:
    """How many copies a deck of the format may hold, as the lookup page says: none when the card is not
    legal or fits no deck, one (as the leader, in `leader_zone`) when it is legal only as the leader, else the copy limit
    (`max_copies`, the copy rules' figure, which the validator and cards.json's `x` keep for every card)."""
    if not facts["legal"] or facts["fits_no_deck"]:
        return {"deck_copies": 0, "leader_zone": None}
    if facts["leader_only"]:
        return {"deck_copies": 1, "leader_zone": facts["leader_zone"]}
    return {"deck_copies": facts["max_copies"], "leader_zone": None}


def banlist_reason(con: duckdb.DuckDBPyConnection, listed: str, name: str, fmt: str) -> str | None:
    """The reason fmt's banlist.yml gives the card in its `listed` list, or None when the list does not name it:
    `watchlist` (why it is watched) or `exceptions` (the condition on which it is let in though the card data
    would not: Frankie Peanuts, for casual play), as the banlist page and the lookup say it."""
    assert listed in ("watchlist", "exceptions")   # a table name, not a value: never from input
    row = con.execute(f"SELECT reason FROM {listed} WHERE format = ? AND lower(card) = lower(?) ORDER BY card",
                      [fmt, name]).fetchone()
    return row[0] if row else None


def identity_facts(con: duckdb.DuckDBPyConnection, facts: dict, fmt: str) -> dict:
    """An identity format's own keys of `coalition card --json`: the color identity (WUBRG order, "" for
    colorless) and the format's mechanics the card has; `leader` then says it can be a commander in some
    season variant, and `seasons` names those variants (the leaders table; [] for no season); `as_commander`
    says so, or why not, in the words of the card lookup (generator/commander_words.py)."""
    if facts["format_identity"] != "color":
        return {}
    from generator.commander_words import as_commander
    from generator.export.formatjson import settings

    colors = "".join(c for c in "WUBRG" if c in (facts["color_identity"] or []))
    card = {"color_identity": colors, "mechanics": list(facts["mechanics"] or []),
            "seasons": list(facts["seasons"] or [])}
    # A leader of the build has a (maybe empty) list of seasons; any other card has none at all.
    said = as_commander({**card, "legal": facts["legal"], "in_leaders": facts["seasons"] is not None}, settings(con, fmt))
    return {**card, "as_commander": said}


def type_report(con: duckdb.DuckDBPyConnection, type_name: str, fmt: str | None = None) -> dict | None:
    """The stable JSON shape of `coalition type --json`, or None when it is not a coalition type of fmt."""
    fmt = fmt or default_format(con)
    rows = _rows_as_dicts(con.execute(_query("type_facts"), {"type": type_name, "format": fmt}))
    if not rows:
        return None
    summary = rows[0]
    leaders = _rows_as_dicts(con.execute(_query("type_leaders"), {"type": summary["type"], "format": fmt}))
    groups = ("creatures", "other_spells", "lands")
    by_group = {k: v for k, v in summary.items()
                if k not in ("type", "leaders", "pool_size", "changelings", "other_spells")}
    return {
        "type": summary["type"],
        "leader_count": summary["leaders"],
        "leaders": [leader["name"] for leader in leaders],
        "pool_size": summary["pool_size"],
        "changelings": summary["changelings"],
        "pool_groups": {group: summary[group] for group in groups},
        "pool_by_card_type": by_group,
    }
