"""Benchmark of a build of today's cards (issue 9): `coalition build --source` on the modern file, first cold
(a fresh copy of the project: database and every page written), then the nightly case (the same, unchanged
data built again over the first build, so the change log compares and unchanged pages are kept).

    python bench/bench_modern.py [--source FILE] [--no-site]

Prints one JSON line: wall seconds of each run, the database stage's own seconds and card counts as the
build reports them, peak RSS, and the machine's load average when it started (the machine may be shared).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.site.files import copy_site_inputs  # noqa: E402

MODERN = ROOT.parent / "shared" / "data" / "scryfall-shaped-2025-09.jsonl.gz"
DATABASE_LINE = re.compile(r"built .*coalition\.duckdb: ([\d,]+) cards, ([\d,]+) leaders, ([\d,]+) coalition types(?:;[^\n]*?)? in ([\d.]+) s")


def one_build(source: Path, project: Path, site: bool) -> dict:
    command = [sys.executable, "-m", "generator", "build", "--source", str(source), "--project-dir", str(project)]
    if not site:
        command.append("--no-site")
    started = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"build failed: {(result.stderr.strip().splitlines() or ['?'])[-1]}")
    match = DATABASE_LINE.search(result.stdout)
    figures = {"wall_seconds": round(seconds, 1)}
    if match:
        cards, leaders, types, database_seconds = match.groups()
        figures.update({"cards": int(cards.replace(",", "")), "leaders": int(leaders.replace(",", "")),
                        "types": int(types.replace(",", "")), "database_seconds": float(database_seconds)})
    site_line = [line for line in result.stdout.splitlines() if line.startswith("built ") and "site" in line]
    if site_line:
        figures["site_line"] = site_line[0]
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=MODERN)
    parser.add_argument("--no-site", action="store_true", help="time the database stage only")
    args = parser.parse_args()
    if not args.source.exists():
        print(f"{args.source}: not present", file=sys.stderr)
        return 2
    load = os.getloadavg()
    folder = Path(tempfile.mkdtemp(prefix="bench-modern-"))
    try:
        copy_site_inputs(ROOT, folder)
        cold = one_build(args.source, folder, not args.no_site)
        nightly = one_build(args.source, folder, not args.no_site)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps({
        "file": args.source.name, "site": not args.no_site, "cold": cold, "nightly_unchanged": nightly,
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024),
        "load_average_at_start": [round(x, 2) for x in load], "cpus": os.cpu_count(),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
