"""The table pages in headless Chromium, on the sample site built for real (mkdocs build --strict): a whole
Coalition match with a concession and a draw, a Heroic game won by hero damage and one lost to a fourth
resolution, a Balance of Power deal and refill equal to the Python procedure's, and the shared solo vectors
answered by the page's own engine. Everything at 390 px wide, driven by the keyboard, and across reloads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from generator.decklist import CardIndex, parse
from generator.paths import PROJECT_ROOT
from generator.solo.deck import library_from_list
from generator.solo.procedure import load_procedure
from generator.solo.table import deal, refill
from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser

VECTORS = yaml.safe_load((Path(__file__).parents[1] / "vectors" / "solo-deals.yml").read_text(encoding="utf-8"))
STATE_KEYS = ("piles", "land_pile", "world_pile", "library", "graveyard", "outcome")


def press(page, element_id: str, times: int = 1) -> None:
    """Keyboard only: focus the button and press Enter; the button keeps the focus after the re-render."""
    for _ in range(times):
        page.focus(f"#{element_id}")
        page.keyboard.press("Enter")
        focused = page.evaluate("document.activeElement.id")
        assert focused in (element_id, "pl-undo") or focused.startswith("pl-") or focused.startswith("bp-"), focused


def choose(page, element_id: str, label: str) -> None:
    """Keyboard only: arrow through a <select> until it shows `label`."""
    page.focus(f"#{element_id}")
    page.keyboard.press("Home")
    for _ in range(10):
        if page.eval_on_selector(f"#{element_id}", "el => el.options[el.selectedIndex].text") == label:
            return
        page.keyboard.press("ArrowDown")
    raise AssertionError(f"{label} is not an option of #{element_id}")


def type_into(page, element_id: str, text: str) -> None:
    page.focus(f"#{element_id}")
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def text_of(page, selector: str) -> str:
    return page.inner_text(selector)


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


CONTRAST = """() => {
    // WCAG 2 contrast of every enabled button's text against the colour behind it (AA: 4.5:1).
    const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
                                     .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const behind = el => { for (; el; el = el.parentElement) { const c = rgb(getComputedStyle(el).backgroundColor);
                           if (c.length === 3 || c[3] > 0) return c.slice(0, 3); } return [255, 255, 255]; };
    const ratios = [...document.querySelectorAll(".pl button:not([disabled]), .pl .pl-badge")].map(el => {
      const a = lum(rgb(getComputedStyle(el).color)), b = lum(behind(el));
      return [el.id || el.textContent, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
    });
    return {checked: ratios.length, failing: ratios.filter(([, ratio]) => ratio < 4.5)};
}"""


def assert_contrast(page) -> None:
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found = page.evaluate(CONTRAST)
        assert found["checked"] >= 5 and found["failing"] == [], scheme
    page.emulate_media(color_scheme="light")


def tick(page, element_id: str) -> None:
    """Keyboard only: focus a checkbox and press Space."""
    page.focus(f"#{element_id}")
    page.keyboard.press("Space")
    assert page.is_checked(f"#{element_id}")


def tab_reaches(page, element_id: str, limit: int = 80) -> bool:
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == element_id:
            return True
    return False


def value(page, element_id: str) -> str:
    return text_of(page, f"#{element_id}-value")


def test_play_landing_links_every_tracker(phone, site_url):
    page = phone
    page.goto(site_url + "play/")
    hrefs = page.eval_on_selector_all("article a", "els => els.map(e => new URL(e.href).pathname)")
    for path in ("/play/coalition/", "/play/heroic/", "/play/mazerunner/", "/balance-of-power/", "/balance-of-power/table/"):
        assert path in hrefs, path
    no_sideways_scroll(page)


# Coalition
def start_match(page, site_url, names: list[str]) -> None:
    page.goto(site_url + "play/coalition/")
    page.wait_for_selector(f"#pl-count-{len(names)}")
    assert tab_reaches(page, f"pl-count-{len(names)}")
    press(page, f"pl-count-{len(names)}")
    for i, name in enumerate(names):
        type_into(page, f"pl-name-{i}", name)
    press(page, "pl-start")


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
    assert "Dan is in last place and plays first" in text_of(page, "#pl-last-place")
    page.reload()
    page.wait_for_selector("#pl-next")
    assert "Dan is in last place" in text_of(page, "#pl-last-place")          # the state survived the reload
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
    assert "Cat is in last place and plays first" in text_of(page, "#pl-last-place")    # Cat 22, Ann 24, Ben 26
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


def test_coalition_tied_players_choose_their_order(phone, site_url):
    """906.10b/906.10c: the lowest ranking plays first; every tie is named, wherever it falls, and the tied
    players' order can be set, undone, and survives a reload."""
    page = phone
    start_match(page, site_url, ["Ann", "Bo", "Cy"])
    press(page, "pl-p2-vp-p5")
    press(page, "pl-nowinner")                                          # Ann 0, Bo 0, Cy 5: a tie for last place
    assert "Ann and Bo share last place" in text_of(page, "#pl-last-place")
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
    assert "Bo is in last place and plays first" in text_of(page, "#pl-last-place")
    assert "Ann and Cy are tied on 5 points" in text_of(page, "#pl-ties")
    assert "Turn order: Bo → Ann → Cy" in text_of(page, "#pl-order")
    press(page, "pl-swap-1")
    assert "Turn order: Bo → Cy → Ann" in text_of(page, "#pl-order")
    press(page, "pl-undo")
    assert "Turn order: Bo → Ann → Cy" in text_of(page, "#pl-order")
    press(page, "pl-swap-1")
    press(page, "pl-next")
    assert "Turn order: Bo → Cy → Ann" in text_of(page, ".pl-view")


# Heroic
def start_heroic(page, site_url, names: list[str]) -> None:
    page.goto(site_url + "play/heroic/")
    page.wait_for_selector(f"#pl-count-{len(names)}")
    press(page, f"pl-count-{len(names)}")
    for i, name in enumerate(names):
        type_into(page, f"pl-name-{i}", name)
    press(page, "pl-start")


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


# Balance of Power
def site_cards(built: Path) -> dict[str, str]:
    cards = json.loads((built / "data" / "cards.json").read_text(encoding="utf-8"))["cards"]
    return {card["n"]: card["t"] for card in cards}


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory):
    from tests.site_testing import built_site

    return built_site(tmp_path_factory).paths.site_dir


def test_solo_engine_answers_the_shared_vectors(phone, site_url):
    page = phone
    page.goto(site_url + "balance-of-power/table/")
    page.wait_for_selector("#bp-deal")
    got = page.evaluate("""([vectors, url]) => fetch(url).then(r => r.json()).then(procedure => {
        const S = window.Coalition.solo, typeOf = n => vectors.type_lines[n];
        const keep = t => ({piles: t.piles, land_pile: t.land_pile, world_pile: t.world_pile, library: t.library,
                            graveyard: t.graveyard, outcome: t.outcome});
        const play = c => {
          let t = c.seed === undefined ? S.dealLibrary(c.library, procedure, typeOf) : S.deal(c.deck, c.seed, procedure, typeOf);
          const out = [keep(t)];
          c.steps.forEach(step => { t = S.refill(t, step.refill - 1, procedure, typeOf); out.push(keep(t)); });
          return out;
        };
        return {
          prng: vectors.prng.map(c => { const g = S.mulberry32(c.seed); return c.first.map(() => g()); }),
          shuffles: vectors.shuffles.map(c => S.shuffled(c.items, c.seed)),
          seededOrder: vectors.seeded.map(c => S.shuffled(c.deck, c.seed)),
          deals: vectors.ordered.concat(vectors.seeded).map(play),
        };
    })""", [VECTORS, site_url + "balance-of-power/data/procedure.json"])
    assert got["prng"] == [c["first"] for c in VECTORS["prng"]]
    assert got["shuffles"] == [c["order"] for c in VECTORS["shuffles"]]
    assert got["seededOrder"] == [c["shuffled"] for c in VECTORS["seeded"]]
    expected = [[c["deal"]] + [s["expect"] for s in c["steps"]] for c in VECTORS["ordered"] + VECTORS["seeded"]]
    assert got["deals"] == expected


def test_solo_table_deals_and_refills_like_the_python_procedure(phone, site_url, site_dir):
    page = phone
    procedure = load_procedure(PROJECT_ROOT / "data")
    types = site_cards(site_dir)
    page.goto(site_url + "balance-of-power/table/")
    page.wait_for_selector("#bp-deal")
    assert tab_reaches(page, "bp-use-sample")
    press(page, "bp-use-sample")
    type_into(page, "bp-seed", "42")
    press(page, "bp-deal")
    page.wait_for_selector("#bp-pile-1-refill")
    saved = page.evaluate("JSON.parse(localStorage.getItem('coalition-play:balance-of-power')).state")
    deck = saved["deck"]
    assert len(deck) == 60 and deck[:18] == ["Forest"] * 18                  # list order, before the shuffle
    cards = json.loads((site_dir / "data" / "cards.json").read_text(encoding="utf-8"))["cards"]
    sample = (PROJECT_ROOT / "data" / "formats" / "balance-of-power" / procedure.samples[0].file).read_text(encoding="utf-8")
    assert library_from_list(parse(sample), CardIndex(cards)) == (deck, [])  # the page reads a list as Python does
    expected = deal(deck, 42, procedure, types.__getitem__)
    assert {k: saved["table"][k] for k in STATE_KEYS} == {k: expected[k] for k in STATE_KEYS}
    for number, pile in enumerate(expected["piles"], start=1):
        assert text_of(page, f"#bp-pile-{number}-top figcaption") == pile[-1]
        assert page.get_attribute(f"#bp-pile-{number}-top img", "alt") == pile[-1]
    assert f"Library: {len(expected['library'])} cards" in text_of(page, "#bp-library")
    assert text_of(page, "h2") == "Seed 42"
    assert_contrast(page)
    grid = page.eval_on_selector_all(".bp-grid > .bp-pile", "els => els.map(e => e.id)")
    assert grid == ["bp-pile-1", "bp-pile-4", "bp-pile-2", "bp-pile-3"]      # 2x2, counter-clockwise from the top left
    no_sideways_scroll(page)
    press(page, "bp-pile-2-refill")
    after = refill(expected, 1, procedure, types.__getitem__)
    saved = page.evaluate("JSON.parse(localStorage.getItem('coalition-play:balance-of-power')).state")
    assert {k: saved["table"][k] for k in STATE_KEYS} == {k: after[k] for k in STATE_KEYS}
    assert f"Library: {len(after['library'])} cards" in text_of(page, "#bp-library")
    page.reload()
    page.wait_for_selector("#bp-pile-2-top")
    assert text_of(page, "#bp-pile-2-top figcaption") == after["piles"][1][-1]
    press(page, "pl-undo")
    assert text_of(page, "#bp-pile-2-top figcaption") == expected["piles"][1][-1]
    press(page, "bp-pile-1-draw")                                        # a drawn card goes under the creature
    saved = page.evaluate("JSON.parse(localStorage.getItem('coalition-play:balance-of-power')).state")
    assert saved["table"]["piles"][0] == expected["piles"][0][:-1] + [expected["library"][0], expected["piles"][0][-1]]
    assert saved["table"]["library"] == expected["library"][1:]
    press(page, "bp-pile-1-gy-0")                                         # ... and can be cast or discarded
    saved = page.evaluate("JSON.parse(localStorage.getItem('coalition-play:balance-of-power')).state")
    assert saved["table"]["graveyard"] == [expected["library"][0]] and saved["table"]["piles"][0] == expected["piles"][0]
    press(page, "bp-balance")
    assert "You win: a balance of power" in text_of(page, "#bp-verdict")


def test_solo_table_loses_when_the_library_runs_out(phone, site_url):
    page = phone
    page.goto(site_url + "balance-of-power/table/")
    page.wait_for_selector("#bp-list")
    type_into(page, "bp-list", "3 Forest\n3 Arbor Elf\n")
    type_into(page, "bp-seed", "7")
    press(page, "bp-deal")
    page.wait_for_selector("#bp-verdict")
    assert "You lose" in text_of(page, "#bp-verdict") and page.is_disabled("#bp-pile-1-refill")
    press(page, "bp-new-game")
    type_into(page, "bp-list", "4 Forest\n4 Arbor Elff\n")
    press(page, "bp-deal")
    assert "no card named 'Arbor Elff' (did you mean Arbor Elf" in text_of(page, ".pl-status")


def test_solo_table_counts_one_card_as_one_card(phone, site_url):
    page = phone
    page.goto(site_url + "balance-of-power/table/")
    page.wait_for_selector("#bp-list")
    type_into(page, "bp-list", "8 Arbor Elf\n")                          # every pile is one creature
    type_into(page, "bp-seed", "3")
    press(page, "bp-deal")
    page.wait_for_selector("#bp-pile-1-title")
    assert [text_of(page, f"#bp-pile-{n}-title") for n in range(1, 5)] == [f"Pile {n} (1 card)" for n in range(1, 5)]
    assert "Library: 4 cards" in text_of(page, "#bp-library")
