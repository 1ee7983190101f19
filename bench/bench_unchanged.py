"""Benchmark of an unchanged night: `coalition build` when every input is the same as the last build's.

    python bench/bench_unchanged.py [--source FILE] [--repeat 5]

Builds a throwaway project once from FILE (default: the modern Scryfall-shaped file in ../shared/data),
then runs the same build again `--repeat` times through the real command line and prints each run's
seconds and whether anything under docs/, site/ or build/ changed. Target (issue 15): at most 2 s,
nothing written.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCE = ROOT.parent / "shared" / "data" / "scryfall-shaped-2025-09.jsonl.gz"
sys.path.insert(0, str(ROOT))

from generator.site.files import copy_site_inputs  # noqa: E402


def digest(root: Path) -> str:
    """Every file's path, size and modification time under the build's outputs."""
    summary = hashlib.sha256()
    for folder in ("docs", "site", "build"):
        for path in sorted((root / folder).rglob("*")):
            if path.is_file():
                stat = path.stat()
                summary.update(f"{path.relative_to(root)} {stat.st_size} {stat.st_mtime_ns}\n".encode())
    return summary.hexdigest()


def build(project: Path, source: Path) -> tuple[float, str]:
    command = [sys.executable, "-m", "generator", "build", "--source", str(source), "--project-dir", str(project)]
    started = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    seconds = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(result.stderr.strip().splitlines()[-1])
    return seconds, result.stdout.strip().splitlines()[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="coalition-bench-") as tmp:
        project = Path(tmp)
        copy_site_inputs(ROOT, project)
        seconds, line = build(project, args.source)
        print(f"cold build: {seconds:.1f} s ({line})")
        before = digest(project)
        runs = []
        for _ in range(args.repeat):
            seconds, line = build(project, args.source)
            runs.append(seconds)
            print(f"unchanged rebuild: {seconds:.2f} s, outputs {'untouched' if digest(project) == before else 'CHANGED'}"
                  f" ({line})")
        print(f"median unchanged rebuild: {statistics.median(runs):.2f} s (target: at most 2 s); "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
