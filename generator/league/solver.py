"""Splitting players into pods of a fixed size, no two teammates together, at the lowest total cost, where a
pod costs the sum of its pairs' costs.

Two searches over the same problem:
- `exact`: depth-first branch and bound over every partition (the lowest-numbered free player's pod first),
  pruned by a lower bound; it proves the optimum, and lists optimal partitions that tie (up to a cap).
  Fine up to about sixteen players.
- `local`: iterated local search: seeded random valid partitions improved by swapping two players of
  different pods until no swap helps, then shaken by random swaps and improved again, keeping the best.
  Used for larger leagues; bench/bench_pairing.py measures it against `exact` on small ones.
Both are deterministic for a given seed.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

EPSILON = 1e-9
Partition = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Problem:
    team: list[int]                 # team index of each player
    cost: list[list[float]]         # symmetric pair costs, 0 on the diagonal
    pod_size: int

    @property
    def size(self) -> int:
        return len(self.team)

    def pod_cost(self, pod: tuple[int, ...]) -> float:
        return sum(self.cost[a][b] for a, b in itertools.combinations(pod, 2))

    def total(self, pods: Partition) -> float:
        return sum(self.pod_cost(pod) for pod in pods)


@dataclass
class Solutions:
    cost: float
    partitions: list[Partition]     # optimal (exact) or best found (local), distinct, in the order found
    proven: bool


def canonical(pods: list[list[int]] | Partition) -> Partition:
    return tuple(sorted(tuple(sorted(pod)) for pod in pods))


def lower_bound(problem: Problem, free: list[int]) -> float:
    """Each player pays at least half of its pod_size-1 cheapest pairs with non-teammates."""
    need = problem.pod_size - 1
    total = 0.0
    for a in free:
        costs = sorted(problem.cost[a][b] for b in free if b != a and problem.team[b] != problem.team[a])
        total += sum(costs[:need])
    return total / 2


# --- exact ---------------------------------------------------------------------------------------------

class _Exact:
    def __init__(self, problem: Problem, rng: random.Random, keep: int):
        self.problem, self.rng, self.keep = problem, rng, keep
        self.best = float("inf")
        self.found: list[Partition] = []
        self.order = list(range(problem.size))
        rng.shuffle(self.order)     # the seed decides which of the tying partitions come first

    def bound(self, free: list[int]) -> float:
        return lower_bound(self.problem, free)

    def search(self, free: list[int], pods: list[tuple[int, ...]], spent: float) -> None:
        if not free:
            self.record(pods, spent)
            return
        if spent + self.bound(free) > self.best + EPSILON or (
                len(self.found) >= self.keep and spent + self.bound(free) >= self.best - EPSILON):
            return
        first, rest = free[0], free[1:]
        mates = [b for b in rest if self.problem.team[b] != self.problem.team[first]]
        for others in itertools.combinations(mates, self.problem.pod_size - 1):
            teams = {self.problem.team[b] for b in others}
            if len(teams) < len(others):
                continue
            pod = (first,) + others
            left = [b for b in rest if b not in others]
            self.search(left, pods + [pod], spent + self.problem.pod_cost(pod))

    def record(self, pods: list[tuple[int, ...]], spent: float) -> None:
        if spent < self.best - EPSILON:
            self.best, self.found = spent, []
        if abs(spent - self.best) <= EPSILON and len(self.found) < self.keep:
            self.found.append(canonical(pods))


def exact(problem: Problem, seed: int = 0, keep: int = 1) -> Solutions:
    search = _Exact(problem, random.Random(seed), keep)
    search.search(search.order, [], 0.0)
    if not search.found:
        raise ValueError("no partition into pods without teammates")
    return Solutions(cost=search.best, partitions=search.found, proven=True)


# --- local search --------------------------------------------------------------------------------------

def random_partition(problem: Problem, rng: random.Random) -> list[list[int]]:
    """Deal the players team by team into the pods in turn: a team never has more players than there are
    pods (teams are equal and at least pod_size), so no pod gets two teammates."""
    pods_count = problem.size // problem.pod_size
    by_team: dict[int, list[int]] = {}
    for player, team in enumerate(problem.team):
        by_team.setdefault(team, []).append(player)
    teams = list(by_team.values())
    rng.shuffle(teams)
    dealt = [player for members in teams for player in rng.sample(members, len(members))]
    pods: list[list[int]] = [[] for _ in range(pods_count)]
    for index, player in enumerate(dealt):
        pods[index % pods_count].append(player)
    rng.shuffle(pods)
    return pods


def _cost_in(problem: Problem, player: int, pod: list[int], without: int) -> float:
    return sum(problem.cost[player][other] for other in pod if other != without and other != player)


def _can_swap(problem: Problem, a: int, pod_a: list[int], b: int, pod_b: list[int]) -> bool:
    return (all(problem.team[b] != problem.team[x] for x in pod_a if x != a)
            and all(problem.team[a] != problem.team[x] for x in pod_b if x != b))


def _swap_gain(problem: Problem, a: int, pod_a: list[int], b: int, pod_b: list[int]) -> float:
    before = _cost_in(problem, a, pod_a, a) + _cost_in(problem, b, pod_b, b)
    after = _cost_in(problem, b, pod_a, a) + _cost_in(problem, a, pod_b, b)
    return before - after


def descend(problem: Problem, pods: list[list[int]]) -> None:
    """Swap pairs of players between pods while a swap lowers the cost (first improvement)."""
    improved = True
    while improved:
        improved = False
        for x, y in itertools.combinations(range(len(pods)), 2):
            for i, j in itertools.product(range(len(pods[x])), range(len(pods[y]))):
                a, b = pods[x][i], pods[y][j]
                if _swap_gain(problem, a, pods[x], b, pods[y]) > EPSILON and \
                        _can_swap(problem, a, pods[x], b, pods[y]):
                    pods[x][i], pods[y][j] = b, a
                    improved = True


def _shake(problem: Problem, pods: list[list[int]], rng: random.Random, moves: int) -> list[list[int]]:
    shaken = [list(pod) for pod in pods]
    for _ in range(moves):
        x, y = rng.sample(range(len(shaken)), 2)
        i, j = rng.randrange(len(shaken[x])), rng.randrange(len(shaken[y]))
        if _can_swap(problem, shaken[x][i], shaken[x], shaken[y][j], shaken[y]):
            shaken[x][i], shaken[y][j] = shaken[y][j], shaken[x][i]
    return shaken


def local(problem: Problem, seed: int = 0, keep: int = 1, restarts: int = 6, shakes: int = 60) -> Solutions:
    """Stops early, as a proven optimum, when it reaches the lower bound with `keep` partitions found."""
    rng = random.Random(seed)
    bound = lower_bound(problem, list(range(problem.size)))
    best_cost, found = float("inf"), []
    for _ in range(restarts):
        current = random_partition(problem, rng)
        descend(problem, current)
        current_cost = problem.total(canonical(current))
        for _ in range(shakes):
            best_cost, found = _keep_best(best_cost, found, canonical(current), current_cost, keep)
            if best_cost <= bound + EPSILON and len(found) >= keep:
                return Solutions(cost=best_cost, partitions=found, proven=True)
            trial = _shake(problem, current, rng, moves=rng.randint(2, 4))
            descend(problem, trial)
            trial_cost = problem.total(canonical(trial))
            if trial_cost <= current_cost + EPSILON:
                current, current_cost = trial, trial_cost
        best_cost, found = _keep_best(best_cost, found, canonical(current), current_cost, keep)
    return Solutions(cost=best_cost, partitions=found, proven=best_cost <= bound + EPSILON)


def _keep_best(best: float, found: list[Partition], pods: Partition, cost: float,
               keep: int) -> tuple[float, list[Partition]]:
    if cost < best - EPSILON:
        return cost, [pods]
    if abs(cost - best) <= EPSILON and pods not in found and len(found) < keep:
        found.append(pods)
    return best, found


def solve(problem: Problem, seed: int = 0, keep: int = 1, exact_up_to: int = 16) -> Solutions:
    """The proven optimum for small leagues, the best local search finds otherwise."""
    if problem.size <= exact_up_to:
        return exact(problem, seed, keep)
    return local(problem, seed, keep)
