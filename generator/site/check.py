"""Measures a built site against its budgets and checks that its internal links resolve.

    python -m generator.site.check [site/]      # exit 1 and one line per problem when anything is off

The nightly workflow runs it before deploying; the tests run it on the sample site. Budgets: no HTML page over
500 KB (issue 15: a phone on a slow line must open any page; the leaders index is the page that grows), the
search index at most 5 MB, the card lookup index at most 1 MB gzipped, the whole site at most 500 MB: issue 3's
150 MB was one format on 2019's cards; four formats on today's make 192 MB, and GitHub Pages publishes at most
1 GB, so half of that leaves room for twice today's cards while a runaway (the 3.3 GB navigation of issue 3)
still fails.
"""

from __future__ import annotations

import gzip
import os
import re
import sys
from pathlib import Path
from typing import Iterable
from urllib.parse import unquote, urlsplit

MB = 1_000_000
MAX_PAGE_BYTES = 500_000
BUDGETS = {"site_bytes": 500 * MB, "largest_page_bytes": MAX_PAGE_BYTES, "search_index_bytes": 5 * MB,
           "cards_json_gzip_bytes": 1 * MB}
# The budgets `coalition build` itself enforces (generator/site/build.py), before anything is swapped in: a page
# grows with the card data, so a template that lists cards in its page must fail the build that first passes the
# limit, not a deploy. The others are this check's (the nightly's step before deploying).
BUILD_BUDGETS = ("largest_page_bytes",)
HREF = re.compile(r'\s(?:href|src)="([^"]*)"')


def site_figures(site: Path) -> dict:
    """Size of the site, its HTML pages, search index and card index (gzipped, as a browser fetches it)."""
    sizes = file_sizes(site)
    pages = {path: size for path, size in sizes.items() if path.endswith(".html")}
    largest = max(sorted(pages), key=pages.__getitem__, default=None)   # a tie: the first path in sorted order
    cards_json = site / "data" / "cards.json"
    return {
        "site_bytes": sum(sizes.values()),
        "html_pages": len(pages),
        "largest_page": largest,
        "largest_page_bytes": pages[largest] if largest else 0,
        "search_index_bytes": sizes.get("search/search_index.json", 0),
        "cards_json_gzip_bytes": len(gzip.compress(cards_json.read_bytes(), 6)) if cards_json.exists() else 0,
    }


def file_sizes(folder: Path, prefix: str = "") -> dict[str, int]:
    """Every file under `folder` (its path relative to it, with forward slashes) and its size. os.scandir
    knows a file from a folder without a stat: one system call a file, four times faster than Path.rglob."""
    sizes: dict[str, int] = {}
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                sizes.update(file_sizes(Path(entry.path), f"{prefix}{entry.name}/"))
            elif entry.is_file():
                sizes[prefix + entry.name] = entry.stat().st_size
    return sizes


def budget_problems(figures: dict, budgets: Iterable[str] = tuple(BUDGETS)) -> list[str]:
    return [f"{key} is {figures[key]:,}, over its budget of {BUDGETS[key]:,}"
            for key in budgets if figures.get(key, 0) > BUDGETS[key]]


def broken_links(site: Path) -> list[str]:
    """Relative links and image sources of every page that point at no file of the site."""
    problems = []
    for page in sorted(site.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        for href in set(HREF.findall(html)):
            target = link_target(page, href)
            if target is not None and not target.exists():
                problems.append(f"{page.relative_to(site)}: {href}")
    return problems


def link_target(page: Path, href: str) -> Path | None:
    """The file a relative link names, or None for external links, anchors and queries on the same page, and
    root-relative links (only 404.html has them: it is served at any depth, so the theme writes site_url's path)."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith(("#", "/", "mailto:", "javascript:")) or not parts.path:
        return None
    target = (page.parent / unquote(parts.path)).resolve()
    return target / "index.html" if parts.path.endswith("/") or target.is_dir() else target


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    site = Path(args[0] if args else "site")
    if not (site / "index.html").exists():
        print(f"{site}: no built site here", file=sys.stderr)
        return 2
    figures = site_figures(site)
    problems = budget_problems(figures) + [f"broken link in {link}" for link in broken_links(site)]
    print(" ".join(f"{key}={value}" for key, value in figures.items()))
    for problem in problems:
        print(f"site check: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
