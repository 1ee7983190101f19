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
