"""What the table pages' browser tests do at the table: press, choose and type by keyboard, read text, and
check the phone width and the contrast (tests/browser/test_play_pages.py, test_solo_table.py)."""

from __future__ import annotations

from tests.browser.conftest import PHONE


def press(page, element_id: str, times: int = 1) -> None:
    """Keyboard only: focus the button and press Enter. The focus stays on the table: on the button, or when
    the button is gone or disabled, near it; never on Undo unless Undo was pressed (store.js refocus)."""
    for _ in range(times):
        page.focus(f"#{element_id}")
        page.keyboard.press("Enter")
        focused = page.evaluate("[document.activeElement.id, !!document.activeElement.closest('.pl')]")
        assert focused[1] and (focused[0] != "pl-undo" or element_id == "pl-undo"), (element_id, focused)


SNAPSHOT = "[document.querySelector('.pl-view').innerHTML, document.getElementById('pl-undo').textContent]"


def press_twice(page, element_id: str) -> str:
    """Keyboard: Enter on a button that its own action disables or removes, then Enter again on wherever the
    focus went: the second Enter must change nothing (not undo the first). Returns where the focus went (its id,
    else its tag)."""
    press(page, element_id)
    before = page.evaluate(SNAPSHOT)
    focused = page.evaluate("document.activeElement.id || document.activeElement.tagName.toLowerCase()")
    page.keyboard.press("Enter")
    assert page.evaluate(SNAPSHOT) == before, f"a second Enter after {element_id} (focus on {focused}) changed the table"
    return focused


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


def start_tracker(page, site_url, path: str, names: list[str]) -> None:
    """A tracker (`path` under the site: play/heroic/, play/coalition/) started for `names`."""
    page.goto(site_url + path)
    page.wait_for_selector(f"#pl-count-{len(names)}")
    press(page, f"pl-count-{len(names)}")
    for i, name in enumerate(names):
        type_into(page, f"pl-name-{i}", name)
    press(page, "pl-start")


def start_match(page, site_url, names: list[str]) -> None:
    """The Coalition tracker started for `names`, its player count reached by the keyboard first."""
    page.goto(site_url + "play/coalition/")
    page.wait_for_selector(f"#pl-count-{len(names)}")
    assert tab_reaches(page, f"pl-count-{len(names)}")
    press(page, f"pl-count-{len(names)}")
    for i, name in enumerate(names):
        type_into(page, f"pl-name-{i}", name)
    press(page, "pl-start")


def start_heroic(page, site_url, names: list[str]) -> None:
    start_tracker(page, site_url, "play/heroic/", names)
