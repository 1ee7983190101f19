"""Where the change log and the dashboard link to: type, leader and card lookup pages.

Pages link relatively (they work under any base URL and in a local preview); the feed links absolutely
(feed readers have no page to be relative to). A link is made only to a page the current build has: a
type that no leader leads any more has no page, and an old entry naming it shows plain text instead.
The URLs are the site's (generator/site/): `types/<slug>/`, `leaders/<slug>/` for every leader, a second
leader with the same slug getting `-2`, and the card lookup page `lookup/?card=<name>`.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

import duckdb

from generator.slugs import slugify

# The card lookup page (docs/lookup.md) shows the card named in its `card` query parameter.
CARD_LOOKUP = "lookup/?card="


@dataclass(frozen=True)
class Links:
    base: str
    leaders: dict[str, str]  # leader name -> its page's slug
    types: frozenset[str]

    @classmethod
    def from_database(cls, con: duckdb.DuckDBPyConnection, base: str) -> "Links":
        # Every leader has a page, can_lead or not; the order and the `-2` rule are the site's
        # (generator/site/sql/leaders.sql, generator/site/context.py unique_slugs).
        names = [name for (name,) in con.execute(
            "SELECT c.name FROM leaders l JOIN cards c USING (oracle_id) WHERE l.format = (SELECT format FROM formats WHERE is_default) "
            "ORDER BY c.name, c.oracle_id").fetchall()]
        seen: dict[str, int] = {}
        leaders = {}
        for name in names:
            slug = slugify(name)
            seen[slug] = seen.get(slug, 0) + 1
            leaders.setdefault(name, slug if seen[slug] == 1 else f"{slug}-{seen[slug]}")
        types = {t for (t,) in con.execute("SELECT type FROM type_summary WHERE format = (SELECT format FROM formats WHERE is_default)").fetchall()}
        return cls(base, leaders, frozenset(types))

    def rebased(self, base: str) -> "Links":
        return Links(base, self.leaders, self.types)

    def type_url(self, type_: str) -> str | None:
        return f"{self.base}types/{slugify(type_)}/" if type_ in self.types else None

    def leader_url(self, name: str) -> str | None:
        return f"{self.base}leaders/{self.leaders[name]}/" if name in self.leaders else None

    def card_url(self, name: str) -> str:
        return f"{self.base}{CARD_LOOKUP}{quote(name, safe='')}"

    def page_url(self, path: str) -> str:
        return f"{self.base}{path}"
