"""hooks/generated_pages.py and hooks/page_chrome.py render the generated pages exactly as MkDocs would, only
faster.

Every page of the sample site that says `prerendered: true` is rendered on one MkDocs configuration by MkDocs'
own Page.render (a new Markdown per page, every HTML byte parsed) and by the hook: put together from headings
converted alone or in batches, and HTML blocks copied. Content, table of contents, title and anchors must
match; so must the theme's output, rendered in full and spliced.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from mkdocs.commands.build import get_context
from mkdocs.config import load_config
from mkdocs.structure.files import get_files
from mkdocs.structure.nav import get_navigation
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink, TableOfContents

from tests.site_testing import built_site, load_hook


@pytest.fixture(scope="module")
def chrome(mkdocs_project):
    """hooks/page_chrome.py of the same project."""
    return load_hook(Path(mkdocs_project[0].config_file_path).parent, "page_chrome")


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
        yield config, files, pages, load_hook(paths.root, "generated_pages")
    finally:
        os.chdir(previous)


def rendered(page: Page) -> tuple:
    return (page.content, str(page.toc), page._title_from_render, sorted(page.present_anchor_ids),
            {file.src_uri: links for file, links in (page.links_to_anchors or {}).items()})


@pytest.fixture(scope="module")
def by_mkdocs(mkdocs_project) -> dict[str, tuple]:
    """Every page rendered once by MkDocs' own Page.render (a new Markdown per page), what it gave by page:
    the reference of the tests below, which were each rendering all 1,200 pages again (about 3 CPU seconds
    a time). Each page is left holding MkDocs' rendering."""
    config, files, pages, _hooks = mkdocs_project
    reference = {}
    for page in pages:
        Page.render(page, config, files)
        reference[page.file.src_uri] = rendered(page)
    return reference


@pytest.mark.parametrize("prefetch", [None, 100_000, 64], ids=["headings-alone", "headings-in-batches",
                                                               "headings-by-chunk"])
def test_every_generated_page_renders_byte_identical_through_the_hook(mkdocs_project, by_mkdocs, prefetch):
    """`prefetch`: how many pages' headings are converted ahead at a time (hooks/page_converters.py reads the
    pages in chunks), if at all."""
    config, files, pages, hooks = mkdocs_project
    prerendered = [page for page in pages if page.meta.get(hooks.FLAG)]
    assert len(prerendered) > 500
    # The default format's leader and type pages, those of every format served under a prefix (heroic/), and
    # the dashboard (prose around 300 KB of HTML blocks on today's cards: Markdown's HTML parser skips them).
    assert {page.file.src_uri.split("/")[0] for page in prerendered} == {"leaders", "types", "heroic", "dashboard.md"}
    shared = hooks.SharedMarkdown(config)
    if prefetch:
        sources = [file.content_string for file in files.documentation_pages()]
        for start in range(0, len(sources), prefetch):
            shared.headings.prefetch(sources[start:start + prefetch], files, config)
        assert len(shared.headings.cache) > 500 and None not in shared.headings.cache.values()
    differing = []
    for page in prerendered:
        shared.render(page, config, files)
        if rendered(page) != by_mkdocs[page.file.src_uri]:
            differing.append(page.file.src_uri)
    assert differing == [], f"{len(differing)} pages differ, e.g. {differing[:3]}"


def test_every_generated_page_takes_the_fast_path(mkdocs_project):
    """Headings and HTML blocks only: none of the thousands of leader and type pages needs a whole Markdown
    conversion (a template that writes a Markdown paragraph would make the build slow again, not wrong). The
    dashboard, one page of prose, is converted whole on the shared Markdown, its HTML blocks stashed."""
    config, files, pages, hooks = mkdocs_project
    shared = hooks.SharedMarkdown(config)
    one_per_card = [page for page in pages if page.meta.get(hooks.FLAG) and page.file.src_uri != "dashboard.md"]
    assert len(one_per_card) > 500
    slow = [page.file.src_uri for page in one_per_card
            if shared.headings.convert(page.markdown, page.file, files, config) is None]
    assert slow == []


def test_a_page_the_fast_path_cannot_take_is_converted_whole(mkdocs_project):
    config, files, pages, hooks = mkdocs_project
    page = next(page for page in pages if page.file.src_uri.startswith("leaders/") and page.meta.get(hooks.FLAG))
    shared = hooks.SharedMarkdown(config)
    original = page.markdown
    try:
        for extra in ("A *paragraph* of Markdown.", "```\ncode\n```", "## Same heading\n\n## Same heading"):
            page.markdown = original + "\n\n" + extra + "\n"
            assert shared.headings.convert(page.markdown, page.file, files, config) is None
            Page.render(page, config, files)
            by_mkdocs = rendered(page)
            shared.render(page, config, files)
            assert rendered(page) == by_mkdocs
    finally:
        page.markdown = original
        Page.render(page, config, files)   # the page holds its own rendering again (see by_mkdocs)


def test_headings_whose_ids_markdown_numbers_apart_are_not_cached_from_a_batch(mkdocs_project):
    """In one conversion of many headings, "# Pool" next to an explicit `#pool` becomes `pool_1`: that
    result is not what the line gives alone, so the batch leaves it out."""
    config, files, _pages, hooks = mkdocs_project
    shared = hooks.SharedMarkdown(config)
    lines = ["# Pool", "## The pool { #pool }", "## Creatures <small>3</small> { #creature }", "# Pool: *x*"]
    shared.headings.convert_batch(lines, files, config)
    assert "# Pool" not in shared.headings.cache
    file = next(iter(files.documentation_pages()))
    for line in lines[1:]:
        alone = shared.convert(line, file, files, config)
        assert shared.headings.cache[line].content == alone.content
        assert shared.headings.cache[line].toc_tokens[0] == {**alone.toc_tokens[0], "children": []}


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
    lines = ['<div class="a" id="kept"><a name="named" data-name="Not, an anchor" data-id="no">x</a></div>',
             "", '<div class="deferred"><!--', '<table id="inside-a-comment"></table>', "--></div>",
             "", '<p title="a id=&quot;b&quot;">text id="not-in-a-tag" <span\nid="on-the-next-line"></span></p>',
             "", '<div><!-- unclosed', '<i id="in-the-unclosed-comment"></i>']
    shared.stash.run(lines)
    assert shared.stash.anchor_ids == {"kept", "named", "on-the-next-line"}


def test_the_theme_chrome_is_spliced_byte_identical(mkdocs_project, chrome, by_mkdocs):
    """Material's main.html for every page: rendered in full, and through the hook's SplicingTemplate (each
    page holds a rendering of its content by then: by_mkdocs')."""
    config, files, pages, hooks = mkdocs_project
    env = config.theme.get_env()
    template = env.get_template("main.html")
    splicer = chrome.on_env(config.theme.get_env(), config, files).get_template("main.html")
    assert isinstance(splicer, chrome.SplicingTemplate)
    differing, spliced = [], 0
    for page in pages:
        context = get_context(config.nav_for_test, files, config, page)
        context = config.plugins.on_page_context(context, page=page, config=config, nav=config.nav_for_test)
        if splicer.render(context) != template.render(context):
            differing.append(page.file.src_uri)
        spliced += chrome.shape_of(page) is not None
    assert differing == [], f"{len(differing)} pages differ, e.g. {differing[:3]}"
    shapes = [shape for shape, skeleton in splicer.skeletons.items() if skeleton is not None]
    # Nearly every generated page was spliced, from a handful of skeletons; no hand-written page was.
    assert spliced > 500 and 2 <= len(shapes) < spliced / 5
    assert len(shapes) == len(splicer.skeletons), "a page shape failed its own full-render check"


def test_a_page_in_the_navigation_is_never_spliced(mkdocs_project, chrome):
    config, _files, pages, hooks = mkdocs_project
    leaders_index = next(page for page in pages if page.file.src_uri == "leaders/index.md")
    assert leaders_index.meta.get(hooks.FLAG) and chrome.shape_of(leaders_index) is None


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


def test_a_chrome_that_prints_the_page_address_is_never_spliced(mkdocs_project, chrome):
    """Were a theme override to print something of the page's own besides the spliced values, the shape
    falls back to full rendering instead of giving every page the first page's address."""
    import jinja2

    config, files, pages, hooks = mkdocs_project
    leaders = [page for page in pages if page.file.src_uri.startswith("leaders/") and hooks.FLAG in page.meta
               and page.file.src_uri != "leaders/index.md"][:2]
    for page in leaders:
        Page.render(page, config, files)
    assert chrome.shape_of(leaders[0]) == chrome.shape_of(leaders[1])
    for source in ("<title>{{ page.title }}</title>{{ page.content }}", "<a href='{{ page.url }}'></a>{{ page.content }}"):
        template = jinja2.Template(source)
        splicer = chrome.SplicingTemplate(template)
        for page in leaders:
            assert splicer.render({"page": page}) == template.render({"page": page})
        (skeleton,) = splicer.skeletons.values()
        if "page.url" in source:
            assert skeleton is None
        else:
            assert isinstance(skeleton, chrome.Skeleton)


TOC_NAV = re.compile(r'<nav\b[^>]*aria-label="Table of contents"[^>]*>(.*?)</nav>', re.S)


def test_no_page_carries_an_empty_table_of_contents(tmp_path_factory):
    """The theme's "Table of contents" navigation is a landmark: a page with no heading below its title gets
    no secondary sidebar at all (overrides/main.html site_nav), not one a screen reader lists empty. The rules
    pages keep theirs, full."""
    site = built_site(tmp_path_factory).paths.site_dir
    empty, kept = [], {}
    for path in sorted(site.rglob("index.html")):
        navs = TOC_NAV.findall(path.read_text(encoding="utf-8"))
        url = path.parent.relative_to(site).as_posix()
        empty += [url for nav in navs if "md-nav__link" not in nav]
        kept[url] = len(navs)
    assert empty == []
    for rules in ("rules", "heroic/rules", "mazerunner/rules"):
        assert kept[rules] >= 1, rules
    for bare in ("types", "unaffiliated", "changes", "changes/archive", "mazerunner/identities", "heroic/types",
                 "heroic/unaffiliated", "lookup", "balance-of-power/table"):
        assert kept[bare] == 0, bare


def test_an_empty_table_of_contents_is_a_page_shape_of_its_own(mkdocs_project, chrome, by_mkdocs):
    """A page whose table of contents is empty renders without the sidebar: it never takes the skeleton of a
    page of the same shape otherwise, whose chrome has one (and the other way round)."""
    config, files, pages, hooks = mkdocs_project
    leaders = [page for page in pages if page.file.src_uri.startswith("leaders/") and hooks.FLAG in page.meta
               and page.file.src_uri != "leaders/index.md"][:2]
    template = config.theme.get_env().get_template("main.html")
    splicer = chrome.on_env(config.theme.get_env(), config, files).get_template("main.html")

    def both(page) -> tuple[str, str]:
        context = get_context(config.nav_for_test, files, config, page)
        context = config.plugins.on_page_context(context, page=page, config=config, nav=config.nav_for_test)
        return splicer.render(context), template.render(context)

    full_toc = leaders[1].toc
    try:
        assert list(leaders[0].toc)[0].children and chrome.shape_of(leaders[0]) is not None
        spliced, full = both(leaders[0])
        assert spliced == full and 'aria-label="Table of contents"' in full
        title = list(full_toc)[0]
        leaders[1].toc = TableOfContents([AnchorLink(title.title, title.id, 1)])
        assert chrome.shape_of(leaders[1]) != chrome.shape_of(leaders[0])
        for _ in range(2):   # the shape's first page, rendered in full, then spliced
            spliced, full = both(leaders[1])
            assert spliced == full and 'aria-label="Table of contents"' not in full
    finally:
        leaders[1].toc = full_toc
