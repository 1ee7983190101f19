"""The Heroic game tracker in headless Chromium, on the sample site built for real: a game won by hero damage,
one lost to a fourth resolution under each reading of rule 4.5, and the once-a-turn hero with players out locked.
At 390 px wide, driven by the keyboard, and across reloads. (The Coalition tracker: test_play_pages.py.)"""

from __future__ import annotations

import re

import pytest

from tests.browser.play_helpers import (assert_contrast, no_sideways_scroll, press, press_twice, start_heroic, text_of,
                                        type_into, value)

pytestmark = pytest.mark.browser


def heroic_table(page, site_url) -> dict:
    return page.evaluate("url => fetch(url).then(r => r.json())", site_url + "heroic/data/format.json")["table"]


def test_heroic_game_to_hero_damage(phone, site_url):
    page = phone
    start_heroic(page, site_url, ["Ann", "Ben", "Cat"])
    table = heroic_table(page, site_url)
    to_win = table["hero_damage_to_win"]
    assert value(page, "pl-p0-life") == str(table["starting_life"])
    press(page, "pl-p0-lvl-up")
    assert value(page, "pl-p0-lvl") == "1" and page.is_disabled("#pl-p0-lvl-up")     # once a turn
    gained = text_of(page, "[aria-label='Ann: abilities gained']")
    assert table["hero_levels"][0]["gains"] in gained and table["hero_levels"][1]["gains"] not in gained
    assert "(ward 1)" in text_of(page, ".pl-player")
    press(page, "pl-end-turn")
    assert "Turn 2: Ben" in text_of(page, "h2")
    press(page, "pl-p0-lvl-up")                                         # a new turn: Ann's hero may level again
    assert value(page, "pl-p0-lvl") == "2"
    # Ben steals Ann's hero and hits Cat: the damage still counts for Ann, its owner.
    press(page, "pl-p0-dmg-p5", (to_win - 1) // 5)
    press(page, "pl-p0-dmg-p1", (to_win - 1) % 5)
    assert value(page, "pl-p0-dmg") == str(to_win - 1)
    page.reload()
    page.wait_for_selector("#pl-p0-dmg-p1")
    assert value(page, "pl-p0-dmg") == str(to_win - 1) and value(page, "pl-p0-lvl") == "2"
    no_sideways_scroll(page)
    assert_contrast(page)
    press(page, "pl-p0-dmg-p1")
    assert f"Ann wins: their hero dealt {to_win} damage" in text_of(page, "#pl-verdict")
    press(page, "pl-undo")
    assert "Turn 2: Ben" in text_of(page, "h2")


def test_heroic_hero_stops_at_the_top_level(phone, site_url):
    """6.2: one level a turn, in order, up to the last level of the Heroic data's table; at the top level the
    button says so and stays off on later turns, and a scripted tap changes nothing."""
    page = phone
    start_heroic(page, site_url, ["Ann", "Ben", "Cat"])
    levels = heroic_table(page, site_url)["hero_levels"]
    top = max(level["level"] for level in levels)
    for _ in range(top):
        press(page, "pl-p0-lvl-up")
        press(page, "pl-end-turn")
    assert value(page, "pl-p0-lvl") == str(top) and page.is_disabled("#pl-p0-lvl-up")   # a new turn, still off
    assert text_of(page, "#pl-p0-lvl-up") == "Top level"
    assert page.get_attribute("#pl-p0-lvl-up", "aria-label") == "Ann: hero at its top level"
    gained = text_of(page, "[aria-label='Ann: abilities gained']")
    assert all(level["gains"] in gained for level in levels)
    undo = text_of(page, "#pl-undo")
    page.evaluate("document.getElementById('pl-p0-lvl-up').disabled = false; document.getElementById('pl-p0-lvl-up').click()")
    assert value(page, "pl-p0-lvl") == str(top) and text_of(page, "#pl-undo") == undo   # no step recorded


def test_heroic_fourth_resolution_loses_at_end_of_turn(phone, site_url):
    page = phone
    start_heroic(page, site_url, ["Ann", "Ben", "Cat"])
    limit = heroic_table(page, site_url)["hero_resolutions_to_lose"]
    assert limit == 4                                                   # the turns below are counted for it
    press(page, "pl-end-turn")                                          # turn 2, Ben's
    for turn in range(2, 2 + limit):                                    # once a turn, on anyone's turn (4.2)
        press(page, "pl-p1-res-p1")
        if turn < 1 + limit:
            press(page, "pl-end-turn")
    assert "Turn 5: Ben" in text_of(page, "h2") and value(page, "pl-p1-res") == f"{limit} of {limit}"
    assert page.is_visible("#pl-p1-doomed") and page.is_disabled("#pl-p1-res-p1")
    press(page, "pl-end-turn")
    assert f"lost: hero resolved {limit} times" in text_of(page, "[aria-label='Ben']")
    assert "Turn 6: Cat" in text_of(page, "h2")
    press(page, "pl-end-turn")
    assert "Turn 7: Ann" in text_of(page, "h2")                         # Ben is skipped from now on
    press(page, "pl-p2-lose")
    assert "Ann wins: the last player in the game" in text_of(page, "#pl-verdict")


def with_hero_lives(page, reading: str) -> dict:
    """The tracker gets heroic/data/format.json with rule 4.5's reading set to `reading` (one route, for that one
    file: the others go straight to the server); returns the file as the build exported it."""
    exported = {}

    def answer(route):
        exported.update(route.fetch().json())
        route.fulfill(json={**exported, "readings": {**exported["readings"], "hero_lives": reading}})

    page.route(re.compile(r"/heroic/data/format\.json$"), answer)
    return exported


@pytest.mark.parametrize(("reading", "loses_in_turn"), [("end_of_that_turn", 4), ("end_of_your_turn", 5)])
def test_heroic_fourth_resolution_on_another_players_turn_follows_the_reading(phone, site_url, reading, loses_in_turn):
    """Rule 4.5, "you lose at the end of your turn", once the hero may resolve on another player's turn (4.2): by
    the switch in Heroic's format.yml (readings: hero_lives), its owner loses as that turn ends, or at the end of
    their own next turn."""
    page = phone
    exported = with_hero_lives(page, reading)
    start_heroic(page, site_url, ["Ann", "Ben", "Cat"])
    assert exported["readings"]["hero_lives"] == "end_of_your_turn"       # the data's default, exported as it is
    for _ in range(3):                                                  # Ben's hero resolves on turns 1, 2 and 3
        press(page, "pl-p1-res-p1")
        press(page, "pl-end-turn")
    assert "Turn 4: Ann" in text_of(page, "h2")
    press(page, "pl-p1-res-p1")                                         # the fourth time, on Ann's turn
    when = "this turn" if loses_in_turn == 4 else "their next turn"
    assert f"Ben loses at the end of {when}." in text_of(page, "#pl-p1-doomed")
    press(page, "pl-end-turn")                                          # Ann's turn ends
    if loses_in_turn == 5:
        assert "Turn 5: Ben" in text_of(page, "h2") and "lost:" not in text_of(page, "[aria-label='Ben']")
        assert "Ben loses at the end of this turn." in text_of(page, "#pl-p1-doomed")
        page.reload()                                                   # the reading holds across a reload
        page.wait_for_selector("#pl-end-turn")
        press(page, "pl-end-turn")                                      # Ben's own turn ends
    assert "lost: hero resolved 4 times" in text_of(page, "[aria-label='Ben']")
    assert f"Turn {loses_in_turn + 1}: Cat" in text_of(page, "h2")
    press(page, "pl-undo")
    assert "lost:" not in text_of(page, "[aria-label='Ben']")


def test_heroic_hero_resolves_once_a_turn_and_players_out_are_locked(phone, site_url):
    """Heroic 4.2 (the published description: "Once per turn ... you may put it into your hand from outside the
    game and cast it"): one resolution from outside the game per hero per turn, on anyone's turn."""
    page = phone
    start_heroic(page, site_url, ["Ann", "Ben", "Cat", "Dan"])
    press(page, "pl-p1-res-p1")                                         # Ann's turn: Ben's hero comes in
    assert value(page, "pl-p1-res").startswith("1 of") and page.is_disabled("#pl-p1-res-p1")
    page.click("#pl-p1-res-p1", force=True)                             # a second tap in the same turn does nothing
    assert value(page, "pl-p1-res").startswith("1 of") and "Resolved this turn" in text_of(page, "#pl-p1-res-p1")
    assert not page.is_disabled("#pl-p0-res-p1")                        # the limit is each hero's own
    assert page.locator(".pl-view a[href$='heroic/rules/#4-2']").count() >= 1
    page.reload()
    page.wait_for_selector("#pl-p1-res-p1")
    assert page.is_disabled("#pl-p1-res-p1")                            # kept across a reload
    press(page, "pl-end-turn")
    press(page, "pl-p1-res-p1")                                         # a new turn: once more
    assert value(page, "pl-p1-res").startswith("2 of")
    # A player out of the game (no life left, or gone) has no live control while the others play on.
    press(page, "pl-p2-life-m5", 5)
    press(page, "pl-p0-lose")
    assert "Turn 2: Ben" in text_of(page, "h2") and not page.is_disabled("#pl-p3-life-m1")
    for player in ("pl-p0", "pl-p2"):
        buttons = page.locator(f"[aria-label] button[id^='{player}-']")
        assert buttons.count() >= 8
        assert all(buttons.nth(k).is_disabled() for k in range(buttons.count())), player


def test_a_second_enter_after_start_level_up_or_hero_resolved_undoes_nothing(phone, site_url):
    page = phone
    page.goto(site_url + "play/heroic/")
    page.wait_for_selector("#pl-count-3")
    press(page, "pl-count-3")
    type_into(page, "pl-name-0", "Ann")
    assert press_twice(page, "pl-start") == "h2"                     # the game's heading: "Turn 1: Ann"
    assert page.evaluate("document.activeElement.textContent") == "Turn 1: Ann"
    assert press_twice(page, "pl-p0-lvl-up") == "pl-p0-lvl"          # its counter, beside the disabled button
    assert value(page, "pl-p0-lvl") == "1"
    assert press_twice(page, "pl-p1-res-p1") == "pl-p1-res"
    assert value(page, "pl-p1-res").startswith("1 of")
    for _ in range(4):                                               # Tab goes on from there (the counter's rule
        page.keyboard.press("Tab")                                   # links), past the disabled button
        if page.evaluate("document.activeElement.tagName") == "BUTTON":
            break
    assert page.evaluate("document.activeElement.id") == "pl-p1-lose"


@pytest.mark.parametrize("reading", ["end_of_your_turn", "end_of_that_turn"])
def test_the_trackers_explanation_of_hero_lives_says_what_the_rules_pages_say(phone, site_url, reading):
    """Review of 2026-11-27, item 2: the tracker page said "you lose at the end of a turn: your own, or the one it
    resolved in", where Heroic's home and rules pages say "at the end of your own turn: this one if it is yours,
    else your next". Its words follow the switch in force (readings: hero_lives), as its behaviour does."""
    page = phone
    exported = with_hero_lives(page, reading)
    page.goto(site_url + "play/heroic/")
    page.wait_for_selector("#pl-count-3")
    about = " ".join(page.inner_text("article").split())
    page.goto(site_url + "heroic/")
    home = " ".join(page.inner_text("article").split())
    assert "your own, or the one it resolved in" not in about
    words = {"end_of_your_turn": "you lose at the end of your own turn: this one if it is yours, else your next",
             "end_of_that_turn": "you lose at the end of that turn, whoever's turn it is"}[reading]
    assert words in about
    if reading == exported["readings"]["hero_lives"]:                   # the data's own reading: the home page's words
        assert words in home


def test_the_level_counter_cites_the_rule_that_says_how_a_level_is_gained(phone, site_url):
    """Not the level-0 ward rule: the rule the tracker's one-level-a-turn button follows."""
    page = phone
    start_heroic(page, site_url, ["Ann", "Ben", "Cat"])
    link = page.locator("#pl-p0-lvl .pl-what a")
    assert link.count() == 1
    href = link.evaluate("a => a.href")                                 # absolute
    anchor = href.split("#")[1]
    assert href.split("#")[0].endswith("/heroic/rules/")
    page.goto(href)
    page.wait_for_selector(f"[id='{anchor}']")
    assert "gains its next level" in text_of(page, f"[id='{anchor}']")


def test_level_up_and_hero_resolved_say_their_state_once_used(phone, site_url):
    """Review of 2026-11-28, item 1: once pressed, the buttons read "Levelled this turn" and "Resolved this turn"
    and are disabled, but their names still offered the step ("hero levels up", dimmed). The name says the
    state as the text does, and the step is said in the status line."""
    page = phone
    start_heroic(page, site_url, ["Ann", "Ben", "Cat"])
    assert page.get_attribute("#pl-p0-lvl-up", "aria-label") == "Ann: hero levels up"
    press(page, "pl-p0-lvl-up")
    assert page.get_attribute("#pl-p0-lvl-up", "aria-label") == "Ann: hero levelled this turn"
    assert text_of(page, ".pl-status").startswith("Ann’s hero is level 1")
    press(page, "pl-p1-res-p1")
    assert page.get_attribute("#pl-p1-res-p1", "aria-label") == "Ben: the hero resolved from outside the game this turn"
    assert text_of(page, ".pl-status") == "Ben’s hero resolved 1 time"
    press(page, "pl-end-turn")                                          # a new turn: each offers its step again
    assert page.get_attribute("#pl-p0-lvl-up", "aria-label") == "Ann: hero levels up"
    assert page.get_attribute("#pl-p1-res-p1", "aria-label") == "Ben: the hero resolved from outside the game"


@pytest.mark.parametrize("tracker", ["heroic", "coalition"])
def test_the_chosen_number_of_players_is_pressed_and_kept(phone, site_url, tracker):
    """Review of 2026-11-28, item 3: the "3/4/5 players" buttons never said which one was chosen."""
    page = phone
    page.goto(site_url + f"play/{tracker}/")
    page.wait_for_selector("#pl-count-3")
    pressed = "els => els.map(e => [e.id, e.getAttribute('aria-pressed')])"
    assert all(state == "false" for _, state in page.eval_on_selector_all("[id^='pl-count-']", pressed))
    press(page, "pl-count-4")
    page.reload()                                                       # kept like the rest of the state
    page.wait_for_selector("#pl-count-4")
    states = dict(page.eval_on_selector_all("[id^='pl-count-']", pressed))
    assert states.pop("pl-count-4") == "true" and set(states.values()) == {"false"}
    # Marked by more than its colour, and the mark is not part of the button's name.
    assert "✓" in page.evaluate("getComputedStyle(document.getElementById('pl-count-4'), '::before').content")
    assert page.locator("#pl-count-4").evaluate("e => e.textContent") == "4 players"
    assert_contrast(page)
