"""The bulk file's cache folder (the file under its URL's own name and a `<kind>.meta.json` sidecar) and
the download's progress bar: the small parts of generator/scryfall.py that need no network."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from generator.errors import BuildError


class Progress:
    """A one-line progress bar on stderr, redrawn when the shown percentage (or MB count) changes."""

    WIDTH = 30

    def __init__(self, label: str, total: int | None, stream: Any = None) -> None:
        self.label = label
        self.total = total
        self.stream = stream or sys.stderr
        self._shown: int | None = None

    def update(self, done: int) -> None:
        step = done * 100 // self.total if self.total else done >> 20
        if step == self._shown:
            return
        self._shown = step
        if self.total:
            filled = self.WIDTH * done // self.total
            bar = "#" * filled + "-" * (self.WIDTH - filled)
            text = f"{self.label} [{bar}] {step:3d}% {done / 1e6:.1f}/{self.total / 1e6:.1f} MB"
        else:
            text = f"{self.label} {done / 1e6:.1f} MB"
        self.stream.write("\r" + text)
        self.stream.flush()

    def finish(self) -> None:
        if self._shown is not None:
            self.stream.write("\n")
            self.stream.flush()


def file_name_of(url: str) -> str:
    """The URL's last path segment, e.g. `oracle-cards-20260514090216.jsonl.gz`."""
    name = urlsplit(url).path.rstrip("/").rsplit("/", 1)[-1]
    if not name or name in (".", ".."):
        raise BuildError(f"{url}: no file name in the download URL")
    return name


def sidecar_path(cache_dir: Path, kind: str) -> Path:
    return cache_dir / f"{kind.replace('_', '-')}.meta.json"


def read_sidecar(path: Path) -> dict[str, Any]:
    """The sidecar's fields; empty when it is missing or unreadable (which only costs a download)."""
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def cached_file(folder: Path, meta: dict[str, Any], updated_at: Any, url: str) -> Path | None:
    """The cached file when the sidecar says it is Scryfall's current one and it is whole; else None."""
    if not updated_at or meta.get("updated_at") != updated_at or meta.get("url") != url:
        return None
    path = folder / Path(str(meta.get("file") or "")).name
    try:
        whole = path.is_file() and path.stat().st_size == meta.get("size")
    except OSError:
        return None
    return path if whole else None


def forget_previous_file(folder: Path, previous: dict[str, Any], current: Path) -> None:
    # Scryfall's file names carry a timestamp, so without this the nightly cache grows by one file a day.
    name = Path(str(previous.get("file") or "")).name
    if name and name != current.name:
        with contextlib.suppress(OSError):
            (folder / name).unlink()


def write_json_atomic(path: Path, value: dict[str, Any]) -> None:
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(value, out, indent=2)
            out.write("\n")
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
