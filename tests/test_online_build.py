"""`coalition build` online, end to end against recorded Scryfall responses (no network)."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import duckdb
import responses

import generator.scryfall as scryfall
from generator.cli import main
from tests.conftest import TESTS_DIR, project_copy

RECORDED = TESTS_DIR / "recorded" / "scryfall"


def test_online_build_downloads_then_skips_unchanged(tmp_path: Path, monkeypatch, capsys):
    paths = project_copy(tmp_path)
    monkeypatch.setattr(scryfall, "ScryfallClient", functools.partial(scryfall.ScryfallClient, min_cards=1, sleep=lambda _s: None))
    bulk = json.loads((RECORDED / "bulk-data.json").read_text())
    oracle = next(entry for entry in bulk["data"] if entry["type"] == "oracle_cards")
    body = (RECORDED / Path(oracle["jsonl_download_uri"]).name).read_bytes()
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mocked:
        mocked.get("https://api.scryfall.com/bulk-data", json=bulk)
        mocked.get("https://api.scryfall.com/catalog/creature-types", body=(RECORDED / "creature-types.json").read_text())
        mocked.get(oracle["jsonl_download_uri"], body=body, headers={"Content-Length": str(len(body))})
        assert main(["build", "--no-site", "--project-dir", str(paths.root)]) == 0
        assert main(["build", "--no-site", "--project-dir", str(paths.root)]) == 0
        downloads = [call for call in mocked.calls if call.request.url == oracle["jsonl_download_uri"]]
    assert len(downloads) == 1, "the second build found updated_at unchanged and reused the cached file"
    with duckdb.connect(str(paths.database), read_only=True) as con:
        info = dict(con.execute("SELECT key, value FROM build_info").fetchall())
        names = {n for (n,) in con.execute("SELECT name FROM cards").fetchall()}
    assert info["scryfall_updated_at"] == oracle["updated_at"]
    assert names == {"Dark Confidant", "Goblin Guide", "Llanowar Elves"}
    assert "3 cards" in capsys.readouterr().out
