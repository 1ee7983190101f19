"""A type page's pool as JSON (types/<slug>/rows.json beside the page): a type's pool as rows in its page made
the Warrior page 707 KB at twice today's cards and 1.05 MB at three times (issue 15's limit is 500 KB), so the
page ships its headings and empty tables, and docs/assets/js/typepool.js draws the rows a page at a time.

Shape: {"parts": {group key (the page's table ids without "pool-": "creature", ..., "changelings"): [row]}},
a row under cards.json's keys: {"n": name, "u": link, "img": image (absent when none), "m": mana cost,
"t": type line, "x": copies (null: any number), "xr": why that limit, with its rule, "w": why it is in}. The
words are the page's own (generator/site/markup.py), so the table reads as it did when it was in the page."""

from __future__ import annotations

import json

from generator.queries import EvidenceWords
from generator.site.markup import card_href, copy_reason_words


def pool_row(card: dict, fmt: dict, evidence: EvidenceWords) -> dict:
    row = {"n": card["name"], "u": card_href(card)}
    if card.get("image_normal"):
        row["img"] = card["image_normal"]
    row.update({"m": card["mana_cost"] or "", "t": card["type_line"] or "", "x": card["max_copies"],
                "xr": copy_reason_words(fmt, card["copy_reason"]),
                "w": evidence.said(card["via"], [card["evidence"] or ""], back_face=bool(card["face_index"]))})
    return row


def pool_rows_json(groups: list[tuple[str, str, list[dict]]], changelings: list[dict], fmt: dict,
                   evidence: EvidenceWords) -> str:
    """`groups` and `changelings` as generator/site/pages.py's pool_groups gives them, in the page's order."""
    parts = {key: [pool_row(card, fmt, evidence) for card in rows] for key, _title, rows in groups}
    if changelings:
        parts["changelings"] = [pool_row(card, fmt, evidence) for card in changelings]
    return json.dumps({"parts": parts}, ensure_ascii=False, separators=(",", ":"))
