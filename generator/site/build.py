"""build_site: database -> Markdown under docs/ -> exports -> `mkdocs build --strict` -> site/.

MkDocs writes into a fresh folder beside site/, which replaces site/ only once MkDocs succeeded: a failing
build leaves yesterday's site exactly as it was.
"""

from __future__ import annotations

import importlib
import json
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
from generator.changes import write_change_pages
from generator.changes.summary import PREVIOUS_SUMMARY_FILE, read_summary
from generator.errors import BuildError
from generator.paths import Paths
from generator.site.context import load_site_data
from generator.site.files import fresh_dir_beside, swap_into_place, sync_files
from generator.site.pages import GENERATED_DIRS, generated_pages
from generator.site.rules import load_rules
from generator.solo.procedure import SOLO_EXPORT, procedure_export

EXPORTS_MODULE = "generator.export.files"
MKDOCS_PROBLEM = re.compile(r"^(WARNING|ERROR)\s+-\s+(.*)$")


def exports_available() -> bool:
    return importlib.util.find_spec(EXPORTS_MODULE) is not None


def connect(con_or_db_path: duckdb.DuckDBPyConnection | str | Path) -> tuple[duckdb.DuckDBPyConnection, bool]:
    """(connection, whether we opened it and must close it)."""
    if isinstance(con_or_db_path, duckdb.DuckDBPyConnection):
        return con_or_db_path, False
    from generator.queries import open_database

    return open_database(Path(con_or_db_path)), True


def default_format_dir(con: duckdb.DuckDBPyConnection, paths: Paths) -> Path:
    """The data folder of the format served at the site's root."""
    (fmt,) = con.execute("SELECT format FROM formats WHERE is_default").fetchone()
    return paths.formats_dir / fmt


def render_docs(con: duckdb.DuckDBPyConnection, paths: Paths) -> dict:
    """Write the generated Markdown and the exports under docs/; return what was written."""
    started = time.perf_counter()
    downloads = exports_available()
    data = load_site_data(con)
    rules = load_rules(default_format_dir(con, paths) / "rules")
    counts = sync_files(paths.docs_dir, generated_pages(data, rules, downloads=downloads), GENERATED_DIRS)
    rendered = time.perf_counter()
    if downloads:
        # write_exports(con, out_dir) writes out_dir/data/{cards.json, format.json, pools/}.
        try:
            importlib.import_module(EXPORTS_MODULE).write_exports(con, paths.docs_dir)
        except (OSError, ValueError) as error:
            raise BuildError(f"{paths.docs_dir / 'data'}: cannot write the exports ({error})") from error
    write_json(paths.docs_dir / SOLO_EXPORT, procedure_export(paths.data_dir))
    exported = time.perf_counter()
    changes = write_change_pages(
        con, paths.docs_dir, paths.build_dir, site_url=os.environ.get("SITE_URL") or DEFAULT_SITE_URL,
        previous_summary=previous_summary(paths),
    )
    return {
        "pages_written": counts.written, "pages_unchanged": counts.unchanged, "pages_removed": counts.removed,
        "render_seconds": round(rendered - started, 2),
        "exports_seconds": round(exported - rendered, 2) if downloads else None,
        "changes": changes["status"], "changes_seconds": round(time.perf_counter() - exported, 2),
    }


def write_json(path: Path, document: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8", newline="\n")


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
        figures = render_docs(con, paths)
    finally:
        if opened:
            con.close()
    figures["mkdocs_seconds"] = publish(paths, strict=strict)
    # Imported here so `python -m generator.site.check` does not find itself imported already.
    from generator.site.check import site_figures

    figures.update(site_figures(paths.site_dir))
    figures["seconds"] = round(time.perf_counter() - started, 2)
    return figures
