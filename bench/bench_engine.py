"""Benchmark of the database stage: load + derive + checks, against DuckDB alone reading the same file.

    python bench/bench_engine.py [--source FILE] [--repeat 5]

Runs each measurement in a fresh subprocess (so peak RSS is that run's own) on the 2019 snapshot and on a
copy scaled x2 (every card again under a new name and ids), and prints medians. Targets on a 2-core machine:
the database stage <= 5 s and <= 1 GB for 40,000 cards, and <= 3x DuckDB's own read of the file.
"""

from __future__ import annotations

import argparse
import gzip
import json
import platform
import resource
import statistics
import subprocess
import sys
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCE = ROOT.parent / "shared" / "data" / "scryfall-oracle-2019.jsonl.gz"
OUTPUT = ROOT / "bench" / "output"

ENGINE_RUN = """
import json, sys, time
from pathlib import Path
from generator.database import build_database
from generator.paths import Paths
paths = Paths(build_dir=Path(sys.argv[2]))
catalog = json.loads((paths.catalog_file).read_text())['data']
started = time.perf_counter()
report = build_database(Path(sys.argv[1]), paths, catalog_types=catalog)
total = time.perf_counter() - started
print(json.dumps({'total': total, 'cards': report.card_count, **report.stage_seconds}))
"""

DUCKDB_ONLY_RUN = """
import json, sys, time, duckdb
from generator.paths import SQL_DIR
from generator.load import compression_of
from pathlib import Path
sql = (SQL_DIR / '000_raw_cards.sql').read_text()
con = duckdb.connect()
started = time.perf_counter()
con.execute(sql, {'source': sys.argv[1], 'compression': compression_of(Path(sys.argv[1]))})
print(json.dumps({'total': time.perf_counter() - started}))
"""


def scaled_copy(source: Path, factor: int) -> Path:
    """Every card `factor` times, each copy under a new name and new ids, so nothing collapses."""
    target = OUTPUT / f"{source.name.split('.')[0]}-x{factor}.jsonl.gz"
    if target.exists():
        return target
    OUTPUT.mkdir(parents=True, exist_ok=True)
    with gzip.open(source, "rt", encoding="utf-8") as src, gzip.open(target, "wt", encoding="utf-8") as out:
        for line in src:
            card = json.loads(line)
            out.write(line if line.endswith("\n") else line + "\n")
            for copy in range(2, factor + 1):
                out.write(json.dumps(renamed(card, copy)) + "\n")
    return target


def renamed(card: dict, copy: int) -> dict:
    clone = json.loads(json.dumps(card))
    suffix = f" {'I' * copy}"
    clone["name"] = " // ".join(part + suffix for part in card["name"].split(" // "))
    for key in ("id", "oracle_id"):
        if key in clone:
            clone[key] = str(uuid.uuid5(uuid.NAMESPACE_URL, f"{card[key]}-{copy}"))
    for face in clone.get("card_faces") or []:
        face["name"] = face.get("name", "") + suffix
    return clone


def measure(script: str, *args: str) -> tuple[dict, float]:
    """Run one measurement in a subprocess; return its JSON and the child's peak RSS in MB."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    result = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, cwd=ROOT, check=True)
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return json.loads(result.stdout.strip().splitlines()[-1]), max(peak_kb, before) / 1024


def bench_file(source: Path, repeat: int) -> dict:
    build_dir = OUTPUT / "build"
    engine = [measure(ENGINE_RUN, str(source), str(build_dir)) for _ in range(repeat)]
    duckdb_only = [measure(DUCKDB_ONLY_RUN, str(source))[0]["total"] for _ in range(repeat)]
    (build_dir / "coalition.duckdb").unlink(missing_ok=True)
    totals = [run["total"] for run, _ in engine]
    return {
        "file": source.name,
        "cards": engine[0][0]["cards"],
        "engine_median_s": statistics.median(totals),
        "load_median_s": statistics.median(run["load"] for run, _ in engine),
        "derive_median_s": statistics.median(run["derive"] for run, _ in engine),
        "checks_median_s": statistics.median(run["checks"] for run, _ in engine),
        "duckdb_read_median_s": statistics.median(duckdb_only),
        "ratio_to_duckdb_read": statistics.median(totals) / statistics.median(duckdb_only),
        "peak_rss_mb": max(rss for _, rss in engine),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {platform.python_version()}, cores: {len(__import__('os').sched_getaffinity(0))}")
    for source in (args.source, scaled_copy(args.source, 2)):
        figures = bench_file(source, args.repeat)
        print(json.dumps(figures, indent=None))


if __name__ == "__main__":
    main()
