"""Rule 4d, every worked example included: the shared vectors (also run by the browser's scorer) and the
properties every game keeps."""

from __future__ import annotations

import pytest

from generator.league.rules import load_rules
from generator.league.scoring import ScoringError, score_game
from tests.league_support import vectors

VECTORS = vectors()


@pytest.mark.parametrize("game", VECTORS, ids=[game["name"][:70] for game in VECTORS])
def test_vector(game):
    if "error" in game:
        with pytest.raises(ScoringError) as raised:
            score_game(game["pod"], game["events"])
        assert raised.value.code == game["error"]
        if "message" in game:
            assert str(raised.value) == game["message"]
        return
    result = score_game(game["pod"], game["events"])
    assert result.points == game["points"]
    for key in ("winner", "finished", "winner_pool"):
        if key in game:
            assert getattr(result, key) == game[key], key


def test_every_worked_example_of_rule_4d_has_a_vector():
    rules = {game.get("rule") for game in VECTORS}
    assert {"4d", "4d-i", "4d-ii", "4d-iii", "4d-iv", "4d-v", "4d-vi", "4d-vii"} <= rules
    examples = [game["name"] for game in VECTORS if "example" in game["name"]]
    assert len(examples) == 5   # 4d-iii, 4d-iv (three cases in two examples) and 4d-vii


@pytest.mark.parametrize("game", [g for g in VECTORS if "error" not in g], ids=lambda g: g["name"][:50])
def test_no_point_is_created_or_lost(game):
    result = score_game(game["pod"], game["events"])
    still_in = len(result.in_game)
    assert sum(result.points.values()) + result.winner_pool + still_in == len(game["pod"])


def test_points_brought_come_from_the_data():
    rules = load_rules()
    result = score_game(["A", "B", "C", "D"], [{"won": "A"}], rules.points_brought)
    assert result.points["A"] == 4 * rules.points_brought
    doubled = score_game(["A", "B", "C", "D"], [{"eliminated": ["B"], "by": None}, {"won": "A"}], 2)
    assert doubled.points == {"A": 8, "B": 0, "C": 0, "D": 0}


def test_the_error_names_the_event():
    with pytest.raises(ScoringError, match="event 3") as raised:
        score_game(["A", "B", "C", "D"], [{"eliminated": ["B"], "by": "A"}, {"won": "A"}, {"won": "C"}])
    assert raised.value.event == 2
