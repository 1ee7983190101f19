"""The card rules of a Mazerunner deck (rule 2) for `coalition league check`: the format's own declared deck
checks (data/formats/mazerunner/format.yml `checks`, run by generator/deckrules.py, the interpreter
`coalition validate` and the validator page use) with the team's identity and the season's variant, so each
rule lives in one place; plus the one rule that needs a season's date, 2g (a card released after the first
game day is flagged for the league runner to review). The cards and the format come from a build's
database, exactly as the build exports them (cards.json, format.json)."""

from __future__ import annotations

import duckdb

from generator.decklist import SUGGESTED_NAMES, name_key
from generator.deckrules import Facts, check
from generator.export.files import card_records, creature_type_names
from generator.export.formatjson import format_export
from generator.league.decks import SubmittedDeck, read_decks
from generator.league.rules import FORMAT_DIR
from generator.league.season import LoadedSeason
from generator.names import NameIndex
from generator.paths import sql_text
from generator.queries import name_index
from generator.terminal import unknown_card_line

FORMAT = FORMAT_DIR.name   # the format folder whose deck checks a league's decks follow


def _issue(rule: str, player: str, message: str, penalty: str | None = "illegal_deck", cards=()) -> dict:
    return {"rule": rule, "player": player, "message": message, "penalty": penalty, "cards": list(cards)}


def named_in(record: dict, wanted: set[str]) -> bool:
    """Whether a deck line naming one of `wanted` (name keys) finds this cards.json record: the deck reader
    looks a line up by the card's full name or its first face (generator/names.py NameIndex.by_key)."""
    faces = record.get("f") or ()
    return name_key(record["n"]) in wanted or bool(faces) and name_key(faces[0]) in wanted


class CardChecker:
    """Called with (player, deck, identity): the deck's card problems as `check_season` issues."""

    def __init__(self, con: duckdb.DuckDBPyConnection, loaded: LoadedSeason):
        self.con, self.loaded = con, loaded
        self.cites = loaded.rules.cites   # the rules its issues cite (format.yml `cites:`)
        self.query = sql_text("queries/league_deck_cards")
        self._facts: Facts | None = None
        self._names: NameIndex | None = None   # every card's name, read when a deck names an unknown card

    @property
    def facts(self) -> Facts:
        """The format's exported facts for the cards the season's decks name, read once per season check.
        Only those records are kept (every record a deck line could find, so each line resolves as against
        the whole cards.json): the whole export is ~120 MB of Python objects, too much beside the build's
        format workers when the league pages are rendered."""
        if self._facts is None:
            decks, _missing = read_decks(self.loaded)
            wanted = {name_key(entry.name) for deck in decks.values() for entry in deck.parsed.entries}
            cards = [record for record in card_records(self.con, FORMAT) if named_in(record, wanted)]
            self._facts = Facts.from_exports({"types": creature_type_names(self.con), "cards": cards},
                                             format_export(self.con, FORMAT))
        return self._facts

    def __call__(self, player: str, deck: SubmittedDeck, identity: str) -> list[dict]:
        file = deck.path.name
        result = check(deck.parsed, self.facts, identity=identity, variant=self.loaded.season.variant)
        issues = [_issue(v["rule"], player, f"{file}: {v['message']}", cards=v["cards"]) for v in result["violations"]]
        # What the check cannot read proves no card illegal: a penalty only as league.yml `unread_deck_lines` says.
        unread = "illegal_deck" if self.loaded.rules.unread_deck_lines == "illegal" else None
        issues += [_issue(self.cites["deckbuilding"], player, f"{file}: {unknown_card_line(self.suggested(u, n))}",
                          unread, [u["name"]]) for n, u in enumerate(result["unknown_cards"])]
        issues += [_issue(self.cites["deck_submission"], player, f"{file}: line {e['line']}: {e['message']}", unread)
                   for e in result["line_errors"]]
        return issues + self.release_issues(player, file, deck)

    def suggested(self, unknown: dict, position: int) -> dict:
        """An unknown card with the names `coalition validate` would suggest, from every card of the build (not
        only those the season's decks name, all `facts` holds), for a deck's first SUGGESTED_NAMES of them."""
        if position >= SUGGESTED_NAMES:
            return unknown
        if self._names is None:
            self._names = name_index(self.con)[0]
        return {**unknown, "suggestions": [self._names.entries[i].name for i in self._names.suggest(unknown["name"])]}

    def release_issues(self, player: str, file: str, deck: SubmittedDeck) -> list[dict]:
        """Rule 2g: a card whose Oracle printing is newer than the season's first game day (a late reprint may
        be flagged too: the league runner decides)."""
        first_day = self.loaded.season.first_game_day
        if not first_day:
            return []
        names = sorted({entry.name for entry in deck.parsed.entries}, key=name_key)
        cursor = self.con.execute(self.query, {"names": names})
        issues = []
        for name, released in cursor.fetchall():
            if released and str(released) > first_day.isoformat():
                issues.append(_issue(self.cites["release"], player,
                                     f"{file}: {name} was released {released}, after the first game day "
                                     f"{first_day}: check that its set was out in time", None, [name]))
        return issues
