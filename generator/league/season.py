"""A Mazerunner season file (the shape of issue 11 is a contract: other tools write it): its pydantic
schema, the checks that need more than one key (teammates in a pod, unknown players, impossible events), and
each game's points.

Every problem is one line naming the file, the line and the key: `spring.yml:14: weeks[0].games[1].pod: ...`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from generator.errors import BuildError
from generator.identitywords import accepted_words, identity_letters
from generator.league.rules import LeagueRules
from generator.league.scoring import GameResult, ScoringError, listed_twice, score_game
from generator.league.yamlfile import LineMap, read_document, validate


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _cite(info: ValidationInfo, key: str) -> str:
    """The rule number the format cites under `key` (format.yml `cites:`), which load_season and load_game hand
    the validators as their context: a message's rule follows the format's data, never a number of its own."""
    return info.context["cites"][key]


def canonical_identity(value: str) -> str:
    """A team's identity as players spell it, in WUBRG order: `uw`, `W U`, `{W}{U}`, `white blue` and `Azorius`
    all become `WU` (generator/identitywords.py reads it, as the validator reads its identity box)."""
    letters = identity_letters(str(value))
    if letters is None:
        raise ValueError(f"'{value}' is not a color identity: {accepted_words()['accepted']}")
    return letters


class Team(_Strict):
    name: str = Field(min_length=1)
    identity: str
    players: list[str] = Field(min_length=1)

    _identity = field_validator("identity", mode="before")(lambda value: canonical_identity(value))


class Penalty(_Strict):
    player: str
    points: int
    reason: str = Field(min_length=1)
    rule: str | None = None    # which rule 4e penalty it is, where the reason's words do not say (league.yml)
    week: int | None = Field(default=None, ge=1)   # when it was applied (for the chart); None: before week 1


class Event(_Strict):
    eliminated: list[str] | None = None
    by: str | None = None
    controlled_by: str | None = None
    won: str | None = None
    draw_forced_by: str | None = None

    @model_validator(mode="after")
    def one_kind(self, info: ValidationInfo) -> Event:
        kinds = [key for key in ("eliminated", "won", "draw_forced_by") if getattr(self, key) is not None]
        if len(kinds) != 1:
            raise ValueError("an event is exactly one of: eliminated, won, draw_forced_by")
        if kinds == ["eliminated"] and "by" not in self.model_fields_set:
            raise ValueError("an elimination needs 'by' (write 'by: null' when the game itself eliminated them)")
        if kinds != ["eliminated"] and "by" in self.model_fields_set:
            raise ValueError("'by' belongs to an elimination")
        if kinds == ["draw_forced_by"] and self.controlled_by is not None:
            raise ValueError(f"name the controlling player in draw_forced_by (rule {_cite(info, 'draw_forced')})")
        return self

    def as_dict(self) -> dict:
        return {key: value for key, value in self.model_dump().items()
                if value is not None or (key == "by" and self.eliminated is not None)}


class Game(_Strict):
    pod: list[str]
    events: list[Event] = []

    @property
    def has_results(self) -> bool:
        """False for a game paired but not yet reported (`events: []`, as `league pair` writes a week to come)."""
        return bool(self.events)


class Week(_Strict):
    games: list[Game] = []
    date: dt.date | None = None

    @property
    def played(self) -> bool:
        """Some game of the week has results: it counts among the weeks played (the standings)."""
        return any(game.has_results for game in self.games)

    @property
    def complete(self) -> bool:
        """Every game of the week has results: the final may come only after every week is (rule 3f)."""
        return bool(self.games) and all(game.has_results for game in self.games)


class Season(_Strict):
    name: str = Field(min_length=1)
    variant: str | None = None     # one of format.yml's `variants`; None: its `default_variant` (load_season)
    first_game_day: dt.date | None = None
    # The deck deadlines (the last day a submission is on time; `league check` counts rule 4e's penalties from
    # them, as of the day it checks): None where the season file does not record one.
    mainboard_deadline: dt.date | None = None
    sideboard_deadline: dt.date | None = None
    scaling: list[float] | None = None
    teams: list[Team] = Field(min_length=1)
    decks: str | None = None
    penalties: list[Penalty] = []
    weeks: list[Week] = []
    final: Game | None = None

    @field_validator("scaling")
    @classmethod
    def between_zero_and_one(cls, values: list[float] | None, info: ValidationInfo) -> list[float] | None:
        if values is not None and any(not 0 <= value <= 1 for value in values):
            raise ValueError(f"every scaling factor is between 0 and 1 (rule {_cite(info, 'scaling')})")
        return values


@dataclass
class LoadedSeason:
    """A checked season with where each of its parts was written."""

    season: Season
    lines: LineMap
    rules: LeagueRules
    path: Path
    results: list[list[GameResult]]          # week by week, game by game
    final_result: GameResult | None
    penalty_kinds: list[str | None]          # each of season.penalties' rule 4e penalty (league.yml), or None

    @property
    def team_of(self) -> dict[str, Team]:
        return {player: team for team in self.season.teams for player in team.players}

    @property
    def players(self) -> list[str]:
        return [player for team in self.season.teams for player in team.players]

    def scaling_for(self, week: int) -> float:
        factors = self.season.scaling if self.season.scaling is not None else self.rules.default_scaling
        return factors[min(week, len(factors)) - 1]

    def where(self, *path: object) -> str:
        return self.lines.where(tuple(path))

    def unreported(self, before: int | None = None) -> list[tuple[int, int]]:
        """(week, games) for each week (before week `before`, when given) with games recorded but not yet
        reported (`events: []`): what the standings leave out and the pairing counts as meetings only."""
        weeks = self.season.weeks if before is None else self.season.weeks[: before - 1]
        counts = [(number, sum(not game.has_results for game in week.games)) for number, week in enumerate(weeks, 1)]
        return [(number, games) for number, games in counts if games]


def _check_teams(season: Season, lines: LineMap, rules: LeagueRules) -> None:
    colors = rules.variants[season.variant].colors
    seen_teams: dict[str, int] = {}
    seen_identities: dict[str, int] = {}
    seen_players: dict[str, int] = {}
    for t, team in enumerate(season.teams):
        if team.name in seen_teams or team.identity in seen_identities:
            what = "name" if team.name in seen_teams else "identity"
            raise BuildError(f"{lines.where(('teams', t, what))}: teams[{t}].{what}: another team has it "
                             f"(rule {rules.cites['team_size']})")
        if len(team.identity) != colors:
            raise BuildError(f"{lines.where(('teams', t, 'identity'))}: teams[{t}].identity: {team.identity} has "
                             f"{len(team.identity)} colors; a {season.variant} season needs {colors} "
                             f"(rule {rules.cites['season_identities']})")
        seen_teams[team.name], seen_identities[team.identity] = t, t
        for p, player in enumerate(team.players):
            if player in seen_players:
                raise BuildError(f"{lines.where(('teams', t, 'players', p))}: teams[{t}].players: '{player}' "
                                 "is in two teams")
            seen_players[player] = t
    _check_team_sizes(season, lines, rules)


def _check_team_sizes(season: Season, lines: LineMap, rules: LeagueRules) -> None:
    """Teams of equal size: the standings compare teams' totals and their players one by one, and the pairing
    seats every team once per pod, so a larger team would be ranked and paired on different terms."""
    sizes = [len(team.players) for team in season.teams]
    # The odd team out is the one not at the size most teams have (the first team's in a tie), so a short
    # first team is the one pointed at, not every team after it.
    size = max(sizes, key=sizes.count)
    usual = season.teams[sizes.index(size)]
    for t, team in enumerate(season.teams):
        if len(team.players) != size:
            raise BuildError(f"{lines.where(('teams', t, 'players'))}: teams[{t}].players: {len(team.players)} "
                             f"players; {usual.name} has {size} and every team has the same number "
                             f"(rule {rules.cites['team_size']})")


def _check_dates(season: Season, lines: LineMap, rules: LeagueRules) -> None:
    """A week's date, where the file gives one, is on or after the first game day and after the week before:
    a page that says "first games on D" above results dated earlier would contradict itself. The sideboard
    deadline comes after the mainboard's: the sideboards are built once the mainboards are in."""
    main, side = season.mainboard_deadline, season.sideboard_deadline
    if main is not None and side is not None and side <= main:
        raise BuildError(f"{lines.where(('sideboard_deadline',))}: sideboard_deadline: {side} is not after the "
                         f"mainboard_deadline ({main}); the sideboards are built after it "
                         f"(rule {rules.cites['sideboard_building']})")
    earliest, after = season.first_game_day, "the first game day"
    for w, week in enumerate(season.weeks):
        if week.date is None:
            continue
        if earliest is not None and week.date < earliest:
            raise BuildError(f"{lines.where(('weeks', w, 'date'))}: weeks[{w}].date: {week.date} is before "
                             f"{after} ({earliest})")
        earliest, after = week.date + dt.timedelta(days=1), f"the day after week {w + 1}"


def check_pod(pod: list[str], where: str, rules: LeagueRules) -> None:
    """What any pod must be, in a season or a game file alone: each player once, the format's pod size."""
    twice = listed_twice(pod)
    if twice:
        raise BuildError(f"{where}: {twice}")
    if len(pod) != rules.pod_size:
        raise BuildError(f"{where}: pod: {len(pod)} players; a pod has {rules.pod_size} "
                         f"(rule {rules.cites['pod_size']})")


def _check_game(game: Game, path: tuple, team_of: dict[str, Team], lines: LineMap, rules: LeagueRules) -> None:
    where = lines.where(path + ("pod",))
    check_pod(game.pod, where, rules)
    unknown = [player for player in game.pod if player not in team_of]
    if unknown:
        raise BuildError(f"{where}: pod: '{unknown[0]}' is in no team")
    teams = [team_of[player].name for player in game.pod]
    if len(set(teams)) != len(teams):
        raise BuildError(f"{where}: pod: teammates in one pod (rule {rules.cites['pairing']}): "
                         f"{', '.join(game.pod)}")


def _score(game: Game, path: tuple, lines: LineMap, rules: LeagueRules) -> GameResult:
    try:
        return score_game(game.pod, [event.as_dict() for event in game.events], rules.points_brought)
    except ScoringError as error:
        at = path + (("events", error.event) if error.event is not None else ("pod",))
        raise BuildError(f"{lines.where(at)}: {error}") from error


def _results(season: Season, lines: LineMap, rules: LeagueRules) -> list[list[GameResult]]:
    team_of = {player: team for team in season.teams for player in team.players}
    if len(season.weeks) > rules.weeks:
        raise BuildError(f"{lines.where(('weeks', rules.weeks))}: weeks[{rules.weeks}]: week {rules.weeks + 1}; a "
                         f"season has {rules.weeks} weeks (rule {rules.cites['season_weeks']}), then the final "
                         f"(`final:`, rule {rules.cites['finals']})")
    results = []
    for w, week in enumerate(season.weeks):
        seen: set[str] = set()
        week_results = []
        for g, game in enumerate(week.games):
            path = ("weeks", w, "games", g)
            _check_game(game, path, team_of, lines, rules)
            twice = seen.intersection(game.pod)
            if twice:
                raise BuildError(f"{lines.where(path + ('pod',))}: pod: '{sorted(twice)[0]}' already played "
                                 f"in week {w + 1}")
            seen.update(game.pod)
            week_results.append(_score(game, path, lines, rules))
        results.append(week_results)
    return results


def load_season(path: Path, rules: LeagueRules) -> LoadedSeason:
    data, lines = read_document(path)
    season = validate(Season, data, lines, {"cites": rules.cites})
    if season.variant is None:
        season = season.model_copy(update={"variant": rules.default_variant})
    elif season.variant not in rules.variants:
        raise BuildError(f"{lines.where(('variant',))}: variant: '{season.variant}' is not a season variant "
                         f"(one of {', '.join(rules.variants)}: data/formats/mazerunner/format.yml)")
    _check_teams(season, lines, rules)
    _check_dates(season, lines, rules)
    kinds = _check_penalties(season, lines, rules)
    loaded = LoadedSeason(season=season, lines=lines, rules=rules, path=path, results=_results(season, lines, rules),
                          final_result=None, penalty_kinds=kinds)
    if season.final is not None:
        _check_game(season.final, ("final",), loaded.team_of, lines, rules)
        _check_finalists(loaded)
        loaded.final_result = _score(season.final, ("final",), lines, rules)
    return loaded


def _check_penalties(season: Season, lines: LineMap, rules: LeagueRules) -> list[str | None]:
    """Each penalty's player is in a team, its points are a deduction (rule 4e), its week is one of the season's
    (rule 3e), and it is at most one of rule 4e's penalties: the one `league check` matches it to."""
    known = {player for team in season.teams for player in team.players}
    known_rules = [about["rule"] for about in rules.penalties.model_dump().values()]
    kinds = []
    for i, penalty in enumerate(season.penalties):
        def where(key: str) -> str:
            return f"{lines.where(('penalties', i, key))}: penalties[{i}].{key}"
        if penalty.player not in known:
            raise BuildError(f"{where('player')}: '{penalty.player}' is in no team")
        if penalty.points >= 0:
            raise BuildError(f"{where('points')}: {penalty.points}; a penalty deducts points "
                             f"(rule {rules.cites['penalties']}): write a negative number")
        if penalty.week is not None and penalty.week > rules.weeks:
            raise BuildError(f"{where('week')}: week {penalty.week}; a season has {rules.weeks} weeks "
                             f"(rule {rules.cites['season_weeks']})")
        named = rules.penalties.kinds_named(penalty.rule, penalty.reason)
        if penalty.rule is not None and not named:
            raise BuildError(f"{where('rule')}: '{penalty.rule}' is not a penalty of rule "
                             f"{rules.cites['penalties']} (one of "
                             f"{', '.join(known_rules)})")
        if len(named) > 1:
            raise BuildError(f"{where('reason')}: the reason reads as more than one penalty of rule "
                             f"{rules.cites['penalties']}; say which with `rule:` (one of {', '.join(known_rules)})")
        kinds.append(named[0] if named else None)
    return kinds


def _check_finalists(loaded: LoadedSeason) -> None:
    """Rule 3f: the final comes after the last week, between the top `finalists` teams of the standings."""
    from generator.league.standings import standings   # standings reads a LoadedSeason: imported here, not above

    season, rules, where = loaded.season, loaded.rules, loaded.where("final", "pod")
    played = sum(week.complete for week in season.weeks)
    if played < rules.weeks:
        raise BuildError(f"{where}: final: the season has results for {played} of its {rules.weeks} weeks; the "
                         f"final comes after the last week (rule {rules.cites['finals']})")
    ranked = standings(loaded)["teams"]
    top = [team["name"] for team in ranked[: rules.finalists]]
    # a team level on every tie-breaker with one of the top (only ever at the cut) may take its place: the
    # standings' file order is no ruling, the league runner's is
    level = {name for team in ranked[: rules.finalists] for name in team["tied_with"]}
    playing = [loaded.team_of[player].name for player in season.final.pod]
    if not set(playing) <= set(top) | level:
        raise BuildError(f"{where}: final: {', '.join(playing)} play it; the top {rules.finalists} teams after week "
                         f"{rules.weeks} are {', '.join(top)} (rule {rules.cites['finals']})")


def load_game(path: Path, rules: LeagueRules) -> tuple[Game, GameResult]:
    """A file holding one game (`pod` and `events`), scored: a mapping, or a list of one such game (the item of a
    week's `games:` the pod tracker page writes)."""
    data, lines = read_document(path)
    if isinstance(data, list):
        if len(data) != 1:
            raise BuildError(f"{lines.file}:1: a list of {len(data)} games; a game file holds one game (a mapping "
                             "or a list of one): score a whole season with `coalition league standings`")
        data, lines = data[0], lines.within((0,))
    game = validate(Game, data, lines, {"cites": rules.cites})
    check_pod(game.pod, lines.where(("pod",)), rules)
    return game, _score(game, (), lines, rules)
