"""generator/site/processes.py: every format's pages and exports are written by its own worker process, with
the same bytes as when one process writes them all, and a worker's failure fails the build with its message."""

from __future__ import annotations

import duckdb
import jinja2
import pytest

import generator.site.build as build_module
import generator.site.processes as processes
from generator.errors import BuildError
from generator.site.build import render_docs
from generator.site.context import every_format_template_dirs
from generator.site.markup import TEMPLATE_CACHE_ENV, environment, precompile_templates
from tests.site_testing import build_database_for, site_project, synthetic_cards


def project(folder):
    folder.mkdir()
    return site_project(folder)


def docs_files(paths) -> dict[str, bytes]:
    return {str(p.relative_to(paths.docs_dir)): p.read_bytes() for p in sorted(paths.docs_dir.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    return build_database_for(synthetic_cards(), site_project(tmp_path_factory.mktemp("processes-db")))


def test_workers_write_the_same_docs_as_one_process(tmp_path, database, monkeypatch):
    by_workers, here = project(tmp_path / "workers"), project(tmp_path / "here")
    started = []
    popen = processes.subprocess.Popen
    monkeypatch.setattr(processes.subprocess, "Popen", lambda command, **kw: started.append(command[-1]) or popen(command, **kw))
    with duckdb.connect(str(database), read_only=True) as con:
        assert processes.shared_database(con) == database
        figures = render_docs(con, by_workers)
        formats = [site.name for site in processes.format_sites(con, by_workers.formats_dir)]
        assert sorted(started) == sorted(formats) and len(formats) >= 2   # one worker per format of data/formats/
        monkeypatch.setattr(processes, "shared_database", lambda _con: None)
        assert render_docs(con, here)["pages_written"] == figures["pages_written"] > 20
    assert len(started) == len(formats), "without a shared database file, the work runs in this process"
    assert docs_files(by_workers) == docs_files(here)
    assert (by_workers.docs_dir / "heroic" / "data" / "cards.json").exists()


def test_a_connection_other_processes_cannot_share_is_rendered_here(database):
    with duckdb.connect(":memory:") as memory:
        assert processes.shared_database(memory) is None
    with duckdb.connect(str(database)) as writable:   # other processes cannot open the file meanwhile
        assert processes.shared_database(writable) is None


def test_a_failing_worker_fails_the_build_with_its_message(tmp_path, database):
    paths = site_project(tmp_path)
    (paths.docs_dir / "heroic").mkdir(parents=True, exist_ok=True)
    (paths.docs_dir / "heroic" / "data").write_text("a file where the exports' folder goes\n", encoding="utf-8")
    with duckdb.connect(str(database), read_only=True) as con:
        with pytest.raises(BuildError, match=r"heroic/data: cannot write the exports"):
            render_docs(con, paths)
    assert processes.subprocess.run(["pgrep", "-f", str(paths.root)], capture_output=True).stdout == b""


def test_a_worker_that_ends_without_a_word_is_named(tmp_path, database, monkeypatch):
    paths = site_project(tmp_path)
    monkeypatch.setattr(processes, "child_command", lambda *_args: ["python3", "-c", "raise SystemExit(3)"])
    with duckdb.connect(str(database), read_only=True) as con:
        with pytest.raises(BuildError, match=r"the worker for coalition ended early \(exit 3\)"):
            render_docs(con, paths)


def test_the_default_format_owns_the_shared_folders_and_a_prefixed_one_its_own(database, tmp_path):
    with duckdb.connect(str(database), read_only=True) as con:
        sites = processes.format_sites(con, site_project(tmp_path).formats_dir)
    owned = {site.name: processes.owned_dirs(site) for site in sites}
    assert owned["coalition"] == ("leaders", "types", "generated", "banlist")
    assert {"heroic/leaders", "heroic/types"} <= set(owned["heroic"])
    for site in sites:
        if site.prefix:   # a prefixed format owns folders of its own only, every one of generated_dirs'
            assert all(folder.startswith(site.prefix) for folder in owned[site.name])
            assert set(owned[site.name]) == set(processes.generated_dirs([site])) - set(owned["coalition"])


@pytest.mark.parametrize("at_once", ["1", "2"])
def test_no_more_workers_run_together_than_allowed_and_the_pages_are_the_same(tmp_path, database, monkeypatch, at_once):
    """A worker holds a format's rows and DuckDB's working memory: the build runs only as many together as
    COALITION_FORMAT_WORKERS (default: one per core) allows, and the next starts when the oldest ends."""
    monkeypatch.setenv(processes.WORKERS_ENV, at_once)
    children, busy_at_start = [], []
    popen = processes.subprocess.Popen

    def counted(command, **kw):
        busy_at_start.append(sum(child.poll() is None for child in children))
        children.append(popen(command, **kw))
        return children[-1]

    monkeypatch.setattr(processes.subprocess, "Popen", counted)
    limited, one_process = project(tmp_path / "limited"), project(tmp_path / "here")
    with duckdb.connect(str(database), read_only=True) as con:
        render_docs(con, limited)
        monkeypatch.setattr(processes, "shared_database", lambda _con: None)
        render_docs(con, one_process)
    assert len(busy_at_start) >= 3 and max(busy_at_start) == int(at_once) - 1, busy_at_start
    assert docs_files(limited) == docs_files(one_process)


def test_the_league_pages_are_written_beside_the_last_worker_alone(tmp_path, database, monkeypatch):
    """The build's own work (league pages, change detection) waits for the earlier workers to end, so their
    memory is gone, but not for the last worker's pages: it runs beside it, on the core the last one leaves."""
    monkeypatch.setenv(processes.WORKERS_ENV, "2")
    children, events = [], []
    popen = processes.subprocess.Popen
    monkeypatch.setattr(processes.subprocess, "Popen", lambda command, **kw: children.append(popen(command, **kw)) or children[-1])
    read_report, league_pages = processes.FormatWorkers.read_report, build_module.league_pages

    def reading(workers, name):
        events.append(("report", name, len(workers.reports[name])))
        return read_report(workers, name)

    def noting(*args, **kwargs):
        events.append(("league", [child.poll() for child in children]))
        return league_pages(*args, **kwargs)

    monkeypatch.setattr(processes.FormatWorkers, "read_report", reading)
    monkeypatch.setattr(build_module, "league_pages", noting)
    with duckdb.connect(str(database), read_only=True) as con:
        render_docs(con, project(tmp_path / "site"))
    (at_league,) = [index for index, event in enumerate(events) if event[0] == "league"]
    last = events[-1][1]   # the last worker's exports are the last report read
    assert events.index(("report", last, 0)) > at_league, events   # its pages were not waited for
    states = events[at_league][1]
    assert len(states) == len(children) >= 3, events   # every worker had started, the last one included
    assert None not in states[:-1], events   # every earlier one had ended


def test_workers_return_freed_memory_and_the_default_is_one_worker_per_core(monkeypatch):
    monkeypatch.delenv(processes.WORKERS_ENV, raising=False)
    monkeypatch.setattr(processes.os, "sched_getaffinity", lambda _pid: {0, 1, 2, 3})
    assert processes.workers_at_once() == 4
    monkeypatch.setattr(processes.os, "sched_getaffinity", lambda _pid: {0, 1})
    assert processes.workers_at_once() == 2
    monkeypatch.setattr(processes.os, "sched_getaffinity", lambda _pid: {0})
    assert processes.workers_at_once() == 1
    monkeypatch.delenv("DUCKDB_JE_MALLOC_CONF", raising=False)
    assert processes.worker_environment()["DUCKDB_JE_MALLOC_CONF"] == "dirty_decay_ms:0,muzzy_decay_ms:0"
    monkeypatch.setenv("DUCKDB_JE_MALLOC_CONF", "narenas:1")   # a caller's own setting is kept
    assert processes.worker_environment()["DUCKDB_JE_MALLOC_CONF"] == "narenas:1"


@pytest.fixture
def fresh_environments():
    """markup.environment is cached per process: each side of the test starts from no compiled template."""
    environment.cache_clear()
    yield
    environment.cache_clear()


def test_the_precompiled_templates_are_every_template_the_pages_render(tmp_path, database, monkeypatch,
                                                                       fresh_environments):
    """The build compiles every format's templates while its database is derived (precompile_templates); the
    workers then load them compiled. Here the pages are rendered with compiling forbidden: a template the
    precompile missed fails the test."""
    paths = project(tmp_path / "project")
    compiled = precompile_templates(paths.template_cache_dir, every_format_template_dirs(paths.formats_dir))
    assert compiled > 50 and any(paths.template_cache_dir.iterdir())
    environment.cache_clear()

    def no_compiling(_env, source, name=None, *_args, **_kwargs):
        raise AssertionError(f"{name} was compiled again")

    monkeypatch.setattr(jinja2.Environment, "compile", no_compiling)
    monkeypatch.setenv(TEMPLATE_CACHE_ENV, str(paths.template_cache_dir))
    monkeypatch.setattr(processes, "shared_database", lambda _con: None)   # rendered here, under the patch
    with duckdb.connect(str(database), read_only=True) as con:
        assert render_docs(con, paths)["pages_written"] > 20
