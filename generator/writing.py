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
