"""`coalition changes` (generator/commands/changes.py) on two real builds; URLs are answered by `responses`."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import duckdb
import pytest
import requests
import responses

from generator.changes.summary import dump_summary, make_summary
from generator.commands import changes
from generator.errors import BuildError
from tests.changes_support import BOLT_REASON, two_builds

SUMMARY_URL = "https://coalition.example.org/data/summary.json.gz"


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> tuple[Path, Path, Path]:
    """(build 1's published summary file, build 1's database, build 2's database)."""
    first, second = two_builds()
    with duckdb.connect(str(first), read_only=True) as con:
        summary_file = tmp_path_factory.mktemp("published") / "summary.json.gz"
        summary_file.write_bytes(dump_summary(make_summary(con)))
    return summary_file, first, second


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="coalition")
    changes.register(parser.add_subparsers())
    args = parser.parse_args(["changes", *argv])
    return args.run(args)


def test_the_text_report_names_every_change(builds, capsys):
    summary_file, _, second = builds
    assert run("--db", str(second), "--previous", str(summary_file)) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith(": 3 new cards, 1 new leader, 1 affiliation change, 1 card now illegal, "
                           "1 banlist change, 1 watchlist change, 1 new creature type")
    assert "new card: Homarid Warrior (Homarid, Warrior)" in out
    assert "new leader: Squee, Goblin Nabob leads Goblin" in out
    assert f"no longer legal: Lightning Bolt. Banned: {BOLT_REASON}" in out
    assert "affiliations: Goblin War Strike: Goblin -> Elf. Oracle text updated. Now: Elf (rules text: “Elves”). " \
           "No longer: Goblin (was rules text: “Goblins”)." in out
    assert "watchlist added: Counterspell" in out and "creature types added: Homarid" in out


def test_the_json_report_carries_the_entry(builds, capsys):
    summary_file, _, second = builds
    run("--db", str(second), "--previous", str(summary_file), "--json")
    report = json.loads(capsys.readouterr().out)
    assert (report["compared"], report["changed"]) == (True, True)
    assert report["entry"]["creature_types"] == {"added": ["Homarid"]}
    assert report["entry"]["previous_built_at"] == report["previous_built_at"]


def test_the_same_build_has_nothing_to_report(builds, capsys):
    summary_file, first, _ = builds
    run("--db", str(first), "--previous", str(summary_file), "--json")
    assert json.loads(capsys.readouterr().out)["changed"] is False
    run("--db", str(first), "--previous", str(summary_file))
    assert capsys.readouterr().out.startswith("nothing changed since the build of ")


def test_without_a_previous_summary_it_says_there_is_nothing_to_compare(builds, capsys, monkeypatch, tmp_path):
    assert run("--db", str(builds[2]), "--project-dir", str(tmp_path)) == 0
    assert capsys.readouterr().out.strip() == "no previous summary: nothing to compare with (a first build)"
    with pytest.raises(BuildError, match="absent.json.gz: no such file") as absent:
        run("--db", str(builds[2]), "--previous", str(tmp_path / "absent.json.gz"))
    assert absent.value.exit_code == 2, "a summary not there is input it cannot take, not an answer"


def test_a_previous_summary_it_cannot_read_is_one_line_and_exit_2(builds, tmp_path):
    with pytest.raises(BuildError) as folder:
        run("--db", str(builds[2]), "--previous", str(tmp_path))
    assert str(folder.value) == f"{tmp_path}: cannot read it (Is a directory)"
    assert folder.value.exit_code == 2
    broken = tmp_path / "broken.json.gz"
    broken.write_bytes(b"\x1f\x8b\x08\x00 not really gzip")
    with pytest.raises(BuildError, match=r"broken.json.gz: not a build summary \(") as unreadable:
        run("--db", str(builds[2]), "--previous", str(broken))
    assert unreadable.value.exit_code == 2


@responses.activate
def test_a_published_summary_is_fetched_by_url(builds, capsys):
    summary_file, _, second = builds
    responses.get(SUMMARY_URL, body=summary_file.read_bytes())
    run("--db", str(second), "--previous", "https://coalition.example.org/", "--json")
    assert json.loads(capsys.readouterr().out)["changed"] is True
    assert responses.calls[0].request.url == SUMMARY_URL, "a site's root URL finds data/summary.json.gz"
    assert responses.calls[0].request.headers["User-Agent"].startswith("coalition-site/")


@responses.activate
def test_offline_or_missing_fails_in_one_line(builds):
    responses.get(SUMMARY_URL, body=requests.ConnectionError("no network"))
    with pytest.raises(BuildError) as offline:
        run("--db", str(builds[2]), "--previous", SUMMARY_URL)
    assert str(offline.value) == f"{SUMMARY_URL}: cannot download (ConnectionError: offline or unreachable)"
    assert offline.value.exit_code == 2, "a summary it cannot fetch is input it cannot take"
    responses.get("https://coalition.example.org/missing.json.gz", status=404)
    with pytest.raises(BuildError, match=r"missing.json.gz: HTTP 404$") as missing:
        run("--db", str(builds[2]), "--previous", "https://coalition.example.org/missing.json.gz")
    assert missing.value.exit_code == 2
