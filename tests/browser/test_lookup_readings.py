"""Issue 9 on the card lookup page, in headless Chromium over the built sample site (which holds the fixture
cards): a meld result is found and said to be no deck card; a card's type words that make no affiliation are
listed with why. Then the review's lookup items: each format's own words, short legend names in every format,
the watchlist, and the box on a phone."""

from __future__ import annotations

import re
from urllib.parse import quote

import duckdb
import pytest
from playwright.sync_api import expect

from generator.commands.card import read_from
from generator.queries import EvidenceWords
from tests.browser.conftest import settle
from tests.site_testing import built_site
from tests.test_cli import DEPALA_EVIDENCE

pytestmark = pytest.mark.browser


def looked_up(page, site_url: str, name: str) -> str:
    page.goto(site_url + "lookup/?card=" + quote(name))
    settle(page)
    page.locator("#lookup-result h2").wait_for()
    return page.locator("#lookup-result").inner_text()


def test_lookup_says_a_meld_result_is_no_deck_card(page, site_url):
    text = looked_up(page, site_url, "Brisela, Voice of Nightmares")
    assert "Not legal in Coalition" in text
    assert "melded back of two cards" in text
    assert "Bruna, the Fading Light and Gisela, the Broken Blade meld into" in text


def test_lookup_words_a_types_evidence_as_the_cli_does(page, site_url):
    """Review of 2026-11-26 (site, item 5): "rules text" was said once per word read, where `coalition card`
    grouped them (tests/test_cli.py, the same sentence)."""
    text = looked_up(page, site_url, "Depala, Pilot Exemplar")
    assert DEPALA_EVIDENCE.replace("), ", ")\n") in text, text


EVERY_SOURCE_CARD = "Testvale Evidence Keeper"


def test_lookup_and_coalition_card_word_every_source_alike(page, site_url, tmp_path_factory):
    """Which sources have their words quoted was written twice (lookup.js and commands/card.py) and could
    drift unseen: no sample card has an override. Now both read vocabulary.yml (format.json's quoted_evidence,
    the database's evidence_words). A card whose type was read from every source there is, two words each,
    is worded by the lookup as read_from words it from the sample build's database."""
    with duckdb.connect(str(built_site(tmp_path_factory).database), read_only=True) as con:
        evidence = EvidenceWords.of(con)
    rows = [["Goblin", source, word] for source in reversed(list(evidence.names)) for word in ("Goblins", "Goblin")]
    card = {"n": EVERY_SOURCE_CARD, "m": "{R}", "t": "Creature \u2014 Goblin", "g": "creature", "a": rows,
            "l": 1, "r": [], "x": 4}

    def with_the_card(route):
        response = route.fetch()
        index = response.json()
        route.fulfill(response=response, json={**index, "cards": index["cards"] + [card]})

    page.context.route(re.compile(r"^http://127\.0\.0\.1:\d+/data/cards\.json"), with_the_card)
    text = looked_up(page, site_url, EVERY_SOURCE_CARD)
    report = {"affiliation_sources": {"Goblin": list(dict.fromkeys(row[1] for row in rows))},
              "affiliation_evidence": [{"type": t, "source": s, "evidence": w} for t, s, w in rows]}
    said = read_from(report, "Goblin", evidence)
    assert said.count("\u201c") == 2 * len(evidence.quoted) >= 2, said
    assert f"Goblin ({said})" in text, text


def test_lookup_says_what_a_changeling_leader_can_lead_in_one_sentence(page, site_url):
    """Review of 2026-11-26 (site, item 5): it said "It can lead: every type (changeling) (its leader page)"."""
    text = looked_up(page, site_url, "Mistform Ultimus")
    assert "Only as a deck's leader. It can lead every type, as a changeling. More on its leader page." in text, text
    assert ") (" not in text


def test_lookup_says_which_type_a_correction_took_away_and_why(page, site_url):
    """Review of 2026-11-28: Garth One-Eye's Dragon, taken away by data/cards/affiliation_overrides.yml, showed
    nowhere. cards.json's `i` row [type, "override", reason] (tests/test_names_in_text.py) is worded with it."""
    card = {"n": "Testvale Corrected Wizard", "m": "{U}", "t": "Creature \u2014 Human Wizard", "g": "creature",
            "a": [["Human", "type_line", None], ["Wizard", "type_line", None]], "l": 1, "r": [], "x": 4,
            "i": [["Dragon", "override", "Shivan Dragon in its list is another card"]]}

    def with_the_card(route):
        response = route.fetch()
        index = response.json()
        route.fulfill(response=response, json={**index, "cards": index["cards"] + [card]})

    page.context.route(re.compile(r"^http://127\.0\.0\.1:\d+/data/cards\.json"), with_the_card)
    text = looked_up(page, site_url, card["n"])
    assert "Not read as types" in text
    assert "Dragon (taken away by a correction: Shivan Dragon in its list is another card)" in text, text


def test_lookup_lists_the_words_not_read(page, site_url):
    text = looked_up(page, site_url, "Prosper, Tome-Bound")
    assert "Not read as types" in text
    assert "Mystic (an ability or flavor word before a dash" in text


def test_the_lookup_cites_each_formats_own_rule_for_changelings_and_reminder_text(page, site_url):
    """The rule beside "changeling" and beside a reminder text's words is the one the format's data cites
    (format.yml `cites:`), linked to that format's rules page: never another format's number."""
    text = looked_up(page, site_url, "Adorned Pouncer")
    assert "Zombie (reminder text, which never counts (906.4b))" in text
    assert page.locator("#lookup-result .why a", has_text="906.4b").first.get_attribute("href") == "../rules/#906-4b"
    page.goto(site_url + "heroic/lookup/?card=" + quote("Amoeboid Changeling"))
    page.locator("#lookup-result h2").wait_for()
    assert "every creature type: it has changeling (2.3)" in page.locator("#lookup-result").inner_text()
    assert page.locator("#lookup-result a", has_text="2.3").get_attribute("href") == "../rules/#2-3"
    page.goto(site_url + "heroic/lookup/?card=" + quote("Adorned Pouncer"))
    page.locator("#lookup-result h2").wait_for()
    assert "Zombie (reminder text, which never counts (2.1))" in page.locator("#lookup-result").inner_text()


@pytest.mark.parametrize("path, name, labels", [
    ("mazerunner/", "Black Lotus", ["Commander banlist:", "Reserved List:"]),
    # A legendary creature kept out by a ban is not also "Another legendary card": it could lead, were it legal.
    ("", "Barrin, Master Wizard", ["Reserved List:"]),
])
def test_every_reason_a_card_is_not_legal_is_labelled_alike(page, site_url, path, name, labels):
    """Not only a named ban: each reason line starts with its label from data/cards/vocabulary.yml."""
    page.goto(site_url + path + "lookup/?card=" + quote(name))
    page.locator("#lookup-result h2").wait_for()
    lines = page.locator("#lookup-result .reasons li")
    assert [line.inner_text().split(":")[0] + ":" for line in lines.all()] == labels
    assert [label.inner_text() for label in page.locator("#lookup-result .reasons li strong").all()] == labels


def test_heroics_lookup_speaks_heroics_words(page, site_url):
    """Review item 7: the words come from Heroic's format.json (format.yml texts.words, leader.word)."""
    text = looked_up(page, site_url.rstrip("/") + "/heroic/", "Sol Ring")
    assert "It fits every army: all" in text and "shared types and" in text and "heroes." in text
    assert "coalition" not in text.lower() and "leader" not in text.lower()
    text = looked_up(page, site_url.rstrip("/") + "/heroic/", "Krenko, Mob Boss")
    assert "one, as the deck's hero (in the sideboard)" in text and "Only as a deck's hero." in text
    assert "Typal identity" in text and "Affiliations" not in text and "leader" not in text.lower()


@pytest.mark.parametrize("typed, meant", [("thrasios", "Thrasios, Triton Hero"), ("krenko", "Krenko, Mob Boss")])
def test_mazerunners_lookup_opens_a_legend_by_its_short_name(page, site_url, typed, meant):
    """Review item 8: Mazerunner's cards.json marks its legends (`lg`) as the other formats' do."""
    page.goto(site_url + "mazerunner/lookup/?card=" + quote(typed))
    page.locator("#lookup-result h2").wait_for()
    assert page.locator("#lookup-result h2").inner_text().startswith(meant)


def test_a_watched_card_says_so_in_the_lookup(page, site_url):
    """Review item 21: the banlist's watchlist (format.json) in the card's answer."""
    text = looked_up(page, site_url, "Dreadhorde Arcanist")
    assert "On the watchlist: Unbanned and being watched. (banlist)" in text
    assert "watchlist" not in looked_up(page, site_url, "Goblin Guide").lower()


def test_an_exception_says_its_condition_beside_the_verdict(page, site_url):
    """Review 2 item 3: Frankie Peanuts is legal only under the banlist's exception (casual play), which the
    lookup says in the banlist's own words (format.json exceptions), not a bare "Legal only as a leader"."""
    text = looked_up(page, site_url, "Frankie Peanuts")
    assert "Allowed by exception: Silver-bordered, but allowed for casual, non-tournament play. (banlist)" in text
    assert "exception" not in looked_up(page, site_url, "Goblin Guide").lower()


@pytest.mark.parametrize("home", ["", "heroic/", "mazerunner/"])
def test_the_lookup_box_comes_first_and_enter_opens_a_sure_typo(page, site_url, home):
    """Review item 18: the box before the prose, on screen at 390 x 844 without scrolling, a status that follows
    the suggestions, and Enter on a typo the matcher is sure of opens the card, saying so, with the other names
    still offered; alike in every format (one snippet, lookup.md.j2, and one script), which says what it forgives."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + home + "lookup/")
    box = page.locator("#lookup-input")
    expect(box).to_be_enabled()
    place = box.bounding_box()
    assert place["y"] + place["height"] <= 844, place
    first_prose = page.locator("article p", has_text="Type a card's name to see").bounding_box()
    assert first_prose["y"] > place["y"], "the box comes before the prose"
    expect(page.locator("article")).to_contain_text("You need not type the exact name")
    box.fill("lightning blo")
    expect(page.locator("#lookup-suggestions li").first).to_be_visible()
    expect(page.locator("#lookup-result")).to_contain_text("match")
    assert "Start typing" not in page.locator("#lookup-result").inner_text()
    box.fill("lightning blot")
    box.press("Enter")
    expect(page.locator("#lookup-result h2")).to_have_text(re.compile("^Lightning Bolt"), timeout=5000)
    assert "No card is named \u201clightning blot\u201d: this is the nearest name." in page.locator("#lookup-result").inner_text()


def test_a_card_affiliated_with_human_alone_is_said_to_fit_no_deck(page, site_url):
    """Review 17: Human Frailty (its text names Human, never a coalition type) was "Legal in Coalition", up to
    one copy, above a Fits line saying no deck may play it. The lookup, the header's search and "What can I
    build?" now say so alike (cards.js C.fitsNoDeck)."""
    text = looked_up(page, site_url, "Human Frailty")
    assert "Legal, but it fits no Coalition deck" in text and "Legal in Coalition" not in text
    assert "none: it fits no deck" in text and "no deck may play it" in text
    page.locator("input.md-search__input").click()
    page.locator("input.md-search__input").fill("human frailty")
    hit = page.locator(".coalition-search li", has_text="Human Frailty").first
    expect(hit.locator(".verdict")).to_have_text("fits no deck")
    page.goto(site_url + "build/")
    settle(page)
    page.locator("#cb-input").fill("Human Frailty\nLlanowar Elves")
    page.get_by_role("button", name="Find coalition types").click()
    blocked = page.locator(".cb-result .cb-blocked li")
    expect(blocked).to_have_text(re.compile(r"Human Frailty: its only affiliation is Human, which is never a coalition type\."))


@pytest.mark.parametrize("prefix", ["", "heroic/", "mazerunner/"])
def test_the_lookup_has_no_empty_table_of_contents(page, site_url, prefix):
    """Review of 2026-11-28, item 6: the theme's "Table of contents" landmark was there with no entry."""
    page.goto(site_url + prefix + "lookup/")
    settle(page)
    assert page.get_by_role("navigation", name="Table of contents").count() == 0
    page.goto(site_url + prefix + "rules/")                            # a page with headings keeps its own
    assert page.get_by_role("navigation", name="Table of contents").count() >= 1


def leader_word(page, pattern: str, word: str | None) -> None:
    """The format.json `pattern` matches served with its leader's word changed to `word` (None: left out)."""
    def answer(route):
        fmt = route.fetch().json()
        leader = {key: value for key, value in fmt["leader"].items() if key != "word"}
        route.fulfill(json={**fmt, "leader": {**leader, "word": word} if word else leader})

    page.context.route(re.compile(pattern), answer)


def test_the_lookup_says_the_formats_own_leader_word(page, site_url):
    """The verdict (lookup.js), the legend's line (cards.js formatWords) and an identity format's "As …"
    (lookup-identity.js) say format.json's leader.word, a word no format uses and no code spells."""
    leader_word(page, r"127\.0\.0\.1:\d+/(mazerunner/)?data/format\.json(\?.*)?$", "captain")
    text = looked_up(page, site_url, "Krenko, Mob Boss")
    assert "Legal only as a captain" in text and "Only as a deck's captain." in text and "leader" not in text.lower()
    text = looked_up(page, site_url + "mazerunner/", "Krenko, Mob Boss")
    assert "As captain" in text and "As commander" not in text


def test_a_format_json_without_the_leaders_word_is_not_loaded_by_the_lookup(page, site_url):
    """A format.json of another build without leader.word (a cache kept it) is refused as data that could not
    be loaded, rather than answered with a "leader" the format does not say."""
    leader_word(page, r"127\.0\.0\.1:\d+/data/format\.json(\?.*)?$", None)
    page.goto(site_url + "lookup/?card=" + quote("Krenko, Mob Boss"))
    expect(page.locator("#lookup-result")).to_contain_text("could not be loaded (format.json has no leader.word)")
    assert "leader" not in page.locator("#lookup-result").inner_text().replace("leader.word", "")


# The player's card (rules text names a Beast), a card of several types, an unaffiliated card and a changeling.
VERDICT_CARDS = ["Swan Song", "Bestial Menace", "Lightning Bolt", "Avian Changeling"]


@pytest.mark.parametrize("prefix", ["", "heroic/"])
def test_a_legal_cards_verdict_says_which_decks_may_play_it_as_coalition_card_does(page, site_url, prefix,
                                                                                    tmp_path_factory, capsys):
    """Review of 2026-11-28 (lookup, item 1): Beast Within was a green "Legal in Coalition", its type only
    further down, and a player put it in an Elf deck. The verdict now says where it fits, in the format's
    group words, as `coalition card`'s Legality line says it (fits_where, the twin of lookup-card.js fitsWhere)."""
    from generator.cli import main

    database = str(built_site(tmp_path_factory).database)
    fmt = ["--format", prefix.rstrip("/")] if prefix else []
    main(["card", *VERDICT_CARDS, "--db", database, *fmt])
    said = [line.split("legal: ", 1)[1] for line in capsys.readouterr().out.splitlines() if line.startswith("Legality")]
    name, group = ("Heroic", "army") if prefix else ("Coalition", "coalition")
    assert said[2:] == [f"in every {group}"] * 2, said
    assert said[0].endswith(f"{'armies' if prefix else 'coalitions'} only") and "Bird" in said[0], said
    for card, where in zip(VERDICT_CARDS, said):
        page.goto(site_url + prefix + "lookup/?card=" + quote(card))
        verdict = page.locator("#lookup-result .verdict")
        expect(verdict).to_have_text(f"Legal in {name}: {where}")


@pytest.mark.parametrize("home", ["", "heroic/", "mazerunner/"])
def test_the_lookups_help_is_collapsed_under_one_line_and_opens_by_keyboard(page, site_url, home):
    """Review of 2026-11-28 (lookup, item 2): fifteen lines on typos, EDHREC rank and short names came before
    anything useful on a phone. One line says what the lookup answers; "How names are found" is collapsed
    (the look of "For maintainers": macros.j2 collapsed_help), on screen at 390 x 844, and opens by keyboard."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + home + "lookup/")
    expect(page.locator("#lookup-input")).to_be_enabled()
    details = page.locator("details.lookup-help")
    help_text = details.locator("p", has_text="You need not type the exact name")
    expect(details).to_have_count(1)
    assert details.get_attribute("open") is None
    expect(help_text).to_be_hidden()
    line = page.locator("article p", has_text="Type a card's name to see").bounding_box()
    summary = details.locator("summary")
    expect(summary).to_have_text("How names are found")
    assert line["y"] < summary.bounding_box()["y"] and summary.bounding_box()["y"] + 20 <= 844
    page.locator("#lookup-input").focus()
    for _ in range(8):                          # from the box, by Tab, past the line's links
        if summary.evaluate("node => node === document.activeElement"):
            break
        page.keyboard.press("Tab")
    assert summary.evaluate("node => node === document.activeElement")
    page.keyboard.press("Enter")
    expect(help_text).to_be_visible()
    assert details.get_attribute("open") is not None
