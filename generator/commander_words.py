"""An identity format's answer to "can this card be a commander?", in the format's own words (format.yml
`texts.commander`): the season variants it can lead in (the leaders table's `seasons`, cards.json "v"), else
why it can lead in none: it is not legal, it is no legendary creature, or for each variant the first of its
colors, its mechanics (2c) and the variant's commander bans. `coalition card` prints it; the card lookup's
twin is commanderSeasons in docs/assets/js/lookup-identity.js, from the same format.json."""

from __future__ import annotations

from generator.deckfacts import fill


def variant_reason(card: dict, name: str, variant: dict, texts: dict, leader: str) -> str:
    """Why variant `name` will not have the card as commander (a variant it is not in)."""
    wanted = variant.get("commander_colors") or variant["colors"]
    count = len(card["color_identity"])
    if count != wanted:
        return fill(texts["colors"], {"variant": name, "leader": leader, "wanted": wanted, "count": count})
    barred = [m for m in card["mechanics"] if m not in (variant.get("allows") or [])]
    if barred:
        return fill(texts["mechanics"], {"variant": name, "mechanics": ", ".join(barred)})
    return fill(texts["banned_as"], {"variant": name, "leader": leader})


def as_commander(card: dict, fmt: dict) -> str | None:
    """card: `coalition card --json`'s name, legal, color_identity, mechanics, seasons and `in_leaders` (a leader
    of the build: leader-shaped and not banned); fmt: the format's settings. None without variants."""
    variants = fmt.get("variants") or {}
    if not variants:
        return None
    texts, leader = fmt["texts"]["commander"], fmt["leader"]["word"]
    if card["seasons"]:
        named = [fill(texts["one_of"], {"variant": v, "count": variants[v]["commanders"]})
                 if variants[v]["commanders"] > 1 else v for v in card["seasons"]]
        return fill(texts["can"], {"leader": leader, "seasons": " or a ".join(named)})
    if not card["legal"]:
        why = [fill(texts["not_legal"], {"format": fmt["name"]})]
    elif not card["in_leaders"]:
        why = [fill(texts["not_shaped"], {"leader": leader})]
    else:
        why = [variant_reason(card, name, variant, texts, leader) for name, variant in variants.items()]
    return fill(texts["cannot"], {"leader": leader, "why": "; ".join(why)})
