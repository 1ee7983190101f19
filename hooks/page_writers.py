"""MkDocs hook (mkdocs.yml `hooks:`): the generated pages' HTML is written by two processes, one per core.

Once MkDocs has read and converted every page (on_env), the theme still has to be rendered around each one
and the result written: for the thousands of generated pages, most of what is left of a build. So the hook
forks there. The child builds every other page that is generated and left out of the search (`prerendered`
and `search: exclude` in its front matter) with MkDocs' own page builder, checks their anchors, and ends;
the parent builds everything else as usual, gives the child's pages an empty output (for which MkDocs writes
nothing, a note it is told to keep to itself) and waits for the child before the build ends. Whatever the
child logs as a warning or error, or its death, fails the build; Linux kills the child when its parent dies.

Only a plain `mkdocs build` on more than one core forks (a process with other threads, such as
`mkdocs serve`'s, never does); COALITION_PAGE_WRITERS=1 turns it off. The output is the same bytes either
way (tests/test_site_build.py). The hook imports nothing from the generator.
"""

from __future__ import annotations

import ctypes
import gc
import logging
import os
import signal
import sys
import threading
import traceback

from mkdocs.commands.build import _build_page
from mkdocs.exceptions import PluginError

FLAG = "prerendered"   # the front matter key generator/site/pages.py writes (the other hooks read it too)
SWITCH = "COALITION_PAGE_WRITERS"
PR_SET_PDEATHSIG = 1


def forking_allowed() -> bool:
    return (os.environ.get(SWITCH, "2") != "1" and hasattr(os, "fork") and len(os.sched_getaffinity(0)) > 1
            and threading.active_count() == 1)


def childs_share(files) -> list:
    """Every other generated page that the search leaves out (its content matters to nothing but its file)."""
    pages = [file.page for file in files.documentation_pages() if file.page is not None
             and file.page.meta.get(FLAG) and (file.page.meta.get("search") or {}).get("exclude")]
    return pages[1::2]


def on_nav(nav, config, files):
    config._coalition_nav = nav   # MkDocs hands the navigation to on_nav only; the child's builder needs it
    return nav


def on_env(env, config, files):
    if not forking_allowed():
        return env
    pages = childs_share(files)
    if not pages:
        return env
    sys.stdout.flush()
    sys.stderr.flush()
    gc.freeze()   # the child's collections then leave the parent's objects, and their memory pages, alone
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:
        build_in_child(pages, env, config, files, parent)   # never returns
    gc.unfreeze()
    config._coalition_page_writer = pid
    elsewhere = {page.file.src_uri for page in pages}
    for page in pages:
        page.content = ""   # nothing left to do for the search plugin's clean-up either
    logging.getLogger("mkdocs.commands.build").addFilter(
        lambda record: not (record.getMessage().startswith("Page skipped: '")
                            and record.getMessage().split("'")[1] in elsewhere))
    get_template = env.get_template

    def skipping_elsewhere(name, *args, **kwargs):
        template = get_template(name, *args, **kwargs)
        return WrittenElsewhere(template, elsewhere) if name == "main.html" else template

    env.get_template = skipping_elsewhere
    return env


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


class Problems(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record) -> None:
        self.count += 1


def build_in_child(pages, env, config, files, parent: int) -> None:
    """The child: build `pages`, check their anchors, exit 0 when nothing was worth a warning."""
    status = 1
    try:
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:
            raise SystemExit("the MkDocs build that forked this writer is gone")
        problems = Problems()
        logging.getLogger("mkdocs").addHandler(problems)
        documentation = files.documentation_pages()
        for page in pages:
            _build_page(page, config, documentation, config._coalition_nav, env)
        for page in pages:
            page.validate_anchor_links(files=files, log_level=config.validation.links.anchors)
        status = 1 if problems.count else 0
    except BaseException:   # Ctrl-C included: the parent reports the failure
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def on_post_build(config):
    pid = getattr(config, "_coalition_page_writer", None)
    if pid is None:
        return
    config._coalition_page_writer = None
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise PluginError(f"the second page writer failed (exit {os.waitstatus_to_exitcode(status)}); "
                          "its log above says why")
