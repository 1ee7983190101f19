"""`coalition type`: a coalition type's leaders and pool sizes; in an identity format, a color identity's."""

from __future__ import annotations

import argparse
import json

from generator.decktypes import plural
from generator.commands.options import add_format, add_project_options, database_of
from generator.paths import sql_text
from generator.queries import check_format, open_database, type_report
from generator.identitywords import accepted_words, identity_letters
from generator.site.context import format_words, load_format
from generator.site.identities import identity_report
from generator.terminal import either


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "type",
        help="show a coalition type's leaders and pool sizes by card type",
        description="Look a coalition type up in the last build (singular or plural, any case). "
        "An identity format (`--format mazerunner`) takes a color identity instead: letters in any order or case "
        "(`ur`) or the name the format gives it (`Izzet`), and answers its commanders and pool size as its identity "
        "page does. Exits 1 when no leader can lead that type or identity.",
    )
    parser.add_argument("name", metavar="NAME", help="a creature type, e.g. Goblin; in an identity format, a color identity, e.g. UR or Izzet")
    parser.add_argument("--json", action="store_true", help="print a JSON object")
    add_format(parser)
    add_project_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    with open_database(database_of(args)) as con:
        fmt = check_format(con, args.format)
        settings = load_format(con, fmt)
        if settings.get("identity") == "color":   # an identity format: the identity pages' rows
            report = identity_report(con, fmt, settings, args.name)
        else:
            report = type_report(con, args.name, fmt)
        missing = None if report is not None or settings.get("identity") == "color" else named_type(con, args.name)
    if report is None:
        reason = not_found(args.name, missing, settings)
        message = {"type": args.name, "found": False, **(missing or {}), "reason": reason}
        print(json.dumps(message) if args.json else reason)
        return 1
    words = format_words(settings)
    text = format_identity(report, words) if "pool_groups" not in report else format_type(report, words)
    print(json.dumps(report, ensure_ascii=False, indent=2) if args.json else text)
    return 0


def format_identity(report: dict, words: dict[str, str]) -> str:
    """`UR (Izzet): 88 commanders, 9000 cards in its pool`, then the commanders, each with its seasons when they
    are not the usual ones."""
    named = f" ({report['name']})" if report["name"] else ""
    seasons = report["usual_seasons"]
    count = report["leader_count"]
    leaders = f"{count} {words['leader'] if count == 1 else words['leaders']}"
    lines = [f"{report['type']}{named}: {leaders}, {report['pool_size']:,} cards in its "
             f"pool (every legal card whose {words['type']} is within {report['type']}, colorless included)"]
    if seasons:
        lines.append(f"Each may be the {words['leader']} in a {' or '.join(seasons)} season unless noted.")
    lines.append(f"{words['leaders'].capitalize()}:")
    lines += [f"  {name}" + (f" ({' or '.join(report['leader_seasons'][name]) or 'no'} season)"
                             if name in report["leader_seasons"] else "") for name in report["leaders"]]
    return "\n".join(lines)


def named_type(con, name: str) -> dict:
    """Why a typal format has no such type: the creature type the name is (`creature_type`), or the creature
    types spelled like it (`suggestions`), from queries/type_named.sql."""
    rows = con.execute(sql_text("queries/type_named"), {"name": name}).fetchall()
    if rows and rows[0][1]:
        return {"creature_type": rows[0][0]}
    return {"suggestions": [type_name for type_name, _ in rows]}


def not_found(name: str, missing: dict | None, settings: dict) -> str:
    """One line on why NAME answers nothing: the excluded type and its rule, a creature type nothing can lead,
    or a name that is no creature type (with the types spelled like it)."""
    words = format_words(settings)
    if missing is None:   # an identity format
        return missing_identity(name, settings, words)
    if "creature_type" in missing:
        found = missing["creature_type"]
        if found == settings.get("excluded_type"):
            return f"{found}: never a {words['type']} (rule {excluded_rule(settings)}), though many {words['leaders']} are {found}"
        return f"{found}: no {words['leader']} can lead it, so it is not a {words['type']}"
    near = missing["suggestions"]
    return f"{name}: not a creature type" + (f"; did you mean {either(near)}?" if near else "")


def missing_identity(name: str, settings: dict, words: dict[str, str]) -> str:
    """Why an identity format has no page for NAME: no identity at all, a size no season variant deals (`W`
    in a format of two- and three-color seasons), or one no commander has."""
    letters = identity_letters(name)
    if letters is None:
        return f"{name}: not a {words['type']}: {accepted_words()['accepted']}"
    sizes = sorted({variant["colors"] for variant in settings.get("variants", {}).values()})
    if len(letters) not in sizes:
        return (f"{letters or name}: no season gives a player {plural(len(letters), 'color')}; its variants give "
                f"{' or '.join(map(str, sizes))} colors")
    return f"{letters}: no {words['leader']} has exactly this {words['type']}"


def excluded_rule(settings: dict) -> str:
    """The rule of the format's typal check (format.yml `checks:`, kind typal_identity), which bars the
    excluded type."""
    return next((check["rule"] for check in settings.get("checks", []) if check.get("kind") == "typal_identity"), "?")


def format_type(report: dict, words: dict[str, str]) -> str:
    leader, leaders = words["leader"], words["leaders"]
    count = report["leader_count"]
    lines = [f"{report['type']}: {count} {leader if count == 1 else leaders}, {plural(report['pool_size'], 'card')} in its "
             f"pool ({plural(report['changelings'], 'changeling')})"]
    # The grouping of the leader and type pages (type_summary): creatures, other spells, lands.
    lines += [f"  {group.replace('_', ' '):<14} {count}" for group, count in report["pool_groups"].items()]
    lines.append(f"{leaders.capitalize()}:")
    lines += [f"  {name}" for name in report["leaders"]]
    return "\n".join(lines)
