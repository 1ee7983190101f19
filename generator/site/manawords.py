"""The spoken name of a card symbol ({B}: "black mana"), from data/cards/mana_symbols.yml (its rules are in
that file's comment). Its twin is `symbolName` in docs/assets/js/mana.js, which reads the same file (written
into it by hooks/data_into_scripts.py); tests/browser/test_mana_names.py holds them to the same words."""

from __future__ import annotations

from functools import lru_cache

import yaml

from generator.paths import PROJECT_ROOT

NAMES_FILE = PROJECT_ROOT / "data" / "cards" / "mana_symbols.yml"


@lru_cache(maxsize=1)
def mana_words() -> dict:
    return yaml.safe_load(NAMES_FILE.read_text(encoding="utf-8"))


def _number(digits: str, words: dict) -> str:
    return words["numbers"].get(digits, digits)


def _hybrid_half(part: str, words: dict) -> str:
    if part in words["colours"]:
        return words["colours"][part]
    if part == "C":
        return words["words"]["hybrid_half_colourless"]
    if part.isdigit():
        return words["words"]["hybrid_half_generic"].format(number=_number(part, words))
    return symbol_name(part)


def symbol_name(symbol: str) -> str:
    """`B` -> "black mana", `2` -> "two generic mana", `W/U` -> "white or blue hybrid mana"."""
    words = mana_words()
    if symbol in words["symbols"]:
        return words["symbols"][symbol]
    parts = symbol.split("/")
    if len(parts) > 1 and parts[-1] == "P":
        return words["words"]["phyrexian"].format(rest=symbol_name("/".join(parts[:-1])))
    if len(parts) == 2:
        first, second = (_hybrid_half(part, words) for part in parts)
        return words["words"]["hybrid"].format(first=first, second=second)
    if symbol in words["colours"]:
        return words["words"]["coloured"].format(colour=words["colours"][symbol])
    if symbol.isdigit():
        return words["words"]["generic"].format(number=_number(symbol, words))
    if len(symbol) == 2 and symbol[0] == "H" and symbol[1] in words["colours"]:
        return words["words"]["half"].format(colour=words["colours"][symbol[1]])
    return symbol
