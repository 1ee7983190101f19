"""`coalition`: the command line. Each subcommand lives in generator/commands/<name>.py and exposes
`register(subparsers)`; the module's `run(args)` returns the exit status."""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from generator import __version__
from generator.allocator import return_freed_memory
from generator.errors import BuildError
from generator.terminal import safe_output, terminal_safe

COMMAND_MODULES = ["build", "card", "type", "validate", "changes", "serve", "solo", "league"]


class CommandParsers(argparse._SubParsersAction):
    """Subcommands that own their errors: argparse hands an option a subcommand does not know back to the
    top parser, whose error names `coalition` alone; here the subcommand's parser says it
    (`coalition card: error: unrecognized arguments: --bogus`), as it says a missing argument."""

    def __call__(self, parser, namespace, values, option_string=None):
        super().__call__(parser, namespace, values, option_string)
        unknown = vars(namespace).pop(argparse._UNRECOGNIZED_ARGS_ATTR, None)
        if unknown:
            self._name_parser_map[values[0]].error(f"unrecognized arguments: {' '.join(unknown)}")


class OneLineParser(argparse.ArgumentParser):
    """A bad argument is one line on standard error and exit 2, as every other error (README): argparse's own
    answer repeats the whole usage first. Subcommands' parsers are of this class too (add_subparsers), and
    report their own unknown options (CommandParsers)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.register("action", "parsers", CommandParsers)

    def error(self, message: str):
        self.exit(2, terminal_safe(f"{self.prog}: error: {message}") + "\n")


def make_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser, with every command when `argv` is None (help, tests). Given the arguments, only the command
    they name is imported: each command module brings its own heavy imports (DuckDB, MkDocs, Jinja), and a
    `coalition card` that loaded the whole build to answer would start seconds later."""
    parser = OneLineParser(
        prog="coalition",
        description="Build the Coalition format's card database and reference site.",
    )
    parser.add_argument("--version", action="version", version=f"coalition {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in commands_for(argv):
        importlib.import_module(f"generator.commands.{name}").register(subparsers)
    return parser


def commands_for(argv: list[str] | None) -> list[str]:
    """The command the arguments name, when their first word is one; else all of them (for help and errors)."""
    first = next((word for word in argv or [] if not word.startswith("-")), None) if argv is not None else None
    return [first] if first in COMMAND_MODULES else COMMAND_MODULES


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    return_freed_memory()   # before a command imports DuckDB (generator/allocator.py)
    args = make_parser(argv).parse_args(argv)
    with safe_output():
        try:
            return int(args.run(args) or 0)
        except BuildError as error:
            print(f"coalition: error: {error}", file=sys.stderr)
            return error.exit_code
        except KeyboardInterrupt:
            print("coalition: interrupted", file=sys.stderr)
            return 130
        except BrokenPipeError:
            # The reader went away (`coalition card X --json | head`): what it wanted it has. Point stdout at
            # /dev/null so the interpreter's final flush does not raise again, and end quietly.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return 0
