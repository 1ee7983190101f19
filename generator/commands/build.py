"""`coalition build`: bulk data → build/coalition.duckdb → site/, all or nothing.

Stages, in order: lock the project, finish or clear what a killed build left, fetch, fingerprint the inputs
(unchanged: stop here), load + derive + check into a staged database, guard the counts against the
published build, detect changes, render + MkDocs into the staging area, then swap everything in
(generator/staging.py)."""

from __future__ import annotations

import argparse
import contextlib
import functools
import signal
import sys
import threading
import time
from pathlib import Path

import duckdb

from generator.commands.options import add_project_dir, paths_of
from generator.database import BuildReport, build_database
from generator.errors import BuildError
from generator.fingerprint import (input_fingerprint, last_fingerprint, outputs_present, published_fingerprint,
                                   write_fingerprint)
from generator.forked import run_forked
from generator.formatdata import load_catalog
from generator.guards import check_drops, current_counts
from generator.paths import Paths
from generator.staging import BuildLock, Staging, recover


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "build",
        help="build the card database (and the site)",
        description="Download Scryfall's Oracle bulk data (or read a local file), derive every Coalition fact "
        "into build/coalition.duckdb, run the data checks, then render the site. Everything is staged and the "
        "previous database, docs and site are replaced together only when everything passed. With unchanged "
        "inputs nothing is rebuilt.",
    )
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--source", type=Path, metavar="PATH",
                        help="read a local bulk file (JSON Lines or a JSON array, gzipped or not) instead of downloading")
    source.add_argument("--sample", action="store_true", help="use the embedded sample in data/sample/ (offline)")
    parser.add_argument("--no-site", action="store_true", help="stop after the database")
    parser.add_argument("--build-dir", type=Path, metavar="DIR", help="where the database goes (default: the project's build/)")
    add_project_dir(parser)
    parser.add_argument("--force", action="store_true", help="rebuild even when the inputs are unchanged")
    parser.add_argument("--published-fingerprint", type=Path, metavar="FILE",
                        help="stop without building when the inputs' fingerprint equals the one in FILE "
                        "(a published site's data/fingerprint.txt)")
    parser.add_argument("--allow-drop", action="store_true",
                        help="publish even when cards, leaders, types or pages fell more than 5%% below the published build")
    parser.add_argument("--scryfall-url", metavar="URL",
                        help="Scryfall API address (a mirror or a test server; default: $SCRYFALL_API_URL, "
                        "else https://api.scryfall.com)")
    parser.set_defaults(run=run)


def offline_catalog(paths: Paths) -> list[str]:
    """The catalog snapshot shipped in data/cards/, so offline builds know the same types as online ones."""
    return load_catalog(paths.catalog_file)


def fetch_source(args: argparse.Namespace, paths: Paths) -> tuple[Path, list[str], str, str | None]:
    """(bulk file, creature type catalog, label, Scryfall's updated_at) for this build."""
    if args.sample:
        return paths.sample_file, offline_catalog(paths), "data/sample/cards.jsonl.gz", None
    if args.source:
        if not args.source.exists():
            raise BuildError(f"{args.source}: no such file")
        # The file's name, not its folders: they say nothing to a reader of the published pages.
        return args.source, offline_catalog(paths), args.source.name, None
    from generator.scryfall import ScryfallClient, api_base_setting  # only the online build needs the network

    client = ScryfallClient(api_base=api_base_setting(getattr(args, "scryfall_url", None)))
    download = client.download_bulk(paths.cache_dir)
    return download.path, client.creature_types(), "Scryfall oracle_cards", download.updated_at


@contextlib.contextmanager
def stopped_by_sigterm():
    """SIGTERM ends the build like Ctrl-C: the staging area is removed and MkDocs is killed with us."""
    def stop(_signum, _frame):
        raise KeyboardInterrupt
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers belong to the main thread; a build run from another one keeps the default
        return
    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run(args: argparse.Namespace) -> int:
    paths = paths_of(args)
    started = time.perf_counter()
    with BuildLock(paths), stopped_by_sigterm():
        note = recover(paths)
        if note:
            print(f"coalition: {note}", file=sys.stderr)
        source, catalog, label, updated_at = fetch_source(args, paths)
        fingerprint = input_fingerprint(paths, source, catalog, site=not args.no_site)
        reason = unchanged_reason(args, paths, fingerprint)
        if reason:
            print(f"nothing to do: {reason} (fingerprint {fingerprint[:12]}); nothing written, "
                  f"in {time.perf_counter() - started:.1f} s")
            return 0
        stage = Staging(paths).begin()
        try:
            lines = build_staged(args, paths, stage, (source, catalog, label, updated_at), fingerprint, started)
            stage.commit(database=True, site=not args.no_site)
        except BaseException as error:
            stage.discard()
            if isinstance(error, KeyboardInterrupt):
                print("coalition: build stopped; the previous database, docs and site are untouched", file=sys.stderr)
            raise
    print("\n".join(lines))
    return 0


def unchanged_reason(args: argparse.Namespace, paths: Paths, fingerprint: str) -> str | None:
    if args.force:
        return None
    if args.published_fingerprint and published_fingerprint(args.published_fingerprint) == fingerprint:
        return f"the inputs are those of the published build ({args.published_fingerprint})"
    if last_fingerprint(paths) == fingerprint and outputs_present(paths, site=not args.no_site):
        return "the inputs are unchanged since the last build"
    return None


def build_staged(args: argparse.Namespace, paths: Paths, stage: Staging, fetched: tuple, fingerprint: str,
                 started: float) -> list[str]:
    """Database, guards, change detection and site, all into `stage`; the lines to print once swapped in."""
    from generator.changes.history import HISTORY_FILE, read_history
    from generator.changes.pages import detect_changes
    from generator.changes.summary import summary_card_names
    from generator.site.build import previous_summary
    from generator.site.context import every_format_template_dirs
    from generator.site.markup import precompile_templates

    source, catalog, label, updated_at = fetched
    previous = previous_summary(paths)
    # In a child process: the ~300 MB the derivation needs is given back before the pages are rendered. This
    # process compiles the pages' templates meanwhile, for the format workers (its core is otherwise idle).
    precompile = None if args.no_site else functools.partial(
        precompile_templates, stage.project.template_cache_dir, every_format_template_dirs(paths.formats_dir))
    report = run_forked("database", build_database, source, paths, catalog_types=catalog, source_label=label,
                        updated_at=updated_at, published_names=summary_card_names(previous), target=stage.database,
                        meanwhile=precompile)
    with duckdb.connect(str(stage.database), read_only=True) as con:
        counts = current_counts(con)
    if not args.allow_drop:
        check_drops(counts, previous, str(source))
    lines = [summary_line(paths.database, report, counts, time.perf_counter() - started)]
    if not args.no_site:
        history = read_history(paths.build_dir / HISTORY_FILE)
        detect = functools.partial(detect_changes, previous_summary=previous, history=history, counts=counts)
        lines.append(site_line(build_site_staged(args, paths, stage, detect, previous), paths))
    write_fingerprint(stage.project.build_dir, None if args.no_site else stage.site_dir, fingerprint)
    return lines


def build_site_staged(args, paths: Paths, stage: Staging, detect, previous: dict | None) -> dict:
    """The site from the staged database file: rendered in a child process (the change detection with it),
    then MkDocs."""
    from generator.site.build import build_site

    figures = build_site(stage.database, paths, stage=stage, changes=detect)
    if not args.allow_drop:
        check_drops({"pages": figures["pages"]}, previous, "generated pages")
    return figures


def summary_line(database: Path, report: BuildReport, counts: dict, seconds: float) -> str:
    return (f"built {database}: {report.card_count:,} cards, {counts['leaders']:,} leaders, "
            f"{counts['types']:,} coalition types in {seconds:.1f} s")


def site_line(figures: dict, paths: Paths) -> str:
    return (f"built {paths.site_dir}: {figures['html_pages']:,} pages ({figures['pages_written']:,} rewritten), "
            f"{figures['site_bytes'] / 1e6:.1f} MB, change log: {figures['changes']}, in {figures['seconds']:.1f} s")
