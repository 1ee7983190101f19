"""The site's escaping, symbols and file handling, one function at a time (the whole build is in
test_site_build.py)."""

from __future__ import annotations

import os
import stat

import markdown
import pytest

from generator.site.files import sync_files, write_if_changed
from generator.formatdata import load_format_data
from generator.paths import PROJECT_ROOT
from generator.queries import EvidenceWords
from generator.site.evidence import listed
from generator.site.manawords import symbol_name
from generator.site.markup import (card_link, colour_symbols, mana_symbols, mana_text, md_inline, meta_string,
                                   oracle_html, pip_parts)
from tests.site_testing import WEIRD_LEADER

MARKDOWN_EXTENSIONS = ["attr_list", "tables", "toc"]


@pytest.mark.parametrize("name", [WEIRD_LEADER, "Assembly-Worker #1 (promo)!", "Fire // Ice", "a\\b `code` +x+"])
def test_md_inline_shows_the_name_literally_in_a_heading(name):
    html = markdown.markdown(f"# {md_inline(name)}", extensions=MARKDOWN_EXTENSIONS)
    expected = name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert html.startswith("<h1") and html.endswith("</h1>")
    assert html.split(">", 1)[1].rsplit("<", 1)[0] == expected


def test_md_inline_does_not_break_entities():
    assert "\\#" not in md_inline("It's <b>")
    assert md_inline("It's") == "It's"


def test_meta_string_is_yaml_and_escaped_for_the_theme():
    import yaml

    assert yaml.safe_load(f"title: {meta_string(WEIRD_LEADER)}")["title"] == (
        WEIRD_LEADER.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))


def test_mana_symbols_are_drawn_pips_named_in_words():
    html = mana_symbols("{2}{W/U}{R/P}")
    assert html.count('<span class="ms ') == 3 and "<img" not in html and "scryfall.io" not in html
    # Screen readers read the name in words (role img) and not the notation, which copying still gives (the
    # transparent text, aria-hidden); the eye gets the glyph.
    assert ('<span class="ms ms-hy ms-a-w ms-b-u" role="img" aria-label="white or blue hybrid mana" '
            'title="white or blue hybrid mana" data-g="W" data-h="U">'
            '<span class="ms-t" aria-hidden="true">{W/U}</span></span>') in html
    assert 'aria-label="two generic mana"' in html and 'aria-label="Phyrexian red mana"' in html
    assert 'data-g="Φ"' in html
    assert mana_symbols("") == "" and mana_symbols(None) == ""


@pytest.mark.parametrize("symbol, name", [
    ("B", "black mana"), ("2", "two generic mana"), ("W/U", "white or blue hybrid mana"), ("X", "X"),
    ("T", "tap"), ("G/P", "Phyrexian green mana"), ("S", "snow mana"), ("C", "colorless mana"), ("E", "energy"),
    ("2/W", "two generic or white hybrid mana"), ("G/U/P", "Phyrexian green or blue hybrid mana"),
    ("HR", "half a red mana"), ("1000000", "one million generic mana"), ("CHAOS", "chaos"),
])
def test_symbols_are_named_in_words(symbol, name):
    assert symbol_name(symbol) == name


@pytest.mark.parametrize("symbol, classes, glyph, second", [
    ("R", ["ms-r"], "R", None), ("2", ["ms-n"], "2", None), ("16", ["ms-n"], "16", None),
    ("X", ["ms-n"], "X", None), ("C", ["ms-c"], "\u25c7", None), ("T", ["ms-tap"], "\u2935", None),
    ("Q", ["ms-untap"], "\u2934", None), ("2/W", ["ms-hy", "ms-a-n", "ms-b-w"], "2", "W"),
    ("B/G", ["ms-hy", "ms-a-b", "ms-b-g"], "B", "G"), ("U/P", ["ms-u", "ms-p"], "\u03a6", None),
    ("G/U/P", ["ms-hy", "ms-a-g", "ms-b-u", "ms-p"], "\u03a6", None), ("HR", ["ms-r"], "\u00bd", None),
    ("½", ["ms-n"], "½", None), ("∞", ["ms-n"], "∞", None),
])
def test_pips_follow_the_symbol(symbol, classes, glyph, second):
    assert pip_parts(symbol) == (classes, glyph, second)


def test_braces_in_names_are_not_symbols():
    assert 'class="ms' not in oracle_html("{{ jinja }} {% raw %} { x }")
    assert 'class="ms' not in mana_symbols("{{ x }}")


def test_mana_text_stays_text_for_the_browser():
    assert mana_text("{1}{R}") == '<span class="mana">{1}{R}</span>'
    assert mana_text("<x>") == '<span class="mana">&lt;x&gt;</span>'


def test_oracle_html_escapes_and_marks_reminder_text():
    html = oracle_html("Flying\n<b>Ward</b> {2} (Whenever this becomes the target…)\n//\nBack")
    assert "&lt;b&gt;Ward&lt;/b&gt;" in html
    assert '<i class="reminder">(Whenever this becomes the target…)</i>' in html
    assert '<hr class="face-break">' in html and html.count("<p>") == 3


def test_colours_in_wubrg_order_and_colourless():
    assert colour_symbols(["G", "W", "U"]) == "{W}{U}{G}"
    assert colour_symbols([]) == "{C}"


def test_card_link_escapes_and_previews():
    html = card_link({"name": WEIRD_LEADER, "scryfall_uri": "https://scryfall.com/card/x/1/y?utm_source=api",
                      "image_normal": "https://cards.scryfall.io/normal/a.jpg?1"})
    assert html.startswith('<a href="https://scryfall.com/card/x/1/y" data-img="https://cards.scryfall.io/normal/a.jpg?1">')
    assert "&lt;Snik&gt;" in html and "{{ jinja }}" in html
    unknown = card_link({"name": "Not A Card"})
    assert 'href="https://scryfall.com/search?q=%21%22Not%20A%20Card%22"' in unknown


def test_affiliation_reasons_in_the_lookups_words():
    # data/cards/vocabulary.yml: the names the lookup, `coalition card` and the change log give each source.
    vocabulary = load_format_data(PROJECT_ROOT / "data").cards.vocabulary
    said = EvidenceWords(dict(vocabulary.evidence_words), frozenset(vocabulary.quoted_evidence))
    assert said.said("type_line", ["Goblin"]) == "type line"
    assert said.said("type_line", ["Goblin"], back_face=True) == "back face's type line"
    assert said.said("oracle_text", ["Goblins"]) == "rules text: “Goblins”"
    assert said.said("changeling", ["Changeling"]) == "changeling"

    def reason(source, evidence, face_index=0):
        return {"source": source, "evidence": evidence, "face_index": face_index}

    # Each source once, its words after it, as `coalition card` lists them; what comes from the data escaped.
    assert listed(said, [reason("oracle_text", "Goblin"), reason("oracle_text", "Goblins"), reason("type_line", "Goblin"),
                        reason("oracle_text", "Goblin")]) == "rules text: “Goblin”, “Goblins”; type line"
    assert listed(said, [reason("type_line", "Elf"), reason("type_line", "Elf", 1)]) == "type line; back face's type line"
    assert listed(said, [reason("override", "<why>", None)]) == "override: “&lt;why&gt;”"


def test_write_if_changed_keeps_unchanged_files(tmp_path):
    path = tmp_path / "a" / "page.md"
    assert write_if_changed(path, "one") is True
    stamp = path.stat().st_mtime_ns
    assert write_if_changed(path, "one") is False
    assert path.stat().st_mtime_ns == stamp
    assert write_if_changed(path, "two") is True and path.read_text() == "two"


def test_write_if_changed_never_writes_through_a_hard_link(tmp_path):
    """The staging area's pages are hard links to the live ones: a change is a new file renamed over the link,
    and a new page is created with the mode a renamed one has."""
    live, staged = tmp_path / "live.md", tmp_path / "staged" / "page.md"
    live.write_text("one")
    staged.parent.mkdir()
    os.link(live, staged)
    assert write_if_changed(staged, "two") is True
    assert live.read_text() == "one" and staged.read_text() == "two"
    assert write_if_changed(tmp_path / "new" / "page.md", "three") is True
    assert stat.S_IMODE((tmp_path / "new" / "page.md").stat().st_mode) == stat.S_IMODE(staged.stat().st_mode) == 0o644


def test_sync_files_removes_stale_generated_pages_only(tmp_path):
    (tmp_path / "leaders").mkdir()
    (tmp_path / "leaders" / "gone.md").write_text("old leader")
    (tmp_path / "leaders" / "old").mkdir()
    (tmp_path / "leaders" / "old" / "rows.json").write_text("{}")
    (tmp_path / "index.md").write_text("hand-written")
    counts = sync_files(tmp_path, [("leaders/kept.md", "x"), ("types/goblin.md", "y")], ["leaders", "types"])
    assert (counts.written, counts.unchanged, counts.removed) == (2, 0, 2)
    assert not (tmp_path / "leaders" / "gone.md").exists()
    assert not (tmp_path / "leaders" / "old").exists()   # a folder left empty goes too
    assert (tmp_path / "leaders" / "kept.md").read_text() == "x"
    assert (tmp_path / "index.md").read_text() == "hand-written"




def test_a_banlist_entry_the_data_holds_is_never_said_to_be_missing():
    """Review of the modern build: the banlist said Sol Ring was "not in this build's card data" because the
    card had no Scryfall page (the shaped 2025 file has none); what tells is whether the data holds the card."""
    from generator.site.markup import environment

    entry_link = environment().get_template("bans.j2").module.entry_link
    held = str(entry_link({"name": "Sol Ring", "oracle_id": "x", "scryfall_uri": None, "image_normal": None}))
    assert "Not in this build" not in held and "Sol%20Ring" in held
    missing = str(entry_link({"name": "Nadu, Winged Wisdom", "oracle_id": None, "scryfall_uri": None}))
    assert 'title="Not in this build\'s card data"' in missing
