"""Why a card has an affiliation, in words, on the site's pages: the same words as the card lookup, `coalition
card` and the change log (data/cards/vocabulary.yml evidence_words and quoted_evidence, read from the database)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import duckdb
from markupsafe import Markup, escape

from generator.queries import evidence_words, quoted_evidence


@dataclass(frozen=True)
class EvidenceWords:
    """Which part of a card says it has an affiliation: the source's name, the words read there quoted after
    the sources that quote theirs ("rules text: “Goblins”"; "type line" stands alone), a back face named first."""
    names: Mapping[str, str]
    quoted: frozenset[str]

    @classmethod
    def of(cls, con: duckdb.DuckDBPyConnection) -> "EvidenceWords":
        return cls(evidence_words(con), frozenset(quoted_evidence(con)))

    def words(self, source: str, evidence: str | None, face_index: int | None) -> str:
        named = ("back face's " if face_index else "") + self.names.get(source, source)
        return f"{named}: “{evidence}”" if source in self.quoted and evidence else named

    def listed(self, reasons: list[dict]) -> Markup:
        """Every reason of one type on a page, each source (and face) once with its words after it, in the order
        they come: `rules text: “Goblin”, “Goblins”; type line`, as `coalition card` lists them. Escaped."""
        words: dict[tuple[str, bool], list[str]] = {}
        for reason in reasons:
            said = words.setdefault((reason["source"], bool(reason["face_index"])), [])
            if reason["source"] in self.quoted and reason["evidence"] and reason["evidence"] not in said:
                said.append(reason["evidence"])
        parts = [("back face's " if back else "") + str(escape(self.names.get(source, source)))
                 + (": " + ", ".join(f"“{escape(word)}”" for word in said) if said else "")
                 for (source, back), said in words.items()]
        return Markup("; ".join(parts))
