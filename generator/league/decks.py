"""A season's submitted decks: `<player>.txt` in the season's `decks:` folder, read with the project's deck
list reader (generator/decklist.py). Arena-style `Commander` sections name the commander(s); the reader
files them with the sideboard, so the section is remembered here."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from generator.decklist import HEADER, COMMENT, classify, parse, ParsedList
from generator.league.season import LoadedSeason

COMMANDER_HEADER = re.compile(r"^commanders?$", re.IGNORECASE)


@dataclass
class SubmittedDeck:
    player: str
    path: Path
    parsed: ParsedList
    commanders: list[str] = field(default_factory=list)


def commander_names(text: str) -> list[str]:
    """The card names under a `Commander` header (Arena export), in order."""
    names, inside = [], False
    for raw in text.splitlines():
        kind, value = classify(raw)
        if kind == "header":
            stripped = raw.strip()
            comment = COMMENT.match(stripped)
            header = HEADER.match(comment.group(1) if comment else stripped)
            inside = bool(header and COMMANDER_HEADER.match(re.sub(r"\s+", " ", header.group(1))))
        elif kind == "card" and inside:
            names.append(value["name"])
    return names


def decks_folder(loaded: LoadedSeason) -> Path | None:
    if loaded.season.decks is None:
        return None
    return (loaded.path.parent / loaded.season.decks).resolve()


def read_decks(loaded: LoadedSeason) -> tuple[dict[str, SubmittedDeck], list[str]]:
    """Each submitted deck by player, and the players with no deck file."""
    folder = decks_folder(loaded)
    if folder is None:
        return {}, []
    decks, missing = {}, []
    for player in loaded.players:
        path = folder / f"{player}.txt"
        if not path.is_file():
            missing.append(player)
            continue
        text = path.read_text(encoding="utf-8-sig", errors="replace")
        decks[player] = SubmittedDeck(player, path, parse(text), commander_names(text))
    return decks, missing
