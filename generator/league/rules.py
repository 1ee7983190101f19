"""The league's numbers, read from data/formats/mazerunner/league.yml (checked by pydantic), with the season
variants of the format itself (data/formats/mazerunner/format.yml `variants`, `default_variant`): each number
has one home, and the deck validator and the league tools read the same variants."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from generator.formatdata import load_format
from generator.formatschema import Variant
from generator.league.yamlfile import read_document, validate
from generator.paths import PROJECT_ROOT

FORMAT_DIR = Path("formats") / "mazerunner"
RULES_FILE = FORMAT_DIR / "league.yml"
COLORS = "WUBRG"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PenaltyKind(_Strict):
    points: int = Field(le=0)                      # rule 4e only deducts
    rule: str = Field(min_length=1)
    words: list[str] = Field(min_length=1)         # any of them in a season file's `reason:` names this penalty


class Penalties(_Strict):
    missed_mainboard_deadline: PenaltyKind
    missed_sideboard_deadline: PenaltyKind
    illegal_deck: PenaltyKind

    def kinds_named(self, rule: str | None, reason: str) -> list[str]:
        """The penalties a recorded one is: the one of its `rule:` when it names one, else each whose words
        its reason holds (none: a penalty for something else; more than one: the loader asks for `rule:`)."""
        kinds = self.model_dump()
        if rule is not None:
            return [kind for kind, about in kinds.items() if about["rule"] == rule]
        text = reason.casefold()
        return [kind for kind, about in kinds.items() if any(word.casefold() in text for word in about["words"])]


class LeagueFile(_Strict):
    """data/formats/<format>/league.yml: the league's own numbers."""

    pod_size: int = Field(ge=2)
    weeks: int = Field(ge=1)
    points_brought: int = Field(ge=1)
    finalists: int = Field(ge=1)
    default_scaling: list[float]
    min_teams: int = Field(ge=1)
    penalties: Penalties
    grace_days_after_sideboard: int = Field(ge=0)
    illegal_deck_without_deadline: Literal["owed", "warn"]
    unread_deck_lines: Literal["report", "illegal"]
    tie_breakers: list[Literal["wins", "strength_of_schedule", "strongest_player", "head_to_head"]]
    player_tie_breakers: list[Literal["wins", "strength_of_schedule", "head_to_head"]]

    def as_json(self) -> dict:
        return {"version": 1, **self.model_dump()}


class LeagueRules(LeagueFile):
    """The league's numbers and the format's season variants (format.yml)."""

    default_variant: str
    variants: dict[str, Variant]
    # The format's name (format.yml `name`), for the league pages' titles; not one of the league's numbers.
    format_name: str = Field("", exclude=True)
    # The rules the format cites (format.yml `cites:`), for every rule number of the league tools' messages, pages
    # and --help: one home each (tests/test_league_cites.py).
    cites: dict[str, str] = Field(default_factory=dict, exclude=True)

    def as_json(self) -> dict:
        return {"version": 1, **self.model_dump()}


def load_rules(data_dir: Path | None = None) -> LeagueRules:
    data_dir = data_dir or PROJECT_ROOT / "data"
    data, lines = read_document(data_dir / RULES_FILE)
    league = validate(LeagueFile, data, lines)
    fmt = load_format(data_dir / FORMAT_DIR).settings
    return LeagueRules(**league.model_dump(), default_variant=fmt.default_variant, variants=fmt.variants,
                       format_name=fmt.name, cites=fmt.cites)
