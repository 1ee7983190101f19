"""The table trackers in headless Chromium, on the sample site built for real (mkdocs build --strict): a whole
Coalition match with a concession and a draw, a Heroic game won by hero damage and one lost to a fourth
resolution. Everything at 390 px wide, driven by the keyboard, and across reloads. (How a Coalition game and
match end: test_coalition_game_end.py; the Balance of Power table: test_solo_table.py.)"""

from __future__ import annotations

import pytest

from tests.browser.conftest import wait_until
from tests.browser.play_helpers import (assert_contrast, choose, no_sideways_scroll, press, press_twice, start_heroic, start_match,
                                        text_of, tick, type_into, value)

pytestmark = pytest.mark.browser


def test_play_landing_links_every_tracker(phone, site_url):
    page = phone
    page.goto(site_url + "play/")
    hrefs = page.eval_on_selector_all("article a", "els => els.map(e => new URL(e.href).pathname)")
    for path in ("/play/coalition/", "/play/heroic/", "/play/mazerunner/", "/balance-of-power/", "/balance-of-power/table/"):
        assert path in hrefs, path
    no_sideways_scroll(page)


# Coalition
def test_a_second_enter_after_start_undoes_nothing(phone, site_url):
    page = phone
    page.goto(site_url + "play/coalition/")
    page.wait_for_selector("#pl-count-3")
    press(page, "pl-count-3")
    assert press_twice(page, "pl-start") == "h2"
    assert page.evaluate("document.activeElement.textContent") == "Game 1 of 3"
    assert text_of(page, "#pl-undo") == "Undo: start the match"


def test_coalition_match_with_a_concession_and_a_draw(phone, site_url):
    page = phone
    start_match(page, site_url, ["Ann", "Ben", "Cat", "Dan"])
    assert "Game 1 of 3" in text_of(page, "h2")
    # Game 1: the others score, then Ann reaches 21 victory points and wins at once; the others keep theirs.
    press(page, "pl-p1-vp-p5")
    press(page, "pl-p2-vp-p1")
    press(page, "pl-p1-life-m5")
    assert value(page, "pl-p1-life") == "20"
    no_sideways_scroll(page)
    assert_contrast(page)
    press(page, "pl-p0-vp-p5", 4)
    press(page, "pl-p0-vp-p1")
    assert "Game 1 is over: Ann won" in text_of(page, "h2")
    assert "Dan has the lowest ranking and plays first" in text_of(page, "#pl-last-place")
    page.reload()
    page.wait_for_selector("#pl-next")
    assert "Dan has the lowest ranking" in text_of(page, "#pl-last-place")          # the state survived the reload
    press(page, "pl-next")
    assert "Turn order: Dan → Cat → Ben → Ann" in text_of(page, ".pl-view")
    # Game 2: Dan scores, then concedes (his points of this game are void); Ben and Cat reach 21 together.
    press(page, "pl-p3-vp-p5")
    press(page, "pl-p3-concede")
    assert "Points of this game void" in text_of(page, "[aria-label='Dan']")
    press(page, "pl-p0-vp-p1", 3)
    press(page, "pl-p0-vp-p1")
    page.keyboard.press("Control+z")                                         # undo by keyboard
    assert value(page, "pl-p0-vp") == "3"
    press(page, "pl-p1-vp-p5", 4)
    press(page, "pl-p2-vp-p5", 4)
    tick(page, "pl-together-1")
    tick(page, "pl-together-2")
    press(page, "pl-together-draw")
    assert "a draw: Cat and Ben reached 21 together" in text_of(page, "h2")   # in turn order
    ranking = text_of(page, "#pl-ranking")
    assert "Dan conceded" in ranking and "0 (conceded)" in ranking
    assert "Cat has the lowest ranking of the players left in the match and plays first" in text_of(page, "#pl-last-place")  # Cat 22, Ann 24, Ben 26
    assert "Dan conceded and plays no further game" in text_of(page, "#pl-out-of-match")       # Dan 0: out
    press(page, "pl-next")
    assert "Turn order: Cat → Ann → Ben" in text_of(page, ".pl-view") and "Dan" not in text_of(page, ".pl-players")
    # Game 3: Ann wins another way and is given the rest of her points.
    press(page, "pl-p1-vp-p1", 4)
    choose(page, "pl-winner", "Ann")
    press(page, "pl-win")
    assert "Ann wins the match" in text_of(page, "#pl-verdict")
    result = page.input_value("#pl-result")
    assert "1. Ann: 45 (21 + 3 + 21)" in result and "2. Ben: 30 (5 + 21 + 4)" in result
    assert "4. Dan: 0 (0 + conceded + -)" in result and "Game 2: a draw" in result
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    press(page, "pl-copy")
    assert page.evaluate("navigator.clipboard.readText()") == result
    no_sideways_scroll(page)
    page.reload()
    page.wait_for_selector("#pl-verdict")
    assert page.input_value("#pl-result") == result


def test_coalition_concession_to_one_player_and_rule_links(phone, site_url):
    page = phone
    start_match(page, site_url, ["Ann", "Ben", "Cat"])
    press(page, "pl-p1-vp-p5")
    choose(page, "pl-winner", "Cat")
    press(page, "pl-concede-to")
    ranking = text_of(page, "#pl-ranking")
    assert "Cat won: everyone else conceded to them" in text_of(page, "h2")
    assert "conceded" not in ranking                                   # 906.6g: nobody loses their points
    assert "Cat\t21\t21" in ranking and "Ben\t5\t5" in ranking and "Ann\t0\t0" in ranking   # Cat: the rest, to 21
    press(page, "pl-next")
    assert "Turn order: Ann → Ben → Cat" in text_of(page, ".pl-view")
    links = page.eval_on_selector_all(".pl-view a[href*='rules/#906-']", "els => els.map(e => e.getAttribute('href'))")
    assert links and all(link.startswith("../../rules/#906-") for link in links)
    page.goto(site_url + "rules/")
    for link in set(links):
        assert page.locator(f"[id='{link.split('#')[1]}']").count() == 1, link   # every cited anchor exists


def test_coalition_concession_switch_and_match_tie_breaks(phone, site_url):
    """data's concession_forfeits chooses between 906.6f as written (the game's points) and the older summary
    (the whole ranking); 906.8a/906.8b break ties on ranking by life in the last game, else a draw."""
    page = phone
    page.goto(site_url + "play/coalition/")
    page.wait_for_selector("#pl-count-3")
    got = page.evaluate("""() => {
        const M = window.Coalition.coalitionMatch;
        const game = (n, vp, life, conceded) => ({number: n, seats: [0, 1, 2], vp, life, conceded, result: {kind: "draw"}});
        const state = {players: [{name: "A"}, {name: "B"}, {name: "C"}],
                       games: [game(1, {0: 10, 1: 5, 2: 7}, {0: 3, 1: 9, 2: 1}, []),
                               game(2, {0: 4, 1: 9, 2: 9}, {0: 3, 1: 9, 2: 9}, [0])]};
        const numbers = f => M.matchNumbers({table: {starting_life: 25, victory_points: 21, games_per_match: 2,
                                                     players: {min: 3, max: 5}, concession_forfeits: f}});
        return {
          game: [0, 1, 2].map(i => M.ranking(state, i, numbers("game"))),
          match: [0, 1, 2].map(i => M.ranking(state, i, numbers("match"))),
          draw: M.matchResult({players: state.players, games: [game(1, {0: 1, 1: 1, 2: 1}, {0: 5, 1: 5, 2: 4}, [])]}, numbers("game")),
        };
    }""")
    assert got["game"] == [10, 14, 16] and got["match"] == [0, 14, 16]
    got_tie = page.evaluate("""() => {
        const M = window.Coalition.coalitionMatch;
        const numbers = M.matchNumbers({table: {starting_life: 25, victory_points: 21, games_per_match: 1,
                                                players: {min: 3, max: 5}, concession_forfeits: "game"}});
        const state = {players: [{name: "A"}, {name: "B"}, {name: "C"}],
                       games: [{number: 1, seats: [0, 1, 2], vp: {0: 8, 1: 8, 2: 3}, life: {0: 4, 1: 11, 2: 20},
                                conceded: [], result: {kind: "none"}}]};
        return M.matchResult(state, numbers);
    }""")
    assert got_tie == {"winners": [1], "by": "life"}                    # 906.8a: B's 11 life beats A's 4
    assert got["draw"] == {"winners": [0, 1], "by": "draw"}             # 906.8b: same ranking, same life


def test_coalition_tied_players_choose_their_order(phone, site_url):
    """906.10b/906.10c: the lowest ranking plays first; every tie is named, wherever it falls, and the tied
    players' order can be set, undone, and survives a reload."""
    page = phone
    start_match(page, site_url, ["Ann", "Bo", "Cy"])
    press(page, "pl-p2-vp-p5")
    press(page, "pl-nowinner")                                          # Ann 0, Bo 0, Cy 5: a tie for last place
    assert "Ann and Bo share the lowest ranking" in text_of(page, "#pl-last-place")
    assert "Ann and Bo are tied on 0 points" in text_of(page, "#pl-ties")
    assert "Turn order: Ann → Bo → Cy" in text_of(page, "#pl-order")
    press(page, "pl-swap-0")
    assert "Turn order: Bo → Ann → Cy" in text_of(page, "#pl-order") and "Bo plays first" in text_of(page, "#pl-last-place")
    page.reload()
    page.wait_for_selector("#pl-next")
    assert "Turn order: Bo → Ann → Cy" in text_of(page, "#pl-order")
    press(page, "pl-next")
    assert "Turn order: Bo → Ann → Cy" in text_of(page, ".pl-view")
    press(page, "pl-p0-vp-p5")
    press(page, "pl-nowinner")                                          # Bo 0 last; Ann and Cy tied on 5
    assert "Bo has the lowest ranking and plays first" in text_of(page, "#pl-last-place")
    assert "Ann and Cy are tied on 5 points" in text_of(page, "#pl-ties")
    assert "Turn order: Bo → Ann → Cy" in text_of(page, "#pl-order")
    press(page, "pl-swap-1")
    assert "Turn order: Bo → Cy → Ann" in text_of(page, "#pl-order")
    press(page, "pl-undo")
    assert "Turn order: Bo → Ann → Cy" in text_of(page, "#pl-order")
    press(page, "pl-swap-1")
    press(page, "pl-next")
    assert "Turn order: Bo → Cy → Ann" in text_of(page, ".pl-view")


# Balance of Power


def test_tracker_wording_counts_possessives_minus_signs_and_sentences(phone, site_url):
    """Review of 2026-11-26, item 9: "resolved 1 times", "Undo: Ann hero damage +1", "life -5" with a hyphen where
    the buttons say "−", and status lines read out in lower case ("players: 3", "new game")."""
    page = phone
    page.goto(site_url + "play/heroic/")
    page.wait_for_selector("#pl-count-3")
    press(page, "pl-count-3")
    assert text_of(page, ".pl-status") == "3 players"
    for i, name in enumerate(["Ann", "Ben", "Cat"]):
        type_into(page, f"pl-name-{i}", name)
    press(page, "pl-start")
    press(page, "pl-p0-res-p1")
    assert text_of(page, ".pl-status") == "Ann’s hero resolved 1 time"
    press(page, "pl-p1-dmg-p1")
    assert text_of(page, "#pl-undo") == "Undo: Ben’s hero damage +1"
    press(page, "pl-p1-life-m5")
    assert text_of(page, "#pl-undo") == "Undo: Ben life −5"
    press(page, "pl-undo")
    assert text_of(page, ".pl-status") == "Undone: Ben life −5"
    page.reload()
    page.wait_for_selector("#pl-end-turn")
    assert text_of(page, ".pl-status") == "The game in progress is back."


STATUS_SEEN = """() => {
  const status = document.querySelector(".pl-status"), box = status.getBoundingClientRect();
  const pill = document.querySelector(".md-top"), top = pill ? pill.getBoundingClientRect() : null;
  const under = top && !(top.bottom <= box.top || top.top >= box.bottom || top.right <= box.left || top.left >= box.right);
  const hit = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
  return {inView: box.top >= 0 && box.bottom <= innerHeight && box.height > 0, underPill: Boolean(under),
          onTop: Boolean(hit && status.contains(hit)), live: status.getAttribute("aria-live"), role: status.getAttribute("role")};
}"""


def test_the_status_line_is_read_beside_the_tap_on_a_phone(phone, site_url):
    """Review of 2026-11-26, item 10: scrolled down to a player card, the theme's "Back to top" pill covered the
    status line at the top of the screen. It stays a live region, in view and uncovered, wherever the tap was."""
    page = phone
    start_heroic(page, site_url, ["Ann", "Ben", "Cat", "Dan", "Eve"])
    page.locator("#pl-p4-life-m1").scroll_into_view_if_needed()
    page.mouse.wheel(0, -120)                          # scrolling up is what brings the theme's pill out
    wait_until(page, "!document.querySelector('.md-top').hidden"                  # out, and come to rest
                     " && !document.querySelector('.md-top').getAnimations().length")
    press(page, "pl-p4-life-m1")
    seen = page.evaluate(STATUS_SEEN)
    assert seen == {"inView": True, "underPill": False, "onTop": True, "live": "polite", "role": "status"}, seen
    assert text_of(page, ".pl-status") == "Eve: 24 life"


def test_coalition_tied_players_order_is_drawn_at_random_with_its_seed_stated(phone, site_url):
    """Review of 2026-11-26, item 14: 906.10c has tied players *randomly* select their order, by a method they
    agree on; the tracker said "any way the tied players agree". It draws the order (seeded, the seed shown),
    undoably and across a reload; the swaps stay for the result of the players' own coin."""
    page = phone
    start_match(page, site_url, ["Ann", "Bo", "Cy"])
    press(page, "pl-p2-vp-p5")
    press(page, "pl-nowinner")                                          # Ann and Bo tied on 0
    ties = text_of(page, "#pl-ties")
    assert "drawn at random" in ties and "any way" not in ties
    press(page, "pl-tie-draw-0")
    drawn = text_of(page, "#pl-drawn-0")
    seed = int(drawn.split("seed ")[1].split(":")[0])
    order = drawn.split(": ")[1].rstrip(".")
    expected = page.evaluate("seed => Coalition.solo.shuffled(['Ann', 'Bo'], seed).join(' → ')", seed)
    assert order == expected
    assert f"Turn order: {order} → Cy" in text_of(page, "#pl-order")
    assert text_of(page, "#pl-undo").startswith("Undo: random draw of Ann and Bo")
    page.reload()
    page.wait_for_selector("#pl-next")
    assert text_of(page, "#pl-drawn-0") == drawn and f"Turn order: {order} → Cy" in text_of(page, "#pl-order")
    press(page, "pl-undo")
    assert page.locator("#pl-drawn-0").count() == 0 and "Turn order: Ann → Bo → Cy" in text_of(page, "#pl-order")
    press(page, "pl-swap-0")                                            # their own coin said Bo first
    assert "Turn order: Bo → Ann → Cy" in text_of(page, "#pl-order")
    about = page.inner_text("article")
    assert "any way the tied players agree" not in about and "drawn at random" in about


@pytest.mark.parametrize("path, count, fields, undo", [
    ("play/coalition/", "pl-count-3", ["pl-name-0", "pl-name-1", "pl-name-2"], "Undo: start the match"),
    ("play/heroic/", "pl-count-3", ["pl-name-0", "pl-name-1", "pl-name-2"], "Undo: start the game"),
    ("play/mazerunner/", None, ["mz-name-0", "mz-name-1", "mz-name-2", "mz-name-3"], "Undo: start the game")])
def test_enter_in_the_last_name_starts_as_a_form_would(phone, site_url, path, count, fields, undo):
    """Enter in a set-up field starts the match or game, once (one undo step takes it back to the names)."""
    page = phone
    page.goto(site_url + path)
    page.wait_for_selector("#" + (count or fields[0]))
    if count:
        press(page, count)
    names = ["Ann", "Bo", "Cy", "Di"][:len(fields)]
    for field, name in zip(fields, names):
        type_into(page, field, name)
    page.keyboard.press("Enter")                      # in the last field, as typed
    wait_until(page, f"document.getElementById('pl-undo').textContent === {undo!r}", timeout=5)
    assert all(name in text_of(page, ".pl-view") for name in names)
    press(page, "pl-undo")
    wait_until(page, f"!!document.getElementById({fields[-1]!r})")
    assert text_of(page, "#pl-undo") == ("Undo: 3 players" if count else "Nothing to undo")   # the count is a step too


def test_coalition_undo_says_victory_points_as_the_scores_do(phone, site_url):
    """Review: after "+5", the scores said "Ben: 5 victory points" and the undo button "Undo: Ben points +5"."""
    page = phone
    start_match(page, site_url, ["Ann", "Ben", "Cat"])
    press(page, "pl-p1-vp-p5")
    assert "Ben: 5 victory points" in text_of(page, ".pl-status")
    assert text_of(page, "#pl-undo") == "Undo: Ben victory points +5"
