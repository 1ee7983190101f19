"""Benchmark of the whole build with the site: `coalition build --source FILE` on the 2019 snapshot and on its
copy scaled x2 (bench_engine.py makes it), each in a throwaway copy of the project, then the site's figures.

    python bench/bench_site.py [--source FILE] [--repeat 1] [--keep DIR]

Budgets (issue 3), on this 2-core machine: the whole build <= 60 s, the site <= 150 MB, no HTML page over
1 MB, search/search_index.json <= 5 MB, data/cards.json <= 1 MB gzipped. Prints one JSON line per file and
exits 1 when a budget is exceeded. The first run of a fresh copy writes every page; a second run (--repeat 2)
shows the nightly case where most pages are unchanged.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_engine import DEFAULT_SOURCE, scaled_copy  # noqa: E402
from generator.site.check import BUDGETS, budget_problems, site_figures  # noqa: E402
from generator.site.files import copy_site_inputs  # noqa: E402

BUILD_BUDGET_SECONDS = 60


def project_copy(target: Path) -> Path:
    """mkdocs.yml, overrides/, data/ and the hand-written docs/: what `coalition build` reads and writes."""
    copy_site_inputs(ROOT, target)
    return target


def timed_build(source: Path, project: Path) -> tuple[float, float]:
    """(wall seconds, peak RSS in MB of the build and its MkDocs child) of one `coalition build --source`."""
    command = [sys.executable, "-m", "generator", "build", "--source", str(source), "--project-dir", str(project)]
    started = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"build failed on {source.name}: {result.stderr.strip().splitlines()[-1]}")
    return seconds, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def bench_file(source: Path, repeat: int, keep: Path | None) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="bench-site-", dir=keep))
    project = project_copy(folder)
    runs = [timed_build(source, project) for _ in range(repeat)]
    figures = site_figures(project / "site")
    figures.update({
        "file": source.name,
        "build_seconds_first": round(runs[0][0], 1),
        "build_seconds_median": round(statistics.median(seconds for seconds, _ in runs), 1),
        "peak_rss_mb": round(max(rss for _, rss in runs)),
        "site_mb": round(figures["site_bytes"] / 1e6, 1),
    })
    if keep is None:
        shutil.rmtree(folder, ignore_errors=True)
    return figures


def problems_of(figures: dict) -> list[str]:
    problems = budget_problems(figures)
    if figures["build_seconds_first"] > BUILD_BUDGET_SECONDS:
        problems.append(f"the build took {figures['build_seconds_first']} s, over {BUILD_BUDGET_SECONDS} s")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="build in this folder and keep the projects (default: a temp folder)")
    args = parser.parse_args()
    if not args.source.exists():
        print(f"{args.source}: not present", file=sys.stderr)
        return 2
    print(f"budgets: build <= {BUILD_BUDGET_SECONDS} s, " + ", ".join(f"{k} <= {v:,}" for k, v in BUDGETS.items()))
    failed = False
    for source in (args.source, scaled_copy(args.source, 2)):
        figures = bench_file(source, args.repeat, args.keep)
        problems = problems_of(figures)
        figures["budget_problems"] = problems
        failed = failed or bool(problems)
        print(json.dumps(figures))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
