"""Helpers for the league tests: season files written from Python dicts into a temporary folder."""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.league.rules import load_rules
from generator.league.season import load_season

PROJECT = Path(__file__).resolve().parent.parent
SAMPLE_SEASON = PROJECT / "data" / "leagues" / "sample-season.yml"
VECTORS = PROJECT / "tests" / "vectors" / "mazerunner-games.yml"
COLORS = ["WU", "UB", "BR", "RG", "GW", "WB", "UR", "BG", "RW", "GU"]


def teams(count: int, size: int) -> list[dict]:
    """`count` teams of `size` players: team T0 has T0a, T0b, ..."""
    return [{"name": f"T{t}", "identity": COLORS[t], "players": [f"T{t}{chr(97 + p)}" for p in range(size)]}
            for t in range(count)]


def write_season(tmp_path: Path, season: dict, name: str = "season.yml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump({"name": "Test season", **season}, sort_keys=False), encoding="utf-8")
    return path


def loaded_season(tmp_path: Path, season: dict):
    return load_season(write_season(tmp_path, season), load_rules())


def vectors() -> list[dict]:
    return yaml.safe_load(VECTORS.read_text(encoding="utf-8"))["games"]
