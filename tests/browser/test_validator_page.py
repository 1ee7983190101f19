"""The deck validator page in headless Chromium, on the data the build exports (the "what can I build?" page,
which shares its site and fixtures, is tests/browser/test_build_page.py):
every shared decklist case of tests/decks/expected.yml gives the very verdict `coalition validate` gives,
names stay text, rule links point at the rules page, and nothing pasted leaves the page.

The pages are docs/validator.md and docs/build.md rendered with Python-Markdown into a bare HTML shell (the
theme is not under test here) beside the exported data/ and the scripts of docs/assets/ (tests/browser/deck_site.py). The browser is the
session's Debian Chromium of tests/browser/conftest.py."""

from __future__ import annotations

import functools
import re
import pytest

from generator.decklist import parse
from generator.deckrules import check, deck_text
from tests.browser.conftest import settle, wait_for_answer
from tests.browser.deck_site import ROOT, format_prefix, load_facts, outside, site  # noqa: F401 (site: the fixture)
from tests.deck_helpers import DECKS_DIR, assert_case, case_text, load_cases

pytestmark = [pytest.mark.browser, pytest.mark.fullscale]

CASES = load_cases()
FIVE_MB = "4 Goblin Guide\n" * (5 * 1024 * 1024 // 15)


@pytest.fixture(scope="module")
def facts(site):
    return load_facts(site)


@pytest.fixture(scope="module")
def facts_of(site):
    """Facts per format, each loaded once."""
    return functools.lru_cache(maxsize=None)(lambda fmt: load_facts(site, fmt))


@pytest.fixture()
def page(tabs, site, request):
    """A page handed on from the test before, cleared (tests/browser/tabs.py), that may reach only the test
    server; every request and every dialog is recorded."""
    opened = tabs.take()
    opened.requests, opened.dialogs = [], []
    opened.on("request", lambda request: opened.requests.append((request.method, request.url)))
    opened.on("dialog", lambda dialog: (opened.dialogs.append(dialog.message), dialog.dismiss()))
    opened.route(outside(site), lambda route: route.abort())
    yield opened
    tabs.give_back(opened, getattr(request.node, "browser_test_failed", False))


def answered(page, box: str = "#coalition-validator") -> None:
    """The box has given its answer (its first one reads the card data: megabytes, slow on a loaded machine)."""
    wait_for_answer(page, f"document.querySelector('{box}').dataset.state === 'done'")


def open_page(page, site, name: str, fmt: str | None = None) -> None:
    page.goto(site["url"] + format_prefix(fmt) + f"{name}/")
    box = "#coalition-validator" if name == "validator" else "#coalition-build"
    page.wait_for_selector(f'{box}[data-state="ready"]')


def set_identity(page, identity: str, variant: str) -> None:
    """An identity format's identity box and variant choice (the shared page here has the type box only, so
    they are added to its form when missing; tests/browser/test_mazerunner_pages.py uses the real page)."""
    page.evaluate("""([identity, variant]) => {
      [["cv-identity", identity], ["cv-variant", variant]].forEach(([id, value]) => {
        let box = document.getElementById(id);
        if (!box) { box = document.createElement("input"); box.id = id; box.hidden = true;
                    document.querySelector("#coalition-validator form").appendChild(box); }
        box.value = value;
      });
    }""", [identity, variant])


def validate(page, text: str, declared: str = "", via_value: bool = False, identity: str = "", variant: str = "") -> dict:
    """Paste (or, for megabytes, set) the list, press the button, wait for the verdict."""
    if identity or variant or page.query_selector("#cv-identity"):
        set_identity(page, identity, variant)
    if via_value:
        page.evaluate("text => { document.getElementById('cv-input').value = text; }", text)
    else:
        page.fill("#cv-input", text)
    page.fill("#cv-type", declared)
    page.click("#coalition-validator button[type=submit]")
    answered(page)
    return page.evaluate("() => window.Coalition.lastResult")


@pytest.fixture(scope="module")
def shared_pages(browser, site):
    """One page per format for all the shared cases (a fresh page per case would reload 5 MB of card data
    each time)."""
    context = browser.new_context()
    context.route(outside(site), lambda route: route.abort())
    pages: dict = {}

    def page_for(fmt: str | None):
        if fmt not in pages:
            pages[fmt] = context.new_page()
            open_page(pages[fmt], site, "validator", fmt)
        pages[fmt].bring_to_front()   # the other formats' pages would keep it from drawing (tests/browser/tabs.py)
        return pages[fmt]

    yield page_for
    context.close()


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_shared_case_same_verdict_as_the_command_line(shared_pages, facts_of, case):
    text = case_text(case)
    result = validate(shared_pages(case.get("format")), text, case.get("type", ""),
                      identity=case.get("identity", ""), variant=case.get("variant", ""))
    assert_case(case, result)
    expected = check(parse(text), facts_of(case.get("format")), case.get("type"),
                     identity=case.get("identity"), variant=case.get("variant"))
    assert result == expected, "the page and `coalition validate` disagree"


def test_violations_link_their_rules(page, site):
    open_page(page, site, "validator")
    result = validate(page, case_text({"file": "copy-limits.txt"}))
    items = page.locator(".cv-violations li")
    assert items.count() == len(result["violations"]) == 4
    for n in range(items.count()):
        rule = items.nth(n).get_attribute("data-rule")
        link = items.nth(n).locator("a.cv-rule")
        assert link.text_content() == rule
        assert link.evaluate("a => a.href") == site["url"] + "rules/#" + rule.replace(".", "-")
    assert page.locator(".cv-verdict").text_content() == "Not legal"
    flagged = page.locator(".cv-deck li.cv-flag").all_text_contents()
    assert any("Goblin Guide" in text and "906.5b" in text for text in flagged)


def test_types_that_cut_the_same_cards_are_one_row(page, site):
    """A changeling leader against two tribes: three rows (the 326 types that cut both cards folded after the
    first eight), not 330 rows saying the same."""
    open_page(page, site, "validator")
    validate(page, case_text({"file": "changeling-leader-two-tribes.txt"}))
    rows = page.locator(".cv-options tbody tr")
    assert rows.count() == 3
    assert [rows.nth(n).locator("td").nth(0).text_content() for n in range(2)] == ["Druid, Elf", "Goblin, Scout"]
    assert rows.nth(2).locator("td").nth(1).text_content() == "8"
    folded = rows.nth(2).locator("details")
    assert folded.locator("summary").text_content() == "and 318 more"
    assert not folded.evaluate("d => d.open")
    assert rows.nth(2).locator("td").nth(2).text_content() == "Goblin Guide; Llanowar Elves"


def test_names_are_text_never_markup(page, site):
    open_page(page, site, "validator")
    validate(page, case_text({"file": "bad-lines.txt"}))
    result_box = page.locator(".cv-result")
    assert result_box.locator("script, img, svg").count() == 0
    assert "<script>alert(1)</script>" in result_box.locator(".cv-unknown").text_content()
    validate(page, '4 "><img src=x onerror=alert(1)>\n4 <b>bold</b>\n')
    assert result_box.locator("img, b").count() == 0 and page.dialogs == []


def test_grouped_deck_with_images_on_hover(page, site):
    open_page(page, site, "validator")
    validate(page, case_text({"file": "legal-goblins-moxfield.txt"}))
    assert page.locator(".cv-verdict").text_content() == "Legal"
    headings = page.locator(".cv-deck h3").all_text_contents()
    assert headings == ["Leader (1)", "Main deck (60)", "Sideboard (14)"]
    assert "Lands (18)" in page.locator(".cv-deck h4").all_text_contents()
    link = page.locator(".cv-deck a.cv-card", has_text="Goblin Guide").first
    assert link.get_attribute("data-img").startswith("https://")
    assert link.get_attribute("href").startswith("https://scryfall.com/")
    if (ROOT / "docs" / "assets" / "js" / "preview.js").exists():
        link.scroll_into_view_if_needed()
        settle(page)        # preview.js hides the image on scroll: the frames that bring the scroll events first
        link.hover()
        page.wait_for_selector("#card-preview:not([hidden])", timeout=3000)


@pytest.mark.parametrize("style", ["arena", "mtgo"])
def test_copy_back_as_arena_or_mtgo(page, site, facts, style):
    open_page(page, site, "validator")
    text = case_text({"file": "plain-and-comments.txt"})
    validate(page, text)
    page.click(f'.cv-copy[data-style="{style}"]')
    copied = page.locator(".cv-export-text").input_value()
    assert copied == deck_text(check(parse(text), facts), style)
    assert validate(page, copied)["legal"] is True


def test_the_summary_counts_the_cards_it_could_not_list(page, site):
    # The counts are the list's lines; the deck shown below holds only the cards that were recognised.
    open_page(page, site, "validator")
    result = validate(page, case_text({"file": "bad-lines.txt"}))
    unknown = sum(u.get("count", 1) for u in result["unknown_cards"])
    assert unknown >= 1
    summary = page.locator(".cv-summary").inner_text()
    # Review: "(counted, not listed below)" stood above the list of unknown cards that names them.
    assert f"{unknown} card" in summary and "not recognised (counted, listed under Unknown cards)" in summary
    assert page.locator(".cv-unknown h3").inner_text() == "Unknown cards"


def test_a_file_is_read_in_the_page(page, site):
    open_page(page, site, "validator")
    page.set_input_files("#cv-file", str(DECKS_DIR / "legal-goblins-arena.txt"))
    answered(page)
    assert page.evaluate("() => window.Coalition.lastResult.legal") is True


def test_nothing_pasted_leaves_the_page(page, site):
    open_page(page, site, "validator")
    validate(page, case_text({"file": "legal-goblins-moxfield.txt"}) + "1 SecretTechCard\n")
    page.locator(".cv-deck a.cv-card").first.hover()
    assert all(method == "GET" for method, _ in page.requests)
    assert not any("SecretTechCard" in url or "Goblin" in url for _, url in page.requests)
    local = [url for _, url in page.requests if url.startswith(site["url"])]
    assert all(re.search(r"/(validator/|assets/|data/(format|cards)\.json)", url) for url in local), local


# --- hostile input on the page --------------------------------------------------------------------------

def test_five_megabytes(page, site):
    open_page(page, site, "validator")
    # Made inside the page: sending 5 MB through the driver costs more than the check being tested.
    page.evaluate("n => { document.getElementById('cv-input').value = '4 Goblin Guide\\n'.repeat(n); }",
                  len(FIVE_MB) // 15)
    settle(page)   # the box lays out its 5 MB first (slow on a loaded machine): the click waits for the page, not 30 s
    page.click("#coalition-validator button[type=submit]")
    answered(page)
    result = page.evaluate("() => window.Coalition.lastResult")
    assert result["error"].startswith(f"The list is {len(FIVE_MB)} characters long")
    assert page.locator(".cv-error").text_content() == result["error"]


def test_binary_garbage(page, site):
    open_page(page, site, "validator")
    page.evaluate("""() => {
        let s = ''; for (let i = 0; i < 20000; i++) s += String.fromCharCode((i * 7919) % 65536);
        document.getElementById('cv-input').value = s; }""")
    page.click("#coalition-validator button[type=submit]")
    answered(page)
    assert page.evaluate("() => window.Coalition.lastResult.error").startswith("The input holds NUL bytes")
    result = validate(page, "\x01\x02\ufffd garbage \x7f\n" * 50)
    assert result["error"] and len(result["line_errors"]) == 50
    assert page.locator(".cv-line-errors li").count() == 50


def test_a_thousand_lines(page, site):
    open_page(page, site, "validator")
    result = validate(page, "".join(f"1 Unknown Card Number {n}\n" for n in range(1000)), via_value=True)
    assert len(result["unknown_cards"]) == 1000
    assert page.locator(".cv-unknown li").count() == 101          # 100 shown, then "… and 900 more"
    assert page.locator(".cv-unknown li.cv-more").text_content() == "… and 900 more unknown names."


def test_negative_and_huge_counts(page, site):
    open_page(page, site, "validator")
    result = validate(page, "-4 Mountain\n99999999999999999999999 Mountain\n9999 Mountain\n")
    assert [e["message"] for e in result["line_errors"]] == [
        "a count cannot be negative", "the count 999999999999… is too large (at most 9999)"]
    assert result["counts"]["main"] == 9999


def test_each_sideboard_legend_shown_as_the_leader(page, site):
    open_page(page, site, "validator")
    result = validate(page, case_text({"file": "two-legends-elves.txt"}))
    assert result["suggested_leader"] == "Ezuri, Renegade Leader"
    items = page.locator(".cv-candidates li")
    assert items.count() == 2
    assert items.nth(0).text_content() == "Ezuri, Renegade Leader: Elf (keep this one)"
    assert items.nth(1).text_content() == "Thrun, the Last Troll: no coalition type works (closest: Shaman, cut 42 copies of 11 cards)"


@pytest.mark.parametrize("name", ["validator", "build"])
def test_the_list_and_its_answer_survive_a_reload_and_clearing_it_can_be_undone(page, site, name):
    """Review of 2026-11-26, item 5: a player who switched apps came back to an empty page. The pasted list and
    its answer are kept in this browser (as the trackers keep theirs); "Clear the list" is one undoable step."""
    box, field = ("#coalition-validator", "#cv-input") if name == "validator" else ("#coalition-build", "#cb-input")
    result = ".cv-result" if name == "validator" else ".cb-result"
    text = "4 Goblin Guide\n4 Goblin Bushwhacker\n"
    open_page(page, site, name)
    page.fill(field, text)
    page.click(f"{box} button[type=submit]")
    answered(page, box)
    answer = page.inner_text(result)
    page.reload()
    answered(page, box)
    assert page.input_value(field) == text and page.inner_text(result) == answer
    page.click(f"{box} .cv-clear")
    assert page.input_value(field) == "" and not page.is_visible(result)
    assert page.inner_text(f"{box} .cv-undo") == "Undo: clear the list"
    page.reload()
    page.wait_for_selector(f'{box}[data-state="ready"]')
    assert page.input_value(field) == ""
    page.click(f"{box} .cv-undo")
    answered(page, box)
    assert page.input_value(field) == text and page.inner_text(result) == answer
    assert not page.is_visible(f"{box} .cv-undo")
    # Review of the validator: the status line was blank after the undo (the check's own status wiped it).
    said = "Undone: clear the list" + (". Not legal." if name == "validator" else "")
    page.wait_for_function(f"() => document.querySelector('{box} .cv-status').textContent === {said!r}")


@pytest.mark.parametrize("style", ["arena", "mtgo"])
@pytest.mark.parametrize("name, fmt", [("legal-goblins-mtgo.txt", None), ("mazerunner/legal-izzet-arena.txt", "mazerunner"),
                                       ("mazerunner/mtgo-commander-only.txt", "mazerunner")])
def test_copied_text_reads_back_to_the_same_verdict(page, site, name, fmt, style):
    """Review of the Mazerunner validator: "Copy for MTGO" pasted back said "Commander: none". Each copy the
    page offers, checked again on the page, gives the same verdict, commander and counts."""
    open_page(page, site, "validator", fmt)
    before = validate(page, case_text({"file": name}))
    page.click(f'.cv-copy[data-style="{style}"]')
    again = validate(page, page.locator(".cv-export-text").input_value())
    keys = ("legal", "leader", "violations", "counts")
    assert {k: again[k] for k in keys} == {k: before[k] for k in keys}
    assert before["legal"] is True


@pytest.mark.parametrize("style", ["arena", "mtgo"])
def test_a_leader_in_the_main_deck_is_copied_once_where_it_is(page, site, facts, style):
    """Review of the validator: a leader left in the main deck (not legal) was copied twice, in the main deck
    and again at the head of the sideboard, so the list pasted back had one sideboard card more. The copy is
    the list as the player wrote it; the page shows that leader in the main deck, not apart."""
    open_page(page, site, "validator")
    text = case_text({"file": "leader-in-main.txt"})
    before = validate(page, text)
    assert page.locator(".cv-deck h3").all_text_contents() == ["Main deck (60)", "Sideboard (14)"]
    page.click(f'.cv-copy[data-style="{style}"]')
    copied = page.locator(".cv-export-text").input_value()
    assert copied == deck_text(check(parse(text), facts), style)
    main, side = copied.split("\nSideboard\n" if style == "arena" else "\n\n")
    assert "1 Krenko, Mob Boss" in main.splitlines() and "Krenko, Mob Boss" not in side, copied
    again = validate(page, copied)
    assert again["counts"] == before["counts"] == {"main": 60, "side": 14}
    assert again["leader"] == before["leader"] == "Krenko, Mob Boss"


def test_a_dek_file_is_read_from_the_file_picker(page, site):
    """Review of the validator: an MTGO .dek (XML) said "No card lines found"; its cards and sideboard are read."""
    open_page(page, site, "validator")
    page.set_input_files("#cv-file", str(DECKS_DIR / "legal-goblins.dek"))
    answered(page)
    result = page.evaluate("() => window.Coalition.lastResult")
    assert result["legal"] and result["leader"] == "Krenko, Mob Boss"
    assert result["counts"] == {"main": 60, "side": 15}


@pytest.mark.parametrize("name, fmt", [("validator", None), ("validator", "heroic"), ("validator", "mazerunner"), ("build", None)])
def test_the_answer_is_said_in_the_live_region_there_since_load(page, site, name, fmt):
    """Review of 2026-11-28, item 2: the status went "Checking…" then blank, and the verdict went into a live
    region hidden since load. The status line, there and empty from load, says the answer in a sentence."""
    box, field = ("#coalition-validator", "#cv-input") if name == "validator" else ("#coalition-build", "#cb-input")
    open_page(page, site, name, fmt)
    live = page.eval_on_selector_all(f"{box} [aria-live], {box} [role=status]",
                                     "els => els.map(e => [e.className, e.hidden, getComputedStyle(e).display, e.textContent])")
    assert live == [["cv-status", False, "block", ""]]
    page.fill(field, "4 Goblin Guide\n4 Goblin Bushwhacker\n")
    page.click(f"{box} button[type=submit]")
    answered(page, box)
    heading = page.inner_text(f"{box} .cv-verdict, {box} .cb-verdict")
    said = page.inner_text(f"{box} .cv-status")
    assert said.startswith(heading) and said != heading
    if name == "validator" and heading == "Not legal":
        broken = page.evaluate("window.Coalition.lastResult.violations.length")
        assert said == f"Not legal: {broken} problem{'s' if broken != 1 else ''}, listed below."
