"""906.5b-d and the Oracle-text overrides of the copy limit."""

from __future__ import annotations

import pytest

from tests.conftest import facts


@pytest.mark.parametrize(
    ("card", "limit", "reason"),
    [
        ("Kaalia of the Vast", 4, "creature"),
        ("Celestial Colonnade", 4, "nonbasic_land"),
        ("Lightning Bolt", 1, "singleton"),
        ("Snow-Covered Forest", None, "basic_land"),
        ("Wastes", None, "basic_land"),
        ("Forest", None, "basic_land"),
        ("Relentless Rats", None, "oracle_any_number"),
        ("Slime Against Humanity", None, "oracle_any_number"),
        # banlist-facts' other named overrides, each read from its own Oracle text
        ("Rat Colony", None, "oracle_any_number"),
        ("Persistent Petitioners", None, "oracle_any_number"),
        ("Shadowborn Apostle", None, "oracle_any_number"),
        ("Dragon's Approach", None, "oracle_any_number"),
        ("Hare Apparent", None, "oracle_any_number"),
        ("Templar Knight", None, "oracle_any_number"),
        ("Seven Dwarves", 7, "oracle_up_to"),
        ("Nazgûl", 9, "oracle_up_to"),
        ("Westvale Abbey", 4, "nonbasic_land"),
    ],
)
def test_copy_limit(fixture_db, card, limit, reason):
    report = facts(fixture_db, card)
    assert (report["max_copies"], report["copy_limit_reason"]) == (limit, reason)


def test_front_face_decides(fixture_db):
    # Westvale Abbey is a land in front and a creature behind: the land's limit applies.
    assert facts(fixture_db, "Westvale Abbey")["copy_limit_reason"] == "nonbasic_land"
