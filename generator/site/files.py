"""Writing generated pages only when they change (the swap into place is generator/staging.py's).

Unchanged files keep their modification time, so `mkdocs serve` reloads only what a build really changed and
a nightly diff of docs/ shows what the data changed.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from generator.staging import generated_docs  # what a build writes under docs/
from generator.writing import write_if_changed


@dataclass
class WriteCounts:
    written: int = 0
    unchanged: int = 0
    removed: int = 0


def sync_files(base: Path, files: Iterable[tuple[str, str]], owned_dirs: Iterable[str]) -> WriteCounts:
    """Write every (relative path, text) under `base`, then delete what else lies in the owned folders
    (a leader that left the data must not keep a page)."""
    counts = WriteCounts()
    kept: set[str] = set()
    for relative, text in files:
        path = base / relative
        kept.add(str(path))
        if write_if_changed(path, text):
            counts.written += 1
        else:
            counts.unchanged += 1
    for folder in owned_dirs:
        counts.removed += remove_stale(base / folder, kept)
    return counts


def remove_stale(folder: Path, kept: set[str]) -> int:
    """Delete every file under `folder` whose path is not in `kept`, then the folders left empty; returns the
    files deleted. Walked with plain strings, deepest first: Path objects for the ~6,000 pages of a format
    and their sorting cost a worker about a second."""
    removed = 0
    for parent, folders, names in os.walk(folder, topdown=False):
        for name in names:
            path = os.path.join(parent, name)
            if path not in kept:
                os.unlink(path)
                removed += 1
        if parent != str(folder) and not os.listdir(parent):
            os.rmdir(parent)
    return removed


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())




def copy_site_inputs(source_root: Path, target_root: Path) -> None:
    """mkdocs.yml, overrides/, hooks/, data/ (less the sample) and the hand-written docs/: what `coalition build`
    reads, for a throwaway project that tests and benchmarks may build in."""
    shutil.copy2(source_root / "mkdocs.yml", target_root / "mkdocs.yml")
    shutil.copytree(source_root / "overrides", target_root / "overrides")
    shutil.copytree(source_root / "hooks", target_root / "hooks", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(source_root / "data", target_root / "data", ignore=shutil.ignore_patterns("sample"))
    docs = source_root / "docs"
    generated = {docs / name for name in generated_docs(source_root / "data")}
    shutil.copytree(docs, target_root / "docs",
                    ignore=lambda folder, names: [n for n in names if Path(folder) / n in generated])
