"""A banlist page's card lists as JSON (banlist/rows.json beside the page, under the format's prefix): the lists
in the page made the Mazerunner banlist 656 KB at three times today's cards, and every banlist grows with the
card pool (issue 15's limit is 500 KB). The page keeps its counts, reasons and rule numbers and ships each list
as an empty folded table; docs/assets/js/banlist.js draws the rows with cardtable.js.

Shape: {"parts": {reason code: [row]}}: every card the format keeps out, by reason ("reserved_list", "legendary",
the base pool's reason, ...; `banned` lists the banlist's named entries, whether this data holds the card or
not), a row under cards.json's keys: {"n": name, "u": link, "img": image (absent when none), "m": mana cost,
"t": type line, "s": the card's status in the base pool's format (cards of the base pool's reason only)}."""

from __future__ import annotations

import json
from collections import Counter

from generator.site.markup import card_href


def ban_row(card: dict, status: bool = False) -> dict:
    row = {"n": card["name"], "u": card_href(card)}
    if card.get("image_normal"):
        row["img"] = card["image_normal"]
    row.update({"m": card.get("mana_cost") or "", "t": card.get("type_line") or ""})
    if status:
        row["s"] = card["pool_status"]
    return row


def ban_parts(banlist: dict) -> dict[str, list[dict]]:
    """Every list of the page by reason code: the cards of each reason, and `banned` the banlist's named entries."""
    return {**dict(sorted(banlist["cards_by_reason"].items())),
            "banned": [entry for entry in banlist["banned"] if entry["category"] == "banned"]}


def ban_rows_json(banlist: dict, base_reason: str) -> str:
    """`banlist` as generator/site/context.py's load_banlist gives it; `base_reason` is the code of the cards
    outside the format's base pool, the one list a page splits by their status there."""
    parts = {reason: [ban_row(card, reason == base_reason) for card in cards] for reason, cards in ban_parts(banlist).items()}
    return json.dumps({"parts": parts}, ensure_ascii=False, separators=(",", ":"))


def kept_out(banlist: dict) -> dict[str, int]:
    """How many different cards the lists hold together (`cards`) and how many of them are on more than one
    (`on_several`: the Reserved List's cards that the Commander banlist names too): a card counts once."""
    lists_of = Counter(entry["name"] for entries in ban_parts(banlist).values() for entry in entries)
    return {"cards": len(lists_of), "on_several": sum(1 for count in lists_of.values() if count > 1)}
