"""`coalition solo deal DECK --seed N`: the set-up of a Balance of Power solo game, dealt by the procedure
of data/formats/balance-of-power/procedure.yml with the shuffle the solo table page uses, so a seed gives
the same table on the command line and in the browser.

Exit 0 when the four piles are dealt, 1 when the library ran out during set-up (the game is lost before it
starts), 2 when the list cannot be read or names an unknown card."""

from __future__ import annotations

import argparse
import json
import secrets

from generator.commands.options import add_project_options, add_seed, paths_of
from generator.commands.validate import decode, read_bytes
from generator.decklist import CardIndex, parse
from generator.errors import UsageError
from generator.export.files import cards_export
from generator.queries import default_format, open_database
from generator.solo.deck import library_from_list
from generator.solo.procedure import load_procedure
from generator.solo.shuffle import SEED_MAX
from generator.solo.table import deal

STATE_KEYS = ("piles", "land_pile", "world_pile", "library", "graveyard")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "solo", help="Balance of Power solo play: deal a deck by the procedure",
        description="Balance of Power, solo Magic run by a procedure (see the site's balance-of-power/ pages).")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    dealer = actions.add_parser(
        "deal", help="shuffle a deck with a seed and deal the set-up",
        description="Shuffle DECK's main deck with the seed and deal the set-up: each creature pile gets "
        "revealed cards until a creature ends it; lands go to the land pile, World enchantments to the world "
        "pile. Prints the piles (each bottom to top), land_pile, world_pile, library (top first) and "
        "graveyard. Exits 0 when dealt, 1 when the library ran out during set-up, 2 for an unreadable list, an unknown "
        "card, a bad argument or no database.")
    dealer.add_argument("deckfile", metavar="DECK", help="a deck list file (any format the validator reads); `-` reads standard input")
    add_seed(dealer, "the shuffle's seed", "a random one, printed")
    dealer.add_argument("--json", action="store_true", help="print the table as a JSON object")
    add_project_options(dealer)
    dealer.set_defaults(run=run)


def load_library(deckfile: str, cards: list[dict]) -> list[str]:
    names, problems = library_from_list(parse(decode(read_bytes(deckfile), deckfile)), CardIndex(cards))
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise UsageError(f"{deckfile}: {problems[0]}{more}")
    return names


def run(args: argparse.Namespace) -> int:
    paths = paths_of(args)
    procedure = load_procedure(paths.data_dir)
    with open_database(args.db or paths.database) as con:
        cards = cards_export(con, default_format(con))["cards"]
    library = load_library(args.deckfile, cards)
    type_lines = {card["n"]: card["t"] for card in cards}
    seed = args.seed if args.seed is not None else secrets.randbelow(SEED_MAX + 1)
    table = deal(library, seed, procedure, type_lines.__getitem__)
    print(json.dumps(table, ensure_ascii=False, indent=1) if args.json else format_table(table, procedure.grid))
    return 0 if table["outcome"] == "playing" else 1


def format_table(table: dict, grid: list[list[int]]) -> str:
    lines = [f"seed {table['seed']}"]
    for number, pile in enumerate(table["piles"], start=1):
        lines.append(f"pile {number} (bottom to top): {', '.join(pile) or '(empty)'}")
    for key in STATE_KEYS[1:]:
        cards = table[key]
        lines.append(f"{key} ({len(cards)}): {', '.join(cards) or '(empty)'}")
    lines.append("grid, row by row: " + " / ".join(" ".join(f"pile {n}" for n in row) for row in grid))
    if table["message"]:
        lines.append(table["message"])
    return "\n".join(lines)
