"""data/readings.yml: how card text is read where the rules leave room (format-independent switches).

Checked with pydantic; a wrong key or value stops the build naming the file and line. The switches reach the
SQL as rows of the `card_readings` input table (generator/sql/inputs/card_readings.sql)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import yaml
from pydantic import BaseModel, ConfigDict, StringConstraints, ValidationError

from generator.errors import BuildError

READINGS_FILE = "readings.yml"


class CardReadings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    faction_choices: Literal["ignored", "affiliated"]
    names_not_types: list[Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]] = []


def _line_of(text: str, key: object) -> int:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(f"{key}:"):
            return number
    return 1


def load_readings(data_dir: Path) -> CardReadings:
    path = data_dir / READINGS_FILE
    try:
        text = path.read_text(encoding="utf-8")
        loaded = yaml.safe_load(text)
    except OSError as error:
        raise BuildError(f"{path}: cannot read: {error.strerror}") from error
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise BuildError(f"{path}:{mark.line + 1 if mark else 1}: not valid YAML") from error
    try:
        return CardReadings.model_validate(loaded if loaded is not None else {})
    except ValidationError as error:
        problem = error.errors()[0]
        key = problem["loc"][0] if problem["loc"] else ""
        raise BuildError(f"{path}:{_line_of(text, key)}: {key or 'readings'}: {problem['msg']}") from error


def reading_rows(readings: CardReadings) -> list[tuple[str, str]]:
    """Rows of the card_readings input table, one per switch (the names are a table of their own)."""
    return sorted(readings.model_dump(exclude={"names_not_types"}).items())


def name_rows(readings: CardReadings) -> list[tuple[str]]:
    """Rows of the names_not_types input table, once each (046_face_text.sql orders them, longest first)."""
    return [(name,) for name in sorted(set(readings.names_not_types))]
