"""MkDocs hook (mkdocs.yml `hooks:`) that makes the Markdown of the thousands of generated pages cheap.

A generated page (leaders/, types/: written by generator/site/pages.py) says `prerendered: true` in its front
matter: its body is Markdown headings around raw HTML blocks that our templates already produced. Where
MkDocs would build a new `Markdown()` per page and parse every byte of that HTML twice (Markdown's HTML block
preprocessor, MkDocs' anchor scan) only to copy it verbatim, this hook

- puts such a page together from its pieces (HeadingsAndBlocks): each distinct heading line is converted by
  Markdown once per build, the HTML blocks are copied as they are, their `id`s collected for MkDocs' anchor
  check;
- converts any other prerendered page on one `Markdown()` per build, reset between pages (Markdown's own
  reuse API), with its HTML blocks handed straight to Markdown's stash (StashHtmlBlocks).

The pages are read, and their headings converted ahead in batches, a chunk at a time by hooks/page_converters.py,
which also hands half the chunks to a second process.

The output is byte-identical to MkDocs' own rendering: tests/test_mkdocs_hooks.py renders every generated page
of the sample both ways. It reuses MkDocs' per-page Markdown processors (private names of mkdocs 1.6), so an
MkDocs upgrade is checked by that test. The hook imports nothing from the generator: `coalition build` runs it
from whichever project folder it builds. Its twin, hooks/page_chrome.py, renders the theme's chrome once per
page shape.
"""

from __future__ import annotations

import logging
import re
from bisect import bisect
from functools import partial
from typing import NamedTuple

import markdown
from markdown.extensions.toc import nest_toc_tokens
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor
from mkdocs.structure.pages import (
    _ExtractAnchorsTreeprocessor,
    _ExtractTitleTreeprocessor,
    _RawHTMLPreprocessor,
    _RelativePathTreeprocessor,
)
from mkdocs.plugins import event_priority
from mkdocs.structure.toc import get_toc
from mkdocs.utils.rendering import get_heading_text

FLAG = "prerendered"
START_TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9-]*)[\s/>]")
TAG_START = re.compile(r"<([a-zA-Z][^\s/>]*)")
# After Markdown's whitespace normaliser (priority 30), before MkDocs' anchor scan (21) and the HTML block
# parser (20): both then see only placeholders.
STASH_PRIORITY = 25


class StashHtmlBlocks(Preprocessor):
    """Each run of lines that starts with a block-level tag and ends at a blank line goes into the HTML
    stash whole, replaced by its placeholder between blank lines, exactly where Markdown would put it."""

    def __init__(self, md: markdown.Markdown) -> None:
        super().__init__(md)
        self.anchor_ids: set[str] = set()

    def run(self, lines: list[str]) -> list[str]:
        self.anchor_ids = set()
        out: list[str] = []
        block: list[str] = []
        for line in lines + [""]:
            if block and line.strip():
                block.append(line)
            elif block:
                out.extend(["", self.stash("\n".join(block)), ""])
                block = []
            elif self.starts_block(line) and (not out or not out[-1].strip()):
                block = [line]
            else:
                out.append(line)
        return out

    def starts_block(self, line: str) -> bool:
        match = START_TAG.match(line)
        return bool(match) and self.md.is_block_level(match.group(1).lower())

    def stash(self, html: str) -> str:
        self.anchor_ids |= html_anchor_ids(html)
        return self.md.htmlStash.store(html + "\n")


class Converted(NamedTuple):
    """What MkDocs' Page.render keeps of a Markdown conversion."""

    content: str
    toc_tokens: list[dict]
    title: str | None
    anchor_ids: set[str]
    links_to_anchors: dict


class SharedMarkdown:
    """One Markdown instance for every prerendered page of a build, with MkDocs' per-page processors."""

    def __init__(self, config) -> None:
        self.md = markdown.Markdown(extensions=config["markdown_extensions"],
                                    extension_configs=config["mdx_configs"] or {})
        self.stash = StashHtmlBlocks(self.md)
        self.md.preprocessors.register(self.stash, "coalition_stash_html", STASH_PRIORITY)
        self.headings = HeadingsAndBlocks(self)

    def convert(self, text: str, file, files, config, *, titles: HeadingTitles | None = None) -> Converted:
        """What mkdocs.structure.pages.Page.render does to `text`, on the shared instance (and `titles`)."""
        md = self.md
        md.reset()
        raw_html = _RawHTMLPreprocessor()
        raw_html._register(md)
        anchors = _ExtractAnchorsTreeprocessor(file, files, config)
        anchors._register(md)
        relative_paths = _RelativePathTreeprocessor(file, files, config)
        relative_paths._register(md)
        title = _ExtractTitleTreeprocessor()
        title._register(md)
        if titles is not None:
            titles._register(md)
        content = md.convert(text)
        return Converted(content, getattr(md, "toc_tokens", []), title.title,
                         anchors.present_anchor_ids | raw_html.present_anchor_ids | self.stash.anchor_ids,
                         relative_paths.links_to_anchors)

    def converted(self, text: str, file, files, config) -> Converted:
        """What Page.render makes of a prerendered page's Markdown: by the fast path when the page allows it
        (see HeadingsAndBlocks), else by a whole conversion."""
        return self.headings.convert(text, file, files, config) or self.convert(text, file, files, config)

    def render(self, page, config, files) -> None:
        """Page.render for a prerendered page."""
        self.fill(page, *self.converted(page.markdown, page.file, files, config))

    @staticmethod
    def fill(page, content: str, toc_tokens: list[dict], title: str | None, anchor_ids: set[str],
             links_to_anchors: dict) -> None:
        """What Page.render sets on a page from its conversion (a Converted's fields, in order; also how
        hooks/page_converters.py gives MkDocs a page the second process converted)."""
        page.content = content
        page.toc = get_toc(toc_tokens)
        page._title_from_render = title
        page.present_anchor_ids = anchor_ids
        if logging.getLogger("mkdocs").getEffectiveLevel() > logging.DEBUG:
            page.links_to_anchors = links_to_anchors


# What makes the fast path leave a page to Markdown: tabs, carriage returns and Markdown's own placeholder
# characters (its whitespace normaliser rewrites them), and anything like a fence or a snippet (their
# preprocessors run before the HTML stash). Plain substring tests: a regular expression costs more than
# the rest of the fast path.
UNUSUAL = ("\t", "\r", "\x02", "\x03", "```", "~~~", "8<-")
HEADING = re.compile(r"#{1,6}[ ]")
HEADING_LINE = re.compile(r"^#{1,6}[ ][^\n]*", re.MULTILINE)
PRERENDERED_SOURCE = "---\nprerendered: true\n"   # how generator/site/pages.py opens such a page
BATCH = 400
NUMBERED = re.compile(r"(.+)_\d+$")   # how Markdown's table of contents tells apart headings sharing an id
BLANK_LINES = re.compile(r"\n(?:[^\S\n]*\n)+")   # lines that are empty once stripped, as str.strip() sees them
# Markdown's output joins its blocks with a newline; a raw HTML block keeps the newline it was stored with.
# Only headings pointing at themselves (the permalink) may be cached: any other link depends on the page.
OTHER_LINK = re.compile(r"""\s(?:href|src)="(?!#)""")


class HeadingsAndBlocks:
    """The fast path for a page that holds nothing but heading lines and HTML blocks (every generated page):
    each distinct heading line is converted by Markdown once per build and cached, the HTML blocks are
    copied, and the page's content, table of contents, title and anchors are put together as Markdown
    would have. A page with anything else, or whose headings would share an id (Markdown would number
    them), is converted whole."""

    def __init__(self, shared: SharedMarkdown) -> None:
        self.shared = shared
        self.cache: dict[str, Converted | None] = {}
        self.first_page = None

    def batch_file(self, files):
        """The page the batches are converted as (any page: a heading may link to nothing but itself), found
        once: Files.documentation_pages() filters every file of the site on each call."""
        if self.first_page is None:
            self.first_page = next(iter(files.documentation_pages()))
        return self.first_page

    def convert(self, text: str, file, files, config) -> Converted | None:
        pieces = self.pieces(text)
        if pieces is None:
            return None
        parts, tokens, anchor_ids = [], [], set()
        for is_heading, piece in pieces:
            if is_heading:
                heading = self.heading(piece, file, files, config)
                if heading is None:
                    return None
                parts.append(heading.content)
                tokens.append({**heading.toc_tokens[0], "children": []})
                anchor_ids |= heading.anchor_ids
            else:
                parts.append(piece + "\n")
                anchor_ids |= html_anchor_ids(piece)
        ids = [token["id"] for token in tokens]
        if len(set(ids)) != len(ids):
            return None
        first = pieces[0][1] if pieces and pieces[0][0] else None
        title = self.cache[first].title if first else None
        return Converted("\n".join(parts).strip(), nest_toc_tokens(tokens), title, anchor_ids,
                         self_links(file, ids))

    def prefetch(self, sources, files, config) -> None:
        """Converts the heading lines of the prerendered pages among `sources` (whole pages, front matter
        included) up front, BATCH distinct lines per Markdown pass instead of a pass per line (each leader's
        name heads its page alone). Only an optimisation: a line it could not cache is converted alone when
        its page comes."""
        lines: dict[str, None] = {}
        for text in sources:
            if text.startswith(PRERENDERED_SOURCE):
                lines.update(dict.fromkeys(HEADING_LINE.findall(text)))
        todo = [line for line in lines if line not in self.cache]
        for start in range(0, len(todo), BATCH):
            self.convert_batch(todo[start:start + BATCH], files, config)

    def convert_batch(self, lines: list[str], files, config) -> None:
        """Caches each of `lines` from one conversion of them all, where that conversion is provably what
        each line gives alone: one heading per line, no link but their permalinks, no anchor but their
        ids, and no id that Markdown had to number apart from another one."""
        file, titles = self.batch_file(files), HeadingTitles()
        batch = self.shared.convert("\n\n".join(lines), file, files, config, titles=titles)
        html, tokens = batch.content.split("\n"), list(flat_tokens(batch.toc_tokens))
        ids = [token["id"] for token in tokens]
        if (not len(lines) == len(html) == len(tokens) == len(titles.titles) or batch.anchor_ids != set(ids)
                or OTHER_LINK.search(batch.content) or batch.links_to_anchors != self_links(file, ids)):
            return
        for line, content, token, title in zip(lines, html, tokens, titles.titles):
            numbered = NUMBERED.match(token["id"])
            if content.startswith(f"<h{token['level']}") and not (numbered and numbered.group(1) in ids):
                self.cache[line] = Converted(content, [{**token, "children": []}], title, {token["id"]}, {})

    def pieces(self, text: str) -> list[tuple[bool, str]] | None:
        """The page as (is heading, heading line or HTML block), split as StashHtmlBlocks splits it: a run of
        lines between blank lines is an HTML block when its first line starts one, else every line must
        be a heading. None when a line is neither."""
        if any(unusual in text for unusual in UNUSUAL):
            return None
        pieces: list[tuple[bool, str]] = []
        for run in BLANK_LINES.split(text):
            if not run or run.isspace():
                continue
            if self.shared.stash.starts_block(run):
                pieces.append((False, run))
                continue
            lines = run.split("\n")
            if not all(HEADING.match(line) for line in lines):
                return None
            pieces.extend((True, line) for line in lines)
        return pieces

    def heading(self, line: str, file, files, config) -> Converted | None:
        """One heading line converted alone (cached), or None when it is not exactly one heading that
        links nowhere but to itself."""
        if line not in self.cache:
            alone = self.shared.convert(line, file, files, config)
            tokens = alone.toc_tokens
            own = self_links(file, [tokens[0]["id"]]) if len(tokens) == 1 else None
            single = (own is not None and not tokens[0]["children"] and alone.content.startswith("<h")
                      and alone.content.count("<h") == 1 and not OTHER_LINK.search(alone.content)
                      and alone.links_to_anchors == own)
            self.cache[line] = alone if single else None
        return self.cache[line]


class HeadingTitles(Treeprocessor):
    """The title MkDocs would take from each top-level element were it the page's first (its text if an h1)."""

    def run(self, root):
        self.titles = [get_heading_text(el, self.md) if el.tag == "h1" else None for el in root]

    def _register(self, md: markdown.Markdown) -> None:
        self.md = md
        md.treeprocessors.register(self, "coalition_heading_titles", priority=1)   # MkDocs' title extractor's


def flat_tokens(tokens: list[dict]):
    """Markdown's nested table of contents, depth first: the headings in page order."""
    for token in tokens:
        yield token
        yield from flat_tokens(token["children"])


def self_links(file, ids: list[str]) -> dict:
    """What MkDocs records of a page's permalinks: links to its own anchors."""
    return {file: {anchor: "#" + anchor for anchor in ids}} if ids else {}


def html_anchor_ids(html: str) -> set[str]:
    """The ids an HTML block declares (and <a name>s), outside comments, as MkDocs' anchor scan
    (mkdocs.structure.pages._HTMLHandler) finds them. Found with str.find: a regular expression over every
    tag of the pool tables costs more than the rest of the page."""
    found: set[str] = set()
    comments = None
    for attribute in ("id", "name"):
        for at, value in attribute_values(html, attribute):
            tag_start = html.rfind("<", 0, at)
            tag = TAG_START.match(html, tag_start) if tag_start >= 0 else None
            if tag is None or html.find(">", tag_start, at) >= 0:
                continue   # not inside a start tag
            comments = comment_spans(html) if comments is None else comments
            inside = bisect(comments, (at, len(html))) - 1
            if inside >= 0 and comments[inside][1] > at:
                continue
            if attribute == "id" or tag.group(1).lower() == "a":
                found.add(value)
    return found


def attribute_values(html: str, attribute: str):
    """(position, value) of every ` attribute="value"`."""
    needle = attribute + '="'
    at = html.find(needle)
    while at >= 0:
        end = html.find('"', at + len(needle))
        if end < 0:
            return
        if at > 0 and html[at - 1].isspace():
            yield at - 1, html[at + len(needle):end]
        at = html.find(needle, end)


def comment_spans(html: str) -> list[tuple[int, int]]:
    """(start, end) of every HTML comment, in order; an unclosed one runs to the end."""
    spans, at = [], html.find("<!--")
    while at >= 0:
        end = html.find("-->", at + 4)
        end = len(html) if end < 0 else end + 3
        spans.append((at, end))
        at = html.find("<!--", end)
    return spans


def shared_markdown(config) -> SharedMarkdown:
    """The build's SharedMarkdown. Per-build state lives on the build's config, as MkDocs keeps its own
    (config._current_page)."""
    shared = getattr(config, "_coalition_markdown", None)
    if shared is None:
        shared = config._coalition_markdown = SharedMarkdown(config)
    return shared


@event_priority(100)   # before hooks/page_converters.py forks in on_nav: both processes convert on this one
def on_nav(nav, config, files):
    shared_markdown(config)
    return nav


def on_page_markdown(markdown_text, page, config, files):
    if page.meta.get(FLAG):
        # An instance attribute shadows Page.render for this page only.
        page.render = partial(shared_markdown(config).render, page)
    return markdown_text


def on_page_content(html, page, config, files):
    """A generated page's Markdown is of no use once converted (nothing after this reads page.markdown): let it
    go, rather than hold every page's source beside its HTML until the build ends (~50 MB on today's cards)."""
    if page.meta.get(FLAG):
        page.markdown = None
    return html
