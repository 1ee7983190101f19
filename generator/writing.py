"""Writing a file only when its bytes change, through a temporary file and a rename.

Unchanged files keep their modification time (so `mkdocs serve` reloads only what a build changed, and a
diff of docs/ shows what the data changed). The rename matters for the staging area (generator/staging.py):
its pages are hard links to the live ones until rewritten, so writing in place would change the live page.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_if_changed(path: Path, content: str | bytes) -> bool:
    """Write `content` to `path` unless it already holds exactly that; True when it wrote."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    try:
        if path.read_bytes() == data:
            return False
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        if write_new(path, data):
            return True
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name[:40]}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return True


def write_new(path: Path, data: bytes) -> bool:
    """Write a file that is not there yet in place; False when it appeared meanwhile. No hard link can share a
    file that did not exist, so the temporary file and the rename are not needed: a cold build writes each of
    its ~6,000 pages once, and those two cost its format workers about a fifth of their time (py-spy, x3)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        return False
    try:
        os.fchmod(fd, 0o644)   # as the rename's file has, whatever the umask
        with os.fdopen(fd, "wb") as out:
            out.write(data)
    except BaseException:   # no half-written page left behind: the next build must see it missing
        with contextlib.suppress(OSError):
            os.unlink(path)
        raise
    return True
