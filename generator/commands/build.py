"""`coalition build`: bulk data → build/coalition.duckdb → site/."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from generator.database import BuildReport, build_database
from generator.errors import BuildError
from generator.formatdata import load_catalog
from generator.paths import Paths


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "build",
        help="build the card database (and the site)",
        description="Download Scryfall's Oracle bulk data (or read a local file), derive every Coalition fact "
        "into build/coalition.duckdb, run the data checks, then render the site. The previous database and "
        "site are replaced only when everything passed.",
    )
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--source", type=Path, metavar="PATH",
                        help="read a local bulk file (JSON Lines or a JSON array, gzipped or not) instead of downloading")
    source.add_argument("--sample", action="store_true", help="use the embedded sample in data/sample/ (offline)")
    parser.add_argument("--no-site", action="store_true", help="stop after the database")
    parser.add_argument("--build-dir", type=Path, metavar="DIR", help="where the database goes (default: build/)")
    parser.add_argument("--project-dir", type=Path, metavar="DIR",
                        help="project folder holding data/, docs/ and mkdocs.yml (default: this checkout)")
    parser.set_defaults(run=run)


def offline_catalog(paths: Paths) -> list[str]:
    """The catalog snapshot shipped in data/cards/, so offline builds know the same types as online ones."""
    return load_catalog(paths.catalog_file)


def fetch_source(args: argparse.Namespace, paths: Paths) -> tuple[Path, list[str], str, str | None]:
    """(bulk file, creature type catalog, label, Scryfall's updated_at) for this build."""
    if args.sample:
        return paths.sample_file, offline_catalog(paths), "sample (data/sample/)", None
    if args.source:
        if not args.source.exists():
            raise BuildError(f"{args.source}: no such file")
        return args.source, offline_catalog(paths), str(args.source), None
    from generator.scryfall import ScryfallClient  # only the online build needs the network client

    client = ScryfallClient()
    download = client.download_bulk(paths.cache_dir)
    return download.path, client.creature_types(), "Scryfall oracle_cards", download.updated_at


def paths_for(args: argparse.Namespace) -> Paths:
    root = args.project_dir.resolve() if args.project_dir else Paths().root
    return Paths(root=root, build_dir=(args.build_dir or root / "build").resolve())


def run(args: argparse.Namespace) -> int:
    paths = paths_for(args)
    started = time.perf_counter()
    source, catalog, label, updated_at = fetch_source(args, paths)
    report = build_database(source, paths, catalog_types=catalog, source_label=label, updated_at=updated_at)
    print(summary_line(report, time.perf_counter() - started))
    if not args.no_site:
        from generator.site.build import build_site

        print(site_line(build_site(report.database, paths), paths))
    return 0


def summary_line(report: BuildReport, seconds: float) -> str:
    import duckdb

    with duckdb.connect(str(report.database), read_only=True) as con:
        rows = con.execute(
            "SELECT f.name, (SELECT count(*) FROM leaders l WHERE l.format = f.format AND l.can_lead),"
            " (SELECT count(*) FROM type_summary t WHERE t.format = f.format) FROM formats f ORDER BY f.position"
        ).fetchall()
    (_, leaders, types), others = rows[0], rows[1:]
    more = "".join(f"; {name}: {n:,} leaders, {t:,} types" for name, n, t in others)
    return (f"built {report.database}: {report.card_count:,} cards, {leaders:,} leaders, "
            f"{types:,} coalition types{more} in {seconds:.1f} s")


def site_line(figures: dict, paths: Paths) -> str:
    return (f"built {paths.site_dir}: {figures['html_pages']:,} pages ({figures['pages_written']:,} rewritten), "
            f"{figures['site_bytes'] / 1e6:.1f} MB, change log: {figures['changes']}, in {figures['seconds']:.1f} s")
