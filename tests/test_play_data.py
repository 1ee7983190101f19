"""The table pages' contract with the format data: the `table` block each tracker reads from format.json
(docs/assets/js/play/coalition-score.js and heroic-game.js fail loudly on the page without these keys)."""

from __future__ import annotations

import yaml

from generator.paths import PROJECT_ROOT

FORMATS = PROJECT_ROOT / "data" / "formats"


def table_of(name: str) -> dict:
    return yaml.safe_load((FORMATS / name / "format.yml").read_text(encoding="utf-8"))["table"]


def test_coalition_table_block_holds_what_the_match_tracker_reads():
    table = table_of("coalition")
    assert (table["starting_life"], table["victory_points"], table["games_per_match"]) == (25, 21, 3)
    assert table["players"] == {"min": 3, "max": 5}
    assert table["concession_forfeits"] in ("game", "match")


def test_heroic_table_block_holds_what_the_game_tracker_reads():
    table = table_of("heroic")
    assert (table["starting_life"], table["hero_damage_to_win"], table["hero_resolutions_to_lose"]) == (25, 17, 4)
    assert table["players"] == {"min": 3, "max": 5} and table["ward_equals_level"] is True
    levels = [entry["level"] for entry in table["hero_levels"]]
    assert levels == list(range(levels[0], levels[0] + len(levels)))          # gained one at a time, in order
    assert all(entry["gains"].strip() for entry in table["hero_levels"])
