"""What `coalition build` publishes and when: guards against a gutted site that work on a fresh runner, one
build at a time, and an unchanged night that rebuilds nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from generator.changes.summary import PREVIOUS_SUMMARY_FILE, dump_summary, make_summary
from generator.cli import main
from generator.staging import LOCK_NAME, BuildLock
from tests.build_testing import good_project, published, run_cli
from tests.conftest import all_fixture_cards, project_copy, write_jsonl_gz


def build(paths, source, *extra: str) -> int:
    return main(["build", "--source", str(source), "--project-dir", str(paths.root), "--no-site", *extra])


def error_lines(capsys) -> list[str]:
    """The error lines of standard error (warnings about banlist names absent from small data aside)."""
    return [line for line in capsys.readouterr().err.splitlines() if line.startswith("coalition: error:")]


@pytest.fixture(scope="module")
def published_summary(fixture_db_path) -> bytes:
    """The summary.json.gz a site built from every fixture card publishes."""
    with duckdb.connect(str(fixture_db_path), read_only=True) as con:
        return dump_summary(make_summary(con))


@pytest.fixture()
def fresh_runner(tmp_path, published_summary):
    """A project with no database of its own, only the published summary the nightly fetched."""
    paths = project_copy(tmp_path)
    paths.build_dir.mkdir()
    (paths.build_dir / PREVIOUS_SUMMARY_FILE).write_bytes(published_summary)
    return paths


def test_a_fresh_runner_refuses_a_bulk_file_with_60_percent_of_the_cards(fresh_runner, tmp_path, capsys):
    cards = all_fixture_cards()
    source = write_jsonl_gz(cards[: len(cards) * 6 // 10], tmp_path / "gutted.jsonl.gz")
    assert build(fresh_runner, source) == 1
    [error] = error_lines(capsys)
    assert "below the published build's" in error and "refusing to publish" in error
    assert not fresh_runner.database.exists()
    assert sorted(p.name for p in fresh_runner.build_dir.iterdir()) == [PREVIOUS_SUMMARY_FILE]


def test_the_drop_guard_counts_leaders_too(fresh_runner, tmp_path, capsys):
    """Every card kept, but the legendary ones made non-legendary: the leaders fall, the cards do not."""
    cards = all_fixture_cards()
    for card in cards:
        for holder in [card, *card.get("card_faces", [])]:
            if holder.get("type_line"):   # a reversible printing keeps its type lines on its faces only
                holder["type_line"] = holder["type_line"].replace("Legendary ", "")
    source = write_jsonl_gz(cards, tmp_path / "no-legends.jsonl.gz")
    assert build(fresh_runner, source) == 1
    assert "leaders is more than 5% below the published build's" in capsys.readouterr().err
    assert build(fresh_runner, source, "--allow-drop") == 0


def test_the_same_cards_pass_the_guard(fresh_runner, tmp_path):
    assert build(fresh_runner, write_jsonl_gz(all_fixture_cards(), tmp_path / "same.jsonl.gz")) == 0


def test_a_card_without_a_type_line_is_refused_by_name(fresh_runner, tmp_path, capsys):
    cards = all_fixture_cards()
    del cards[3]["type_line"]
    assert build(fresh_runner, write_jsonl_gz(cards, tmp_path / "untyped.jsonl.gz")) == 1
    [error] = error_lines(capsys)
    assert f"record 4 ({cards[3]['name']}): missing required field 'type_line'" in error


def test_repeated_oracle_ids_are_refused(fresh_runner, tmp_path, capsys):
    cards = all_fixture_cards()
    # A card of one face: a reversible printing shares its card's Oracle id by design and is folded, not refused.
    first = next(i for i, card in enumerate(cards) if card["layout"] == "normal")
    twin = dict(cards[first], name=cards[first]["name"] + " Twin")
    assert build(fresh_runner, write_jsonl_gz(cards + [twin], tmp_path / "twins.jsonl.gz")) == 1
    [error] = error_lines(capsys)
    assert (f"record {len(cards) + 1} ({twin['name']}): oracle_id {cards[first]['oracle_id']} "
            f"is already on record {first + 1}") in error


def test_a_second_build_in_the_same_folder_is_refused_with_the_holders_pid(tmp_path, capsys):
    paths = project_copy(tmp_path)
    source = write_jsonl_gz(all_fixture_cards(), tmp_path / "cards.jsonl.gz")
    with BuildLock(paths):
        assert build(paths, source) == 1
    assert f"another build is running (pid {os.getpid()})" in capsys.readouterr().err
    assert not paths.database.exists()


def test_a_lock_left_by_a_dead_build_is_taken_over(tmp_path):
    paths = project_copy(tmp_path)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    (paths.root / LOCK_NAME).write_text(dead.stdout)
    assert build(paths, write_jsonl_gz(all_fixture_cards(), tmp_path / "cards.jsonl.gz")) == 0


def test_an_unchanged_rebuild_writes_nothing_and_says_so(tmp_path):
    paths, good, _changed = good_project(tmp_path)
    before = published(paths)
    result = run_cli(paths, good)   # how fast: bench/bench_unchanged.py (the 2 s target)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("nothing to do: the inputs are unchanged since the last build")
    assert "nothing written" in result.stdout and published(paths) == before

    # A fresh runner has no fingerprint of its own: the nightly hands it the published one.
    fingerprint = (paths.site_dir / "data" / "fingerprint.txt").read_text()
    assert json.loads((paths.build_dir / "fingerprint.json").read_text())["fingerprint"] == fingerprint.strip()
    runner = tmp_path / "runner-fingerprint.txt"
    runner.write_text(fingerprint)
    (paths.build_dir / "fingerprint.json").unlink()
    result = run_cli(paths, good, "--published-fingerprint", str(runner))
    assert result.returncode == 0 and "the inputs are those of the published build" in result.stdout
    assert not (paths.build_dir / "fingerprint.json").exists()

    # Any input changes the fingerprint: here a hand-written page.
    (paths.docs_dir / "about.md").write_text((paths.docs_dir / "about.md").read_text() + "\nMore.\n")
    result = run_cli(paths, good, "--published-fingerprint", str(runner))
    assert result.returncode == 0 and "nothing to do" not in result.stdout
    assert "More." in (paths.site_dir / "about" / "index.html").read_text(encoding="utf-8")


def test_changes_are_detected_after_the_checks_and_before_the_change_pages_are_written(tmp_path, monkeypatch, capsys):
    """The detection reads only the checked database: it runs while the format workers render, and the change
    log's pages come after it."""
    import generator.changes.pages as change_pages
    import generator.site.build as site_build
    from generator.errors import BuildError

    # The rendering runs in a forked child (generator/forked.py): the calls are recorded in a file.
    calls = tmp_path / "calls.txt"
    detect = change_pages.detect_changes

    def record(call: str) -> None:
        with calls.open("a", encoding="utf-8") as handle:
            handle.write(call + "\n")

    monkeypatch.setattr(change_pages, "detect_changes", lambda *a, **k: record("detect") or detect(*a, **k))

    def change_pages(*_args, **_kwargs):
        record("change pages")
        raise BuildError("stop here")
    monkeypatch.setattr(site_build, "write_change_pages", change_pages)
    paths = project_copy(tmp_path)
    source = write_jsonl_gz(all_fixture_cards(), tmp_path / "cards.jsonl.gz")
    assert main(["build", "--source", str(source), "--project-dir", str(paths.root)]) == 1
    assert calls.read_text(encoding="utf-8").splitlines() == ["detect", "change pages"]
    assert "stop here" in capsys.readouterr().err
    assert not paths.database.exists() and not (paths.root / ".coalition-staging").exists()


def test_the_builds_own_data_files_are_linked_into_the_site_and_never_written_through(tmp_path):
    """hooks/linked_files.py: a generated data file reaches site/ as a hard link to its docs/ file, a
    hand-written one as a copy; the next build, even one that changes those files, never writes through a
    link into the published site (a file held open keeps its bytes until the swap)."""
    paths, _good, changed = good_project(tmp_path)
    cards, rows = Path("data/cards.json"), next(paths.site_dir.glob("types/*/rows.json")).relative_to(paths.site_dir)
    assert os.path.samefile(paths.site_dir / cards, paths.docs_dir / cards)
    assert os.path.samefile(paths.site_dir / rows, paths.docs_dir / rows)
    hand_written = Path("assets/js/core.js")
    assert (paths.site_dir / hand_written).read_bytes() == (paths.docs_dir / hand_written).read_bytes()
    assert not os.path.samefile(paths.site_dir / hand_written, paths.docs_dir / hand_written)

    held = {name: (paths.site_dir / name).open("rb") for name in (cards, rows)}
    before = {name: handle.read() for name, handle in held.items()}
    result = run_cli(paths, changed)
    assert result.returncode == 0, result.stderr
    assert (paths.site_dir / cards).read_bytes() != before[cards]   # the changed night did change it...
    for name, handle in held.items():                                # ...in a new file, not the published one
        handle.seek(0)
        assert handle.read() == before[name], name
        handle.close()
    assert os.path.samefile(paths.site_dir / cards, paths.docs_dir / cards)
