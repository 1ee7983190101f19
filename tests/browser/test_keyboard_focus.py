"""Keyboard users on the site's tool pages: every text field shows the focus (WCAG 2.4.7); on a phone the closed
navigation drawer keeps its off-screen links out of the tab order until it is opened, and the open drawer holds
the keyboard in the layer it shows; a type page's skip link reaches the pool's filter in a few stops."""

from __future__ import annotations

import pytest

from tests.browser.conftest import settle, wait_until

pytestmark = pytest.mark.browser

RING = """id => {
    const el = document.getElementById(id), look = () => { const s = getComputedStyle(el);
      return {outline: s.outlineStyle + " " + s.outlineWidth + " " + s.outlineColor, border: s.borderColor + " " + s.borderWidth,
              shadow: s.boxShadow, width: parseFloat(s.outlineWidth), style: s.outlineStyle}; };
    el.blur(); const before = look();
    el.focus(); const after = look();
    return {before, after, focused: document.activeElement === el, visible: el.matches(":focus-visible")};
}"""


def shows_focus(page, element_id: str) -> None:
    page.wait_for_selector(f"#{element_id}:not([disabled])")
    ring = page.evaluate(RING, element_id)
    assert ring["focused"] and ring["visible"], element_id
    after, before = ring["after"], ring["before"]
    changed = after["outline"] != before["outline"] or after["border"] != before["border"] or after["shadow"] != before["shadow"]
    assert changed and after["style"] not in ("none", "auto") and after["width"] >= 2, (element_id, ring)


@pytest.mark.parametrize(("path", "setup", "field"), [
    ("play/coalition/", "pl-count-3", "pl-name-0"),
    ("play/mazerunner/", None, "mz-name-0"),
    ("balance-of-power/table/", None, "bp-seed"),
    ("lookup/", None, "lookup-input"),
])
def test_text_fields_show_the_keyboard_focus(phone, site_url, path, setup, field):
    page = phone
    page.goto(site_url + path)
    if setup:
        page.wait_for_selector(f"#{setup}")
        page.focus(f"#{setup}")
        page.keyboard.press("Enter")
    shows_focus(page, field)
    page.keyboard.type("x")                                            # the keyboard reaches it, and it is the focus
    assert "x" in page.input_value(f"#{field}")


IN_DRAWER = "document.activeElement && !!document.activeElement.closest('.md-sidebar--primary')"
MENU = "label.md-header__button[for='__drawer']"
# The focus is on a control the screen shows, not on one beneath the drawer's open layer or the drawer itself.
ON_TOP = """() => { const e = document.activeElement, box = e.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return box.width > 0 && (top === e || e.contains(top)); }"""
SLID_IN = "document.querySelector('.md-sidebar--primary').getBoundingClientRect().left >= 0"
WHERE = """() => { const e = document.activeElement;
    return e.tagName + '.' + e.className + ' ' + (e.textContent || '').trim().slice(0, 40) + ' ' + location.hash; }"""


def ready(page, path: str) -> None:
    """The page loaded, settled, and its header's buttons made (header.js)."""
    page.goto(path)
    settle(page)
    page.wait_for_selector(MENU + "[role=button]", state="attached")   # hidden on a desktop


def open_drawer(page) -> None:
    """From its menu button, as a keyboard user does (header.js), and slid in."""
    page.focus(MENU)
    page.keyboard.press("Enter")
    wait_until(page, SLID_IN, timeout=5)


def test_closed_drawer_is_out_of_the_tab_order_on_a_phone(phone, site_url):
    page = phone
    ready(page, site_url + "play/coalition/")
    landed = []
    for _ in range(44):
        page.keyboard.press("Tab")
        landed.append(page.evaluate(IN_DRAWER))
    assert not any(landed), f"{sum(landed)} of 44 Tab presses landed in the closed drawer"
    open_drawer(page)
    assert page.evaluate(IN_DRAWER), "the open drawer's links are not reachable by the keyboard"
    page.evaluate("document.getElementById('__drawer').click()")          # closed again: out of the order again
    wait_until(page, "getComputedStyle(document.querySelector('.md-sidebar--primary')).visibility === 'hidden'", timeout=5)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(20):
        page.keyboard.press("Tab")
        assert not page.evaluate(IN_DRAWER), page.evaluate(WHERE)


def tab_round(page, key: str, presses: int) -> list[str]:
    """Where each press of `key` put the focus; every stop in the drawer and on view."""
    stops = []
    for _ in range(presses):
        page.keyboard.press(key)
        stops.append(page.evaluate(WHERE))
        assert page.evaluate(IN_DRAWER), ("the focus left the open drawer", stops)
        assert page.evaluate(ON_TOP), ("the focus is beneath the drawer's layer on view", stops)
    return stops


def test_the_open_drawer_holds_the_keyboard_in_the_layer_it_shows_on_a_phone(phone, site_url):
    """With a section open (a tracker's page opens the drawer at its section), Tab reached the top level's links
    beneath the section's layer, then the page under the drawer. Now Tab and Shift+Tab go round the layer on view;
    its title goes back a level and the section's label opens it again, each by keyboard; Escape closes it."""
    page = phone
    ready(page, site_url + "play/coalition/")
    open_drawer(page)
    section = page.evaluate("[...document.querySelectorAll('.md-sidebar--primary .md-nav__toggle')].find(t => t.checked && t.id !== '__toc').id")
    forward = tab_round(page, "Tab", 14)
    assert len(set(forward)) < len(forward), ("Tab did not come round", forward)
    tab_round(page, "Shift+Tab", 14)
    back = f"label.md-nav__title[for='{section}']"
    for _ in range(8):                                                  # round to the section's title: back a level
        if page.evaluate("s => document.activeElement.matches(s)", back):
            break
        page.keyboard.press("Shift+Tab")
    assert page.evaluate("s => document.activeElement.matches(s)", back), page.evaluate(WHERE)
    page.keyboard.press("Enter")
    assert not page.evaluate(f"document.getElementById('{section}').checked"), "the title went back a level"
    opener = f"label.md-nav__link[for='{section}']"
    assert page.evaluate("s => document.activeElement.matches(s)", opener), page.evaluate(WHERE)
    wait_until(page, ON_TOP, timeout=5)                                  # the top level slid back
    top_level = tab_round(page, "Tab", 20)
    assert any("Home" in stop for stop in top_level), top_level      # the top level's links are on view now
    page.focus(opener)
    page.keyboard.press(" ")
    assert page.evaluate(f"document.getElementById('{section}').checked"), "Space on the section's label opens it"
    wait_until(page, ON_TOP, timeout=5)                                  # focus in the section, slid in
    tab_round(page, "Tab", 6)
    page.keyboard.press("Escape")
    assert not page.evaluate("document.getElementById('__drawer').checked")
    assert page.evaluate("document.activeElement.matches(\"label[for='__drawer']\")"), page.evaluate(WHERE)


# The theme's header on a phone: the menu (the drawer's toggle) and the search are <label>s, which take no focus.
SEARCH = "label.md-header__button[for='__search']"
ACTIVE = """() => { const e = document.activeElement;
    return e ? (e.matches("label[for]") ? "label for " + e.htmlFor : e.tagName + "." + e.className) : null; }"""


def tab_to(page, selector: str, presses: int = 8) -> int:
    """Tab from the top of the page until `selector` has the focus; how many presses it took."""
    for press in range(1, presses + 1):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return press
    raise AssertionError(f"{presses} Tab presses never reached {selector}")


def contrast(first: str, second: str) -> float:
    """WCAG's contrast ratio of two computed colours ('rgb(r, g, b)')."""
    def luminance(colour):
        channels = [int(part) / 255 for part in colour[colour.index("(") + 1:colour.index(")")].split(",")[:3]]
        r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# The colour scheme's button is a hidden radio group: its label on view shows the focus of either radio.
HEADER_RING = """() => { const a = document.activeElement;
    const e = a.matches("input") ? [...a.form.querySelectorAll("label")].find(l => l.getClientRects().length) : a;
    if (!e || !e.getClientRects().length) return {shown: false};
    const look = getComputedStyle(e);
    return {style: look.outlineStyle, width: parseFloat(look.outlineWidth), colour: look.outlineColor,
            header: getComputedStyle(document.querySelector('.md-header')).backgroundColor}; }"""


def shows_header_ring(page, selector: str) -> None:
    ring = page.evaluate(HEADER_RING)
    assert ring.get("shown", True), (selector, "the focused control's button is not on view")
    assert ring["style"] == "solid" and ring["width"] >= 2, (selector, ring)
    assert contrast(ring["colour"], ring["header"]) >= 3, (selector, ring)   # WCAG 1.4.11: a focus indicator


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_button_of_the_header_takes_the_focus_with_a_ring_on_a_phone(browser, site_url, scheme):
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(site_url + "play/heroic/")
        page.wait_for_selector("#pl-count-3")
        for selector in (MENU, "input.md-option", SEARCH):      # in the header's order, each reached by Tab
            tab_to(page, selector)
            shows_header_ring(page, selector)
        assert page.get_attribute(MENU, "aria-label") == "Navigation"
        assert page.get_attribute(SEARCH, "aria-label") == "Search"
    finally:
        context.close()


@pytest.mark.parametrize("key", ["Enter", " "], ids=["Enter", "Space"])
def test_the_menu_button_opens_the_drawer_by_keyboard_and_escape_closes_it(phone, site_url, key):
    page = phone
    ready(page, site_url + "play/heroic/")
    page.wait_for_selector("#pl-count-3")
    assert tab_to(page, MENU) <= 2, "the menu comes first after the skip link"
    assert page.get_attribute(MENU, "role") == "button" and page.get_attribute(MENU, "aria-expanded") == "false"
    page.keyboard.press(key)
    assert page.evaluate("document.getElementById('__drawer').checked"), "one press opens it (and no second closes it)"
    assert page.get_attribute(MENU, "aria-expanded") == "true"
    assert page.evaluate(IN_DRAWER), page.evaluate(ACTIVE)
    wait_until(page, SLID_IN, timeout=5)
    assert page.evaluate(ON_TOP), "the focus is on a link the drawer shows, not one beneath its open layer"
    assert page.evaluate("window.scrollY") == 0, "Space did not scroll the page"
    page.keyboard.press("Escape")
    assert not page.evaluate("document.getElementById('__drawer').checked")
    assert page.evaluate(ACTIVE) == "label for __drawer"
    assert page.get_attribute(MENU, "aria-expanded") == "false"


def test_the_search_button_opens_the_search_by_keyboard_and_escape_returns_to_it(phone, site_url):
    page = phone
    ready(page, site_url + "play/heroic/")
    page.wait_for_selector("#pl-count-3")
    for _ in range(6):                      # the closed search's field is no stop of its own: it popped the search
        page.keyboard.press("Tab")          # over the page as it took the focus, before its button was reached
        assert not page.evaluate("document.getElementById('__search').checked"), page.evaluate(ACTIVE)
        if page.evaluate(ACTIVE) == "label for __search":
            break
    assert page.evaluate(ACTIVE) == "label for __search"
    page.keyboard.press("Enter")
    assert page.evaluate("document.getElementById('__search').checked")
    page.keyboard.type("goblin")
    assert page.input_value(".md-search__input") == "goblin"
    page.keyboard.press("Escape")
    assert not page.evaluate("document.getElementById('__search').checked")
    wait_until(page, "document.activeElement.matches(\"label[for='__search']\")", timeout=5)


@pytest.mark.parametrize("width", [390, 1366])
def test_a_type_pages_skip_link_takes_the_keyboard_past_the_leaders_to_the_pool(tabs, request, site_url, width):
    """Review of 2026-11-26, item 19: about 180 Tab stops of the leaders' table before the pool's filter box.
    The theme's instant navigation took the link once its sitemap was in (focusing a link asks for it: whether it
    was in by the Enter varied with the machine's load) and loaded the page again over itself, and Tab went on
    from wherever the page stood then. Here the sitemap is in first: the browser follows the link (header.js),
    the page stays, and its target takes the focus."""
    page = request.getfixturevalue("phone" if width == 390 else "page")
    if width != 390:
        page.set_viewport_size({"width": width, "height": 900})
    ready(page, site_url + "types/goblin/")
    page.wait_for_selector("#leaders-table")
    page.wait_for_selector('input[data-filter="pool"]')
    page.evaluate("window.Coalition.wantSitemap(); window.poolHeading = document.getElementById('pool')")
    settle(page)                                        # the sitemap in: the theme's navigation could take the link
    page.evaluate("document.querySelector('article h1').setAttribute('tabindex', '-1'); document.querySelector('article h1').focus()")
    for _ in range(3):                                  # past the heading's own permalink, if any
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('.skip-links') !== null"):
            break
    skip = page.evaluate("""() => { const e = document.activeElement, box = e.getBoundingClientRect();
        return {text: e.textContent, href: e.getAttribute('href'), seen: box.width > 1 && box.height > 1}; }""")
    assert skip["text"].startswith("Jump to the Goblin pool (") and skip["href"].endswith("#pool") and skip["seen"], skip
    page.keyboard.press("Enter")
    wait_until(page, "location.hash === '#pool'", timeout=5)
    settle(page)                                        # what the theme asked for on the link or its popstate, if any
    assert page.evaluate("document.getElementById('pool') === window.poolHeading"), "the page was loaded again over itself"
    for presses in range(1, 4):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('input[data-filter=\"pool\"]')"):
            break
    else:
        raise AssertionError("the pool's filter is not within three Tab presses of the skip link: " + page.evaluate(WHERE))
    assert page.evaluate(ON_TOP), "the filter the focus is on is on view"


def test_the_empty_search_results_box_is_no_tab_stop_on_a_laptop(page, site_url):
    """Review of the modern build: the fifth Tab of every page landed on the search results' empty scrolling box
    (the theme's tabindex 0, 0 px tall), a stop that showed nothing. The search field stays a stop."""
    page.set_viewport_size({"width": 1366, "height": 900})
    ready(page, site_url + "lookup/")
    stops = []
    for _ in range(12):
        page.keyboard.press("Tab")
        stops.append(page.evaluate("document.activeElement.className"))
    assert any("md-search__input" in stop for stop in stops), stops
    assert not any("md-search__scrollwrap" in stop for stop in stops), stops
