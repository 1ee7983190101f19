"""The `typal_identity` check kind: every card with an affiliation shares one
creature type with the leader, never the excluded type; and, when the sideboard holds several legends, which
one to keep (the `legendary` check's `drop` message). Templates and numbers come from format.json."""

from __future__ import annotations

from generator.deckfacts import (Facts, card_list, card_types, leader_types, name_of, names, say, totals, type_list,
                                 violation)
from generator.names import SUGGESTIONS, Name, NameIndex

OPTIONS_IN_MESSAGE = 3   # the choices of cuts a `no_fit` message names, cheapest first
TYPES_NAMED = 8          # a choice's types named (the message, the CLI's lines, the page's table), then a count
UNFIT = 10**9   # the cost of a legend none of whose types could be the shared type


def misfits(deck: dict, facts: Facts, leader: int | None, type_name: str) -> list[int]:
    """Cards in the deck that are affiliated, but not with type_name (unaffiliated cards fit every deck)."""
    return [i for i in totals(deck)
            if i != leader and facts.cards[i]["a"] and not facts.cards[i].get("c")
            and type_name not in card_types(facts.cards[i], facts)]


def match_type(asked: str, facts: Facts) -> str | None:
    """A declared type as the build spells it, in any case and any spelling the build knows (format.json's
    type_forms: singular, regular and irregular plurals such as Mice, Oxen, Fungi)."""
    word = " ".join(asked.split()).lower()
    forms = facts.fmt.get("type_forms") or {t.lower(): t for t in facts.types}
    return forms.get(word)


def nearest_types(asked: str, facts: Facts, candidates: list[str] | None) -> list[str]:
    """The types a mistyped declared type is nearest to, by the one name matcher (generator/names.py) over
    every spelling the build knows: the leader's types first, every type when none of them is near."""
    forms = facts.fmt.get("type_forms") or {t.lower(): t for t in facts.types}
    for allowed in ([set(candidates)] if candidates else []) + [None]:
        spellings = [(form, t) for form, t in forms.items() if allowed is None or t in allowed]
        index = NameIndex([Name(form, (), False) for form, _type in spellings])
        near = list(dict.fromkeys(spellings[i][1] for i in index.suggest(asked, SUGGESTIONS)))
        if near:
            return near
    return []


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def cut_words(option: dict) -> str:
    """How much a type option cuts: copies and cards told apart ("22 copies of 7 cards"; "3 cards" when each
    card is one copy)."""
    copies, cards = option["cut"], len(option["misfits"])
    if copies == cards:
        return plural(cards, "card")
    return f"{'1 copy' if copies == 1 else f'{copies} copies'} of {plural(cards, 'card')}"


def type_options(deck: dict, facts: Facts, leader: int, candidates: list[str]) -> list[dict]:
    """For each of the leader's types: the cards that do not fit and how many copies cutting them removes."""
    together = totals(deck)
    options = []
    for type_name in candidates:
        bad = misfits(deck, facts, leader, type_name)
        options.append({"type": type_name, "misfits": names(facts, bad), "cut": sum(together[i] for i in bad)})
    return sorted(options, key=lambda option: (option["cut"], option["type"]))


def option_groups(options: list[dict]) -> list[dict]:
    """The type options that cut the same cards, as one choice each ({types, misfits, cut}), in the options'
    order (fewest copies first): a changeling leader's hundreds of types are a handful of choices ("Druid, Elf":
    cut Goblin Guide), not a hundred rows saying the same."""
    groups: dict[tuple[str, ...], dict] = {}
    for option in options:
        group = groups.setdefault(tuple(option["misfits"]), {"types": [], "misfits": option["misfits"], "cut": option["cut"]})
        group["types"].append(option["type"])
    return list(groups.values())


def no_type_violation(declared: dict, leader_name: str, options: list[dict]) -> dict:
    """No type works: the cheapest choices of cuts, each naming every type that cuts the same cards, as the
    CLI's lines and the page's table group them (a tie cut by a limit on single types would drop some)."""
    best = [say(declared, "option", types=type_list(o["types"], TYPES_NAMED), cut=cut_words(o),
                cards=card_list(o["misfits"], 5)) for o in option_groups(options)[:OPTIONS_IN_MESSAGE]]
    return violation(declared, "no_fit", options[0]["misfits"] if options else [], leader=leader_name,
                     options="; ".join(best))


def declared_violations(deck: dict, facts: Facts, leader: int | None, declared_type: str,
                        candidates: list[str] | None, declared: dict) -> list[dict]:
    """The declared type: a creature type, not the excluded one, one of the leader's, shared by every card."""
    matched = match_type(declared_type, facts)
    excluded = facts.fmt.get("excluded_type")
    if matched is None:
        near = nearest_types(declared_type, facts, candidates)
        if near:
            return [violation(declared, "not_a_type_near", type=declared_type, types=" or ".join(near))]
        return [violation(declared, "not_a_type", type=declared_type)]
    if matched == excluded:
        return [violation(declared, "excluded", type=excluded)]
    if candidates is not None and matched not in candidates:
        leader_name = name_of(facts, leader)
        return [violation(declared, "not_led", [leader_name], leader=leader_name, type=matched,
                          types=type_list(candidates, 8))]
    bad = names(facts, misfits(deck, facts, leader, matched))
    if bad:
        return [violation(declared, "misfit" if len(bad) == 1 else "misfits", bad, count=len(bad), type=matched,
                          cards=card_list(bad, 10))]
    return []


def cannot_lead_violation(declared: dict, facts: Facts, leader: int) -> dict:
    """A legend with no type to choose: no creature type at all (the build's reason `no_affiliation`: a Shrine,
    a Background), else only the excluded one."""
    leader_name = name_of(facts, leader)
    message = "no_affiliation" if "no_affiliation" in facts.cards[leader].get("r", []) else "cannot_lead"
    return violation(declared, message, [leader_name], leader=leader_name, excluded=facts.fmt.get("excluded_type"))


def type_check(deck: dict, facts: Facts, leader: int | None, declared_type: str | None) -> tuple[list[str], list[dict], list[dict]]:
    """(the types that work, violations, per-type cuts when none works)."""
    declared = facts.check("typal_identity")
    if declared is None:
        return [], [], []
    candidates = None
    if leader is not None:
        candidates = leader_types(facts.cards[leader], facts)
        if not candidates:
            return [], [cannot_lead_violation(declared, facts, leader)], []
    works = [t for t in candidates if not misfits(deck, facts, leader, t)] if candidates else []
    if declared_type is not None:
        return works, declared_violations(deck, facts, leader, declared_type, candidates, declared), []
    if not candidates or works:
        return works, [], []
    options = type_options(deck, facts, leader, candidates)
    return [], [no_type_violation(declared, name_of(facts, leader), options)], options


def without(deck: dict, dropped: set[int]) -> dict:
    """The deck with every copy of the dropped cards taken out."""
    return {**deck, "main": {i: n for i, n in deck["main"].items() if i not in dropped},
            "side": {i: n for i, n in deck["side"].items() if i not in dropped}}


def fit_cost(deck: dict, facts: Facts, legend: int, declared_type: str | None) -> int:
    """The fewest copies to cut for a type this legend can lead (only the declared type, when there is one)."""
    types = leader_types(facts.cards[legend], facts)
    if declared_type is not None:
        types = [t for t in types if t == match_type(declared_type, facts)]
    options = type_options(deck, facts, legend, types)
    return options[0]["cut"] if options else UNFIT


def candidate_checks(deck: dict, facts: Facts, legends: list[int], declared_type: str | None) -> list[dict]:
    """The type check for each competing legend as the leader, the others dropped; the best fit first."""
    checked = []
    for legend in legends:
        own = without(deck, set(legends) - {legend})
        works, problems, options = type_check(own, facts, legend, declared_type)
        checked.append({"name": name_of(facts, legend), "coalition_types": works, "violations": problems,
                        "type_options": options, "cost": fit_cost(own, facts, legend, declared_type)})
    checked.sort(key=lambda c: (c["cost"], c["name"]))
    return checked


def extra_legend_violations(facts: Facts, candidates: list[dict], declared_type: str | None) -> list[dict]:
    """The `legendary` check for every competing legend but the best fit, saying which one to keep and why."""
    declared = facts.check("legendary")
    if declared is None:
        return []
    keeper = candidates[0]
    fits = [] if keeper["violations"] else [match_type(declared_type, facts)] if declared_type else keeper["coalition_types"]
    if fits:
        why = say(declared, "why_fits", types=type_list(fits))
    else:
        why = say(declared, "why_cheapest" if keeper["cost"] < UNFIT else "why_none")
    found = []
    for other in candidates[1:]:
        message = say(declared, "drop", card=other["name"], keeper=keeper["name"], why=why)
        if other["cost"] == keeper["cost"]:
            message += say(declared, "as_well", card=other["name"])
        found.append({**violation(declared, "drop", [other["name"]]), "message": message})
    return found
