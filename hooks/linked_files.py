"""MkDocs hook (mkdocs.yml `hooks:`): the build's own data files reach site/ as hard links, not copies.

A build writes some 2,700 data files under docs/ (every format's cards.json and pool files, each table's
rows.json: 43 MB on today's cards), and MkDocs copies each into site/ on the one core its page rendering needs:
about a second of the build's critical path. A hard link costs a directory entry. It is safe only for files
nothing ever changes in place, and the generator's are such: generator/writing.py replaces a file by a rename
(a new inode), so the published site keeps its bytes until a new site is swapped in. Hand-written files
(docs/assets/, sw.js) may be edited in place by anyone, so they are still copied.

`coalition build` names the folders it writes in COALITION_LINKED_DOCS (paths under docs/, separated by
os.pathsep: generator/staging.py's generated_docs). Without it (`mkdocs build`, `mkdocs serve`) every file is
copied as MkDocs always does. A link that cannot be made (another file system) falls back to a copy.
"""

from __future__ import annotations

import os
import shutil

LINKED_DOCS_ENV = "COALITION_LINKED_DOCS"


def linked_prefixes() -> tuple[str, ...]:
    """The docs-relative folders and files whose static files are linked, each as a prefix of a src_uri."""
    named = [entry.strip("/") for entry in os.environ.get(LINKED_DOCS_ENV, "").split(os.pathsep)]
    return tuple(entry for entry in named if entry)


def is_linked(src_uri: str, prefixes: tuple[str, ...]) -> bool:
    return any(src_uri == prefix or src_uri.startswith(prefix + "/") for prefix in prefixes)


def link_or_copy(source: str, target: str) -> None:
    os.makedirs(os.path.dirname(target), exist_ok=True)
    try:
        os.link(source, target)
    except FileExistsError:   # MkDocs would overwrite it: so do we, without writing into a shared inode
        os.unlink(target)
        os.link(source, target)
    except OSError:           # another file system, or links forbidden: a copy, as MkDocs makes
        shutil.copyfile(source, target)


def linking_copy(file, dirty: bool = False) -> None:
    """File.copy_file for a generated data file: a link to its source (dirty builds skip unchanged ones)."""
    if dirty and not file.is_modified():
        return
    link_or_copy(file.abs_src_path, file.abs_dest_path)


def on_files(files, config):
    prefixes = linked_prefixes()
    if not prefixes:
        return files
    for file in files:
        # Only a plain file of docs/: not a page, nor one a plugin made or gave other bytes.
        plain = file.abs_src_path is not None and file.generated_by is None and getattr(file, "_content", None) is None
        linkable = plain and not file.is_documentation_page() and is_linked(file.src_uri, prefixes)
        if linkable:
            file.copy_file = linking_copy.__get__(file)   # this file only; MkDocs' copy for every other
    return files
