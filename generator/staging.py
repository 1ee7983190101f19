"""One build, all or nothing: the database, the generated docs/ and the site are written into a staging area
and swapped in together at the end, or not at all.

    with BuildLock(paths):              # "another build is running (pid N)"
        recover(paths)                  # finish a swap a killed build had committed; delete its leftovers
        stage = Staging(paths).begin()
        ...write stage.database, render into stage.project (a mirror of the project), mkdocs into stage.site_dir
        stage.commit(site=True)

The swap is made safe against kill -9 by a journal: `commit` first writes `.coalition-staging/COMMIT.json`
(every staged path and the live path it replaces) with one atomic rename, then performs the renames. A
build killed before that rename left the live files untouched and its staging area is deleted by the next
build; a build killed after it has its renames finished by the next build (`recover`), so the database,
docs/ and site/ always end up from the same build.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import signal
from pathlib import Path

import yaml

from generator.errors import BuildError
from generator.paths import Paths

STAGING_NAME = ".coalition-staging"
LOCK_NAME = ".coalition-build.lock"
JOURNAL = "COMMIT.json"
STAGED_DATABASE_SUFFIX = ".new"
# What a build writes under docs/. Pages written through files.write_if_changed are hard-linked into the
# staging area (unchanged ones keep their time); the rest is copied or rebuilt from scratch.
LINKED_DOCS = ("leaders", "types", "generated", "banlist")
COPIED_DOCS = ("changes", "dashboard.md", "feed.xml")
FRESH_DOCS = ("data",)
GENERATED_DOCS = LINKED_DOCS + COPIED_DOCS + FRESH_DOCS


def generated_docs(data_dir: Path) -> tuple[str, ...]:
    """Every path under docs/ that a build writes: GENERATED_DOCS, the whole folder of every format served
    under a prefix (docs/heroic/), and the generated folders inside hand-written sections (the solo table's
    procedure, the league pages). Read from data/, so a new format folder needs no change here."""
    from generator.formatdata import format_folders
    from generator.league.pages import LEAGUES_DIR
    from generator.solo.procedure import SOLO_EXPORT

    prefixed = tuple(folder.name for folder in format_folders(data_dir)
                     if not _says_default(folder / "format.yml"))
    names = GENERATED_DOCS + prefixed + (SOLO_EXPORT.parent.as_posix(), LEAGUES_DIR)
    # A folder inside another one (mazerunner/leagues inside a prefixed format's mazerunner/) is swapped with it.
    return tuple(name for name in names if not any(name.startswith(other + "/") for other in names))


def _says_default(format_file: Path) -> bool:
    try:
        return bool((yaml.safe_load(format_file.read_text(encoding="utf-8")) or {}).get("default"))
    except (OSError, yaml.YAMLError, AttributeError):
        return False   # the format data's own checks report a broken file
# Project entries the mirror leaves out: the outputs, and hidden folders (git, caches, our own staging).
NOT_MIRRORED = {"docs", "site", "build"}
STATE_FILES = ("changes-history.json", "fingerprint.json")


class BuildLock:
    """An exclusive lock on the project folder for one build. The kernel drops it when its process dies
    (even by kill -9), so a lock left by a dead build is simply taken over."""

    def __init__(self, paths: Paths) -> None:
        self.path = paths.root / LOCK_NAME
        self._handle = None

    def __enter__(self) -> "BuildLock":
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+", encoding="utf-8")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "unknown"
            handle.close()
            raise BuildError(f"{self.path.parent}: another build is running (pid {holder})") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self._handle = handle
        return self

    def __exit__(self, *_exc: object) -> None:
        if self._handle is not None:
            self._handle.close()  # closing releases the lock; the file stays for the next build
            self._handle = None


class Staging:
    """The staging area of one build (see the module docstring)."""

    def __init__(self, paths: Paths) -> None:
        self.live = paths
        self.area = paths.root / STAGING_NAME
        self.database = paths.database.with_name(paths.database.name + STAGED_DATABASE_SUFFIX)
        self.project = Paths(root=self.area / "project", build_dir=self.area / "state")
        self.site_dir = self.area / "site"

    def begin(self) -> "Staging":
        """Create the area: a mirror of the project whose docs/ holds the hand-written pages and the live
        generated ones (ready to be rewritten), and the change state the build continues from."""
        discard_leftovers(self.live)
        self.area.mkdir()
        self.project.build_dir.mkdir()
        _mirror_project(self.live.root, self.project.root)
        _stage_docs(self.live.docs_dir, self.project.docs_dir)
        for name in STATE_FILES:
            if (self.live.build_dir / name).exists():
                shutil.copy2(self.live.build_dir / name, self.project.build_dir / name)
        return self

    def swaps(self, *, database: bool, site: bool) -> list[tuple[str | None, str]]:
        """(staged path or None to delete, live path) for everything this build replaces."""
        pairs: list[tuple[str | None, str]] = []
        if database:
            pairs.append((str(self.database), str(self.live.database)))
        for name in STATE_FILES:
            staged = self.project.build_dir / name
            if staged.exists():
                pairs.append((str(staged), str(self.live.build_dir / name)))
        if site:
            for name in generated_docs(self.live.data_dir):
                staged = self.project.docs_dir / name
                pairs.append((str(staged) if staged.exists() else None, str(self.live.docs_dir / name)))
            pairs.append((str(self.site_dir), str(self.live.site_dir)))
        return pairs

    def commit(self, *, database: bool = True, site: bool = True) -> None:
        """Swap every staged output into place: journal first (the point of no return), then the renames.
        Ctrl-C and SIGTERM wait until the swap is done (kill -9 cannot: the next build finishes it)."""
        journal = self.area / JOURNAL
        temporary = journal.with_suffix(".part")
        temporary.write_text(json.dumps({"swaps": self.swaps(database=database, site=site)}), encoding="utf-8")
        _fsync(temporary)
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        try:
            os.replace(temporary, journal)
            _fsync(self.area)
            recover(self.live)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)

    def discard(self) -> None:
        discard_leftovers(self.live)


def recover(paths: Paths) -> str | None:
    """Finish a committed swap or delete an uncommitted staging area; say which, or None when clean."""
    journal = paths.root / STAGING_NAME / JOURNAL
    if not journal.exists():
        return "removed an unfinished build's leftovers" if discard_leftovers(paths) else None
    swaps = [(None if staged is None else Path(staged), Path(live))
             for staged, live in json.loads(journal.read_text(encoding="utf-8"))["swaps"]]
    for staged, live in swaps:
        _swap_one(staged, live)
    _fsync(paths.root)
    journal.unlink()
    for _staged, live in swaps:
        _remove(_trash_of(live))
    discard_leftovers(paths)
    return "finished publishing a build that was stopped while swapping it in"


def _trash_of(live: Path) -> Path:
    return live.with_name(f".{live.name}.replaced")


def _swap_one(staged: Path | None, live: Path) -> None:
    """Idempotent: a staged path that is gone was moved already (a second run after a kill skips it).
    Files are replaced in one rename; a folder is renamed aside first (a folder cannot replace a folder)."""
    if staged is not None and not os.path.lexists(staged):
        return
    trash = _trash_of(live)
    if live.is_dir() and not live.is_symlink():
        _remove(trash)
        live.rename(trash)
    if staged is None:
        _remove(live)
    else:
        live.parent.mkdir(parents=True, exist_ok=True)
        os.replace(staged, live)


def _remove(path: Path) -> bool:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
        return True
    if os.path.lexists(path):
        path.unlink()
        return True
    return False


def discard_leftovers(paths: Paths) -> bool:
    """Delete what an unfinished build left: the staging area, a staged database, folders renamed aside,
    old-style `.site-new-*` and `.site-old` folders. Never touches a live file. True when there was any."""
    leftovers = [paths.root / STAGING_NAME, *paths.build_dir.glob(paths.database.name + STAGED_DATABASE_SUFFIX + "*"),
                 *paths.site_dir.parent.glob(f".{paths.site_dir.name}-new-*"),
                 paths.site_dir.with_name(f".{paths.site_dir.name}-old"), _trash_of(paths.site_dir),
                 *(_trash_of(paths.docs_dir / name) for name in generated_docs(paths.data_dir))]
    return any([_remove(path) for path in leftovers])


def _mirror_project(root: Path, mirror: Path) -> None:
    """Symlinks to every project entry MkDocs may read (mkdocs.yml, overrides/, hooks...), so paths in
    mkdocs.yml resolve inside the mirror; docs/ is a real folder, filled by _stage_docs."""
    mirror.mkdir()
    for entry in root.iterdir():
        if entry.name in NOT_MIRRORED or entry.name.startswith("."):
            continue
        (mirror / entry.name).symlink_to(entry)


def _stage_docs(docs: Path, staged: Path) -> None:
    staged.mkdir()
    if not docs.exists():
        return
    for entry in docs.iterdir():
        target = staged / entry.name
        if entry.name in FRESH_DOCS:
            continue
        if entry.name in LINKED_DOCS and entry.is_dir():
            shutil.copytree(entry, target, copy_function=os.link)
        elif entry.is_dir():
            shutil.copytree(entry, target)
        else:
            shutil.copy2(entry, target)


def _fsync(path: Path) -> None:
    """Flush a file or a folder's entries to disk, so the journal outlives a power cut, not just a kill."""
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
