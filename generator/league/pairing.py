"""Pods for one week of a season (rules 1c, 3e, 4b, 4g): every player once, never with a teammate, from the
results of the weeks before.

A pod costs the sum over its pairs of (1 - s) x (times the two already met) + s x (their points gap /
the league's points spread), s being the week's scaling factor (rule 4g): s = 0 looks only for new
opponents, s = 1 only for close points. The week's pods minimise the total (proven for small leagues, see
solver.py). Among the partitions that tie, the one that leaves the next week the fewest repeated opponents
wins: a week chosen blindly can leave no repeat-free week after it (sixteen players in four teams meet
everyone once in four weeks only if weeks 1 and 2 are chosen with care). Seats inside a pod are in random
order (rule 4b). The seed makes all of it repeatable: same season, week and seed, same pods.
"""

from __future__ import annotations

import itertools
import random
import zlib
from dataclasses import dataclass

from generator.decktypes import plural
from generator.errors import BuildError, UsageError
from generator.league.season import LoadedSeason
from generator.league.solver import Partition, Problem, solve

TIES_KEPT = 48          # partitions of equal cost compared by their next week (proven searches)
TIES_KEPT_LARGE = 4     # the same for leagues too large to search exhaustively
EXACT_UP_TO = 16        # players: above this, local search (solver.py)


@dataclass
class History:
    meetings: dict[frozenset, int]
    points: dict[str, int]


def refusal(loaded: LoadedSeason) -> str | None:
    """Why this league cannot be paired at all, or None."""
    rules, teams = loaded.rules, loaded.season.teams
    count = len(loaded.players)
    if count % rules.pod_size:
        return (f"{count} players is not a multiple of {rules.pod_size} "
                f"(rule {rules.cites['pod_size']}: pods of {rules.pod_size})")
    if len(teams) < max(rules.pod_size, rules.min_teams):
        return (f"{len(teams)} teams cannot fill pods of {rules.pod_size} without teammates meeting "
                f"(rule {rules.cites['pairing']}): "
                f"a season needs at least {max(rules.pod_size, rules.min_teams)} teams")
    return None


def history(loaded: LoadedSeason, before_week: int) -> History:
    """Who met whom and each player's points (penalties included) before `before_week`."""
    meetings: dict[frozenset, int] = {}
    points = {player: 0 for player in loaded.players}
    for week_results, week in zip(loaded.results[: before_week - 1], loaded.season.weeks):
        for result, game in zip(week_results, week.games):
            for a, b in itertools.combinations(game.pod, 2):
                meetings[frozenset((a, b))] = meetings.get(frozenset((a, b)), 0) + 1
            for player, earned in result.points.items():
                points[player] += earned
    for penalty in loaded.season.penalties:
        if penalty.week is None or penalty.week < before_week:
            points[penalty.player] += penalty.points
    return History(meetings=meetings, points=points)


def make_problem(players: list[str], team_of: dict[str, str], past: History, scaling: float,
                 pod_size: int) -> Problem:
    spread = max(past.points.values()) - min(past.points.values()) if past.points else 0
    spread = spread or 1
    teams = sorted(set(team_of.values()))
    cost = [[0.0] * len(players) for _ in players]
    for i, j in itertools.combinations(range(len(players)), 2):
        a, b = players[i], players[j]
        met = past.meetings.get(frozenset((a, b)), 0)
        gap = abs(past.points[a] - past.points[b]) / spread
        cost[i][j] = cost[j][i] = (1 - scaling) * met + scaling * gap
    return Problem(team=[teams.index(team_of[player]) for player in players], cost=cost, pod_size=pod_size)


def _after(past: History, players: list[str], pods: Partition) -> History:
    meetings = dict(past.meetings)
    for pod in pods:
        for i, j in itertools.combinations(pod, 2):
            key = frozenset((players[i], players[j]))
            meetings[key] = meetings.get(key, 0) + 1
    return History(meetings=meetings, points=past.points)


def _next_week_repeats(players, team_of, past, pods, pod_size, seed) -> float:
    problem = make_problem(players, team_of, _after(past, players, pods), 0.0, pod_size)
    return solve(problem, seed, 1, EXACT_UP_TO).cost


def choose(players: list[str], team_of: dict[str, str], past: History, scaling: float, pod_size: int,
           seed: int, look_ahead: bool) -> tuple[Partition, float, bool]:
    """The week's partition (player indexes), its cost and whether it is a proven optimum."""
    problem = make_problem(players, team_of, past, scaling, pod_size)
    ties = (TIES_KEPT if len(players) <= EXACT_UP_TO else TIES_KEPT_LARGE) if look_ahead else 1
    best = solve(problem, seed, ties, EXACT_UP_TO)
    candidates = best.partitions
    if look_ahead and len(candidates) > 1:
        order = random.Random(seed).sample(candidates, len(candidates))
        scored = []
        for pods in order:
            repeats = _next_week_repeats(players, team_of, past, pods, pod_size, seed)
            scored.append((repeats, len(scored), pods))
            if repeats == 0:
                break
        candidates = [min(scored)[2]]
    return candidates[0], best.cost, best.proven


def next_week(loaded: LoadedSeason) -> int | None:
    """The first week with no games yet (a week recorded with only its date counts as one), or None once every
    week of the season has games: the week the league runner pairs next."""
    weeks = loaded.season.weeks
    empty = [number for number, week in enumerate(weeks, start=1) if not week.games]
    week = empty[0] if empty else len(weeks) + 1
    return week if week <= loaded.rules.weeks else None


def default_seed(loaded: LoadedSeason, week: int) -> int:
    return zlib.crc32(f"{loaded.season.name}:{week}".encode())


def _seat(players: list[str], pods: Partition, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    named = sorted((sorted(players[i] for i in pod) for pod in pods),
                   key=lambda pod: min(players.index(p) for p in pod))
    return [rng.sample(pod, len(pod)) for pod in named]


def _week_in_file(loaded: LoadedSeason, week: int) -> str:
    """How the paired week stands in the file: "new" (after the last recorded week), "empty" (recorded with no
    games, only its date) or "unplayed" (recorded with pods but no results: these pods replace them); or why it
    cannot be paired. A week with results, or one a later week was paired from, is never paired again: its
    pods are what was played, or what the next week's pods were chosen against."""
    weeks, last = loaded.season.weeks, loaded.rules.weeks
    if week > last:
        cites = loaded.rules.cites
        raise BuildError(f"{loaded.path}: cannot pair week {week}: a season has {last} weeks "
                         f"(rule {cites['season_weeks']}), then the final between the top teams "
                         f"(rule {cites['finals']})")
    if week < 1 or week > len(weeks) + 1:
        with_results = sum(recorded.played for recorded in weeks)
        raise BuildError(f"{loaded.path}: cannot pair week {week}: the file records {plural(len(weeks), 'week')}, "
                         f"{with_results} with results, so week {len(weeks) + 1} is the next one")
    if week == len(weeks) + 1:
        return "new"
    where = f"{loaded.where('weeks', week - 1)}: weeks[{week - 1}]: cannot pair week {week} again"
    if weeks[week - 1].played:
        raise UsageError(f"{where}: it has results, so its pods are the ones played")
    later = next((n for n in range(week + 1, len(weeks) + 1) if weeks[n - 1].games), None)
    if later is not None:
        raise UsageError(f"{where}: week {later} is paired already, from these pods")
    return "unplayed" if weeks[week - 1].games else "empty"


def unreported(loaded: LoadedSeason, week: int) -> list[dict]:
    """`[{"week", "games"}]`: the weeks before `week` with games recorded but not yet reported (`events: []`)."""
    return [{"week": n, "games": count} for n, count in loaded.unreported(week)]


def unreported_words(waiting: list[dict]) -> list[str]:
    """What the pairing made of games without results, one line a week, the same on the season page and in
    `coalition league pair`: their pods are meetings (those players were seated together), their points are not
    in yet (zero), so the pods may change once they are."""
    return [f"week {w['week']} has {w['games']} game{'s' if w['games'] > 1 else ''} without results: "
            + ("their pods count as meetings, their points are not in yet" if w["games"] > 1
               else "its pod counts as meetings, its points are not in yet") for w in waiting]


def pair_week(loaded: LoadedSeason, week: int, seed: int | None = None) -> dict:
    """`{"week", "scaling", "seed", "pods", "repeats", "points_spread", "optimal", "in_file", "unreported"}` for
    one week (`in_file`: `_week_in_file`)."""
    why = refusal(loaded)
    if why:
        raise BuildError(f"{loaded.path}: cannot pair: {why}")
    in_file = _week_in_file(loaded, week)
    seed = default_seed(loaded, week) if seed is None else seed
    scaling = loaded.scaling_for(week)
    past = history(loaded, week)
    players = loaded.players
    team_of = {player: team.name for player, team in loaded.team_of.items()}
    look_ahead = week < loaded.rules.weeks
    pods, cost, proven = choose(players, team_of, past, scaling, loaded.rules.pod_size, seed, look_ahead)
    seated = _seat(players, pods, seed)
    return {"week": week, "scaling": scaling, "seed": seed, "pods": seated,
            **pod_figures(seated, past), "cost": round(cost, 6), "optimal": proven,
            "in_file": in_file, "unreported": unreported(loaded, week)}


def pod_figures(pods: list[list[str]], past: History) -> dict:
    """Repeated opponents (pairs that met before) and the points spread inside each pod."""
    repeats = sum(past.meetings.get(frozenset(pair), 0) > 0 for pod in pods for pair in itertools.combinations(pod, 2))
    spreads = [max(past.points[p] for p in pod) - min(past.points[p] for p in pod) for pod in pods]
    return {"repeats": repeats, "points_spread": {"max": max(spreads), "mean": round(sum(spreads) / len(spreads), 3)}}
