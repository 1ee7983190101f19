"""Turning card data into safe Markdown and HTML: the Jinja environment and its filters.

Generated pages are Markdown whose body is mostly raw HTML blocks, which Python-Markdown copies verbatim: so
card text in them needs HTML escaping only, and Jinja's autoescape gives exactly that by default. The few
values that land in Markdown proper (headings, front matter) go through `md` or `meta`, which also neutralise
`*`, `_`, `[`, `|`, `{` and friends. Jinja never re-reads its output, so `{{` in a card name stays text.
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

import jinja2
from markupsafe import Markup, escape

from generator.formatschema import affiliated
from generator.paths import TEMPLATES_DIR
from generator.site.context import group_name, types_before_group
from generator.site.manawords import symbol_name
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
# A rule number such as 12.5h or 3.2a; only numbers the format's rules hold become links.
RULE_REFERENCE = re.compile(r"(?<![\d.])(\d+\.\d+[a-z]?)(?![\da-z])")

COLOR_ORDER = "WUBRG"


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
    """One symbol as a pip: screen readers get its name in words ("black mana", role img), copying gets `{B}`
    (the transparent text, hidden from screen readers so it is not read after the name), the eye gets the
    drawn glyph (a CSS `attr()` from data-g / data-h, whose generated text the stylesheet keeps unspoken).

    Each symbol of a cost keeps its own name rather than the cost one label ("two generic mana, black mana,
    black mana", not "two generic, two black"): the same pips stand alone in rules text ("{T}: add {G}"), a
    reader can step through them one by one, and hybrid and Phyrexian symbols would not merge into counts."""
    name = escape(symbol_name(symbol))
    notation = escape("{" + symbol + "}")
    classes, glyph, second = pip_parts(symbol)
    extra = f' data-h="{escape(second)}"' if second is not None else ""
    return (f'<span class="ms {" ".join(classes)}" role="img" aria-label="{name}" title="{name}" '
            f'data-g="{escape(glyph)}"{extra}><span class="ms-t" aria-hidden="true">{notation}</span></span>')


def mana_symbols(value: str | None) -> Markup:
    """`{2}{R}` as drawn symbols named in words ("two generic mana"), copied as the original notation."""
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


def card_href(card: dict) -> str:
    """Where a card's name links: its Scryfall page, else Scryfall's search for its exact name."""
    return scryfall_url(card.get("scryfall_uri")) or search_url(card["name"])


def card_link(card: dict, href: str | None = None) -> Markup:
    """A card name that links to Scryfall (or `href`) and previews its image on hover."""
    target = href or card_href(card)
    image = card.get("image_normal")
    data = f' data-img="{escape(image)}"' if image else ""
    return Markup(f'<a href="{escape(target)}"{data}>{escape(card["name"])}</a>')


@lru_cache(maxsize=65536)
def search_url(name: str) -> str:
    """Scryfall's search for an exact name: the link for a card this data does not hold (a card appears on
    several pages: its leader page and every pool it is in)."""
    return "https://scryfall.com/search?q=" + quote(f'!"{name}"')


def link_rule_references(html: str, anchors: set[str], prefix: str = "") -> Markup:
    """`12.6h` in already-escaped text becomes a link to its anchor, when that rule exists."""
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


@jinja2.pass_context
def rule_links(context: jinja2.runtime.Context, text: object, prefix: str = "") -> Markup:
    """Rule numbers in `text` linked to the rendering format's rules (the `rule_anchors` it passes)."""
    return link_rule_references(str(escape(text)), context.get("rule_anchors") or set(), prefix)


@jinja2.pass_context
def reason_title(context: jinja2.runtime.Context, code: str) -> str:
    """A ban reason's title from the rendering page's `reason_titles`, else the code itself."""
    return (context.get("reason_titles") or {}).get(code, code)


@jinja2.pass_context
def reason_label(context: jinja2.runtime.Context, code: str) -> str:
    """A reason code's label from the shared vocabulary (data/cards/vocabulary.yml `reason_labels`, the
    rendering page's `reason_labels`), else the code itself."""
    return (context.get("reason_labels") or {}).get(code, code)


@jinja2.pass_context
def before_group(context: jinja2.runtime.Context, type_names: list[str]) -> str:
    """Types listed before the rendering format's group word (`w.groups`): "Goblin, Army-type"."""
    return types_before_group(type_names, context["w"])


@jinja2.pass_context
def type_group(context: jinja2.runtime.Context, type_name: str) -> str:
    """A type's group in the rendering format's words, as its page is titled: "Goblin army"."""
    return group_name(type_name, context["w"])


@jinja2.pass_context
def copy_reason(context: jinja2.runtime.Context, reason: str | None) -> str:
    """Why a card has its copy limit, citing the rendering format's rule (its `fmt.rules`)."""
    return copy_reason_words(context.get("fmt") or {}, reason)


def copy_reason_words(fmt: dict, reason: str | None) -> str:
    """Why a card has its copy limit, citing the rule of the format `fmt` (its format.yml's settings)."""
    words, rule_key = COPY_REASONS.get(reason or "", (reason or "", None))
    number = rule_number(fmt, rule_key) if rule_key else None
    return f"{words} ({number})" if number else words


def rule_number(fmt: dict, key: str) -> str | None:
    """The rule a format's data names for `key`: a deck check's (its `checks:` by id, or the `rules:`
    mapping) or another rule its pages cite (`cites:`), all in its format.yml."""
    for check in fmt.get("checks") or []:
        if check.get("id") == key and check.get("rule"):
            return str(check["rule"])
    return (fmt.get("rules") or {}).get(key) or (fmt.get("cites") or {}).get(key)


@jinja2.pass_context
def cite(context: jinja2.runtime.Context, *keys: str) -> Markup:
    """` (<a href="../rules/#12-5e">12.5e</a>)`: the rules the format's data names for `keys`, linked on
    its rules page, in brackets after a leading space; nothing when its data names none of them."""
    home = context.get("home", "")
    numbers = list(dict.fromkeys(n for n in (rule_number(context.get("fmt") or {}, key) for key in keys) if n))
    links = [f'<a href="{escape(home)}rules/#{rule_anchor(n)}">{escape(n)}</a>' for n in numbers]
    return Markup(f" ({', '.join(links)})" if links else "")


@jinja2.pass_context
def rule_md(context: jinja2.runtime.Context, key: str, page: str = "rules.md") -> Markup:
    """`[12.5e](rules.md#12-5e)`: a Markdown link to the rule the format's data names for `key` (on the
    same page when `page` is ""), for snippets that hand-written pages include."""
    number = rule_number(context.get("fmt") or {}, key)
    if not number:
        raise jinja2.TemplateRuntimeError(f"the format's data names no rule for {key!r}")
    return Markup(f"[{escape(number)}]({escape(page)}#{rule_anchor(number)})")


def number_word(value: int) -> str:
    """3 -> "three", 60 -> "sixty": how prose writes the small numbers a format's data holds."""
    if value < len(SMALL_NUMBERS):
        return SMALL_NUMBERS[value]
    tens, ones = divmod(value, 10)
    if value < 100 and tens >= 2:
        return TENS[tens] + (f"-{SMALL_NUMBERS[ones]}" if ones else "")
    return f"{value:,}"


def ordinal_word(value: int) -> str:
    """4 -> "fourth": how prose counts the small numbers a format's data holds."""
    return ORDINALS[value] if 0 < value < len(ORDINALS) else f"{value}th"


def month_year(value: object) -> str:
    """"2024-12" -> "December 2024": a banlist date as a reader says it."""
    year, _, month = str(value).partition("-")
    return f"{MONTHS[int(month[:2]) - 1]} {year}" if month[:2].isdigit() else str(value)


MONTHS = ("January February March April May June July August September October November December").split()
ORDINALS = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
SMALL_NUMBERS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                 "sixteen seventeen eighteen nineteen").split()
TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


# A folder of compiled templates (Jinja's bytecode cache) that every process of a build shares: set by the
# build for its format workers, filled while the database stage runs (precompile_templates). Each worker
# would otherwise compile its ~50 templates itself, about a second of CPU each.
TEMPLATE_CACHE_ENV = "COALITION_TEMPLATE_CACHE"


@lru_cache(maxsize=8)
def environment(template_dirs: tuple[str, ...] = (), bytecode_dir: str | None = None) -> jinja2.Environment:
    """The site's one Jinja environment. `template_dirs` (a format's own templates) are searched before the
    shared generator/templates/, which stays reachable as `shared/NAME` so a format's template can extend
    the shared one it replaces and override only its blocks. Templates compiled once are kept in
    `bytecode_dir` when given (Jinja checks each against its source before using it)."""
    shared = jinja2.FileSystemLoader(str(TEMPLATES_DIR))
    loader = jinja2.ChoiceLoader([*(jinja2.FileSystemLoader(d) for d in template_dirs), shared,
                                  jinja2.PrefixLoader({"shared": shared})])
    env = jinja2.Environment(
        loader=loader,
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        bytecode_cache=jinja2.FileSystemBytecodeCache(bytecode_dir) if bytecode_dir else None,
    )
    env.filters.update({
        "md": md_inline, "meta": meta_string, "mana": mana_symbols, "mana_text": mana_text,
        "oracle": oracle_html, "colours": colour_symbols, "card_href": card_href, "card_link": card_link,
        "thousands": thousands, "plural": plural, "affiliated": affiliated, "copies": copies, "anchor": rule_anchor,
        "search_url": search_url, "copy_reason": copy_reason, "before_group": before_group,
        "group_name": type_group, "words": number_word,
        "ordinal": ordinal_word, "month_year": month_year,
        "slug": slugify, "reason_label": reason_label,
        "rule_links": rule_links, "reason_title": reason_title,
    })
    env.globals.update({"cite": cite, "rule_md": rule_md})
    return env


def render(template: str, template_dirs: tuple[str, ...] = (), **context: object) -> str:
    bytecode_dir = os.environ.get(TEMPLATE_CACHE_ENV) or None
    return environment(template_dirs, bytecode_dir).get_template(template).render(**context)


def precompile_templates(bytecode_dir: Path, template_dirs: list[tuple[str, ...]]) -> int:
    """Compile every template each of `template_dirs` (one tuple per format, () for the shared ones alone)
    can load into `bytecode_dir`, for the processes that render with it; returns how many. A format's own
    folder sits inside the shared one: seen from there, its templates are no template of any environment."""
    bytecode_dir.mkdir(parents=True, exist_ok=True)
    format_folders = tuple(Path(folder).relative_to(TEMPLATES_DIR).as_posix() + "/" for dirs in template_dirs
                           for folder in dirs if Path(folder).is_relative_to(TEMPLATES_DIR))
    compiled = 0
    for dirs in template_dirs:
        env = environment(dirs, str(bytecode_dir))
        for name in env.list_templates(filter_func=lambda name: name.endswith(".j2")):
            if not name.startswith(format_folders):
                env.get_template(name)
                compiled += 1
    return compiled


# Why a card has its copy limit, and the key of the format's `rules:` that says so (data/format.yml); the
# numbers themselves come from the database.
COPY_REASONS = {
    "creature": ("creature", "creature_copies"),
    "nonbasic_land": ("nonbasic land", "land_copies"),
    "basic_land": ("basic land: no limit", None),
    "singleton": ("neither creature nor land", "singleton"),
    "oracle_any_number": ("its own text: any number", None),
    "oracle_up_to": ("its own text sets the limit", None),
}
