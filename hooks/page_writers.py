"""MkDocs hook (mkdocs.yml `hooks:`): the generated pages' HTML is written by two processes, one per core.

Once MkDocs has read and converted every page (on_env), the theme still has to be rendered around each one
and the result written: for the thousands of generated pages, most of what is left of a build. So the hook
forks there, and the two processes share the generated pages that the search leaves out (`prerendered` and
`search: exclude` in their front matter) page by page, whoever reaches one first (Claims): the parent from the
front, in MkDocs' own order, as its build comes to them among every other page; the child from the back,
splicing each into its shape's chrome directly (hooks/page_chrome.py; MkDocs' own page builder for the first
page of a shape). They meet wherever the parent's other work (hand-written and searched pages, static files,
the search index) leaves them, so neither core waits for the other. The parent gives the child's pages an
empty output (for which MkDocs writes nothing, a note it is told to keep to itself), checks every page's
anchors as usual and waits for the child before the build ends. Whatever the child logs as a warning or
error, or its death, fails the build; Linux kills the child when its parent dies.

Only a plain `mkdocs build` on more than one core forks (a process with other threads, such as
`mkdocs serve`'s, never does); COALITION_PAGE_WRITERS=1 turns it off. The output is the same bytes either
way (tests/test_site_build.py). The hook imports nothing from the generator.
"""

from __future__ import annotations

import logging
import os
import re
import threading
from functools import partial

from mkdocs.commands.build import _build_page
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.utils import write_file
from second_process import FrontBackClaims, fork_second_process

FLAG = "prerendered"   # the front matter key generator/site/pages.py writes (the other hooks read it too)
SWITCH = "COALITION_PAGE_WRITERS"
# What Material's search plugin removes from a page's content in on_page_context (its own pattern, which
# needs this text to match).
SEARCH_ATTRIBUTE = re.compile(r'data-search-\w+="')


def forking_allowed() -> bool:
    return (os.environ.get(SWITCH, "2") != "1" and hasattr(os, "fork") and len(os.sched_getaffinity(0)) > 1
            and threading.active_count() == 1)


def shared_pages(files) -> list:
    """The generated pages that the search leaves out (their content matters to nothing but their file)."""
    return [file.page for file in files.documentation_pages() if file.page is not None
            and file.page.meta.get(FLAG) and (file.page.meta.get("search") or {}).get("exclude")]


class Claims(FrontBackClaims):
    """Which writer has taken which shared page (hooks/second_process.py), and the parent's note of the ones
    the child took."""

    def __init__(self, pages: list) -> None:
        super().__init__(len(pages))
        self.index = {page.file.src_uri: number for number, page in enumerate(pages)}
        self.elsewhere: set[str] = set()   # the parent's note of the pages the child took


def on_nav(nav, config, files):
    config._coalition_nav = nav   # MkDocs hands the navigation to on_nav only; the child's builder needs it
    return nav


def on_env(env, config, files):
    if not forking_allowed():
        return env
    pages = shared_pages(files)
    if len(pages) < 2:
        return env
    claims = Claims(pages)
    pid = fork_second_process(partial(write_childs_pages, pages, claims, env, config, files), "writer")
    config._coalition_page_writer = pid
    config._coalition_claims = claims
    logging.getLogger("mkdocs.commands.build").addFilter(
        lambda record: not (record.getMessage().startswith("Page skipped: '")
                            and record.getMessage().split("'")[1] in claims.elsewhere))
    get_template = env.get_template

    def skipping_elsewhere(name, *args, **kwargs):
        template = get_template(name, *args, **kwargs)
        return WrittenElsewhere(template, claims.elsewhere) if name == "main.html" else template

    env.get_template = skipping_elsewhere
    return env


@event_priority(100)   # before the search plugin: a page the child writes leaves it nothing to clean up
def on_page_context(context, page, config, nav):
    claims = getattr(config, "_coalition_claims", None)
    number = claims.index.get(page.file.src_uri) if claims is not None else None
    if number is not None and not claims.take_front(number):
        claims.elsewhere.add(page.file.src_uri)
        page.content = ""
    return context


class WrittenElsewhere:
    """main.html, rendering nothing for the pages the child writes."""

    def __init__(self, template, elsewhere: set[str]) -> None:
        self.template, self.elsewhere = template, elsewhere

    def __getattr__(self, name):
        return getattr(self.template, name)

    def render(self, context) -> str:
        page = context.get("page")
        if page is not None and page.file.src_uri in self.elsewhere:
            return ""
        return self.template.render(context)


def write_childs_pages(pages, claims: Claims, env, config, files) -> None:
    """The child's work: write the shared pages it can take. Their anchors are checked by the parent, which
    checks every page's."""
    documentation = files.documentation_pages()
    while (number := claims.take_back()) is not None:
        write_page(pages[number], config, documentation, env)


def write_page(page, config, documentation, env) -> None:
    """The page's file from its shape's chrome (page_chrome.py) when that is known, skipping the template context
    MkDocs would build for it; else through MkDocs' own page builder, which also teaches the splicer the shape.
    A page with an attribute the search plugin strips (data-search-*="...") always takes MkDocs' way."""
    splicer = getattr(config, "_coalition_splicer", None)
    output = None
    if splicer is not None and not SEARCH_ATTRIBUTE.search(page.content or ""):
        output = splicer.spliced(page)
    if output is None:
        _build_page(page, config, documentation, config._coalition_nav, env)
        return
    output = config.plugins.on_post_page(output, page=page, config=config)
    write_file(output.encode("utf-8", errors="xmlcharrefreplace"), page.file.abs_dest_path)


def on_post_build(config):
    pid = getattr(config, "_coalition_page_writer", None)
    if pid is None:
        return
    config._coalition_page_writer = None
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise PluginError(f"the second page writer failed (exit {os.waitstatus_to_exitcode(status)}); "
                          "its log above says why")
