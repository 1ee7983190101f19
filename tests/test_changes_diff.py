"""Change detection (generator/changes/diff.py): two real builds with a few cards edited between them
(tests/changes_support.py says what), and small hand-made summaries for the cases a fixture cannot show."""

from __future__ import annotations

import copy

import duckdb
import pytest

from generator.changes.diff import FIRST_BUILD, INCOMPARABLE, compare_summaries, diff_summaries
from generator.changes.summary import content_digest, make_summary
from generator.formatdata import load_format_data
from generator.queries import EvidenceWords
from generator.paths import PROJECT_ROOT
from tests.changes_support import BOLT_REASON, COUNTERSPELL_NOTE, two_builds

BUILD_KEYS = ("id", "date", "built_at", "scryfall_updated_at", "previous_built_at", "from", "to")
# What the change log calls each affiliation source: the project's own words (data/cards/vocabulary.yml).
VOCABULARY = load_format_data(PROJECT_ROOT / "data").cards.vocabulary
EVIDENCE = EvidenceWords(dict(VOCABULARY.evidence_words), frozenset(VOCABULARY.quoted_evidence))


@pytest.fixture(scope="module")
def summaries() -> tuple[dict, dict]:
    found = []
    for path in two_builds():
        with duckdb.connect(str(path), read_only=True) as con:
            found.append(make_summary(con))
    return found[0], found[1]


def ids(summary: dict) -> dict[str, str]:
    return {record["name"]: oracle_id for oracle_id, record in summary["cards"].items()}


def test_the_second_build_gives_exactly_these_changes(summaries):
    old, new = summaries
    entry = diff_summaries(old, new, EVIDENCE)
    oid = ids(new)
    assert {key: entry.pop(key) for key in BUILD_KEYS} == {
        "id": new["built_at"], "date": new["built_at"][:10], "built_at": new["built_at"],
        "scryfall_updated_at": "", "previous_built_at": old["built_at"],
        "from": content_digest(old), "to": content_digest(new)}
    assert entry == {
        "new_cards": [
            {"oracle_id": oid["Goblin Matron"], "name": "Goblin Matron", "legal": True, "reasons": [],
             "affiliations": ["Goblin"], "leader_types": []},
            {"oracle_id": oid["Homarid Warrior"], "name": "Homarid Warrior", "legal": True, "reasons": [],
             "affiliations": ["Homarid", "Warrior"], "leader_types": []},
            {"oracle_id": oid["Squee, Goblin Nabob"], "name": "Squee, Goblin Nabob", "legal": True, "reasons": [],
             "affiliations": ["Goblin"], "leader_types": ["Goblin"]},
        ],
        "leaders": {"added": [{"oracle_id": oid["Squee, Goblin Nabob"], "name": "Squee, Goblin Nabob",
                               "types": ["Goblin"]}]},
        # Goblin's pool stays at 3: Goblin Matron came in, Goblin War Strike went to the Elves.
        "types": {"Goblin": {"pool": [3, 3], "leaders": [1, 2], "new_cards": ["Goblin Matron"],
                             "new_leaders": ["Squee, Goblin Nabob"]},
                  "Warrior": {"pool": [1, 2], "leaders": [2, 2], "new_cards": ["Homarid Warrior"]}},
        "affiliations": [{
            "oracle_id": oid["Goblin War Strike"], "name": "Goblin War Strike", "old": ["Goblin"], "new": ["Elf"],
            "gained": ["Elf"], "lost": ["Goblin"], "oracle_updated": True,
            "reason": "Oracle text updated. Now: Elf (rules text: “Elves”). "
                      "No longer: Goblin (was rules text: “Goblins”)."}],
        "legality": [{"oracle_id": oid["Lightning Bolt"], "name": "Lightning Bolt", "legal": False,
                      "reasons": ["banned"], "old_reasons": [], "why": f"Banned: {BOLT_REASON}"}],
        "banlist": {"added": [{"card": "Lightning Bolt", "category": "banned", "reason": BOLT_REASON,
                               "date": "2026-11"}]},
        "watchlist": {"added": [{"card": "Counterspell", "reason": COUNTERSPELL_NOTE}]},
        "creature_types": {"added": ["Homarid"]},
    }


def test_the_change_pages_and_coalition_changes_compare_in_one_place(summaries):
    """The build's change detection and `coalition changes` each had a copy of these four outcomes."""
    from generator.commands.changes import compare

    old, new = summaries
    assert compare_summaries(None, new, EVIDENCE) == (FIRST_BUILD, None)
    assert compare_summaries({**old, "version": 0}, new, EVIDENCE) == (INCOMPARABLE, None)
    assert compare_summaries(new, copy.deepcopy(new), EVIDENCE) == ("unchanged", None)
    assert compare_summaries(old, new, EVIDENCE) == ("changed", diff_summaries(old, new, EVIDENCE))
    report = compare(old, new, EVIDENCE)
    assert (report["compared"], report["changed"], report["entry"]) == (True, True, diff_summaries(old, new, EVIDENCE))


def test_going_back_reports_the_opposite(summaries):
    old, new = summaries
    entry = diff_summaries(new, old, EVIDENCE)
    assert entry["legality"][0]["name"] == "Lightning Bolt"
    assert entry["legality"][0]["why"] == "No longer: banned."
    assert [c["name"] for c in entry["removed_cards"]] == ["Goblin Matron", "Homarid Warrior", "Squee, Goblin Nabob"]
    assert entry["leaders"] == {"removed": [{"oracle_id": ids(new)["Squee, Goblin Nabob"],
                                             "name": "Squee, Goblin Nabob", "types": ["Goblin"]}]}
    assert entry["types"]["Goblin"] == {"pool": [3, 3], "leaders": [2, 1], "lost_leaders": ["Squee, Goblin Nabob"]}
    assert entry["creature_types"] == {"removed": ["Homarid"]}
    assert entry["banlist"]["removed"][0]["card"] == "Lightning Bolt"


def test_a_rebuild_of_the_same_data_reports_nothing(summaries):
    old, _ = summaries
    assert diff_summaries(old, {**copy.deepcopy(old), "built_at": "2099-01-01T05:00:00+00:00"}, EVIDENCE) is None


def summary(cards: dict, types: dict | None = None) -> dict:
    return {"version": 1, "built_at": "2026-01-01T05:00:00+00:00", "scryfall_updated_at": "", "cards": cards,
            "types": types or {}, "banlist": {"names": {}, "categories": {}}, "watchlist": {},
            "creature_types": ["Elf", "Goblin"]}


def card(name: str, **facts) -> dict:
    return {"name": name, "legal": True, "max_copies": 4, "text": "00000000", **facts}


def test_renames_removals_copy_limits_and_overrides():
    old = summary({"a": card("Old Name"), "b": card("Gone"), "c": card("Rats", max_copies=4),
                   "d": card("Fixed", affiliations=["Elf"], evidence={"Elf": "oracle_text: Elves"})})
    new = summary({"a": card("New Name"), "c": card("Rats", max_copies=None),
                   "d": card("Fixed", affiliations=["Goblin"], evidence={"Goblin": "override: a printing error"})})
    entry = diff_summaries(old, new, EVIDENCE)
    assert entry["renamed"] == [{"oracle_id": "a", "name": "New Name", "old_name": "Old Name"}]
    assert entry["removed_cards"] == [{"oracle_id": "b", "name": "Gone"}]
    assert entry["copy_limits"] == [{"oracle_id": "c", "name": "Rats", "old": 4, "new": None}]
    assert entry["affiliations"][0]["reason"] == ("Oracle text unchanged: a rules or data change. "
                                                  "Now: Goblin (override: “a printing error”). "
                                                  "No longer: Elf (was rules text: “Elves”).")


def test_a_source_is_said_as_the_lookup_and_coalition_card_say_it():
    # vocabulary.yml quoted_evidence: the words after a quoted source's name; a type line stands alone.
    old = summary({"e": card("Retyped", affiliations=["Elf"], evidence={"Elf": "type_line: Elf"})})
    new = summary({"e": card("Retyped", affiliations=["Goblin"], evidence={"Goblin": "oracle_text: Goblins"})})
    assert entry_reason(old, new) == ("Oracle text unchanged: a rules or data change. "
                                      "Now: Goblin (rules text: “Goblins”). No longer: Elf (was type line).")
    assert entry_reason(new, old).endswith("Now: Elf (type line). No longer: Goblin (was rules text: “Goblins”).")


def entry_reason(old: dict, new: dict) -> str:
    return diff_summaries(old, new, EVIDENCE)["affiliations"][0]["reason"]


def test_a_new_changeling_is_news_once_not_under_every_type():
    types = {"Elf": {"pool": 1, "leaders": 1}, "Goblin": {"pool": 1, "leaders": 1}}
    grown = {"Elf": {"pool": 2, "leaders": 1}, "Goblin": {"pool": 2, "leaders": 1}}
    old = summary({}, types)
    new = summary({"x": card("Shapeshifter", affiliations=["*"], evidence={"*": "changeling: Changeling"})}, grown)
    entry = diff_summaries(old, new, EVIDENCE)
    assert [c["affiliations"] for c in entry["new_cards"]] == [["*"]]
    assert "types" not in entry


def test_evidence_wording_alone_is_not_news():
    old = summary({"a": card("Elf Fan", affiliations=["Elf"], evidence={"Elf": "oracle_text: Elf"})})
    new = summary({"a": card("Elf Fan", affiliations=["Elf"], evidence={"Elf": "oracle_text: Elves"})})
    assert content_digest(old) != content_digest(new)
    assert diff_summaries(old, new, EVIDENCE) is None
