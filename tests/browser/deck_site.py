"""The served folder the validator's and "What can I build?"'s browser tests run against: the deck cases'
database exported as data/ (every format's), the site's assets, and the two pages made from their Markdown
with the interpreter's scripts, on a local server."""

from __future__ import annotations

import functools
import http.server
import json
import re
import shutil
import threading
from pathlib import Path

import duckdb
import markdown
import pytest

from generator.deckrules import Facts
from generator.export.files import write_exports
from generator.paths import TEMPLATES_DIR
from generator.site.markup import render
from tests.deck_helpers import deck_db, load_cases
from tests.shared_builds import built_once
from tests.site_server import QuietHandler   # quiet, and it answers tabs.py's check between tests

ROOT = Path(__file__).resolve().parents[2]
# Mine first; cards.js (slugify) and preview.js (image on hover) belong to the site and join when present.
SCRIPTS = ["cards.js", "names-keys.js", "names.js", "play/store.js", "formstore.js",
           "decklist.js", "deckfacts.js", "decktypes.js", "deckrules.js", "deckcolors.js",
           "deckbuildable.js", "suggestions.js", "validator.js", "build-page.js", "preview.js"]


# The snippets of the pages that hold what their scripts need (the build page's form), rendered as the build
# renders them for the default format; any other snippet (the format switch) is left out.
FORM_SNIPPETS = {"build-form.md": "build_form.md.j2"}


def expand_snippets(text: str) -> str:
    def snippet(match: re.Match) -> str:
        template = FORM_SNIPPETS.get(match.group(1))
        return render(template, (str(TEMPLATES_DIR),), home="../", w={"types": "coalition types"}) if template else ""
    return re.sub(r'^--8<-- "([^"]+)"$', snippet, text, flags=re.M)


def page_html(source: Path, assets: str = "../assets/") -> str:
    text = expand_snippets(re.sub(r"\A---\n.*?\n---\n", "", source.read_text(encoding="utf-8"), flags=re.S))
    body = markdown.markdown(text, extensions=["tables", "attr_list"])
    scripts = "".join(f'<script src="{assets}js/{name}"></script>' for name in SCRIPTS
                      if (ROOT / "docs" / "assets" / "js" / name).exists())
    return (f'<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="{assets}css/validator.css">'
            f"</head><body>{body}{scripts}</body></html>")


def format_prefix(fmt: str | None) -> str:
    """Where a format's pages and data/ live in the served folder: the default format at the root."""
    return f"{fmt}/" if fmt else ""


@pytest.fixture(scope="module")
def site():
    """A served folder: data/ exported from the case database, assets/, validator/ and build/. Made once per run
    for every module and xdist worker that serves it (tests/shared_builds.py: exporting the snapshot's formats
    is the costly part), read-only; each module serves it on a server of its own."""
    database = deck_db()
    out, _record = built_once("deck-site", functools.partial(fill_site, database))
    handler = functools.partial(QuietHandler, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield {"url": f"http://127.0.0.1:{server.server_port}/", "dir": out, "db": database}
    server.shutdown()


def fill_site(database: Path, out: Path) -> dict:
    """The served folder's files, written into `out`."""
    with duckdb.connect(str(database), read_only=True) as con:
        write_exports(con, out)
    shutil.copytree(ROOT / "docs" / "assets", out / "assets")
    for page in ("validator", "build"):
        (out / page).mkdir()
        (out / page / "index.html").write_text(page_html(ROOT / "docs" / f"{page}.md"), encoding="utf-8")
    # Every other format's validator: the same page one level down, reading <format>/data/format.json.
    for fmt in sorted({case["format"] for case in load_cases() if case.get("format")}):
        (out / fmt / "validator").mkdir(parents=True)
        (out / fmt / "validator" / "index.html").write_text(
            page_html(ROOT / "docs" / "validator.md", "../../assets/"), encoding="utf-8")
    return {}


def outside(site) -> re.Pattern:
    """Every address but the test server's (only those requests go through Python, to be refused)."""
    return re.compile("^(?!" + re.escape(site["url"]) + ")")


def load_facts(site, fmt: str | None = None) -> Facts:
    data = site["dir"] / format_prefix(fmt) / "data"
    return Facts.from_exports(json.loads((data / "cards.json").read_text(encoding="utf-8")),
                              json.loads((data / "format.json").read_text(encoding="utf-8")))
