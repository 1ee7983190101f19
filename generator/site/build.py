"""build_site: database -> Markdown under docs/ -> exports -> `mkdocs build --strict` -> site/.

MkDocs writes into a fresh folder beside site/, which replaces site/ only once MkDocs succeeded: a failing
build leaves yesterday's site exactly as it was.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import duckdb

from generator import DEFAULT_SITE_URL
from generator.changes.summary import PREVIOUS_SUMMARY_FILE, read_summary
from generator.errors import BuildError
from generator.paths import Paths
from generator.site import side_work
from generator.site.context import load_site_data
from generator.site.files import fresh_dir_beside, swap_into_place, sync_files
from generator.site.pages import GENERATED_DIRS, generated_pages
from generator.site.rules import load_rules

EXPORTS_MODULE = side_work.EXPORTS_MODULE
MKDOCS_PROBLEM = re.compile(r"^(WARNING|ERROR)\s+-\s+(.*)$")


def exports_available() -> bool:
    return importlib.util.find_spec(EXPORTS_MODULE) is not None


def connect(con_or_db_path: duckdb.DuckDBPyConnection | str | Path) -> tuple[duckdb.DuckDBPyConnection, bool]:
    """(connection, whether we opened it and must close it)."""
    if isinstance(con_or_db_path, duckdb.DuckDBPyConnection):
        return con_or_db_path, False
    from generator.queries import open_database

    return open_database(Path(con_or_db_path)), True


def render_docs(con: duckdb.DuckDBPyConnection, paths: Paths, *, database: Path | None = None) -> dict:
    """Write the generated Markdown and the exports under docs/; return what was written. Given the database's
    file, the exports and the change log are written by a second process meanwhile (side_work)."""
    started = time.perf_counter()
    downloads = exports_available()
    side = side_work.start(database, con, paths, downloads=downloads,
                           site_url=os.environ.get("SITE_URL") or DEFAULT_SITE_URL,
                           previous_summary=previous_summary(paths))
    try:
        data = load_site_data(con)
        rules = load_rules(paths.data_dir / "rules")
        pages = generated_pages(data, rules, downloads=downloads)
        counts = sync_files(paths.docs_dir, pages, GENERATED_DIRS)
        rendered = time.perf_counter()
        figures = side.result()
    finally:
        side.close()
    return {
        "pages_written": counts.written, "pages_unchanged": counts.unchanged, "pages_removed": counts.removed,
        "render_seconds": round(rendered - started, 2), **figures,
        "side_work_wait_seconds": round(time.perf_counter() - rendered, 2),
    }


def previous_summary(paths: Paths) -> dict | None:
    """The build to compare with: the published one the nightly fetched into build/, else the summary of
    the site this build is about to replace (so local rebuilds get a change log too)."""
    return (read_summary(paths.build_dir / PREVIOUS_SUMMARY_FILE)
            or read_summary(paths.site_dir / "data" / "summary.json.gz"))


def run_mkdocs(paths: Paths, site_dir: Path, *, strict: bool) -> None:
    """`mkdocs build` in a child process (its logging and plugins stay out of ours), from the project root
    because pymdownx.snippets reads docs/generated/ relative to the working directory."""
    config = paths.root / "mkdocs.yml"
    if not config.exists():
        raise BuildError(f"{config}: no MkDocs configuration")
    command = [sys.executable, "-m", "mkdocs", "build", "--config-file", str(config), "--site-dir", str(site_dir)]
    if strict:
        command.append("--strict")
    # The theme's banner about its end of life is noise in a nightly log; the theme choice is made.
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run(command, cwd=paths.root, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        raise BuildError(f"mkdocs build{' --strict' if strict else ''} failed: {mkdocs_problem(result.stderr)}")


def mkdocs_problem(log: str) -> str:
    """The first warning or error of MkDocs' log, with a count of the rest."""
    problems = [m.group(2).strip() for m in map(MKDOCS_PROBLEM.match, log.splitlines()) if m]
    problems = [p for p in problems if not p.startswith("Aborted with")] or [log.strip().splitlines()[-1] if log.strip() else "no output"]
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return problems[0] + more


def publish(paths: Paths, *, strict: bool = True) -> float:
    """Build the site into a fresh folder and swap it into paths.site_dir; return MkDocs' seconds."""
    started = time.perf_counter()
    staging = fresh_dir_beside(paths.site_dir)
    try:
        run_mkdocs(paths, staging, strict=strict)
        swap_into_place(staging, paths.site_dir)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return round(time.perf_counter() - started, 2)


def build_site(con_or_db_path: duckdb.DuckDBPyConnection | str | Path, paths: Paths, *, strict: bool = True) -> dict:
    """Render every page from the database, write the exports, build and swap in the site; return figures
    (pages written and unchanged, seconds, site size). Raises BuildError; site/ is untouched on failure."""
    started = time.perf_counter()
    con, opened = connect(con_or_db_path)
    try:
        figures = render_docs(con, paths, database=None if not opened else Path(con_or_db_path))
    finally:
        if opened:
            con.close()
    figures["mkdocs_seconds"] = publish(paths, strict=strict)
    # Imported here so `python -m generator.site.check` does not find itself imported already.
    from generator.site.check import site_figures

    figures.update(site_figures(paths.site_dir))
    figures["seconds"] = round(time.perf_counter() - started, 2)
    return figures
