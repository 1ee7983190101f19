"""Builds the test run needs once, whatever the number of xdist workers: the sample site, the 2019 snapshot's
database, the decklist cases' database and its served folder of exports (tests/browser/deck_site.py), the
fixture cards' database, the change log's two builds, and a project with one good `coalition build` in place
(tests/build_testing.py, copied for each test). The first worker to
ask builds under a file lock in a folder every worker of this run shares (pytest's own temporary folder of the
run, which pytest prunes after three runs: tests/conftest.py names it in SHARED_ENV); the others wait for it
and read what it recorded. What is built is read-only for the tests that use it."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path


SHARED_ENV = "COALITION_TESTS_SHARED"


def run_folder() -> Path:
    """The folder every worker of this run shares (a fresh one when called outside a pytest run)."""
    if SHARED_ENV not in os.environ:
        os.environ[SHARED_ENV] = tempfile.mkdtemp(prefix="coalition-tests-")
    folder = Path(os.environ[SHARED_ENV]) / "built-once"
    folder.mkdir(exist_ok=True)
    return folder


def shared_temporary_folder(tmp_path_factory) -> Path:
    """pytest's temporary folder of this run: under xdist, the parent of every worker's own."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def built_once(name: str, build: Callable[[Path], dict]) -> tuple[Path, dict]:
    """The folder `build` filled for `name` in this run, and the JSON record it returned. A build that failed
    (in this worker or another) leaves no record, so the next to ask starts again from an empty folder."""
    folder, record = run_folder() / name, run_folder() / f"{name}.json"
    with open(run_folder() / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, even when the build raises
        if not record.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            record.write_text(json.dumps(build(folder)), encoding="utf-8")
    return folder, json.loads(record.read_text(encoding="utf-8"))
