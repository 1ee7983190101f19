"""MkDocs hooks (mkdocs.yml `hooks:`) that make the thousands of generated pages cheap to build.

A generated page (leaders/, types/: written by generator/site/pages.py) says `prerendered: true` in its front
matter: its body is Markdown headings around raw HTML blocks that our templates already produced. Python-
Markdown would parse every byte of that HTML twice (its HTML block preprocessor and MkDocs' anchor scan) only
to copy it verbatim, and MkDocs builds a new `Markdown()` per page. For such pages this hook

- hands each raw HTML block straight to Markdown's stash (the placeholder Markdown itself would leave), so
  only the headings and the few lines between the blocks are parsed;
- converts with one `Markdown()` per build, reset between pages (Markdown's own reuse API);
- collects the HTML blocks' `id`s with a regex, for MkDocs' anchor validation.

The output is byte-identical to MkDocs' own rendering (tests/test_mkdocs_hooks.py renders every generated
page of the sample both ways). The hook imports nothing from the generator: `coalition build` may run it from
another project folder.
"""

from __future__ import annotations

import logging
import re
from functools import partial

import markdown
from markdown.preprocessors import Preprocessor
from mkdocs.structure.pages import (
    _ExtractAnchorsTreeprocessor,
    _ExtractTitleTreeprocessor,
    _RawHTMLPreprocessor,
    _RelativePathTreeprocessor,
)
from mkdocs.structure.toc import get_toc

log = logging.getLogger("mkdocs.hooks.generated_pages")

FLAG = "prerendered"
START_TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9-]*)[\s/>]")
COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
# What MkDocs' own scan (mkdocs.structure.pages._HTMLHandler) records: every id, and <a name>.
ANCHOR = re.compile(r"<[a-zA-Z][^>]*?\sid=\"([^\"]*)\"|<a\s[^>]*?(?<=\s)name=\"([^\"]*)\"")
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
        for element_id, anchor_name in ANCHOR.findall(COMMENT.sub("", html)):
            self.anchor_ids.add(element_id or anchor_name)
        return self.md.htmlStash.store(html + "\n")


class SharedMarkdown:
    """One Markdown instance for every prerendered page of a build, with MkDocs' per-page processors."""

    def __init__(self, config) -> None:
        self.md = markdown.Markdown(extensions=config["markdown_extensions"],
                                    extension_configs=config["mdx_configs"] or {})
        self.stash = StashHtmlBlocks(self.md)
        self.md.preprocessors.register(self.stash, "coalition_stash_html", STASH_PRIORITY)

    def render(self, page, config, files) -> None:
        """What mkdocs.structure.pages.Page.render does, on the shared instance."""
        md = self.md
        md.reset()
        raw_html = _RawHTMLPreprocessor()
        raw_html._register(md)
        anchors = _ExtractAnchorsTreeprocessor(page.file, files, config)
        anchors._register(md)
        relative_paths = _RelativePathTreeprocessor(page.file, files, config)
        relative_paths._register(md)
        title = _ExtractTitleTreeprocessor()
        title._register(md)
        page.content = md.convert(page.markdown)
        page.toc = get_toc(getattr(md, "toc_tokens", []))
        page._title_from_render = title.title
        page.present_anchor_ids = anchors.present_anchor_ids | raw_html.present_anchor_ids | self.stash.anchor_ids
        if logging.getLogger("mkdocs").getEffectiveLevel() > logging.DEBUG:
            page.links_to_anchors = relative_paths.links_to_anchors


def on_page_markdown(markdown_text, page, config, files):
    if page.meta.get(FLAG):
        # Per-build state lives on the build's config, as MkDocs keeps its own (config._current_page).
        shared = getattr(config, "_coalition_markdown", None)
        if shared is None:
            shared = config._coalition_markdown = SharedMarkdown(config)
        # An instance attribute shadows Page.render for this page only.
        page.render = partial(shared.render, page)
    return markdown_text
