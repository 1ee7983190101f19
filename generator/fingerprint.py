"""The fingerprint of everything a build reads, so an unchanged night costs a hash instead of a build.

It covers the bulk file's bytes, the creature type catalog, data/, the generator itself (its code, SQL and
templates, and its version), overrides/, mkdocs.yml, the hand-written pages of docs/, the site's address and
whether the site is built. It leaves out the change state (the previous summary and history): that is the
previous build's own output, the same whenever the inputs are.

The last build's fingerprint is kept in build/fingerprint.json and published as data/fingerprint.txt, which
the nightly compares with before it builds (`coalition build --published-fingerprint FILE`).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from generator import DEFAULT_SITE_URL, __version__
from generator.paths import PACKAGE_DIR, Paths
from generator.staging import generated_docs

FINGERPRINT_FILE = "fingerprint.json"
PUBLISHED_FINGERPRINT = "fingerprint.txt"  # under the site's data/
CHUNK = 1 << 20
SKIPPED_PARTS = {"__pycache__", ".pytest_cache"}


def _hash_file(digest: "hashlib._Hash", path: Path) -> None:
    with path.open("rb") as handle:
        while chunk := handle.read(CHUNK):
            digest.update(chunk)


def _hash_tree(digest: "hashlib._Hash", label: str, folder: Path, skip: tuple[str, ...] = ()) -> None:
    """Every file under `folder` by relative path and content, in a fixed order, less the paths in `skip`
    (relative to `folder`, e.g. "sample" or "balance-of-power/data") and everything under them."""
    if not folder.exists():
        digest.update(f"{label}: absent\n".encode())
        return
    files = sorted(p for p in folder.rglob("*") if p.is_file() and not SKIPPED_PARTS & set(p.parts)
                   and not _under_any(p.relative_to(folder).as_posix(), skip))
    for path in files:
        digest.update(f"{label}/{path.relative_to(folder).as_posix()}\n".encode())
        _hash_file(digest, path)


def _under_any(relative: str, skip: tuple[str, ...]) -> bool:
    return any(relative == s or relative.startswith(s + "/") for s in skip)


def input_fingerprint(paths: Paths, source: Path, catalog: list[str], *, site: bool) -> str:
    digest = hashlib.sha256()
    digest.update(f"generator {__version__}\nsite {site}\n".encode())
    digest.update(f"site_url {os.environ.get('SITE_URL') or DEFAULT_SITE_URL}\n".encode())
    digest.update(json.dumps(sorted(set(catalog))).encode())
    digest.update(b"\nbulk file\n")
    _hash_file(digest, source)
    _hash_tree(digest, "generator", PACKAGE_DIR)
    _hash_tree(digest, "data", paths.data_dir, skip=("sample",) if source != paths.sample_file else ())
    if site:
        _hash_tree(digest, "overrides", paths.root / "overrides")
        _hash_tree(digest, "hooks", paths.root / "hooks")   # MkDocs hooks (mkdocs.yml `hooks:`)
        _hash_tree(digest, "docs", paths.docs_dir, skip=generated_docs(paths.data_dir))
        config = paths.root / "mkdocs.yml"
        if config.exists():
            _hash_file(digest, config)
    return digest.hexdigest()[:32]


def last_fingerprint(paths: Paths) -> str | None:
    try:
        return json.loads((paths.build_dir / FINGERPRINT_FILE).read_text(encoding="utf-8"))["fingerprint"]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def published_fingerprint(path: Path) -> str | None:
    """The fingerprint a published site carries (data/fingerprint.txt); None when absent or unreadable."""
    try:
        text = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text or None


def outputs_present(paths: Paths, *, site: bool) -> bool:
    return paths.database.exists() and (not site or (paths.site_dir / "index.html").exists())


def write_fingerprint(state_dir: Path, site_dir: Path | None, fingerprint: str) -> None:
    """Into the staging area: build/fingerprint.json, and data/fingerprint.txt of the site when there is one."""
    (state_dir / FINGERPRINT_FILE).write_text(json.dumps({"fingerprint": fingerprint}) + "\n", encoding="utf-8")
    if site_dir is not None:
        published = site_dir / "data" / PUBLISHED_FINGERPRINT
        published.parent.mkdir(parents=True, exist_ok=True)
        published.write_text(fingerprint + "\n", encoding="utf-8")
