"""The command line as a whole: every command's help and exit codes, a missing database, `serve`'s address,
one-line argument errors, and the README's account of each command (tests/test_cli.py has the commands'
answers)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.test_cli import run_cli


MISSING_DB_ARGS = {   # every command that reads a database, given a readable input: only the database is missing
    "card": ["card", "Swan Song"], "type": ["type", "Goblin"], "changes": ["changes"],
    "solo deal": ["solo", "deal", "{deck}", "--seed", "1"], "validate": ["validate", "{deck}"],
    "league check": ["league", "check", "{season}"],
}


@pytest.mark.parametrize("command", sorted(MISSING_DB_ARGS))
def test_missing_database_exits_2_in_one_line(command, tmp_path, capsys):
    """No database is input the command cannot read (2), never "not found" or "the library ran out" (1)."""
    from tests.league_support import SAMPLE_SEASON

    deck = tmp_path / "deck.txt"
    deck.write_text("1 Swan Song\n", encoding="utf-8")
    filled = [a.format(deck=deck, season=SAMPLE_SEASON) for a in MISSING_DB_ARGS[command]]
    missing = tmp_path / "none.duckdb"
    code, _, err = run_cli(capsys, *filled, "--db", str(missing))
    assert code == 2 and err.strip().count("\n") == 0 and str(missing) in err, (code, err)


def test_serve_without_a_database_exits_2(tmp_path, capsys):
    code, _, err = run_cli(capsys, "serve", "--build-dir", str(tmp_path), "--dev-addr", "127.0.0.1:0")
    assert code == 2 and err.strip().count("\n") == 0 and "run `coalition build` first" in err, (code, err)


def test_serve_on_a_port_in_use_exits_2_in_one_line(capsys):
    """A port another program listens on: one line naming the address (MkDocs's own answer is a traceback)."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        address = f"127.0.0.1:{taken.getsockname()[1]}"
        code, _, err = run_cli(capsys, "serve", "--no-render", "--dev-addr", address)
    assert code == 2 and err.strip().count("\n") == 0 and address in err, (code, err)


def test_serve_refuses_an_address_that_is_not_host_port(capsys):
    code, _, err = run_cli(capsys, "serve", "--no-render", "--dev-addr", "localhost")
    assert code == 2 and err.strip().count("\n") == 0 and "HOST:PORT" in err, (code, err)


@pytest.mark.parametrize("command", ["build", "card", "type", "validate", "changes", "serve"])
def test_every_command_has_help(command):
    result = subprocess.run([sys.executable, "-m", "generator", command, "--help"], capture_output=True, text=True)
    assert result.returncode == 0 and "usage: coalition" in result.stdout


def test_a_bad_argument_is_one_line_exit_2():
    """README: errors are one line; argparse's own answer repeats the usage first."""
    for argv in (["card"], ["validate", "x.txt", "--identity"], ["bogus"], ["solo", "deal", "x.txt", "--seed"]):
        result = subprocess.run([sys.executable, "-m", "generator", *argv], capture_output=True, text=True)
        assert result.returncode == 2 and result.stderr.count("\n") == 1, (argv, result.stderr)
        assert result.stderr.startswith("coalition") and "usage:" not in result.stderr


@pytest.mark.parametrize("argv, prog", [
    (["card", "Sol Ring", "--bogus"], "coalition card"),
    (["league", "score", "--bogus", "x"], "coalition league score"),
    (["validate", "x.txt", "--bogus"], "coalition validate"),
])
def test_an_unknown_option_is_told_by_its_command(argv, prog):
    """README's form, as for a missing argument: the command whose option it is not names itself."""
    result = subprocess.run([sys.executable, "-m", "generator", *argv], capture_output=True, text=True)
    assert result.returncode == 2 and result.stdout == "", (argv, result)
    assert result.stderr == f"{prog}: error: unrecognized arguments: --bogus\n", (argv, result.stderr)


@pytest.mark.parametrize("argv, says", [
    (["solo", "deal", "--help"], "an unknown card"), (["validate", "--help"], "an argument is bad"),
])
def test_help_gives_every_exit_2(argv, says):
    result = subprocess.run([sys.executable, "-m", "generator", *argv], capture_output=True, text=True)
    assert result.returncode == 0 and says in " ".join(result.stdout.split())


def test_docs_name_only_files_that_exist():
    """A path README or CONTRIBUTING names (`tests/…py`, `generator/…py`, `docs/assets/js/…js`) is there, and
    README names keepForm's file by its path."""
    import re

    from generator.paths import PROJECT_ROOT

    for doc in ("README.md", "CONTRIBUTING.md"):
        text = (PROJECT_ROOT / doc).read_text(encoding="utf-8")
        named = set(re.findall(r"`((?:tests|generator|docs/assets/js)/[\w/.\-]+\.(?:py|js))`", text))
        assert named and not [p for p in named if not (PROJECT_ROOT / p).exists()], doc
    assert "`keepForm` in `docs/assets/js/formstore.js`" in (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
    assert "the test named after the table" not in (PROJECT_ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


def test_readme_documents_every_command():
    from generator.cli import COMMAND_MODULES
    from generator.paths import PROJECT_ROOT

    readme = (PROJECT_ROOT / "README.md").read_text()
    for command in COMMAND_MODULES:
        assert f"coalition {command}" in readme


def readme_row(command: str) -> str:
    """The README command table's row(s) for `coalition COMMAND`."""
    from generator.paths import PROJECT_ROOT

    rows = [line for line in (PROJECT_ROOT / "README.md").read_text().splitlines()
            if line.startswith(f"| `coalition {command}")]
    assert rows, command
    return "\n".join(rows)


def test_readme_says_what_serve_does():
    """`serve` re-renders docs/ and runs `mkdocs serve` (its --help): the README says so and names its options."""
    from generator.cli import make_parser

    row = readme_row("serve")
    assert "`mkdocs serve`" in row and "`docs/`" in row and "`site/` is left alone" in row
    serve = make_parser(["serve"])._subparsers._group_actions[0].choices["serve"]
    options = {o for action in serve._actions for o in action.option_strings if o.startswith("--") and o != "--help"}
    assert {o for o in options if o in row} == options - {"--project-dir"}


def test_readme_row_of_league_check_names_on():
    """`league check --on DAY` (the day the deadlines are counted to): the README row names it and what it does."""
    row = readme_row("league check")
    assert "[--on YYYY-MM-DD]" in row and "grace_days_after_sideboard" in row and "sideboard_deadline" in row


def test_readme_names_every_key_of_league_pair_json(capsys):
    """The row's account of `--json` lists what the command prints: `cost` was printed and not named."""
    import json

    from generator.cli import main
    from tests.league_support import SAMPLE_SEASON

    assert main(["league", "pair", str(SAMPLE_SEASON), "--week", "4", "--seed", "3", "--json"]) == 0
    row = readme_row("league pair")
    assert [key for key in json.loads(capsys.readouterr().out) if f'"{key}"' not in row] == []


def test_readme_documents_version_as_printed():
    from generator import __version__
    from generator.paths import PROJECT_ROOT

    result = subprocess.run([sys.executable, "-m", "generator", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout == f"coalition {__version__}\n"
    assert f"`coalition --version` prints the generator's version (`coalition {__version__}`)" \
        in (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_says_the_bolt_example_needs_ranks():
    """`bolt` opens Lightning Bolt by EDHREC rank; a card file without ranks (the shaped 2025 one) opens Rift
    Bolt by the fallback rule: the README says which holds when."""
    row = readme_row("card")
    assert "`bolt` is Lightning Bolt" in row and "as a build from Scryfall's download has them" in row
    assert "opens Rift Bolt for `bolt`" in row
