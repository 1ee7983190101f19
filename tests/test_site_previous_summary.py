"""Which earlier build the change log compares with."""

from __future__ import annotations

from generator.changes.summary import PREVIOUS_SUMMARY_FILE, dump_summary, make_summary
from generator.paths import Paths
from generator.site.build import previous_summary


def test_published_summary_first_then_the_site_being_replaced(tmp_path, fixture_db):
    paths = Paths(root=tmp_path, build_dir=tmp_path / "build")
    assert previous_summary(paths) is None  # a first build: nothing to compare with

    summary = make_summary(fixture_db)
    local = paths.site_dir / "data" / "summary.json.gz"
    local.parent.mkdir(parents=True)
    local.write_bytes(dump_summary(summary))
    assert previous_summary(paths)["cards"] == summary["cards"]

    published = dict(summary, built_at="published")
    paths.build_dir.mkdir()
    (paths.build_dir / PREVIOUS_SUMMARY_FILE).write_bytes(dump_summary(published))
    assert previous_summary(paths)["built_at"] == "published"
