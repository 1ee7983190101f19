"""Every kind of page meets WCAG AA contrast in the light and the dark scheme (axe-core's color-contrast rule,
through axe-playwright-python), on the built sample site in headless Chromium: at rest, and with every link
hovered or focused. Apart from tests/browser/
test_finding.py (issue 14), whose pages these are, so that xdist's loadfile can run it on the other worker."""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from tests.browser.test_site_browser import open_page

pytestmark = pytest.mark.browser

CONTRAST_PAGES = ["", "rules/", "leaders/", "leaders/grumblebeard-goblin-tactician/", "types/", "types/goblin/",
                  "types/goblin/?view=grid", "unaffiliated/", "lookup/?card=Lightning%20Bolt", "validator/", "build/",
                  "dashboard/", "changes/", "banlist/",
                  "heroic/"]   # heroic/: the bar of its section's pages, the current one marked


# axe's contrast rule costs time per text node, and a pool page holds thousands of rows drawn from the same few
# kinds of element. Before axe runs, any element of the body with more than KEEP children keeps its first KEEP
# and, among the rest, each child that holds a kind of element (tag, classes, inline style) none of the kept ones
# holds: every colour pairing the page can show is still checked, at least once. Only the body's: in the head,
# the stylesheets past the first few were taken out as repeats, and axe read colours of a page without them
# (the theme's links fell back to the browser's blue).
KEEP = 8
TRIM_REPEATS = """(keep) => {
  const kind = e => e.tagName + '.' + (e.getAttribute('class') || '') + '.' + (e.getAttribute('style') || '');
  let removed = 0;
  for (const parent of [document.body, ...document.body.querySelectorAll('*')]) {
    if (parent.childElementCount <= keep) continue;
    const seen = new Set();
    [...parent.children].forEach((child, i) => {
      const kinds = [child, ...child.querySelectorAll('*')].map(kind);
      if (i < keep || kinds.some(k => !seen.has(k))) { kinds.forEach(k => seen.add(k)); return; }
      child.remove(); removed += 1;
    });
  }
  return removed;
}"""


# Only the violations are read: resultTypes keeps axe from describing every node that passed (a selector and an
# HTML snippet each, sent back to Python), which the test never reads. It is axe-playwright-python's own default,
# lost when runOnly replaced its options. Every node is still checked.
AXE_OPTIONS = {"runOnly": {"type": "rule", "values": ["color-contrast"]}, "resultTypes": ["violations"]}


def axe_violations(page, options: dict = AXE_OPTIONS) -> list:
    """axe's violations (of `options`' rules: color contrast unless told) on the page as it is now. axe-core
    (572 KB) goes into a page once per load and is run again for each of its passes (at rest, hovered,
    focused): axe-playwright-python's Axe().run sent and compiled it on every call, 22 times a scheme for 14
    loads."""
    from axe_playwright_python.base import AXE_SCRIPT

    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE_SCRIPT)
    response = page.evaluate("options => axe.run(options)", options)
    return [(node["target"], node["any"][0]["message"] if node["any"] else "")
            for violation in response["violations"] for node in violation["nodes"]]


def open_in_scheme(page, site_url: str, path: str, scheme: str) -> None:
    open_page(page, site_url, path)
    assert page.locator("body").get_attribute("data-md-color-scheme") == ("slate" if scheme == "dark" else "default")


def ready_for_contrast(page) -> None:
    """Every row of the page drawn and the repeats trimmed (TRIM_REPEATS)."""
    # Big tables are drawn only near the screen (content-visibility): axe reads colours from what is drawn, so
    # every row is drawn for it, as it will be once scrolled to;
    # and axe reads the colours an element settles on, not a frame of its transition (a focused skip link
    # fades in over 250 ms: read halfway, 3.62:1).
    page.add_style_tag(content=".paged, .paged tbody tr { content-visibility: visible !important; } "
                               "*, *::before, *::after { transition: none !important; animation: none !important; }")
    page.evaluate(TRIM_REPEATS, KEEP)


@contextmanager
def page_in_scheme(browser, scheme: str):
    """A desktop page of its own context in the light or dark scheme, closed afterwards."""
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1366, "height": 900})
    try:
        yield context.new_page()
    finally:
        context.close()


# The pages whose links differ in kind: the home page's text links and figures (on grey), the navigation and the
# table of contents beside the rules, a type page's tables, the lookup's answer.
LINK_PAGES = ["", "rules/", "types/goblin/", "lookup/?card=Lightning%20Bolt"]
LINKS = "a[href], label.md-nav__link"
AT_REST, LINK_STATES = [], (["hover"], ["focus", "focus-visible"])


@pytest.fixture(scope="module", params=["light", "dark"])
def contrast_found(request, browser, site_url) -> dict[str, list]:
    """axe's violations in one scheme: "at rest" on every page of CONTRAST_PAGES, "links" on LINK_PAGES with every
    link hovered, then focused, and "chrome" (CHROME_RULES) on CHROME_PAGES as loaded, before the rows are drawn
    and the repeats trimmed for the contrast passes. A page of several lists is loaded once for all its passes
    (it was loaded by each test: 8 loads of 36, then the chrome's 4 of 19)."""
    scheme = request.param
    with page_in_scheme(browser, scheme) as page:
        found = {"at rest": [], "links": [], "chrome": []}
        for path in CONTRAST_PAGES:
            open_in_scheme(page, site_url, path, scheme)
            if path in CHROME_PAGES:
                found["chrome"] += [(path, *violation) for violation in axe_violations(page, CHROME_OPTIONS)]
            forced = (AT_REST, *LINK_STATES) if path in LINK_PAGES else (AT_REST,)
            for states, violation in violations_on(page, path, forced):
                found["links" if states else "at rest"].append(violation)
    assert set(LINK_PAGES) <= set(CONTRAST_PAGES) and set(CHROME_PAGES) <= set(CONTRAST_PAGES)
    return found


def test_every_page_type_meets_aa_contrast_in_both_schemes(contrast_found):
    found = contrast_found["at rest"]
    assert found == [], found[:10]


def violations_on(page, path: str, forced: tuple[list[str], ...]) -> list:
    """axe's violations on the page at `path`, made ready for contrast, once per set of pseudo-classes `forced`
    on every link ([]: at rest), each as (the states, (path, first state, target, message))."""
    found = []
    ready_for_contrast(page)
    for states in forced:
        session = force_state(page, LINKS, states) if states else None
        found += [(states, (path, *states[:1], *violation)) for violation in axe_violations(page)]
        if session:
            session.detach()
    return found


def force_state(page, selector: str, states: list[str]):
    """Hold every element matching `selector` in the pseudo-classes `states` (hover, focus...), all at once, as
    the browser's developer tools do: axe then reads each link's colours in that state. Returns the session; the
    state holds until it is detached."""
    session = page.context.new_cdp_session(page)
    session.send("DOM.enable")
    session.send("CSS.enable")
    document = session.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    for node in session.send("DOM.querySelectorAll", {"nodeId": document, "selector": selector})["nodeIds"]:
        session.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": states})
    return session


def test_hovered_and_focused_links_meet_aa_contrast_in_both_schemes(contrast_found):
    """The theme turned a hovered or focused link its amber accent: 1.91:1 on the white page (1.75:1 on grey)."""
    found = contrast_found["links"]
    assert found == [], found[:10]


# A list with an unknown name (its "did you mean" buttons) and a card over its copy limit (its row flagged ⚠).
TYPO_DECK = "1 Goblin Bombardmint\n9 Goblin Arsonist\n"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_validators_answer_meets_aa_contrast_in_both_schemes(browser, site_url, scheme):
    """Review of 2026-11-26, item 6: the suggestions (amber on white, 1.91:1), the ⚠ rule flags in the dark scheme
    (2.37:1) and the Copy buttons in the dark scheme (3.06:1) appear only once a list has been checked."""
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1366, "height": 900})
    try:
        page = open_page(context.new_page(), site_url, "validator/")
        page.fill("#cv-input", TYPO_DECK)
        page.click("#coalition-validator button[type=submit]")
        page.wait_for_selector('#coalition-validator[data-state="done"]', timeout=30_000)
        for part in (".cv-suggestion", ".cv-flag-rules", ".cv-copy"):
            assert page.locator(part).count() > 0, part
        assert axe_violations(page) == []
    finally:
        context.close()


# The ring of the focused element against the element's own background and the colour behind it (WCAG 1.4.11).
RING = """() => {
  const e = document.activeElement, look = getComputedStyle(e);
  const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
                                   .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
  const fill = el => { for (; el; el = el.parentElement) { const c = rgb(getComputedStyle(el).backgroundColor);
                       if (c.length === 3 || c[3] > 0) return c.slice(0, 3); } return [255, 255, 255]; };
  const ring = rgb(look.outlineColor);
  return {style: look.outlineStyle, width: parseFloat(look.outlineWidth),
          own: ratio(ring, fill(e)), behind: ratio(ring, fill(e.parentElement)), colour: look.outlineColor};
}"""
# Each page with the elements focused on it, one load a page (the validator's three once its answer is drawn).
FOCUSED = {"play/heroic/": ["#pl-count-3"], "validator/": ["#cv-input", ".cv-suggestion", "button[type=submit]"],
           "types/goblin/": ["article a[href]"]}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_focus_ring_shows_at_three_to_one_in_both_schemes(browser, site_url, scheme):
    """Review of 2026-11-26, item 6: the amber ring was 1.91:1 on the white page and 2.75:1 on the purple buttons."""
    context = browser.new_context(color_scheme=scheme, viewport={"width": 390, "height": 844})
    found = []
    try:
        page = context.new_page()
        for path, selectors in FOCUSED.items():
            open_page(page, site_url, path)
            if path == "validator/":
                page.fill("#cv-input", TYPO_DECK)
                page.click("#coalition-validator button[type=submit]")
                page.wait_for_selector('#coalition-validator[data-state="done"]', timeout=30_000)
            found += focus_rings_too_faint(page, path, selectors)
    finally:
        context.close()
    assert found == []


def focus_rings_too_faint(page, path: str, selectors: list[str]) -> list:
    """Each element focused by keyboard in turn: its ring when it is missing, under 2 px or under 3:1."""
    found = []
    for selector in selectors:
        page.wait_for_selector(selector)
        page.focus(selector)                      # then by keyboard, so the browser shows the ring
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        ring = page.evaluate(RING)
        if ring["style"] == "none" or ring["width"] < 2 or min(ring["own"], ring["behind"]) < 3:
            found.append((path, selector, ring))
    return found


# Each colour of the dashboard's key and bars against the page behind it (WCAG 1.4.11: 3:1 for a graphic): a
# swatch or a bar segment shows by its outline when it has one, else by its own fill (or, as a glyph, its text).
COLOUR_EDGES = """() => {
  const rgba = c => { const v = (c.match(/[\\d.]+/g) || []).map(Number); return v.length === 3 ? [...v, 1] : v; };
  const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3]));
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
                                   .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
  const behind = el => { for (; el; el = el.parentElement) { const c = rgba(getComputedStyle(el).backgroundColor);
                         if (c[3] > 0) return c.slice(0, 3); } return [255, 255, 255]; };
  const edge = el => {
    const look = getComputedStyle(el);
    if (el instanceof SVGElement) return look.stroke !== 'none' && parseFloat(look.strokeWidth) >= 1 ? look.stroke : look.fill;
    if (look.borderTopStyle !== 'none' && parseFloat(look.borderTopWidth) >= 1) return look.borderTopColor;
    return rgba(look.backgroundColor)[3] > 0 ? look.backgroundColor : look.color;
  };
  const key = [...document.querySelectorAll('p:has(+ #dashboard-types) span')];
  const bars = [...document.querySelectorAll('#dashboard-types td svg rect')];
  const fills = new Set(bars.map(r => r.getAttribute('fill')));
  return {key: key.length, fills: [...fills].sort(),
          weak: [...key, ...bars].map(el => { const page = behind(el.parentElement);
                                             return [el.getAttribute('fill') || el.getAttribute('style'),
                                                     ratio(over(rgba(edge(el)), page), page)]; })
                                 .filter(([, r]) => r < 3)
                                 .filter((item, i, all) => all.findIndex(other => other[0] === item[0]) === i)};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_dashboards_colours_show_at_three_to_one_in_both_schemes(browser, site_url, scheme):
    """Review of 2026-11-26 (site, item 2): White (#e8dfb0, 1.35:1), Colorless (2.35:1) and Multicolor (2.42:1)
    on the light page, Black (#4a4048, 1.62:1) on the dark one, in the colour key and the bars."""
    with page_in_scheme(browser, scheme) as page:
        open_page(page, site_url, "dashboard/")
        found = page.evaluate(COLOUR_EDGES)
    assert found["key"] == 7 and len(found["fills"]) == 7, found
    assert found["weak"] == [], found["weak"]


# Each team's end label (bold 14 px text: 4.5:1) and line (a graphic: 3:1) of the season chart against the page.
CHART_COLOURS = """() => {
  const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number).slice(0, 3);
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
                                   .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
  const chart = document.querySelector("svg.league-chart");
  let page = [255, 255, 255];
  for (let el = chart; el; el = el.parentElement) {
    const c = getComputedStyle(el).backgroundColor, v = (c.match(/[\\d.]+/g) || []).map(Number);
    if (v.length === 3 || v[3] > 0) { page = v.slice(0, 3); break; }
  }
  return {page,
          labels: [...chart.querySelectorAll("text.label")].map(t => [t.textContent, ratio(rgb(getComputedStyle(t).fill), page)]),
          lines: [...chart.querySelectorAll("polyline")].map(l => ratio(rgb(getComputedStyle(l).stroke), page))};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_season_charts_labels_and_lines_meet_aa_in_both_schemes(browser, site_url, scheme):
    """Review of the table pages (item 2): in the dark scheme the labels measured 2.80:1 (Boros), 2.86:1
    (Azorius), 3.14:1 (Rakdos) and 2.29:1 (Simic) on its page, and the lines were as dim."""
    with page_in_scheme(browser, scheme) as page:
        open_page(page, site_url, "mazerunner/leagues/sample-season/")
        found = page.evaluate(CHART_COLOURS)
    assert len(found["labels"]) >= 4 and len(found["lines"]) == len(found["labels"]), found
    assert [label for label in found["labels"] if label[1] < 4.5] == [], found
    assert min(found["lines"]) >= 3, found


# The review of the theme's chrome and our running text (axe on every page): the search dialog had no name, the
# page-loading bar no name and no landmark around it, the search results' empty scrolling box no way in by
# keyboard, and links in hint lines and the home page's date line stood apart from their words by colour alone.
CHROME_RULES = ["aria-dialog-name", "aria-progressbar-name", "region", "scrollable-region-focusable",
                "link-in-text-block"]
CHROME_OPTIONS = {"runOnly": {"type": "rule", "values": CHROME_RULES}, "resultTypes": ["violations"]}
CHROME_PAGES = ["", "leaders/grumblebeard-goblin-tactician/", "types/goblin/", "lookup/?card=Lightning%20Bolt"]


def test_the_chrome_and_running_text_pass_axe_on_every_page_kind(contrast_found):
    """In both schemes (contrast_found's), on each page as loaded."""
    found = contrast_found["chrome"]
    assert found == [], "\n".join(map(str, found))


# The trackers at 390 px with one player out of the game: Heroic's who lost, Coalition's who conceded.
TRACKERS_WITH_ONE_OUT = {"play/heroic/": "pl-p1-lose", "play/coalition/": "pl-p3-concede"}


def tracker_violations(browser, site_url: str, scheme: str, rules: list[str], out: bool) -> list:
    """axe's violations of `rules` on each tracker's players at 390 px in `scheme`, one player out when `out`."""
    from tests.browser.play_helpers import press, start_tracker

    context = browser.new_context(color_scheme=scheme, viewport={"width": 390, "height": 844})
    found = []
    try:
        page = context.new_page()
        for path, leaves in TRACKERS_WITH_ONE_OUT.items():
            start_tracker(page, site_url, path, ["Ann", "Ben", "Cat", "Dee"])
            if out:
                press(page, leaves)
            assert page.locator(".pl-player--out").count() == (1 if out else 0), path
            assert page.locator(".pl-player a[href]").count() >= 4, path
            options = {"runOnly": {"type": "rule", "values": rules}, "resultTypes": ["violations"]}
            found += [(path, *violation) for violation in axe_violations(page, options)]
    finally:
        context.close()
    return found


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_tracker_player_out_of_the_game_meets_aa_contrast(browser, site_url, scheme):
    """Review of the table pages (item 2): the out player's panel was dimmed (opacity), taking its white badge on
    #916fcb and its rule links to 3.93:1 in the light scheme, the links to 4.06:1 in the dark one."""
    found = tracker_violations(browser, site_url, scheme, ["color-contrast"], out=True)
    assert found == [], found


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_trackers_rule_links_stand_apart_from_their_text(browser, site_url, scheme):
    """Review of the table pages (item 3): the rule links on every player card (906.6b, 1.2...) were the theme's
    link colour alone, 1.76:1 against the text around them; WCAG's link-in-text-block wants 3:1 or an underline."""
    found = tracker_violations(browser, site_url, scheme, ["link-in-text-block"], out=False)
    assert found == [], found
