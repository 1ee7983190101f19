"""The Atom feed (RFC 4287) of the change log, written with xml.etree so every text is escaped correctly.

Ids are tag: URIs (RFC 4151) minted from the site's host and path, so they never change once published:
the feed's carries a fixed year, each entry's the date of its build. `updated` is the newest entry's build
time, never the time of writing, so a night with nothing new writes the same bytes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from urllib.parse import urlsplit

from generator.errors import BuildError

ATOM = "http://www.w3.org/2005/Atom"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
FEED_TAG_YEAR = "2026"  # the year the change log started: part of the feed's id, never to change
FEED_TITLE = "Coalition: what changed"
FEED_SUBTITLE = ("New cards and leaders, affiliation and legality changes, banlist and watchlist updates "
                 "of the Coalition format, one entry per build that changed something.")


def tag_uri(site_url: str, date: str, specific: str) -> str:
    """`tag:example.org,2026:/coalition/changes/…` — the site's host names the authority."""
    parts = urlsplit(site_url)
    if not parts.hostname:
        raise BuildError(f"site_url {site_url!r}: needs a host (e.g. https://example.org/) for the feed's ids")
    return f"tag:{parts.hostname},{date}:{parts.path.rstrip('/')}/{specific}"


def rfc3339(timestamp: str) -> str:
    """build_info's ISO time, with an explicit UTC offset as Atom requires."""
    return timestamp if timestamp.endswith("Z") or "+" in timestamp[10:] or "-" in timestamp[10:] else f"{timestamp}Z"


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attributes)
    element.text = text
    return element


def build_feed(entries: list[dict], *, site_url: str, updated: str, entry_url: Callable[[dict], str],
               entry_title: Callable[[dict], str], entry_html: Callable[[dict], str]) -> bytes:
    """The feed document. `updated` is used when there are no entries (before the first change)."""
    ET.register_namespace("", ATOM)
    feed = ET.Element(f"{{{ATOM}}}feed", {XML_LANG: "en"})
    _sub(feed, "id", tag_uri(site_url, FEED_TAG_YEAR, "changes"))
    _sub(feed, "title", FEED_TITLE)
    _sub(feed, "subtitle", FEED_SUBTITLE)
    _sub(feed, "updated", rfc3339(entries[0]["built_at"] if entries else updated))
    author = _sub(feed, "author")
    _sub(author, "name", "Coalition reference site")
    _sub(author, "uri", site_url)
    _sub(feed, "link", rel="self", type="application/atom+xml", href=f"{site_url}feed.xml")
    _sub(feed, "link", rel="alternate", type="text/html", href=f"{site_url}changes/")
    # No version attribute: a release alone must not change the feed's bytes.
    _sub(feed, "generator", "coalition", uri=site_url)
    for entry in entries:
        item = _sub(feed, "entry")
        _sub(item, "id", tag_uri(site_url, entry["date"], f"changes/{entry_key(entry)}"))
        _sub(item, "title", entry_title(entry))
        _sub(item, "published", rfc3339(entry["built_at"]))
        _sub(item, "updated", rfc3339(entry["built_at"]))
        _sub(item, "link", rel="alternate", type="text/html", href=entry_url(entry))
        _sub(item, "content", entry_html(entry), type="html")
    ET.indent(feed, space=" ")
    return ET.tostring(feed, encoding="utf-8", xml_declaration=True) + b"\n"


def entry_key(entry: dict) -> str:
    """`2026-11-21T05:00:57+00:00` -> `20261121050057`: the build's time, unique per entry."""
    return "".join(ch for ch in entry["built_at"][:19] if ch.isdigit())
