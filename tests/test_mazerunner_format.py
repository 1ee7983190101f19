"""Mazerunner as a format (data/formats/mazerunner/): its rules text with `2e-ii` numbers and anchors, the
checks of format.yml against it, the base pool and the three banlist sources of rule 2e, who can be a
commander, the mechanics of rule 2c, and `coalition card` / `coalition validate` on it. The deck rules
themselves run in tests/decks/mazerunner/ (both interpreters) and tests/test_deckcolors.py."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import pytest
import yaml

from generator.errors import BuildError
from generator.formatdata import load_format, rule_numbers
from generator.site.rules import load_rules
from tests.deck_helpers import DECKS_DIR, deck_db, validate_main

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "data" / "formats" / "mazerunner"
SEED = ROOT.parent / "shared" / "reference" / "seeds" / "mazerunner-rules.txt"


def test_rules_text_numbers_anchors_and_levels():
    rules = {rule.number: rule for rule in load_rules(FOLDER / "rules")}
    assert rules["2"].level == 0 and rules["2"].title == "Deckbuilding Restrictions"
    assert rules["Sideboard"].kind == "term" and rules["Sideboard"].anchor == "sideboard"
    assert rules["2e"].level == 1 and rules["2e-ii"].level == 2 and rules["2e-ii"].anchor == "2e-ii"
    assert "Commander format banlist" in rules["2e-ii"].text
    assert len(rules["4d-iv"].examples) == 2 and rules["4d-iii"].examples[0].startswith("Player A controls Player B")
    assert {"2a", "2b", "2c", "2e", "2e-iii", "5a-iii"} <= rule_numbers((FOLDER / "rules" / "mazerunner.txt").read_text())


def test_every_rule_of_the_seed_is_in_the_text():
    """Each lettered rule and Roman-numbered part of the published document has its line, in order."""
    if not SEED.exists():
        pytest.skip(f"{SEED} is not present")
    numbers = [rule.number for rule in load_rules(FOLDER / "rules") if rule.kind == "rule"]
    assert len(numbers) == len(set(numbers)) == 60
    assert [n for n in numbers if n.startswith("4d")] == ["4d"] + [f"4d-{r}" for r in
                                                                    ("i", "ii", "iii", "iv", "v", "vi", "vii")]


def test_the_named_bans_of_2e_iii_are_the_seeds():
    """2e-iii's numbered list of the published document, read from it, is banlist.yml's named bans, exactly."""
    if not SEED.exists():
        pytest.skip(f"{SEED} is not present")
    text = SEED.read_text(encoding="utf-8").split("- iii. Specific Mazerunner bans:", 1)[1]
    published = []
    for line in text.splitlines()[1:]:
        number, dot, card = line.strip().partition(". ")
        if not (dot and number.isdigit()):
            break                                                       # the list ends at the next lettered rule
        published.append(card.strip())
    named = yaml.safe_load((FOLDER / "banlist.yml").read_text(encoding="utf-8"))["banned"]
    assert len(published) == 9 and sorted(entry["card"] for entry in named) == sorted(published)


def copy_format(tmp_path: Path) -> Path:
    folder = tmp_path / "mazerunner"
    shutil.copytree(FOLDER, folder)
    return folder


def edit(folder: Path, change) -> None:
    path = folder / "format.yml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


@pytest.mark.parametrize("change, message", [
    (lambda d: d["checks"][0].update(rule="2z"), "rule '2z' is not in the format's rules text"),
    (lambda d: d["checks"][0].update(rule="Sideboard"), "rule 'Sideboard' is not in the format's rules text"),
    (lambda d: d["cites"].update(swap="Sideboards"), "cited rule 'Sideboards' is not in the format's rules text"),
    (lambda d: d.update(default_variant="four-color"), "default_variant 'four-color' is not one of the variants"),
    (lambda d: d["variants"]["three-color-partner"]["allows"].append("Banding"), "allows 'Banding'"),
    (lambda d: d["variants"]["two-color"].update(colors=6), "less than or equal to 5"),
    (lambda d: d["base_pool"].update(banned_reason="Commander ban"), "banned_reason"),
    (lambda d: d["checks"][0].update(kind="colour_identity"), "kind"),
])
def test_format_file_mistakes_are_refused(tmp_path, change, message):
    folder = copy_format(tmp_path)
    edit(folder, change)
    with pytest.raises(BuildError, match=message):
        load_format(folder)


def test_one_home_for_each_number():
    """Deck sizes and variants live in format.yml; league.yml keeps only the league's own numbers."""
    league = yaml.safe_load((FOLDER / "league.yml").read_text(encoding="utf-8"))
    assert not {"deck", "variants", "default_variant"} & set(league)
    fmt = load_format(FOLDER).settings
    assert (fmt.deck_size, fmt.sideboard_max, fmt.default_variant) == (100, 20, "two-color")


# --- on the 2019 card data -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def con():
    with duckdb.connect(str(deck_db()), read_only=True) as connection:
        yield connection


def reasons(con, name: str, fmt: str = "mazerunner") -> list[str]:
    return con.execute("SELECT l.reasons FROM legality l JOIN cards c USING (oracle_id) WHERE l.format = ? AND c.name = ?",
                       [fmt, name]).fetchone()[0]


@pytest.mark.fullscale
@pytest.mark.parametrize("name, expected", [
    ("Sol Ring", ["banned"]),                                   # 2e-iii, by name
    ("Lion's Eye Diamond", ["reserved_list"]),                  # 2e-i
    ("Panoptic Mirror", ["commander_banlist"]),                 # 2e-ii
    ("Black Lotus", ["commander_banlist", "reserved_list"]),    # both
    ("Blacker Lotus", ["not_in_commander"]),                    # a joke card: outside Commander's pool
    ("Lightning Bolt", []),
])
def test_the_three_sources_of_rule_2e(con, name, expected):
    assert reasons(con, name) == expected


@pytest.mark.fullscale
@pytest.mark.parametrize("name, can_lead", [
    ("Adeliz, the Cinder Wind", True),        # a legendary creature of two colors
    ("Aminatou, the Fateshifter", True),      # "can be your commander", three colors
    ("Daretti, Scrap Savant", False),         # "can be your commander", but one color: no variant has it
    ("Krenko, Mob Boss", False),              # one color
])
def test_who_can_be_a_commander(con, name, can_lead):
    row = con.execute("SELECT l.can_lead FROM leaders l JOIN cards c USING (oracle_id) "
                      "WHERE l.format = 'mazerunner' AND c.name = ?", [name]).fetchone()
    assert row is not None and row[0] is can_lead
    coalition = con.execute("SELECT count(*) FROM leaders l JOIN cards c USING (oracle_id) "
                            "WHERE l.format = 'coalition' AND c.name = 'Aminatou, the Fateshifter'").fetchone()[0]
    assert coalition == 0    # "can be your commander" makes no Coalition leader


@pytest.mark.fullscale
@pytest.mark.parametrize("name, mechanics", [
    ("Kraum, Ludevic's Opus", ["Partner"]),
    ("Pir, Imaginative Rascal", ["Partner with"]),     # "Partner with" is not plain Partner
    ("Adeliz, the Cinder Wind", []),
])
def test_mechanics_of_rule_2c(con, name, mechanics):
    rows = con.execute("SELECT m.mechanic FROM card_mechanics m JOIN cards c USING (oracle_id) "
                       "WHERE m.format = 'mazerunner' AND c.name = ? ORDER BY 1", [name]).fetchall()
    assert [r[0] for r in rows] == mechanics


@pytest.mark.fullscale
def test_card_command_adds_identity_and_commander(capsys):
    db = str(deck_db())
    assert validate_main(["card", "Kraum", "Daretti, Scrap Savant", "--format", "mazerunner", "--json", "--db", db]) == 0
    kraum, daretti = json.loads(capsys.readouterr().out)
    assert (kraum["color_identity"], kraum["mechanics"], kraum["leader"]) == ("UR", ["Partner"], True)
    assert kraum["seasons"] == ["three-color-partner"]            # Partner keeps it out of a two-color season (2c)
    assert (daretti["color_identity"], daretti["leader"], daretti["seasons"]) == ("R", False, [])
    assert validate_main(["card", "Kraum", "--json", "--db", db]) == 0
    assert "color_identity" not in json.loads(capsys.readouterr().out)[0]     # Coalition's shape is unchanged
    assert validate_main(["card", "Aminatou", "--format", "mazerunner", "--db", db]) == 0
    assert "Color identity  WUB\nAs commander    It can be a commander in a three-color season.\n" in capsys.readouterr().out


@pytest.mark.fullscale
@pytest.mark.parametrize("name, lines", [
    ("Sol Ring", ["Legality        not legal in Mazerunner\n                - Banned: Mazerunner ban (2e-iii).\n",
                  "As commander    It cannot be a commander in any season: it is not legal in Mazerunner.\n"]),
    ("Black Lotus", ["- Commander banlist: It is on the Commander banlist, which Mazerunner follows (2e-ii).\n",
                     "- Reserved List: Cards on Wizards of the Coast's Reserved List are banned in Mazerunner (2e-i).\n"]),
    ("Thrasios, Triton Hero", ["Legality        legal in Mazerunner\n",
                               "As commander    It cannot be a commander in any season: a two-color season does not allow "
                               "Partner (2c); a three-color season's commander has 3 colors, this card 2 (5a); a "
                               "three-color-partner season bans it as a commander (5a-iii).\n"]),
    ("Lightning Bolt", ["As commander    It cannot be a commander in any season: it is not a legendary creature and "
                        "does not say it can be your commander (2b).\n"]),
])
def test_card_text_says_what_the_lookup_says(capsys, name, lines):
    """Review of 2026-11-26: `coalition card --format mazerunner` printed Coalition's affiliations, "not legal:
    banned" where the lookup names the source (2e-iii), and "Commander: no" for Thrasios without its reason.
    The same words as tests/browser/test_mazerunner_pages.py's lookup (format.json, texts.commander)."""
    assert validate_main(["card", name, "--format", "mazerunner", "--db", str(deck_db())]) == 0
    out = capsys.readouterr().out
    assert "Affiliations" not in out and "Not read" not in out     # the format reads no creature type
    for line in lines:
        assert line in out, out


@pytest.mark.fullscale
@pytest.mark.parametrize("name, leader, seasons", [
    ("Thrasios, Triton Hero", False, []),                          # Partner (2c), and banned as commander (5a-iii)
    ("Niv-Mizzet, Parun", True, ["three-color-partner", "two-color"]),   # every commander has partner there (5a-iii)
    ("Kraum, Ludevic's Opus", True, ["three-color-partner"]),
    ("Aminatou, the Fateshifter", True, ["three-color"]),
])
def test_the_seasons_a_commander_can_lead(capsys, name, leader, seasons):
    """One answer for the card command, the lookup (cards.json "v") and the identity pages: the leaders table."""
    assert validate_main(["card", name, "--format", "mazerunner", "--json", "--db", str(deck_db())]) == 0
    report = json.loads(capsys.readouterr().out)[0]
    assert (report["leader"], report["seasons"]) == (leader, seasons)


@pytest.mark.fullscale
def test_validate_variant_identity_and_text_report(capsys):
    db = str(deck_db())
    deck = str(DECKS_DIR / "mazerunner" / "partners.txt")
    assert validate_main(["validate", deck, "--format", "mazerunner", "--variant", "three-color-partner", "--db", db]) == 0
    out = capsys.readouterr().out
    assert out.startswith("LEGAL\nCommanders: Kraum, Ludevic's Opus and Silas Renn, Seeker Adept\n"
                          "Color identity: UBR; variant: three-color-partner\n")
    assert validate_main(["validate", deck, "--format", "mazerunner", "--variant", "four-color", "--db", db]) == 2
    assert "--variant four-color: not a variant of Mazerunner" in capsys.readouterr().err
    assert validate_main(["validate", deck, "--format", "mazerunner", "--variant", "three-color-partner",
                          "--identity", "UBR", "--db", db]) == 0


@pytest.mark.fullscale
def test_an_option_of_the_other_kind_of_format_is_refused(capsys):
    db = str(deck_db())
    maze_deck, goblins = str(DECKS_DIR / "mazerunner" / "partners.txt"), str(DECKS_DIR / "legal-goblins-moxfield.txt")
    assert validate_main(["validate", goblins, "--identity", "WU", "--db", db]) == 2
    assert "--identity WU: Coalition decks share a creature type, not a color identity (use --type)" in capsys.readouterr().err
    assert validate_main(["validate", maze_deck, "--format", "mazerunner", "--type", "Goblin", "--db", db]) == 2
    assert "--type Goblin: Mazerunner decks have a color identity, not a shared type (use --identity)" in capsys.readouterr().err
    assert validate_main(["validate", goblins, "--variant", "three-color", "--db", db]) == 2
    assert capsys.readouterr().err.endswith("--variant three-color: Coalition has no variants\n")
