"""Benchmark of hostile deck lists: how long the parser, the checker and `coalition validate` take on the
inputs of tests/test_hostile_input.py (which checks what they answer, not how fast).

    python bench/bench_hostile.py [--repeat 5] [--db PATH]

Prints the median seconds of each case against its budget and exits 1 when one is over. The command-line
cases need a database: --db, or ./build/coalition.duckdb when present (skipped otherwise).
"""

from __future__ import annotations

import argparse
import io
import json
import platform
import statistics
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.decklist import parse  # noqa: E402
from generator.deckrules import Facts, check  # noqa: E402

FIVE_MB = "4 Goblin Guide\n" * (5 * 1024 * 1024 // 15)
UNCLOSED_DEK = "<Deck>" + "<Cards " * 28_000
THOUSAND_UNKNOWN = "".join(f"1 No Such Card Number {n}\n" for n in range(1000))
BACKTRACKING = ["4 " + "a (" * 95, "4 " + " " * 290 + "x", "4" + "x" * 290, "4 " + "(" * 140 + ")" * 140,
                "4 name " + "*F* " * 70, "4 " + "a/" * 140]


def median_seconds(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def validate_cli(text: str, db: Path) -> None:
    from generator.cli import main

    sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode()), encoding="utf-8")
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        main(["validate", "-", "--json", "--db", str(db)])


def cases(db: Path | None) -> list[tuple[str, float, object]]:
    """(name, budget in seconds, action)."""
    from tests.test_decklist import CARDS, FORMAT_DOC, TYPES

    facts = Facts.from_exports({"version": 1, "types": TYPES, "cards": CARDS}, FORMAT_DOC)
    found = [("parse: a 5 MB paste is refused", 1.0, lambda: parse(FIVE_MB)),
             ("check: 1,000 unknown cards", 5.0, lambda: check(parse(THOUSAND_UNKNOWN), facts)),
             ("parse: one 140,000-character line", 1.0, lambda: parse("4 " + "Goblin " * 20_000 + "\n")),
             ("parse: a .dek of 28,000 unclosed <Cards elements", 1.0, lambda: parse(UNCLOSED_DEK))]
    found += [(f"parse: 500 lines that could backtrack ({line[:12]!r}...)", 2.0,
               lambda line=line: parse((line + "\n") * 500)) for line in BACKTRACKING]
    if db is not None:
        found += [("coalition validate: a 5 MB paste", 2.0, lambda: validate_cli(FIVE_MB, db)),
                  ("coalition validate: 1,000 unknown cards", 10.0, lambda: validate_cli(THOUSAND_UNKNOWN, db))]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--db", type=Path, default=ROOT / "build" / "coalition.duckdb")
    args = parser.parse_args()
    db = args.db if args.db.exists() else None
    print(json.dumps({"machine": platform.machine(), "python": platform.python_version(),
                      "load_average": [round(x, 2) for x in __import__("os").getloadavg()]}))
    missed = 0
    for name, budget, action in cases(db):
        seconds = median_seconds(action, args.repeat)
        missed += seconds > budget
        print(json.dumps({"case": name, "median_s": round(seconds, 3), "budget_s": budget, "ok": seconds <= budget}))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
