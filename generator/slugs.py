"""One way to turn names into URL path parts, shared by pages, exports and links."""

from __future__ import annotations

import re
import unicodedata


# A slug is a file name (leaders/<slug>.md, site/leaders/<slug>/): file systems allow 255 bytes, and a URL
# should stay readable. Longer ones keep their start and end in a hash of the whole name, so they stay unique.
MAX_SLUG = 80
HASHED_PREFIX = MAX_SLUG - 9


def name_hash(name: str) -> str:
    """32-bit FNV-1a of the name's UTF-8 bytes, in 8 hex digits: short, and as easy to write in JavaScript."""
    value = 0x811C9DC5
    for byte in name.encode("utf-8"):
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return f"{value:08x}"


def slugify(name: str) -> str:
    """`Assembly-Worker` -> `assembly-worker`, `C'tan` and `C’tan` -> `c-tan`, `Lim-Dûl the Necromancer` ->
    `lim-dul-the-necromancer`, `Ætherling` -> `aetherling`; over MAX_SLUG characters, the first 71 and a hash
    of the name. docs/assets/js/cards.js has the same function."""
    # Letters NFKD cannot take apart, and the curly apostrophe, are spelled out before ASCII drops them.
    spelled = name.replace("’", "'").replace("Æ", "Ae").replace("æ", "ae")
    ascii_name = unicodedata.normalize("NFKD", spelled).encode("ascii", "ignore").decode("ascii")
    dashed = re.sub(r"[\s'’/]+", "-", ascii_name.lower())
    cleaned = re.sub(r"[^a-z0-9-]+", "", dashed)
    slug = re.sub(r"-{2,}", "-", cleaned).strip("-") or "card"
    if len(slug) > MAX_SLUG:
        slug = slug[:HASHED_PREFIX].rstrip("-") + "-" + name_hash(name)
    return slug


# A rule number as a format's rules text writes it: a section (12, 2), a rule (12.5, 2e), a subrule
# (12.5e) or a lettered rule's Roman-numbered part (2e-ii). formatdata.py and site/rules.py share it.
RULE_NUMBER = r"\d+(?:\.\d+[a-z]?|[a-z](?:-[ivx]+)?)?"
# A term a rules text defines in the glossary that may open it ("Sideboard: the 20 cards ..."): capitalised
# words. Its anchor is its name (`#sideboard`), and format.yml's `cites:` may name it as it names a rule.
TERM = r"[A-Z][A-Za-z]*(?: [A-Za-z]+)*"


def rule_anchor(rule_number: str) -> str:
    """`12.5e` -> `12-5e`; `12.10.` -> `12-10`; `2e-ii` -> `2e-ii`; a term, `Sideboard` -> `sideboard`."""
    return rule_number.strip().rstrip(".").replace(".", "-").replace(" ", "-").lower()
