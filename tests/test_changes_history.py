"""The change history (generator/changes/history.py): newest first, no duplicates, a year on the page."""

from __future__ import annotations

import json

import pytest

from generator.changes.history import add_entry, dump_history, new_history, read_history, split_by_year
from generator.errors import BuildError


def entry(built_at: str, source: str = "a", target: str = "b") -> dict:
    return {"id": built_at, "date": built_at[:10], "built_at": built_at, "from": source, "to": target}


def test_entries_go_newest_first_and_the_same_change_is_kept_once():
    history = new_history("2025-01-01T00:00:00+00:00")
    assert add_entry(history, entry("2025-03-01T05:00:00+00:00", "a", "b"))
    assert add_entry(history, entry("2025-05-01T05:00:00+00:00", "b", "c"))
    assert not add_entry(history, entry("2025-05-02T05:00:00+00:00", "b", "c")), "a re-run logs nothing new"
    assert add_entry(history, entry("2025-04-01T05:00:00+00:00", "x", "y"))
    assert [e["date"] for e in history["entries"]] == ["2025-05-01", "2025-04-01", "2025-03-01"]


def test_the_page_holds_the_year_up_to_the_newest_entry():
    entries = [entry("2026-06-01T05:00:00+00:00"), entry("2025-06-02T05:00:00+00:00"),
               entry("2025-06-01T05:00:00+00:00"), entry("2023-01-01T05:00:00+00:00")]
    recent, archived = split_by_year(entries)
    assert [e["date"] for e in recent] == ["2026-06-01", "2025-06-02"]
    assert [e["date"] for e in archived] == ["2025-06-01", "2023-01-01"]
    assert split_by_year([]) == ([], [])


def test_the_file_round_trips_with_stable_bytes(tmp_path):
    history = new_history("2025-01-01T00:00:00+00:00")
    add_entry(history, {**entry("2025-03-01T05:00:00+00:00"), "new_cards": [{"name": "Lim-Dûl's Vault"}]})
    path = tmp_path / "changes-history.json"
    path.write_text(dump_history(history), encoding="utf-8")
    assert read_history(path) == history
    assert dump_history(read_history(path)) == path.read_text(encoding="utf-8")
    assert "Lim-Dûl" in path.read_text(encoding="utf-8"), "names are kept readable, not \\u-escaped"


def test_missing_broken_and_foreign_histories(tmp_path):
    assert read_history(tmp_path / "none.json") is None
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(BuildError, match="broken.json: not a change history"):
        read_history(broken)
    future = tmp_path / "future.json"
    future.write_text(json.dumps({"version": 9, "entries": []}), encoding="utf-8")
    with pytest.raises(BuildError, match="version 9, expected 1"):
        read_history(future)
