"""A color identity as players type it, read with the one table data/cards/color_identities.yml.

The spec (docs/assets/js/deckcolors.js `identityLetters` is its twin, reading the same table from format.json's
`identity_words`; tests/vectors/color-identities.yml holds both to the same answers):
- case and the spaces around it do not matter;
- a name of the table (`Izzet`, `esper`, `TEMUR`) is its colors;
- a word for no color (`colorless`, `C`, `{C}`) is the empty identity;
- anything else is split into parts at spaces, commas, `-`, `/` and the braces of mana symbols (`{U}{R}`,
  `blue red`, `blue-red`, `U/R`, `W U`); each part is a color word (`blue`) or WUBRG letters (`ur`), and no
  color may come twice;
- what is none of these names no identity (None): the caller says so in its own words.
The answer is the letters in WUBRG order (`ru` -> `UR`), "" for colorless."""

from __future__ import annotations

import re
from functools import lru_cache

import yaml

from generator.names import Name, NameIndex
from generator.paths import PROJECT_ROOT

WORDS_FILE = PROJECT_ROOT / "data" / "cards" / "color_identities.yml"
WUBRG = "WUBRG"
PARTS = re.compile(r"[\s,/-]+|[{}]")


@lru_cache(maxsize=1)
def identity_words() -> dict:
    """The table as written (format.json `identity_words` carries it to the browser)."""
    return yaml.safe_load(WORDS_FILE.read_text(encoding="utf-8"))


def identity_names() -> dict[str, str]:
    """{letters: name} for every named identity (`UR: Izzet`): the identity pages head them so."""
    return dict(identity_words()["names"])


def accepted_words(table: dict | None = None) -> dict[str, str]:
    """What a refusal says is accepted, the table's `accepted` sentence, as a message's placeholders fill it:
    {accepted} as written, {Accepted} with its first letter capital (to begin a sentence). The league and
    `coalition type` say `accepted`; deckcolors.js `acceptedWords` is the twin for the validators' messages."""
    said = (table or identity_words())["accepted"]
    return {"accepted": said, "Accepted": said[:1].upper() + said[1:]}


def identity_word(letters: str | None, table: dict | None = None) -> str:
    """An identity as the validators, their messages and the CLI say it: its WUBRG letters, or for the empty
    identity the table's first word for no color (`colorless`), so no message has a blank where it stands;
    for None (none typed, no commander to take it from) the table's `unknown`, which is no identity's word.
    docs/assets/js/deckcolors.js `identityWord` is its twin."""
    table = table or identity_words()
    if letters is None:
        return table["unknown"]
    return letters or table["colorless"][0]


def identity_nearest(typed: str, table: dict | None = None) -> str | None:
    """The table's name a mistyped identity surely means (`Izzit` -> `Izzet`), found by the project's one name
    matcher (generator/names.py `nearest`), else None; deckcolors.js `identityNearest` is its twin."""
    names = list((table or identity_words())["names"].values())
    found = NameIndex([Name(name, (), False) for name in names]).nearest(str(typed))
    return None if found is None else names[found]


def _part_letters(part: str, table: dict) -> str | None:
    if part in table["colors"]:
        return table["colors"][part]
    letters = part.upper()
    return letters if set(letters) <= set(WUBRG) else None


def identity_letters(typed: str, table: dict | None = None) -> str | None:
    """The identity `typed` names, in WUBRG order ("" for colorless), or None when it names none."""
    table = table or identity_words()
    said = str(typed).strip().lower()
    colorless = [word.lower() for word in table["colorless"]]
    named = {name.lower(): letters for letters, name in table["names"].items()}
    if said in named:
        return "".join(c for c in WUBRG if c in named[said])
    parts = [part for part in PARTS.split(said) if part]
    if len(parts) == 1 and parts[0] in colorless:
        return ""
    found = [_part_letters(part, table) for part in parts]
    if not parts or None in found:
        return None
    letters = "".join(found)
    if len(set(letters)) != len(letters):
        return None
    return "".join(c for c in WUBRG if c in letters)
