"""hooks/generated_pages.py renders the generated pages exactly as MkDocs would, only faster.

Every page of the sample site that says `prerendered: true` is rendered twice on one MkDocs configuration:
by MkDocs' own Page.render (a new Markdown per page, every HTML byte parsed) and by the hook's shared
Markdown with the HTML blocks stashed unparsed. Content, table of contents, title and anchor ids must match.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
from mkdocs.commands.build import get_context
from mkdocs.config import load_config
from mkdocs.structure.files import get_files
from mkdocs.structure.nav import get_navigation
from mkdocs.structure.pages import Page

from tests.site_testing import built_site


def load_hooks(root: Path):
    spec = importlib.util.spec_from_file_location("generated_pages_under_test", root / "hooks" / "generated_pages.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def mkdocs_project(tmp_path_factory):
    """The built sample's project, its MkDocs configuration loaded, the hooks module and every page read."""
    paths = built_site(tmp_path_factory).paths
    previous = os.getcwd()
    os.chdir(paths.root)   # pymdownx.snippets reads docs/generated/ relative to the working directory
    try:
        config = load_config(str(paths.root / "mkdocs.yml"))
        config = config.plugins.on_config(config)
        files = get_files(config)
        nav = get_navigation(files, config)
        pages = [file.page for file in files.documentation_pages()]
        for page in pages:
            page.read_source(config)
        config.nav_for_test = nav
        yield config, files, pages, load_hooks(paths.root)
    finally:
        os.chdir(previous)


def rendered(page: Page) -> tuple:
    return page.content, str(page.toc), page._title_from_render, sorted(page.present_anchor_ids)


def test_every_generated_page_renders_byte_identical_through_the_hook(mkdocs_project):
    config, files, pages, hooks = mkdocs_project
    prerendered = [page for page in pages if page.meta.get(hooks.FLAG)]
    assert len(prerendered) > 500
    # The default format's leader and type pages, and those of every format served under a prefix (heroic/).
    assert {page.file.src_uri.split("/")[0] for page in prerendered} == {"leaders", "types", "heroic"}
    shared = hooks.SharedMarkdown(config)
    differing = []
    for page in prerendered:
        Page.render(page, config, files)
        by_mkdocs = rendered(page)
        shared.render(page, config, files)
        if rendered(page) != by_mkdocs:
            differing.append(page.file.src_uri)
    assert differing == [], f"{len(differing)} pages differ, e.g. {differing[:3]}"


def test_hand_written_pages_keep_mkdocs_own_rendering(mkdocs_project):
    config, files, pages, hooks = mkdocs_project
    rules = next(page for page in pages if page.file.src_uri == "rules.md")
    assert not rules.meta.get(hooks.FLAG)
    hooks.on_page_markdown(rules.markdown, page=rules, config=config, files=files)
    assert "render" not in vars(rules), "the hook must leave hand-written pages to MkDocs"
    leader = next(page for page in pages if page.file.src_uri.startswith("leaders/") and page.meta.get(hooks.FLAG))
    hooks.on_page_markdown(leader.markdown, page=leader, config=config, files=files)
    assert "render" in vars(leader)


def test_anchor_ids_come_from_the_html_but_not_from_comments(mkdocs_project):
    config, _files, _pages, hooks = mkdocs_project
    shared = hooks.SharedMarkdown(config)
    lines = ['<div class="a" id="kept"><a name="named" data-name="Not, an anchor">x</a></div>', "",
             '<div class="deferred"><!--', '<table id="inside-a-comment"></table>', "--></div>"]
    shared.stash.run(lines)
    assert shared.stash.anchor_ids == {"kept", "named"}


def test_the_theme_chrome_is_spliced_byte_identical(mkdocs_project):
    """Material's main.html for every page: rendered in full, and through the hook's SplicingTemplate."""
    config, files, pages, hooks = mkdocs_project
    env = config.theme.get_env()
    template = env.get_template("main.html")
    splicer = hooks.on_env(config.theme.get_env(), config, files).get_template("main.html")
    assert isinstance(splicer, hooks.SplicingTemplate)
    differing, spliced = [], 0
    for page in pages:
        Page.render(page, config, files)
        context = get_context(config.nav_for_test, files, config, page)
        context = config.plugins.on_page_context(context, page=page, config=config, nav=config.nav_for_test)
        if splicer.render(context) != template.render(context):
            differing.append(page.file.src_uri)
        spliced += hooks.shape_of(page) is not None
    assert differing == [], f"{len(differing)} pages differ, e.g. {differing[:3]}"
    shapes = [shape for shape, skeleton in splicer.skeletons.items() if skeleton is not None]
    # Nearly every generated page was spliced, from a handful of skeletons; no hand-written page was.
    assert spliced > 500 and 2 <= len(shapes) < spliced / 5
    assert len(shapes) == len(splicer.skeletons), "a page shape failed its own full-render check"


def test_a_page_in_the_navigation_is_never_spliced(mkdocs_project):
    config, _files, pages, hooks = mkdocs_project
    leaders_index = next(page for page in pages if page.file.src_uri == "leaders/index.md")
    assert leaders_index.meta.get(hooks.FLAG) and hooks.shape_of(leaders_index) is None


def test_every_generated_page_asks_for_the_fast_path_and_one_per_thing_pages_leave_search(mkdocs_project):
    """A new folder of generated pages gets the same front matter (generator/site/pages.py)."""
    from generator.site.pages import GENERATED_DIRS

    _config, _files, pages, hooks = mkdocs_project
    generated = [page for page in pages if page.file.src_uri.split("/")[0] in GENERATED_DIRS]
    assert len(generated) > 500
    assert [page.file.src_uri for page in generated if not page.meta.get(hooks.FLAG)] == []
    searched = [page.file.src_uri for page in generated if not (page.meta.get("search") or {}).get("exclude")]
    assert sorted(searched) == ["leaders/index.md", "types/index.md"]
    hand_written = [page for page in pages if page.file.src_uri in ("index.md", "rules.md", "lookup.md")]
    assert len(hand_written) == 3 and not any(page.meta.get(hooks.FLAG) for page in hand_written)


def test_a_chrome_that_prints_the_page_address_is_never_spliced(mkdocs_project):
    """Were a theme override to print something of the page's own besides the spliced values, the shape
    falls back to full rendering instead of giving every page the first page's address."""
    import jinja2

    config, files, pages, hooks = mkdocs_project
    leaders = [page for page in pages if page.file.src_uri.startswith("leaders/") and hooks.FLAG in page.meta
               and page.file.src_uri != "leaders/index.md"][:2]
    for page in leaders:
        Page.render(page, config, files)
    assert hooks.shape_of(leaders[0]) == hooks.shape_of(leaders[1])
    for source in ("<title>{{ page.title }}</title>{{ page.content }}", "<a href='{{ page.url }}'></a>{{ page.content }}"):
        template = jinja2.Template(source)
        splicer = hooks.SplicingTemplate(template)
        for page in leaders:
            assert splicer.render({"page": page}) == template.render({"page": page})
        (skeleton,) = splicer.skeletons.values()
        if "page.url" in source:
            assert skeleton is None
        else:
            assert isinstance(skeleton, hooks.Skeleton)
