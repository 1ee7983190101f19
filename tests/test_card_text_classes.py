"""Issue 9: classes of cards read wrong on today's wording, each on real card objects (tests/fixtures/cards/,
copied verbatim from ../shared/data). Every affected card says which words were read and why one was not."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys

import duckdb
import pytest

from generator.database import build_database
from generator.errors import BuildError
from generator.paths import PROJECT_ROOT
from generator.readings import load_readings
from tests.conftest import all_fixture_cards, build_from_cards, facts, fixture_card, project_copy, write_jsonl_gz


def ignored(con, name: str) -> set[tuple[str, str]]:
    return {(row["word"], row["reason"]) for row in facts(con, name)["ignored_words"]}


def oracle_evidence(con, name: str) -> set[tuple[str, str]]:
    return {(e["type"], e["evidence"]) for e in facts(con, name)["affiliation_evidence"] if e["source"] == "oracle_text"}


# --- 1. ability words, flavor words and mode labels (CR 207.2c) ---------------------------------------------

@pytest.mark.parametrize(("card", "word", "type_name"), [
    ("Prosper, Tome-Bound", "Mystic", "Mystic"),          # "Mystic Arcanum —"
    ("Cleopatra, Exiled Pharaoh", "Allies", "Ally"),      # "Allies —"
    ("Rose Tyler", "Wolf", "Wolf"),                       # "Bad Wolf —"
])
def test_ability_word_names_no_type(fixture_db, card, word, type_name):
    report = facts(fixture_db, card)
    assert type_name not in report["affiliations"]
    assert (word, "ability_word") in ignored(fixture_db, card)


@pytest.mark.parametrize(("card", "word", "type_name"), [
    ("Flash Thompson, Spider-Fan", "Hero", "Hero"),                  # "• Hero Worship —"
    ("Black Market Connections", "Mercenary", "Mercenary"),          # "• Hire a Mercenary —"
])
def test_mode_label_names_no_type(fixture_db, card, word, type_name):
    assert type_name not in facts(fixture_db, card)["affiliations"]
    assert (word, "mode_label") in ignored(fixture_db, card)


def test_type_named_after_the_dash_still_counts(fixture_db):
    # "Tunnel Snakes Rule! — … for each other Rogue and/or Snake you control."
    assert ("Snake", "Snake") in oracle_evidence(fixture_db, "Butch DeLoria, Tunnel Snake")
    assert ("Snakes", "ability_word") in ignored(fixture_db, "Butch DeLoria, Tunnel Snake")


def test_faction_choice_is_ignored_by_default(fixture_db):
    # "As this enchantment enters, choose Khans or Dragons. • Khans — … • Dragons — …"
    assert load_readings(PROJECT_ROOT / "data").faction_choices == "ignored"
    report = facts(fixture_db, "Citadel Siege")
    assert report["affiliations"] == []
    assert {row["evidence"] for row in report["ignored_words"]} == {"• Dragons —", "choose Khans or Dragons."}
    assert {row["reason"] for row in report["ignored_words"]} == {"faction_choice"}


def test_faction_choice_switch_reads_the_factions_as_types(tmp_path):
    paths = project_copy(tmp_path)
    readings = paths.data_dir / "readings.yml"
    readings.write_text(readings.read_text(encoding="utf-8").replace("faction_choices: ignored",
                                                                     "faction_choices: affiliated"), encoding="utf-8")
    cards = [fixture_card("Citadel Siege"), fixture_card("Prosper, Tome-Bound")]
    with duckdb.connect(str(build_from_cards(cards, tmp_path, paths)), read_only=True) as con:
        assert facts(con, "Citadel Siege")["affiliations"] == ["Dragon"]
        assert facts(con, "Prosper, Tome-Bound")["affiliations"] == ["Tiefling", "Warlock"]  # labels stay set aside


def test_readings_file_is_checked(tmp_path):
    paths = project_copy(tmp_path)
    (paths.data_dir / "readings.yml").write_text("# switch\nfaction_choices: maybe\n", encoding="utf-8")
    with pytest.raises(BuildError, match=r"readings\.yml:2: faction_choices: Input should be 'ignored' or 'affiliated'"):
        load_readings(paths.data_dir)


# --- 2. a legend's short name ------------------------------------------------------------------------------

def test_legend_short_name_is_not_a_type(fixture_db):
    # "Whenever Rhino attacks, …": Rhino, Barreling Brute means itself.
    report = facts(fixture_db, "Rhino, Barreling Brute")
    assert "Rhino" not in report["affiliations"] and report["coalition_types"] == ["Villain"]
    assert ("Rhino", "short_name") in ignored(fixture_db, "Rhino, Barreling Brute")


def test_legend_short_name_written_as_a_type_still_counts(fixture_db):
    # Lizard, Connors's Curse: "… becomes a green Lizard creature …" is the type, not the card.
    assert ("Lizard", "Lizard") in oracle_evidence(fixture_db, "Lizard, Connors's Curse")


# --- 3. typecycling --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("card", "type_name", "printed"), [
    ("Step Through", "Wizard", "Wizardcycling"),
    ("Homing Sliver", "Sliver", "Slivercycling"),
])
def test_typecycling_names_the_type(fixture_db, card, type_name, printed):
    assert (type_name, printed) in oracle_evidence(fixture_db, card)


# --- 4. stickers and Attractions -------------------------------------------------------------------------

@pytest.mark.parametrize(("card", "evidence"), [
    ("Complaints Clerk", "opens an Attraction"),
    ('"Lifetime" Pass Holder', "opens an Attraction"),
    ("Balloon Stand", "an Attraction"),
    ("Aerialephant", "puts a sticker"),
])
def test_sticker_attraction_ban_covers_cards_that_bring_them(fixture_db, card, evidence):
    report = facts(fixture_db, card)
    assert not report["legal"] and "sticker_attraction" in report["illegal_reasons"]
    row = fixture_db.execute("SELECT b.evidence FROM card_bans b JOIN cards c USING (oracle_id) "
                             "WHERE c.name = ? AND b.reason = 'sticker_attraction' AND b.format = 'coalition'",
                             [card]).fetchone()
    assert row == (evidence,)


@pytest.mark.parametrize("card", ["Black Hole", "Line Cutter", "Fatal Attraction"])
def test_sticker_attraction_ban_spares_cards_that_only_mention_them(fixture_db, card):
    assert "sticker_attraction" not in facts(fixture_db, card)["illegal_reasons"]


# --- 5. flip cards ---------------------------------------------------------------------------------------

def test_flip_card_with_a_legendary_flipped_half_is_legal(fixture_db):
    report = facts(fixture_db, "Akki Lavarunner")
    assert report["legal"] and not report["leader_only"] and report["max_copies"] == 4


def test_flip_card_switch_bans_it_as_legendary(tmp_path):
    paths = project_copy(tmp_path)
    fmt = paths.formats_dir / "coalition" / "format.yml"
    fmt.write_text(fmt.read_text(encoding="utf-8").replace("flip_cards: legal", "flip_cards: legendary"), encoding="utf-8")
    cards = [fixture_card("Akki Lavarunner"), fixture_card("Prosper, Tome-Bound")]
    with duckdb.connect(str(build_from_cards(cards, tmp_path, paths)), read_only=True) as con:
        assert facts(con, "Akki Lavarunner")["illegal_reasons"] == ["legendary"]


def legend_rule_cites(db_path, tmp_path) -> list[list[str]]:
    """The cards `coalition validate` cites under the `legendary` check for a deck holding Akki Lavarunner."""
    deck = tmp_path / "flip.txt"
    deck.write_text("2 Akki Lavarunner\n\n1 Prosper, Tome-Bound\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "generator", "validate", str(deck), "--json", "--db", str(db_path)],
                            capture_output=True, text=True)
    return [v["cards"] for v in json.loads(result.stdout)["violations"] if v["code"] == "legendary"]


def test_validator_follows_the_flip_card_reading(fixture_db_path, tmp_path):
    """The deck check reads the build's verdict (cards.json's `lg`), not the type line: the same card is a
    second legend only when the format data reads flip cards as legendary."""
    assert legend_rule_cites(fixture_db_path, tmp_path) == []
    paths = project_copy(tmp_path)
    fmt = paths.formats_dir / "coalition" / "format.yml"
    fmt.write_text(fmt.read_text(encoding="utf-8").replace("flip_cards: legal", "flip_cards: legendary"), encoding="utf-8")
    db = build_from_cards([fixture_card("Akki Lavarunner"), fixture_card("Prosper, Tome-Bound")], tmp_path, paths)
    assert legend_rule_cites(db, tmp_path) == [["Akki Lavarunner // Tok-Tok, Volcano Born"]]


def test_flip_card_switch_takes_only_known_values(tmp_path):
    paths = project_copy(tmp_path)
    fmt = paths.formats_dir / "coalition" / "format.yml"
    fmt.write_text(fmt.read_text(encoding="utf-8").replace("flip_cards: legal", "flip_cards: perhaps"), encoding="utf-8")
    with pytest.raises(BuildError, match=r"format\.yml:\d+: readings\.flip_cards: Input should be 'legal' or 'legendary'"):
        build_from_cards([fixture_card("Akki Lavarunner")], tmp_path, paths)


# --- 5b. a type after "non-" (a reading of 906.4, not its words) ------------------------------------------

def negated_types_affiliated(tmp_path):
    """A project whose default format reads "non-X" literally (`readings: negated_types: affiliated`). Heroic's
    rules state the opposite (2.2), so its statement is taken out too, or the load refuses the default's."""
    paths = project_copy(tmp_path)
    fmt = paths.formats_dir / "coalition" / "format.yml"
    fmt.write_text(fmt.read_text(encoding="utf-8").replace("negated_types: ignored", "negated_types: affiliated"), encoding="utf-8")
    heroic = paths.formats_dir / "heroic" / "format.yml"
    heroic.write_text(heroic.read_text(encoding="utf-8").replace("  negated_types: ignored\n", "", 1), encoding="utf-8")
    return paths


def test_a_type_after_non_names_no_type_by_default(fixture_db):
    # Embiggen: "target non-Brushwagg creature"; Archdemon of Unx: "sacrifice a non-Zombie creature, then create
    # a 2/2 black Zombie creature token": only the negated word is set aside.
    assert facts(fixture_db, "Embiggen")["affiliations"] == []
    assert ignored(fixture_db, "Embiggen") == {("Brushwagg", "negated")}
    assert oracle_evidence(fixture_db, "Archdemon of Unx") == {("Zombie", "Zombie")}
    assert ("Zombie", "negated") in ignored(fixture_db, "Archdemon of Unx")


def test_negated_types_switch_reads_non_x_as_printed(tmp_path):
    paths = negated_types_affiliated(tmp_path)
    cards = [fixture_card("Embiggen"), fixture_card("Archdemon of Unx"), fixture_card("Prosper, Tome-Bound")]
    with duckdb.connect(str(build_from_cards(cards, tmp_path, paths)), read_only=True) as con:
        assert facts(con, "Embiggen")["affiliations"] == ["Brushwagg"]
        assert oracle_evidence(con, "Embiggen") == {("Brushwagg", "non-Brushwagg")}
        assert ignored(con, "Embiggen") == set()
        assert oracle_evidence(con, "Archdemon of Unx") == {("Zombie", "Zombie"), ("Zombie", "non-Zombie")}
        assert ignored(con, "Archdemon of Unx") == set()


# --- 6. meld results -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("result", "parts"), [
    ("Brisela, Voice of Nightmares", ["Bruna, the Fading Light", "Gisela, the Broken Blade"]),  # all_parts (2019)
    ("Mishra, Lost to Phyrexia", ["Mishra, Claimed by Gix", "Phyrexian Dragon Engine"]),        # text only (2025)
])
def test_meld_result_is_found_and_never_legal(fixture_db, result, parts):
    report = facts(fixture_db, result)
    assert report["found"] and report["legal"] is False and report["illegal_reasons"] == ["meld_result"]
    assert report["melded_from"] == parts and not report["leader"]
    assert fixture_db.execute("SELECT count(*) FROM cards WHERE name = ?", [result]).fetchone() == (0,)


def test_meld_result_card_output_says_why(fixture_db_path):
    out = subprocess.run([sys.executable, "-m", "generator", "card", "Brisela, Voice of Nightmares", "--db",
                          str(fixture_db_path)], capture_output=True, text=True, check=True).stdout
    assert "not legal in" in out and "exists only on the battlefield" in out
    assert "Bruna, the Fading Light and Gisela, the Broken Blade" in out


# --- 7. a banned card absent from the data ---------------------------------------------------------------

def without(name: str) -> list[dict]:
    return [card for card in all_fixture_cards() if card["name"] != name]


def test_banned_card_absent_from_a_fresh_source_is_taken_for_a_typo(tmp_path):
    # No evidence that "Balance" is a card: it is one edit from Lance, so the guard stops the build.
    with pytest.raises(BuildError, match="'Balance' .* did you mean 'Lance'"):
        build_from_cards(without("Balance"), tmp_path)


def test_banned_card_absent_but_in_the_previous_build_only_warns(tmp_path):
    paths = project_copy(tmp_path)
    build_from_cards(all_fixture_cards(), tmp_path, paths)
    source = write_jsonl_gz(without("Balance"), tmp_path / "no-balance.jsonl.gz")
    report = build_database(source, paths)
    assert any("'Balance' (banlist) is a real card (in the previous build) missing from this data" in w
               for w in report.warnings)


def test_banned_card_absent_but_in_scryfalls_catalog_only_warns(tmp_path):
    paths = project_copy(tmp_path)
    source = write_jsonl_gz(without("Balance"), tmp_path / "no-balance.jsonl.gz")
    report = build_database(source, paths, card_names=["Balance", "Lance"])
    assert any("'Balance' (banlist) is a real card (in Scryfall's catalog)" in w for w in report.warnings)


def test_banned_card_absent_but_in_the_published_build_only_warns(tmp_path):
    # A fresh runner has no previous database; the published summary it fetched names Balance.
    paths = project_copy(tmp_path)
    paths.build_dir.mkdir(parents=True, exist_ok=True)
    summary = {"cards": {"x": {"name": "Balance"}}}
    (paths.build_dir / "previous-summary.json.gz").write_bytes(gzip.compress(json.dumps(summary).encode()))
    source = write_jsonl_gz(without("Balance"), tmp_path / "no-balance.jsonl.gz")
    result = subprocess.run([sys.executable, "-m", "generator", "build", "--source", str(source), "--no-site",
                             "--project-dir", str(paths.root), "--build-dir", str(paths.build_dir), "--allow-drop"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "'Balance' (banlist) is a real card (in the published build) missing from this data" in result.stderr


def test_typo_of_a_real_card_stops_the_build_even_after_a_good_build(tmp_path):
    paths = project_copy(tmp_path)
    build_from_cards(all_fixture_cards(), tmp_path, paths)
    banlist = paths.formats_dir / "coalition" / "banlist.yml"
    banlist.write_text(banlist.read_text(encoding="utf-8").replace("{card: Balance,", "{card: Balanse,"), encoding="utf-8")
    with pytest.raises(BuildError, match=r"banlist\.yml:\d+: 'Balanse' \(banlist\) matches no card; did you mean 'Balance'"):
        build_database(write_jsonl_gz(all_fixture_cards(), tmp_path / "all.jsonl.gz"), paths)


# --- 9. small ones ---------------------------------------------------------------------------------------

def test_card_json_into_a_closed_pipe_exits_quietly(fixture_db_path):
    # `coalition card X --json | head -1`: the reader leaves early; no traceback.
    script = (f"{sys.executable} -m generator card 'Kaalia of the Vast' Island Forest 'Swan Song' --json "
              f"--db '{fixture_db_path}' | head -1")
    result = subprocess.run(["bash", "-o", "pipefail", "-c", script], capture_output=True, text=True)
    assert result.stdout == "[\n" and result.stderr == "" and result.returncode == 0


def test_pool_counts_use_one_grouping(fixture_db_path):
    out = subprocess.run([sys.executable, "-m", "generator", "type", "Angel", "--json", "--db", str(fixture_db_path)],
                         capture_output=True, text=True, check=True).stdout
    report = json.loads(out)
    assert list(report["pool_groups"]) == ["creatures", "other_spells", "lands"]
    assert sum(report["pool_groups"].values()) == report["pool_size"]
    text = subprocess.run([sys.executable, "-m", "generator", "type", "Angel", "--db", str(fixture_db_path)],
                          capture_output=True, text=True, check=True).stdout
    assert "other spells" in text and "lands" in text


# --- which words were read and why a word was not -----------------------------------------------------------

def test_card_output_names_the_words_not_read(fixture_db_path):
    out = subprocess.run([sys.executable, "-m", "generator", "card", "Prosper, Tome-Bound", "--db", str(fixture_db_path)],
                         capture_output=True, text=True, check=True).stdout
    assert 'Not read      Mystic in "Mystic Arcanum —" (an ability or flavor word' in out


@pytest.fixture(scope="module")
def fixture_pages(fixture_db_path) -> dict[str, str]:
    from generator.site.context import format_sites, load_site_data
    from generator.site.pages import all_pages

    with duckdb.connect(str(fixture_db_path), read_only=True) as con:
        sites = format_sites(con, PROJECT_ROOT / "data" / "formats")
        return dict(all_pages(sites, lambda name: load_site_data(con, name)))


@pytest.mark.parametrize(("page", "shown"), [
    ("leaders/prosper-tome-bound.md", "<tr><td>Mystic</td><td>“Mystic Arcanum —”</td><td>an ability or flavor word"),
    ("leaders/rhino-barreling-brute.md", "<tr><td>Rhino</td><td>“Rhino”</td><td>the legend&#39;s short name"),
    ("leaders/butch-deloria-tunnel-snake.md", "Snakes</td><td>“Tunnel Snakes Rule! —”"),
])
def test_leader_page_shows_the_words_not_read(fixture_pages, page, shown):
    assert "### Words not read as types" in fixture_pages[page] and shown in fixture_pages[page]


def test_rules_page_states_each_reading_in_force(fixture_pages):
    readings = fixture_pages["generated/readings.md"]
    assert "Switch: `faction_choices: ignored` in `data/readings.yml`" in readings
    assert "Switch: `readings: flip_cards: legal`" in readings and "710.1b" in readings
    assert "Brisela, Voice of Nightmares is the melded back" in readings


def test_rules_page_reads_the_concession_exception_that_names_itself(fixture_pages):
    """Review of 2026-11-27: 906.6g says "906.6g does not apply" (its own number, where 906.6f is meant) and the
    rules page quoted it without a word. The readings say how the site reads it, linked to the rule."""
    readings = fixture_pages["generated/readings.md"]
    note = readings[readings.index("**Conceding to one player together.**"):]
    note = note.split("\n\n")[0]
    assert "A rule cannot be an exception to itself" in note and "reads the second number as" in note
    assert "#906-6g" in note and "#906-6f" in note


def test_validator_says_a_meld_result_is_no_deck_card(fixture_db_path, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Brisela, Voice of Nightmares\n59 Island\n\n1 Kaalia of the Vast\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "generator", "validate", str(deck), "--db", str(fixture_db_path)],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert "Brisela, Voice of Nightmares is banned: It is the melded back of two cards" in result.stdout
    assert "906.5d" not in result.stdout  # the ban is the problem, not a copy limit
