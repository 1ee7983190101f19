"""`coalition changes`: what changed between the last build and a previous build's published summary."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from generator.changes.diff import FIRST_BUILD, INCOMPARABLE, compare_summaries
from generator.changes.pages import headline
from generator.commands.exits import input_refused
from generator.commands.options import add_project_options, paths_of
from generator.changes.summary import PREVIOUS_SUMMARY_FILE, SUMMARY_VERSION, make_summary, parse_summary
from generator.errors import BuildError, UsageError
from generator.queries import EvidenceWords, open_database
from generator.scryfall import USER_AGENT



def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "changes",
        help="show what changed since a previous build",
        description="Compare the last build with a previous build's summary: new cards and leaders, "
        "affiliation, legality and copy-limit changes, banlist and watchlist changes, new creature types. "
        "PATH_OR_URL is a summary.json.gz file or its URL on a published site (a site's root URL finds "
        f"data/summary.json.gz under it). Default: the project's build/{PREVIOUS_SUMMARY_FILE}.",
    )
    parser.add_argument("--previous", metavar="PATH_OR_URL", help="the previous build's summary")
    parser.add_argument("--json", action="store_true", help="print a JSON object (the change-log entry)")
    add_project_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    paths = paths_of(args)
    with open_database(args.db or paths.database) as con:
        current, evidence = make_summary(con), EvidenceWords.of(con)
    with input_refused():   # a summary not there, unreadable or not one is input, not an answer (exit 2)
        previous = load_previous(args.previous, paths.build_dir / PREVIOUS_SUMMARY_FILE)
    report = compare(previous, current, evidence)
    print(json.dumps(report, ensure_ascii=False, indent=2) if args.json else format_report(report))
    return 0


def load_previous(asked: str | None, default: Path) -> dict | None:
    """The previous summary from a URL or a file; None when none was asked for and the default is absent."""
    if asked and asked.startswith(("http://", "https://")):
        return parse_summary(fetch(asked), asked)
    path = Path(asked) if asked else default
    if not path.exists():
        if asked:
            raise BuildError(f"{path}: no such file")
        return None
    try:
        data = path.read_bytes()
    except OSError as error:   # a folder, a file without read permission
        raise UsageError(f"{path}: cannot read it ({error.strerror or error})") from error
    return parse_summary(data, str(path))


def fetch(url: str) -> bytes:
    import requests  # only this path needs the network client

    if url.endswith("/"):
        url += "data/summary.json.gz"
    try:
        response = requests.get(url, headers={"User-Agent": USER_AGENT}, timeout=60)
    except requests.RequestException as error:
        raise BuildError(f"{url}: cannot download ({type(error).__name__}: offline or unreachable)") from error
    if response.status_code != 200:
        raise BuildError(f"{url}: HTTP {response.status_code}")
    return response.content


def compare(previous: dict | None, current: dict, evidence: EvidenceWords) -> dict:
    """The command's JSON report; `evidence` says where an affiliation was read."""
    report = {"compared": False, "changed": None, "built_at": current["built_at"],
              "previous_built_at": previous.get("built_at") if previous else None, "entry": None}
    status, entry = compare_summaries(previous, current, evidence)
    if status == FIRST_BUILD:
        return {**report, "note": "no previous summary: nothing to compare with (a first build)"}
    if status == INCOMPARABLE:
        return {**report, "note": f"the previous summary has version {previous.get('version')!r}, "
                                  f"this build writes version {SUMMARY_VERSION}: not comparable"}
    return {**report, "compared": True, "changed": entry is not None, "entry": entry}


def format_report(report: dict) -> str:
    if not report["compared"]:
        return report["note"]
    entry = report["entry"]
    if entry is None:
        return f"nothing changed since the build of {report['previous_built_at']}"
    lines = [headline(entry), f"  (build of {entry['built_at']} against the build of {entry['previous_built_at']})"]
    for card in entry.get("new_cards", []):
        where = "every type" if card["affiliations"] == ["*"] else ", ".join(card["affiliations"]) or "shared pool"
        lines.append(f"new card: {card['name']} ({where}){'' if card['legal'] else ' - not legal'}")
    for leader in entry.get("leaders", {}).get("added", []):
        lines.append(f"new leader: {leader['name']} leads {', '.join(leader['types'])}")
    for leader in entry.get("leaders", {}).get("removed", []):
        lines.append(f"no longer a leader: {leader['name']}")
    for change in entry.get("affiliations", []):
        lines.append(f"affiliations: {change['name']}: {', '.join(change['old']) or 'none'} -> "
                     f"{', '.join(change['new']) or 'none'}. {change['reason']}")
    for change in entry.get("legality", []):
        lines.append(f"{'now legal' if change['legal'] else 'no longer legal'}: {change['name']}. {change['why']}")
    for change in entry.get("copy_limits", []):
        lines.append(f"copy limit: {change['name']}: {change['old']} -> {change['new']}")
    for kind in ("banlist", "watchlist"):
        for verb, items in entry.get(kind, {}).items():
            lines += [f"{kind} {verb}: {item['card']}" for item in items]
    for verb, types in entry.get("creature_types", {}).items():
        lines.append(f"creature types {verb}: {', '.join(types)}")
    for change in entry.get("renamed", []):
        lines.append(f"renamed: {change['old_name']} -> {change['name']}")
    return "\n".join(lines)
