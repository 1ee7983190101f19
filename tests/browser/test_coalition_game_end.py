"""How a Coalition game and match end, in the tracker in headless Chromium on the sample site (390 px): 21 victory
points reached (906.7a) or passed (906.6c), reached together (906.7b), a drawn game (906.7c), players out of the
game and the last one left (906.6d), and a match decided or drawn on a tie-break (906.8). The rest of the
trackers: test_play_pages.py."""

from __future__ import annotations

import re

import pytest

from tests.browser.play_helpers import choose, no_sideways_scroll, press, start_match, text_of, tick, value

pytestmark = pytest.mark.browser


def test_coalition_reaching_the_points_ends_the_game_and_a_draw_at_the_points_is_recorded(phone, site_url):
    """906.7a: a player who has 21 victory points wins at once (a state-based action), so nobody scores after;
    906.7b: two players reaching 21 at the same moment draw, recorded by ticking them together."""
    page = phone
    start_match(page, site_url, ["Ann", "Ben", "Cat"])
    press(page, "pl-p1-vp-p5")
    press(page, "pl-p2-vp-p5", 4)
    press(page, "pl-p0-vp-p5", 4)
    press(page, "pl-p0-vp-p1")                                          # Ann reaches 21: the game is won
    assert "Game 1 is over: Ann won with 21 victory points" in text_of(page, "h2")
    assert page.locator("[data-action='vp']:not([disabled])").count() == 0   # nobody else can score
    assert "Ann has 21 victory points and wins game 1" in text_of(page, ".pl-status")
    ranking = text_of(page, "#pl-ranking")
    assert "Ann\t21\t21" in ranking and "Cat\t20\t20" in ranking
    page.reload()
    page.wait_for_selector("#pl-next")
    assert "Ann won" in text_of(page, "h2")                               # the win is kept
    press(page, "pl-undo")
    assert value(page, "pl-p0-vp") == "20" and not page.is_disabled("#pl-p2-vp-p1")
    # Ann and Cat reach 21 at the same moment: a draw, with both at 21 and nobody given the rest.
    assert page.locator("#pl-together a[href$='rules/#906-7b']").count() == 1
    tick(page, "pl-together-0")
    press(page, "pl-together-draw")
    assert "Tick the two or more players" in text_of(page, ".pl-status") and value(page, "pl-p0-vp") == "20"
    tick(page, "pl-together-2")
    press(page, "pl-together-draw")
    assert "Game 1 is over: a draw: Ann and Cat reached 21 together" in text_of(page, "h2")
    ranking = text_of(page, "#pl-ranking")
    assert "Ann\t21\t21" in ranking and "Cat\t21\t21" in ranking and "Ben\t5\t5" in ranking
    press(page, "pl-undo")
    assert value(page, "pl-p2-vp") == "20" and "End of game 1" in text_of(page, ".pl-end")


def test_coalition_points_past_21_stop_at_21(phone, site_url):
    """906.6c: a player may not receive more than 21 victory points in a game. Ann at 18 scores 5: she has 21,
    not 23, wins at once (906.7a), and the ranking adds 21."""
    page = phone
    start_match(page, site_url, ["Ann", "Ben", "Cat"])
    press(page, "pl-p0-vp-p5", 3)
    press(page, "pl-p0-vp-p1", 3)
    assert value(page, "pl-p0-vp") == "18"
    press(page, "pl-p0-vp-p5")                                          # 18 + 5 would be 23
    assert "Game 1 is over: Ann won with 21 victory points" in text_of(page, "h2")
    assert "Ann has 21 victory points and wins game 1" in text_of(page, ".pl-status")
    ranking = text_of(page, "#pl-ranking")
    assert "Ann\t21\t21" in ranking and "23" not in ranking
    stored = page.evaluate("JSON.parse(localStorage.getItem('coalition-play:coalition-match')).state.games[0].vp")
    assert stored["0"] == 21


def test_coalition_a_game_drawn_gives_nobody_the_rest_of_the_points(phone, site_url):
    """906.7c: if the game ends in a draw for any reason (here the tracker's general "game drawn", not the
    players reaching 21 together), 906.6d does not apply: nobody is given the rest of the points and everyone
    keeps the points they had."""
    page = phone
    start_match(page, site_url, ["Ann", "Ben", "Cat"])
    press(page, "pl-p0-vp-p5")
    press(page, "pl-p1-vp-p5", 3)
    press(page, "pl-p1-vp-p1", 4)
    press(page, "pl-draw")
    assert "Game 1 is over: a draw" in text_of(page, "h2") and "together" not in text_of(page, "h2")
    ranking = text_of(page, "#pl-ranking")
    assert "Ann\t5\t5" in ranking and "Ben\t19\t19" in ranking and "Cat\t0\t0" in ranking
    assert "21" not in ranking


def test_no_winner_is_recorded_until_one_is_chosen(phone, site_url):
    """Review of 2026-11-28 (390x844, touch), item 1: the winner list started on the first player, so one tap on
    "Wins the game" recorded a winner nobody chose. The list starts on "Choose the winner"; either win button
    pressed then records nothing, says what to do and takes the focus to the list; once chosen, the win is kept
    and undone as before."""
    page = phone
    start_match(page, site_url, ["Ann", "Ben", "Cat"])
    press(page, "pl-p2-vp-p5")
    assert page.eval_on_selector("#pl-winner", "el => [el.value, el.options[el.selectedIndex].text]") == ["", "Choose the winner"]
    for button in ("pl-win", "pl-concede-to"):
        press(page, button)
        assert "Game 1 of 3" in text_of(page, "h2") and text_of(page, "#pl-undo") == "Undo: Cat victory points +5", button
        assert "Choose the winner in the Player list first" in text_of(page, ".pl-status"), button
        assert page.evaluate("document.activeElement.id") == "pl-winner", button
    page.click("#pl-win")                                               # a tap, as on the phone
    assert "Game 1 of 3" in text_of(page, "h2") and page.evaluate("document.activeElement.id") == "pl-winner"
    choose(page, "pl-winner", "Ben")
    press(page, "pl-win")
    assert "Game 1 is over: Ben won, as the table recorded" in text_of(page, "h2")
    press(page, "pl-undo")
    assert "End of game 1" in text_of(page, ".pl-end") and page.eval_on_selector("#pl-winner", "el => el.value") == ""


def test_the_draw_and_no_winner_say_when_each_applies(phone, site_url):
    """Item 2 of the same review: "The game is a draw" and "No winner" came with no word of when each applies.
    Each has one line beside it, the format's words (format.json texts.table, from format.yml), read with the
    button (aria-describedby) and citing its rule (906.7c, 906.7d)."""
    page = phone
    texts = {"game_draw": "Words of the data for a draw.", "no_winner": "Words of the data for no winner."}

    def answer(route):                                                  # the words are the data's, not the script's
        exported = route.fetch().json()
        route.fulfill(json={**exported, "texts": {**exported["texts"], "table": texts}})

    page.route(re.compile(re.escape(site_url + "data/format.json") + "$"), answer)
    start_match(page, site_url, ["Ann", "Ben", "Cat"])
    for button, key, anchor in (("pl-draw", "game_draw", "906-7c"), ("pl-nowinner", "no_winner", "906-7d")):
        said = page.eval_on_selector(f"#{button}", "el => document.getElementById(el.getAttribute('aria-describedby')).textContent")
        assert said.startswith(texts[key]) and said.endswith(")"), (button, said)
        assert page.locator(f"#{button}-when a[href$='rules/#{anchor}']").count() == 1, button
    no_sideways_scroll(page)


# The gap between the text of each cell of the ranking table and the next one in its row, in px.
CELL_GAPS = """() => [...document.querySelectorAll("#pl-ranking tr")].flatMap(row => {
  const text = cell => { const range = document.createRange(); range.selectNodeContents(cell); return range.getBoundingClientRect(); };
  const cells = [...row.cells];
  return cells.slice(1).map((cell, k) => [cells[k].textContent + " | " + cell.textContent, text(cell).left - text(cells[k]).right]);
})"""


def test_the_ranking_tables_columns_are_apart_at_390_px(phone, site_url):
    """Review of 2026-11-28, the ranking after game 1 at 390 px: its cells had the browser's 1 px padding, so
    "Game 1" ran into "Ranking" and "Player 2" into its "21". Every cell's text stands apart from the next one's."""
    page = phone
    start_match(page, site_url, ["Player 1", "Player 2", "Player 3"])
    press(page, "pl-p1-vp-p5", 4)
    press(page, "pl-p1-vp-p1")
    gaps = page.evaluate(CELL_GAPS)
    assert len(gaps) == 8 and [pair for pair in gaps if pair[1] < 8] == [], gaps
    no_sideways_scroll(page)


def test_coalition_players_out_of_the_game_stop_scoring_and_the_last_one_left_wins(phone, site_url):
    """Review of 2026-11-27, item 1: Bob concedes, Ann and Cat go to 0 life; Cat's points still rose, the winner
    and "together" choices still offered the out players, and Dan, the last one left, had to be recorded by hand.
    A player out of the game scores no more (their buttons are off) and is no choice; the last player left wins
    the game (rule 104) and is given the rest of the points (906.6d); undo and a reload bring everything back."""
    page = phone
    start_match(page, site_url, ["Ann", "Bob", "Cat", "Dan"])
    press(page, "pl-p2-vp-p1")
    press(page, "pl-p1-concede")
    press(page, "pl-p0-life-m5", 5)
    assert "out of the game" in text_of(page, "[aria-label='Ann']")
    for control in ("life-m5", "life-p1", "vp-m1", "vp-p1", "vp-p5", "concede"):
        assert page.is_disabled(f"#pl-p0-{control}"), control
    options = page.eval_on_selector_all("#pl-winner option", "els => els.map(e => e.textContent)")
    assert options == ["Choose the winner", "Cat", "Dan"]
    together = page.eval_on_selector_all("#pl-together input", "els => els.map(e => e.value)")
    assert together == ["2", "3"]
    # A stale or scripted tap on an out player's button changes nothing.
    page.evaluate("document.getElementById('pl-p0-vp-p5').disabled = false; document.getElementById('pl-p0-vp-p5').click()")
    assert value(page, "pl-p0-vp") == "0" and text_of(page, "#pl-undo") == "Undo: Ann life −5"
    page.reload()
    page.wait_for_selector("#pl-winner")
    assert page.is_disabled("#pl-p0-vp-p5")                             # still out after a reload
    press(page, "pl-p2-life-m5", 4)
    assert page.is_disabled("#pl-p2-vp-p5") is False                     # Cat at 5 life still plays
    press(page, "pl-p2-life-m5")                                        # Cat at 0: Dan is the last one left
    assert "Game 1 is over: Dan won as the last player in the game" in text_of(page, "h2")
    assert "Dan is the last player in the game and wins game 1" in text_of(page, ".pl-status")
    ranking = text_of(page, "#pl-ranking")
    assert "Dan\t21\t21" in ranking and "Cat\t1\t1" in ranking and "Ann\t0\t0" in ranking   # 906.6d; Cat keeps hers
    page.reload()
    page.wait_for_selector("#pl-next")
    assert "Dan won as the last player" in text_of(page, "h2")
    press(page, "pl-undo")
    assert value(page, "pl-p2-life") == "5" and value(page, "pl-p3-vp") == "0" and not page.is_disabled("#pl-p2-vp-p5")
    options = page.eval_on_selector_all("#pl-winner option", "els => els.map(e => e.textContent)")
    assert options == ["Choose the winner", "Cat", "Dan"]
    for _ in range(9):                                                  # Cat's four −5, then Ann's five
        press(page, "pl-undo")
    assert value(page, "pl-p0-life") == "25" and not page.is_disabled("#pl-p0-vp-p5")
    options = page.eval_on_selector_all("#pl-winner option", "els => els.map(e => e.textContent)")
    assert options == ["Choose the winner", "Ann", "Cat", "Dan"]


TIED_MATCH = """([lifeAnn, lifeDan]) => {
    const game = (number, vp, life, result) => ({number, seats: [0, 1, 2, 3], vp, life, conceded: [], result});
    const state = {phase: "done", count: 4, players: [{name: "Ann"}, {name: "Ben"}, {name: "Cat"}, {name: "Dan"}], games: [
        game(1, {0: 21, 1: 0, 2: 5, 3: 10}, {0: 9, 1: 3, 2: 1, 3: 0}, {kind: "win", winner: 0, how: "points"}),
        game(2, {0: 10, 1: 0, 2: 0, 3: 21}, {0: 4, 1: 0, 2: 2, 3: 8}, {kind: "win", winner: 3, how: "points"}),
        game(3, {0: 0, 1: 3, 2: 2, 3: 0}, {0: lifeAnn, 1: 0, 2: 0, 3: lifeDan}, {kind: "none"})]};
    localStorage.setItem("coalition-play:coalition-match", JSON.stringify({state, history: []}));
}"""


@pytest.mark.parametrize(("lives", "verdict", "line"), [
    ((7, 12), "Dan wins the match (906.8a): Dan and Ann tied on 31 points; life at the end of game 3: Dan 12, Ann 7.",
     "Winner: Dan (tie on ranking; highest life in the last game)."),
    ((12, 12), "The match is a draw between Ann and Dan (906.8b): Ann and Dan tied on 31 points; life at the end of game 3: "
     "Ann 12, Dan 12.", "The match is a draw between Ann and Dan.")])
def test_a_match_won_or_drawn_on_a_tie_break_shows_the_figures_compared(phone, site_url, lives, verdict, line):
    """Review of 2026-11-27, item 3: after a 31-31 tie the result said only "Dan wins the match (906.8a)". It shows
    what the tie-break compared, the tied ranking and the last game's life totals, on screen and in the text to copy."""
    page = phone
    page.goto(site_url + "play/coalition/")
    page.wait_for_selector("#pl-count-3")
    page.evaluate(TIED_MATCH, list(lives))
    page.reload()
    page.wait_for_selector("#pl-verdict")
    assert text_of(page, "#pl-verdict") == verdict
    assert text_of(page, ".pl-status") == "The finished match is back, with its result."   # not "in progress"
    result = page.input_value("#pl-result").splitlines()
    figures = verdict.split(": ", 1)[1]
    assert result[-2:] == [line, figures]
    no_sideways_scroll(page)
