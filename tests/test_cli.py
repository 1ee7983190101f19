"""The command line: every command, its JSON shape and its exit status."""

from __future__ import annotations

import json
import shutil

import duckdb
import pytest

from generator.cli import main


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


CARD_KEYS = {"name", "found", "affiliations", "affiliation_sources", "legal", "illegal_reasons", "max_copies",
             "leader", "coalition_types"}


def test_card_json_shape_and_order(fixture_db_path, capsys):
    code, out, _ = run_cli(capsys, "card", "swan song", "KAALIA OF THE VAST", "--json", "--db", str(fixture_db_path))
    assert code == 0
    swan, kaalia = json.loads(out)
    assert CARD_KEYS <= set(swan)
    assert swan["name"] == "Swan Song" and swan["affiliations"] == ["Bird"]
    assert swan["affiliation_sources"] == {"Bird": ["oracle_text"]}
    assert (swan["legal"], swan["illegal_reasons"], swan["max_copies"], swan["leader"]) == (True, [], 1, False)
    assert kaalia["leader"] is True and kaalia["coalition_types"] == ["Angel", "Cleric", "Demon", "Dragon"]


def test_card_unlimited_is_null(fixture_db_path, capsys):
    _, out, _ = run_cli(capsys, "card", "Relentless Rats", "--json", "--db", str(fixture_db_path))
    assert json.loads(out)[0]["max_copies"] is None


def test_two_faced_card_by_front_or_full_name(fixture_db_path, capsys):
    full_name = "Westvale Abbey // Ormendahl, Profane Prince"
    code, out, _ = run_cli(capsys, "card", "westvale abbey", full_name, "--json", "--db", str(fixture_db_path))
    assert code == 0
    assert [card["name"] for card in json.loads(out)] == [full_name, full_name]


def test_names_match_without_accents(fixture_db_path, capsys):
    code, out, _ = run_cli(capsys, "card", "nazgul", "--json", "--db", str(fixture_db_path))
    assert code == 0 and json.loads(out)[0]["name"] == "Nazgûl"


def test_changeling_lists_every_type(fixture_db_path, fixture_db, capsys):
    _, out, _ = run_cli(capsys, "card", "Changeling Outcast", "--json", "--db", str(fixture_db_path))
    every_type = sorted(t for (t,) in fixture_db.execute("SELECT type FROM creature_types").fetchall())
    assert json.loads(out)[0]["affiliations"] == every_type


def test_card_not_found_exits_1(fixture_db_path, capsys):
    code, out, _ = run_cli(capsys, "card", "Swan Song", "No Such Card", "--json", "--db", str(fixture_db_path))
    assert code == 1
    assert json.loads(out)[1] == {"name": "No Such Card", "found": False, "suggestions": []}


def test_card_names_are_forgiven_and_typos_suggested(fixture_db_path, capsys):
    code, out, _ = run_cli(capsys, "card", "SWAN-SONG", "depala", "ormendahl profane prince", "--json", "--db", str(fixture_db_path))
    assert code == 0
    assert [card["name"] for card in json.loads(out)] == [
        "Swan Song", "Depala, Pilot Exemplar", "Westvale Abbey // Ormendahl, Profane Prince"]
    code, out, _ = run_cli(capsys, "card", "Swan Sogn Xz", "--db", str(fixture_db_path))
    assert code == 1 and out == 'No card is named "Swan Sogn Xz". Did you mean:\n  Swan Song\n'


def test_a_typo_opens_its_one_nearest_name_and_says_so(fixture_db_path, capsys):
    """Review item 18: as the lookup page does on Enter (generator/names.py rule 5)."""
    code, out, _ = run_cli(capsys, "card", "Swan Snog", "--db", str(fixture_db_path))
    assert code == 0 and out.startswith('No card is named "Swan Snog": the nearest name is Swan Song.')
    assert "Card          Swan Song" in out
    _, out, _ = run_cli(capsys, "card", "lightning blot", "--json", "--db", str(fixture_db_path))
    [report] = json.loads(out)
    assert report["found"] and report["name"] == "Lightning Bolt" and report["nearest_to"] == "lightning blot"
    assert "Lightning Bolt" not in report["suggestions"]
    # A typo of a legend's short name: the legend, as its short name reads (issue 14's forgiving lookup).
    code, out, _ = run_cli(capsys, "card", "misrha", "--db", str(fixture_db_path))
    assert code == 0 and out.startswith('No card is named "misrha": the nearest name is Mishra, Claimed by Gix.')


def test_a_whole_word_opens_the_most_played_name_holding_it(fixture_db_path, capsys):
    """Player review: `coalition card bolt` opened Jolt, a one-letter typo, not Lightning Bolt. A whole word of
    card names opens the most played name holding it (edhrec_rank: Changeling Outcast, 681, before Avian
    Changeling, 6860, shorter and ending with the word), the others offered (generator/names.py rules 4 and 5)."""
    code, out, _ = run_cli(capsys, "card", "bolt", "--db", str(fixture_db_path))
    # Review 2 item 7: said as the lookup page says it, "first", not "nearest" (a typo's word) nor "most played".
    assert code == 0 and out.startswith('No card is named "bolt"; of the cards with "bolt" in their name, Lightning Bolt comes first.')
    _, out, _ = run_cli(capsys, "card", "changeling", "--json", "--db", str(fixture_db_path))
    [report] = json.loads(out)
    assert report["name"] == "Changeling Outcast" and report["suggestions"][0] == "Avian Changeling"


def test_words_that_spell_a_type_are_answered_with_the_type_not_a_card(fixture_db_path, capsys):
    """Player review: `coalition card goblins` opened _____ Goblin, the nearest name; the words spell the
    Goblin type and no card is named so, as the lookup page answers them. A card's own name still opens it."""
    from generator.commands.card import matched
    from generator.names import NameIndex

    index = NameIndex.from_cards([{"n": "_____ Goblin"}, {"n": "Goblinslide"}])
    assert matched(index, ["a", "b"], "goblins", spells_type=True) == ("goblins", None, None)
    assert matched(index, ["a", "b"], "goblins")[1] == "a"   # no type spelled: the typo's nearest name
    code, out, _ = run_cli(capsys, "card", "goblins", "--db", str(fixture_db_path))
    assert code == 1 and out.startswith('"goblins" names a creature type: `coalition type Goblin` answers it.\n'
                                        'No card is named "goblins".')
    code, out, _ = run_cli(capsys, "card", "goblins", "--format", "heroic", "--db", str(fixture_db_path))
    assert code == 1 and out.startswith('"goblins" names a creature type: `coalition type Goblin --format heroic` answers it.')
    _, out, _ = run_cli(capsys, "card", "GOBLINS", "Goblin Guide", "--json", "--db", str(fixture_db_path))
    asked, card = json.loads(out)
    assert (asked["found"], asked["creature_type"]) == (False, "Goblin") and "creature_type" not in card


@pytest.mark.parametrize(("asked", "says", "read_as"), [
    ("mishra", '"mishra" is short for Mishra, Claimed by Gix.\nCard ', "short_name"),
    ("ormendahl profane prince", '"ormendahl profane prince" is a face of Westvale Abbey // Ormendahl, Profane Prince.\nCard ', "face"),
    ("westvale abbey", '"westvale abbey" is a face of Westvale Abbey // Ormendahl, Profane Prince.\nCard ', "face"),
    ("SWAN-SONG", "Card ", "name"),
    ("song, swan", '"song, swan" is Swan Song, its words in another order.\nCard ', "words"),
])
def test_card_says_what_a_name_was_read_as(fixture_db_path, capsys, asked, says, read_as):
    """As the lookup page says it: a legend's short name, a face, a typo (above); the card's own name, nothing."""
    code, out, _ = run_cli(capsys, "card", asked, "--db", str(fixture_db_path))
    assert code == 0 and out.startswith(says)
    _, out, _ = run_cli(capsys, "card", asked, "--json", "--db", str(fixture_db_path))
    [report] = json.loads(out)
    assert (report["asked"], report["read_as"]) == (asked, read_as)
    assert report.get("suggestions") == ([] if read_as == "short_name" else None)


def test_a_short_name_offers_the_other_legends_so_named(capsys):
    """`coalition card ezuri` opens the shortest of the legends named Ezuri, and names the others a line each,
    so a player can retype (their names hold commas)."""
    from generator.commands.card import matched, note_reading, reading_lines
    from generator.names import NameIndex

    index = NameIndex.from_cards([{"n": "Ezuri, Renegade Leader", "lg": 1}, {"n": "Ezuri, Claw of Progress", "lg": 1},
                                  {"n": "Ezuri, Stalker of Spheres", "lg": 1}, {"n": "Ezuri's Brigade"}])
    asked, oracle_id, read = matched(index, ["a", "b", "c", "d"], "EZURI")
    report = {"name": "Ezuri, Renegade Leader", "found": True}
    note_reading(report, asked, read)
    assert (oracle_id, report["read_as"]) == ("a", "short_name")
    assert report["suggestions"] == ["Ezuri, Claw of Progress", "Ezuri, Stalker of Spheres"]
    assert reading_lines(report) == [
        '"EZURI" is short for Ezuri, Renegade Leader, the shortest of the 3 legends so named. Or did you mean:',
        "  Ezuri, Claw of Progress", "  Ezuri, Stalker of Spheres"]


def test_names_offered_in_one_line_can_be_told_apart():
    """Names hold commas: "Ezuri, Claw of Progress or Krenko, Mob Boss" reads as three names or four."""
    from generator.terminal import either

    assert either(["Ezuri, Claw of Progress", "Krenko, Mob Boss", "Fire // Ice"]) == \
        '"Ezuri, Claw of Progress", "Krenko, Mob Boss" or "Fire // Ice"'
    assert (either(["Swan Song"]), either([])) == ('"Swan Song"', "")


def test_a_banned_card_says_the_banlists_reason(fixture_db_path, capsys):
    """The banlist's own words for a named ban, as the banlist page says them, beside the codes (kept)."""
    with duckdb.connect(str(fixture_db_path), read_only=True) as con:
        (reason,) = con.execute("SELECT reason FROM banlist_names WHERE format = 'coalition' AND card = 'Sol Ring'").fetchone()
    code, out, _ = run_cli(capsys, "card", "Sol Ring", "Swan Song", "--json", "--db", str(fixture_db_path))
    ring, swan = json.loads(out)
    assert ring["illegal_reasons"] == ["banned"] and ring["illegal_reason_words"] == [f"Banned: {reason}"]
    assert swan["illegal_reason_words"] == []
    _, out, _ = run_cli(capsys, "card", "Sol Ring", "--db", str(fixture_db_path))
    assert "Legality      not legal in Coalition\n              - Banned: " + reason + "\n" in out


def test_a_card_no_deck_may_play_is_said_as_the_lookup_says_it(fixture_db_path, capsys):
    """Review: `coalition card Jihad` said "Affiliations none: ... so it fits every deck" and "not legal:
    racist_depiction, reserved_list" (the codes); the lookup says "No deck may play it" and labels each reason
    with vocabulary.yml's words. A legal unaffiliated card still fits every deck."""
    with duckdb.connect(str(fixture_db_path), read_only=True) as con:
        labels = dict(con.execute("SELECT reason, label FROM format_reason_labels WHERE format = 'coalition'").fetchall())
    code, out, _ = run_cli(capsys, "card", "Jihad", "--json", "--db", str(fixture_db_path))
    (jihad,) = json.loads(out)
    assert not jihad["legal"] and jihad["illegal_reasons"]
    _, out, _ = run_cli(capsys, "card", "Jihad", "--db", str(fixture_db_path))
    assert "fits every deck" not in out and "Affiliations  none: the card is unaffiliated\n" in out, out
    assert "Legality      not legal in Coalition\n" in out, out
    for code in jihad["illegal_reasons"]:
        assert code not in out.replace("Jihad", "") and f"- {labels[code]}: " in out, (code, out)
    _, out, _ = run_cli(capsys, "card", "Lightning Bolt", "--db", str(fixture_db_path))
    assert "Affiliations  none: the card is unaffiliated, so it fits every deck\n" in out, out


def test_a_watched_card_says_so(fixture_db_path, capsys):
    """Review item 21: the banlist's watchlist, in the card's report."""
    code, out, _ = run_cli(capsys, "card", "Dreadhorde Arcanist", "Swan Song", "--json", "--db", str(fixture_db_path))
    arcanist, swan = json.loads(out)
    assert arcanist["watchlist"] == "Unbanned and being watched." and swan["watchlist"] is None
    _, out, _ = run_cli(capsys, "card", "Dreadhorde Arcanist", "--db", str(fixture_db_path))
    assert "Watchlist     Unbanned and being watched." in out


def test_a_card_let_in_by_an_exception_says_on_what_condition(fixture_db_path, capsys):
    """Review of 2026-11-27: Frankie Peanuts read "legal as a leader only", with no word of the banlist's
    condition (banlist.yml `exceptions`: silver-bordered, allowed for casual, non-tournament play), which its
    banlist page, lookup and leader page say."""
    _, out, _ = run_cli(capsys, "card", "Frankie Peanuts", "Swan Song", "--json", "--db", str(fixture_db_path))
    frankie, swan = json.loads(out)
    assert frankie["exception"] == "Silver-bordered, but allowed for casual, non-tournament play." and swan["exception"] is None
    _, out, _ = run_cli(capsys, "card", "Frankie Peanuts", "--db", str(fixture_db_path))
    assert "Exception     Silver-bordered, but allowed for casual, non-tournament play.\n" in out, out


def test_card_table(fixture_db_path, capsys):
    code, out, _ = run_cli(capsys, "card", "Kaalia of the Vast", "--db", str(fixture_db_path))
    assert code == 0
    assert "Leads" in out and "Angel, Cleric, Demon, Dragon" in out and "legal as a leader only" in out


# Where Depala's types were read, as `coalition card` and the card lookup both say it (review of 2026-11-26, site
# item 5: the lookup said "rules text: “Dwarf”; rules text: “Dwarves”", the CLI "oracle_text: Dwarf, Dwarves").
DEPALA_EVIDENCE = "Dwarf (rules text: \u201cDwarf\u201d, \u201cDwarves\u201d; type line), Pilot (type line)"


def test_card_groups_a_types_evidence_by_source_in_the_lookups_words(fixture_db_path, capsys):
    code, out, _ = run_cli(capsys, "card", "Depala, Pilot Exemplar", "--db", str(fixture_db_path))
    assert code == 0
    assert f"Affiliations  {DEPALA_EVIDENCE}\n" in out, out


def test_card_quotes_the_words_of_the_sources_its_vocabulary_names(fixture_db_path, tmp_path, capsys):
    """Which sources' words are quoted is data (vocabulary.yml quoted_evidence, the database's evidence_words,
    format.json for the lookup), not a list in the code: asked to quote the type line's words and not the
    rules text's, the CLI does so."""
    database = tmp_path / "quoting.duckdb"
    shutil.copy(fixture_db_path, database)
    with duckdb.connect(str(database)) as con:
        con.execute("UPDATE evidence_words SET quoted = (source = 'type_line')")
    _, out, _ = run_cli(capsys, "card", "Depala, Pilot Exemplar", "--db", str(database))
    assert "Affiliations  Dwarf (rules text; type line: \u201cDwarf\u201d), Pilot (type line: \u201cPilot\u201d)\n" in out, out


def copies_row(out: str) -> list[str]:
    return [line.split(None, 1)[1] for line in out.splitlines() if line.startswith("Copies ")]


def test_copies_say_what_the_lookup_says(fixture_db_path, capsys):
    """A leader: one, as the deck's leader (hero in Heroic); a card that is not legal: none. `max_copies`
    stays the copy rules' figure (cards.json's `x`); `deck_copies` and `leader_zone` say what a deck may hold."""
    asked = ("Kaalia of the Vast", "Black Lotus", "Westvale Abbey", "Swan Song")
    _, out, _ = run_cli(capsys, "card", *asked, "--db", str(fixture_db_path))
    assert copies_row(out) == ["one, as the deck's leader (in the sideboard)", "none (not legal)", "none (not legal)",
                               "1 (singleton)"]
    _, out, _ = run_cli(capsys, "card", *asked, "--json", "--db", str(fixture_db_path))
    reports = json.loads(out)
    assert [(r["max_copies"], r["deck_copies"], r["leader_zone"]) for r in reports] == [
        (4, 1, "sideboard"), (1, 0, None), (4, 0, None), (1, 1, None)]
    _, out, _ = run_cli(capsys, "card", "Kaalia of the Vast", "Black Lotus", "--format", "heroic", "--db", str(fixture_db_path))
    assert copies_row(out) == ["one, as the deck's hero (in the sideboard)", "1 (singleton)"]


def test_a_card_affiliated_with_human_alone_fits_no_deck(fixture_db_path, capsys):
    """As the lookup says it (review 17): legal, yet no coalition type holds it, so a deck may hold none."""
    code, out, _ = run_cli(capsys, "card", "Human Frailty", "--db", str(fixture_db_path))
    assert code == 0
    assert "Legality      legal, but it fits no deck: no leader leads its types" in out
    assert "Copies        none (it fits no deck)" in out
    _, out, _ = run_cli(capsys, "card", "Human Frailty", "Lightning Bolt", "--json", "--db", str(fixture_db_path))
    frailty, bolt = json.loads(out)
    assert (frailty["legal"], frailty["fits_no_deck"], frailty["deck_copies"]) == (True, True, 0)
    assert (bolt["fits_no_deck"], bolt["deck_copies"]) == (False, 1)
    _, out, _ = run_cli(capsys, "card", "Human Frailty", "--format", "mazerunner", "--json", "--db", str(fixture_db_path))
    assert json.loads(out)[0]["fits_no_deck"] is False   # an identity format reads no creature type


def test_type_json(fixture_db_path, capsys):
    code, out, _ = run_cli(capsys, "type", "angels", "--json", "--db", str(fixture_db_path))
    report = json.loads(out)
    assert code == 0 and report["type"] == "Angel"
    assert "Kaalia of the Vast" in report["leaders"]
    assert report["pool_size"] == sum(report["pool_by_card_type"].values())


def test_type_text_counts_agree_with_their_nouns(fixture_db_path, capsys):
    """"Angel: 1 leaders": every count the CLI prints agrees with its noun (review of 2026-11-26, item 3)."""
    _, out, _ = run_cli(capsys, "type", "angels", "--json", "--db", str(fixture_db_path))
    report = json.loads(out)
    _, text, _ = run_cli(capsys, "type", "angels", "--db", str(fixture_db_path))

    def counted(count: int, noun: str) -> str:
        return f"{count} {noun}" + ("" if count == 1 else "s")
    assert text.startswith(f"Angel: {counted(report['leader_count'], 'leader')}, {counted(report['pool_size'], 'card')} in "
                           f"its pool ({counted(report['changelings'], 'changeling')})\n")
    assert report["leader_count"] == 1 or report["changelings"] == 1   # the case this test is for


@pytest.mark.parametrize(("asked", "fmt", "says", "json_keys"), [
    # Review of 2026-11-26 (session 3): "human: not a coalition type (no leader can lead it)", though hundreds of
    # legends are Human: the rule bars it. A typo got no suggestion, though `card` forgives typos.
    ("human", "coalition", "Human: never a coalition type (rule 906.5e), though many leaders are Human\n",
     {"creature_type": "Human"}),
    ("humans", "heroic", "Human: never a shared type (rule 3.5), though many heroes are Human\n", {"creature_type": "Human"}),
    ("angle", "coalition", 'angle: not a creature type; did you mean "Angel"?\n', {"suggestions": ["Angel"]}),
    ("xyzzy", "coalition", "xyzzy: not a creature type\n", {"suggestions": []}),
])
def test_type_unknown_exits_1_and_says_why(fixture_db_path, capsys, asked, fmt, says, json_keys):
    code, out, _ = run_cli(capsys, "type", asked, "--format", fmt, "--db", str(fixture_db_path))
    assert code == 1 and out == says
    code, out, _ = run_cli(capsys, "type", asked, "--format", fmt, "--json", "--db", str(fixture_db_path))
    # The JSON says why in the same words (it used to hold only the keys, the reason left to the text).
    assert code == 1 and json.loads(out) == {"type": asked, "found": False, **json_keys, "reason": says.strip()}


def test_type_speaks_the_formats_words(fixture_db_path, capsys):
    _, text, _ = run_cli(capsys, "type", "angels", "--format", "heroic", "--db", str(fixture_db_path))
    assert text.startswith("Angel: 4 heroes, ") and "\nHeroes:\n" in text


@pytest.mark.parametrize("asked", ["UR", "ru", "Izzet", " izzet ", "{U}{R}", "blue-red"])
def test_type_in_an_identity_format_answers_a_color_identity(fixture_db_path, capsys, asked):
    """Review of 2026-11-26: `coalition type UR --format mazerunner` said "not a color identity" for every
    identity. It answers the identity page's commanders and pool, letters in any order or case, or its name."""
    import duckdb

    from generator.site.context import load_format
    from generator.site.identities import load_identities

    code, out, _ = run_cli(capsys, "type", asked, "--format", "mazerunner", "--json", "--db", str(fixture_db_path))
    report = json.loads(out)
    with duckdb.connect(str(fixture_db_path), read_only=True) as con:
        page = next(row for row in load_identities(con, "mazerunner", load_format(con, "mazerunner"))
                    if row["letters"] == "UR")
    assert code == 0 and (report["type"], report["name"]) == ("UR", "Izzet")
    assert report["leaders"] == [card["name"] for card in page["commanders"]] and report["leader_count"] > 0
    assert report["pool_size"] == page["pool_size"]
    code, text, _ = run_cli(capsys, "type", asked, "--format", "mazerunner", "--db", str(fixture_db_path))
    assert code == 0 and text.startswith(f"UR (Izzet): {report['leader_count']} commander")


@pytest.mark.parametrize(("asked", "says"), [
    # Review of 2026-11-26 (session 6): "W: not a color identity", though it is one: no season deals it.
    ("WUBRG", "WUBRG: no season gives a player 5 colors; its variants give 2 or 3 colors"),
    ("g", "G: no season gives a player 1 color; its variants give 2 or 3 colors"),
    ("Goblin", "Goblin: not a color identity: write its colors as WUBRG letters (UR), mana symbols ({U}{R}), color "
                "words (blue red) or its name (Izzet), or colorless"),
    ("UUR", "UUR: not a color identity: write its colors as WUBRG letters (UR), mana symbols ({U}{R}), color "
                "words (blue red) or its name (Izzet), or colorless"),
    ("bw", "WB: no commander has exactly this color identity"),   # none among the fixture cards
    ("colorless", "colorless: no season gives a player 0 colors; its variants give 2 or 3 colors"),
])
def test_type_in_an_identity_format_refuses_what_no_season_deals(fixture_db_path, capsys, asked, says):
    code, out, _ = run_cli(capsys, "type", asked, "--format", "mazerunner", "--db", str(fixture_db_path))
    assert code == 1 and out == says + "\n"
    code, out, _ = run_cli(capsys, "type", asked, "--format", "mazerunner", "--json", "--db", str(fixture_db_path))
    assert code == 1 and json.loads(out) == {"type": asked, "found": False, "reason": says}


def test_card_says_a_cards_types_in_its_formats_words(fixture_db_path, capsys):
    """Player review: `coalition card --format heroic` said "Affiliations" and "unaffiliated", Coalition's words;
    Heroic's are its texts.words (typal identity), as its lookup page says them."""
    _, out, _ = run_cli(capsys, "card", "Kaalia of the Vast", "Black Lotus", "--format", "heroic",
                        "--db", str(fixture_db_path))
    assert "affiliat" not in out.lower(), out
    assert "\nTypal identity  none: the card has no typal identity, so it fits every deck\n" in out, out
    assert "\nTypal identity  Angel" in out, out
    _, out, _ = run_cli(capsys, "card", "Lightning Bolt", "--db", str(fixture_db_path))   # Black Lotus: no deck may
    assert "\nAffiliations  none: the card is unaffiliated, so it fits every deck\n" in out, out   # play it here


def test_a_legal_cards_legality_says_which_decks_may_play_it(fixture_db_path, capsys):
    """Review of 2026-11-28 (lookup, item 1): "legal" alone let a player put a Beast card in an Elf deck. The
    Legality line names the coalition types whose decks may play it, in the format's group words, or every deck."""
    _, out, _ = run_cli(capsys, "card", "Swan Song", "Lightning Bolt", "Avian Changeling", "--db", str(fixture_db_path))
    assert [line.split(None, 1)[1] for line in out.splitlines() if line.startswith("Legality")] == [
        "legal: in Bird coalitions only", "legal: in every coalition", "legal: in every coalition"]
    _, out, _ = run_cli(capsys, "card", "Bestial Menace", "--format", "heroic", "--db", str(fixture_db_path))
    types = json.loads(run_cli(capsys, "card", "Bestial Menace", "--json", "--format", "heroic",
                               "--db", str(fixture_db_path))[1])[0]["pool_types"]
    assert len(types) > 1 and f"legal: in {', '.join(types[:-1])} or {types[-1]} armies only" in out, out
