"""Which project a command reads: the folder it is run in or above it, else the checkout; --project-dir and
--db win (split from tests/test_cli.py)."""

from __future__ import annotations

import argparse

import pytest

from tests.test_cli import run_cli


def project_folder(tmp_path):
    """A project that is not the checkout: mkdocs.yml and the checkout's data/formats/ (the league and solo
    commands read their rules there), no build yet."""
    import shutil

    from generator.paths import PROJECT_ROOT

    project = tmp_path / "project"
    shutil.copytree(PROJECT_ROOT / "data" / "formats", project / "data" / "formats")
    shutil.copy(PROJECT_ROOT / "mkdocs.yml", project / "mkdocs.yml")
    (project / "docs").mkdir()
    (tmp_path / "deck.txt").write_text("4 Swan Song\n56 Forest\n", encoding="utf-8")
    return project


SEASON = "data/leagues/sample-season.yml"   # the checkout's, read from its own path


@pytest.mark.parametrize("argv", [
    ["card", "Swan Song"], ["type", "Goblin"], ["validate", "../../deck.txt"], ["changes"],
    ["league", "check", "SEASON"], ["solo", "deal", "../../deck.txt", "--seed", "1"], ["serve", "--dev-addr", "127.0.0.1:0"], ["build", "--sample"],
], ids=lambda argv: " ".join(argv[:2]))
def test_every_command_reads_the_project_it_is_run_in(tmp_path, monkeypatch, capsys, argv):
    """Run in a project's folder (here its docs/), a command reads that project's data/ and build/, not the
    generator's checkout: the error names the project's own missing database (a build: the project it locks)."""
    from generator.commands import build
    from generator.errors import BuildError
    from generator.paths import PROJECT_ROOT

    def refuse(paths):   # a build stops before it writes anything, naming the project it would have built
        raise BuildError(f"would build {paths.root}/ into {paths.build_dir}/")
    monkeypatch.setattr(build, "BuildLock", refuse)
    project = project_folder(tmp_path)
    monkeypatch.chdir(project / "docs")
    argv = [str(PROJECT_ROOT / SEASON) if word == "SEASON" else word for word in argv]
    code, _, err = run_cli(capsys, *argv)
    said = f"{project}/ into {project}/build/" if argv[0] == "build" else f"{project}/build/coalition.duckdb"
    assert code != 0 and said in err, err


def test_card_reads_the_database_of_the_project_it_is_run_in(tmp_path, monkeypatch, capsys, fixture_db_path):
    """`cd project && coalition card "Swan Song"` answers from ./build/coalition.duckdb; --project-dir and --db
    still win over the current folder."""
    project = project_folder(tmp_path)
    (project / "build").mkdir()
    (project / "build" / "coalition.duckdb").symlink_to(fixture_db_path)
    monkeypatch.chdir(project)
    code, out, _ = run_cli(capsys, "card", "Swan Song")
    assert code == 0 and "Card          Swan Song" in out
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code, _, err = run_cli(capsys, "card", "Swan Song", "--project-dir", str(elsewhere))
    assert code == 2 and f"{elsewhere}/build/coalition.duckdb: no database yet" in err
    code, _, err = run_cli(capsys, "card", "Swan Song", "--db", str(elsewhere / "x.duckdb"))
    assert code == 2 and f"{elsewhere}/x.duckdb: no database yet" in err


@pytest.mark.parametrize("argv", [["card", "Sol Ring"], ["league", "check", "season.yml"], ["build", "--sample"]],
                         ids=lambda argv: " ".join(argv[:2]))
def test_a_project_dir_that_is_not_there_is_said_to_be_so(tmp_path, capsys, argv):
    """Not "…/build/coalition.duckdb: no database yet; run `coalition build` first": there is no folder to
    build in either."""
    missing = tmp_path / "nonexistent"
    with pytest.raises(SystemExit) as raised:
        run_cli(capsys, *argv, "--project-dir", str(missing))
    prog = "coalition " + " ".join(argv[:2] if argv[0] == "league" else argv[:1])
    assert raised.value.code == 2
    assert capsys.readouterr().err == f"{prog}: error: argument --project-dir: {missing}: no such folder\n"


@pytest.mark.parametrize("argv", [["card", "Sol Ring"], ["league", "check", "season.yml"]],
                         ids=lambda argv: " ".join(argv[:2]))
def test_a_db_whose_folder_is_not_there_is_said_to_be_so(tmp_path, capsys, argv):
    """Not "…/x.duckdb: no database yet; run `coalition build` first": the folder it names is not there; a
    file where the folder should be is not a folder."""
    missing = tmp_path / "nonexistent" / "dir"
    with pytest.raises(SystemExit) as raised:
        run_cli(capsys, *argv, "--db", str(missing / "x.duckdb"))
    prog = "coalition " + " ".join(argv[:2] if argv[0] == "league" else argv[:1])
    assert raised.value.code == 2
    assert capsys.readouterr().err == f"{prog}: error: argument --db: {missing}: no such folder\n"
    (tmp_path / "file").write_text("")
    with pytest.raises(SystemExit) as raised:
        run_cli(capsys, *argv, "--db", str(tmp_path / "file" / "x.duckdb"))
    assert raised.value.code == 2
    assert capsys.readouterr().err == f"{prog}: error: argument --db: {tmp_path / 'file'}: not a folder\n"


def test_the_project_is_the_current_folder_or_above_else_the_checkout(tmp_path):
    from generator.paths import PROJECT_ROOT, project_paths, project_root

    project = project_folder(tmp_path)
    assert project_root(cwd=project / "docs") == project == project_root(cwd=project)
    assert project_root(cwd=tmp_path) == PROJECT_ROOT              # no project here: the checkout
    (tmp_path / "half").mkdir()
    (tmp_path / "half" / "mkdocs.yml").write_text("site_name: not ours\n")
    assert project_root(cwd=tmp_path / "half") == PROJECT_ROOT     # mkdocs.yml without data/formats/
    assert project_root(tmp_path / "half", cwd=project) == tmp_path / "half"   # --project-dir wins
    paths = project_paths(None, tmp_path / "out")
    assert (paths.root, paths.build_dir) == (PROJECT_ROOT, tmp_path / "out")


def test_every_command_says_which_project_it_reads():
    """Each command's --help gives the rule in the same words (generator/commands/options.py)."""
    from generator.cli import make_parser
    from generator.commands.options import PROJECT_HELP

    parser = make_parser()
    commands = parser._subparsers._group_actions[0].choices
    leaves = [action.choices[name] for command in commands.values() for action in command._actions
              if isinstance(action, argparse._SubParsersAction) for name in action.choices]
    leaves += [command for command in commands.values() if not any(
        isinstance(action, argparse._SubParsersAction) for action in command._actions)]
    assert {command.prog.split(" ", 1)[1] for command in leaves} >= {"build", "card", "type", "validate", "changes",
                                                                       "serve", "league check", "solo deal"}
    for command in leaves:
        helps = {action.help for action in command._actions if "--project-dir" in action.option_strings}
        assert helps == {PROJECT_HELP}, command.prog
