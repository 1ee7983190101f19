"""The build's child processes: one worker per format, which renders that format's pages and writes its
exports, and MkDocs (generator/site/build.py).

A format's pages and exports depend on nothing but the finished database and the project's files, so
render_docs starts one worker per format (`python -m generator.site.processes`), one per core at a time,
writes the table pages' data meanwhile, then the league pages beside the last worker, and waits. A worker prints one JSON
line once its pages are written (the change log needs their count) and one once its exports are; a worker's
error fails the build with its message. Linux kills every child when the build dies (PR_SET_PDEATHSIG), even
by kill -9, so no worker or MkDocs outlives it. Without a database file the workers can open read-only
beside the build (an in-memory or writable connection), the same work runs in this process, one format after
another.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import traceback
from pathlib import Path
from typing import Iterator

import duckdb

from generator.allocator import return_freed_memory
from generator.errors import BuildError
from generator.export.files import export_dirs, write_format_exports
from generator.paths import PACKAGE_DIR, Paths
from generator.site.context import FormatSite, format_sites, load_site_data
from generator.site.files import WriteCounts, sync_files
from generator.site.markup import TEMPLATE_CACHE_ENV
from generator.site.pages import GENERATED_DIRS, generated_dirs, generated_pages
from generator.solo.procedure import procedure_listings

# Runs a module (argv: parent pid, module, its arguments) after asking Linux to SIGKILL this process when its
# parent dies (PR_SET_PDEATHSIG = 1). Done in the child itself, not by a preexec_fn, which is unsafe when the
# parent has threads.
DIE_WITH_PARENT = """
import ctypes, os, runpy, signal, sys
try:
    ctypes.CDLL(None).prctl(1, signal.SIGKILL)
except (OSError, AttributeError):
    pass
if os.getppid() != int(sys.argv[1]):
    sys.exit("the build that started this process is gone")
sys.argv = sys.argv[2:]
runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
"""


def child_command(module: str, *args: str) -> list[str]:
    """`python -m module args...` as a child that dies with this process."""
    return [sys.executable, "-c", DIE_WITH_PARENT, str(os.getpid()), module, *args]


def worker_environment() -> dict[str, str]:
    """This process's environment, with this generator package first on the path: a worker runs the same
    code as the build that started it, from whatever folder and through whatever script."""
    path = [str(PACKAGE_DIR.parent), *filter(None, [os.environ.get("PYTHONPATH")])]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
    return_freed_memory(environment)   # generator/allocator.py: however this build was started
    return environment


def owned_dirs(site: FormatSite) -> tuple[str, ...]:
    """The folders under docs/ whose every file is one of this format's pages (a stale one is removed): the
    shared generated folders for the default format, its own leader and type folders for one under a prefix."""
    return generated_dirs([site])[len(GENERATED_DIRS):] if site.prefix else GENERATED_DIRS


def render_format(con: duckdb.DuckDBPyConnection, paths: Paths, sites: list[FormatSite], name: str) -> Iterator[dict]:
    """One format's pages under paths.docs_dir, then its exports (cards.json, format.json, pools/); yields
    the page counts after the pages and the export figures after the exports."""
    site = next(site for site in sites if site.name == name)
    counts = write_pages(con, paths, sites, site)
    # The pages' data is unreachable now, but reference cycles (the templates' contexts) keep ~45 MB of it
    # until the collector's rare full pass: collected here, a worker's peak during its exports fell from
    # 253-258 to 210-214 MB (PSS, Coalition's worker alone, 2026-11-26), beside another worker's.
    gc.collect()
    yield {"written": counts.written, "unchanged": counts.unchanged, "removed": counts.removed}
    data_dir = export_dirs(con, paths.docs_dir)[name]
    try:
        yield {"exports": write_format_exports(con, data_dir, name)}
    except (OSError, ValueError) as error:
        raise BuildError(f"{data_dir}: cannot write the exports ({error})") from error


def write_pages(con: duckdb.DuckDBPyConnection, paths: Paths, sites: list[FormatSite], site: FormatSite) -> WriteCounts:
    """One format's pages written under paths.docs_dir (its data read here and let go on return)."""
    pages = generated_pages(load_site_data(con, site.name), site, downloads=True, sites=sites,
                            procedures=procedure_listings(paths.formats_dir))
    return sync_files(paths.docs_dir, pages, owned_dirs(site))


def shared_database(con: duckdb.DuckDBPyConnection) -> Path | None:
    """The database file behind `con` when it is open read-only (other processes may then open it too)."""
    row = con.execute("SELECT path, readonly FROM duckdb_databases() WHERE database_name = current_database()").fetchone()
    return Path(row[0]) if row and row[0] and row[1] else None


class FormatWorkers:
    """Every format's pages and exports, in one worker process per format (or here, one after another).

        with FormatWorkers(con, paths, sites) as workers:
            ...                           # the build's own work meanwhile
            workers.beside_the_last()     # once the last worker runs alone: more of the build's own work
            counts = workers.pages()      # once every format's pages are written
            workers.finish()              # once every format's exports are written

    At most `at_once` workers run together (default: one per core): a worker holds its format's rows and
    DuckDB's working memory (~130-165 MB at today's scale), and more of them than there are cores only adds
    memory, not speed. The next format's worker starts when the oldest ends.
    """

    def __init__(self, con: duckdb.DuckDBPyConnection, paths: Paths, sites: list[FormatSite],
                 at_once: int | None = None) -> None:
        self.con, self.paths, self.sites = con, paths, sites
        self.database = shared_database(con)
        self.at_once = max(1, at_once if at_once is not None else workers_at_once())
        self.children: dict[str, subprocess.Popen] = {}
        self.reports: dict[str, list[dict]] = {site.name: [] for site in sites}
        self.ended: set[str] = set()   # workers read to their end and waited for
        self.local: dict[str, Iterator[dict]] = {}

    def __enter__(self) -> "FormatWorkers":
        for site in self.sites:
            if self.database is None:
                self.local[site.name] = render_format(self.con, self.paths, self.sites, site.name)
        for name in self.names()[:self.at_once]:
            self.start(name)
        return self

    def __exit__(self, *_exc: object) -> None:
        for child in self.children.values():   # still running only when the build failed meanwhile
            if child.poll() is None:
                child.kill()
            child.wait()
            child.stdout.close()

    def start(self, name: str) -> None:
        """Start the worker of `name`, once the oldest running ones have ended to make room for it."""
        if name in self.local or name in self.children:
            return
        running = [other for other in self.children if other not in self.ended]
        for oldest in running[:max(0, len(running) - self.at_once + 1)]:
            self.collect(oldest)
        command = child_command("generator.site.processes", "--root", str(self.paths.root), "--build-dir",
                                str(self.paths.build_dir), "--database", str(self.database), name)
        # The build's compiled templates (filled while its database was derived; else by the first worker).
        self.paths.template_cache_dir.mkdir(parents=True, exist_ok=True)
        environment = {**worker_environment(), TEMPLATE_CACHE_ENV: str(self.paths.template_cache_dir)}
        self.children[name] = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=environment)

    def collect(self, name: str) -> None:
        """Read every report of `name`'s worker until it ends; a worker that failed fails the build."""
        while len(self.reports[name]) < REPORTS:
            self.reports[name].append(self.read_report(name))
        if self.children[name].wait() != 0:
            raise BuildError(f"the worker for {name} failed (exit {self.children[name].returncode})")
        self.ended.add(name)

    def beside_the_last(self) -> None:
        """Return once the last format's worker has started and every other one has ended: the build's own
        work then has a core to itself (the last worker has the other), and the earlier workers' memory is
        gone. Before, the build waited for the last worker's pages too, and one core sat idle meanwhile."""
        earlier = self.names()[:-1]
        for name in self.names():   # the last too, as soon as the oldest have ended to make room for it
            self.start(name)
        for name in earlier:
            self.report(name, REPORTS - 1)   # its exports, a worker's last report
            if name in self.children:
                self.collect(name)

    def pages(self) -> WriteCounts:
        """Every format's page counts, once each has written its pages."""
        counts = WriteCounts()
        for name in self.names():
            line = self.report(name, 0)
            counts.written, counts.unchanged = counts.written + line["written"], counts.unchanged + line["unchanged"]
            counts.removed += line["removed"]
        return counts

    def finish(self) -> dict[str, dict]:
        """Every format's export figures, once each has written its exports and ended."""
        figures = {name: self.report(name, 1)["exports"] for name in self.names()}
        for name in list(self.children):
            self.collect(name)
        return figures

    def names(self) -> list[str]:
        return [site.name for site in self.sites]

    def report(self, name: str, index: int) -> dict:
        """The index-th report of `name` (0: its pages, 1: its exports), its worker started if need be."""
        self.start(name)
        while len(self.reports[name]) <= index:
            self.reports[name].append(self.read_report(name))
        return self.reports[name][index]

    def read_report(self, name: str) -> dict:
        if name in self.local:
            return next(self.local[name])
        line = self.children[name].stdout.readline()
        report = json.loads(line) if line.strip() else {"error": f"the worker for {name} ended early "
                                                        f"(exit {self.children[name].wait()})"}
        if "error" in report:
            raise BuildError(report["error"])
        return report


WORKERS_ENV = "COALITION_FORMAT_WORKERS"   # how many format workers may run together (default: the cores)
REPORTS = 2   # a worker's reports: its pages' counts, then its exports' figures


def workers_at_once() -> int:
    """Format workers that run together: one per core this process may use. The build's own work (the league
    pages and the change detection, beside the last worker alone) is small beside theirs; two
    workers on two cores took a cold build of today's cards from 46 s to 37 s, and the process tree's peak
    stays under 400 MB since the workers' rows and the build summary are no longer held at once."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:   # not on Linux
        cores = os.cpu_count() or 1
    return max(1, int(os.environ.get(WORKERS_ENV) or cores))


def main(argv: list[str] | None = None) -> int:
    """A worker: one format's pages, then its exports, each followed by a JSON line on stdout (or the error)."""
    parser = argparse.ArgumentParser(description="Render one format's pages and exports (a worker of coalition build).")
    parser.add_argument("--root", type=Path, required=True)
    parser.add_argument("--build-dir", type=Path, required=True)
    parser.add_argument("--database", type=Path, required=True)
    parser.add_argument("format")
    args = parser.parse_args(argv)
    paths = Paths(root=args.root, build_dir=args.build_dir)
    try:
        with duckdb.connect(str(args.database), read_only=True) as con:
            for report in render_format(con, paths, format_sites(con, paths.formats_dir), args.format):
                print(json.dumps(report), flush=True)
    except KeyboardInterrupt:
        return 130   # Ctrl-C reached the whole process group: the build reports it
    except BuildError as error:
        print(json.dumps({"error": str(error)}), flush=True)
        return 1
    except Exception as error:   # a bug: its traceback for the log, its message for the build's error
        traceback.print_exc()
        print(json.dumps({"error": f"the worker for {args.format} failed: {error!r}"}), flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
