"""MkDocs hook (mkdocs.yml `hooks:`): what the site's service worker (docs/sw.js) keeps for offline play.

A page whose front matter has `offline:` (the table pages, and the league pages a league runner reads at the
venue: generator/templates/league/) is kept on a device, whole, once any such page has been opened: its HTML,
every file its HTML loads (our scripts, which mkdocs.yml's `extra.scripts` parts chose for it, the theme's hashed
bundle and stylesheets, our stylesheets, the icon) and the data its scripts fetch, which `offline:` lists (paths
from the site's root; `offline: []` for none). The pages their content links to are kept too, with the files
their HTML loads: a tracker's rule citations (the rules pages) open offline as the tracker does. The list is read
from the rendered pages, so it follows mkdocs.yml, the theme and the pages without anyone keeping it by hand.

After the build it is written to `offline-manifest.js` beside sw.js, which imports it, with a version: a hash
of every kept file's bytes. A build that changes any of them changes the manifest, the browser sees a new
worker (it compares the scripts a worker imports byte for byte), and the new worker replaces the old cache.
A listed data file that the build did not write stops the build.
"""

from __future__ import annotations

import hashlib
import json
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from mkdocs.exceptions import PluginError

KEY = "offline"                    # the front matter key
MANIFEST = "offline-manifest.js"   # beside sw.js, at the site's root
ORIGIN = "http://site.invalid/"    # a stand-in origin for resolving a page's relative addresses
LOADED_LINKS = {"stylesheet", "icon", "preload", "modulepreload"}

_pages: dict[str, dict] = {}       # page URL -> {"title", "files"} for this build


class LoadedFiles(HTMLParser):
    """The site's own files a page's HTML makes the browser load: scripts, stylesheets, icons, preloads."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.addresses: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "script" and attributes.get("src"):
            self.addresses.append(attributes["src"])
        elif tag == "link" and attributes.get("href") and LOADED_LINKS & set((attributes.get("rel") or "").split()):
            self.addresses.append(attributes["href"])


class LinkedPages(HTMLParser):
    """The addresses a page's content links to: its `<a href>`, and the rules page a tracker's script links its
    citations to (`data-rules-page`, a path from the site's root, which the same element's `data-root` reaches
    from the page)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.addresses: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "a" and attributes.get("href"):
            self.addresses.append(attributes["href"])
        if attributes.get("data-rules-page") and attributes.get("data-root") is not None:
            self.addresses.append(attributes["data-root"] + attributes["data-rules-page"])


def loaded_files(page_url: str, html: str) -> set[str]:
    """The site's files the page at `page_url` loads, as paths from the site's root."""
    reader = LoadedFiles()
    reader.feed(html)
    return {path for path in (site_path(page_url, address) for address in reader.addresses) if path is not None}


def linked_pages(page_url: str, content: str) -> set[str]:
    """The site's pages (not files, nor the page itself) that `content`, the page's own text, links to."""
    reader = LinkedPages()
    reader.feed(content)
    paths = {site_path(page_url, address) for address in reader.addresses}
    return {path for path in paths if path is not None and (path == "" or path.endswith("/")) and path != page_url}


def site_path(page_url: str, address: str) -> str | None:
    """`address` as written in the page at `page_url`, as a path from the site's root; None for another site's."""
    resolved = urljoin(ORIGIN + page_url, address)
    if not resolved.startswith(ORIGIN):
        return None
    return unquote(urlsplit(resolved).path[1:])   # the file's name, as the build wrote it


def listed_title(title: str, meta: dict) -> str:
    """The page as the offline page's list names it: a page of a format apart from the site's (front matter
    `format_name`, its data's name) says which, as its browser tab does ("Rules - Balance of Power": "Rules"
    alone named no format); a title that holds the name already keeps it."""
    name = meta.get("format_name")
    return f"{title} - {name}" if name and name not in title else title


def on_config(config):
    _pages.clear()   # `mkdocs serve` builds again in the same process


def on_post_page(output, page, config):
    wanted = page.meta.get(KEY)
    if wanted is None or wanted is False:
        return output
    files = loaded_files(page.url, output)
    files.update(str(path).lstrip("/") for path in (wanted if isinstance(wanted, list) else []))
    _pages[page.url] = {"title": listed_title(page.title, page.meta), "files": sorted(files | {page.url}),
                        "links": sorted(linked_pages(page.url, page.content or ""))}
    return output


def page_file(site_dir: Path, path: str) -> Path:
    return site_dir / (path + "index.html" if path == "" or path.endswith("/") else path)


def linked_files(site_dir: Path) -> set[str]:
    """The pages the table pages link to that are no table page themselves, and the files each one loads
    (read from the built page: it may be rendered after the table page that links to it; hooks/page_writers.py,
    listed before this hook, has finished writing every page by then)."""
    files: set[str] = set()
    for url in sorted({link for page in _pages.values() for link in page["links"]} - set(_pages)):
        target = page_file(site_dir, url)
        if not target.is_file():
            raise PluginError(f"{MANIFEST}: a page kept offline links to {url!r}, which the build did not write")
        files.update(loaded_files(url, target.read_text(encoding="utf-8")) | {url})
    return files


def manifest(site_dir: Path) -> dict:
    """The pages kept offline, their titles, every file they need (and the pages they link to need) and the
    version of those bytes."""
    files = sorted({path for page in _pages.values() for path in page["files"]} | linked_files(site_dir))
    digest = hashlib.sha256()
    for path in files:
        target = page_file(site_dir, path)
        if not target.is_file():
            raise PluginError(f"{MANIFEST}: a page kept offline needs {path!r}, which the build did not write")
        digest.update(path.encode() + b"\0" + target.read_bytes() + b"\0")
    pages = [{"url": url, "title": _pages[url]["title"]} for url in sorted(_pages)]
    return {"version": digest.hexdigest()[:16], "pages": pages, "files": files}


def on_post_build(config):
    site_dir = Path(config["site_dir"])
    text = json.dumps(manifest(site_dir), indent=1, ensure_ascii=False)
    (site_dir / MANIFEST).write_text(
        f"// Written by hooks/offline.py at every build: what sw.js keeps for offline play.\nself.OFFLINE = {text};\n",
        encoding="utf-8")
