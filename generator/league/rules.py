"""The league's numbers, read from data/formats/mazerunner/league.yml (checked by pydantic)."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from generator.league.yamlfile import read_document, validate
from generator.paths import PROJECT_ROOT

RULES_FILE = Path("formats") / "mazerunner" / "league.yml"
COLORS = "WUBRG"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Penalties(_Strict):
    missed_mainboard_deadline: int
    missed_sideboard_deadline: int
    illegal_deck: int


class Variant(_Strict):
    colors: int = Field(ge=1, le=5)
    commanders: int = Field(ge=1, le=2)
    commander_colors: int | None = None
    shared_colors: int | None = None
    banned_as_commander: list[str] = []


class DeckRules(_Strict):
    main: int = Field(ge=1)
    sideboard_max: int = Field(ge=0)
    commander_legality: str
    forbidden_keywords: list[str]
    partner_keywords: list[str]


class LeagueRules(_Strict):
    pod_size: int = Field(ge=2)
    weeks: int = Field(ge=1)
    points_brought: int = Field(ge=1)
    finalists: int = Field(ge=1)
    default_scaling: list[float]
    min_teams: int = Field(ge=1)
    penalties: Penalties
    grace_days_after_sideboard: int = Field(ge=0)
    tie_breakers: list[str]
    default_variant: str
    variants: dict[str, Variant]
    deck: DeckRules

    def as_json(self) -> dict:
        return {"version": 1, **self.model_dump()}


def load_rules(data_dir: Path | None = None) -> LeagueRules:
    path = (data_dir or PROJECT_ROOT / "data") / RULES_FILE
    data, lines = read_document(path)
    return validate(LeagueRules, data, lines)
