"""Benchmark of `coalition league pair`: six-week seasons with random results, week by week.

    python bench/bench_pairing.py [--seeds 3] [--big-weeks 6]

Small leagues (12 and 16 players): each week's repeated opponent pairs and points spread inside pods, the
week's cost as paired, the brute-force optimum of the same week (every partition enumerated, no pruning)
and what local search alone finds. 64 players (8 teams of 8, and 4 teams of 16): seconds per week, repeats
and spread. Results are random but seeded: the same command prints the same figures (times aside).
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.league import pairing  # noqa: E402
from generator.league.rules import load_rules  # noqa: E402
from generator.league.season import load_season  # noqa: E402
from generator.league.solver import local  # noqa: E402

COLORS = ["WU", "UB", "BR", "RG", "GW", "WB", "UR", "BG", "RW", "GU"]   # ten identities: at most ten teams


def league(team_count: int, size: int) -> list[dict]:
    return [{"name": f"T{t}", "identity": COLORS[t],
             "players": [f"T{t}p{p}" for p in range(size)]} for t in range(team_count)]


def random_events(pod: list[str], rng: random.Random) -> list[dict]:
    alive, events = list(pod), []
    while len(alive) > 1:
        loser = rng.choice(alive)
        alive.remove(loser)
        by = None if rng.random() < 0.2 else rng.choice(alive)
        events.append({"eliminated": [loser], "by": by})
    return events


def brute_force(problem) -> float:
    def partitions(free):
        if not free:
            yield 0.0
            return
        first, rest = free[0], free[1:]
        for others in itertools.combinations(rest, problem.pod_size - 1):
            pod = (first,) + others
            if len({problem.team[p] for p in pod}) == len(pod):
                left = [p for p in rest if p not in others]
                head = problem.pod_cost(pod)
                for tail in partitions(left):
                    yield head + tail
    return min(partitions(list(range(problem.size))))


def season_weeks(teams: list[dict], weeks: int, seed: int, compare: bool, folder: Path):
    rules = load_rules()
    rng = random.Random(seed)
    season = {"name": f"bench {seed}", "teams": teams, "weeks": [], "variant": "two-color"}
    path = folder / "season.yml"
    for week in range(1, weeks + 1):
        path.write_text(yaml.safe_dump(season, sort_keys=False), encoding="utf-8")
        loaded = load_season(path, rules)
        started = time.perf_counter()
        report = pairing.pair_week(loaded, week, seed)
        seconds = time.perf_counter() - started
        row = {"week": week, "s": report["scaling"], "repeats": report["repeats"],
               "spread": report["points_spread"]["mean"], "cost": report["cost"], "seconds": seconds}
        if compare:
            team_of = {player: team.name for player, team in loaded.team_of.items()}
            problem = pairing.make_problem(loaded.players, team_of, pairing.history(loaded, week),
                                           report["scaling"], rules.pod_size)
            row["optimum"] = round(brute_force(problem), 6)
            row["local"] = round(local(problem, seed).cost, 6)
        yield row
        season["weeks"].append({"games": [{"pod": pod, "events": random_events(pod, rng)} for pod in report["pods"]]})


def small(seeds: int) -> None:
    print("Small leagues: pairing vs the brute-force optimum of each week (6 weeks, default scaling)")
    print(f"{'league':<16}{'seed':>5}{'week':>5}{'s':>5}{'repeats':>8}{'spread':>8}{'cost':>9}{'optimum':>9}"
          f"{'local':>9}{'seconds':>9}")
    gaps = []
    with tempfile.TemporaryDirectory() as folder:
        for label, teams in [("12 = 4 x 3", league(4, 3)), ("16 = 4 x 4", league(4, 4))]:
            for seed in range(seeds):
                for row in season_weeks(teams, 6, seed, True, Path(folder)):
                    gaps.append(row["cost"] - row["optimum"])
                    print(f"{label:<16}{seed:>5}{row['week']:>5}{row['s']:>5}{row['repeats']:>8}{row['spread']:>8}"
                          f"{row['cost']:>9.3f}{row['optimum']:>9.3f}{row['local']:>9.3f}{row['seconds']:>9.2f}")
    print(f"weeks above the optimum: {sum(gap > 1e-6 for gap in gaps)} of {len(gaps)}")


def big(weeks: int) -> None:
    print("\n64 players: seconds to pair each week")
    print(f"{'league':<16}{'week':>5}{'s':>5}{'repeats':>8}{'spread':>8}{'seconds':>9}")
    with tempfile.TemporaryDirectory() as folder:
        for label, teams in [("64 = 8 x 8", league(8, 8)), ("64 = 4 x 16", league(4, 16))]:
            times = []
            for row in season_weeks(teams, weeks, 1, False, Path(folder)):
                times.append(row["seconds"])
                print(f"{label:<16}{row['week']:>5}{row['s']:>5}{row['repeats']:>8}{row['spread']:>8}"
                      f"{row['seconds']:>9.2f}")
            print(f"{label}: median {statistics.median(times):.2f} s, max {max(times):.2f} s per week")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--big-weeks", type=int, default=6)
    args = parser.parse_args()
    small(args.seeds)
    big(args.big_weeks)


if __name__ == "__main__":
    main()
