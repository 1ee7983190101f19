"""The check kinds of an identity format (format.yml `identity: color`): `commander` (the
cards under the list's Commander header: how many the season's variant wants, each able to be one, none
banned as a commander by the variant, a partner pair's colors), `color_identity` (the commanders' color
identity is the assigned one, or, with none assigned, is taken as it; it has the variant's number of colors;
every card's identity is within it) and `mechanics` (no card has a mechanic of format.yml `mechanics` that
the variant does not allow). Cards carry their identity (`ci`, WUBRG order) and mechanics (`k`) in
cards.json; variants, numbers and words come from format.json.

docs/assets/js/deckcolors.js is its twin in the browser; the cases in tests/decks/ run against both."""

from __future__ import annotations

from dataclasses import replace

from generator.deckfacts import Facts, card_list, leader_shaped, name_of, names, say, totals, violation
from generator.decklist import ParsedList, name_key
from generator.identitywords import accepted_words, identity_letters, identity_nearest, identity_word

WUBRG = "WUBRG"
LISTED_CARDS = 10


def ordered(colors: set[str]) -> str:
    """Colors as one string in WUBRG order ("UW" -> "WU")."""
    return "".join(c for c in WUBRG if c in colors)


def normal_identity(asked: str, facts: Facts) -> str | None:
    """A typed identity ("uw", "{U}{W}", "white blue", "Azorius", "colorless") in WUBRG order, or None when it
    names none: read with format.json's `identity_words` (data/cards/color_identities.yml) as
    generator/identitywords.py says; a format.json of an older build without them falls back to that file."""
    return identity_letters(asked, facts.fmt.get("identity_words"))


def said(letters: str, facts: Facts) -> str:
    """An identity in a message: its letters, or the table's word for the empty one (identity_word)."""
    return identity_word(letters, facts.fmt.get("identity_words"))


def identity_error(facts: Facts, asked: str | None) -> str | None:
    """The `color_identity` check's words (`bad_identity`, or `bad_identity_near` with the name a typo surely
    means) for a typed identity that is none, else None: the command line refuses it as a bad argument and the
    page says it beside its identity box."""
    declared = facts.check("color_identity")
    if declared is None or not asked or normal_identity(asked, facts) is not None:
        return None
    table = facts.fmt.get("identity_words")
    near = identity_nearest(asked, table)
    if near:
        return say(declared, "bad_identity_near", identity=asked, name=near, **accepted_words(table))
    return say(declared, "bad_identity", identity=asked, **accepted_words(table))


def colors_of(card: dict) -> set[str]:
    return set(card.get("ci", ""))


def variant_of(facts: Facts, asked: str | None) -> tuple[str, dict]:
    """(name, variant) of the season variant asked for, else the format's default; ValueError when unknown."""
    variants = facts.fmt.get("variants") or {}
    name = asked or facts.fmt.get("default_variant")
    if name not in variants:
        raise ValueError(f"unknown variant {name!r}: one of {', '.join(sorted(variants))}")
    return name, variants[name]


def mtgo_commanders(parsed: ParsedList, facts: Facts) -> ParsedList:
    """MTGO files a commander in the sideboard: its .txt puts it after the blank line, its .dek marks it
    Sideboard="true". In a format with a `commander` check, a list with no Commander header whose sideboard
    MTGO's convention told has its commanders first there: the first sideboard card, and the next ones while
    they can be commanders (a partner), as long as the main deck falls short of the deck size and at most the
    most commanders any variant has (not the chosen variant's: a list with too many reads as it was written).
    The counts keep it unambiguous: a full main deck has no commander there, a main deck one card short takes
    no spell of the sideboard for a second commander, and a sideboard of its own follows them."""
    if facts.check("commander") is None or not parsed.mtgo_sideboard or any(e.commander for e in parsed.entries):
        return parsed
    main = sum(e.count for e in parsed.entries if e.section == "main")
    most = max((v.get("commanders") or 1 for v in (facts.fmt.get("variants") or {}).values()), default=1)
    wanted = min(most, (facts.fmt.get("deck_size") or 0) - main)
    entries, taken = [], []
    for entry in parsed.entries:
        if entry.section == "side" and len(taken) < wanted and (not taken or _can_lead(entry, facts)):
            entry = replace(entry, commander=True)
            taken.append(entry)
        entries.append(entry)
    if not taken:
        return parsed
    word = facts.fmt["leader"]["word"]   # the format's own word: the schema requires it, so none is guessed here
    listed = " and ".join(e.name for e in taken)
    note = (f"No Commander header: {listed}, first after the main deck's {main} cards, "
            f"{'is' if len(taken) == 1 else 'are'} read as the {word}{'' if len(taken) == 1 else 's'}, as in an MTGO list.")
    return replace(parsed, entries=entries, notes=[*parsed.notes, note])


def _can_lead(entry, facts: Facts) -> bool:
    found = facts.index.lookup(entry.name)
    return found is not None and leader_shaped(facts.cards[found])


def commander_violations(deck: dict, facts: Facts, variant_name: str, variant: dict) -> tuple[list[int], list[dict]]:
    """The `commander` check over the cards listed under the Commander header. A name there that is no known
    card is reported as unknown (with its suggestions), not as "no commander", and still counts as named."""
    declared = facts.check("commander")
    commanders = deck["commanders"]
    named = len(commanders) + deck.get("unknown_commanders", 0)
    if declared is None:
        return commanders, []
    if not named:
        return [], [violation(declared, "none")]
    found = []
    if named != variant["commanders"]:
        found.append(violation(declared, "count", names(facts, commanders), count=named,
                               variant=variant_name, wanted=variant["commanders"]))
    banned_as = {name_key(n) for n in variant.get("banned_as_commander") or []}
    for i in commanders:
        card_name = name_of(facts, i)
        if not leader_shaped(facts.cards[i]):
            found.append(violation(declared, "not_commander", [card_name], card=card_name))
        if name_key(card_name) in banned_as:
            found.append(violation(declared, "banned_as", [card_name], card=card_name, variant=variant_name))
    return commanders, found + pair_violations(commanders, facts, declared, variant)


def pair_violations(commanders: list[int], facts: Facts, declared: dict, variant: dict) -> list[dict]:
    """A partner variant's two commanders: commander_colors colors each, exactly shared_colors in common."""
    each, shared = variant.get("commander_colors"), variant.get("shared_colors")
    if not each or len(commanders) != 2:
        return []
    first, second = (colors_of(facts.cards[i]) for i in commanders)
    if len(first) == each and len(second) == each and len(first & second) == (shared or 0):
        return []
    listed = names(facts, commanders)
    return [violation(declared, "pair", listed, colors=each, shared=shared or 0, cards=" and ".join(listed))]


def identity_violations(deck: dict, facts: Facts, commanders: list[int], asked: str | None,
                        variant_name: str, variant: dict) -> tuple[str | None, list[dict]]:
    """(the deck's color identity, the `color_identity` check's violations)."""
    declared = facts.check("color_identity")
    own = ordered(set().union(*(colors_of(facts.cards[i]) for i in commanders))) if commanders else None
    assigned = own
    if declared is None:
        return assigned, []
    found = []
    if asked:
        assigned = normal_identity(asked, facts)   # never None: check() refuses a typed identity that is none first
        if own is not None and own != assigned:
            found.append(violation(declared, "commander", names(facts, commanders), found=said(own, facts),
                                   identity=said(assigned, facts)))
    if assigned is None:
        return None, found
    if len(assigned) != variant["colors"]:
        found.append(violation(declared, "size", identity=said(assigned, facts), count=len(assigned),
                               variant=variant_name, wanted=variant["colors"]))
    outside = names(facts, [i for i in totals(deck) if i not in commanders and not colors_of(facts.cards[i]) <= set(assigned)])
    if outside:
        found.append(violation(declared, "outside", outside, count=len(outside), identity=said(assigned, facts),
                               cards=card_list(outside, LISTED_CARDS)))
    return assigned, found


def mechanic_violations(deck: dict, facts: Facts, variant_name: str, variant: dict) -> list[dict]:
    """The `mechanics` check: a card with a listed mechanic the variant does not allow."""
    declared = facts.check("mechanics")
    if declared is None:
        return []
    allowed = set(variant.get("allows") or [])
    found = []
    for i in totals(deck):
        has = [m for m in facts.cards[i].get("k", []) if m not in allowed]
        if has:
            found.append(violation(declared, "forbidden", [name_of(facts, i)], card=name_of(facts, i),
                                   mechanics=", ".join(has), variant=variant_name))
    return found
