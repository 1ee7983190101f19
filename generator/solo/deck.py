"""A pasted deck list as the cards of a Balance of Power library, in the order written: the main deck only
(a sideboard has no part in solo play), each line's count in copies, under each card's full name. The
browser's twin is libraryFromList in docs/assets/js/play/solo-engine.js."""

from __future__ import annotations

from generator.decklist import CardIndex, ParsedList
from generator.terminal import unknown_card_line


def library_from_list(parsed: ParsedList, index: CardIndex) -> tuple[list[str], list[str]]:
    """(card names, problems): a problem names its line; any problem means the list cannot be dealt."""
    problems = [f"line {e['line']}: {e['message']}" for e in parsed.errors]
    if parsed.fatal:
        problems.append(parsed.fatal)
    names: list[str] = []
    for entry in parsed.entries:
        if entry.section != "main":
            continue
        found = index.lookup(entry.name)
        if found is None:
            # `coalition validate`'s and `league check`'s words for an unknown card (the page's twin says them too)
            problems.append(unknown_card_line({"line": entry.line, "name": entry.name,
                                               "suggestions": index.suggest(entry.name)}))
            continue
        names.extend([index.cards[found]["n"]] * entry.count)
    if not names and not problems:
        problems.append("the list has no main-deck card")
    return names, problems
