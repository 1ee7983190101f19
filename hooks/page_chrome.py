"""MkDocs hook (mkdocs.yml `hooks:`): Material's chrome rendered once per page shape for the generated pages.

A generated page (leaders/, types/: written by generator/site/pages.py) says `prerendered: true` in its front
matter. Material's main.html around such a page depends on little of the page: this hook renders it once per
page shape (same folder depth, same front matter but title and description, same table-of-contents nesting,
outside the navigation) with marks in place of the page's own values, and splices each page's title,
description, address, skip link, table of contents and content into it (Skeleton). The first page of each
shape is also rendered in full and must come out the same, with nothing of its address left in the chrome,
or that shape is always rendered in full.

The output is byte-identical to MkDocs' own rendering: tests/test_mkdocs_hooks.py renders every page of the
sample both ways. The hook imports nothing from the generator: `coalition build` runs it from whichever
project folder it builds. Its twin, hooks/generated_pages.py, makes the same pages' Markdown cheap.
"""

from __future__ import annotations

import logging
import re

from markupsafe import Markup, escape
from mkdocs.structure.toc import AnchorLink, TableOfContents

log = logging.getLogger("mkdocs.hooks.page_chrome")

FLAG = "prerendered"   # the front matter key generator/site/pages.py writes (hooks/generated_pages.py reads it too)

# Page values the chrome prints become marks: words no filter changes and no theme text contains.
MARK = "CoalitionSplice{}7f3a"
SPLIT = re.compile(r"CoalitionSplice(\w+?)7f3a")
# A marked heading title ends in an empty tag, so that a title printed as is ("T3r") and one printed through
# `striptags | e` (the theme's aria-label, "T3t") leave different marks.
RAW_TITLE = re.compile(r"CoalitionSpliceT(\d+)t7f3a<i></i>")


def toc_shape(links) -> tuple:
    """The table of contents' nesting, without its titles and ids (those are spliced)."""
    return tuple((link.level, toc_shape(link.children)) for link in links)


def shape_of(page) -> tuple | None:
    """What the theme's output of a page depends on besides the spliced values; None when the page must be
    rendered in full (not one of ours, or in the navigation, or without a title heading first)."""
    if not page.meta.get(FLAG) or page.parent or page.previous_page or page.next_page or page.edit_url:
        return None
    toc = list(page.toc)
    if not toc or toc[0].level != 1 or "title" not in page.meta:
        return None
    meta = tuple(sorted((key, repr(value)) for key, value in page.meta.items() if key not in ("title", "description")))
    # The folder, not only the depth: the section bar at the top of the content (overrides/partials/
    # section-bar.html) is chosen and marked by the address of a page outside the navigation.
    folder = page.url.rstrip("/").rpartition("/")[0]
    return (page.url.count("/"), folder, page.is_homepage, "description" in page.meta,
            "<h1" in (page.content or ""), meta, toc_shape(toc))


def toc_links(page) -> list:
    """Every heading of the table of contents below the first, depth first: the order marks are numbered in."""
    def walk(links):
        for link in links:
            yield link
            yield from walk(link.children)

    first, *rest = list(page.toc)
    return list(walk(first.children)) + list(walk(rest))


class MarkedPage:
    """A page whose spliced values are marks; everything else is the page's own."""

    def __init__(self, page) -> None:
        self._page = page
        self.title = MARK.format("Title")
        self.canonical_url = MARK.format("Canonical")
        self.content = MARK.format("Content") + ("<h1" if "<h1" in page.content else "")
        self.meta = {**page.meta, "title": self.title}
        if "description" in page.meta:
            self.meta["description"] = MARK.format("Description")
        numbers = {id(link): number for number, link in enumerate(toc_links(page))}

        def marked(link, title: str, anchor: str) -> AnchorLink:
            copy = AnchorLink(title, anchor, link.level)
            copy.children = [marked(child, MARK.format(f"T{numbers[id(child)]}t") + "<i></i>",
                                    MARK.format(f"T{numbers[id(child)]}i")) for child in link.children]
            return copy

        first, *rest = list(page.toc)
        self.toc = TableOfContents([marked(first, MARK.format("FirstTitle"), MARK.format("Skip"))] + [
            marked(link, MARK.format(f"T{numbers[id(link)]}t") + "<i></i>", MARK.format(f"T{numbers[id(link)]}i"))
            for link in rest])

    def __getattr__(self, name):
        return getattr(self._page, name)


class Skeleton:
    """The theme's output for one page shape, cut at the marks."""

    def __init__(self, marked_html: str) -> None:
        # The content mark carries "<h1" when the page's content does (the theme adds a title otherwise).
        html = marked_html.replace(MARK.format("Content") + "<h1", MARK.format("Content"))
        self.parts = SPLIT.split(RAW_TITLE.sub(lambda m: MARK.format(f"T{m.group(1)}r"), html))

    @staticmethod
    def values(page) -> dict[str, str]:
        first = list(page.toc)[0]
        values = {"Title": str(page.meta["title"]), "Description": str(page.meta.get("description", "")),
                  "Canonical": str(page.canonical_url), "Skip": first.id, "FirstTitle": first.title,
                  "Content": page.content}
        for number, link in enumerate(toc_links(page)):
            values[f"T{number}r"] = link.title
            values[f"T{number}t"] = str(escape(Markup(link.title).striptags()))
            values[f"T{number}i"] = link.id
        return values

    def fill(self, page) -> str:
        values = self.values(page)
        return "".join(values[part] if index % 2 else part for index, part in enumerate(self.parts))


class SplicingTemplate:
    """Stands in for the theme's main.html: spliced output for the generated pages, the template for the rest."""

    def __init__(self, template) -> None:
        self.template = template
        self.skeletons: dict[tuple, Skeleton | None] = {}

    def __getattr__(self, name):
        return getattr(self.template, name)

    def spliced(self, page) -> str | None:
        """The page's output from its shape's known skeleton, without MkDocs' template context; None when its
        shape has not been rendered yet (or is rendered in full): then build it the usual way."""
        shape = shape_of(page)
        skeleton = self.skeletons.get(shape) if shape is not None else None
        return skeleton.fill(page) if skeleton else None

    def render(self, context) -> str:
        page = context.get("page")
        shape = shape_of(page) if page is not None else None
        if shape is None:
            return self.template.render(context)
        if shape in self.skeletons:
            skeleton = self.skeletons[shape]
            return skeleton.fill(page) if skeleton else self.template.render(context)
        full = self.template.render(context)
        skeleton = Skeleton(self.template.render({**context, "page": MarkedPage(page)}))
        chrome = "".join(skeleton.parts[::2])
        own_address = page.url in chrome or f"/{page.file.name}/" in chrome
        self.skeletons[shape] = skeleton if skeleton.fill(page) == full and not own_address else None
        if self.skeletons[shape] is None:
            log.info("page shape of %s is rendered in full: its splice differs", page.file.src_uri)
        return full


def on_env(env, config, files):
    """Serve main.html through SplicingTemplate (an instance attribute shadows Environment.get_template)."""
    get_template = env.get_template

    def spliced_main(name, *args, **kwargs):
        template = get_template(name, *args, **kwargs)
        if name != "main.html":
            return template
        cache = getattr(config, "_coalition_splicer", None)
        if cache is None or cache.template is not template:
            cache = config._coalition_splicer = SplicingTemplate(template)
        return cache

    env.get_template = spliced_main
    return env
