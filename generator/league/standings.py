"""Season standings (rules 4c, 4e, 4f): each player's and each team's points with penalties, the rule 4c
tie-breakers, the four finalists and their seats.

Our readings of rule 4c's tie-breakers, in the order of data/formats/mazerunner/league.yml:
- wins: games the team's players won;
- strength_of_schedule: the average season points of every opponent faced, counted once per game;
- strongest_player: the team's best player's points, then the second best's, and so on;
- head_to_head: points the team's players took in games against the other tied teams' players.
Teams still level after all four keep the file's order, but share a rank ("3=": `rank_label`) and are marked
`tied` (with `tied_with`, the rows level with them, and `tie_words`, what could not part them) for the league
runner: the file's order is no ruling.

A game paired but not yet reported (`events: []`, as `coalition league pair` writes a week to come) is left
out: it counts in no one's games, opponents or strength of schedule; `games_without_results` says how many.

Rule 4c seats the finals, so it orders teams. Players are ranked by our reading (league.yml
`player_tie_breakers`): points, then the tie-breakers that mean something for one player (a player's
strongest player is themselves, already counted in the points), head-to-head among the tied players.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from generator.league.season import LoadedSeason
from generator.league.words import names_said


@dataclass
class PlayerLine:
    name: str
    team: str
    game_points: int = 0
    penalty_points: int = 0
    wins: int = 0
    games: int = 0
    opponents: list[str] = field(default_factory=list)
    by_week: list[int] = field(default_factory=list)   # points after each week (cumulative)

    @property
    def points(self) -> int:
        return self.game_points + self.penalty_points


def _player_lines(loaded: LoadedSeason) -> dict[str, PlayerLine]:
    lines = {player: PlayerLine(player, loaded.team_of[player].name) for player in loaded.players}
    for penalty in loaded.season.penalties:
        lines[penalty.player].penalty_points += penalty.points
    for week_results, week in zip(loaded.results, loaded.season.weeks):
        for result, game in zip(week_results, week.games):
            if not game.has_results:
                continue
            for player in game.pod:
                line = lines[player]
                line.game_points += result.points[player]
                line.games += 1
                line.wins += result.winner == player
                line.opponents += [other for other in game.pod if other != player]
    _points_by_week(loaded, lines)
    return lines


def _points_by_week(loaded: LoadedSeason, lines: dict[str, PlayerLine]) -> None:
    running = {player: 0 for player in lines}
    for penalty in loaded.season.penalties:
        if penalty.week is None:
            running[penalty.player] += penalty.points
    for number, week_results in enumerate(loaded.results, start=1):
        for result in week_results:
            for player, earned in result.points.items():
                running[player] += earned
        for penalty in loaded.season.penalties:
            if penalty.week == number:
                running[penalty.player] += penalty.points
        for player, line in lines.items():
            line.by_week.append(running[player])


def _average(values: list[int]) -> float:
    return round(sum(values) / len(values), 3) if values else 0.0


def _team_lines(loaded: LoadedSeason, players: dict[str, PlayerLine]) -> list[dict]:
    teams = []
    # Strongest player compares the teams' players rank by rank; lists of unequal length would rank a larger team
    # ahead on its extra player alone (even at 0 points), so only the ranks every team has are compared.
    depth = min(len(team.players) for team in loaded.season.teams)
    for team in loaded.season.teams:
        members = [players[name] for name in team.players]
        opponents = [players[o].points for member in members for o in member.opponents]
        weeks = len(loaded.results)
        teams.append({
            "name": team.name, "identity": team.identity,
            "points": sum(m.points for m in members), "wins": sum(m.wins for m in members),
            "strength_of_schedule": _average(opponents),
            "strongest_player": sorted((m.points for m in members), reverse=True)[:depth],
            "penalty_points": sum(m.penalty_points for m in members),
            "games": sum(m.games for m in members),
            "points_by_week": [sum(m.by_week[w] for m in members) for w in range(weeks)],
            "players": [m.name for m in sorted(members, key=lambda m: -m.points)],
        })
    return teams


def _head_to_head(loaded: LoadedSeason, tied: list[dict], side_of: dict[str, str]) -> dict[str, int]:
    """Points each tied side (`side_of`: a player's team, or the player) took in games with another tied side."""
    names = {row["name"] for row in tied}
    scored = {name: 0 for name in names}
    for week_results, week in zip(loaded.results, loaded.season.weeks):
        for result, game in zip(week_results, week.games):
            present = {side_of[p] for p in game.pod} & names
            for player in game.pod:
                if side_of[player] in names and len(present) > 1:
                    scored[side_of[player]] += result.points[player]
    return scored


KEYS = {"points": lambda t: t["points"], "wins": lambda t: t["wins"],
        "strength_of_schedule": lambda t: t["strength_of_schedule"],
        "strongest_player": lambda t: t["strongest_player"], "head_to_head": lambda t: t["head_to_head"]}
# How the season page and `coalition league standings` word each key of the ranking (league.yml's names).
KEY_WORDS = {"points": "points", "wins": "wins", "strength_of_schedule": "strength of schedule",
             "strongest_player": "the strongest player", "head_to_head": "head-to-head points"}


def rank_rows(loaded: LoadedSeason, rows: list[dict], tie_breakers: list[str], side_of: dict[str, str]) -> list[dict]:
    """`rows` (teams or players, in the file's order) by points, then `tie_breakers` in order, head-to-head
    among the rows still level; adds `rank`, `decided_by`, `ahead_by` and the ties' marks (`_mark_ties`). The
    one ranking of the standings, the season page and `coalition league standings`."""
    order = ["points"] + [key for key in tie_breakers if key != "head_to_head"]
    def before_h2h(row: dict) -> tuple:
        return tuple(KEYS[key](row) for key in order)
    ranked = sorted(rows, key=before_h2h, reverse=True)     # sorted() is stable: file order within ties
    result = []
    for _, group in itertools.groupby(ranked, key=before_h2h):
        group = list(group)
        h2h = _head_to_head(loaded, group, side_of) if len(group) > 1 else {group[0]["name"]: 0}
        for row in group:
            row["head_to_head"] = h2h[row["name"]]
        result += sorted(group, key=lambda t: -t["head_to_head"]) if "head_to_head" in tie_breakers else group
    keys = order + (["head_to_head"] if "head_to_head" in tie_breakers else [])
    for index, row in enumerate(result):
        neighbour = result[index + 1] if index + 1 < len(result) else None
        row["decided_by"] = None if neighbour is None else next(
            (key for key in keys if KEYS[key](row) != KEYS[key](neighbour)), "tied")
        # the gap the standings table shows ("ahead of the next by"): 0 when a tie-breaker decided
        row["ahead_by"] = None if neighbour is None else row["points"] - neighbour["points"]
    _mark_ties(loaded, result, keys, side_of)
    return result


def _mark_ties(loaded: LoadedSeason, result: list[dict], keys: list[str], side_of: dict[str, str]) -> None:
    """Rows level on every key share the rank of the first of them ("3=", "3=", then 5): the rules give no
    order between them, so none is shown. `tie_words` says what could not part them, the same words on the
    season page and in `coalition league standings`."""
    def level(row: dict) -> tuple:
        return tuple(KEYS[key](row) for key in keys)
    for row in result:
        first = next(i for i, other in enumerate(result) if level(other) == level(row))
        # level with a row on every key, whichever side of it they stand (not told by the next row alone)
        row["tied_with"] = [other["name"] for other in result if other is not row and level(other) == level(row)]
        row["tied"] = bool(row["tied_with"])
        row["rank"] = first + 1
        row["rank_label"] = f"{first + 1}=" if row["tied"] else str(first + 1)
        row["tie_words"] = _tie_words(loaded, [row["name"]] + row["tied_with"], keys, side_of) if row["tied"] else ""


def _tie_words(loaded: LoadedSeason, names: list[str], keys: list[str], side_of: dict[str, str]) -> str:
    """"level on points, wins, strength of schedule and head-to-head points; they never played each other"."""
    words = [KEY_WORDS[key] for key in keys]
    said = "level on " + (", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0])
    if "head_to_head" in keys and not _met(loaded, set(names), side_of):
        said += "; they never played each other"
    return said


def _met(loaded: LoadedSeason, names: set[str], side_of: dict[str, str]) -> bool:
    """Whether two of `names` (sides: teams or players) ever sat in one pod of a game with results."""
    return any(len({side_of[p] for p in game.pod} & names) > 1
               for week in loaded.season.weeks for game in week.games if game.has_results)


def tie_groups(ranked: list[dict]) -> list[dict]:
    """Each set of rows level on every key, once, in rank order: `{"rank_label", "names", "words"}` (the season
    page's list under each table)."""
    groups, seen = [], set()
    for row in ranked:
        if row["tied"] and row["name"] not in seen:
            names = [row["name"]] + row["tied_with"]
            seen.update(names)
            groups.append({"rank_label": row["rank_label"], "names": names, "words": row["tie_words"]})
    return groups


def rank_teams(loaded: LoadedSeason, teams: list[dict]) -> list[dict]:
    """Rule 4c: the tie-breakers order the teams (the finals' seats)."""
    team_of = {player: team.name for player, team in loaded.team_of.items()}
    return rank_rows(loaded, teams, loaded.rules.tie_breakers, team_of)


def rank_players(loaded: LoadedSeason, players: list[dict]) -> list[dict]:
    """Our reading (league.yml `player_tie_breakers`): rule 4c's tie-breakers that apply to one player."""
    return rank_rows(loaded, players, loaded.rules.player_tie_breakers, {p: p for p in loaded.players})


def standings(loaded: LoadedSeason) -> dict:
    """`{"players", "teams", "finals", "finals_settled", "finals_state", "weeks", "weeks_played",
    "games_without_results", "final", "champion"}`, teams and players in rank order; `final`: its pod (player and
    team) and winner, or None."""
    players = _player_lines(loaded)
    teams = rank_teams(loaded, _team_lines(loaded, players))
    player_rows = rank_players(loaded, [_player_json(players[name], players) for name in loaded.players])
    state = finals_state(loaded)
    final, champion = loaded.season.final, None
    if loaded.final_result is not None and loaded.final_result.winner is not None:
        champion = loaded.team_of[loaded.final_result.winner].name
    return {
        "season": loaded.season.name,
        "weeks": loaded.rules.weeks,
        "weeks_played": sum(week.played for week in loaded.season.weeks),
        "games_without_results": sum(games for _week, games in loaded.unreported()),
        "players": player_rows,
        "teams": teams,
        "finals": _finals(teams[: loaded.rules.finalists]),
        "finals_settled": state.pop("settled"),
        "finals_state": state,
        "final": None if final is None else {
            "pod": [{"player": player, "team": loaded.team_of[player].name} for player in final.pod],
            # no final_result yet while the loader checks the final against these standings
            "winner": loaded.final_result.winner if loaded.final_result else None},
        "champion": champion,
    }


def _player_json(line: PlayerLine, players: dict[str, PlayerLine]) -> dict:
    return {"name": line.name, "team": line.team, "points": line.points, "wins": line.wins,
            "games": line.games, "game_points": line.game_points, "penalty_points": line.penalty_points,
            "strength_of_schedule": _average([players[o].points for o in line.opponents]),
            "points_by_week": line.by_week}


def finals_state(loaded: LoadedSeason) -> dict:
    """`{"settled", "label", "words"}`: rule 4c seats the final by the season's final ranking, so until every week
    has all its games' results the seats are only where the teams would sit if the season ended today. The words
    say what is missing (games without results and their weeks, weeks not yet paired), the same on the season
    page and in `coalition league standings`: a week with some results counts as played, so "6 of 6 weeks
    played" would not say why the seats are not settled."""
    weeks, unreported = loaded.season.weeks, loaded.unreported()
    waiting = sum(games for _week, games in unreported)
    to_come = [n for n in range(1, loaded.rules.weeks + 1) if n > len(weeks) or not weeks[n - 1].games]
    missing = []
    if waiting:
        many = waiting > 1
        missing.append(f"{waiting} game{'s' if many else ''} of {_weeks_said([week for week, _games in unreported])} "
                       f"still {'have' if many else 'has'} no results")
    if to_come:
        missing.append(f"{_weeks_said(to_come)} {'are' if len(to_come) > 1 else 'is'} still to come")
    if not missing:
        return {"settled": True, "label": "Settled",
                "words": "every week of the season has its results, so these seats are the final ranking's."}
    return {"settled": False, "label": "Provisional",
            "words": " and ".join(missing) + ", so these are the seats if the season ended today; the ranking "
                     "after the last week sets them."}


def _weeks_said(numbers: list[int]) -> str:
    return ("week " if len(numbers) == 1 else "weeks ") + names_said([str(n) for n in numbers])


def _finals(finalists: list[dict]) -> list[dict]:
    seated = {team["name"] for team in finalists}
    return [{"seat": index + 1, "team": team["name"], "rank": team["rank"], "rank_label": team["rank_label"],
             "tied_with": team["tied_with"], **_seat_note(team, seated)} for index, team in enumerate(finalists)]


def _seat_note(team: dict, seated: set[str]) -> dict:
    """What a full tie means for a finalist, the same words on the season page and in `coalition league
    standings`: among finalists only, their seats' order is open; with a tied team left without a seat, who
    plays the final is (`at_cut`: the page cites the format's rule on who plays it)."""
    tied = team["tied_with"]
    if all(name in seated for name in tied):
        words = f"tied with {names_said(tied)}: no tie-breaker orders their seats" if tied else ""
        return {"seat_words": words, "at_cut": False}
    seats = 1 + sum(name in seated for name in tied)     # the seats the tied teams share: this one's and the last
    last, which = ("the last seat", "") if seats == 1 else (f"the last {seats} seats", ", and in which seat")
    return {"seat_words": f"tied with {names_said(tied)} for {last}: the league runner decides who plays the "
                          f"final{which}", "at_cut": True}
