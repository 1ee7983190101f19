"""What both halves of the deck-check interpreter share: the exported facts (cards.json, format.json) with
a name index, the format's declared checks by kind, and message templates filled in. Names no format."""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.decklist import CardIndex, name_key
from generator.formatschema import PLACEHOLDER
from generator.slugs import rule_anchor

LEGENDARY_CREATURE = re.compile(r"^[^—]*\bLegendary\b[^—]*\bCreature\b")
# Reason codes with a check of their own: the legendary rule and a leader with no type.
OWN_RULE_REASONS = {"legendary", "no_coalition_type", "no_affiliation"}


@dataclass
class Facts:
    """cards.json and format.json as loaded, with a name index."""

    cards: list[dict]
    types: list[str]
    fmt: dict
    index: CardIndex
    ban_reasons: dict[str, str]
    checks: dict[str, list[dict]]     # kind -> the format's checks of that kind, in declared order

    @classmethod
    def from_exports(cls, cards_doc: dict, format_doc: dict) -> "Facts":
        bans = {name_key(b["name"]): b["reason"] for b in format_doc.get("banlist", [])}
        checks: dict[str, list[dict]] = {}
        for declared in format_doc["checks"]:
            checks.setdefault(declared["kind"], []).append(declared)
        return cls(cards_doc["cards"], cards_doc["types"], format_doc, CardIndex(cards_doc["cards"]), bans, checks)

    def check(self, kind: str, group: str | None = None) -> dict | None:
        """The format's check of this kind (and copy group), or None when the format does not declare one."""
        return next((c for c in self.checks.get(kind, []) if group is None or c.get("group") == group), None)


def is_legendary(card: dict) -> bool:
    """The build's verdict (cards.json's `lg`, `cards.is_legendary`), not the type line's word: a flip card
    follows the format data's reading (`readings: flip_cards`), so every page and tool says the same."""
    return bool(card.get("lg"))


def leader_shaped(card: dict) -> bool:
    """A card that is (or would be, but for a ban) a leader: in the leaders table, or a legendary creature front."""
    return "L" in card or bool(LEGENDARY_CREATURE.match(card["t"].split(" // ")[0]))


def card_types(card: dict, facts: Facts) -> set[str]:
    return set(facts.types) if card.get("c") else {row[0] for row in card["a"]}


def leader_types(card: dict, facts: Facts) -> list[str]:
    """The types a leader may choose: the build's list, or for a banned legend its affiliations minus the excluded type."""
    if "L" in card:
        return list(card["L"])
    return sorted(card_types(card, facts) - {facts.fmt.get("excluded_type")})


def fill(template: str, values: dict) -> str:
    """A message template with its {placeholders} filled in (an unknown one is left as written)."""
    return PLACEHOLDER.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), template)


def say(declared: dict, message: str, **values: object) -> str:
    return fill(declared["messages"][message], values)


def counted(declared: dict, message: str, values: dict) -> str:
    """The message for a count of one: `<message>_one` when the check words it ("1 card", not "1 cards")."""
    singular = message + "_one"
    return singular if values.get("count") == 1 and singular in declared["messages"] else message


def violation(declared: dict, message: str, named: list[str] | None = None, /, **values: object) -> dict:
    """One broken rule: the check's rule and id, its message template `message` (or its `_one` form for a
    count of one) filled in with values, and the names of the cards that break it."""
    rule = declared["rule"]
    return {"rule": rule, "code": declared["id"], "message": say(declared, counted(declared, message, values), **values),
            "cards": named or [], "link": f"rules/#{rule_anchor(rule)}"}


def name_of(facts: Facts, i: int) -> str:
    return facts.cards[i]["n"]


def names(facts: Facts, indexes) -> list[str]:
    return sorted(name_of(facts, i) for i in indexes)


def card_list(cards: list[str], limit: int) -> str:
    """Card names in a message, the first `limit` of them: split by "; ", since a name may hold a comma
    ("Krenko, Mob Boss; Goblin Guide"), then how many more."""
    return _listed(cards, limit, "; ")


def type_list(types: list[str], limit: int = 5) -> str:
    """Type names in a message, split by ", " (no type's name holds a comma), then how many more."""
    return _listed(types, limit, ", ")


def _listed(items: list[str], limit: int, separator: str) -> str:
    return separator.join(items[:limit]) + (f" and {len(items) - limit} more" if len(items) > limit else "")


def contested(deck: dict, facts: Facts) -> list[int]:
    """The leader candidates when the sideboard holds more than one, by name; else none."""
    in_side = sorted((i for i in deck["side"] if leader_shaped(facts.cards[i])), key=lambda i: name_of(facts, i))
    return in_side if len(in_side) > 1 else []


def totals(deck: dict) -> dict[int, int]:
    together = dict(deck["main"])
    for i, count in deck["side"].items():
        together[i] = together.get(i, 0) + count
    return together
