"""The deck construction rules (906.5a-h) applied to a parsed list. Every per-card fact (affiliations,
legality, copy limit, leader types) comes from data/cards.json's records and every number and rule number
from data/format.json, so this module decides nothing about single cards: it only counts and compares.

docs/assets/js/validator.js applies the same checks in the browser with the same messages; the cases in
tests/decks/ run against both."""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.decklist import SUGGESTED_NAMES, CardIndex, ParsedList, name_key
from generator.slugs import rule_anchor

GROUP_ORDER = ["creature", "planeswalker", "battle", "instant", "sorcery", "artifact", "enchantment", "land", "other"]
LEGENDARY = re.compile(r"\bLegendary\b")
LEGENDARY_CREATURE = re.compile(r"^[^—]*\bLegendary\b[^—]*\bCreature\b")
# Reasons with a rule of their own: the legendary rule (906.5h) and a leader with no type (906.5e).
OWN_RULE_REASONS = {"legendary", "no_coalition_type"}
OPTIONS_IN_MESSAGE = 3
UNFIT = 10**9   # the cost of a legend none of whose types could be the coalition type


@dataclass
class Facts:
    """cards.json and format.json as loaded, with a name index."""

    cards: list[dict]
    types: list[str]
    fmt: dict
    index: CardIndex
    ban_reasons: dict[str, str]

    @classmethod
    def from_exports(cls, cards_doc: dict, format_doc: dict) -> "Facts":
        bans = {name_key(b["name"]): b["reason"] for b in format_doc.get("banlist", [])}
        return cls(cards_doc["cards"], cards_doc["types"], format_doc, CardIndex(cards_doc["cards"]), bans)


def is_legendary(card: dict) -> bool:
    return bool(LEGENDARY.search(card["t"]))


def leader_shaped(card: dict) -> bool:
    """A card that is (or would be, but for a ban) a leader: in the leaders table, or a legendary creature front."""
    return "L" in card or bool(LEGENDARY_CREATURE.match(card["t"].split(" // ")[0]))


def card_types(card: dict, facts: Facts) -> set[str]:
    return set(facts.types) if card.get("c") else {row[0] for row in card["a"]}


def leader_types(card: dict, facts: Facts) -> list[str]:
    """The types a leader may choose: the build's list, or for a banned legend its affiliations minus the excluded type."""
    if "L" in card:
        return list(card["L"])
    return sorted(card_types(card, facts) - {facts.fmt["excluded_type"]})


def violation(facts: Facts, key: str, message: str, cards: list[str] | None = None) -> dict:
    rule = facts.fmt["rules"][key]
    return {"rule": rule, "code": key, "message": message, "cards": cards or [], "link": f"rules/#{rule_anchor(rule)}"}


def resolve(parsed: ParsedList, facts: Facts) -> dict:
    """Card counts per section (by card index), the unknown names, and section totals."""
    deck = {"main": {}, "side": {}, "unknown": [], "totals": {"main": 0, "side": 0}}
    unknown_keys: dict[str, dict] = {}
    for entry in parsed.entries:
        deck["totals"][entry.section] += entry.count
        found = facts.index.lookup(entry.name)
        if found is not None:
            deck[entry.section][found] = deck[entry.section].get(found, 0) + entry.count
            continue
        key = name_key(entry.name)
        if key in unknown_keys:
            unknown_keys[key]["count"] += entry.count
            continue
        suggestions = facts.index.suggest(entry.name) if len(unknown_keys) < SUGGESTED_NAMES else []
        unknown_keys[key] = {"name": entry.name, "line": entry.line, "count": entry.count, "suggestions": suggestions}
        deck["unknown"].append(unknown_keys[key])
    return deck


def name_of(facts: Facts, i: int) -> str:
    return facts.cards[i]["n"]


def names(facts: Facts, indexes) -> list[str]:
    return sorted(name_of(facts, i) for i in indexes)


def contested(deck: dict, facts: Facts) -> list[int]:
    """The leader candidates when the sideboard holds more than one, by name; else none."""
    in_side = sorted((i for i in deck["side"] if leader_shaped(facts.cards[i])), key=lambda i: name_of(facts, i))
    return in_side if len(in_side) > 1 else []


def find_leader(deck: dict, facts: Facts) -> tuple[int | None, list[dict]]:
    """906.5f: exactly one legendary creature, in the sideboard. A lone one in the main deck is taken as the
    intended leader so the type can still be checked."""
    in_side = [i for i in deck["side"] if leader_shaped(facts.cards[i])]
    in_main = [i for i in deck["main"] if leader_shaped(facts.cards[i])]
    if len(in_side) > 1:
        listed = names(facts, in_side)
        return None, [violation(facts, "leader", f"The sideboard holds {len(listed)} legendary creatures "
                                f"({'; '.join(listed)}); exactly one of them must stay, as the coalition leader.",
                                listed)]
    if in_side:
        leader = in_side[0]
    elif len(in_main) == 1:
        leader = in_main[0]
        return leader, [violation(facts, "leader", f"{name_of(facts, leader)} is in the main deck; "
                                  "the coalition leader starts in the sideboard.", [name_of(facts, leader)])]
    else:
        return None, [violation(facts, "leader", "No leader: the sideboard must hold exactly one legendary "
                                "creature, the coalition leader.")]
    copies = deck["side"].get(leader, 0) + deck["main"].get(leader, 0)
    if copies > 1:
        return leader, [violation(facts, "leader", f"{name_of(facts, leader)} is the leader: the deck may hold "
                                  f"only that one copy, in the sideboard ({copies} found).", [name_of(facts, leader)])]
    return leader, []


def size_violations(deck: dict, facts: Facts) -> list[dict]:
    found = []
    main, side = deck["totals"]["main"], deck["totals"]["side"]
    if main != facts.fmt["deck_size"]:
        found.append(violation(facts, "deck_size", f"The main deck has {main} cards; it must have exactly "
                               f"{facts.fmt['deck_size']}."))
    if side > facts.fmt["sideboard_max"]:
        found.append(violation(facts, "sideboard_size", f"The sideboard has {side} cards, the leader included; "
                               f"it may have at most {facts.fmt['sideboard_max']}."))
    return found


def totals(deck: dict) -> dict[int, int]:
    together = dict(deck["main"])
    for i, count in deck["side"].items():
        together[i] = together.get(i, 0) + count
    return together


def copy_violations(deck: dict, facts: Facts, leader: int | None) -> list[dict]:
    """906.5b-d over main deck and sideboard together; the leader's own copies are 906.5f's business."""
    limits = facts.fmt["copy_limits"]
    found = []
    for i, count in totals(deck).items():
        card = facts.cards[i]
        if i == leader or card["x"] is None or count <= card["x"]:
            continue
        key, usual, what = {
            "creature": ("creature_copies", limits["creature"], "a creature may be included"),
            "land": ("land_copies", limits["nonbasic_land"], "a nonbasic land may be included"),
        }.get(card["g"], ("singleton", limits["other"], "a card that is neither creature nor land may be included"))
        if card["x"] != usual:
            why = f"its own text allows at most {card['x']}"
        else:
            why = f"{what} only once" if usual == 1 else f"{what} at most {usual} times"
        found.append(violation(facts, key, f"{card['n']}: {count} copies in the main deck and sideboard; {why}.", [card["n"]]))
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


def ban_violations(deck: dict, facts: Facts) -> list[dict]:
    found = []
    for i in totals(deck):
        text = ban_text(facts.cards[i], facts)
        if text:
            found.append(violation(facts, "banned", f"{name_of(facts, i)} is banned: {text}", [name_of(facts, i)]))
    return found


def legendary_violations(deck: dict, facts: Facts, leader: int | None) -> list[dict]:
    """906.5h: no legendary card but the leader. Competing leader candidates are extra_legend_violations' business."""
    candidates = set(contested(deck, facts))
    return [
        violation(facts, "legendary", f"{name_of(facts, i)} is legendary: a deck may hold no legendary card "
                  "other than its leader.", [name_of(facts, i)])
        for i in totals(deck) if i != leader and i not in candidates and is_legendary(facts.cards[i])
    ]


def misfits(deck: dict, facts: Facts, leader: int | None, type_name: str) -> list[int]:
    """Cards in the deck that are affiliated, but not with type_name (unaffiliated cards fit every deck)."""
    return [i for i in totals(deck)
            if i != leader and facts.cards[i]["a"] and not facts.cards[i].get("c")
            and type_name not in card_types(facts.cards[i], facts)]


def match_type(asked: str, facts: Facts) -> str | None:
    """A declared type as the build spells it: any case, and the common plural endings."""
    by_lower = {t.lower(): t for t in facts.types}
    word = " ".join(asked.split()).lower()
    for candidate in (word, word[:-1] if word.endswith("s") else "", word[:-2] if word.endswith("es") else "",
                      word[:-3] + "f" if word.endswith("ves") else "", word[:-3] + "y" if word.endswith("ies") else ""):
        if candidate in by_lower:
            return by_lower[candidate]
    return None


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def short_list(items: list[str], limit: int = 5) -> str:
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


def type_options(deck: dict, facts: Facts, leader: int, candidates: list[str]) -> list[dict]:
    """For each of the leader's types: the cards that do not fit and how many copies cutting them removes."""
    together = totals(deck)
    options = []
    for type_name in candidates:
        bad = misfits(deck, facts, leader, type_name)
        options.append({"type": type_name, "misfits": names(facts, bad), "cut": sum(together[i] for i in bad)})
    return sorted(options, key=lambda option: (option["cut"], option["type"]))


def no_type_violation(facts: Facts, leader_name: str, options: list[dict]) -> dict:
    best = [f"{o['type']} (cut {plural(o['cut'], 'card')}: {short_list(o['misfits'])})" for o in options[:OPTIONS_IN_MESSAGE]]
    return violation(facts, "coalition_type", f"No type of {leader_name} is shared by every affiliated card. "
                     f"Fewest cards to cut: {'; '.join(best)}.", options[0]["misfits"] if options else [])


def declared_violations(deck: dict, facts: Facts, leader: int | None, declared: str,
                        candidates: list[str] | None) -> list[dict]:
    """The declared type: a creature type, not the excluded one, one of the leader's, shared by every card."""
    matched = match_type(declared, facts)
    excluded = facts.fmt["excluded_type"]
    if matched is None:
        return [violation(facts, "coalition_type", f"{declared} is not a creature type.")]
    if matched == excluded:
        return [violation(facts, "coalition_type", f"{excluded} may not be the coalition type.")]
    if candidates is not None and matched not in candidates:
        leader_name = name_of(facts, leader)
        return [violation(facts, "coalition_type", f"{leader_name} is not affiliated with {matched}; it can lead "
                          f"{short_list(candidates, 8)}.", [leader_name])]
    bad = names(facts, misfits(deck, facts, leader, matched))
    if bad:
        verb = "card is" if len(bad) == 1 else "cards are"
        return [violation(facts, "coalition_type", f"{len(bad)} {verb} not affiliated with {matched}: "
                          f"{short_list(bad, 10)}.", bad)]
    return []


def type_check(deck: dict, facts: Facts, leader: int | None, declared: str | None) -> tuple[list[str], list[dict], list[dict]]:
    """906.5e: (the types that work, violations, per-type cuts when none works)."""
    candidates = None
    if leader is not None:
        candidates = leader_types(facts.cards[leader], facts)
        if not candidates:
            leader_name = name_of(facts, leader)
            return [], [violation(facts, "coalition_type", f"{leader_name} cannot lead: none of its creature types "
                                  f"may be a coalition type ({facts.fmt['excluded_type']} may not be one).", [leader_name])], []
    works = [t for t in candidates if not misfits(deck, facts, leader, t)] if candidates else []
    if declared is not None:
        return works, declared_violations(deck, facts, leader, declared, candidates), []
    if not candidates or works:
        return works, [], []
    options = type_options(deck, facts, leader, candidates)
    return [], [no_type_violation(facts, name_of(facts, leader), options)], options


def without(deck: dict, dropped: set[int]) -> dict:
    """The deck with every copy of the dropped cards taken out."""
    return {**deck, "main": {i: n for i, n in deck["main"].items() if i not in dropped},
            "side": {i: n for i, n in deck["side"].items() if i not in dropped}}


def fit_cost(deck: dict, facts: Facts, legend: int, declared: str | None) -> int:
    """The fewest copies to cut for a type this legend can lead (only the declared type, when there is one)."""
    types = leader_types(facts.cards[legend], facts)
    if declared is not None:
        types = [t for t in types if t == match_type(declared, facts)]
    options = type_options(deck, facts, legend, types)
    return options[0]["cut"] if options else UNFIT


def candidate_checks(deck: dict, facts: Facts, legends: list[int], declared: str | None) -> list[dict]:
    """906.5e for each competing legend as the leader, the others dropped; the best fit first."""
    checked = []
    for legend in legends:
        own = without(deck, set(legends) - {legend})
        works, problems, options = type_check(own, facts, legend, declared)
        checked.append({"name": name_of(facts, legend), "coalition_types": works, "violations": problems,
                        "type_options": options, "cost": fit_cost(own, facts, legend, declared)})
    checked.sort(key=lambda c: (c["cost"], c["name"]))
    return checked


def extra_legend_violations(facts: Facts, candidates: list[dict], declared: str | None) -> list[dict]:
    """906.5h for every competing legend but the best fit, saying which one to keep and why."""
    keeper = candidates[0]
    fits = [] if keeper["violations"] else [match_type(declared, facts)] if declared else keeper["coalition_types"]
    if fits:
        why = f": with it as the leader, {short_list(fits)} would work."
    else:
        why = ": it needs the fewest cuts." if keeper["cost"] < UNFIT else "."
    found = []
    for other in candidates[1:]:
        message = (f"{other['name']} is legendary: a deck may hold no legendary card other than its leader. "
                   f"Drop it and keep {keeper['name']}{why}")
        if other["cost"] == keeper["cost"]:
            message += f" (Keeping {other['name']} instead would fit as well.)"
        found.append(violation(facts, "legendary", message, [other["name"]]))
    return found


def listing(counts: dict[int, int], facts: Facts) -> list[dict]:
    """Cards of one section grouped by card type, as shown and as copied back."""
    rows = []
    for i, count in counts.items():
        card = facts.cards[i]
        export = card["n"] if card.get("s") or not card.get("f") else card["f"][0]
        rows.append({"name": card["n"], "count": count, "group": card["g"], "export": export})
    order = {group: n for n, group in enumerate(GROUP_ORDER)}
    return sorted(rows, key=lambda row: (order.get(row["group"], len(order)), row["name"]))


def deck_listing(deck: dict, facts: Facts, leader: int | None) -> dict:
    side = dict(deck["side"])
    if leader is not None and side.get(leader):
        side[leader] -= 1
        side = {i: n for i, n in side.items() if n}
    leader_row = listing({leader: 1}, facts)[0] if leader is not None else None
    return {"leader": leader_row, "main": listing(deck["main"], facts), "side": listing(side, facts)}


def empty_result(parsed: ParsedList, error: str | None) -> dict:
    return {"legal": False, "error": error, "leader": None, "declared_type": None, "coalition_types": [],
            "violations": [], "unknown_cards": [], "line_errors": parsed.errors, "notes": parsed.notes,
            "type_options": [], "counts": {"main": 0, "side": 0}, "deck": {"leader": None, "main": [], "side": []},
            "leader_candidates": [], "suggested_leader": None}


def check(parsed: ParsedList, facts: Facts, declared_type: str | None = None) -> dict:
    """Every rule over one parsed list. A type given on the command line wins over the list's own line."""
    if parsed.fatal:
        return empty_result(parsed, parsed.fatal)
    declared = declared_type or parsed.declared_type
    deck = resolve(parsed, facts)
    leader, found = find_leader(deck, facts)
    found += size_violations(deck, facts) + copy_violations(deck, facts, leader)
    found += ban_violations(deck, facts) + legendary_violations(deck, facts, leader)
    candidates = candidate_checks(deck, facts, contested(deck, facts), declared)
    if candidates:
        found += extra_legend_violations(facts, candidates, declared)
        works = sorted(set().union(*(c["coalition_types"] for c in candidates)))
        type_found, options = candidates[0]["violations"], candidates[0]["type_options"]
    else:
        works, type_found, options = type_check(deck, facts, leader, declared)
    found = sorted(found + type_found, key=lambda v: (v["rule"], v["message"]))
    result = empty_result(parsed, None)
    result.update({
        "legal": not found and not deck["unknown"] and not parsed.errors,
        "leader": name_of(facts, leader) if leader is not None else None,
        "declared_type": (match_type(declared, facts) or declared) if declared else None,
        "coalition_types": works, "violations": found, "unknown_cards": deck["unknown"],
        "type_options": options, "counts": dict(deck["totals"]), "deck": deck_listing(deck, facts, leader),
        "leader_candidates": [{key: c[key] for key in ("name", "coalition_types", "violations", "type_options")}
                              for c in candidates],
        "suggested_leader": candidates[0]["name"] if candidates else None,
    })
    return result


def deck_text(result: dict, style: str) -> str:
    """The checked deck as Arena (`Deck` / `Sideboard` headers) or MTGO (a blank line before the sideboard)
    import text; the leader opens the sideboard."""
    deck = result["deck"]
    main = [f"{row['count']} {row['export']}" for row in deck["main"]]
    side = [f"{row['count']} {row['export']}" for row in ([deck["leader"]] if deck["leader"] else []) + deck["side"]]
    if style == "arena":
        return "\n".join(["Deck", *main, "", "Sideboard", *side]) + "\n"
    return "\n".join([*main, "", *side]) + "\n"
