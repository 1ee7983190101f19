"""build_site: database -> Markdown under docs/ -> exports -> `mkdocs build --strict` -> site/.

Everything is written into the staging area of generator/staging.py (a mirror of the project) and swapped
in only once MkDocs succeeded: a failing or killed build leaves yesterday's docs/ and site/ exactly as they
were.
"""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import time
from pathlib import Path
from typing import Callable

import duckdb

from generator import DEFAULT_SITE_URL
from generator.changes import write_change_pages
from generator.changes.history import HISTORY_FILE, read_history
from generator.changes.pages import ChangeState, detect_changes
from generator.league.export import write_league_exports
from generator.league.pages import LEAGUES_DIR, league_pages
from generator.changes.summary import PREVIOUS_SUMMARY_FILE, read_summary
from generator.errors import BuildError
from generator.forked import run_forked
from generator.paths import Paths
from generator.site.context import format_sites
from generator.site.files import sync_files
from generator.site.processes import FormatWorkers, child_command
from generator.staging import BuildLock, Staging, generated_docs, recover
from generator.solo.procedure import SOLO_EXPORT, procedure_export

# A change detection's result, or a function of the database that runs it, or None (compare with the project's
# previous summary).
Changes = ChangeState | Callable[[duckdb.DuckDBPyConnection], ChangeState] | None
LINKED_DOCS_ENV = "COALITION_LINKED_DOCS"   # read by hooks/linked_files.py
MKDOCS_PROBLEM = re.compile(r"^(WARNING|ERROR)\s+-\s+(.*)$")


def connect(con_or_db_path: duckdb.DuckDBPyConnection | str | Path) -> tuple[duckdb.DuckDBPyConnection, bool]:
    """(connection, whether we opened it and must close it)."""
    if isinstance(con_or_db_path, duckdb.DuckDBPyConnection):
        return con_or_db_path, False
    from generator.queries import open_database

    return open_database(Path(con_or_db_path)), True


def render_docs(con: duckdb.DuckDBPyConnection, paths: Paths, *, changes: Changes = None) -> dict:
    """Write the generated Markdown and the exports under paths.docs_dir; return what was written.
    `changes` is the change detection's result, or a function of the database that detects them; without
    it, this build is compared with the previous summary of `paths`. Every format's pages and exports are
    written by its own worker process (generator/site/processes.py) while this one writes the table pages'
    data; once the last worker runs alone, this one writes the league pages (their deck checks) and detects
    the changes beside it, then writes the change pages once every format's pages are written."""
    started = time.perf_counter()
    with FormatWorkers(con, paths, format_sites(con, paths.formats_dir)) as workers:
        write_json(paths.docs_dir / SOLO_EXPORT, procedure_export(paths.data_dir))
        write_league_exports(paths.data_dir, paths.docs_dir)   # data/league/<format>.json for the pod tracker
        # The league pages check each season's decks against the card data (~45 MB at today's scale) and the
        # change detection holds both builds' summaries (~60 MB): neither beside two workers' site data, the
        # tree's peak (bench/bench_build.py), but beside the last worker alone, on the core it leaves idle.
        workers.beside_the_last()
        counts = sync_files(paths.docs_dir, league_pages(paths.data_dir, con=con), (LEAGUES_DIR,))   # data/leagues/*.yml
        changes = detected_changes(con, paths, changes)
        pages = workers.pages()
        counts.written, counts.unchanged = counts.written + pages.written, counts.unchanged + pages.unchanged
        counts.removed += pages.removed
        rendered = time.perf_counter()
        changes.counts["pages"] = counts.written + counts.unchanged
        written = write_change_pages(con, paths.docs_dir, paths.build_dir,
                                     site_url=os.environ.get("SITE_URL") or DEFAULT_SITE_URL, state=changes)
        changed = time.perf_counter()
        workers.finish()
    return {
        "pages_written": counts.written, "pages_unchanged": counts.unchanged, "pages_removed": counts.removed,
        "pages": changes.counts["pages"],
        "render_seconds": round(rendered - started, 2), "changes": written["status"],
        "changes_seconds": round(changed - rendered, 2),
        "exports_seconds": round(time.perf_counter() - changed, 2),   # waiting for the exports after that
    }


def detected_changes(con: duckdb.DuckDBPyConnection, paths: Paths, changes: Changes) -> ChangeState:
    """`changes` as a ChangeState: run when it is a function, else compared with the previous summary of
    `paths` (the change history of its build folder) when None."""
    if changes is None:
        return detect_changes(con, previous_summary(paths), read_history(paths.build_dir / HISTORY_FILE))
    return changes(con) if callable(changes) else changes


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
    # The child stays in our process group (Ctrl-C reaches both) and is killed with us even by kill -9.
    command = child_command("mkdocs", "build", "--config-file", str(config), "--site-dir", str(site_dir))
    if strict:
        command.append("--strict")
    # The theme's banner about its end of life is noise in a nightly log; the theme choice is made.
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1",
           # hooks/linked_files.py: the build's own data files are linked into site/, not copied.
           LINKED_DOCS_ENV: os.pathsep.join(generated_docs(paths.data_dir))}
    result = subprocess.run(command, cwd=paths.root, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        raise BuildError(f"mkdocs build{' --strict' if strict else ''} failed: {mkdocs_problem(result.stderr)}")


def mkdocs_problem(log: str) -> str:
    """The first warning or error of MkDocs' log, with a count of the rest."""
    problems = [m.group(2).strip() for m in map(MKDOCS_PROBLEM.match, log.splitlines()) if m]
    problems = [p for p in problems if not p.startswith("Aborted with")] or [log.strip().splitlines()[-1] if log.strip() else "no output"]
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return problems[0] + more


def build_site(con_or_db_path: duckdb.DuckDBPyConnection | str | Path, paths: Paths, *, strict: bool = True,
               stage: Staging | None = None,
               changes: Changes = None) -> dict:
    """Render every page from the database, write the exports and build the site; return figures (pages
    written and unchanged, seconds, site size). Everything is written into a staging area: `coalition build`
    passes its own `stage` and swaps it in with the database; without one, the docs and site are swapped in
    here. Raises BuildError; docs/ and site/ are untouched on failure."""
    if stage is not None:
        return build_into(stage, con_or_db_path, paths, strict=strict, changes=changes)
    with BuildLock(paths):
        recover(paths)
        stage = Staging(paths).begin()
        try:
            figures = build_into(stage, con_or_db_path, paths, strict=strict, changes=changes)
            stage.commit(database=False, site=True)
        except BaseException:
            stage.discard()
            raise
    return figures


def build_into(stage: Staging, con_or_db_path: duckdb.DuckDBPyConnection | str | Path, paths: Paths, *,
               strict: bool, changes: Changes) -> dict:
    """Render into the staging area's docs/ and run MkDocs into its site/; `paths` is the live project, whose
    summary and history the change detection compares with when `changes` is not given (a callable runs
    the detection on the database). Given a database file, the rendering runs in a child process
    (generator/forked.py): the site data and both builds' summaries leave with it, and MkDocs runs beside a
    small build process."""
    started = time.perf_counter()
    if changes is None:   # compared with the live project's previous summary, the staged change history
        changes = functools.partial(detect_with_history, previous=previous_summary(paths),
                                    history_file=stage.project.build_dir / HISTORY_FILE)
    if isinstance(con_or_db_path, duckdb.DuckDBPyConnection):
        figures = render_docs(con_or_db_path, stage.project, changes=changes)
    else:
        figures = run_forked("render", render_database, Path(con_or_db_path), stage.project, changes)
    mkdocs_started = time.perf_counter()
    run_mkdocs(stage.project, stage.site_dir, strict=strict)
    figures["mkdocs_seconds"] = round(time.perf_counter() - mkdocs_started, 2)
    # Imported here so `python -m generator.site.check` does not find itself imported already.
    from generator.site.check import BUILD_BUDGETS, budget_problems, site_figures

    figures.update(site_figures(stage.site_dir))
    problems = budget_problems(figures, BUILD_BUDGETS)   # the site is not swapped in
    if problems:
        raise BuildError(f"site/{figures['largest_page']}: {problems[0]} (generator/site/check.py)")
    figures["seconds"] = round(time.perf_counter() - started, 2)
    return figures


def detect_with_history(con: duckdb.DuckDBPyConnection, *, previous: dict | None, history_file: Path) -> ChangeState:
    return detect_changes(con, previous, read_history(history_file))


def render_database(database: Path, project: Paths, changes: Changes) -> dict:
    con, _ = connect(database)
    try:
        return render_docs(con, project, changes=changes)
    finally:
        con.close()
