"""A format's rules text (the file its format.yml `rules_text` names) parsed into numbered rules with anchors.

The text is the authors' and is quoted verbatim: parsing only decides where each rule starts, which rule an
"Example:" belongs to and which anchor each rule gets (`12.5e` -> `#12-5e`, the contract of CONTRIBUTING.md).
A text may open with a glossary, as a published document may define its words before its first rule: a
heading line, then one `Term: definition` line per term (anchors `#terms`-style from the heading's words and
`#sideboard` from the term's).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from generator.errors import BuildError
from generator.slugs import RULE_NUMBER, TERM, rule_anchor

RULES_FILE = "rules.txt"        # a rules folder holds this file, or exactly one other *.txt
TITLES_FILE = "titles.yml"
# A section (12), a rule (12.5) or a subrule (12.5e); a text may hold several sections (1., 2., ...).
RULE_LINE = re.compile(rf"^(?P<label>(?P<number>(?=(?P<section>\d+))({RULE_NUMBER}))\.?)\s+(?P<text>\S.*)$")
EXAMPLE_LINE = re.compile(r"^Example:\s*(?P<text>.*)$")
TERM_LINE = re.compile(rf"^(?P<term>{TERM}):\s+(?P<text>\S.*)$")
GLOSSARY_HEADING = re.compile(rf"^{TERM}$")


@dataclass
class Rule:
    number: str          # "12.5e", as the text writes it without a trailing dot (12: its section)
    label: str           # the number exactly as written ("12.1." or "12.4")
    text: str
    line: int
    title: str = ""
    examples: list[str] = field(default_factory=list)
    kind: str = "rule"   # "rule", or the opening glossary's "glossary" (its heading) and "term" (one definition)

    @property
    def anchor(self) -> str:
        return rule_anchor(self.number)

    @property
    def level(self) -> int:
        """0 for the section itself (12, 2), 1 for a rule (12.6, 2e), 2 for a subrule (12.6a, 2e-ii); a
        glossary's heading is a section, its terms are rules."""
        if self.kind != "rule":
            return 0 if self.kind == "glossary" else 1
        if self.number.isdigit():
            return 0
        if "." not in self.number:
            return 2 if "-" in self.number else 1
        return 2 if self.number[-1].isalpha() else 1


def parse_rules(text: str, source: str = RULES_FILE) -> list[Rule]:
    """Every rule in order; a line that is neither a rule nor an example stops the build with its line."""
    rules: list[Rule] = []
    sections: set[str] = set()    # "12", or "1" to "6" in a text of several sections: every rule follows its section's line
    for line_number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if all(rule.kind != "rule" for rule in rules) and not RULE_LINE.match(line):
            rules.append(glossary_line(line, line_number, rules, source))
            continue
        example = EXAMPLE_LINE.match(line)
        if example and rules:
            rules[-1].examples.append(example.group("text"))
            continue
        match = RULE_LINE.match(line)
        is_section = bool(match) and match.group("number") == match.group("section")
        if not match or (rules and not is_section and match.group("section") not in sections):
            raise BuildError(f"{source}:{line_number}: not a rule of a section above it: {line[:60]!r}")
        if is_section or not rules:   # a text may start inside its section
            sections.add(match.group("section"))
        rules.append(Rule(match.group("number"), match.group("label"), match.group("text"), line_number))
    check_unique(rules, source)
    check_glossary(rules, source)
    return rules


def glossary_line(line: str, line_number: int, before: list[Rule], source: str) -> Rule:
    """A line before the first rule: the glossary's heading (the text's first line), else one of its terms."""
    term = TERM_LINE.match(line)
    if not before and GLOSSARY_HEADING.match(line):
        return Rule(line, "", line, line_number, title=line, kind="glossary")
    if before and term:
        return Rule(term.group("term"), term.group("term") + ":", term.group("text"), line_number, kind="term")
    raise BuildError(f"{source}:{line_number}: not a rule of a section above it: {line[:60]!r}")


def check_glossary(rules: list[Rule], source: str) -> None:
    """A glossary heading defines at least one term (a stray first line is no glossary)."""
    if rules and rules[0].kind == "glossary" and (len(rules) < 2 or rules[1].kind != "term"):
        raise BuildError(f"{source}:{rules[0].line}: not a rule of a section above it: {rules[0].text[:60]!r}")


def check_unique(rules: list[Rule], source: str) -> None:
    seen: dict[str, int] = {}
    for rule in rules:
        if rule.anchor in seen:
            raise BuildError(f"{source}:{rule.line}: rule {rule.number} already appears on line {seen[rule.anchor]}")
        seen[rule.anchor] = rule.line


def load_rules(rules_dir: Path) -> list[Rule]:
    """The rules text of a folder (see rules_file) with our headings from its titles.yml."""
    return load_rules_text(rules_file(rules_dir), rules_dir / TITLES_FILE)


def load_rules_text(path: Path, titles_path: Path | None = None) -> list[Rule]:
    """The rules of one text file with our headings (titles_path) attached to the top-level ones."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise BuildError(f"{path}: cannot read the rules text ({error.strerror})") from error
    rules = parse_rules(text, str(path))
    titles = load_titles(titles_path) if titles_path else {}
    for rule in rules:
        rule.title = titles.get(rule.number, rule.title)
    return rules


def rules_file(rules_dir: Path) -> Path:
    """rules_dir/rules.txt, or the folder's one text file (the file format.yml's `rules_text` names)."""
    if (rules_dir / RULES_FILE).exists():
        return rules_dir / RULES_FILE
    texts = sorted(rules_dir.glob("*.txt"))
    if len(texts) != 1:
        raise BuildError(f"{rules_dir}: expected {RULES_FILE} or exactly one .txt rules file, found {len(texts)}")
    return texts[0]


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
