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
