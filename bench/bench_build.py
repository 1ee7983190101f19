"""Benchmark of the whole build at today's scale (issue 15): `coalition build --source FILE` in a throwaway copy of
the project, so it builds every format's pages that exist, exactly as the nightly does.

    python bench/bench_build.py cold      [--source FILE]    # a cold build timed, another's memory sampled
    python bench/bench_build.py rebuild   [--source FILE]    # a cold build, then the same inputs again
    python bench/bench_build.py scale     [--source FILE] [--factors 1 2 3]
    python bench/bench_build.py all                          # cold, rebuild, then x2 and x3 (x1 is the cold)

Targets, on this 2-core machine: cold build of the modern file <= 20 s and <= 400 MB (both the largest process
and the whole process tree's PSS at its peak: the memory the build holds at once); a rebuild with unchanged
inputs <= 2 s writing nothing; the x3 build < 60 s with cost growing linearly (seconds per 1,000 pages, MB per
1,000 cards); at x2 no HTML page over 500 KB and data/cards.json <= 1 MB gzipped. Prints one JSON line per
build with the load average before and after it (the machine is shared: read the figures with it), and exits 1
when a target is missed. The scaled files are the source's cards again under new names and ids (bench_engine).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_engine import scaled_copy  # noqa: E402
from generator.site.check import MAX_PAGE_BYTES, site_figures  # noqa: E402
from generator.site.files import copy_site_inputs  # noqa: E402

MODERN_SOURCE = ROOT.parent / "shared" / "data" / "scryfall-shaped-2025-09.jsonl.gz"
TARGETS = {"cold_seconds": 20, "cold_peak_rss_mb": 400, "cold_peak_tree_pss_mb": 400, "rebuild_seconds": 2,
           "x3_seconds": 60,
           "largest_page_bytes": MAX_PAGE_BYTES, "cards_json_gzip_bytes": 1_000_000}
WRITTEN = re.compile(r"\(([\d,]+) rewritten\)")
SITE_LINE = re.compile(r"built \S+/site: .*")


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


# Runs the build in its own process so that its RUSAGE_CHILDREN (the build, its forked stages, its format workers,
# MkDocs and MkDocs' second page writer: the largest single RSS peak) belongs to this one build, and samples the
# whole process tree every 50 ms: the sum of its RSS, and the sum of its PSS (proportional set size, from
# /proc/PID/smaps_rollup: a page that two processes share, as after a fork or the same library, counts half to
# each; the RSS sum counts it twice). The PSS sum's peak is the memory the build holds at once. Prints the
# figures as the last line.
MEASURED_RUN = """
import json, os, resource, subprocess, sys, tempfile, time

def tree(pid):   # pid and its descendants, through /proc/PID/task/*/children (not all of /proc)
    pids = [pid]
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as handle:
                pids += [p for child in handle.read().split() for p in tree(int(child))]
    except (OSError, ValueError):
        pass
    return pids

def memory_kb(pid):   # (RSS, PSS) of one process; (0, 0) once it is gone
    found = {}
    try:
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            for line in handle:
                key, _, value = line.partition(":")
                if key in ("Rss", "Pss"):
                    found[key] = int(value.split()[0])
    except (OSError, ValueError):
        pass
    return found.get("Rss", 0), found.get("Pss", 0)

sampling = sys.argv[1] == "sample-memory"
started = time.perf_counter()
out, err = tempfile.TemporaryFile("w+"), tempfile.TemporaryFile("w+")   # never a full pipe
build = subprocess.Popen(sys.argv[2:], stdout=out, stderr=err, text=True)
peak_rss = peak_pss = 0
while sampling and build.poll() is None:
    sizes = [memory_kb(pid) for pid in tree(build.pid)]
    peak_rss = max(peak_rss, sum(rss for rss, _ in sizes))
    peak_pss = max(peak_pss, sum(pss for _, pss in sizes))
    time.sleep(0.05)
build.wait()
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
for stream, target in ((err, sys.stderr), (out, sys.stdout)):
    stream.seek(0)
    target.write(stream.read())
print(json.dumps({"seconds": time.perf_counter() - started, "cpu": usage.ru_utime + usage.ru_stime,
                  "rss_mb": usage.ru_maxrss / 1024, "tree_rss_mb": peak_rss / 1024, "tree_pss_mb": peak_pss / 1024,
                  "returncode": build.returncode}))
"""


def timed_build(source: Path, project: Path, *, sample_memory: bool = False, root: Path = ROOT) -> dict:
    """One `coalition build --source`: wall seconds, CPU seconds (every core) and the largest process's peak RSS;
    with `sample_memory`, also the whole process tree's peak RSS and PSS. The sampling reads every process's
    smaps_rollup 20 times a second: ~6 CPU s over a 30 s build on the 2 cores the build runs on (2026-11-26; that
    run's wall time was within the noise of an unsampled one), so the cold bench times a build that nothing
    observes and samples the memory of another. `root` is the tree whose code builds (bench_baseline.py builds an
    older commit's too)."""
    command = [sys.executable, "-m", "generator", "build", "--source", str(source), "--project-dir", str(project)]
    load_before = load()
    mode = "sample-memory" if sample_memory else "time-only"
    result = subprocess.run([sys.executable, "-c", MEASURED_RUN, mode, *command], cwd=root, capture_output=True,
                            text=True, env={**os.environ, "PYTHONPATH": str(root)})
    lines = result.stdout.strip().splitlines()
    usage = json.loads(lines[-1])
    if usage["returncode"] != 0:
        raise SystemExit(f"build failed on {source.name}: {(result.stderr.strip() or 'no output').splitlines()[-1]}")
    written = WRITTEN.search(result.stdout)
    tree = {"peak_tree_rss_mb": round(usage["tree_rss_mb"]), "peak_tree_pss_mb": round(usage["tree_pss_mb"])}
    return {
        "seconds": round(usage["seconds"], 1), "cpu_seconds": round(usage["cpu"], 1),
        "peak_rss_mb": round(usage["rss_mb"]), **(tree if sample_memory else {}),
        "pages_rewritten": int(written.group(1).replace(",", "")) if written else None,
        "output": site_line.group(0) if (site_line := SITE_LINE.search(result.stdout)) else "",
        "load_before": load_before, "load_after": load(),
    }


def fresh_project(keep: Path | None) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="bench-build-", dir=keep))
    copy_site_inputs(ROOT, folder)
    return folder


def site_facts(project: Path) -> dict:
    figures = site_figures(project / "site")
    return {key: figures[key] for key in ("html_pages", "largest_page", "largest_page_bytes",
                                          "cards_json_gzip_bytes", "site_bytes")}


def cards_in(source: Path) -> int:
    import gzip

    with gzip.open(source, "rt", encoding="utf-8") as handle:
        return sum(1 for line in handle if line.strip())


def bench_cold(source: Path, project: Path) -> dict:
    """A cold build timed alone, then another in a fresh project with its process tree's memory sampled."""
    figures = {"bench": "cold", "file": source.name, **timed_build(source, project), **site_facts(project)}
    sampled = in_project(None, lambda other: timed_build(source, other, sample_memory=True))
    figures.update({key: sampled[key] for key in ("peak_tree_rss_mb", "peak_tree_pss_mb")},
                   memory_run_seconds=sampled["seconds"])
    figures["misses"] = [f"{key} {figures[name]} > {TARGETS[key]}" for key, name in
                         (("cold_seconds", "seconds"), ("cold_peak_rss_mb", "peak_rss_mb"),
                          ("cold_peak_tree_pss_mb", "peak_tree_pss_mb"),
                          ("largest_page_bytes", "largest_page_bytes"))
                         if figures[name] > TARGETS[key]]
    return figures


def bench_rebuild(source: Path, project: Path) -> dict:
    """The same inputs again, in a project a cold build of `source` has just built."""
    again = timed_build(source, project)
    figures = {"bench": "rebuild", "file": source.name, **again, "misses": []}
    if again["seconds"] > TARGETS["rebuild_seconds"]:
        figures["misses"].append(f"rebuild_seconds {again['seconds']} > {TARGETS['rebuild_seconds']}")
    if again["pages_rewritten"]:
        figures["misses"].append(f"{again['pages_rewritten']} pages rewritten from unchanged inputs")
    return figures


def scale_figures(figures: dict, source: Path, factor: int) -> dict:
    """A cold build's figures read as the scaling bench's row for `factor`."""
    cards = cards_in(source)
    figures = {**figures, "bench": f"scale x{factor}", "cards": cards,
               "seconds_per_1000_pages": round(figures["seconds"] * 1000 / figures["html_pages"], 2),
               "cpu_seconds_per_1000_pages": round(figures["cpu_seconds"] * 1000 / figures["html_pages"], 2),
               "mb_per_1000_cards": round(figures["peak_rss_mb"] * 1000 / cards, 1)}
    figures["misses"] = [m for m in figures["misses"] if not m.startswith(("cold_seconds", "cold_peak"))]
    if factor == 3 and figures["seconds"] >= TARGETS["x3_seconds"]:
        figures["misses"].append(f"x3_seconds {figures['seconds']} >= {TARGETS['x3_seconds']}")
    if factor == 2 and figures["cards_json_gzip_bytes"] > TARGETS["cards_json_gzip_bytes"]:
        figures["misses"].append(f"cards_json_gzip_bytes {figures['cards_json_gzip_bytes']} at x2")
    return figures


def in_project(keep: Path | None, work):
    """work(project) in a fresh copy of the project, removed afterwards unless kept."""
    project = fresh_project(keep)
    try:
        return work(project)
    finally:
        if keep is None:
            shutil.rmtree(project, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bench", choices=["cold", "rebuild", "scale", "all"])
    parser.add_argument("--source", type=Path, default=MODERN_SOURCE)
    parser.add_argument("--factors", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--keep", type=Path, help="build in this folder and keep the projects (default: a temp folder)")
    args = parser.parse_args()
    if not args.source.exists():
        print(f"{args.source}: not present", file=sys.stderr)
        return 2
    print(json.dumps({"targets": TARGETS, "cores": len(os.sched_getaffinity(0)), "load": load()}))
    rows: list[dict] = []
    if args.bench in ("cold", "rebuild", "all"):
        def cold_then_rebuild(project: Path) -> None:
            cold = report(rows, bench_cold(args.source, project))
            if args.bench != "cold":
                report(rows, bench_rebuild(args.source, project))
            if args.bench == "all" and 1 in args.factors:
                report(rows, scale_figures(cold, args.source, 1))

        in_project(args.keep, cold_then_rebuild)
    if args.bench in ("scale", "all"):
        for factor in args.factors:
            if factor == 1 and args.bench == "all":
                continue   # the cold build above was x1
            scaled = args.source if factor == 1 else scaled_copy(args.source, factor)
            report(rows, scale_figures(in_project(args.keep, lambda p: bench_cold(scaled, p)), scaled, factor))
    return 1 if any(row["misses"] for row in rows) else 0


def report(rows: list[dict], row: dict) -> dict:
    print(json.dumps(row), flush=True)
    rows.append(row)
    return row


if __name__ == "__main__":
    sys.exit(main())
