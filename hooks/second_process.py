"""Not a hook itself: what the two forking hooks share (hooks/page_writers.py, hooks/page_converters.py), a
second MkDocs process and the claims by which the two processes split a run of items.

MkDocs puts a hook's folder on the import path while it loads the hook, so they import this file by name.
The parent takes the items (pages, chunks of pages) from the front in order, the forked child from the back,
each item going to whoever asks first: two numbers in memory both processes see (the front, then the back),
behind a lock. Whatever the child logs as a warning or error, or an exception, makes it exit 1, which the
parent reports as the build's failure; Linux kills the child when its parent dies.
"""

from __future__ import annotations

import ctypes
import gc
import logging
import mmap
import multiprocessing
import os
import signal
import struct
import sys
import traceback
from typing import Callable

from mkdocs.utils import CountHandler

PR_SET_PDEATHSIG = 1


def fork_second_process(work: Callable[[], None], what: str) -> int:
    """Fork a child that runs `work()` and exits (0: nothing worth a warning); the child's pid, here."""
    sys.stdout.flush()
    sys.stderr.flush()
    gc.freeze()   # the child's collections then leave the parent's objects, and their memory pages, alone
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:
        _run_in_child(work, what, parent)   # never returns
    gc.unfreeze()
    return pid


def _run_in_child(work: Callable[[], None], what: str, parent: int) -> None:
    status = 1
    try:
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:
            raise SystemExit(f"the MkDocs build that forked this {what} is gone")
        problems = CountHandler(level=logging.WARNING)
        logging.getLogger("mkdocs").addHandler(problems)
        work()
        status = 1 if problems.get_counts() else 0
    except BaseException:   # Ctrl-C included: the parent reports the failure
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


class FrontBackClaims:
    """Which process has taken which of `count` items."""

    def __init__(self, count: int) -> None:
        self.memory = mmap.mmap(-1, 8)   # anonymous and shared with the child forked after this
        self.lock = multiprocessing.Lock()
        struct.pack_into("II", self.memory, 0, 0, count)

    def take_front(self, number: int) -> bool:
        """The parent, reaching item `number` in order: whether it is the parent's (taken now or before)."""
        with self.lock:
            front, back = struct.unpack_from("II", self.memory)
            if number >= back:
                return False
            struct.pack_into("II", self.memory, 0, max(front, number + 1), back)
            return True

    def take_back(self) -> int | None:
        """The child: the last item nobody has taken yet, or None when the two have met."""
        with self.lock:
            front, back = struct.unpack_from("II", self.memory)
            if back <= front:
                return None
            struct.pack_into("II", self.memory, 0, front, back - 1)
            return back - 1
