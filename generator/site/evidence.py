"""Why a card has an affiliation, in words, on a leader's page: each source once with the words read there, as
`coalition card` lists them (generator.queries.EvidenceWords says each source)."""

from __future__ import annotations

from markupsafe import Markup, escape

from generator.queries import EvidenceWords


def listed(evidence: EvidenceWords, reasons: list[dict]) -> Markup:
    """Every reason of one type, each source (and face) once with its words after it, in the order they come:
    `rules text: “Goblin”, “Goblins”; type line`. What comes from the data is escaped."""
    words: dict[tuple[str, bool], list[str]] = {}
    for reason in reasons:
        said = words.setdefault((reason["source"], bool(reason["face_index"])), [])
        if reason["evidence"] and reason["evidence"] not in said:
            said.append(reason["evidence"])
    escaped = EvidenceWords({source: str(escape(name)) for source, name in evidence.names.items()}, evidence.quoted)
    return Markup("; ".join(escaped.said(str(escape(source)), [str(escape(word)) for word in said], back_face=back)
                            for (source, back), said in words.items()))
