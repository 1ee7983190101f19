"""Helpers of the build tests (tests/test_publishing.py, tests/test_build_interrupted.py): a project with one
good build in place (built once per run, each test given its own copy), a changed night's cards, and snapshots
of everything a build publishes."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from generator.paths import PROJECT_ROOT, Paths
from generator.staging import generated_docs
from tests.shared_builds import built_once
from tests.site_testing import card, site_project, synthetic_cards, write_cards

NEWCOMER = "Newcomer of Testvale"
NEWCOMER_SLUG = "newcomer-of-testvale"


def changed_cards() -> list[dict]:
    """The synthetic cards and one more leader: a night whose build changes the database, docs and site."""
    return synthetic_cards() + [card(NEWCOMER, "Legendary Creature — Goblin Scout", "Haste", "{R}", 1, ("R",))]


def cli(paths: Paths, source: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "generator", "build", "--source", str(source), "--project-dir", str(paths.root),
            *extra]


def run_cli(paths: Paths, source: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(cli(paths, source, *extra), cwd=PROJECT_ROOT, capture_output=True, text=True,
                          env=quiet_env(), timeout=300)


def quiet_env() -> dict:
    return {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), "SITE_URL": "http://127.0.0.1:8000/"}


def good_project(tmp: Path) -> tuple[Paths, Path, Path]:
    """(paths, the good night's source, the changed night's source), with the good night built: a copy in `tmp`
    of the one built once per run (tests/shared_builds.py), which no test writes. `cp -a` keeps what a copy
    by shutil would lose: site/'s data files are hard links to docs/'s (hooks/linked_files.py), and the
    files keep their times. Nothing in a project names its own folder (the fingerprint reads relative paths and
    the bulk file's bytes), so the copy is as built there: an unchanged rebuild of it writes nothing."""
    folder, _built = built_once("good-project", build_good_project)
    subprocess.run(["cp", "-a", f"{folder}/.", str(tmp)], check=True)
    paths = Paths(root=tmp / "project", build_dir=tmp / "project" / "build")
    return paths, tmp / "good.jsonl.gz", tmp / "changed.jsonl.gz"


def build_good_project(tmp: Path) -> dict:
    """The good night built by `coalition build` in tmp/project, beside both nights' sources."""
    (tmp / "project").mkdir()
    paths = site_project(tmp / "project")
    good = write_cards(synthetic_cards(), tmp / "good.jsonl.gz")
    write_cards(changed_cards(), tmp / "changed.jsonl.gz")
    result = run_cli(paths, good)
    assert result.returncode == 0, result.stderr
    return {}


def published(paths: Paths) -> dict[str, str]:
    """A digest of every published file: the database, the generated docs, the site and the change state."""
    files = [paths.database, *paths.build_dir.glob("*.json")]
    for name in generated_docs(paths.data_dir):
        entry = paths.docs_dir / name
        files += sorted(p for p in entry.rglob("*") if p.is_file()) if entry.is_dir() else [entry]
    files += sorted(p for p in paths.site_dir.rglob("*") if p.is_file())
    return {str(p.relative_to(paths.root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in files if p.exists()}


def has_newcomer(paths: Paths) -> dict[str, bool]:
    """Where the changed night's new leader shows: all three must agree."""
    import duckdb

    with duckdb.connect(str(paths.database), read_only=True) as con:
        in_db = con.execute("SELECT count(*) FROM cards WHERE name = ?", [NEWCOMER]).fetchone()[0] == 1
    return {"database": in_db, "docs": (paths.docs_dir / "leaders" / f"{NEWCOMER_SLUG}.md").exists(),
            "site": (paths.site_dir / "leaders" / NEWCOMER_SLUG / "index.html").exists()}


def leftovers(paths: Paths) -> list[str]:
    """What an unfinished build may leave behind: none of it may survive the next build."""
    found = [p for p in paths.root.iterdir() if p.name.startswith((".coalition-staging", ".site-"))]
    found += [p for p in paths.build_dir.glob("*.new*")]
    found += [p for p in paths.docs_dir.iterdir() if p.name.endswith(".replaced")]
    return sorted(p.name for p in found)


def processes_mentioning(text: str) -> list[int]:
    """Live processes whose command line contains `text` (the MkDocs child of a build, say). Polled while a
    build runs beside it on two cores: only a matching process's state is read, and plain open() rather than
    Path objects (18 -> 4.5 ms of CPU a call over ~220 processes, 2026-11-26)."""
    needle, me, pids = text.encode("utf-8"), os.getpid(), []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == me:
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as handle:
                if needle not in handle.read().replace(b"\0", b" "):
                    continue
            with open(f"/proc/{name}/stat", "rb") as handle:
                state = handle.read().rsplit(b") ", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if state != b"Z":
            pids.append(int(name))
    return pids
