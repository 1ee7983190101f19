"""generator/forked.py: a stage run in a forked child gives back its result or raises its exception here, and
its memory leaves with it."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from generator.errors import BuildError
from generator.forked import run_forked


def child_pid_and(value):
    return os.getpid(), value


def allocate_and_report(megabytes: int) -> int:
    block = bytearray(megabytes * 1_000_000)   # touched: resident in the child only
    block[::4096] = b"x" * len(block[::4096])
    return len(block)


def vm_rss_kb() -> int:
    with open("/proc/self/status", encoding="ascii") as handle:
        return next(int(line.split()[1]) for line in handle if line.startswith("VmRSS:"))


def fail_with(error: BaseException):
    raise error


def die():
    os.kill(os.getpid(), signal.SIGKILL)


@pytest.fixture
def single_threaded(monkeypatch):
    """pytest-xdist's worker runs threads of its own; the forked path is what these tests are about."""
    monkeypatch.setattr(threading, "active_count", lambda: 1)


def test_the_result_comes_back_from_another_process(single_threaded):
    pid, value = run_forked("test", child_pid_and, {"cards": [1, 2, 3]})
    assert pid != os.getpid() and value == {"cards": [1, 2, 3]}


def test_the_childs_memory_is_not_kept_here(single_threaded):
    before = vm_rss_kb()
    assert run_forked("test", allocate_and_report, 200) == 200_000_000
    assert vm_rss_kb() - before < 50_000   # the 200 MB stayed in the child


def test_a_build_error_is_raised_here_with_its_message(single_threaded):
    with pytest.raises(BuildError, match="^cards.jsonl:3: not JSON$"):
        run_forked("test", fail_with, BuildError("cards.jsonl:3: not JSON"))


def test_ctrl_c_in_the_child_is_ctrl_c_here(single_threaded):
    with pytest.raises(KeyboardInterrupt):
        run_forked("test", fail_with, KeyboardInterrupt())


def test_an_exception_that_cannot_travel_becomes_a_build_error(single_threaded):
    class Unpicklable(Exception):
        def __reduce__(self):
            raise TypeError("not today")

    with pytest.raises(BuildError, match="Unpicklable: a lock inside"):
        run_forked("test", fail_with, Unpicklable("a lock inside"))


def test_a_child_killed_outright_is_named(single_threaded):
    with pytest.raises(BuildError, match=r"^the database stage ended without a result \(signal 9\)$"):
        run_forked("database", die)


def test_with_threads_running_the_stage_runs_in_place(monkeypatch):
    monkeypatch.setattr(threading, "active_count", lambda: 3)   # fork would copy the other threads' locks
    pid, _ = run_forked("test", child_pid_and, None)
    assert pid == os.getpid()


def wait_for(flag) -> int:
    """The child: its pid once `flag` exists (written by this process meanwhile), or an error after 20 s."""
    deadline = time.monotonic() + 20
    while not flag.exists():
        if time.monotonic() > deadline:
            raise BuildError("nothing was done meanwhile")
        time.sleep(0.01)
    return os.getpid()


def test_meanwhile_runs_here_while_the_child_works(single_threaded, tmp_path):
    flag = tmp_path / "written meanwhile"
    pid = run_forked("test", wait_for, flag, meanwhile=lambda: flag.write_text("templates compiled\n"))
    assert pid != os.getpid()   # the child saw what this process wrote while it waited


def note_pid_and_sleep(pid_file) -> None:
    pid_file.write_text(str(os.getpid()))
    time.sleep(60)


def test_an_error_meanwhile_stops_the_child_and_is_raised(single_threaded, tmp_path):
    pid_file, seen = tmp_path / "child.pid", []

    def fail_meanwhile():
        while not pid_file.exists() or not pid_file.read_text():   # the child is asleep from then on
            time.sleep(0.01)
        seen.append(time.monotonic())
        raise BuildError("leader.md.j2:3: unexpected end of template")

    with pytest.raises(BuildError, match="^leader.md.j2:3: unexpected end of template$"):
        run_forked("test", note_pid_and_sleep, pid_file, meanwhile=fail_meanwhile)
    assert time.monotonic() - seen[0] < 30   # the child's minute of sleep was not waited for
    assert not os.path.exists(f"/proc/{pid_file.read_text()}")   # killed and reaped
