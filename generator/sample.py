"""Writes the offline sample (data/sample/cards.jsonl.gz): a reproducible, real subset of a Scryfall bulk file.

    python -m generator.sample --source ../shared/data/scryfall-oracle-2019.jsonl.gz --out data/sample/cards.jsonl.gz

The sample holds, as the source sent them:
  (a) every card whose type line or Oracle text (any face) names one of a few full coalition types, singular or
      plural: a superset of those types' real pools and leaders (the engine decides affiliation, not this file);
  (b) the shared pool's staples: the most played cards (lowest `edhrec_rank`) that name no creature type at all;
  (c) every card of tests/fixtures/cards/, including the ones written by hand from modern Oracle text;
  (d) every changeling and every card that "is every creature type";
  (e) every basic land (Plains to Wastes, snow-covered ones too), so a deck of any colour can be filled.
Cards are sorted by name, one JSON object per line, gzipped with a fixed header so equal input gives equal bytes.
"""

from __future__ import annotations

import argparse
import gzip
import heapq
import json
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

import yaml

from generator.errors import BuildError
from generator.paths import PROJECT_ROOT

DEFAULT_TYPES = ("Goblin", "Elf", "Zombie", "Merfolk", "Sliver", "Dragon", "Wizard")
DEFAULT_STAPLES = 500
DEFAULT_FIXTURES = PROJECT_ROOT / "tests" / "fixtures" / "cards"
DEFAULT_OUT = PROJECT_ROOT / "data" / "sample" / "cards.jsonl.gz"
CATALOG_FILE = PROJECT_ROOT / "data" / "cards" / "scryfall-creature-types.json"
TYPES_FILE = PROJECT_ROOT / "data" / "cards" / "creature_types.yml"
NOT_DECK_LAYOUTS = {"token", "double_faced_token", "emblem", "art_series", "scheme", "planar", "vanguard"}
STAPLE_VINTAGE = {"legal", "restricted"}
EVERY_TYPE = re.compile(r"(?m)^Changeling\b|\b(?:is|are) every creature type\b")
BASIC_LAND = re.compile(r"^Basic (?:Snow )?Land\b")


def plural_of(singular: str, irregular: dict[str, str]) -> str:
    """Oracle text's plural: `Elf` -> `Elves` from the table, else English's regular rules."""
    if singular in irregular:
        return irregular[singular]
    if re.search(r"[^aeiou]y$", singular):
        return singular[:-1] + "ies"
    if re.search(r"(?:s|x|z|ch|sh)$", singular):
        return singular + "es"
    return singular + "s"


def word_pattern(types: Iterable[str], irregular: dict[str, str]) -> re.Pattern[str]:
    """One case-sensitive pattern matching any of `types` as a whole word, singular or plural."""
    forms = {form for t in types for form in (t, plural_of(t, irregular))}
    alternation = "|".join(re.escape(f) for f in sorted(forms, key=lambda f: (-len(f), f)))
    return re.compile(rf"(?<![\w'-])(?:{alternation})(?![\w'-])")


def load_type_words(catalog_file: Path, types_file: Path) -> tuple[list[str], dict[str, str]]:
    """Every creature type of the shipped catalog snapshot and the irregular plurals of data/creature_types.yml."""
    try:
        catalog = json.loads(catalog_file.read_text(encoding="utf-8"))["data"]
        irregular = yaml.safe_load(types_file.read_text(encoding="utf-8")).get("irregular_plurals") or {}
    except (OSError, ValueError, KeyError, AttributeError, yaml.YAMLError) as error:
        raise BuildError(f"cannot read the creature types: {error}") from error
    return sorted(catalog), {str(k): str(v) for k, v in irregular.items()}


def card_words(card: dict) -> tuple[str, str]:
    """(type lines, Oracle texts) of a card and all its faces, each joined by newlines."""
    faces = card.get("card_faces") or []
    type_lines = [card.get("type_line") or ""] + [f.get("type_line") or "" for f in faces]
    texts = [card.get("oracle_text") or ""] + [f.get("oracle_text") or "" for f in faces]
    return "\n".join(type_lines), "\n".join(texts)


def read_cards(source: Path) -> Iterator[dict]:
    """Card objects of a bulk file: JSON Lines or a JSON array, gzipped or not, read line by line when possible."""
    try:
        with source.open("rb") as probe:
            gzipped = probe.read(2) == b"\x1f\x8b"
        opener = gzip.open if gzipped else open
        with opener(source, "rt", encoding="utf-8") as handle:
            first = handle.read(1)
            handle.seek(0)
            if first == "[":
                yield from json.load(handle)
                return
            for number, line in enumerate(handle, start=1):
                if line.strip():
                    yield _parse_line(source, number, line)
    except (OSError, EOFError) as error:
        raise BuildError(f"{source}: cannot read: {error}") from error


def _parse_line(source: Path, number: int, line: str) -> dict:
    try:
        card = json.loads(line)
    except json.JSONDecodeError as error:
        raise BuildError(f"{source}:{number}: not a JSON card object ({error.msg.lower()})") from error
    if not isinstance(card, dict) or "name" not in card:
        raise BuildError(f"{source}:{number}: not a card object")
    return card


def is_staple_candidate(card: dict, any_type: re.Pattern[str]) -> bool:
    """A played, paper, non-legendary deck card whose type line and Oracle text name no creature type."""
    if card.get("edhrec_rank") is None or card.get("layout") in NOT_DECK_LAYOUTS:
        return False
    if (card.get("legalities") or {}).get("vintage") not in STAPLE_VINTAGE:
        return False
    type_lines, texts = card_words(card)
    if "Legendary" in type_lines or "Creature" in type_lines:
        return False
    return not any_type.search(type_lines) and not any_type.search(texts)


def is_selected(card: dict, chosen: re.Pattern[str]) -> bool:
    """(a) names a chosen type anywhere, (d) is every creature type, or (e) is a basic land."""
    type_lines, texts = card_words(card)
    return bool(chosen.search(type_lines) or chosen.search(texts) or EVERY_TYPE.search(texts)
                or BASIC_LAND.match(card.get("type_line") or ""))


def select(cards: Iterable[dict], chosen: re.Pattern[str], any_type: re.Pattern[str],
           staples: int) -> tuple[dict[str, dict], dict[str, dict]]:
    """One pass over the source: (cards of the chosen types, changelings and basic lands, the `staples` most
    played others)."""
    picked: dict[str, dict] = {}
    heap: list[tuple[int, tuple[int, ...], int, dict]] = []  # the root is the worst kept: highest rank, last name
    for seq, card in enumerate(cards):
        if is_selected(card, chosen):
            picked[card["name"]] = card
        elif staples and is_staple_candidate(card, any_type):
            key = (-int(card["edhrec_rank"]), _reverse(card["name"]), seq, card)
            if len(heap) < staples:
                heapq.heappush(heap, key)
            elif key[:2] > heap[0][:2]:
                heapq.heapreplace(heap, key)
    return picked, {card["name"]: card for *_, card in heap}


def _reverse(name: str) -> tuple[int, ...]:
    """Sorts names backwards (a prefix after its extensions), so among equal ranks the first name is kept."""
    return tuple(-ord(ch) for ch in name) + (1,)


def fixture_cards(folder: Path) -> dict[str, dict]:
    """Every card object of tests/fixtures/cards/, by name."""
    cards: dict[str, dict] = {}
    for path in sorted(folder.glob("*.json")):
        try:
            card = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise BuildError(f"{path}: not a JSON card object ({error})") from error
        if not isinstance(card, dict) or "name" not in card:
            raise BuildError(f"{path}: not a card object")
        cards[card["name"]] = card
    return cards


def write_sample(cards: Iterable[dict], out: Path) -> int:
    """Gzipped JSON Lines with no timestamp or file name in the header; returns the number of cards."""
    out.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    tmp = out.with_name(out.name + ".tmp")
    with tmp.open("wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as gz:
        for card in cards:
            gz.write((json.dumps(card, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8"))
            count += 1
    tmp.replace(out)
    return count


def build_sample(source: Path, out: Path, types: Iterable[str], staples: int, fixtures: Path) -> dict[str, int]:
    """Select, merge (fixtures win over the source) and write; return counts per part."""
    all_types, irregular = load_type_words(CATALOG_FILE, TYPES_FILE)
    unknown = sorted(set(types) - set(all_types))
    if unknown:
        raise BuildError(f"--types: not creature types of {CATALOG_FILE.name}: {', '.join(unknown)}")
    picked, staple_cards = select(read_cards(source), word_pattern(types, irregular),
                                  word_pattern(all_types, irregular), staples)
    fixtures_by_name = fixture_cards(fixtures)
    merged = {**staple_cards, **picked, **fixtures_by_name}
    written = write_sample((merged[name] for name in sorted(merged)), out)
    return {"types_changelings_and_basics": len(picked), "staples": len(staple_cards),
            "fixtures": len(fixtures_by_name), "written": written}


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m generator.sample", description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, required=True, metavar="PATH",
                        help="Scryfall bulk file (JSON Lines or a JSON array, gzipped or not)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, metavar="PATH",
                        help="where to write the sample (default: data/sample/cards.jsonl.gz)")
    parser.add_argument("--types", nargs="+", default=list(DEFAULT_TYPES), metavar="TYPE",
                        help=f"coalition types to include in full (default: {' '.join(DEFAULT_TYPES)})")
    parser.add_argument("--staples", type=int, default=DEFAULT_STAPLES, metavar="N",
                        help=f"how many of the most played unaffiliated cards to add (default: {DEFAULT_STAPLES})")
    parser.add_argument("--fixtures", type=Path, default=DEFAULT_FIXTURES, metavar="DIR",
                        help="folder of fixture card objects to add (default: tests/fixtures/cards)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = make_parser().parse_args(argv)
    try:
        if not args.source.exists():
            raise BuildError(f"{args.source}: no such file")
        counts = build_sample(args.source, args.out, args.types, max(args.staples, 0), args.fixtures)
    except BuildError as error:
        print(f"generator.sample: error: {error}", file=sys.stderr)
        return error.exit_code
    size = args.out.stat().st_size
    print(f"{args.out}: {counts['written']} cards, {size:,} bytes "
          f"({counts['types_changelings_and_basics']} of the chosen types, changelings or basic lands, {counts['staples']} staples, "
          f"{counts['fixtures']} fixtures; overlaps counted once)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
