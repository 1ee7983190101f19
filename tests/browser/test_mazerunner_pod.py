"""The Mazerunner pod tracker (play/mazerunner/) in headless Chromium on the built sample site: the page's
own scorer answers every shared vector (tests/vectors/mazerunner-games.yml, also run against Python), the
worked examples of rule 4d played through the page by keyboard at 390 px, undo, a reload, and a game
record that `coalition league score` scores the same."""

from __future__ import annotations

import json

import pytest
import yaml

from generator.league.rules import load_rules
from generator.league.scoring import score_game
from tests.browser.conftest import PHONE
from tests.browser.play_helpers import press_twice
from tests.league_support import vectors

pytestmark = pytest.mark.browser



def open_tracker(page, site_url, names=("Ana", "Ben", "Cy", "Dee")) -> None:
    page.goto(site_url + "play/mazerunner/")
    page.wait_for_selector("#mz-start")
    for i, name in enumerate(names):
        page.focus(f"#mz-name-{i}")
        page.keyboard.press("Control+A")
        page.keyboard.type(name)
    press(page, "mz-start")
    page.wait_for_selector("#mz-pool")


def press(page, element_id: str) -> None:
    page.focus(f"#{element_id}")
    page.keyboard.press("Enter")


def choose(page, select_id: str, label: str) -> None:
    page.select_option(f"#{select_id}", label=label)


def eliminate(page, players: list[str], by: str | None, controlled_by: str | None = None) -> None:
    for player in players:
        box = page.locator(f".mz-check input[value={json.dumps(player)}]")
        box.focus()
        page.keyboard.press("Space")
    choose(page, "mz-by", by or "the game itself (point to the winner pool)")
    choose(page, "mz-by-ctrl", controlled_by or "nobody")
    press(page, "mz-eliminate")


def win(page, winner: str, controlled_by: str | None = None) -> None:
    choose(page, "mz-winner", winner)
    choose(page, "mz-win-ctrl", controlled_by or "nobody")
    press(page, "mz-win")


def shown_points(page, names=("Ana", "Ben", "Cy", "Dee")) -> dict[str, int]:
    return {name: int(page.inner_text(f"#mz-points-{i}")) for i, name in enumerate(names)}


def test_the_page_scorer_answers_every_shared_vector(phone, site_url):
    phone.goto(site_url + "play/mazerunner/")
    phone.wait_for_selector("#mz-start")
    for game in vectors():
        answer = phone.evaluate("""([pod, events]) => {
            try { return Coalition.mazerunner.scoreGame(pod, events, 1); }
            catch (e) { return {error: e.code, message: e.message}; } }""", [game["pod"], game["events"]])
        if "error" in game:
            assert answer["error"] == game["error"], game["name"]
            if "message" in game:
                assert answer["message"] == game["message"], game["name"]
            continue
        assert answer["points"] == game["points"], game["name"]
        for key in ("winner", "finished", "winner_pool"):
            if key in game:
                assert answer[key] == game[key], (game["name"], key)
        python = score_game(game["pod"], game["events"]).as_json()
        assert answer == python, game["name"]


def test_the_mind_control_example_of_rule_4d_iii(phone, site_url):
    # Ana controls Ben and wins the game with him; Cy still in; Dee's point in the winner pool.
    open_tracker(phone, site_url)
    eliminate(phone, ["Dee"], None)
    assert phone.inner_text("#mz-pool") == "1"
    win(phone, "Ben", controlled_by="Ana")
    assert shown_points(phone) == {"Ana": 1, "Ben": 3, "Cy": 0, "Dee": 0}
    assert "Ben won the game." in phone.inner_text(".mz-summary")
    # Ana is out by the win she made Ben have, not "eliminated by Ben"; Cy is out by Ana's action (her point).
    assert "out (made Ben win by controlling them)" in phone.inner_text("section[aria-label='Ana']")
    assert "eliminated by Ben" not in phone.inner_text(".mz-players")
    assert "out (eliminated by Ana)" in phone.inner_text("section[aria-label='Cy']")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.reload()
    phone.wait_for_selector("#mz-pool")
    assert phone.inner_text(".pl-status") == "The finished game is back, with its result."


def test_simultaneous_loss_forced_draw_and_last_player_standing(phone, site_url):
    open_tracker(phone, site_url)
    eliminate(phone, ["Dee"], "Cy")                      # Cy takes Dee's point
    phone.focus("#mz-draw")
    choose(phone, "mz-draw", "Cy")
    press(phone, "mz-draw-btn")                         # 4d-v: Cy's own point to the pool, Dee's stays
    assert shown_points(phone) == {"Ana": 0, "Ben": 0, "Cy": 1, "Dee": 0}
    assert phone.inner_text("#mz-pool") == "1"
    assert "out (forced a draw)" in phone.inner_text(".mz-players")
    eliminate(phone, ["Ben"], "Ana")                   # Ana is left standing: wins without a win step
    assert shown_points(phone) == {"Ana": 3, "Ben": 0, "Cy": 1, "Dee": 0}
    assert "Ana won the game." in phone.inner_text(".mz-summary")
    assert phone.locator("#mz-eliminate").count() == 0


def test_a_second_enter_after_start_undoes_nothing(phone, site_url):
    phone.goto(site_url + "play/mazerunner/")
    phone.wait_for_selector("#mz-start")
    assert press_twice(phone, "mz-start") != "pl-undo"
    assert phone.inner_text("#pl-undo") == "Undo: start the game" and phone.locator("#mz-pool").count() == 1


def test_a_loss_including_its_cause_then_undo_and_reload(phone, site_url):
    open_tracker(phone, site_url)
    eliminate(phone, ["Ana", "Ben", "Cy"], "Ana")       # 4d-vi
    assert shown_points(phone) == {"Ana": 2, "Ben": 0, "Cy": 0, "Dee": 2}
    press(phone, "pl-undo")
    assert shown_points(phone) == {"Ana": 0, "Ben": 0, "Cy": 0, "Dee": 0}
    eliminate(phone, ["Ben"], "Cy", controlled_by="Ana")   # Ana controlled Cy's turn: Ana scores
    phone.reload()
    phone.wait_for_selector("#mz-pool")
    assert shown_points(phone) == {"Ana": 1, "Ben": 0, "Cy": 0, "Dee": 0}
    assert "The game in progress is back." in phone.inner_text(".pl-status")    # the trackers' one wording


def test_an_impossible_step_is_refused_and_not_recorded(phone, site_url):
    open_tracker(phone, site_url)
    eliminate(phone, ["Ben"], "Ana", controlled_by="Ana")
    assert "cannot control their own turn" in phone.inner_text(".pl-status")
    assert "Nothing yet." in phone.inner_text(".pl-view")


def test_the_game_record_scores_the_same_on_the_command_line(phone, site_url, tmp_path, capsys):
    open_tracker(phone, site_url, names=("Ana", "O'Neil", "null", "Dee Dee"))
    eliminate(phone, ["Dee Dee"], None)
    eliminate(phone, ["O'Neil"], "null", controlled_by="Ana")
    win(phone, "Ana")
    names = ("Ana", "O'Neil", "null", "Dee Dee")
    shown = shown_points(phone, names)
    record = phone.input_value("#mz-record")
    game = yaml.safe_load(record)[0]
    assert game["pod"] == list(names)
    assert score_game(game["pod"], game["events"], load_rules().points_brought).points == shown == {
        "Ana": 4, "O'Neil": 0, "null": 0, "Dee Dee": 0}
    path = tmp_path / "game.yml"
    path.write_text(record, encoding="utf-8")   # the record as the page gives it, saved as GAME.yml
    from generator.cli import main
    assert main(["league", "score", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["points"] == shown


def test_keyboard_reaches_every_control(phone, site_url):
    open_tracker(phone, site_url)
    phone.evaluate("document.activeElement && document.activeElement.blur()")
    seen = set()
    for _ in range(80):
        phone.keyboard.press("Tab")
        seen.add(phone.evaluate("document.activeElement.id"))
    assert {"mz-by", "mz-by-ctrl", "mz-eliminate", "mz-winner", "mz-win-ctrl", "mz-win", "mz-draw",
            "mz-draw-btn", "mz-copy", "mz-new"} <= seen


def test_a_player_who_takes_others_down_with_them_is_worded_as_players_say_it(phone, site_url):
    """Rule 4d-vi's own words ("a player causes themselves to lose along with other players"), not "Ana
    eliminated Ana, Ben" and "out (eliminated by Ana)" on Ana herself."""
    open_tracker(phone, site_url)
    eliminate(phone, ["Ana", "Ben"], "Ana")
    events = phone.inner_text(".mz-events")
    assert "Ana caused themselves to lose along with Ben" in events and "eliminated Ana" not in events
    assert "out (caused their own loss)" in phone.inner_text("section[aria-label='Ana']")
    assert "out (eliminated by Ana)" in phone.inner_text("section[aria-label='Ben']")
    press(phone, "pl-undo")
    eliminate(phone, ["Ana", "Ben", "Cy"], "Ana")                  # two others: "Ben and Cy", not "Ben, Cy"
    assert "Ana caused themselves to lose along with Ben and Cy" in phone.inner_text(".mz-events")
    press(phone, "pl-undo")
    eliminate(phone, ["Ben", "Cy"], "Ana")
    assert "Ana eliminated Ben and Cy" in phone.inner_text(".mz-events")
    press(phone, "pl-undo")
    eliminate(phone, ["Ben", "Cy"], "Ben", controlled_by="Ana")   # Ana controlled Ben's turn
    assert "Ana, controlling Ben's turn, caused Ben to lose along with Cy" in phone.inner_text(".mz-events")
    assert "out (eliminated by Ana)" in phone.inner_text("section[aria-label='Ben']")   # the one in control (4d-iii)


def test_seats_started_without_a_name_are_flagged_in_the_record(phone, site_url):
    """Review 17: blank seats started as "Player 2" and the like, and the record for the season file said so
    without a word; the runner is told to write the real names before pasting."""
    open_tracker(phone, site_url, names=("Ana", "", "Cy", ""))
    note = phone.locator("#mz-unnamed")
    assert note.inner_text() == ("Not the players' names: Player 2, Player 4. Write in the record the names the "
                                 "season file has for those seats before pasting it.")
    assert "Player 2" in phone.input_value("#mz-record")
    press(phone, "mz-new")          # a new game, every seat named: no note
    phone.wait_for_selector("#mz-start")
    for i, name in enumerate(("Ana", "Ben", "Cy", "Dee")):
        phone.fill(f"#mz-name-{i}", name)
    press(phone, "mz-start")
    phone.wait_for_selector("#mz-pool")
    assert phone.locator("#mz-unnamed").count() == 0


@pytest.mark.parametrize("viewport", ["phone", "page"])
def test_the_game_record_is_full_width_under_its_label_and_its_lines_unwrapped(viewport, request, site_url):
    """Review 18: the record sat inline beside its label, 171 px wide on a 390 px phone (182 px on a desktop),
    and its YAML lines wrapped mid-line."""
    page = request.getfixturevalue(viewport)
    open_tracker(page, site_url)
    eliminate(page, ["Dee"], None)
    sizes = page.evaluate("""() => {
        const area = document.getElementById('mz-record'), label = document.querySelector("label[for='mz-record']");
        const view = document.querySelector('.pl-view').getBoundingClientRect(), box = area.getBoundingClientRect();
        return {width: box.width, view: view.width, below: box.top >= label.getBoundingClientRect().bottom,
                wrap: getComputedStyle(area).whiteSpace,
                fits: area.scrollWidth <= area.clientWidth};
    }""")
    assert sizes["width"] >= sizes["view"] - 1 and sizes["below"], sizes
    assert sizes["wrap"] == "pre" and sizes["fits"], sizes          # the lines as written, each on one line
    if viewport == "phone":
        assert sizes["width"] >= 340 and page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_pod_s_headings_step_down_one_level_at_a_time(phone, site_url):
    """Review of 2026-11-28, item 4: once a game started, the page went from its h1 to the players' h3s."""
    open_tracker(phone, site_url)
    levels = phone.eval_on_selector_all("article h1, article h2, article h3, article h4",
                                        "els => els.map(e => Number(e.tagName[1]))")
    assert levels[0] == 1 and 3 in levels
    assert all(b - a <= 1 for a, b in zip(levels, levels[1:])), levels
