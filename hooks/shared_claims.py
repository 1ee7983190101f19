"""Not a hook itself: the claims both forking hooks share (hooks/page_writers.py, hooks/page_converters.py).

MkDocs puts a hook's folder on the import path while it loads the hook, so they import this file by name.
Two processes share a run of items (pages, chunks of pages): the parent takes them from the front in order,
the forked child from the back, each item going to whoever asks first. Two numbers in memory both processes
see (the front, then the back), behind a lock.
"""

from __future__ import annotations

import mmap
import multiprocessing
import struct


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
