"""Bad input: a one-line error naming the file and the line or card, a non-zero exit, and the previous
database left exactly as it was."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from generator.cli import main
from tests.conftest import all_fixture_cards, project_copy, write_jsonl_gz


@pytest.fixture()
def project(tmp_path: Path):
    """A project copy with one good build in place."""
    paths = project_copy(tmp_path)
    good = write_jsonl_gz(all_fixture_cards(), tmp_path / "good.jsonl.gz")
    assert run_build(paths, good) == 0
    return paths


def run_build(paths, source: Path) -> int:
    return main(["build", "--source", str(source), "--no-site", "--project-dir", str(paths.root)])


def assert_untouched(paths, before: bytes) -> None:
    assert paths.database.read_bytes() == before
    assert not list(paths.build_dir.glob("*.new"))


def lines_of_good_cards() -> list[str]:
    return [json.dumps(card) for card in all_fixture_cards()]


def test_truncated_gzip(project, tmp_path, capsys):
    before = project.database.read_bytes()
    whole = gzip.compress("\n".join(lines_of_good_cards() * 3).encode())
    broken = tmp_path / "truncated.jsonl.gz"
    broken.write_bytes(whole[: len(whole) // 2])
    assert run_build(project, broken) == 1
    error = capsys.readouterr().err.strip()
    assert error.count("\n") == 0 and "truncated.jsonl.gz" in error and "gzip" in error
    assert_untouched(project, before)


def test_line_that_is_not_json(project, tmp_path, capsys):
    before = project.database.read_bytes()
    lines = lines_of_good_cards()
    lines.insert(4, '{"name": "Broken", "layout": ')
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    assert run_build(project, bad) == 1
    error = capsys.readouterr().err.strip()
    assert f"{bad}:5:" in error and error.count("\n") == 0
    assert_untouched(project, before)


def test_missing_required_field(project, tmp_path, capsys):
    before = project.database.read_bytes()
    cards = all_fixture_cards()
    del cards[2]["layout"]
    bad = write_jsonl_gz(cards, tmp_path / "missing.jsonl.gz")
    assert run_build(project, bad) == 1
    error = capsys.readouterr().err.strip()
    assert "record 3" in error and cards[2]["name"] in error and "'layout'" in error
    assert_untouched(project, before)


def test_card_count_drop_refused(project, tmp_path, capsys):
    before = project.database.read_bytes()
    cards = all_fixture_cards()
    shrunk = write_jsonl_gz(cards[: int(len(cards) * 0.9)], tmp_path / "shrunk.jsonl.gz")
    assert run_build(project, shrunk) == 1
    assert "below the previous build" in capsys.readouterr().err
    assert_untouched(project, before)


def test_json_array_plain_file_is_accepted(project, tmp_path):
    source = tmp_path / "cards.json"
    source.write_text(json.dumps(all_fixture_cards()))
    assert run_build(project, source) == 0


def test_missing_file(project, tmp_path, capsys):
    assert run_build(project, tmp_path / "nope.json") == 1
    assert "nope.json: no such file" in capsys.readouterr().err


def test_scryfall_http_error_leaves_the_database(project, monkeypatch, capsys):
    """An online build whose download fails: one line naming the URL, exit 1, the old database kept."""
    import functools

    import responses

    import generator.scryfall as scryfall

    before = project.database.read_bytes()
    monkeypatch.setattr(scryfall, "ScryfallClient", functools.partial(scryfall.ScryfallClient, min_cards=1, sleep=lambda _s: None))
    with responses.RequestsMock() as mocked:
        mocked.get("https://api.scryfall.com/bulk-data", status=503, json={"object": "error"})
        code = main(["build", "--no-site", "--project-dir", str(project.root)])
    notices = capsys.readouterr().err.strip().splitlines()
    [error] = [line for line in notices if line.startswith("coalition: error:")]
    assert code == 1
    assert "https://api.scryfall.com/bulk-data" in error and "503" in error
    assert len(notices) == 4 and "trying again in 1 s (attempt 2 of 4)" in notices[0]  # each wait is announced
    assert_untouched(project, before)


def many_good_lines(copies: int = 40) -> list[str]:
    """Enough lines that DuckDB reads the file in several blocks (its own line numbers then drift)."""
    lines = []
    for n in range(copies):
        for card in all_fixture_cards():
            lines.append(json.dumps({**card, "oracle_id": f"{n:04d}{card.get('oracle_id', '')[4:]}",
                                     "name": f"{card['name']} {n}"}))
    return lines


def test_a_field_of_the_wrong_type_is_reported_on_its_own_line(project, tmp_path, capsys):
    before = project.database.read_bytes()
    lines = many_good_lines()
    bad = json.loads(lines[1500])
    bad["color_identity"] = "W"
    lines[1500] = json.dumps(bad)
    source = tmp_path / "typed.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert run_build(project, source) == 1
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert f"{source}:1501: field 'color_identity' should be a list of strings, not str \"W\"" in error
    assert_untouched(project, before)


def test_a_line_that_is_not_utf8_is_reported_on_its_own_line(project, tmp_path, capsys):
    lines = [line.encode("utf-8") for line in many_good_lines()]
    lines[1500] = lines[1500].replace(b'"name": "', b'"name": "\xff', 1)
    source = tmp_path / "latin.jsonl"
    source.write_bytes(b"\n".join(lines) + b"\n")
    assert run_build(project, source) == 1
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert f"{source}:1501: not UTF-8 text (byte 0xff at column" in error
