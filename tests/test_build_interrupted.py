"""A real `coalition build` stopped at several moments (Ctrl-C, SIGTERM, kill -9) leaves the previous
database, docs and site exactly as they were, leaves no worker or MkDocs process behind, and the next build cleans up
and publishes all three together. A build killed in the middle of its final swap is finished by the next."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

from generator.paths import PROJECT_ROOT
from generator.staging import STAGING_NAME, recover
from tests.build_testing import (cli, good_project, has_newcomer, leftovers, processes_mentioning, published,
                                 quiet_env, run_cli)

# (signal, the moment to send it): while loading/deriving, once the staged database is written, while the
# format workers render, while MkDocs runs.
MOMENTS = [
    (signal.SIGKILL, "started"),
    (signal.SIGINT, "database staged"),
    (signal.SIGKILL, "workers rendering"),
    (signal.SIGTERM, "mkdocs running"),
    (signal.SIGKILL, "mkdocs running"),
]


def reached(moment: str, paths) -> bool:
    staging = paths.root / STAGING_NAME
    if moment == "started":
        return staging.exists()
    if moment == "database staged":
        return paths.database.with_name(paths.database.name + ".new").exists() and (staging / "state").exists()
    if moment == "workers rendering":
        return bool(processes_mentioning(f"generator.site.processes --root {staging}/project"))
    return bool(processes_mentioning(f"{staging}/project/mkdocs.yml"))


def started_as_from_a_terminal(command: list[str]) -> subprocess.Popen:
    """The build, started with Ctrl-C's default meaning whatever this process inherited: a shell's background
    job (`.ci/run &`) ignores SIGINT, an ignored signal stays ignored across exec, and Python then installs no
    KeyboardInterrupt handler, so the build would never see the Ctrl-C this test sends."""
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)   # a handler becomes SIG_DFL in the child
    try:
        return subprocess.Popen(command, cwd=PROJECT_ROOT, env=quiet_env(),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    finally:
        signal.signal(signal.SIGINT, inherited)


def stop_at(paths, source, moment: str, signum: int) -> None:
    build = started_as_from_a_terminal(cli(paths, source, "--force"))
    deadline = time.monotonic() + 120
    while not reached(moment, paths):
        assert build.poll() is None, f"the build ended before {moment}"
        assert time.monotonic() < deadline, f"never reached {moment}"
        time.sleep(0.01)
    build.send_signal(signum)
    assert build.wait(timeout=60) != 0


def test_a_stopped_build_changes_nothing_and_the_next_one_cleans_up(tmp_path):
    paths, _good, changed = good_project(tmp_path)
    before = published(paths)
    for signum, moment in MOMENTS:
        stop_at(paths, changed, moment, signum)
        assert published(paths) == before, f"{signum.name} at {moment} changed the published build"
        # The kernel delivers the parent-death signal asynchronously, to MkDocs' second page writer only once
        # MkDocs itself is gone, and a worker spawned as its parent died must start Python to see it is
        # orphaned: a loaded machine (a whole suite beside it) may take seconds. A child that never ends
        # still fails here.
        deadline = time.monotonic() + 30
        while processes_mentioning(str(paths.root / STAGING_NAME)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert processes_mentioning(str(paths.root / STAGING_NAME)) == [], f"a child outlived {signum.name} at {moment}"
        if signum != signal.SIGKILL:
            assert leftovers(paths) == [], f"{signum.name} at {moment} left {leftovers(paths)}"
    (paths.root / ".site-new-x1y2z3" / "assets").mkdir(parents=True)  # what builds before the journal left
    assert leftovers(paths) != []
    result = run_cli(paths, changed)
    assert result.returncode == 0, result.stderr
    assert "removed an unfinished build's leftovers" in result.stderr
    assert leftovers(paths) == []
    assert has_newcomer(paths) == {"database": True, "docs": True, "site": True}


KILL_DURING_SWAP = """
import os, sys
import generator.staging as staging
original, swapped = staging._swap_one, []
def swap_then_die(staged, live):
    original(staged, live)
    swapped.append(live)
    if len(swapped) == int(sys.argv[1]):
        os.kill(os.getpid(), 9)
staging._swap_one = swap_then_die
from generator.cli import main
sys.exit(main(sys.argv[2:]))
"""


def test_a_build_killed_while_swapping_is_finished_by_the_next_one(tmp_path):
    """Killed after four of its renames: the database, the change state and part of docs/ are new."""
    after_swaps = 4
    paths, _good, changed = good_project(tmp_path)
    command = [sys.executable, "-c", KILL_DURING_SWAP, str(after_swaps), *cli(paths, changed)[3:]]
    killed = subprocess.run(command, cwd=PROJECT_ROOT, env=quiet_env(), capture_output=True, text=True)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert (paths.root / STAGING_NAME / "COMMIT.json").exists()
    assert recover(paths) is not None
    assert has_newcomer(paths) == {"database": True, "docs": True, "site": True}
    assert leftovers(paths) == []
