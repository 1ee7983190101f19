"""The league pages of the site: every data/leagues/<season>.yml becomes mazerunner/leagues/<season>/
(standings with a chart of points by week, the finals seating, the next week's proposed pods, teams and their
decklists) and mazerunner/leagues/<season>/weeks/ (each week's pods and results), plus an index of seasons."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

import duckdb

from generator.decklist import name_key
from generator.errors import BuildError
from generator.league.cardcheck import CardChecker
from generator.league.check import check_season
from generator.league.chart import points_chart
from generator.league.decks import read_decks
from generator.league.pairing import next_week, pair_week, unreported_words
from generator.league.rules import LeagueRules, load_rules
from generator.league.season import LoadedSeason, load_season
from generator.league.standings import KEY_WORDS, standings, tie_groups
from generator.league.words import names_said
from generator.site.markup import meta_string, render
from generator.site.pages import FORMAT_NAME, with_front_matter
from generator.slugs import slugify

LEAGUES_DIR = "mazerunner/leagues"


def season_files(data_dir: Path) -> list[Path]:
    return sorted((data_dir / "leagues").glob("*.yml"))


def describe(event: dict) -> str:
    """One event in words (the pod tracker page words them alike). A player among those their own action
    eliminated "caused themselves to lose along with" the others, in rule 4d-vi's words."""
    if "eliminated" in event:
        names = names_said(event["eliminated"])
        by = event.get("by")
        if by is None:
            return f"{names} lost to the game itself (point to the winner pool)"
        who = f"{event['controlled_by']}, controlling {by}'s turn," if event.get("controlled_by") else by
        if by not in event["eliminated"]:
            return f"{who} eliminated {names}"
        others = names_said([player for player in event["eliminated"] if player != by])
        caused = f"caused {by}" if event.get("controlled_by") else "caused themselves"
        return f"{who} {caused} to lose" + (f" along with {others}" if others else "")
    if "draw_forced_by" in event:
        return f"{event['draw_forced_by']} forced a draw and takes a game loss"
    if event.get("controlled_by"):
        return f"{event['controlled_by']}, controlling {event['won']}, made {event['won']} win"
    return f"{event['won']} won"


def _weeks(loaded: LoadedSeason) -> list[dict]:
    weeks = []
    for number, (week, results) in enumerate(zip(loaded.season.weeks, loaded.results), start=1):
        games = [{"pod": game.pod, "points": result.points, "winner": result.winner, "finished": result.finished,
                  "events": [describe(event.as_dict()) for event in game.events]}
                 for game, result in zip(week.games, results)]
        weeks.append({"number": number, "date": week.date, "scaling": loaded.scaling_for(number), "games": games})
    return weeks


def _decks(loaded: LoadedSeason, issues: list[dict]) -> dict[str, dict]:
    """Each player's list as the page shows it, with what `coalition league check` flags in it (`issues`, its
    own check_season's): the problems by rule, and the cards each names marked in the list."""
    decks, missing = read_decks(loaded)
    shown = {}
    for player, deck in decks.items():
        mine = [issue for issue in issues if issue["player"] == player]
        flagged: dict[str, list[str]] = {}
        for issue in mine:
            for card in issue["cards"]:
                flagged.setdefault(name_key(card), []).append(issue["rule"])
        main = [e for e in deck.parsed.entries if e.section == "main"]
        side = [e for e in deck.parsed.entries if e.section == "side" and e.name not in deck.commanders]
        shown[player] = {"commanders": deck.commanders, "main": main, "side": side,   # main: with the commanders
                         "main_count": sum(e.count for e in main) + len(deck.commanders),
                         "side_count": sum(e.count for e in side),
                         "issues": [{"rule": i["rule"], "message": i["message"].removeprefix(f"{deck.path.name}: ")}
                                    for i in mine],
                         "flags": {e.name: sorted(set(flagged[name_key(e.name)])) for e in deck.parsed.entries
                                   if name_key(e.name) in flagged}}
    for player in missing:
        shown[player] = None
    return shown


def _marks(issues: list[dict]) -> dict[str, list[dict]]:
    """What the check flags for each player, listed or not, for the deck's collapsed row: a league runner sees
    which decks fail without opening each (the check's own words, less the deck file's name, which the
    row's player says)."""
    marks: dict[str, list[dict]] = {}
    for issue in issues:
        message = issue["message"].removeprefix(f"{issue['player']}.txt: ").rstrip(".")   # joined by ";"
        marks.setdefault(issue["player"], []).append({"rule": issue["rule"], "message": message})
    return marks


def _deck_issues(loaded: LoadedSeason, con: duckdb.DuckDBPyConnection | None) -> tuple[list[dict], bool]:
    """`coalition league check`'s issues with the card checks when the build's database is at hand, and
    whether the cards were checked."""
    if con is None or not loaded.season.decks:
        return [], False
    return check_season(loaded, CardChecker(con, loaded))["issues"], True


def next_pods(loaded: LoadedSeason) -> dict | None:
    """The pods `coalition league pair` gives for the next week with no games (its default seed, so the page and
    the command agree), with the command that prints them; or why it refuses, in its own words (less the file's
    path, which is the build machine's); None once every week has games."""
    week = next_week(loaded)
    if week is None:
        return None
    command = f"coalition league pair data/leagues/{loaded.path.name} --week {week}"
    try:
        report = pair_week(loaded, week)
        # the command's own words on games without results (`coalition league pair` prints the same lines)
        return {**report, "command": command, "waiting": unreported_words(report["unreported"]), "refused": None}
    except BuildError as error:
        return {"week": week, "command": command, "refused": str(error).removeprefix(f"{loaded.path}: ")}


def season_context(loaded: LoadedSeason, slug: str, con: duckdb.DuckDBPyConnection | None = None) -> dict:
    report = standings(loaded)
    issues, cards_checked = _deck_issues(loaded, con)
    series = [(team["name"], team["points_by_week"]) for team in report["teams"]]
    return {"season": loaded.season, "slug": slug, "report": report, "weeks": _weeks(loaded),
            "chart": points_chart(series, f"{loaded.season.name}: team points after each week"),
            "decks": _decks(loaded, issues) if loaded.season.decks else {}, "rules": loaded.rules,
            "cards_checked": cards_checked, "marks": _marks(issues),
            "team_of": {player: team.name for player, team in loaded.team_of.items()},
            "team_ties": _words(loaded.rules.tie_breakers), "player_ties": _words(loaded.rules.player_tie_breakers),
            "team_tie_groups": tie_groups(report["teams"]), "player_tie_groups": tie_groups(report["players"]),
            "leading": _leading(report["teams"]), "next_pods": next_pods(loaded)}


def _leading(teams: list[dict]) -> str:
    """The seasons' index: the team ranked first and every team level with it, "Ada, Bo and Cy"."""
    return names_said([teams[0]["name"]] + teams[0]["tied_with"]) if teams else ""


def _words(tie_breakers: list[str]) -> str:
    return ", then ".join(KEY_WORDS[key] for key in tie_breakers)


def league_pages(data_dir: Path, rules: LeagueRules | None = None,
                 con: duckdb.DuckDBPyConnection | None = None) -> Iterator[tuple[str, str]]:
    """(path under docs/, Markdown) for every season file and the seasons' index; with the build's database
    (`con`), each decklist marks what `coalition league check` flags in it."""
    rules = rules or load_rules(data_dir)
    # Pages of the league's format, titled by it as its other pages are (generator/site/pages.py FORMAT_NAME).
    named = partial(with_front_matter, lines=FORMAT_NAME.format(meta_string(rules.format_name)))
    seasons = []
    for path in season_files(data_dir):
        slug = slugify(path.stem)
        if not slug:
            raise BuildError(f"{path}: a season file needs a name made of letters or digits")
        context = season_context(load_season(path, rules), slug, con)
        seasons.append(context)
        yield f"{LEAGUES_DIR}/{slug}/index.md", named(render("league/season.md.j2", root="../../../", **context))
        yield f"{LEAGUES_DIR}/{slug}/weeks.md", named(render("league/weeks.md.j2", root="../../../../", **context))
    yield f"{LEAGUES_DIR}/index.md", named(render("league/index.md.j2", root="../../", seasons=seasons, rules=rules))
