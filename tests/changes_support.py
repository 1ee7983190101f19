"""Two real builds of a small card set for the change-log tests (issue 5), the second one edited.

Build 1: 15 real cards of the 2019 snapshot (tests/fixtures/changes/build1-cards.jsonl), the project's
data/ as it is, except that the creature-type catalog lacks Homarid (an older catalog).
Build 2 differs by what a new set and an Oracle update bring:
  - three new cards (build2-new-cards.jsonl): Goblin Matron (a Goblin), Squee, Goblin Nabob (a new
    Goblin leader), Homarid Warrior (a Homarid, a type build 1 did not know);
  - Goblin War Strike's Oracle text now counts Elves instead of Goblins (Goblin -> Elf);
  - data/banlist.yml bans Lightning Bolt and watches Counterspell;
  - the catalog is the full one again.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import TESTS_DIR, build_from_cards, project_copy
from tests.shared_builds import built_once

CHANGES_FIXTURES = TESTS_DIR / "fixtures" / "changes"
BOLT_REASON = "Three damage for one mana at instant speed outclasses every red deck's other choices."
COUNTERSPELL_NOTE = "Two-mana hard counters are being watched."


def read_cards(name: str) -> list[dict]:
    lines = (CHANGES_FIXTURES / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def build_one(tmp: Path) -> Path:
    paths = project_copy(tmp)
    catalog_file = paths.catalog_file
    catalog = json.loads(catalog_file.read_text(encoding="utf-8"))
    catalog["data"] = [t for t in catalog["data"] if t != "Homarid"]
    catalog_file.write_text(json.dumps(catalog), encoding="utf-8")
    return build_from_cards(read_cards("build1-cards.jsonl"), tmp, paths)


def build_two(tmp: Path) -> Path:
    paths = project_copy(tmp)
    banlist = paths.formats_dir / "coalition" / "banlist.yml"
    text = banlist.read_text(encoding="utf-8")
    text = text.replace("\nbanned:\n", f'\nbanned:\n  - {{card: Lightning Bolt, reason: "{BOLT_REASON}", date: 2026-11}}\n', 1)
    text = text.replace("\nwatchlist:\n", f'\nwatchlist:\n  - {{card: Counterspell, reason: "{COUNTERSPELL_NOTE}"}}\n', 1)
    banlist.write_text(text, encoding="utf-8")
    cards = read_cards("build1-cards.jsonl") + read_cards("build2-new-cards.jsonl")
    for card in cards:
        if card["name"] == "Goblin War Strike":
            card["oracle_text"] = card["oracle_text"].replace("Goblins", "Elves")
    return build_from_cards(cards, tmp, paths)


def two_builds() -> tuple[Path, Path]:
    """Build 1's and build 2's databases, built once per run for every xdist worker (tests/shared_builds.py):
    read-only (a test that changes one copies it)."""
    _folder, built = built_once("change-builds", build_both)
    return Path(built["first"]), Path(built["second"])


def build_both(folder: Path) -> dict:
    (folder / "build1").mkdir()
    (folder / "build2").mkdir()
    return {"first": str(build_one(folder / "build1")), "second": str(build_two(folder / "build2"))}
