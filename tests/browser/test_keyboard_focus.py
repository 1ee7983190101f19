"""Keyboard users on the site's tool pages: every text field shows the focus (WCAG 2.4.7), and on a phone the
closed navigation drawer keeps its off-screen links out of the tab order until it is opened."""

from __future__ import annotations

import pytest

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


def test_closed_drawer_is_out_of_the_tab_order_on_a_phone(phone, site_url):
    page = phone
    page.goto(site_url + "play/coalition/")
    page.wait_for_selector("#pl-count-3")
    landed = []
    for _ in range(44):
        page.keyboard.press("Tab")
        landed.append(page.evaluate(IN_DRAWER))
    assert not any(landed), f"{sum(landed)} of 44 Tab presses landed in the closed drawer"
    page.click("label[for='__drawer'].md-header__button")               # the theme's menu button opens it
    page.wait_for_timeout(400)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    reached = False
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate(IN_DRAWER):
            reached = True
            break
    assert reached, "the open drawer's links are not reachable by Tab"
    assert page.evaluate("document.activeElement.getBoundingClientRect().right") > 0   # and on screen
    page.evaluate("document.getElementById('__drawer').click()")          # closed again: out of the order again
    page.wait_for_timeout(400)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(20):
        page.keyboard.press("Tab")
        assert not page.evaluate(IN_DRAWER)


def test_a_type_pages_skip_link_takes_the_keyboard_past_the_leaders_to_the_pool(phone, site_url):
    """Review of 2026-11-26, item 19: about 180 Tab stops of the leaders' table before the pool's filter box."""
    page = phone
    page.goto(site_url + "types/goblin/")
    page.wait_for_selector("#leaders-table")
    page.wait_for_selector('input[data-filter="pool"]')
    page.evaluate("document.querySelector('article h1').setAttribute('tabindex', '-1'); document.querySelector('article h1').focus()")
    for _ in range(3):                                  # past the heading's own permalink, if any
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('.skip-links') !== null"):
            break
    skip = page.evaluate("""() => { const e = document.activeElement, box = e.getBoundingClientRect();
        return {text: e.textContent, href: e.getAttribute('href'), seen: box.width > 1 && box.height > 1}; }""")
    assert skip == {"text": "Skip to the pool and its filter", "href": "#pool", "seen": True}, skip
    page.keyboard.press("Enter")
    for presses in range(1, 6):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('input[data-filter=\"pool\"]')"):
            break
    else:
        raise AssertionError("the pool's filter is not within five Tab presses of the skip link")
