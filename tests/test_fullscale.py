"""End to end on the real 2019 snapshot in ../shared (skipped when the file is absent)."""

from __future__ import annotations

import pytest

from tests.conftest import facts

pytestmark = pytest.mark.fullscale


def test_counts_are_plausible(snapshot_db):
    raw = 20030  # objects in the snapshot file
    cards = snapshot_db.execute("SELECT count(*) FROM cards").fetchone()[0]
    # Tokens, emblems, schemes, planes, vanguards and meld results are not deck cards.
    assert 19500 < cards < raw
    leaders = snapshot_db.execute("SELECT count(*) FROM leaders WHERE can_lead AND format = 'coalition'").fetchone()[0]
    assert 600 < leaders < 800


def test_no_game_pieces_are_cards(snapshot_db):
    rows = snapshot_db.execute(
        "SELECT name FROM cards WHERE layout IN ('token', 'emblem', 'vanguard', 'scheme', 'planar', 'double_faced_token')"
        " OR name IN ('Brisela, Voice of Nightmares', 'Chittering Host')"
    ).fetchall()
    assert rows == []


@pytest.mark.parametrize(
    ("card", "affiliations"),
    [
        ("Kaalia of the Vast", ["Angel", "Cleric", "Demon", "Dragon", "Human"]),
        ("Swan Song", ["Bird"]),
        ("Aether Chaser", ["Artificer", "Human", "Servo"]),
        ("Celestial Colonnade", ["Elemental"]),
        ("Archdemon of Unx", ["Demon", "Zombie"]),
        ("Goblin Bombardment", []),
        ("Coalition Victory", []),
    ],
)
def test_examples_in_the_real_data(snapshot_db, card, affiliations):
    assert facts(snapshot_db, card)["affiliations"] == affiliations


def test_banned_categories_have_their_published_sizes(snapshot_db):
    counts = dict(snapshot_db.execute("SELECT reason, count(*) FROM card_bans WHERE format = 'coalition' GROUP BY reason").fetchall())
    assert counts["conspiracy"] == 25
    assert counts["ante"] == 9
    assert counts["racist_depiction"] == 7


def test_no_joke_types_from_silver_borders(snapshot_db):
    types = {t for (t,) in snapshot_db.execute("SELECT type FROM creature_types").fetchall()}
    assert not {"The", "Proper", "Etiquette", "Forest", "Elves"} & types


def test_every_check_passed_and_every_type_has_a_leader(snapshot_db):
    orphans = snapshot_db.execute(
        "SELECT type FROM type_summary WHERE leaders = 0 OR type = 'Human'").fetchall()
    assert orphans == []
