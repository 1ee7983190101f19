"""`coalition league check`: what a league runner must look at before and during a season.

- Deck submissions (rules 2b, 2d, 3c, 4e): a missing deck file means a missed mainboard deadline; the number
  of commanders per deck follows the variant; teammates may not choose the same commander.
- Card checks (identity, bans, singleton, rule 2g) come from `card_checker`, a callable given the player,
  their deck and their team's identity; the CLI passes one when it has a card database.
- Penalties: each one rule 4e implies, and whether the season file already records it; one whose deadline (and
  grace days) has not passed on the day checked is a warning naming that day instead (generator/league/deadlines.py).
  A recorded penalty of rule 4e that no owed one matches is reported too: recorded before it falls due, or for
  nothing the check finds (`not_owed`). A recorded penalty whose reason names none of rule 4e's (league.yml
  `penalties`) cannot be judged, so it is reported (`unknown_kinds`), naming its line and the kinds there are; an
  illegal-deck one is not judged when the card checks are skipped (no verdict on the deck: a note says so).
- `ok` (the CLI's exit 0): nothing owed and no rule broken as of the day checked. An issue whose penalty is not
  owed yet (a deck still missing before the mainboard deadline, an illegal deck within its grace days) is
  something to look at, with its warning, but not yet broken; an issue without a penalty (teammates sharing a
  commander, rule 2g's flag) counts as broken.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable

from generator.decklist import name_key
from generator.league.deadlines import deadline_notes, due, warning_words
from generator.league.decks import SubmittedDeck, read_decks
from generator.league.season import LoadedSeason

CardChecker = Callable[[str, SubmittedDeck, str], list[dict]]


def _issue(rule: str, player: str | None, message: str, penalty: str | None = None, cards=()) -> dict:
    """`cards`: the cards the issue names (the season page marks them in the player's list)."""
    return {"rule": rule, "player": player, "message": message, "penalty": penalty, "cards": list(cards)}


def _commander_issues(loaded: LoadedSeason, decks: dict[str, SubmittedDeck], counted: bool) -> list[dict]:
    """Rule 2d, and (when no card checker runs the format's `commander` check) the commanders per variant."""
    wanted = loaded.rules.variants[loaded.season.variant].commanders
    cites = loaded.rules.cites   # a count of commanders breaks the identity rule; a shared one, the teammates rule
    issues = []
    for player, deck in decks.items():
        if not counted and len(deck.commanders) != wanted:
            issues.append(_issue(cites["identity"], player,
                                 f"{deck.path.name}: {len(deck.commanders)} commander(s) under a Commander header; "
                                 f"a {loaded.season.variant} season has {wanted}", penalty="illegal_deck"))
    for team in loaded.season.teams:
        chosen: dict[str, str] = {}
        for player in team.players:
            for commander in (decks[player].commanders if player in decks else []):
                key = name_key(commander)
                if key in chosen:
                    issues.append(_issue(cites["teammates"], player,
                                         f"{player} and {chosen[key]} (both {team.name}) chose {commander}; "
                                         "teammates choose different commanders", cards=[commander]))
                else:
                    chosen[key] = player
    return issues


def _penalties(loaded: LoadedSeason, issues: list[dict], on: dt.date) -> tuple[list[dict], list[dict], Counter]:
    """Each penalty rule 4e implies, once per player and kind, and whether the season file records it: a
    recorded penalty counts for the kind its rule or reason names (league.yml `penalties`), once. Points alone
    would not do: 4e-i and 4e-iii both deduct 2, so an illegal-deck penalty would hide a missed deadline.
    The implied penalties are the decks', owed before week 1, so a recorded one's `week` does not enter.
    One not owed yet on the day `on` (its deadline and grace days to come) is a warning instead; one with no day to
    count from (league.yml illegal_deck_without_deadline: warn) is the league runner's to decide, so a recorded one
    is theirs. Also returns the recorded penalties left unmatched, by (player, kind)."""
    kinds = loaded.rules.penalties.model_dump()
    implied = dict.fromkeys((issue["player"], issue["penalty"]) for issue in issues if issue["penalty"])
    unmatched = Counter((p.player, kind) for p, kind in zip(loaded.season.penalties, loaded.penalty_kinds) if kind)
    penalties, warnings = [], []
    for player, kind in implied:
        when = due(loaded, kind, on)
        if not when.owed:
            unmatched[(player, kind)] -= when.by is None and unmatched[(player, kind)] > 0
            warnings.append({"player": player, "reason": kind.replace("_", " "), "rule": kinds[kind]["rule"],
                             "by": when.by and when.by.isoformat(), "message": warning_words(loaded, kind, when)})
            continue
        recorded = unmatched[(player, kind)] > 0
        unmatched[(player, kind)] -= recorded
        penalties.append({"player": player, "points": kinds[kind]["points"], "reason": kind.replace("_", " "),
                          "rule": kinds[kind]["rule"], "recorded": recorded})
    return penalties, warnings, unmatched


def _not_owed(loaded: LoadedSeason, unmatched: Counter, on: dt.date, cards_checked: bool) -> list[dict]:
    """Each recorded penalty of rule 4e that no penalty owed on the day `on` matched (the last ones recorded of a
    player and kind, where some matched), with why: its day has not come, or the check finds no cause for it."""
    kinds = loaded.rules.penalties.model_dump()
    found = []
    for i in reversed(range(len(loaded.season.penalties))):
        penalty, kind = loaded.season.penalties[i], loaded.penalty_kinds[i]
        if not kind or unmatched[(penalty.player, kind)] <= 0 or (kind == "illegal_deck" and not cards_checked):
            continue
        unmatched[(penalty.player, kind)] -= 1
        recorded = (f"{penalty.points} for {penalty.player} ('{penalty.reason}', penalties[{i}], "
                    f"line {loaded.lines.line(('penalties', i))})")
        found.append({"player": penalty.player, "points": penalty.points, "reason": penalty.reason,
                      "rule": kinds[kind]["rule"], "where": loaded.where("penalties", i),
                      "message": f"recorded, but not owed on {on}: {recorded}; {_why_not(loaded, kind, on)}"})
    return found[::-1]


def _why_not(loaded: LoadedSeason, kind: str, on: dt.date) -> str:
    """Why a recorded penalty of `kind` is not owed on the day `on`: before its day, or no cause found."""
    when = due(loaded, kind, on)
    if not when.owed and when.by is not None:
        return (f"the {kind.replace('_', ' ')} penalty falls due on {when.by + dt.timedelta(days=1)}, "
                "if its cause stands then")
    if kind == "missed_mainboard_deadline":
        return "the player's deck file is there (a deck submitted late is not seen: keep the penalty if so)"
    if kind == "illegal_deck":
        return ("the check finds nothing illegal in the player's deck (one made legal only after the grace days "
                "still owes it: keep the penalty if so)")
    return "the check finds no cause for it"


def _unknown_kinds(loaded: LoadedSeason) -> list[dict]:
    """Each recorded penalty whose `reason:` names none of league.yml's penalty kinds (and gives no `rule:`): the
    check cannot match it to anything owed, so it says where it is and which kinds there are."""
    kinds = loaded.rules.penalties.model_dump()
    known = "; ".join(f"{kind} (rule {about['rule']}, a reason with " + " or ".join(f"'{w}'" for w in about["words"])
                      + ")" for kind, about in kinds.items())
    found = []
    for i, (penalty, kind) in enumerate(zip(loaded.season.penalties, loaded.penalty_kinds)):
        if kind is None:
            found.append({"player": penalty.player, "points": penalty.points, "reason": penalty.reason,
                          "where": loaded.where("penalties", i, "reason"),
                          "message": f"{loaded.where('penalties', i, 'reason')}: penalties[{i}].reason: "
                                     f"'{penalty.reason}' names no penalty kind of rule "
                                     f"{loaded.rules.cites['penalties']}: the check cannot match it to one owed; the "
                                     f"kinds (league.yml penalties): {known}; name one by its words or `rule:`"})
    return found


def _broken(loaded: LoadedSeason, issues: list[dict], on: dt.date) -> list[dict]:
    """The issues that break a rule as of the day `on`: every one but those whose penalty is not owed yet (each
    of those has its warning: something to look at, the check's exit 0)."""
    return [issue for issue in issues if not issue["penalty"] or due(loaded, issue["penalty"], on).owed]


def check_season(loaded: LoadedSeason, card_checker: CardChecker | None = None, on: dt.date | None = None) -> dict:
    """`{"ok", "on", "issues": [{"rule", "player", "message", "penalty"}], "penalties": [...], "not_owed": [{"rule",
    "player", "points", "reason", "where", "message"}], "unknown_kinds": [{"player", "points", "reason", "where",
    "message"}], "warnings": [...], "notes": [...], "decks": n}` as of the day `on` (default today): the deadlines'
    penalties count from it. `ok`: nothing owed and no rule broken (warnings may stand)."""
    on = on or dt.date.today()
    decks, missing = read_decks(loaded)
    deadline = loaded.rules.penalties.missed_mainboard_deadline.rule   # league.yml: each penalty's own rule
    unreadable = loaded.rules.cites["deck_submission"]
    missed = due(loaded, "missed_mainboard_deadline", on).owed
    issues = [_issue(deadline, player, f"no deck file {player}.txt: the mainboard deadline was missed" if missed
                     else f"no deck file {player}.txt yet", penalty="missed_mainboard_deadline") for player in missing]
    for player, deck in decks.items():
        if deck.parsed.fatal:
            issues.append(_issue(unreadable, player, f"{deck.path.name}: {deck.parsed.fatal}",
                                 penalty="illegal_deck"))
    issues += _commander_issues(loaded, {p: d for p, d in decks.items() if not d.parsed.fatal}, card_checker is not None)
    if card_checker is not None:
        for player, deck in decks.items():
            if not deck.parsed.fatal:
                issues += card_checker(player, deck, loaded.team_of[player].identity)
    penalties, warnings, unmatched = _penalties(loaded, issues, on)
    not_owed = _not_owed(loaded, unmatched, on, card_checker is not None)
    owed = {kind for issue in issues if (kind := issue["penalty"]) and due(loaded, kind, on).owed}
    notes = deadline_notes(loaded, owed)
    unjudged = sorted({p.player for p, kind in zip(loaded.season.penalties, loaded.penalty_kinds)
                       if kind == "illegal_deck" and card_checker is None})
    if unjudged:   # no card checks, no verdict on a deck: its recorded penalty is neither confirmed nor questioned
        notes.append(f"the card checks were skipped: the illegal deck penalty recorded for {', '.join(unjudged)} "
                     "is not checked")
    unknown = _unknown_kinds(loaded)
    return {"ok": not _broken(loaded, issues, on) and not not_owed and not unknown, "season": loaded.season.name,
            "on": on.isoformat(), "decks": len(decks),
            "decks_checked_for_cards": card_checker is not None and bool(decks),
            "issues": issues, "penalties": penalties, "not_owed": not_owed, "unknown_kinds": unknown,
            "warnings": warnings, "notes": notes}
