"""Every kind of page meets WCAG AA contrast in the light and the dark scheme (axe-core's color-contrast rule,
through axe-playwright-python), on the built sample site in headless Chromium. Apart from tests/browser/
test_finding.py (issue 14), whose pages these are, so that xdist's loadfile can run it on the other worker."""

from __future__ import annotations

import pytest

from tests.browser.test_site_browser import open_page

pytestmark = pytest.mark.browser

CONTRAST_PAGES = ["", "rules/", "leaders/", "leaders/grumblebeard-goblin-tactician/", "types/", "types/goblin/",
                  "types/goblin/?view=grid", "unaffiliated/", "lookup/?card=Lightning%20Bolt", "validator/", "build/",
                  "dashboard/", "changes/", "banlist/"]


# axe's contrast rule costs time per text node, and a pool page holds thousands of rows drawn from the same few
# kinds of element. Before axe runs, any element with more than KEEP children keeps its first KEEP and, among the
# rest, each child that holds a kind of element (tag, classes, inline style) none of the kept ones holds: every
# colour pairing the page can show is still checked, at least once.
KEEP = 8
TRIM_REPEATS = """(keep) => {
  const kind = e => e.tagName + '.' + (e.getAttribute('class') || '') + '.' + (e.getAttribute('style') || '');
  let removed = 0;
  for (const parent of document.querySelectorAll('*')) {
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


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_type_meets_aa_contrast_in_both_schemes(browser, site_url, scheme):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1366, "height": 900})
    page = context.new_page()
    found = []
    try:
        for path in CONTRAST_PAGES:
            open_page(page, site_url, path)
            assert page.locator("body").get_attribute("data-md-color-scheme") == ("slate" if scheme == "dark" else "default")
            # Big tables are drawn only near the screen (content-visibility): axe reads colours from what is
            # drawn, so every row is drawn for it, as it will be once scrolled to.
            page.add_style_tag(content=".paged, .paged tbody tr { content-visibility: visible !important; }")
            page.evaluate(TRIM_REPEATS, KEEP)
            result = axe.run(page, options={"runOnly": {"type": "rule", "values": ["color-contrast"]}})
            found += [(path, node["target"], node["any"][0]["message"] if node["any"] else "")
                      for violation in result.response["violations"] for node in violation["nodes"]]
    finally:
        context.close()
    assert found == [], found[:10]
