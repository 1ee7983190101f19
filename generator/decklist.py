"""Reads the deck lists players paste: Moxfield (`1 Name (SET) 123`, `SIDEBOARD:`), Arena (`Deck` /
`Sideboard` headers), MTGO .txt (a blank line before the sideboard), MTGO .dek (XML: one `<Cards>` element a
card line, `Sideboard="true"` for the sideboard) and plain `4 Name` / `4x Name` lists, with comments and blank
lines. A bad line is reported with its number and the rest is still read.

docs/assets/js/decklist.js mirrors this module line for line (same limits, same messages); the cases in
tests/decks/ run against both, so change them together."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# One matcher for every tool (generator/names.py); deck rules import these names from here.
from generator.names import MIN_SIMILARITY, SUGGESTIONS, CardIndex, key as name_key  # noqa: F401

# Limits that keep hostile input cheap: a real list is a few kilobytes and under a hundred lines.
MAX_INPUT_CHARS = 200_000
MAX_LINES = 2_000
MAX_LINE_LENGTH = 300
MAX_COUNT = 9_999
SUGGESTED_NAMES = 20        # unknown names that get "did you mean"; the rest are only listed

HEADER = re.compile(
    r"^(deck|main|maindeck|main deck|mainboard|main board|sideboard|side board|side|sb|commanders?|companion|"
    r"leader|coalition leader|maybeboard|maybe board|maybe|considering|tokens|about)\s*:?\s*(?:\([0-9]+\))?$",
    re.IGNORECASE,
)
SECTION_OF_HEADER = {"commander": "commander", "commanders": "commander", "deck": "main", "main": "main", "maindeck": "main", "main deck": "main", "mainboard": "main",
                     "main board": "main", "about": "about", "maybeboard": "skip", "maybe board": "skip",
                     "maybe": "skip", "considering": "skip", "tokens": "skip"}
COMMENT = re.compile(r"^(?://|#)\s*(.*)$")
TYPE_LINE = re.compile(r"^(?:(?://|#)\s*)?coalition[ _-]?type\s*[:=]\s*(.*)$", re.IGNORECASE)
COUNTED = re.compile(r"^([0-9]+)\s*[xX×]?\s+(\S.*)$")
NEGATIVE = re.compile(r"^[-−–]\s*[0-9]")
DECIMAL = re.compile(r"^[0-9]+[.,][0-9]+\s")
SB_PREFIX = re.compile(r"^sb:\s*", re.IGNORECASE)
FINISH_MARKS = re.compile(r"(?:\s+\*[A-Za-z]{1,4}\*)+$")
SET_AND_NUMBER = re.compile(r"^(.*?\S)\s+[(\[]([A-Za-z0-9]{2,8})[)\]](?:\s+([^\s()\[\]]{1,12}))?$")
# Control characters, undecodable bytes and stray byte order marks: Python and JavaScript agree on what
# whitespace is once these are gone.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufeff\ufffd]")
NEWLINES = re.compile(r"\r\n|\r|\n")
# An MTGO .dek file: XML whose card elements carry their fields as attributes. Read with patterns rather than an
# XML parser so that the browser's twin reads it the same way (and no entity of the file is ever expanded).
# XML's own whitespace ([ \t\r\n]) and ASCII name characters are spelled out: Python's \s, \w and \b reach
# further than JavaScript's. An element stops at the next "<" (no "<" is allowed inside an attribute), which
# also keeps a file of unclosed elements from being rescanned to its end from each one.
DEK_START = re.compile(r"^[ \t\r\n]*<(?:\?xml|Deck)(?=[ \t\r\n?/>])")
DEK_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)   # one left open runs to the end
DEK_CARD = re.compile(r"<Cards(?=[\x20\t\r\n/>])([^<>]*)>")
DEK_ATTRIBUTE = re.compile(r"(?:^|[ \t\r\n])([A-Za-z_][A-Za-z0-9_.:-]*)[ \t\r\n]*=[ \t\r\n]*(?:\"([^\"]*)\"|'([^']*)')")
XML_SPACE = re.compile(r"[ \t\r\n]")
XML_ENTITY = re.compile(r"&(?:#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6})|(amp|lt|gt|quot|apos));")
XML_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


@dataclass
class Entry:
    """One card line: how many, which name as typed, and where it goes."""

    line: int
    count: int
    name: str
    section: str                 # "main" or "side"
    set_code: str | None = None
    number: str | None = None
    commander: bool = False      # under a Commander header (filed with the sideboard unless the format's
                                 # commander is one of the main deck's cards: generator/deckrules.py)


@dataclass
class ParsedList:
    entries: list[Entry] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)     # {"line", "message", "text"}
    notes: list[str] = field(default_factory=list)
    declared_type: str | None = None
    fatal: str | None = None                             # the whole input is unreadable
    mtgo_sideboard: bool = False                         # the sideboard was told by MTGO's convention (the blank
                                                         # line of a .txt, a .dek's Sideboard="true"), no header


def snippet(text: str) -> str:
    """A bad line as it may be echoed back: short, with control characters made visible as �."""
    shown = CONTROL.sub("\ufffd", text[:60])
    return shown + ("…" if len(text) > 60 else "")


def header_section(text: str) -> str | None:
    match = HEADER.match(text)
    if not match:
        return None
    return SECTION_OF_HEADER.get(re.sub(r"\s+", " ", match.group(1).lower()), "side")


def parse_card(text: str) -> tuple[dict | None, str | None]:
    """(fields, None) for a card line, or (None, why not)."""
    section = None
    if SB_PREFIX.match(text):
        text, section = SB_PREFIX.sub("", text), "side"
    match = COUNTED.match(text)
    if not match:
        if NEGATIVE.match(text):
            return None, "a count cannot be negative"
        if DECIMAL.match(text):
            return None, "a count must be a whole number"
        return None, 'expected "COUNT NAME", for example "4 Goblin Guide"'
    digits, rest = match.groups()
    if len(digits) > len(str(MAX_COUNT)) or int(digits) > MAX_COUNT:
        return None, f"the count {digits[:12]}{'…' if len(digits) > 12 else ''} is too large (at most {MAX_COUNT})"
    if int(digits) == 0:
        return None, "a count must be at least 1"
    rest = FINISH_MARKS.sub("", rest)
    set_code = number = None
    located = SET_AND_NUMBER.match(rest)
    if located:
        rest, set_code, number = located.groups()
    return {"count": int(digits), "name": " ".join(rest.split()), "set_code": set_code, "number": number,
            "section": section}, None


def classify(raw: str) -> tuple[str, object]:
    """What one line is: blank, comment, header, type, card, skip-able text or an error."""
    if len(raw) > MAX_LINE_LENGTH:
        return "error", f"the line is {len(raw)} characters long (at most {MAX_LINE_LENGTH})"
    if CONTROL.search(raw):
        return "error", "the line holds control characters or bytes that are not text"
    text = raw.strip()
    if not text:
        return "blank", None
    declared = TYPE_LINE.match(text)
    if declared:
        value = " ".join(declared.group(1).split())
        return ("type", value) if value else ("error", "the coalition type is missing after the colon")
    comment = COMMENT.match(text)
    section = header_section(comment.group(1) if comment else text)
    if section:
        return "header", section
    if comment:
        return "comment", None
    fields, problem = parse_card(text)
    return ("card", fields) if fields else ("error", problem)


def parse(text: str) -> ParsedList:
    """Reads a whole list; never raises on bad input."""
    result = ParsedList()
    if len(text) > MAX_INPUT_CHARS:
        result.fatal = f"The list is {len(text)} characters long; a deck list may be at most {MAX_INPUT_CHARS}."
        return result
    if "\x00" in text:
        result.fatal = "The input holds NUL bytes: it looks like a binary file, not a deck list."
        return result
    text = text.removeprefix("\ufeff")
    dek = dek_lines(text) if DEK_START.match(text) else None
    lines = dek if dek is not None else NEWLINES.split(text)
    if len(lines) > MAX_LINES:
        result.fatal = f"The list has {len(lines)} lines; a deck list may have at most {MAX_LINES}."
        return result
    _read_lines(lines, result)
    if dek is not None:
        result.mtgo_sideboard = any(entry.section == "side" for entry in result.entries)
        result.notes.append(f"Read as an MTGO .dek file: line numbers count its {len(dek)} <Cards> entries.")
    if not result.entries:
        result.fatal = no_cards_message(result.errors)
    return result


def xml_text(value: str) -> str:
    """An attribute's text with XML's character references read (`&amp;`, `&#39;`); any other `&` stays."""
    def one(match: re.Match) -> str:
        decimal, hexadecimal, named = match.groups()
        code = int(decimal) if decimal else int(hexadecimal, 16) if hexadecimal else None
        if code is None:
            return XML_NAMED[named]
        return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else "\ufffd"
    return XML_ENTITY.sub(one, value)


def dek_lines(text: str) -> list[str] | None:
    """An MTGO .dek file as card lines, one a `<Cards>` element in the file's order (`SB: ` before a sideboard
    card), comments left out; None when the text has no `<Cards>` element (it is then read as text, and says
    why not). An element without a quantity or a name stays a line, its own text, so it is reported as bad."""
    lines = []
    for element in DEK_CARD.finditer(DEK_COMMENT.sub("", text)):
        # A tab, CR or LF in a value is a space (as XML reads a typed one; one written as a reference too: a
        # card line is one line), and the value is trimmed of them.
        fields = {key.lower(): XML_SPACE.sub(" ", xml_text(double or single)).strip(" ")
                  for key, double, single in DEK_ATTRIBUTE.findall(element.group(1))}
        if not fields.get("quantity") or not fields.get("name"):
            lines.append(XML_SPACE.sub(" ", element.group(0)))
            continue
        side = fields.get("sideboard", "").lower() == "true"
        lines.append(("SB: " if side else "") + f"{fields['quantity']} {fields['name']}")
    return lines or None


def no_cards_message(errors: list[dict]) -> str:
    """Why nothing could be read: the first bad line when there is one (a single 100,000-character line says
    so), else how a card line looks."""
    if not errors:
        return "No card lines found: write one card per line as COUNT NAME, for example \"4 Goblin Guide\"."
    more = len(errors) - 1
    rest = f" (and {more} more bad line{'' if more == 1 else 's'})" if more else ""
    return f"No card lines found: line {errors[0]['line']}: {errors[0]['message']}{rest}."


def _read_lines(lines: list[str], result: ParsedList) -> None:
    classified = [classify(raw) for raw in lines]
    kinds = {kind for kind, _ in classified}
    section = "main"
    for number, (raw, (kind, value)) in enumerate(zip(lines, classified), start=1):
        if kind == "header":
            section = value
        elif kind == "type":
            if result.declared_type is None:
                result.declared_type = value
            else:
                result.errors.append({"line": number, "message": "a second coalition type line (the first one counts)",
                                      "text": snippet(raw.strip())})
        elif section in ("about", "skip") or kind in ("blank", "comment"):
            continue
        elif kind == "error":
            result.errors.append({"line": number, "message": value, "text": snippet(raw.strip())})
        else:
            placed = value["section"] or section
            result.entries.append(Entry(number, value["count"], value["name"],
                                        "side" if placed == "commander" else placed,
                                        value["set_code"], value["number"], placed == "commander"))
    # A header, a comment or an `SB:` line says where the sideboard is: only a list with none is guessed at.
    marked = any(kind == "card" and value["section"] for kind, value in classified)
    if not kinds & {"header", "comment"} and not marked:
        _mtgo_sideboard(classified, result)


def _mtgo_sideboard(classified: list[tuple[str, object]], result: ParsedList) -> None:
    """With no headers, comments or `SB:` lines (an MTGO .txt file), the cards after the last blank line
    that has cards on both sides of it are the sideboard."""
    split_after = pending = None
    seen_card = False
    for number, (kind, _) in enumerate(classified, start=1):
        if kind == "card":
            split_after = pending if pending is not None else split_after
            seen_card, pending = True, None
        elif kind == "blank" and seen_card and pending is None:
            pending = number
    if split_after is None:
        return
    side = [e for e in result.entries if e.line > split_after]
    for entry in side:
        entry.section = "side"
    result.mtgo_sideboard = True
    cards = sum(e.count for e in side)
    result.notes.append(f"No Sideboard header: the {cards} card{'' if cards == 1 else 's'} after the blank line "
                        f"{split_after} {'is' if cards == 1 else 'are'} read as the sideboard, as in an MTGO list.")


