"""One way to turn names into URL path parts, shared by pages, exports and links."""

from __future__ import annotations

import re
import unicodedata


def slugify(name: str) -> str:
    """`Assembly-Worker` -> `assembly-worker`, `C'tan` and `C’tan` -> `c-tan`, `Lim-Dûl the Necromancer` ->
    `lim-dul-the-necromancer`, `Ætherling` -> `aetherling`. docs/assets/js/cards.js has the same function."""
    # Letters NFKD cannot take apart, and the curly apostrophe, are spelled out before ASCII drops them.
    spelled = name.replace("’", "'").replace("Æ", "Ae").replace("æ", "ae")
    ascii_name = unicodedata.normalize("NFKD", spelled).encode("ascii", "ignore").decode("ascii")
    dashed = re.sub(r"[\s'’/]+", "-", ascii_name.lower())
    cleaned = re.sub(r"[^a-z0-9-]+", "", dashed)
    return re.sub(r"-{2,}", "-", cleaned).strip("-") or "card"


def rule_anchor(rule_number: str) -> str:
    """`906.5e` -> `906-5e`; `906.10.` -> `906-10`."""
    return rule_number.strip().rstrip(".").replace(".", "-").lower()
