"""The trackers cite the rules their format's data names (format.json's `cites`, format.yml's `cites:`), not
numbers of their own: a format.json whose cites name other rules changes the links the tracker draws, and one
that lacks a cite the tracker needs stops it with a message naming the key. (Where the numbers live, and the
pages built from renumbered data: tests/test_play_cites.py.)"""

from __future__ import annotations

import re

import pytest

from tests.browser.play_helpers import start_heroic, start_tracker, text_of

pytestmark = pytest.mark.browser


def with_cites(page, url: str, cites: dict, dropped: str = "") -> None:
    """The page gets the format.json at `url` with `cites` changed (and the cite `dropped` taken out)."""
    def answer(route):
        exported = route.fetch().json()
        changed = {key: number for key, number in {**exported["cites"], **cites}.items() if key != dropped}
        route.fulfill(json={**exported, "cites": changed})

    page.route(re.compile(re.escape(url) + "$"), answer)


def cited(page, selector: str) -> list[tuple[str, str]]:
    return page.eval_on_selector_all(selector + " a", "els => els.map(e => [e.textContent, e.getAttribute('href')])")


def start_coalition(page, site_url, names: list[str]) -> None:
    start_tracker(page, site_url, "play/coalition/", names)


def test_the_coalition_tracker_cites_what_format_json_names(phone, site_url):
    page = phone
    with_cites(page, site_url + "data/format.json", {"points_scored": "906.6e", "game_start": "906.9"})
    start_coalition(page, site_url, ["Ann", "Ben", "Cat"])
    assert cited(page, "#pl-p0-vp .pl-what") == [["906.6e", "../../rules/#906-6e"]]
    assert ["906.9", "../../rules/#906-9"] in cited(page, ".pl-view p")


def test_the_heroic_tracker_cites_what_format_json_names(phone, site_url):
    page = phone
    with_cites(page, site_url + "heroic/data/format.json", {"leader_to_hand": "4.4", "hero_damage": "5.1"})
    start_heroic(page, site_url, ["Ann", "Ben", "Cat"])
    assert ["5.1", "../../heroic/rules/#5-1"] in cited(page, "#pl-p0-dmg .pl-what")
    assert ["4.4", "../../heroic/rules/#4-4"] in cited(page, "#pl-p0-res .pl-what")
    assert page.locator(".pl-view a[href$='#4-2']").count() == 0


def test_a_tracker_whose_format_json_lacks_a_cite_says_which(phone, site_url):
    page = phone
    with_cites(page, site_url + "data/format.json", {}, dropped="turn_order_tie")
    page.goto(site_url + "play/coalition/")
    page.wait_for_function("() => document.querySelector('.pl-status').textContent.includes('could not start')")
    assert "cites.turn_order_tie" in text_of(page, ".pl-status")
