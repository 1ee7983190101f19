"""Shared fixtures: databases built for real from card objects, once per test session."""

from __future__ import annotations

import gzip
import json
import os
import shutil
from pathlib import Path

import duckdb
import pytest

from generator.database import build_database
from generator.paths import PROJECT_ROOT, Paths
from tests.shared_builds import SHARED_ENV, built_once, shared_temporary_folder

TESTS_DIR = Path(__file__).resolve().parent
FIXTURE_CARDS_DIR = TESTS_DIR / "fixtures" / "cards"
SHARED_DATA_DIR = PROJECT_ROOT.parent / "shared" / "data"
SNAPSHOT_2019 = SHARED_DATA_DIR / "scryfall-oracle-2019.jsonl.gz"


# The files that take longest (wall seconds of a run with -n 2), longest first: pyproject's addopts hand
# files to the two xdist workers in collection order (--dist loadfile --no-loadscope-reorder), and the
# longest going first lets the short ones even out the end; xdist's own order (most tests first) left a
# 30-second file for last. The first two also start the two shared builds side by side: the sample site
# (test_finding) and the decklist cases' database (test_validator_page). Re-measure with --durations.
LONGEST_FIRST = [
    "tests/browser/test_finding.py", "tests/browser/test_validator_page.py", "tests/browser/test_contrast.py",
    "tests/browser/test_search_box.py",
    "tests/test_mkdocs_hooks.py", "tests/browser/test_heroic_pages.py", "tests/browser/test_site_browser.py",
    "tests/browser/test_mazerunner_pages.py", "tests/test_publishing.py", "tests/test_build_interrupted.py",
    "tests/browser/test_play_pages.py", "tests/browser/test_csp.py", "tests/test_reproducible.py",
    "tests/browser/test_solo_table.py", "tests/browser/test_mazerunner_pod.py", "tests/test_site_build.py", "tests/test_bad_input.py",
]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", help="rewrite golden files from the current output")
    parser.addoption("--screenshots", action="store_true",
                     help="every browser test leaves a screenshot in tests/output/browser/ (else failed ones only)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The files of LONGEST_FIRST first, in its order; every other file after them, as collected. A file's
    own tests keep their order (the sort is stable)."""
    rank = {path: place for place, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


@pytest.fixture(autouse=True)
def from_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts in this checkout: a command given no --project-dir or --db reads the project of the
    folder it runs in (generator/paths.py project_root), and the suite means this checkout's data wherever
    pytest was started (from another project's folder it would read that one)."""
    monkeypatch.chdir(PROJECT_ROOT)


@pytest.fixture(scope="session", autouse=True)
def shared_builds_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where tests/shared_builds.py builds what every xdist worker of this run shares."""
    folder = shared_temporary_folder(tmp_path_factory)
    os.environ[SHARED_ENV] = str(folder)
    return folder


@pytest.fixture(scope="session")
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


def fixture_card(name_or_slug: str) -> dict:
    """One real card object from tests/fixtures/cards/."""
    from generator.slugs import slugify

    exact = FIXTURE_CARDS_DIR / f"{slugify(name_or_slug)}.json"
    if exact.exists():  # "Sol Ring", not the reversible "Sol Ring // Sol Ring" whose file sorts first
        return json.loads(exact.read_text(encoding="utf-8"))
    matches = sorted(FIXTURE_CARDS_DIR.glob(f"{slugify(name_or_slug)}*.json"))
    assert matches, f"no fixture for {name_or_slug}"
    return json.loads(matches[0].read_text(encoding="utf-8"))


def all_fixture_cards() -> list[dict]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(FIXTURE_CARDS_DIR.glob("*.json"))]


def write_jsonl_gz(cards: list[dict], path: Path) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        for card in cards:
            handle.write(json.dumps(card, ensure_ascii=False) + "\n")
    return path


def project_copy(tmp: Path) -> Paths:
    """A throwaway project root whose data/ is a copy of ours, so a test may edit data files."""
    shutil.copytree(PROJECT_ROOT / "data", tmp / "data", ignore=shutil.ignore_patterns("sample"))
    return Paths(root=tmp, build_dir=tmp / "build")


def build_from_cards(cards: list[dict], tmp: Path, paths: Paths | None = None) -> Path:
    """Build a real database from card objects; return its path."""
    paths = paths or project_copy(tmp)
    source = write_jsonl_gz(cards, tmp / "cards.jsonl.gz")
    catalog = json.loads((paths.catalog_file).read_text(encoding="utf-8"))["data"]
    return build_database(source, paths, catalog_types=catalog).database


@pytest.fixture(scope="session")
def fixture_db_path() -> Path:
    """The database built from every fixture card, once per run for every xdist worker (tests/shared_builds.py):
    read-only, as every command opens it (a test that changes a database copies it)."""
    _folder, built = built_once("fixture-db", build_fixture_db)
    return Path(built["database"])


def build_fixture_db(folder: Path) -> dict:
    return {"database": str(build_from_cards(all_fixture_cards(), folder))}


@pytest.fixture()
def fixture_db(fixture_db_path: Path):
    with duckdb.connect(str(fixture_db_path), read_only=True) as con:
        yield con


@pytest.fixture(scope="session")
def snapshot_db_path() -> Path:
    """The database built from the 2019 snapshot in ../shared (skipped when the file is absent), once per run."""
    if not SNAPSHOT_2019.exists():
        pytest.skip(f"{SNAPSHOT_2019} is not present")
    _folder, built = built_once("snapshot-db", build_snapshot_db)
    return Path(built["database"])


def build_snapshot_db(folder: Path) -> dict:
    paths = project_copy(folder)
    catalog = json.loads((paths.catalog_file).read_text(encoding="utf-8"))["data"]
    return {"database": str(build_database(SNAPSHOT_2019, paths, catalog_types=catalog).database)}


@pytest.fixture()
def snapshot_db(snapshot_db_path: Path):
    with duckdb.connect(str(snapshot_db_path), read_only=True) as con:
        yield con


def facts(con: duckdb.DuckDBPyConnection, name: str) -> dict:
    """`coalition card --json`'s object for one card, straight from the query layer."""
    from generator.queries import card_report, find_cards

    [(asked, oracle_id)] = find_cards(con, [name])
    assert oracle_id is not None, f"{name} is not in this database"
    return card_report(con, asked, oracle_id)
