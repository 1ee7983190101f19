"""The Content-Security-Policy of overrides/main.html: every kind of page works under it with no violation,
and it really forbids inline scripts (the theme's are replaced by files in overrides/partials/javascripts/)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import settle, wait_until

pytestmark = pytest.mark.browser

PAGES = ["", "rules/", "banlist/", "leaders/", "leaders/grumblebeard-goblin-tactician/", "types/", "types/goblin/",
         "unaffiliated/", "lookup/?card=Sol%20Ring", "validator/", "build/", "changes/", "changes/archive/",
         "dashboard/", "about/", "404.html"]
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
  e => window.__violations.push(e.violatedDirective + " " + (e.blockedURI || "inline")));
"""


def test_every_kind_of_page_runs_under_the_policy_without_a_violation(page, site_url):
    page.add_init_script(RECORD_VIOLATIONS)
    for path in PAGES:
        page.goto(site_url + path)
        settle(page)
        policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
        assert "script-src 'self';" in policy and "unsafe-inline" not in policy.split("style-src")[0], path
        assert page.evaluate("window.__violations") == [], path
        assert page.evaluate("typeof __md_get === 'function' && __md_scope.pathname") == "/", path
    # The theme's own scripts work from their files: the colour toggle is remembered across a reload.
    page.goto(site_url)
    page.locator("form[data-md-component=palette] label:visible").first.click()
    chosen = page.locator("body").get_attribute("data-md-color-scheme")
    page.reload()
    settle(page)
    assert page.locator("body").get_attribute("data-md-color-scheme") == chosen
    assert page.evaluate("window.__violations") == []


def test_the_policy_blocks_an_injected_inline_script(browser, site_url):
    context = browser.new_context()
    try:
        probe = context.new_page()
        probe.add_init_script(RECORD_VIOLATIONS)
        probe.goto(site_url + "lookup/")
        probe.evaluate("""() => { const s = document.createElement("script");
                                  s.textContent = "window.__ran = true"; document.body.appendChild(s); }""")
        wait_until(probe, "window.__violations.length > 0")
        assert probe.evaluate("window.__ran") is None
        assert any(v.startswith("script-src") for v in probe.evaluate("window.__violations"))
    finally:
        context.close()
