"""The Balance of Power solo table in headless Chromium, on the sample site built for real: a deal and a refill
equal to the Python procedure's, a lost game, and the shared solo vectors answered by the page's own engine.
At 390 px wide, driven by the keyboard, and across reloads."""

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
from tests.browser.play_helpers import (assert_contrast, no_sideways_scroll, press, press_twice, tab_reaches, text_of,
                                        type_into)

pytestmark = pytest.mark.browser

VECTORS = yaml.safe_load((Path(__file__).parents[1] / "vectors" / "solo-deals.yml").read_text(encoding="utf-8"))
STATE_KEYS = ("piles", "land_pile", "world_pile", "library", "graveyard", "outcome")


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
    assert_piles_in_turn_order_on_the_grid(page, procedure.grid)
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


def assert_piles_in_turn_order_on_the_grid(page, grid: list[list[int]]) -> None:
    """Review of 2026-11-28, item 5: the piles were read (and tabbed) 1, 4, 2, 3, the grid's rows. They are
    written in turn order, and each shows where the procedure's grid puts it (2x2, counter-clockwise)."""
    order = page.eval_on_selector_all(".bp-grid > .bp-pile", "els => els.map(e => e.id)")
    assert order == [f"bp-pile-{n}" for n in range(1, len(order) + 1)]
    boxes = {n: page.locator(f"#bp-pile-{n}").bounding_box() for n in range(1, len(order) + 1)}
    for r, row in enumerate(grid):
        for c, n in enumerate(row):
            assert abs(boxes[n]["y"] - boxes[grid[r][0]]["y"]) < 2 and abs(boxes[n]["x"] - boxes[grid[0][c]]["x"]) < 2
            if c:
                assert boxes[n]["x"] > boxes[row[c - 1]]["x"]
            if r:
                assert boxes[n]["y"] > boxes[grid[r - 1][c]]["y"]


def test_the_deal_is_said_truly_and_each_pile_names_the_piles_beside_it(phone, site_url):
    """Review of 2026-11-28, item 5: "Dealt 60 cards with seed 42" when a few cards dealt the piles and the rest
    stayed in the library; and the piles a pile may attack (beside it in the grid) were only seen."""
    page = phone
    page.goto(site_url + "balance-of-power/table/")
    page.wait_for_selector("#bp-deal")
    press(page, "bp-use-sample")
    type_into(page, "bp-seed", "42")
    press(page, "bp-deal")
    page.wait_for_selector("#bp-pile-1-refill")
    table = page.evaluate("JSON.parse(localStorage.getItem('coalition-play:balance-of-power')).state.table")
    left = len(table["library"])
    assert text_of(page, ".pl-status") == (f"Shuffled 60 cards with seed 42 and dealt 4 piles from the top {60 - left} "
                                           f"cards; {left} left in the library.")
    assert 0 < 60 - left < 60
    grid = load_procedure(PROJECT_ROOT / "data").grid
    assert grid == [[1, 4], [2, 3]]                                    # the sentences below are for this grid
    said = {n: text_of(page, f"#bp-pile-{n}-beside") for n in range(1, 5)}
    assert said == {1: "Beside piles 2 and 4", 2: "Beside piles 1 and 3", 3: "Beside piles 2 and 4", 4: "Beside piles 1 and 3"}
    order = []
    page.focus("#bp-pile-1-refill")
    for _ in range(40):                                                # Tab goes through the piles in turn order
        focused = page.evaluate("document.activeElement.id")
        if focused.endswith("-refill") and focused not in order:
            order.append(focused)
        if len(order) == 4:
            break
        page.keyboard.press("Tab")
    assert order == [f"bp-pile-{n}-refill" for n in range(1, 5)]


def test_the_table_has_no_empty_table_of_contents(page, site_url):
    """Review of 2026-11-28, item 6: the theme's "Table of contents" landmark (a wide screen's) had no entry."""
    page.goto(site_url + "balance-of-power/table/")
    page.wait_for_selector("#bp-deal")
    assert page.get_by_role("navigation", name="Table of contents").count() == 0
    page.goto(site_url + "balance-of-power/")                          # a page with headings keeps its own
    assert page.get_by_role("navigation", name="Table of contents").count() >= 1


def test_a_second_enter_after_deal_or_the_last_to_graveyard_undoes_nothing(phone, site_url):
    page = phone
    page.goto(site_url + "balance-of-power/table/")
    page.wait_for_selector("#bp-deal")
    press(page, "bp-use-sample")
    type_into(page, "bp-seed", "42")
    assert press_twice(page, "bp-deal") == "h2"                          # the table's heading: "Seed 42"
    lands = page.locator("#bp-lands li").count()
    assert lands >= 1
    assert press_twice(page, f"bp-lands-{lands - 1}") == "bp-lands"      # the list keeps the focus
    assert page.locator("#bp-lands li").count() == lands - 1
    assert text_of(page, "#pl-undo").startswith("Undo: ")


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
    assert 'line 2: unknown card "Arbor Elff" (did you mean "Arbor Elf"?)' in text_of(page, ".pl-status")


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


def test_a_setup_with_one_creature_says_one_pile_has_one(phone, site_url):
    page = phone
    page.goto(site_url + "balance-of-power/table/")
    page.wait_for_selector("#bp-list")
    type_into(page, "bp-list", "4 Forest\n1 Arbor Elf\n")
    press(page, "bp-deal")
    page.wait_for_selector("#bp-verdict")
    assert "1 of 4 piles has a creature, and the game is lost." in text_of(page, "#bp-verdict")


def test_a_draw_from_an_empty_library_takes_nothing_and_the_game_goes_on(phone, site_url):
    """The document loses the game only when a card must be revealed and the library is empty."""
    page = phone
    page.goto(site_url + "balance-of-power/table/")
    page.wait_for_selector("#bp-list")
    type_into(page, "bp-list", "4 Arbor Elf\n")                          # four piles of one creature, no library
    press(page, "bp-deal")
    page.wait_for_selector("#bp-pile-1-draw")
    assert "Library: 0 cards" in text_of(page, "#bp-library")
    press(page, "bp-pile-1-draw")
    assert "pile 1 draws nothing" in text_of(page, ".pl-status")
    assert page.locator("#bp-verdict").count() == 0 and not page.is_disabled("#bp-pile-1-refill")
    saved = page.evaluate("JSON.parse(localStorage.getItem('coalition-play:balance-of-power')).state")
    assert saved["phase"] == "playing" and saved["table"]["piles"][0] == ["Arbor Elf"]
    press(page, "bp-pile-1-refill")                                      # a refill must reveal: that loses
    assert "You lose" in text_of(page, "#bp-verdict")


def test_the_empty_draw_switch_makes_such_a_draw_lose(phone, site_url):
    """procedure.yml's `empty_draw: lose` (the other reading of the rules, one switch): the table reads it from
    the exported procedure, and a draw from an empty library then loses the game."""
    page = phone

    def switched(route):
        procedure = route.fetch().json()
        assert procedure["empty_draw"] == "nothing"   # the reading the site ships
        route.fulfill(json={**procedure, "empty_draw": "lose"})

    page.route("**/procedure.json", switched)
    page.goto(site_url + "balance-of-power/table/")
    page.wait_for_selector("#bp-list")
    type_into(page, "bp-list", "4 Arbor Elf\n")
    press(page, "bp-deal")
    page.wait_for_selector("#bp-pile-1-draw")
    press(page, "bp-pile-1-draw")
    assert "No card to draw for pile 1: the game is lost." in text_of(page, "#bp-verdict")
    page.unroute("**/procedure.json")
