"""Writing generated pages only when they change, and swapping a finished site into place.

Unchanged files keep their modification time, so `mkdocs serve` reloads only what a build really changed and
a nightly diff of docs/ shows what the data changed.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable


@dataclass
class WriteCounts:
    written: int = 0
    unchanged: int = 0
    removed: int = 0


def write_if_changed(path: Path, text: str) -> bool:
    """Write `text` to `path` unless it already holds exactly that; True when it wrote."""
    data = text.encode("utf-8")
    try:
        if path.read_bytes() == data:
            return False
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def sync_files(base: Path, files: Iterable[tuple[str, str]], owned_dirs: Iterable[str]) -> WriteCounts:
    """Write every (relative path, text) under `base`, then delete what else lies in the owned folders
    (a leader that left the data must not keep a page)."""
    counts = WriteCounts()
    kept: set[Path] = set()
    for relative, text in files:
        path = base / relative
        kept.add(path)
        if write_if_changed(path, text):
            counts.written += 1
        else:
            counts.unchanged += 1
    for folder in owned_dirs:
        for path in sorted((base / folder).rglob("*"), reverse=True):
            if path.is_file() and path not in kept:
                path.unlink()
                counts.removed += 1
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return counts


def fresh_dir_beside(target: Path) -> Path:
    """An empty folder on the same file system as `target`, so the final swap is a rename."""
    target.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{target.name}-new-", dir=target.parent))


def swap_into_place(new: Path, target: Path) -> None:
    """Replace `target` by `new` with two renames; the old folder is deleted only once the new one is in."""
    old = target.with_name(f".{target.name}-old")
    if old.exists():
        shutil.rmtree(old)
    if target.exists():
        target.rename(old)
    try:
        new.rename(target)
    except OSError:
        if old.exists() and not target.exists():
            old.rename(target)
        raise
    shutil.rmtree(old, ignore_errors=True)


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


# What a build writes under docs/ (never copied into a fresh project: the build makes it).
GENERATED_DOCS = ("leaders", "types", "generated", "data", "changes", "dashboard.md", "feed.xml")


def copy_site_inputs(source_root: Path, target_root: Path) -> None:
    """mkdocs.yml, overrides/, hooks/, data/ (less the sample) and the hand-written docs/: what `coalition build`
    reads, for a throwaway project that tests and benchmarks may build in."""
    shutil.copy2(source_root / "mkdocs.yml", target_root / "mkdocs.yml")
    shutil.copytree(source_root / "overrides", target_root / "overrides")
    shutil.copytree(source_root / "hooks", target_root / "hooks", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(source_root / "data", target_root / "data", ignore=shutil.ignore_patterns("sample"))
    docs = source_root / "docs"
    shutil.copytree(docs, target_root / "docs",
                    ignore=lambda folder, names: [n for n in names if Path(folder) == docs and n in GENERATED_DOCS])
