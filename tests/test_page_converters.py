"""hooks/page_converters.py: the pages MkDocs reads and converts are shared with a second process chunk by
chunk; the site is the same bytes with it or without it, and its failure fails the build."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.config import load_config
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import get_files

from generator.paths import PROJECT_ROOT
from tests.site_testing import SAMPLE_BUILD_EPOCH, built_site, claimed_across_a_fork, load_hook


@pytest.fixture(scope="module")
def converters():
    return load_hook(PROJECT_ROOT, "page_converters")


def test_each_chunk_goes_to_exactly_one_process_across_a_fork(converters):
    """The child takes chunks from the back while the parent walks from the front: together they take every
    chunk once, the parent's a run from the front."""
    claims = converters.ChunkClaims(500)
    parents, childs = claimed_across_a_fork(claims, 500)
    assert sorted(parents + childs) == list(range(500))
    assert parents == list(range(len(parents)))
    # A chunk stays whose it is: the parent's are its own again, the child's never.
    assert all(map(claims.take_front, parents)) and not any(map(claims.take_front, childs))


def test_a_failed_or_vanished_converter_fails_the_build(converters):
    files = SimpleNamespace(documentation_pages=lambda: [SimpleNamespace(src_uri="leaders/a.md")])
    state = converters.Converters(files, shared=None)
    state.channel, childs_end = converters.socket.socketpair(converters.socket.AF_UNIX,
                                                             converters.socket.SOCK_SEQPACKET)
    state.child, state.sending = subprocess.Popen(["python3", "-c", "raise SystemExit(3)"]).pid, True
    childs_end.close()   # the child is gone before it sent page 0
    with pytest.raises(PluginError, match="second page converter stopped before leaders/a.md"):
        state.converted_by_child(0)
    with pytest.raises(PluginError, match=r"second page converter failed \(exit 3\)"):
        state.finish()
    assert state.child is None
    state.finish()   # no converter: nothing to wait for


def mkdocs_build(project: Path, site: Path, **environment: str) -> subprocess.CompletedProcess:
    env = {name: value for name, value in os.environ.items() if name != "COALITION_PAGE_WRITERS"}
    env.update(SOURCE_DATE_EPOCH=SAMPLE_BUILD_EPOCH, NO_MKDOCS_2_WARNING="1", **environment)
    return subprocess.run(["mkdocs", "build", "--strict", "--verbose", "--site-dir", str(site)], cwd=project,
                          env=env, capture_output=True, text=True)


def project_copy(tmp_path_factory, tmp_path) -> Path:
    """The sample's MkDocs project, copied: other tests render into the shared one (feed.xml changes)."""
    project = tmp_path / "project"
    shutil.copytree(built_site(tmp_path_factory).paths.root, project, ignore=shutil.ignore_patterns("site", "build"))
    return project


def site_files(site: Path) -> dict[str, bytes]:
    return {str(path.relative_to(site)): path.read_bytes() for path in sorted(site.rglob("*")) if path.is_file()}


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="the second converter needs a second core")
def test_the_site_is_the_same_bytes_with_a_second_converter_or_without(tmp_path_factory, tmp_path):
    """The sample's project built by MkDocs with the second converter (and writer) and with
    COALITION_PAGE_WRITERS=1: every file the same (tests/test_reproducible.py compares whole builds too)."""
    project = project_copy(tmp_path_factory, tmp_path)
    two = mkdocs_build(project, tmp_path / "two")
    one = mkdocs_build(project, tmp_path / "one", COALITION_PAGE_WRITERS="1")
    assert two.returncode == 0 and one.returncode == 0, two.stderr[-2000:] + one.stderr[-2000:]
    converted = [line for line in two.stderr.splitlines() if "second page converter converted" in line]
    assert converted and int(converted[0].split("converted ")[1].split()[0]) > 100
    assert "second page converter" not in one.stderr
    first, second = site_files(tmp_path / "two"), site_files(tmp_path / "one")
    assert len(first) > 500 and sorted(first) == sorted(second)
    differing = [name for name in first if first[name] != second[name]]
    assert differing == [], f"{len(differing)} files differ, e.g. {differing[:5]}"


def last_generated_page(project: Path) -> Path:
    """The generated page MkDocs reaches last: the second converter's first chunk holds it."""
    files = get_files(load_config(str(project / "mkdocs.yml")))
    last = [file for file in files.documentation_pages() if "\nprerendered: true\n" in file.content_string][-1]
    return Path(last.abs_src_path)


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="the second converter needs a second core")
def test_a_warning_in_the_second_converter_fails_the_build(tmp_path_factory, tmp_path):
    """A link to no page on the generated page the child converts: MkDocs' warning is logged by the child and
    the build fails, as it fails in one process."""
    project = project_copy(tmp_path_factory, tmp_path)
    page = last_generated_page(project)
    page.write_text(page.read_text(encoding="utf-8") + "\nSee [nowhere](no-such-page.md).\n", encoding="utf-8")
    two = mkdocs_build(project, tmp_path / "two")
    assert two.returncode != 0 and "no-such-page.md" in two.stderr
    assert "second page converter failed (exit 1)" in two.stderr
    one = mkdocs_build(project, tmp_path / "one", COALITION_PAGE_WRITERS="1")
    assert one.returncode != 0 and "no-such-page.md" in one.stderr
