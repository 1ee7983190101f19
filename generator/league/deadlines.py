"""When rule 4e's deck penalties are owed, as of the day `coalition league check` checks (`--on`, else today).

A deadline in the season file (`mainboard_deadline`, `sideboard_deadline`) is the last day a submission is on
time: checked on that day it is not missed yet, from the next day it is. The illegal-deck penalty waits
league.yml's `grace_days_after_sideboard` whole days more. Our reading of "illegal cards in their deck 3 days
after the sideboard deadline": the grace period is the three days after the deadline D, so a deck may be made
legal through D+3 (a warning naming that day) and owes the penalty from D+4 on; a deck still illegal at the end
of D+3 is illegal "3 days after".

A season file without a sideboard deadline has no day to count from: league.yml's
`illegal_deck_without_deadline` decides (`owed`: at once, as before deadlines were recorded; `warn`).

The missed mainboard deadline is read the same way from `mainboard_deadline`, but a season file records no
player's submission day, only whether their deck file is there when checked: a file missing after the deadline
has missed it; a file that came in late yet is there now is not seen (the league runner records that penalty).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from generator.league.season import LoadedSeason


@dataclass(frozen=True)
class Due:
    owed: bool                 # the penalty is owed as of the day checked
    by: dt.date | None         # the last day to put it right; None: the season file records no deadline for it
    deadline: dt.date | None   # the recorded deadline that day is counted from


def due(loaded: LoadedSeason, kind: str, on: dt.date) -> Due:
    """Whether a penalty of `kind` (league.yml `penalties`) a deck implies is owed on the day `on`."""
    season, rules = loaded.season, loaded.rules
    if kind == "illegal_deck":
        deadline = season.sideboard_deadline
        if deadline is None:
            return Due(rules.illegal_deck_without_deadline == "owed", None, None)
        last = deadline + dt.timedelta(days=rules.grace_days_after_sideboard)
        return Due(on > last, last, deadline)
    if kind == "missed_mainboard_deadline":
        deadline = season.mainboard_deadline
        return Due(deadline is None or on > deadline, deadline, deadline)
    return Due(True, None, None)


def warning_words(loaded: LoadedSeason, kind: str, when: Due) -> str:
    """What a penalty not owed yet needs, and by when."""
    points = getattr(loaded.rules.penalties, kind).points
    if kind == "missed_mainboard_deadline":
        return f"no deck submitted yet; due by {when.by} (the mainboard deadline), else {points} points"
    if when.by is None:
        return ("an illegal deck; the season file records no sideboard_deadline to count the grace days from, so "
                "no penalty is counted (league.yml illegal_deck_without_deadline: warn): the league runner decides")
    return (f"an illegal deck; it must be legal by the end of {when.by} "
            f"({loaded.rules.grace_days_after_sideboard} days after the sideboard deadline {when.deadline}), "
            f"else {points} points; no penalty owed yet")


def deadline_notes(loaded: LoadedSeason, kinds: set[str]) -> list[str]:
    """Say which implied penalties are counted without a recorded deadline, and how."""
    notes = []
    if "illegal_deck" in kinds and loaded.season.sideboard_deadline is None:
        reading = loaded.rules.illegal_deck_without_deadline
        notes.append("the season file records no sideboard_deadline: an illegal deck "
                     + ("owes its penalty at once" if reading == "owed" else "gets a warning, no penalty")
                     + f" (league.yml illegal_deck_without_deadline: {reading})")
    if "missed_mainboard_deadline" in kinds and loaded.season.mainboard_deadline is None:
        notes.append("the season file records no mainboard_deadline: a missing deck file is read as a missed one")
    return notes
