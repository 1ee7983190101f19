"""`coalition league check`: what a league runner must look at before and during a season.

- Deck submissions (rules 2b, 2d, 3c, 4e): a missing deck file means a missed mainboard deadline; the number
  of commanders per deck follows the variant; teammates may not choose the same commander.
- Card checks (identity, bans, singleton, rule 2g) come from `card_checker`, a callable given the player,
  their deck and their team's identity; the CLI passes one when it has a card database.
- Penalties: each one rule 4e implies, and whether the season file already records it.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.decklist import name_key
from generator.league.decks import SubmittedDeck, read_decks
from generator.league.season import LoadedSeason

CardChecker = Callable[[str, SubmittedDeck, str], list[dict]]


def _issue(rule: str, player: str | None, message: str, penalty: str | None = None, cards=()) -> dict:
    """`cards`: the cards the issue names (the season page marks them in the player's list)."""
    return {"rule": rule, "player": player, "message": message, "penalty": penalty, "cards": list(cards)}


def _commander_issues(loaded: LoadedSeason, decks: dict[str, SubmittedDeck], counted: bool) -> list[dict]:
    """Rule 2d, and (when no card checker runs the format's `commander` check) the commanders per variant."""
    wanted = loaded.rules.variants[loaded.season.variant].commanders
    issues = []
    for player, deck in decks.items():
        if not counted and len(deck.commanders) != wanted:
            issues.append(_issue("2b", player, f"{deck.path.name}: {len(deck.commanders)} commander(s) under a "
                                 f"Commander header; a {loaded.season.variant} season has {wanted}",
                                 penalty="illegal_deck"))
    for team in loaded.season.teams:
        chosen: dict[str, str] = {}
        for player in team.players:
            for commander in (decks[player].commanders if player in decks else []):
                key = name_key(commander)
                if key in chosen:
                    issues.append(_issue("2d", player, f"{player} and {chosen[key]} (both {team.name}) chose "
                                         f"{commander}; teammates choose different commanders", cards=[commander]))
                else:
                    chosen[key] = player
    return issues


def _penalties(loaded: LoadedSeason, issues: list[dict]) -> list[dict]:
    amounts = loaded.rules.penalties.model_dump()
    rules = {"missed_mainboard_deadline": "4e-i", "illegal_deck": "4e-iii"}
    implied = {}
    for issue in issues:
        if issue["penalty"] and (issue["player"], issue["penalty"]) not in implied:
            implied[(issue["player"], issue["penalty"])] = issue
    recorded = [(p.player, p.points) for p in loaded.season.penalties]
    penalties = []
    for (player, kind), issue in implied.items():
        points = amounts[kind]
        penalties.append({"player": player, "points": points, "reason": kind.replace("_", " "),
                          "rule": rules.get(kind), "recorded": (player, points) in recorded})
    return penalties


def check_season(loaded: LoadedSeason, card_checker: CardChecker | None = None) -> dict:
    """`{"ok", "issues": [{"rule", "player", "message", "penalty"}], "penalties": [...], "decks": n}`."""
    decks, missing = read_decks(loaded)
    issues = [_issue("4e-i", player, f"no deck file {player}.txt: the mainboard deadline was missed",
                     penalty="missed_mainboard_deadline") for player in missing]
    for player, deck in decks.items():
        if deck.parsed.fatal:
            issues.append(_issue("3c", player, f"{deck.path.name}: {deck.parsed.fatal}", penalty="illegal_deck"))
    issues += _commander_issues(loaded, {p: d for p, d in decks.items() if not d.parsed.fatal}, card_checker is not None)
    if card_checker is not None:
        for player, deck in decks.items():
            if not deck.parsed.fatal:
                issues += card_checker(player, deck, loaded.team_of[player].identity)
    return {"ok": not issues, "season": loaded.season.name, "decks": len(decks),
            "decks_checked_for_cards": card_checker is not None and bool(decks),
            "issues": issues, "penalties": _penalties(loaded, issues)}
