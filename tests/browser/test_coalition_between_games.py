"""The Coalition tracker between two games, in headless Chromium at 390 px on the sample site: who plays first
next is the lowest ranking among the players left in the match (a player who conceded plays no further game,
however low their ranking, and the page says so beside the table that still lists them), and every game's
result says how it was won."""

from __future__ import annotations

import pytest

from tests.browser.play_helpers import choose, press, text_of
from tests.browser.play_helpers import start_match

pytestmark = pytest.mark.browser


def test_a_conceded_player_below_the_others_is_named_out_and_the_first_player_is_the_lowest_left(phone, site_url):
    page = phone
    start_match(page, site_url, ["Ann", "Bo", "Cy"])
    press(page, "pl-p0-vp-p5", 2)                                        # game 1: Ann 10, Bo 10, Cy wins
    press(page, "pl-p1-vp-p5", 2)
    choose(page, "pl-winner", "Cy")
    press(page, "pl-win")
    assert "Game 1 is over: Cy won, as the table recorded (not by reaching 21 victory points)" in text_of(page, "h2")
    assert "Ann and Bo share the lowest ranking (906.10b)" in text_of(page, "#pl-last-place")
    assert page.locator("#pl-out-of-match").count() == 0
    press(page, "pl-next")
    press(page, "pl-p0-concede")                                         # game 2: Ann concedes, Bo scores 3
    press(page, "pl-p1-vp-p1", 3)
    press(page, "pl-p2-life-m5", 5)                                      # Cy at 0: Bo is the last one left
    assert "Game 2 is over: Bo won as the last player in the game" in text_of(page, "h2")
    ranking = text_of(page, "#pl-ranking")                               # Bo 31, Cy 21, Ann 10 (conceded)
    assert ranking.index("Cy") < ranking.index("Ann")
    assert text_of(page, "#pl-last-place") == ("Cy has the lowest ranking of the players left in the match and plays "
                                               "first (906.10b).")
    assert text_of(page, "#pl-out-of-match") == "Ann conceded and plays no further game of the match (906.6f)."
    assert "Turn order: Cy → Bo" in text_of(page, "#pl-order")
