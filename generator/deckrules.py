"""A generic interpreter of a format's declared deck checks (format.yml `checks`, exported in format.json).
Each check names a kind this module knows (main_size, sideboard_size, copies, banned, legendary, leader,
typal_identity), the rule it cites and its message templates; a format runs only the checks it declares.
Every per-card fact (affiliations, legality, copy limit, leader types) comes from cards.json's records and
every number, rule number and word from format.json, so this module names no format and decides nothing
about single cards: it only counts, compares and fills in templates.

docs/assets/js/deckrules.js is its twin in the browser, with the same kinds and the same templates; the
cases in tests/decks/ run against both."""

from __future__ import annotations

from generator import deckcolors, decktypes
from generator.deckfacts import (
    OWN_RULE_REASONS, Facts, contested, is_legendary, leader_shaped, name_of, names, say, totals, violation,
)
from generator.decklist import SUGGESTED_NAMES, ParsedList, name_key


def resolve(parsed: ParsedList, facts: Facts) -> dict:
    """Card counts per section (by card index), the unknown names, section totals and the cards listed under
    a Commander header (counted in the main deck when the format's commander is one of its cards), and how
    many names under that header are no known card (a misspelled commander is named, not missing)."""
    deck = {"main": {}, "side": {}, "unknown": [], "totals": {"main": 0, "side": 0}, "commanders": [],
            "unknown_commanders": 0}
    commander_in_main = (facts.fmt.get("leader") or {}).get("zone") == "main"
    unknown_keys: dict[str, dict] = {}
    for entry in parsed.entries:
        section = "main" if entry.commander and commander_in_main else entry.section
        deck["totals"][section] += entry.count
        found = facts.index.lookup(entry.name)
        if found is not None:
            deck[section][found] = deck[section].get(found, 0) + entry.count
            if entry.commander and found not in deck["commanders"]:
                deck["commanders"].append(found)
            continue
        key = name_key(entry.name)
        if key in unknown_keys:
            unknown_keys[key]["count"] += entry.count
            continue
        deck["unknown_commanders"] += entry.commander
        suggestions = facts.index.suggest(entry.name) if len(unknown_keys) < SUGGESTED_NAMES else []
        unknown_keys[key] = {"name": entry.name, "line": entry.line, "count": entry.count, "suggestions": suggestions}
        deck["unknown"].append(unknown_keys[key])
    return deck


def find_leader(deck: dict, facts: Facts) -> tuple[int | None, list[dict]]:
    """The `leader` check: exactly one legendary creature, in the sideboard. A lone one in the main deck is
    taken as the intended leader so the type can still be checked."""
    declared = facts.check("leader")
    in_side = [i for i in deck["side"] if leader_shaped(facts.cards[i])]
    in_main = [i for i in deck["main"] if leader_shaped(facts.cards[i])]
    if declared is None:
        return (in_side[0] if len(in_side) == 1 else None), []
    if len(in_side) > 1:
        listed = names(facts, in_side)
        return None, [violation(declared, "several", listed, count=len(listed), cards="; ".join(listed))]
    if in_side:
        leader = in_side[0]
    elif len(in_main) == 1:
        leader = in_main[0]
        return leader, [violation(declared, "in_main", [name_of(facts, leader)], card=name_of(facts, leader))]
    else:
        return None, [violation(declared, "none")]
    copies = deck["side"].get(leader, 0) + deck["main"].get(leader, 0)
    if copies > 1:
        return leader, [violation(declared, "copies", [name_of(facts, leader)], card=name_of(facts, leader), count=copies)]
    return leader, []


def size_violations(deck: dict, facts: Facts) -> list[dict]:
    """The `main_size` (exactly deck_size) and `sideboard_size` (at most sideboard_max, or exactly that many
    where the format's `readings: sideboard` says "exactly") checks."""
    found = []
    main, side = deck["totals"]["main"], deck["totals"]["side"]
    main_check, side_check = facts.check("main_size"), facts.check("sideboard_size")
    if main_check and main != facts.fmt["deck_size"]:
        found.append(violation(main_check, "wrong", count=main, limit=facts.fmt["deck_size"]))
    exact = (facts.fmt.get("readings") or {}).get("sideboard") == "exactly"
    if side_check and (side > facts.fmt["sideboard_max"] or (exact and side < facts.fmt["sideboard_max"])):
        message = "wrong" if exact else "too_many"
        found.append(violation(side_check, message, count=side, limit=facts.fmt["sideboard_max"]))
    return found


COPY_LIMIT_OF_GROUP = {"creature": "creature", "land": "nonbasic_land", "other": "other"}


def copy_violations(deck: dict, facts: Facts, leader: int | None) -> list[dict]:
    """The `copies` checks over main deck and sideboard together, one per card group (creature, land, every
    other card); the leader's own copies are the `leader` check's business."""
    found = []
    for i, count in totals(deck).items():
        card = facts.cards[i]
        if i == leader or card["x"] is None or count <= card["x"]:
            continue
        group = card["g"] if card["g"] in ("creature", "land") else "other"
        declared = facts.check("copies", group)
        if declared is None:
            continue
        usual = facts.fmt["copy_limits"][COPY_LIMIT_OF_GROUP[group]]
        if card["x"] != usual:
            why = say(declared, "own_text", limit=card["x"])
        else:
            why = say(declared, "once" if usual == 1 else "times", what=declared.get("what", ""), limit=usual)
        found.append(violation(declared, "too_many", [card["n"]], card=card["n"], count=count, why=why))
    return found


def ban_text(card: dict, facts: Facts) -> str:
    texts = []
    for code in card["r"]:
        if code in OWN_RULE_REASONS:
            continue
        named = facts.ban_reasons.get(name_key(card["n"])) or (card.get("f") and facts.ban_reasons.get(name_key(card["f"][0])))
        text = named if code == "banned" and named else facts.fmt["reason_texts"].get(code, code)
        if text not in texts:
            texts.append(text)
    return " ".join(texts)


def places(deck: dict, i: int) -> list[str]:
    """Where the list has card i: under the Commander header, in the main deck (beyond that copy, when the
    commander counts in it), in the sideboard."""
    commander = i in deck["commanders"]
    return [place for place, here in (("commander", commander), ("main", deck["main"].get(i, 0) > commander),
                                      ("side", deck["side"].get(i, 0) > 0)) if here]


def where_words(declared: dict, deck: dict, i: int) -> str:
    """The check's words for each place the list has card i (its `where_<place>` messages), joined by "or"."""
    return " or ".join(say(declared, f"where_{place}") for place in places(deck, i)
                       if f"where_{place}" in declared["messages"])


def ban_violations(deck: dict, facts: Facts) -> list[dict]:
    """The `banned` check: every card a reason of the format keeps out, with that reason's words and, for a
    template that asks ({where}), the places this list has it."""
    declared = facts.check("banned")
    found = []
    for i in totals(deck) if declared else []:
        text = ban_text(facts.cards[i], facts)
        if text:
            found.append(violation(declared, "banned", [name_of(facts, i)], card=name_of(facts, i), reasons=text,
                                   where=where_words(declared, deck, i)))
    return found


def legendary_violations(deck: dict, facts: Facts, leader: int | None) -> list[dict]:
    """The `legendary` check: no legendary card but the leader. Competing leader candidates are
    generator/decktypes.py's extra_legend_violations' business."""
    declared = facts.check("legendary")
    if declared is None:
        return []
    candidates = set(contested(deck, facts))
    return [
        violation(declared, "other", [name_of(facts, i)], card=name_of(facts, i))
        for i in totals(deck) if i != leader and i not in candidates and is_legendary(facts.cards[i])
    ]


def listing(counts: dict[int, int], facts: Facts) -> list[dict]:
    """Cards of one section grouped by card type, as shown and as copied back."""
    rows = []
    for i, count in counts.items():
        card = facts.cards[i]
        export = card["n"] if card.get("s") or not card.get("f") else card["f"][0]
        rows.append({"name": card["n"], "count": count, "group": card["g"], "export": export})
    order = {g["group"]: n for n, g in enumerate(facts.fmt.get("card_groups", []))}
    return sorted(rows, key=lambda row: (order.get(row["group"], len(order)), row["name"]))


def deck_listing(deck: dict, facts: Facts, leader: int | None, commanders: list[int] = ()) -> dict:
    """The deck as shown and as copied back: the leader apart from the sideboard, only when the list has it
    there (a leader taken from the main deck stays there: the export writes each card where the player put
    it, whatever the verdict); an identity format's commanders apart from the main deck (`commanders`)."""
    if commanders:
        main = {i: n - (i in commanders) for i, n in deck["main"].items()}
        return {"leader": None, "commanders": listing({i: 1 for i in commanders}, facts),
                "main": listing({i: n for i, n in main.items() if n}, facts), "side": listing(deck["side"], facts)}
    side = dict(deck["side"])
    leader_row = None
    if leader is not None and side.get(leader):
        side[leader] -= 1
        side = {i: n for i, n in side.items() if n}
        leader_row = listing({leader: 1}, facts)[0]
    return {"leader": leader_row, "main": listing(deck["main"], facts), "side": listing(side, facts)}


def empty_result(parsed: ParsedList, error: str | None) -> dict:
    return {"legal": False, "error": error, "leader": None, "declared_type": None, "coalition_types": [],
            "violations": [], "unknown_cards": [], "line_errors": parsed.errors, "notes": parsed.notes,
            "type_options": [], "counts": {"main": 0, "side": 0}, "deck": {"leader": None, "main": [], "side": []},
            "leader_candidates": [], "suggested_leader": None}


def identity_check(parsed: ParsedList, facts: Facts, identity: str | None, variant: str | None) -> dict:
    """Every rule of an identity format (format.yml `identity: color`) over one list."""
    variant_name, chosen = deckcolors.variant_of(facts, variant)
    parsed = deckcolors.mtgo_commanders(parsed, facts)
    deck = resolve(parsed, facts)
    commanders, found = deckcolors.commander_violations(deck, facts, variant_name, chosen)
    found += size_violations(deck, facts) + copy_violations(deck, facts, None) + ban_violations(deck, facts)
    assigned, colour_found = deckcolors.identity_violations(deck, facts, commanders, identity, variant_name, chosen)
    found += colour_found + deckcolors.mechanic_violations(deck, facts, variant_name, chosen)
    found = sorted(found, key=lambda v: (v["rule"], v["message"]))
    result = empty_result(parsed, None)
    result.update({
        "legal": not found and not deck["unknown"] and not parsed.errors,
        "leader": " and ".join(name_of(facts, i) for i in commanders) or None,
        "commanders": [name_of(facts, i) for i in commanders], "identity": assigned, "variant": variant_name,
        "violations": found, "unknown_cards": deck["unknown"], "counts": dict(deck["totals"]),
        "deck": deck_listing(deck, facts, None, commanders),
    })
    return result


def check(parsed: ParsedList, facts: Facts, declared_type: str | None = None, *, identity: str | None = None,
          variant: str | None = None) -> dict:
    """Every rule over one parsed list. A type given on the command line wins over the list's own line;
    identity and variant are an identity format's (the player's assigned colors, the season's variant)."""
    if parsed.fatal:
        return empty_result(parsed, parsed.fatal)
    declared = declared_type or parsed.declared_type
    if facts.fmt.get("identity") == "color":
        problem = deckcolors.identity_error(facts, identity)
        if problem:   # a mistyped option, as an unknown variant is: no rule of the deck is broken
            return {**empty_result(parsed, problem), "error_in": "identity"}
        return identity_check(parsed, facts, identity, variant)
    deck = resolve(parsed, facts)
    leader, found = find_leader(deck, facts)
    found += size_violations(deck, facts) + copy_violations(deck, facts, leader)
    found += ban_violations(deck, facts) + legendary_violations(deck, facts, leader)
    candidates = decktypes.candidate_checks(deck, facts, contested(deck, facts), declared)
    if candidates:
        found += decktypes.extra_legend_violations(facts, candidates, declared)
        works = sorted(set().union(*(c["coalition_types"] for c in candidates)))
        type_found, options = candidates[0]["violations"], candidates[0]["type_options"]
    else:
        works, type_found, options = decktypes.type_check(deck, facts, leader, declared)
    found = sorted(found + type_found, key=lambda v: (v["rule"], v["message"]))
    result = empty_result(parsed, None)
    result.update({
        "legal": not found and not deck["unknown"] and not parsed.errors,
        "leader": name_of(facts, leader) if leader is not None else None,
        "declared_type": (decktypes.match_type(declared, facts) or declared) if declared else None,
        "coalition_types": works, "violations": found, "unknown_cards": deck["unknown"],
        "type_options": options, "counts": dict(deck["totals"]), "deck": deck_listing(deck, facts, leader),
        "leader_candidates": [{key: c[key] for key in ("name", "coalition_types", "violations", "type_options")}
                              for c in candidates],
        "suggested_leader": candidates[0]["name"] if candidates else None,
    })
    return result


def deck_text(result: dict, style: str) -> str:
    """The checked deck as Arena (`Deck` / `Sideboard` headers) or MTGO (a blank line before the sideboard)
    import text; the leader, when the list has it in the sideboard, opens it. An identity format's commanders go under Arena's
    `Commander` header, or open the sideboard in MTGO text, where MTGO puts a commander (and where
    deckcolors.mtgo_commanders reads it back)."""
    deck = result["deck"]
    commanders = [f"{row['count']} {row['export']}" for row in deck.get("commanders", [])]
    main = [f"{row['count']} {row['export']}" for row in deck["main"]]
    side = [f"{row['count']} {row['export']}" for row in ([deck["leader"]] if deck["leader"] else []) + deck["side"]]
    if style == "arena":
        head = ["Commander", *commanders, ""] if commanders else []
        return "\n".join([*head, "Deck", *main, "", "Sideboard", *side]) + "\n"
    return "\n".join([*main, "", *commanders, *side]) + "\n"
