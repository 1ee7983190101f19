"""Turning card data into safe Markdown and HTML: the Jinja environment and its filters.

Generated pages are Markdown whose body is mostly raw HTML blocks, which Python-Markdown copies verbatim: so
card text in them needs HTML escaping only, and Jinja's autoescape gives exactly that by default. The few
values that land in Markdown proper (headings, front matter) go through `md` or `meta`, which also neutralise
`*`, `_`, `[`, `|`, `{` and friends. Jinja never re-reads its output, so `{{` in a card name stays text.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

import jinja2
from markupsafe import Markup, escape

from generator.paths import TEMPLATES_DIR
from generator.slugs import rule_anchor, slugify

# Scryfall symbols: digits, capitals, `/`, ½ and ∞ ({2/W}, {HW}, {1000000}); `{{ x }}` in a name is no symbol.
SYMBOL = re.compile(r"\{([0-9A-Z/½∞]{1,8})\}")
# Symbols are drawn by the site's own stylesheet (docs/assets/coalition.css) as coloured "pips": no request
# to Scryfall, so they show offline too. docs/assets/js/mana.js draws the same markup in the browser.
PIP_COLOURS = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g"}
PIP_GLYPHS = {"C": "\u25c7", "T": "\u2935", "Q": "\u2934", "P": "\u03a6", "½": "\u00bd", "∞": "\u221e"}
PIP_CLASSES = {"C": "ms-c", "T": "ms-tap", "Q": "ms-untap"}
# Python-Markdown's backslash-escapable characters (core plus `|` from tables); `<`, `>` and `&` become
# entities instead. Escaping any other character would leave a visible backslash.
MARKDOWN_SPECIALS = re.compile(r"([\\`*_{}\[\]()#+\-.!|])")
REMINDER = re.compile(r"(\([^()]*\))")
RULE_REFERENCE = re.compile(r"(?<![\d.])(906\.\d+[a-z]?)(?![\da-z])")

CARD_GROUPS = [
    ("creature", "Creatures"), ("instant", "Instants"), ("sorcery", "Sorceries"),
    ("artifact", "Artifacts"), ("enchantment", "Enchantments"), ("battle", "Battles"),
    ("planeswalker", "Planeswalkers"), ("land", "Lands"), ("other", "Other cards"),
]
COLOR_ORDER = "WUBRG"
REASON_LABELS = {
    "not_paper": "no paper printing", "reserved_list": "Reserved List", "conspiracy": "Conspiracy",
    "ante": "ante", "racist_depiction": "racist depiction", "sticker_attraction": "sticker or Attraction",
    "banned": "banned by name", "legendary": "legendary, not a leader", "no_coalition_type": "Human only",
    "meld_result": "meld result, not a deck card",
}
# The anchors of data/rules/, set by the build before rendering, so any text can link "906.5h" to its rule.
RULE_ANCHORS: set[str] = set()


def md_inline(value: object) -> Markup:
    """Text for a Markdown heading or paragraph: Markdown characters backslashed, then `&`, `<`, `>` as
    entities (in that order, so no backslash lands inside an entity)."""
    backslashed = MARKDOWN_SPECIALS.sub(r"\\\1", str(value))
    return Markup(backslashed.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))


def meta_string(value: object) -> Markup:
    """A YAML front-matter string. MkDocs themes print page titles unescaped, so the title is stored escaped."""
    return Markup(json.dumps(str(escape(str(value))), ensure_ascii=False))


def pip_parts(symbol: str) -> tuple[list[str], str, str | None]:
    """A symbol's pip: its CSS classes and the one or two glyphs drawn on it.

    `R` -> red `R`; `2/W` and `W/U` -> a circle split diagonally, a small glyph in each half; `U/P` and
    `G/U/P` -> the colour(s) with the Phyrexian `Φ`; `HR` -> red `½`; `T`, `Q`, `C` -> their own glyphs."""
    parts = symbol.split("/")
    phyrexian = len(parts) > 1 and parts[-1] == "P"
    if phyrexian:
        parts = parts[:-1]
    if len(parts) == 2:
        halves = [PIP_COLOURS.get(part, "n") for part in parts]
        classes = ["ms-hy", f"ms-a-{halves[0]}", f"ms-b-{halves[1]}"]
        if phyrexian:
            return classes + ["ms-p"], PIP_GLYPHS["P"], None
        return classes, PIP_GLYPHS.get(parts[0], parts[0]), PIP_GLYPHS.get(parts[1], parts[1])
    single = parts[0]
    if len(single) == 2 and single[0] == "H" and single[1] in PIP_COLOURS:   # {HW}, {HR}: half a mana
        return [f"ms-{PIP_COLOURS[single[1]]}"], PIP_GLYPHS["½"], None
    colour = PIP_COLOURS.get(single)
    classes = [f"ms-{colour}"] if colour else [PIP_CLASSES.get(single, "ms-n")]
    if phyrexian:
        return classes + ["ms-p"], PIP_GLYPHS["P"], None
    return classes, PIP_GLYPHS.get(single, single), None


def symbol_image(symbol: str) -> str:
    """One symbol as a pip: screen readers get `{R}` (role img), copying gets `{R}` (the transparent text),
    the eye gets the drawn glyph (a CSS `attr()` from data-g / data-h)."""
    name = escape("{" + symbol + "}")
    classes, glyph, second = pip_parts(symbol)
    extra = f' data-h="{escape(second)}"' if second is not None else ""
    return (f'<span class="ms {" ".join(classes)}" role="img" aria-label="{name}" title="{name}" '
            f'data-g="{escape(glyph)}"{extra}><span class="ms-t">{name}</span></span>')


def mana_symbols(value: str | None) -> Markup:
    """`{2}{R}` as drawn symbols whose accessible name and copied text are the original notation."""
    if not value:
        return Markup("")
    escaped = str(escape(value))
    return Markup('<span class="mana">' + SYMBOL.sub(lambda m: symbol_image(m.group(1)), escaped) + "</span>")


def mana_text(value: str | None) -> Markup:
    """`{2}{R}` as text the browser turns into symbols (docs/assets/js/mana.js); keeps big tables small."""
    return Markup(f'<span class="mana">{escape(value)}</span>') if value else Markup("")


def oracle_html(text: str | None) -> Markup:
    """Oracle text as HTML: paragraphs per line, reminder text in italics, symbols drawn as pips."""
    if not text:
        return Markup("")
    lines = []
    for line in str(escape(text)).split("\n"):
        if line == "//":
            lines.append('<hr class="face-break">')
            continue
        line = REMINDER.sub(r'<i class="reminder">\1</i>', line)
        lines.append("<p>" + SYMBOL.sub(lambda m: symbol_image(m.group(1)), line) + "</p>")
    return Markup("".join(lines))


def colour_symbols(colours: list[str] | None) -> str:
    """A card's colours in WUBRG order as mana notation; colourless is `{C}`."""
    ordered = sorted(colours or [], key=lambda c: COLOR_ORDER.index(c) if c in COLOR_ORDER else 9)
    return "".join("{" + c + "}" for c in ordered) or "{C}"


def scryfall_url(url: str | None) -> str:
    """Scryfall's page without the API's tracking parameter."""
    return (url or "").split("?utm_source=")[0]


def card_link(card: dict, href: str | None = None) -> Markup:
    """A card name that links to Scryfall (or `href`) and previews its image on hover."""
    target = href or scryfall_url(card.get("scryfall_uri")) or search_url(card["name"])
    image = card.get("image_normal")
    data = f' data-img="{escape(image)}"' if image else ""
    return Markup(f'<a href="{escape(target)}"{data}>{escape(card["name"])}</a>')


def search_url(name: str) -> str:
    """Scryfall's search for an exact name: the link for a card this data does not hold."""
    from urllib.parse import quote

    return "https://scryfall.com/search?q=" + quote(f'!"{name}"')


def link_rule_references(html: str, anchors: set[str], prefix: str = "") -> Markup:
    """`906.6h` in already-escaped text becomes a link to its anchor, when that rule exists."""
    def link(match: re.Match) -> str:
        anchor = rule_anchor(match.group(1))
        return f'<a href="{prefix}#{anchor}">{match.group(1)}</a>' if anchor in anchors else match.group(1)

    return Markup(RULE_REFERENCE.sub(link, html))


def thousands(value: int | None) -> str:
    return f"{value or 0:,}"


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    word = singular if count == 1 else (plural_form or singular + "s")
    return f"{count:,} {word}"


def copies(max_copies: int | None) -> str:
    return "any" if max_copies is None else str(max_copies)


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES_DIR)),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters.update({
        "md": md_inline, "meta": meta_string, "mana": mana_symbols, "mana_text": mana_text,
        "oracle": oracle_html, "colours": colour_symbols, "scryfall": scryfall_url, "card_link": card_link,
        "thousands": thousands, "plural": plural, "copies": copies, "anchor": rule_anchor,
        "search_url": search_url, "why": affiliation_why, "copy_reason": copy_reason,
        "slug": slugify, "reason_label": lambda code: REASON_LABELS.get(code, code),
        "rule_links": lambda text, prefix="": link_rule_references(str(escape(text)), RULE_ANCHORS, prefix),
    })
    env.globals.update({"CARD_GROUPS": CARD_GROUPS, "why": affiliation_why})
    return env


def render(template: str, **context: object) -> str:
    return environment().get_template(template).render(**context)


def affiliation_why(source: str, evidence: str | None, face_index: int | None) -> Markup:
    """Why a card has an affiliation, in words: which part of the card says so."""
    face = "back face's " if face_index else ""
    if source == "type_line":
        return Markup(f"{face}type line")
    if source == "oracle_text":
        return Markup(f"{face}text: “{escape(evidence or '')}”")
    if source == "changeling":
        return Markup("changeling: every type")
    if source == "override":
        return Markup(f"override: {escape(evidence or '')}")
    return Markup(escape(source))


# Why a card has its copy limit; the numbers themselves come from the database (data/format.yml).
COPY_REASONS = {
    "creature": "creature (906.5b)",
    "nonbasic_land": "nonbasic land (906.5c)",
    "basic_land": "basic land: no limit",
    "singleton": "neither creature nor land (906.5d)",
    "oracle_any_number": "its own text: any number",
    "oracle_up_to": "its own text sets the limit",
}


def copy_reason(reason: str | None) -> str:
    return COPY_REASONS.get(reason or "", reason or "")
