"""Leaders (906.3, 906.3a, 906.5e-f), their coalition types, the pools and the shared pool."""

from __future__ import annotations

from tests.conftest import facts


def pool(con, type_name: str) -> set[str]:
    return {name for (name,) in con.execute(
        "SELECT c.name FROM pools p JOIN cards c USING (oracle_id) WHERE p.type = ? AND p.format = 'coalition'", [type_name]
    ).fetchall()}


def shared(con) -> set[str]:
    return {name for (name,) in con.execute("SELECT c.name FROM shared_pool s JOIN cards c USING (oracle_id) WHERE s.format = 'coalition'").fetchall()}


def test_kaalia_leads_every_affiliation_but_human(fixture_db):
    report = facts(fixture_db, "Kaalia of the Vast")
    assert report["coalition_types"] == ["Angel", "Cleric", "Demon", "Dragon"]


def test_grist_leads_insects_by_its_own_ability(fixture_db):
    report = facts(fixture_db, "Grist, the Hunger Tide")
    assert report["leader"] is True
    assert report["coalition_types"] == ["Insect"]
    reason = fixture_db.execute(
        "SELECT reason FROM leaders JOIN cards USING (oracle_id) WHERE name = 'Grist, the Hunger Tide' AND format = 'coalition'"
    ).fetchone()[0]
    assert reason == "creature_outside_battlefield"


def test_shrine_legend_cannot_lead(fixture_db):
    # "Shrine is not a creature type!"
    report = facts(fixture_db, "Go-Shintai of Boundless Vigor")
    assert report["leader"] is False
    assert report["coalition_types"] == []


def test_human_only_legend_cannot_lead(fixture_db):
    report = facts(fixture_db, "Pir, Imaginative Rascal")
    assert report["leader"] is False


def test_changeling_leader_leads_every_type_but_human(fixture_db):
    # Morophon's only printing in the 2019 snapshot predates its release (not_legal); Mistform Ultimus
    # ("is every creature type") is the legal changeling leader of the fixtures.
    report = facts(fixture_db, "Mistform Ultimus")
    assert "Human" not in report["coalition_types"]
    assert {"Goblin", "Time Lord", "Assembly-Worker"} <= set(report["coalition_types"])


def test_back_face_legend_is_no_leader(fixture_db):
    assert facts(fixture_db, "Westvale Abbey")["leader"] is False


def test_front_face_legendary_creature_leads(fixture_db):
    """906.3a: a double-faced card can be the leader when its front face is a legendary creature. Nissa's
    front is a legendary Elf Scout; her back face's text makes Elementals (906.4c), so she leads those too."""
    report = facts(fixture_db, "Nissa, Vastwood Seer")
    assert report["leader"] is True
    assert report["coalition_types"] == ["Elemental", "Elf", "Scout"]


def test_pools_hold_affiliated_playable_cards(fixture_db):
    assert "Swan Song" in pool(fixture_db, "Bird")
    assert "Aether Chaser" in pool(fixture_db, "Artificer")
    assert "Aether Chaser" not in pool(fixture_db, "Human")


def test_changelings_are_in_every_pool(fixture_db):
    for type_name in ("Insect", "Goblin", "Time Lord", "Assembly-Worker"):
        assert "Avian Changeling" in pool(fixture_db, type_name)


def test_unaffiliated_cards_form_the_shared_pool(fixture_db):
    assert {"Lightning Bolt", "Dermotaxi", "Embiggen"} <= shared(fixture_db)
    assert "Swan Song" not in shared(fixture_db)
    assert "Sol Ring" not in shared(fixture_db)


def test_leaders_stay_out_of_pools(fixture_db):
    assert "Kaalia of the Vast" not in pool(fixture_db, "Angel")


def test_rule_906_3_examples_are_ordinary_cards(fixture_db):
    # Ixidron, Cytoshape and Body Double (906.3's examples) interact with leaders but are none themselves.
    for card in ("Ixidron", "Cytoshape", "Body Double"):
        report = facts(fixture_db, card)
        assert (report["leader"], report["legal"]) == (False, True)


def test_force_of_will_is_in_every_deck(fixture_db):
    # The README's tip: exile the leader to pay for Force of Will, an unaffiliated card.
    assert "Force of Will" in shared(fixture_db)
