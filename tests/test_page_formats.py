"""A hand-written page that names its format (front matter `format:`, read by the header search through
overrides/main.html's <meta name="coalition-format">) names one of the site's formats: a misspelt name would
leave the search answering by the page's address without a word."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def front_matter(page: Path) -> dict:
    text = page.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return {}
    return yaml.safe_load(text[4:text.index("\n---", 4)]) or {}


def test_every_format_a_page_names_is_a_format_of_the_site():
    formats = {path.parent.name for path in (ROOT / "data" / "formats").glob("*/format.yml")}
    named = {str(page.relative_to(ROOT)): front_matter(page)["format"]
             for page in sorted((ROOT / "docs").rglob("*.md")) if "format" in front_matter(page)}
    assert {"docs/play/heroic.md": "heroic", "docs/play/mazerunner.md": "mazerunner"}.items() <= named.items()
    assert {page: name for page, name in named.items() if name not in formats} == {}
