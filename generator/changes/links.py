"""Where the change log and the dashboard link to: type, leader and card lookup pages.

Pages link relatively (they work under any base URL and in a local preview); the feed links absolutely
(feed readers have no page to be relative to). A link is made only to a page the current build has: a
type that no leader leads any more has no page, and an old entry naming it shows plain text instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

import duckdb

from generator.slugs import slugify

# The card lookup page reads its query from the URL (`cards/?q=Name`).
CARD_LOOKUP = "cards/?q="


@dataclass(frozen=True)
class Links:
    base: str
    leaders: frozenset[str]
    types: frozenset[str]

    @classmethod
    def from_database(cls, con: duckdb.DuckDBPyConnection, base: str) -> "Links":
        leaders = {name for (name,) in con.execute(
            "SELECT c.name FROM leaders l JOIN cards c USING (oracle_id) WHERE l.can_lead").fetchall()}
        types = {t for (t,) in con.execute("SELECT type FROM type_summary").fetchall()}
        return cls(base, frozenset(leaders), frozenset(types))

    def rebased(self, base: str) -> "Links":
        return Links(base, self.leaders, self.types)

    def type_url(self, type_: str) -> str | None:
        return f"{self.base}types/{slugify(type_)}/" if type_ in self.types else None

    def leader_url(self, name: str) -> str | None:
        return f"{self.base}leaders/{slugify(name)}/" if name in self.leaders else None

    def card_url(self, name: str) -> str:
        return f"{self.base}{CARD_LOOKUP}{quote(name, safe='')}"

    def page_url(self, path: str) -> str:
        return f"{self.base}{path}"
