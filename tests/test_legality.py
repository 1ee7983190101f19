"""The base pool and the Coalition bans (906.5g, 906.5h) with their reasons."""

from __future__ import annotations

import pytest

from tests.conftest import facts


@pytest.mark.parametrize(
    ("card", "reason"),
    [
        ("Black Lotus", "reserved_list"),
        ("Sol Ring", "banned"),
        ("Crusade", "racist_depiction"),
        ("Contract from Below", "ante"),
        ("Backup Plan", "conspiracy"),
        ("Westvale Abbey", "legendary"),
        ("Pir, Imaginative Rascal", "no_coalition_type"),
        ("Go-Shintai of Boundless Vigor", "no_affiliation"),
    ],
)
def test_banned_with_reason(fixture_db, card, reason):
    report = facts(fixture_db, card)
    assert report["legal"] is False
    assert reason in report["illegal_reasons"]


@pytest.mark.parametrize("fmt", ["coalition", "heroic"])
def test_a_legend_with_no_creature_type_is_not_said_to_be_human(fixture_db, fmt):
    """A Shrine has no creature type: it cannot lead for want of any type, not because its type is Human."""
    row = fixture_db.execute(
        "SELECT l.legal, l.reasons FROM legality l JOIN cards c USING (oracle_id) "
        "WHERE l.format = ? AND c.name = 'Go-Shintai of Boundless Vigor'", [fmt]).fetchone()
    assert row == (False, ["no_affiliation"])


@pytest.mark.parametrize(
    "card", ["Lightning Bolt", "Swan Song", "Relentless Rats", "Snow-Covered Forest", "Wastes", "Fatal Attraction"])
def test_ordinary_cards_are_legal(fixture_db, card):
    report = facts(fixture_db, card)
    assert (report["legal"], report["illegal_reasons"]) == (True, [])


def test_leader_is_legal_only_as_leader(fixture_db):
    report = facts(fixture_db, "Kaalia of the Vast")
    assert (report["legal"], report["leader_only"], report["leader"]) == (True, True, True)


def test_exception_allows_silver_bordered_frankie(fixture_db):
    report = facts(fixture_db, "Frankie Peanuts")
    assert report["legal"] is True
    assert any(note.startswith("exception:") for note in report["notes"])


def test_legality_never_comes_from_the_border(fixture_db):
    # Black-bordered or gold-bordered, a printing's look decides nothing: vintage legality does.
    rows = fixture_db.execute(
        "SELECT c.name FROM cards c JOIN legality l USING (oracle_id) WHERE l.format = 'coalition' AND "
        "c.border_color = 'gold' AND 'not_paper' IN l.reasons AND c.vintage_legality <> 'not_legal'"
    ).fetchall()
    assert rows == []


def test_sticker_and_attraction_cards_are_banned(fixture_db):
    banned = {name for (name,) in fixture_db.execute(
        "SELECT c.name FROM card_bans b JOIN cards c USING (oracle_id) WHERE b.reason = 'sticker_attraction' AND b.format = 'coalition'"
    ).fetchall()}
    assert banned, "the fixtures hold sticker and Attraction cards"


def test_each_ban_keeps_its_evidence(fixture_db):
    rows = fixture_db.execute("SELECT reason, evidence FROM card_bans WHERE evidence IS NULL OR evidence = ''").fetchall()
    assert rows == []


def test_a_legend_outside_the_pool_is_not_called_another_legendary_card(fixture_db):
    """Review of deck verdicts, item 3: Heroic's lookup gave Frankie Peanuts, a legendary creature Vintage does
    not allow, "Another legendary card" beside its pool. The legend rule (3.8: no legendary card but the hero)
    keeps out legends that cannot be a hero; a legendary creature could be one, and the pool alone keeps it out.
    A legendary card that is no creature (Westvale Abbey) still breaks the legend rule."""
    reasons = dict(fixture_db.execute(
        "SELECT c.front_name, l.reasons FROM legality l JOIN cards c USING (oracle_id) "
        "WHERE l.format = 'heroic' AND c.front_name IN ('Frankie Peanuts', 'Westvale Abbey')").fetchall())
    assert reasons == {"Frankie Peanuts": ["not_in_vintage"], "Westvale Abbey": ["legendary"]}
