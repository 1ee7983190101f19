"""`coalition league score|pair|standings|check`: the Mazerunner league toolkit (generator/league/)."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
from pathlib import Path

from generator.commands.exits import ANSWERED, WRONG, input_refused
from generator.commands.options import add_db, add_project_dir, add_seed, paths_of
from generator.decktypes import plural
from generator.errors import BuildError, UsageError
from generator.league.cardcheck import CardChecker
from generator.league.check import check_season
from generator.league.pairing import pair_week, unreported_words
from generator.league.rules import load_rules
from generator.league.season import load_game, load_season
from generator.league.standings import standings
from generator.paths import project_root
from generator.queries import open_database


def week_number(text: str) -> int:
    """--week: a week counted from 1; 0 or less is refused here, as a seed out of range is, not explained
    against the season's weeks."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("weeks start at 1")
    return value


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "league", help="Mazerunner leagues: score a game, pair a week, standings, check a season",
        description="Tools for a Mazerunner league season file (YAML). Errors are one line naming the file, "
        "the line and the key. Exit status, every action: 0 answered; 1 only for an answer that something is wrong "
        "(check's: a penalty owed, a rule broken); 2 for input it cannot take (a file that is not there, not valid "
        "YAML, or refused by its shape or the league's rules) or a request it refuses (pair's week that has "
        "results).", formatter_class=CitingHelp)
    commands = parser.add_subparsers(dest="league_command", required=True, metavar="ACTION")
    _add(commands, "score", "points of one game (rule {cite:scoring})",
                 "Score one game: a YAML file with `pod` (each player once, as many as league.yml's pod_size) and "
                 "`events` in the order they happened, or a list of that one game (the pod tracker page's record). "
                 "Prints each player's points. Exit status: 0 scored (a game not yet over too: its points so far, "
                 "and who is still in); 2 for a game file it cannot take: not there, not valid YAML, or refused (a "
                 "pod not of pod_size, an event after the game was over, a list of several games). Never 1: a "
                 "score says nothing is wrong.", "GAME", run_score)
    pair = _add(commands, "pair", "the pods of one week (rules {cite:pairing}, {cite:scaling})",
                "Pair one week (1 to league.yml's weeks): pods of pod_size, every player once, never teammates, from "
                "the results of the weeks before. Same seed, same pods. A week already in the file is paired again "
                "only while it has no results and no later week has pods. Exit status: 0 paired; 2 for a season "
                "file it cannot take, or a week it refuses to pair: one that already has results (its pods are the "
                "ones played), one a later week was paired from, one after the season's last or past the next "
                "week, or a league that cannot be paired. Never 1: a pairing says nothing is wrong.",
                "SEASON", run_pair)
    pair.add_argument("--week", type=week_number, required=True, metavar="N", help="the week to pair (1 = the first)")
    add_seed(pair, "the pairing's random seed", "from the season name and week")
    _add(commands, "standings", "players and teams in rank order, the finals (rule {cite:finals_seating})",
         "Standings: teams by points with penalties, then rule {cite:finals_seating}'s tie-breakers in order; "
         "players by points, then league.yml's player_tie_breakers (our reading: {cite:finals_seating} seats the "
         "finals); the finalists (league.yml finalists) and their seats, the final and its champion. Games without "
         "results (events: []) are left out and counted. Exit status: 0 ranked; 2 for a season file it cannot "
         "take. Never 1: standings say nothing is wrong.",
         "SEASON", run_standings)
    check = _add(commands, "check",
                 "decks, commanders and penalties of a season (rules {cite:deckbuilding}, {cite:penalties})",
                 "Check a season: every submitted deck (decks/<player>.txt) against its team's identity, the "
                 "variant, the banlist and rule {cite:release} (card facts from the last build), teammates choosing "
                 "the same commander, and the penalties rule {cite:penalties} implies, each matched to a recorded one "
                 "by its rule or reason (league.yml penalties). A penalty whose deadline has not passed on the day "
                 "checked (the season file's mainboard_deadline; its sideboard_deadline and league.yml's "
                 "grace_days_after_sideboard) is a warning naming the day it falls due; a recorded one the check finds no "
                 "cause for on that day is reported (recorded, but not owed), as is one whose reason names no "
                 "penalty kind of league.yml. Exit status: 0 when nothing is owed and no rule is broken on the day "
                 "checked (warnings may be printed: a deck still missing before its deadline, an illegal deck within "
                 "its grace days); 1 when a penalty is owed, a rule is broken, or a recorded penalty is not owed or "
                 "names no known kind; 2 for input it cannot read: a season file that is not valid YAML or that its "
                 "shape or rules refuse (one line naming the file and line), a decks folder or card database that "
                 "is not there.",
                 "SEASON", run_check)
    check.add_argument("--on", type=_day, default=None, metavar="YYYY-MM-DD",
                       help="check as of this day: which deadlines (and grace days) have passed (default: today)")
    cards = check.add_mutually_exclusive_group()
    add_db(cards, "card database (default: the project's build/coalition.duckdb, as `coalition card` and `validate` "
           "read it)")
    cards.add_argument("--no-cards", action="store_true", help="skip the card checks on purpose (no database needed): "
                       "only decks missing, commanders and penalties")
    parser.set_defaults(run=lambda args: parser.print_help() or 2)


CITE = re.compile(r"\{cite:(\w+)\}")


def project_cites() -> dict[str, str] | None:
    """The rule numbers the Mazerunner format cites (format.yml `cites:`), from the project's data
    (`project_root`: the help is shown before --project-dir is read); None when that data does not load."""
    try:
        return load_rules(project_root() / "data").cites
    except (BuildError, OSError):
        return None


class CitingHelp(argparse.HelpFormatter):
    """The league commands' --help, each `{cite:KEY}` the rule number the format cites under KEY; the data is
    read once a help text (one formatter), and help whose data does not load names each rule by its key."""

    def _cited(self, text: str) -> str:
        if "{cite:" not in text:
            return text
        if not hasattr(self, "_cites"):
            self._cites = project_cites()
        cites = self._cites
        return CITE.sub(lambda match: cites[match[1]] if cites is not None else match[1], text)

    def _format_text(self, text: str) -> str:
        return super()._format_text(self._cited(text))

    def _expand_help(self, action: argparse.Action) -> str:
        return self._cited(super()._expand_help(action))


def _day(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a day written YYYY-MM-DD") from None


def _add(commands, name: str, short: str, description: str, metavar: str, run) -> argparse.ArgumentParser:
    parser = commands.add_parser(name, help=short, description=description, formatter_class=CitingHelp)
    parser.add_argument("file", type=Path, metavar=metavar, help=f"the {metavar.lower()} file (YAML)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_project_dir(parser)
    parser.set_defaults(run=run)
    return parser


def _rules(args: argparse.Namespace):
    return load_rules(paths_of(args).data_dir)


def _print(args: argparse.Namespace, report: dict, text: str) -> None:
    print(json.dumps(report, ensure_ascii=False, indent=2) if args.json else text)


def _season(args: argparse.Namespace):
    """The season file, loaded with the league's rules: one it cannot take is exit 2 (`input_refused`)."""
    with input_refused():
        return load_season(args.file, _rules(args))


def run_score(args: argparse.Namespace) -> int:
    with input_refused():
        game, result = load_game(args.file, _rules(args))
    report = result.as_json()
    lines = [f"{player:<20} {points}" for player, points in result.points.items()]
    if result.winner:
        lines.append(f"winner: {result.winner}")
    if not result.finished:
        lines.append(f"not finished: {', '.join(result.in_game)} still in the game, {result.winner_pool} in the pool")
    elif result.winner_pool:
        lines.append(f"{result.winner_pool} point(s) left in the winner pool with nobody to take them")
    _print(args, report, "\n".join(lines))
    return ANSWERED


def run_pair(args: argparse.Namespace) -> int:
    loaded = _season(args)
    with input_refused():   # a week it will not pair is a refused request, as a refused file is
        report = pair_week(loaded, args.week, args.seed)
    lines = [f"Week {report['week']} (scaling {report['scaling']}, seed {report['seed']}): "
             f"{plural(report['repeats'], 'repeated opponent pair')}, "
             f"{'proven optimal' if report['optimal'] else 'best found'}"]
    lines += [words[0].upper() + words[1:] for words in unreported_words(report["unreported"])]
    lines += [f"  pod {i}: {', '.join(pod)}" for i, pod in enumerate(report["pods"], start=1)]
    _print(args, report, "\n".join(lines + [""] + _record_lines(loaded, report)))
    return ANSWERED


def _record_lines(loaded, report: dict) -> list[str]:
    """Where the week's pods go in the season file: a new item of `weeks:`, or the games of the week already
    there (recorded with only its date, or with pods not yet played, which these replace)."""
    week, pods = report["week"], report["pods"]
    games = [f"      - pod: [{', '.join(pod)}]\n        events: []" for pod in pods]
    if report["in_file"] == "new":
        return [f"To record week {week}'s results, add under `weeks:` (events as they happen):", "  - games:"] + games
    at = f"line {loaded.lines.line(('weeks', week - 1))}, weeks[{week - 1}]"
    if report["in_file"] == "unplayed":
        said = f"These pods replace week {week}'s in the file ({at}): replace its `games:` with these"
    else:
        said = f"To record week {week}'s results, give week {week} in the file ({at}) these games"
    return [said + " (events as they happen):", "    games:"] + games


def run_standings(args: argparse.Namespace) -> int:
    report = standings(_season(args))
    unreported = report["games_without_results"]
    lines = [f"{report['season']}: after {plural(report['weeks_played'], 'week')}"
             + (f", {plural(unreported, 'game')} without results (left out)" if unreported else ""), "Teams:"]
    for index, t in enumerate(report["teams"]):
        below = report["teams"][index + 1]["name"] if index + 1 < len(report["teams"]) else None
        lines.append(f"  {_rank(t)} {t['name']:<16} {t['identity']:<4} {t['points']:>4} pts  {plural(t['wins'], 'win')}"
                     + _standing_note(t, below))
    lines.append(_finals_line(report))
    lines.append(_final_line(report))
    lines.append("Players:")
    lines += [f"  {_rank(p)} {p['name']:<16} {p['team']:<16} {p['points']:>4} pts  {plural(p['wins'], 'win')}"
              f"  SoS {p['strength_of_schedule']:.3f}" + _standing_note(p, None) for p in report["players"]]
    _print(args, report, "\n".join(lines))
    return ANSWERED


def _rank(row: dict) -> str:
    """"3." for a rank of its own, "3=" for one shared with the rows level on every tie-breaker."""
    return row["rank_label"] if row["tied"] else f"{row['rank']}."


def _standing_note(row: dict, below: str | None) -> str:
    """How a row stands against its neighbours: level with whom and on what, or ahead of the next on which
    tie-breaker (nothing when points alone set it apart, or `below` is not given)."""
    notes = []
    if row["tied_with"]:
        notes.append(f"tied with {', '.join(row['tied_with'])}: {row['tie_words']}")
    if below and row["decided_by"] not in (None, "points", "tied"):
        notes.append(f"level on points with {below}, ahead on {row['decided_by'].replace('_', ' ')}")
    return f"  ({'; '.join(notes)})" if notes else ""


def _finals_line(report: dict) -> str:
    """The seats, then whether they are settled or what is still missing (the season page's words)."""
    seats = [f"{f['seat']}. {f['team']}" + (f" (rank {f['rank_label']}, {f['seat_words']})" if f["seat_words"] else "")
             for f in report["finals"]]
    state = report["finals_state"]
    return "Finals seats: " + ", ".join(seats) + f"\n  {state['label']}: {state['words']}"


def _final_line(report: dict) -> str:
    final = report["final"]
    if final is None:
        return "Final: not recorded yet"
    pod = ", ".join(f"{seat['player']} ({seat['team']})" for seat in final["pod"])
    if report["champion"] is None:
        return f"Final: {pod}; no winner recorded yet"
    return f"Final: {pod}; champion: {report['champion']} ({final['winner']} won)"


def run_check(args: argparse.Namespace) -> int:
    paths = paths_of(args)
    loaded = _season(args)
    if args.no_cards:
        report = check_season(loaded, on=args.on)
    else:
        database = args.db or paths.database
        if not database.exists():
            # Skipping the card checks silently would pass an illegal deck as clean: say where we looked.
            raise UsageError(f"{database}: no card database to check the decks' cards against; run `coalition "
                             "build`, pass --db PATH, or --no-cards to skip the card checks")
        with open_database(database) as con:
            report = check_season(loaded, CardChecker(con, loaded), args.on)
    lines = [f"{report['season']}: {report['decks']} deck(s) read"
             + (" (card checks skipped: --no-cards)" if args.no_cards and report["decks"] else "")]
    lines += [f"  rule {i['rule']}: {i['message']}" for i in report["issues"]]
    lines += [f"  penalty {p['points']} for {p['player']}: {p['reason']} (rule {p['rule']})"
              + ("" if p["recorded"] else " - not yet in the season file") for p in report["penalties"]]
    lines += [f"  rule {n['rule']}: {n['message']}" for n in report["not_owed"]]
    lines += [f"  {u['message']}" for u in report["unknown_kinds"]]
    lines += [f"  warning for {w['player']}: {w['message']} (rule {w['rule']})" for w in report["warnings"]]
    lines += [f"  as of {report['on']}, {note}" for note in report["notes"]]
    unchecked = " but the cards, unchecked" if args.no_cards and report["decks"] else ""
    if report["ok"] and not report["issues"] and not report["warnings"]:
        lines.append("  nothing to report" + unchecked)
    elif report["ok"]:
        lines.append(f"  nothing owed and no rule broken as of {report['on']}{unchecked}: only the warnings above")
    _print(args, report, "\n".join(lines))
    return ANSWERED if report["ok"] else WRONG
