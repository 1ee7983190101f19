"""Running one stage of the build in a forked child process, so that the memory it needed is given back
the moment it ends.

The database stage derives everything in an in-memory DuckDB of ~300 MB; a process keeps much of that
after the connection closes (allocators keep their arenas), and the build then spent the whole render and
MkDocs beside it. In a child, the memory leaves with the child. The child inherits everything (no pickling
of inputs, no re-import); its result or its exception comes back through a pipe, pickled; Linux kills it
when the build dies (PR_SET_PDEATHSIG), and Ctrl-C reaches it like the build (same process group).
Without fork (Windows) or inside a threaded process (fork would copy held locks), the stage runs in place.
"""

from __future__ import annotations

import ctypes
import os
import pickle
import signal
import sys
import threading
import traceback
from typing import Callable, TypeVar

from generator.errors import BuildError

T = TypeVar("T")
PR_SET_PDEATHSIG = 1


def run_forked(stage: str, function: Callable[..., T], *args, meanwhile: Callable[[], object] | None = None,
               **kwargs) -> T:
    """function(*args, **kwargs) in a forked child: its return value, or its exception raised here.
    `meanwhile()` runs here while the child works (its error is raised once the child is stopped)."""
    if not hasattr(os, "fork") or threading.active_count() > 1:
        if meanwhile is not None:
            meanwhile()
        return function(*args, **kwargs)
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:   # the child: never returns
        os.close(read_end)
        _child(write_end, parent, function, args, kwargs)
    os.close(write_end)
    try:
        with os.fdopen(read_end, "rb") as pipe:
            if meanwhile is not None:
                meanwhile()
            outcome = pipe.read()
    # Ctrl-C, SIGTERM or meanwhile's error: the child must not write on while the stage is cleared.
    except BaseException:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        raise
    _, status = os.waitpid(pid, 0)
    if not outcome:
        code = os.waitstatus_to_exitcode(status)
        raise BuildError(f"the {stage} stage ended without a result "
                         f"({'signal ' + str(-code) if code < 0 else 'exit ' + str(code)})")
    kind, value = pickle.loads(outcome)
    if kind == "error":
        raise value
    return value


def _child(write_end: int, parent: int, function: Callable, args: tuple, kwargs: dict) -> None:
    status = 1
    try:
        try:
            ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass
        if os.getppid() != parent:   # the build died between fork and prctl
            os._exit(1)
        try:
            outcome = ("result", function(*args, **kwargs))
        except BaseException as error:   # Ctrl-C included: the parent raises it in its own place
            outcome = ("error", error if _picklable(error) else BuildError(f"{type(error).__name__}: {error}"))
            if not isinstance(error, (BuildError, KeyboardInterrupt)):
                traceback.print_exc()
        with os.fdopen(write_end, "wb") as pipe:
            pickle.dump(outcome, pipe)
        status = 0
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def _picklable(error: BaseException) -> bool:
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:   # an exception holding a connection, a lock, a lambda...
        return False
    return True
