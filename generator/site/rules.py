"""The format's comprehensive rules (data/rules/coalition-906.txt) parsed into numbered rules with anchors.

The text is the authors' and is quoted verbatim: parsing only decides where each rule starts, which rule an
"Example:" belongs to and which anchor each rule gets (`906.5e` -> `#906-5e`, the contract of CONTRIBUTING.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from generator.errors import BuildError
from generator.slugs import rule_anchor

RULES_FILE = "coalition-906.txt"
TITLES_FILE = "titles.yml"
RULE_LINE = re.compile(r"^(?P<label>(?P<number>906(?:\.\d+[a-z]?)?)\.?)\s+(?P<text>\S.*)$")
EXAMPLE_LINE = re.compile(r"^Example:\s*(?P<text>.*)$")


@dataclass
class Rule:
    number: str          # "906.5e", as the text writes it without a trailing dot
    label: str           # the number exactly as written ("906.1." or "906.4")
    text: str
    line: int
    title: str = ""
    examples: list[str] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return rule_anchor(self.number)

    @property
    def level(self) -> int:
        """0 for 906 itself, 1 for 906.6, 2 for 906.6a."""
        if "." not in self.number:
            return 0
        return 2 if self.number[-1].isalpha() else 1


def parse_rules(text: str, source: str = RULES_FILE) -> list[Rule]:
    """Every rule in order; a line that is neither a rule nor an example stops the build with its line."""
    rules: list[Rule] = []
    for line_number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        example = EXAMPLE_LINE.match(line)
        if example and rules:
            rules[-1].examples.append(example.group("text"))
            continue
        match = RULE_LINE.match(line)
        if not match:
            raise BuildError(f"{source}:{line_number}: not a rule of section 906: {line[:60]!r}")
        rules.append(Rule(match.group("number"), match.group("label"), match.group("text"), line_number))
    check_unique(rules, source)
    return rules


def check_unique(rules: list[Rule], source: str) -> None:
    seen: dict[str, int] = {}
    for rule in rules:
        if rule.anchor in seen:
            raise BuildError(f"{source}:{rule.line}: rule {rule.number} already appears on line {seen[rule.anchor]}")
        seen[rule.anchor] = rule.line


def load_rules(rules_dir: Path) -> list[Rule]:
    """The rules with our headings from titles.yml attached to the top-level ones."""
    path = rules_dir / RULES_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise BuildError(f"{path}: cannot read the rules text ({error.strerror})") from error
    rules = parse_rules(text, str(path))
    titles = load_titles(rules_dir / TITLES_FILE)
    for rule in rules:
        rule.title = titles.get(rule.number, "")
    return rules


def load_titles(path: Path) -> dict[str, str]:
    if not path.exists():
        return {}
    try:
        titles = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as error:
        raise BuildError(f"{path}: not valid YAML ({error})") from error
    if not isinstance(titles, dict):
        raise BuildError(f"{path}: expected a mapping of rule numbers to titles")
    return {str(k): str(v) for k, v in titles.items()}
