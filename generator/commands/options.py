"""The options more than one command takes, in the same words in every command's --help: which project to
read (the rule: generator/paths.py project_root), the database, the format, and a seed."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.paths import Paths, project_paths
from generator.solo.shuffle import SEED_MAX

PROJECT_HELP = ("the project: its data/, docs/ and build/ (default: the current folder, or the "
                "nearest one above it, holding mkdocs.yml and data/formats/; else the generator's own checkout)")
DB_HELP = "database to read (default: the project's build/coalition.duckdb)"
FORMAT_HELP = "a folder name under data/formats/, e.g. heroic (default: the one marked `default: true`)"


def _require_folder(folder: Path) -> None:
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"{folder}: {'not a folder' if folder.exists() else 'no such folder'}")


def existing_folder(text: str) -> Path:
    """--project-dir: a folder that is not there is said to be so, not reported as the missing database or
    data file a command would look for under it."""
    _require_folder(Path(text))
    return Path(text)


def database_in_a_folder(text: str) -> Path:
    """--db: a database whose folder is not there is said to be so, as --project-dir is: "no database yet; run
    `coalition build` first" would send the user to build into a folder that does not exist."""
    path = Path(text)
    _require_folder(path.parent)
    return path


def add_project_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--project-dir", type=existing_folder, metavar="DIR", help=PROJECT_HELP)


def add_db(parser: argparse.ArgumentParser | argparse._MutuallyExclusiveGroup, help_text: str = DB_HELP) -> None:
    parser.add_argument("--db", type=database_in_a_folder, metavar="PATH", help=help_text)


def add_project_options(parser: argparse.ArgumentParser) -> None:
    """--project-dir and --db: a command that reads a build's database."""
    add_project_dir(parser)
    add_db(parser)


def add_format(parser: argparse.ArgumentParser) -> None:
    """--format: which of the build's formats a command answers for."""
    parser.add_argument("--format", dest="format", metavar="FORMAT", help=FORMAT_HELP)


def seed_number(text: str) -> int:
    """A seed as every command takes it: the solo table's shuffle is 32-bit (generator/solo/shuffle.py), and one
    range for all keeps a seed written down for one tool good for the others."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"a seed is from 0 to {SEED_MAX}")
    return value


def add_seed(parser: argparse.ArgumentParser, what: str, default: str) -> None:
    """--seed: `what` the seed decides and `default`, what is used without one, in the --help."""
    parser.add_argument("--seed", type=seed_number, metavar="SEED", help=f"{what}, 0 to {SEED_MAX} (default: {default})")


def paths_of(args: argparse.Namespace) -> Paths:
    """The project the arguments name (--project-dir, --build-dir where the command has it), else the rule's."""
    return project_paths(getattr(args, "project_dir", None), getattr(args, "build_dir", None))


def database_of(args: argparse.Namespace) -> Path:
    """--db, else the project's database."""
    return args.db or paths_of(args).database
