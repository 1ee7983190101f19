"""Which objects are deck cards, and how a card's faces and groups are read."""

from __future__ import annotations

import pytest


def card_names(con) -> set[str]:
    return {name for (name,) in con.execute("SELECT name FROM cards").fetchall()}


@pytest.mark.parametrize(
    "game_piece",
    [
        "Marit Lage",  # token
        "Ob Nixilis Reignited Emblem",  # emblem
        "Birds of Paradise Avatar",  # vanguard
        "Drench the Soil in Their Blood",  # scheme
        "Tazeem",  # plane
        "Brisela, Voice of Nightmares",  # meld result
        "Chittering Host",  # meld result
    ],
)
def test_game_pieces_and_meld_results_are_not_deck_cards(fixture_db, game_piece):
    assert game_piece not in card_names(fixture_db)


def test_meld_halves_are_deck_cards(fixture_db):
    assert {"Bruna, the Fading Light", "Gisela, the Broken Blade", "Graf Rats", "Midnight Scavengers"} <= card_names(fixture_db)


def test_two_faced_card_has_both_faces(fixture_db):
    faces = fixture_db.execute(
        "SELECT face_index, face_name, card_types FROM faces JOIN cards USING (oracle_id) "
        "WHERE front_name = 'Westvale Abbey' ORDER BY face_index"
    ).fetchall()
    assert faces == [(0, "Westvale Abbey", ["Land"]), (1, "Ormendahl, Profane Prince", ["Creature"])]


@pytest.mark.parametrize(
    ("card", "group"),
    [
        ("Kaalia of the Vast", "creature"),
        ("Westvale Abbey // Ormendahl, Profane Prince", "land"),
        ("Swan Song", "instant"),
        ("Bestial Menace", "sorcery"),
        ("Portal to Phyrexia", "artifact"),
        ("Crusade", "enchantment"),
        ("Grist, the Hunger Tide", "planeswalker"),
    ],
)
def test_card_group_follows_the_front_face(fixture_db, card, group):
    assert fixture_db.execute("SELECT card_group FROM cards WHERE name = ?", [card]).fetchone()[0] == group


def test_legendary_on_any_face(fixture_db):
    rows = dict(fixture_db.execute(
        "SELECT front_name, is_legendary FROM cards WHERE front_name IN ('Westvale Abbey', 'Swan Song')").fetchall())
    assert rows == {"Westvale Abbey": True, "Swan Song": False}


def test_reversible_printing_folds_into_the_card_it_repeats(fixture_db):
    """A reversible printing ("X // X": the same card on both sides) is card X, once. The shaped file's
    modal_dfc copy of Adrix and Nev and a Scryfall-real reversible_card of Sol Ring (whose faces carry Sol
    Ring's own Oracle id, which the load check must not call a repeat) both fold into the card."""
    names = card_names(fixture_db)
    assert not {"Adrix and Nev, Twincasters // Adrix and Nev, Twincasters", "Sol Ring // Sol Ring"} & names
    counts = dict(fixture_db.execute(
        "SELECT name, count(*) FROM cards WHERE name IN ('Adrix and Nev, Twincasters', 'Sol Ring') "
        "GROUP BY name").fetchall())
    assert counts == {"Adrix and Nev, Twincasters": 1, "Sol Ring": 1}
    leaders = fixture_db.execute(
        "SELECT count(*) FROM leaders JOIN cards USING (oracle_id) "
        "WHERE format = 'coalition' AND front_name = 'Adrix and Nev, Twincasters'").fetchone()[0]
    assert leaders == 1


def test_reversible_printing_alone_becomes_its_card(fixture_db):
    """A reversible_card object whose card is nowhere else in the file is that card: single-faced, with the
    Oracle id its faces carry."""
    from tests.conftest import fixture_card

    printing = fixture_card("Zndrsplt, Eye of Wisdom // Zndrsplt, Eye of Wisdom")
    row = fixture_db.execute(
        "SELECT oracle_id, name, front_name, layout, type_line, mana_cost, cmc, colors FROM cards "
        "WHERE name LIKE 'Zndrsplt%'").fetchall()
    assert row == [(printing["card_faces"][0]["oracle_id"], "Zndrsplt, Eye of Wisdom", "Zndrsplt, Eye of Wisdom",
                    "normal", "Legendary Creature — Homunculus", "{4}{U}", 5.0, ["U"])]
    faces = fixture_db.execute(
        "SELECT face_index, face_name FROM faces JOIN cards USING (oracle_id) WHERE name LIKE 'Zndrsplt%'").fetchall()
    assert faces == [(0, "Zndrsplt, Eye of Wisdom")]
    types = fixture_db.execute(
        "SELECT coalition_types FROM leaders JOIN cards USING (oracle_id) "
        "WHERE format = 'coalition' AND name LIKE 'Zndrsplt%'").fetchall()
    assert types == [(["Homunculus"],)]


def test_reversible_name_finds_the_card(fixture_db):
    """`coalition card "X // X"` answers with card X."""
    from generator.commands.card import forgiving_find

    [(_asked, oracle_id, read)] = forgiving_find(fixture_db, ["Adrix and Nev, Twincasters // Adrix and Nev, Twincasters"])
    name = fixture_db.execute("SELECT name FROM cards WHERE oracle_id = ?", [oracle_id]).fetchone()[0]
    assert name == "Adrix and Nev, Twincasters" and read.how == "name"     # found as written, not as a typo
