"""The exports and the change log, written on the second core while the first renders the pages.

Both read the finished database and write their own files under docs/ (data/, changes/, dashboard.md,
feed.xml), none of which the page rendering touches, so they can run side by side: a child process opens the
database read-only, as the parent does. Measured on the modern file this takes their 3-4 s off the build
(bench/bench_build.py). With an in-memory database (tests), they run in this process, one after the other.
"""

from __future__ import annotations

import importlib
import multiprocessing
import time
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

import duckdb

from generator.errors import BuildError
from generator.paths import Paths

EXPORTS_MODULE = "generator.site.exports"


def exports_and_changes(con: duckdb.DuckDBPyConnection, paths: Paths, *, downloads: bool, site_url: str,
                        previous_summary: dict | None) -> dict:
    """Write the exports (when the module exists) and the change log; return their figures."""
    from generator.changes import write_change_pages

    started = time.perf_counter()
    if downloads:
        # write_exports(con, out_dir) writes out_dir/data/{cards.json, format.json, pools/}.
        try:
            importlib.import_module(EXPORTS_MODULE).write_exports(con, paths.docs_dir)
        except (OSError, ValueError) as error:
            raise BuildError(f"{paths.docs_dir / 'data'}: cannot write the exports ({error})") from error
    exported = time.perf_counter()
    changes = write_change_pages(con, paths.docs_dir, paths.build_dir, site_url=site_url,
                                 previous_summary=previous_summary)
    return {"exports_seconds": round(exported - started, 2) if downloads else None,
            "changes": changes["status"], "changes_seconds": round(time.perf_counter() - exported, 2)}


def _in_child(database: Path, paths: Paths, options: dict) -> dict:
    from generator.queries import open_database

    with open_database(database) as con:
        return exports_and_changes(con, paths, **options)


def start(database: Path | None, con: duckdb.DuckDBPyConnection, paths: Paths, **options) -> "SideWork":
    """Begin the side work: in a child process when the database is a file, else now, in this process."""
    if database is None:
        return SideWork(exports_and_changes(con, paths, **options), None, None)
    # spawn, not fork: the parent holds DuckDB's threads and an open connection.
    executor = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    return SideWork(None, executor, executor.submit(_in_child, Path(database), paths, options))


class SideWork:
    def __init__(self, figures: dict | None, executor: ProcessPoolExecutor | None, future: Future | None) -> None:
        self.figures, self.executor, self.future = figures, executor, future

    def result(self) -> dict:
        """The side work's figures, once it is done; its BuildError, if it failed, raised here."""
        if self.future is not None:
            try:
                self.figures = self.future.result()
            finally:
                self.close()
        return self.figures

    def close(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=True, cancel_futures=True)
            self.executor = None
