"""A season's submitted decks: `<player>.txt` in the season's `decks:` folder, read with the project's deck
list reader (generator/decklist.py). Arena-style `Commander` sections name the commander(s): the reader
marks their entries (`commander`), and the format's deck checks count them in the main deck."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.decklist import parse, ParsedList
from generator.errors import UsageError
from generator.league.season import LoadedSeason


@dataclass
class SubmittedDeck:
    player: str
    path: Path
    parsed: ParsedList
    commanders: list[str] = field(default_factory=list)


def commander_names(parsed: ParsedList) -> list[str]:
    """The card names under a `Commander` header (Arena export), in order: the list reader marks them."""
    return [entry.name for entry in parsed.entries if entry.commander]


def decks_folder(loaded: LoadedSeason) -> Path | None:
    """The season's `decks:` folder, which must exist: read as empty, it would make every player miss the
    mainboard deadline (rule 4e-i) and owe its penalty."""
    if loaded.season.decks is None:
        return None
    folder = (loaded.path.parent / loaded.season.decks).resolve()
    if not folder.is_dir():
        raise UsageError(f"{loaded.where('decks')}: decks: no folder {folder}")
    return folder


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
        parsed = parse(text)
        decks[player] = SubmittedDeck(player, path, parsed, commander_names(parsed))
    return decks, missing
