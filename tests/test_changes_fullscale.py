"""The change pages on the whole 2019 snapshot: the summary stays small, an unchanged night changes nothing."""

from __future__ import annotations

import duckdb
import pytest

from generator.changes import write_change_pages
from generator.changes.summary import make_summary, read_summary

pytestmark = pytest.mark.fullscale


def test_the_snapshot_summary_is_compact_and_nights_without_change_are_identical(snapshot_db_path, tmp_path):
    docs, state = tmp_path / "docs", tmp_path / "build"
    with duckdb.connect(str(snapshot_db_path), read_only=True) as con:
        first = write_change_pages(con, docs, state, site_url="https://example.org/", previous_summary=None)
        files = {name: (docs / name).read_bytes() for name in ("feed.xml", "dashboard.md", "data/summary.json.gz")}
        second = write_change_pages(con, docs, state, site_url="https://example.org/",
                                    previous_summary=read_summary(docs / "data/summary.json.gz"))
        summary = make_summary(con)
        type_count = con.execute("SELECT count(*) FROM type_summary WHERE format = 'coalition'").fetchone()[0]
    assert (first["status"], second["status"], second["entries"]) == (
        "first build: nothing to compare with", "unchanged", 0)
    assert {name: (docs / name).read_bytes() for name in files} == files
    assert len(files["data/summary.json.gz"]) < 1_200_000, "about 20,000 cards should stay near 1 MB gzipped"
    [ultimus] = [c for c in summary["cards"].values() if c["name"] == "Mistform Ultimus"]
    assert ultimus["affiliations"] == ["*"] and ultimus["leader_types"] == ["*"]
    assert files["dashboard.md"].decode("utf-8").count("<tr><td") == type_count == len(summary["types"])
