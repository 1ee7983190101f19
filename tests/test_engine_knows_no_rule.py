"""A format is data: its rule numbers live in data/formats/<format>/ (format.yml's checks and cites, its rules
text) and in tests, never in the engine, the CLI, the validator, the site's scripts or any template (a
format's own template folder included: its pages cite rules through `cites:`)."""

from __future__ import annotations

import re

import yaml

from generator.formatdata import rule_numbers
from generator.paths import PROJECT_ROOT

ENGINE = ("generator", "docs/assets", "hooks", "overrides")
SOURCES = {".py", ".sql", ".js", ".j2", ".html", ".css", ".yml", ".md"}


def long_sections() -> set[str]:
    """Each format's rules sections numbered so that the number names that format (Coalition's 906): three
    digits or more. Small section numbers (Heroic's 1 to 6) are ordinary numbers in code."""
    sections = set()
    for path in (PROJECT_ROOT / "data" / "formats").glob("*/format.yml"):
        rules_file = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("rules_text")
        if rules_file:
            text = (path.parent / rules_file).read_text(encoding="utf-8")
            sections |= {n for n in rule_numbers(text) if n.isdigit() and len(n) >= 3}
    return sections


def test_some_format_has_a_long_section_number():
    assert "906" in long_sections()


def test_no_engine_file_holds_a_formats_rule_number():
    pattern = re.compile(r"(?<![\w.])(?:%s)(?:\.\d+[a-z]?)?(?![\w-])" % "|".join(sorted(long_sections())))
    found = []
    for folder in ENGINE:
        for path in sorted((PROJECT_ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in SOURCES:
                for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                    if pattern.search(line):
                        found.append(f"{path.relative_to(PROJECT_ROOT)}:{number}: {line.strip()[:90]}")
    assert not found, "\n".join(found)
