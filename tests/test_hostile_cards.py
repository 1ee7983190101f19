"""Card data that could break the site: a name too long for a file name, and URLs that are not https."""

from __future__ import annotations

import json

import duckdb

from generator.site.build import render_docs
from generator.slugs import MAX_SLUG, name_hash, slugify
from tests.site_testing import build_database_for, card, site_project, synthetic_cards

LONG_NAME = "Grand Warlord of the " + "Very " * 60 + "Long Goblin Horde"   # over 300 bytes
LONG_TWIN = "Grand Warlord of the " + "Very " * 60 + "Long Goblin Hordes"
HOSTILE_URL = "javascript:alert(document.cookie)"


def test_a_long_name_gets_a_capped_slug_ending_in_a_hash_of_the_name():
    slug = slugify(LONG_NAME)
    assert len(slug) <= MAX_SLUG and slug.startswith("grand-warlord-of-the-very-very")
    assert slug.endswith("-" + name_hash(LONG_NAME)) and slugify(LONG_TWIN) != slug
    assert slugify("Goblin Guide") == "goblin-guide" and len(slugify("x" * MAX_SLUG)) == MAX_SLUG


def test_the_name_hash_is_fnv1a_of_the_utf8_bytes():
    assert name_hash("") == "811c9dc5" and name_hash("a") == "e40c292c"


def hostile_cards() -> list[dict]:
    long_leader = card(LONG_NAME, "Legendary Creature — Goblin Warrior", "Haste", "{R}", 1, ("R",))
    scripted = card("Scripted Goblin Chief", "Legendary Creature — Goblin", "Menace", "{1}{R}", 2, ("R",),
                    scryfall_uri=HOSTILE_URL,
                    image_uris={"small": "data:image/svg+xml,<svg onload=alert(1)>", "normal": "http://plain.example/x.jpg"})
    return synthetic_cards() + [long_leader, scripted]


def test_hostile_cards_render_without_error_and_without_their_urls(tmp_path):
    paths = site_project(tmp_path)
    database = build_database_for(hostile_cards(), paths)
    with duckdb.connect(str(database), read_only=True) as con:
        stored = con.execute("SELECT scryfall_uri, image_small, image_normal FROM cards "
                             "WHERE name = 'Scripted Goblin Chief'").fetchone()
        render_docs(con, paths)
    assert stored == (None, None, None)
    assert (paths.docs_dir / "leaders" / f"{slugify(LONG_NAME)}.md").exists()
    written = [p for p in paths.docs_dir.rglob("*") if p.is_file() and p.suffix in (".md", ".json", ".xml", ".txt")]
    for path in written:
        text = path.read_text(encoding="utf-8")
        assert "javascript:" not in text and "data:image" not in text and "http://plain" not in text, path
    cards = json.loads((paths.docs_dir / "data" / "cards.json").read_text(encoding="utf-8"))["cards"]
    chief = next(c for c in cards if c["n"] == "Scripted Goblin Chief")
    assert chief.get("u") is None and chief.get("img") is None
