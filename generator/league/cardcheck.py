"""The card rules of a Mazerunner deck (rule 2) for `coalition league check`, read from a build's card
facts: sizes and singleton (2a), the commander's exact identity and every card's identity within it (2b),
the mechanics kept out (2c), the three banlist sources (2e) and the release-date flag (2g).

Numbers, mechanics and variants: data/formats/mazerunner/format.yml (the deck validator's too); named bans:
data/formats/mazerunner/banlist.yml."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import duckdb

from generator.decklist import name_key
from generator.league.decks import SubmittedDeck
from generator.league.season import LoadedSeason
from generator.formatdata import load_format
from generator.paths import PROJECT_ROOT, SQL_DIR
from generator.yamlfile import validate
from generator.formatschema import BanlistFile

ANY_NUMBER = "any number of cards named"


def mechanics_of(row: dict, keywords: set[str]) -> list[str]:
    """The listed mechanics a card has: from Scryfall's keywords, or a line of its Oracle text that starts with
    one (older data has no keywords: "Partner (You can have two commanders...)", "Companion — ...")."""
    found = set(row["keywords"]) & keywords
    for line in (row["oracle_text"] or "").splitlines():
        for keyword in keywords:
            rest = line[len(keyword):]
            if line.lower().startswith(keyword.lower()) and (not rest or rest[0] in " (—-"):
                if keyword != "Partner" or not rest.startswith(" with"):
                    found.add(keyword)
    return sorted(found)


def named_bans(data_dir: Path) -> set[str]:
    banlist, _ = validate(BanlistFile, data_dir / "formats" / "mazerunner" / "banlist.yml")
    return {name_key(ban.card) for ban in banlist.banned}


def _issue(rule: str, player: str, message: str, penalty: str | None = "illegal_deck") -> dict:
    return {"rule": rule, "player": player, "message": message, "penalty": penalty}


class CardChecker:
    """Called with (player, deck, identity): the deck's card problems as `check_season` issues."""

    def __init__(self, con: duckdb.DuckDBPyConnection, loaded: LoadedSeason, banned_names: set[str],
                 data_dir: Path | None = None):
        self.con, self.loaded, self.banned = con, loaded, banned_names
        self.fmt = load_format((data_dir or PROJECT_ROOT / "data") / "formats" / "mazerunner").settings
        self.variant = loaded.rules.variants[loaded.season.variant]
        self.query = (SQL_DIR / "queries" / "league_deck_cards.sql").read_text(encoding="utf-8")
        self.forbidden = set(self.fmt.mechanics) - set(self.variant.allows)

    def facts(self, names: list[str]) -> dict[str, dict]:
        cursor = self.con.execute(self.query, {"names": names, "legality": self.fmt.base_pool.legality})
        columns = [d[0] for d in cursor.description]
        return {row[0]: dict(zip(columns, row)) for row in cursor.fetchall()}

    def __call__(self, player: str, deck: SubmittedDeck, identity: str) -> list[dict]:
        file = deck.path.name
        commanders = {name_key(name) for name in deck.commanders}
        main = [e for e in deck.parsed.entries if e.section == "main" or name_key(e.name) in commanders]
        side = [e for e in deck.parsed.entries if e.section != "main" and name_key(e.name) not in commanders]
        names = sorted({e.name for e in main + side})
        facts = self.facts(names)
        issues = [_issue("2", player, f"{file}: no card named {name}", None) for name in names
                  if facts[name]["name"] is None]
        known = {name: row for name, row in facts.items() if row["name"] is not None}
        issues += self.size_issues(player, file, main, side)
        issues += self.singleton_issues(player, file, main + side, known)
        issues += self.commander_issues(player, file, deck.commanders, known, identity)
        for name, row in known.items():
            issues += self.card_issues(player, file, row, identity)
        return issues

    def size_issues(self, player, file, main, side) -> list[dict]:
        issues = []
        main_count, side_count = sum(e.count for e in main), sum(e.count for e in side)
        if main_count != self.fmt.deck_size:
            issues.append(_issue("2a", player, f"{file}: {main_count} cards in the main deck with the commander; "
                                 f"it must have {self.fmt.deck_size}"))
        if side_count > self.fmt.sideboard_max:
            issues.append(_issue("2a", player, f"{file}: {side_count} sideboard cards; at most "
                                 f"{self.fmt.sideboard_max}"))
        return issues

    def singleton_issues(self, player, file, entries, known) -> list[dict]:
        copies = Counter()
        for entry in entries:
            copies[entry.name] += entry.count
        issues = []
        for name, count in sorted(copies.items()):
            row = known.get(name)
            if count > 1 and row and "Basic" not in (row["front_type_line"] or "") and \
                    ANY_NUMBER not in (row["oracle_text"] or ""):
                issues.append(_issue("2a", player, f"{file}: {count} copies of {row['name']} across the 120 "
                                     "cards; the format is singleton"))
        return issues

    def commander_issues(self, player, file, names, known, identity) -> list[dict]:
        rows = [known[name] for name in names if name in known]
        issues = []
        for row in rows:
            if not (row["front_legendary_creature"] or row["can_command"]):
                issues.append(_issue("2b", player, f"{file}: {row['name']} cannot be a commander"))
            if name_key(row["name"]) in {name_key(n) for n in self.variant.banned_as_commander}:
                issues.append(_issue("5", player, f"{file}: {row['name']} is banned as a commander in this variant"))
        colours = "".join(sorted({c for row in rows for c in row["color_identity"]}))
        if rows and set(colours) != set(identity):
            issues.append(_issue("2b", player, f"{file}: the commander identity is {colours or 'colorless'}; "
                                 f"the team's is {identity}"))
        if self.variant.commander_colors and len(rows) == 2:
            first, second = (set(row["color_identity"]) for row in rows)
            if len(first) != self.variant.commander_colors or len(second) != self.variant.commander_colors \
                    or len(first & second) != self.variant.shared_colors:
                issues.append(_issue("5", player, f"{file}: the two commanders must have "
                                     f"{self.variant.commander_colors} colors each and share "
                                     f"{self.variant.shared_colors}"))
        return issues

    def card_issues(self, player, file, row, identity) -> list[dict]:
        name, issues = row["name"], []
        outside = sorted(set(row["color_identity"]) - set(identity))
        if outside:
            issues.append(_issue("2b", player, f"{file}: {name} has {''.join(outside)} outside the team's {identity}"))
        if row["reserved"]:
            issues.append(_issue("2e-i", player, f"{file}: {name} is on the Reserved List"))
        if row["legality"] == "banned":
            issues.append(_issue("2e-ii", player, f"{file}: {name} is on the Commander banlist"))
        elif row["legality"] != "legal":
            issues.append(_issue("2e-ii", player, f"{file}: {name} is not legal in Commander ({row['legality']})"))
        if name_key(name) in self.banned:
            issues.append(_issue("2e-iii", player, f"{file}: {name} is banned in Mazerunner"))
        mechanics = mechanics_of(row, self.forbidden)
        if mechanics:
            issues.append(_issue("2c", player, f"{file}: {name} has {', '.join(mechanics)}, not allowed in a "
                                 f"{self.loaded.season.variant} season"))
        first_day = self.loaded.season.first_game_day
        if first_day and row["released_at"] and str(row["released_at"]) > first_day.isoformat():
            issues.append(_issue("2g", player, f"{file}: {name} was released {row['released_at']}, after the first "
                                 f"game day {first_day}: check that its set was out in time", None))
        return issues
