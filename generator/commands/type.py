"""`coalition type`: a coalition type's leaders and pool sizes."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from generator.decktypes import plural
from generator.paths import Paths
from generator.queries import check_format, leader_word, open_database, type_report, type_word


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "type",
        help="show a coalition type's leaders and pool sizes by card type",
        description="Look a coalition type up in the last build (singular or plural, any case). "
        "Exits 1 when no leader can lead that type.",
    )
    parser.add_argument("name", metavar="NAME", help="a creature type, e.g. Goblin")
    parser.add_argument("--json", action="store_true", help="print a JSON object")
    parser.add_argument("--format", dest="format", metavar="FORMAT",
                        help="a folder name under data/formats/, e.g. heroic (default: the one marked `default: true`)")
    parser.add_argument("--db", type=Path, help="database to read (default: build/coalition.duckdb)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    with open_database(args.db or Paths().database) as con:
        fmt = check_format(con, args.format)
        report = type_report(con, args.name, fmt)
        words = (type_word(con, fmt), leader_word(con, fmt))
    if report is None:
        message = {"type": args.name, "found": False}
        print(json.dumps(message) if args.json else f"{args.name}: not a {words[0]} (no {words[1]} can lead it)")
        return 1
    print(json.dumps(report, ensure_ascii=False, indent=2) if args.json else format_type(report))
    return 0


def format_type(report: dict) -> str:
    lines = [f"{report['type']}: {plural(report['leader_count'], 'leader')}, {plural(report['pool_size'], 'card')} in its "
             f"pool ({plural(report['changelings'], 'changeling')})"]
    # The grouping of the leader and type pages (type_summary): creatures, other spells, lands.
    lines += [f"  {group.replace('_', ' '):<14} {count}" for group, count in report["pool_groups"].items()]
    lines.append("Leaders:")
    lines += [f"  {name}" for name in report["leaders"]]
    return "\n".join(lines)
