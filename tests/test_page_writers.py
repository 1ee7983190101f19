"""hooks/page_writers.py: which pages the second page writer takes, when it may fork at all, and that its
failure fails the build (tests/test_reproducible.py shows the site's bytes are the same with it or without)."""

from __future__ import annotations

import subprocess
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from generator.paths import PROJECT_ROOT
from tests.site_testing import claimed_across_a_fork, load_hook


@pytest.fixture(scope="module")
def writers():
    return load_hook(PROJECT_ROOT, "page_writers")


def fake_files(metas: list[dict]):
    pages = [SimpleNamespace(meta=meta, file=SimpleNamespace(src_uri=f"p{n}.md")) for n, meta in enumerate(metas)]
    files = [SimpleNamespace(page=page) for page in pages]
    return SimpleNamespace(documentation_pages=lambda: files), pages


def test_the_writers_share_the_generated_pages_the_search_leaves_out(writers):
    unsearched = {"prerendered": True, "search": {"exclude": True}}
    metas = [unsearched, {"prerendered": True}, unsearched, {"title": "hand-written"}, unsearched, unsearched,
             {"search": {"exclude": True}}]
    files, pages = fake_files(metas)
    assert writers.shared_pages(files) == [pages[0], pages[2], pages[4], pages[5]]


def test_each_shared_page_goes_to_exactly_one_writer_whoever_reaches_it_first(writers):
    _, pages = fake_files([{}] * 6)
    claims = writers.Claims(pages)
    assert claims.index == {f"p{n}.md": n for n in range(6)}
    assert claims.take_front(0) and claims.take_back() == 5 and claims.take_back() == 4
    assert claims.take_front(1) and claims.take_front(2)
    assert claims.take_back() == 3 and claims.take_back() is None   # they met: nothing left for the child
    assert not claims.take_front(3) and not claims.take_front(4)   # the child's: the parent skips them


def test_the_claims_hold_across_a_fork(writers):
    """The child takes pages from the back while the parent walks from the front: together they take every
    page once (the counters live in memory both processes share)."""
    _, pages = fake_files([{}] * 2000)
    parents, childs = claimed_across_a_fork(writers.Claims(pages), len(pages))
    assert sorted(parents + childs) == list(range(len(pages)))
    assert parents == list(range(len(parents)))   # the parent's are a run from the front, the child's the rest


def test_only_a_single_threaded_build_on_two_cores_forks_unless_switched_off(writers, monkeypatch):
    threads = threading.active_count()   # pytest-xdist's worker has threads of its own
    monkeypatch.setattr(writers.os, "sched_getaffinity", lambda _pid: {0, 1})
    monkeypatch.setattr(writers.threading, "active_count", lambda: 1)
    monkeypatch.delenv(writers.SWITCH, raising=False)
    assert writers.forking_allowed()
    monkeypatch.setenv(writers.SWITCH, "1")
    assert not writers.forking_allowed()
    monkeypatch.delenv(writers.SWITCH)
    monkeypatch.setattr(writers.threading, "active_count", lambda: threads + 1)   # as `mkdocs serve` has
    assert not writers.forking_allowed()
    monkeypatch.setattr(writers.threading, "active_count", lambda: 1)
    monkeypatch.setattr(writers.os, "sched_getaffinity", lambda _pid: {0})
    assert not writers.forking_allowed()


def test_a_failed_second_writer_fails_the_build(writers):
    failed = subprocess.Popen(["python3", "-c", "raise SystemExit(3)"])
    config = SimpleNamespace(_coalition_page_writer=failed.pid)
    with pytest.raises(PluginError, match=r"second page writer failed \(exit 3\)"):
        writers.on_post_build(config)
    succeeded = subprocess.Popen(["python3", "-c", "pass"])
    config = SimpleNamespace(_coalition_page_writer=succeeded.pid)
    writers.on_post_build(config)
    assert config._coalition_page_writer is None
    writers.on_post_build(SimpleNamespace())   # no second writer: nothing to wait for


def test_the_parent_renders_nothing_for_the_childs_pages(writers):
    template = SimpleNamespace(render=lambda context: "full page", name="main.html")
    elsewhere = writers.WrittenElsewhere(template, {"leaders/a.md"})
    page = lambda uri: SimpleNamespace(file=SimpleNamespace(src_uri=uri))   # noqa: E731
    assert elsewhere.render({"page": page("leaders/a.md")}) == ""
    assert elsewhere.render({"page": page("leaders/b.md")}) == "full page"
    assert elsewhere.render({}) == "full page" and elsewhere.name == "main.html"
    assert Path(writers.__file__).parent.name == "hooks"
