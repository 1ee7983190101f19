"""The hand-written pages' Markdown source reads as prose: a paragraph is wrapped near the width, not broken
across a short line mid-sentence (the page renders the same; a reader of the source or a diff does not)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
SHORTEST_WRAPPED = 60          # the pages wrap at about 110 characters; a line under this one ends too soon
NOT_PROSE = re.compile(r"\s*([#|<>{!?*-]|\d+\.|\[|```)")   # headings, tables, HTML, admonitions, lists, fences


def short_wrapped_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) of each prose line that another line of its paragraph follows and that is short."""
    lines = text.split("\n")
    start = lines.index("---", 1) + 1 if lines and lines[0] == "---" else 0   # past the front matter
    short, fenced = [], False
    for number in range(start, len(lines) - 1):
        line, after = lines[number], lines[number + 1]
        fenced = fenced != line.lstrip().startswith("```")
        if fenced or not line.strip() or not after.strip() or NOT_PROSE.match(line) or NOT_PROSE.match(after):
            continue
        if len(line) < SHORTEST_WRAPPED:
            short.append((number + 1, line))
    return short


def test_hand_written_pages_wrap_their_paragraphs():
    # the files git holds: a build writes generated pages beside them (docs/heroic/, docs/dashboard.md…)
    listed = subprocess.run(["git", "ls-files", "--", "docs/*.md"], cwd=PROJECT, capture_output=True, text=True,
                            check=True).stdout.split()
    pages = [PROJECT / name for name in listed]
    assert any(page.name == "about.md" for page in pages)
    found = {str(page.relative_to(PROJECT)): short_wrapped_lines(page.read_text(encoding="utf-8")) for page in pages}
    assert {page: lines for page, lines in found.items() if lines} == {}


def test_a_sentence_broken_across_a_short_line_is_found():
    text = "---\ntitle: x\n---\n\nA first line of a paragraph, long enough that it is wrapped near the width.\n" \
           "This site is not produced by\nor endorsed by anyone.\n\n| a | b |\n| - | - |\n"
    assert short_wrapped_lines(text) == [(6, "This site is not produced by")]
