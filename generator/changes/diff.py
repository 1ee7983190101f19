"""Compare two build summaries into one change-log entry (or None when nothing worth reporting moved).

An entry is plain JSON, kept in the history and rendered by templates, so old entries read the same after
the code changes. Every list is sorted by name so the same two summaries always give the same entry.
Sections with nothing in them are left out.
"""

from __future__ import annotations

from generator.changes.summary import EVERY_TYPE, SUMMARY_VERSION, card_view, content_digest, same_content
from generator.queries import EvidenceWords

# Why a card may not be played, for the codes that have no category title in data/banlist.yml.
REASON_TITLES = {
    "not_paper": "no paper printing, or not in Vintage's card pool",
    "banned": "banned",
    "legendary": "legendary but no leader",
    "no_coalition_type": "a leader whose only type is the excluded one",
    "no_affiliation": "a leader with no creature type",
}
ENTRY_SECTIONS = ("new_cards", "removed_cards", "renamed", "leaders", "types", "affiliations", "legality",
                  "copy_limits", "banlist", "watchlist", "creature_types")


FIRST_BUILD = "first build: nothing to compare with"
INCOMPARABLE = "incomparable"


def compare_summaries(previous: dict | None, current: dict, evidence: EvidenceWords) -> tuple[str, dict | None]:
    """(status, the change-log entry or None), for the change pages and `coalition changes` alike: FIRST_BUILD
    without a previous summary, INCOMPARABLE when it has another version, "unchanged" when nothing worth
    reporting moved (an Oracle wording fix that moves no fact), else "changed"."""
    if previous is None:
        return FIRST_BUILD, None
    if previous.get("version") != SUMMARY_VERSION:
        return INCOMPARABLE, None
    entry = None if same_content(previous, current) else diff_summaries(previous, current, evidence)
    return ("unchanged", None) if entry is None else ("changed", entry)


def diff_summaries(old: dict, new: dict, evidence: EvidenceWords) -> dict | None:
    """The entry for the build `new` against the published build `old`; None when nothing to report.
    `evidence` says where an affiliation was read."""
    old_cards, new_cards = old["cards"], new["cards"]
    both = [oid for oid in new_cards if oid in old_cards]
    added = [oid for oid in new_cards if oid not in old_cards]
    sections = {
        "new_cards": _by_name([_card_ref(oid, new_cards[oid]) for oid in added]),
        "removed_cards": _by_name([{"oracle_id": oid, "name": rec["name"]}
                                   for oid, rec in old_cards.items() if oid not in new_cards]),
        "renamed": _by_name([{"oracle_id": oid, "name": new_cards[oid]["name"], "old_name": old_cards[oid]["name"]}
                             for oid in both if new_cards[oid]["name"] != old_cards[oid]["name"]]),
        "leaders": _leader_changes(old_cards, new_cards),
        "types": _type_changes(old, new, added),
        "affiliations": _by_name([c for oid in both
                                  if (c := _affiliation_change(oid, old_cards[oid], new_cards[oid], evidence))]),
        "legality": _by_name([c for oid in both if (c := _legality_change(oid, old_cards[oid], new_cards[oid], new))]),
        "copy_limits": _by_name([c for oid in both if (c := _copy_limit_change(oid, old_cards[oid], new_cards[oid]))]),
        "banlist": _keyed_changes(old["banlist"]["names"], new["banlist"]["names"]),
        "watchlist": _keyed_changes(old["watchlist"], new["watchlist"]),
        "creature_types": _set_changes(old["creature_types"], new["creature_types"]),
    }
    sections = {key: value for key, value in sections.items() if value}
    if not sections:
        return None
    return {
        "id": new["built_at"], "date": new["built_at"][:10], "built_at": new["built_at"],
        "scryfall_updated_at": new.get("scryfall_updated_at", ""), "previous_built_at": old.get("built_at", ""),
        "from": content_digest(old), "to": content_digest(new), **sections,
    }


def _by_name(items: list[dict]) -> list[dict]:
    return sorted(items, key=lambda item: (item["name"].casefold(), item.get("oracle_id", "")))


def _card_ref(oracle_id: str, record: dict) -> dict:
    card = card_view(record)
    return {"oracle_id": oracle_id, "name": card["name"], "legal": card["legal"], "reasons": card["reasons"],
            "affiliations": card["affiliations"], "leader_types": card["leader_types"]}


def _leader_changes(old_cards: dict, new_cards: dict) -> dict:
    """Cards that became leaders or stopped leading, with the types they lead (or led)."""
    became, stopped = [], []
    for oid, record in new_cards.items():
        now, before = record.get("leader_types", []), old_cards.get(oid, {}).get("leader_types", [])
        if now and not before:
            became.append({"oracle_id": oid, "name": record["name"], "types": now})
    for oid, record in old_cards.items():
        if record.get("leader_types") and not new_cards.get(oid, {}).get("leader_types"):
            stopped.append({"oracle_id": oid, "name": new_cards.get(oid, record)["name"],
                            "types": record["leader_types"]})
    return {key: _by_name(items) for key, items in (("added", became), ("removed", stopped)) if items}


def _type_changes(old: dict, new: dict, added: list[str]) -> dict:
    """Per coalition type: the new cards in its pool, the leaders it gained or lost, its counts before and after.

    Changelings (every type) are left to the new-cards and leaders sections: listing them under every type
    would bury the news. A type is listed only when a card is named under it or it appeared or vanished."""
    per_type: dict[str, dict] = {}

    def note(type_: str, key: str, name: str) -> None:
        per_type.setdefault(type_, {}).setdefault(key, []).append(name)

    for oid in added:
        card = card_view(new["cards"][oid])
        if card["legal"] and not card["leader_types"] and EVERY_TYPE not in card["affiliations"]:
            for type_ in card["affiliations"]:
                if type_ in new["types"]:
                    note(type_, "new_cards", card["name"])
    for oid in set(new["cards"]) | set(old["cards"]):
        now = set(new["cards"].get(oid, {}).get("leader_types", []))
        before = set(old["cards"].get(oid, {}).get("leader_types", []))
        name = (new["cards"].get(oid) or old["cards"][oid])["name"]
        for type_ in now - before - {EVERY_TYPE}:
            note(type_, "new_leaders", name)
        for type_ in before - now - {EVERY_TYPE}:
            note(type_, "lost_leaders", name)
    for type_ in set(new["types"]) ^ set(old["types"]):
        per_type.setdefault(type_, {})
    return {type_: _type_entry(type_, per_type[type_], old["types"], new["types"]) for type_ in sorted(per_type)}


def _type_entry(type_: str, named: dict, old_types: dict, new_types: dict) -> dict:
    before, after = old_types.get(type_, {}), new_types.get(type_, {})
    entry = {"pool": [before.get("pool", 0), after.get("pool", 0)],
             "leaders": [before.get("leaders", 0), after.get("leaders", 0)]}
    entry.update({key: sorted(set(names), key=str.casefold) for key, names in sorted(named.items())})
    return entry


def describe_evidence(read: str, evidence: EvidenceWords) -> str:
    """`oracle_text: Goblins` -> `rules text: “Goblins”`, `type_line: Goblin` -> `type line`."""
    source, _, words = read.partition(": ")
    return evidence.said(source, [words])


def _affiliation_change(oracle_id: str, old_record: dict, new_record: dict, evidence: EvidenceWords) -> dict | None:
    old, new = card_view(old_record), card_view(new_record)
    if old["affiliations"] == new["affiliations"]:
        return None
    gained = [t for t in new["affiliations"] if t not in old["affiliations"]]
    lost = [t for t in old["affiliations"] if t not in new["affiliations"]]
    oracle_updated = old_record.get("text") != new_record.get("text")
    parts = ["Oracle text updated." if oracle_updated else "Oracle text unchanged: a rules or data change."]
    if gained:
        parts.append("Now: " + "; ".join(
            f"{_type_label(t)} ({describe_evidence(new['evidence'].get(t, ''), evidence)})" for t in gained) + ".")
    if lost:
        parts.append("No longer: " + "; ".join(
            f"{_type_label(t)} (was {describe_evidence(old['evidence'].get(t, ''), evidence)})" for t in lost) + ".")
    return {"oracle_id": oracle_id, "name": new["name"], "old": old["affiliations"], "new": new["affiliations"],
            "gained": gained, "lost": lost, "oracle_updated": oracle_updated, "reason": " ".join(parts)}


def _type_label(type_: str) -> str:
    return "every creature type" if type_ == EVERY_TYPE else type_


def _legality_change(oracle_id: str, old_record: dict, new_record: dict, new_summary: dict) -> dict | None:
    old, new = card_view(old_record), card_view(new_record)
    if old["legal"] == new["legal"]:
        return None
    if new["legal"]:
        why = "No longer: " + ", ".join(reason_title(r, new_summary) for r in old["reasons"]) + "."
    else:
        why = "; ".join(_ban_explanation(r, new["name"], new_summary) for r in new["reasons"]) + "."
    return {"oracle_id": oracle_id, "name": new["name"], "legal": new["legal"], "reasons": new["reasons"],
            "old_reasons": old["reasons"], "why": why}


def reason_title(code: str, summary: dict) -> str:
    """`reserved_list` -> `Reserved List` (data/banlist.yml's title), `not_paper` -> our own words."""
    return summary["banlist"]["categories"].get(code) or REASON_TITLES.get(code, code)


def _ban_explanation(code: str, name: str, summary: dict) -> str:
    """A named ban quotes the banlist's reason; anything else is the reason's title."""
    listed = _banlist_entry(name, summary)
    if code == "banned" and listed and listed.get("reason"):
        return f"Banned: {listed['reason'].rstrip('.')}"
    title = reason_title(code, summary)
    return title[0].upper() + title[1:]


def _banlist_entry(name: str, summary: dict) -> dict | None:
    names = {card.casefold(): entry for card, entry in summary["banlist"]["names"].items()}
    return names.get(name.casefold()) or names.get(name.split(" // ")[0].casefold())


def _copy_limit_change(oracle_id: str, old_record: dict, new_record: dict) -> dict | None:
    old, new = card_view(old_record)["max_copies"], card_view(new_record)["max_copies"]
    if old == new:
        return None
    return {"oracle_id": oracle_id, "name": new_record["name"], "old": old, "new": new}


def _keyed_changes(old: dict, new: dict) -> dict:
    """Banlist or watchlist: entries added, removed, or whose details changed (names as keys)."""
    def item(card: str, value) -> dict:
        return {"card": card, **(value if isinstance(value, dict) else {"reason": value})}

    changes = {
        "added": [item(card, new[card]) for card in sorted(new, key=str.casefold) if card not in old],
        "removed": [item(card, old[card]) for card in sorted(old, key=str.casefold) if card not in new],
        "changed": [{**item(card, new[card]), "was": item(card, old[card])}
                    for card in sorted(new, key=str.casefold) if card in old and old[card] != new[card]],
    }
    return {key: value for key, value in changes.items() if value}


def _set_changes(old: list[str], new: list[str]) -> dict:
    changes = {"added": sorted(set(new) - set(old)), "removed": sorted(set(old) - set(new))}
    return {key: value for key, value in changes.items() if value}
