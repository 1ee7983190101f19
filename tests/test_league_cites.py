"""The rules the league tools' messages, pages and CLI output cite come from the Mazerunner format's data
(format.yml `cites:`, read as `rules.cites`): no string of generator/league/ (docstrings aside), of the league
command or of the league templates writes a rule number by hand, and a cite renumbered in a copy of the data
changes what the errors and the help say. (The league pages: test_play_cites.py.)"""

from __future__ import annotations

import ast
import re
import shutil

import pytest

from generator.cli import main
from generator.errors import BuildError
from generator.league.rules import FORMAT_DIR, load_rules
from generator.league.season import load_season
from generator.paths import PROJECT_ROOT
from tests.league_support import teams, write_season

# The cites renumbered in the copied data, each to another rule of the format's rules text.
RENUMBERED = {"pod_size": "3a", "season_weeks": "3d", "penalties": "4f", "scaling": "4h"}
SOURCES = [*sorted((PROJECT_ROOT / "generator" / "league").glob("*.py")),
           PROJECT_ROOT / "generator" / "commands" / "league.py"]
TEMPLATES = sorted((PROJECT_ROOT / "generator" / "templates" / "league").glob("*.j2"))
# "rule 4e", "rules 1c, 4g", "Rule 5", and a literal that is a rule number alone ("2d", "4e-i": an issue's rule)
CITED = re.compile(r"\brules? \d+[a-z]?\b", re.I)
NUMBER_ALONE = re.compile(r"\d+[a-z](-[ivx]+)?")


def string_literals(path) -> list[tuple[int, str]]:
    """(line, text) of every string literal of a module, an f-string's literal parts included, docstrings not."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant) and isinstance(node.body[0].value.value, str)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def test_string_literals_finds_messages_but_not_docstrings(tmp_path):
    module = tmp_path / "module.py"
    module.write_text('"""Rule 1a."""\ndef f(n):\n    """Rule 3e."""\n    return f"{n} players (rule 1a)", "2d"\n',
                      encoding="utf-8")
    assert sorted(text for _, text in string_literals(module)) == [" players (rule 1a)", "2d"]


def test_no_league_string_writes_a_rule_number():
    found = [f"{path.relative_to(PROJECT_ROOT)}:{line}: {text.strip()[:90]!r}"
             for path in SOURCES for line, text in string_literals(path)
             if CITED.search(text) or NUMBER_ALONE.fullmatch(text)]
    found += [f"{path.relative_to(PROJECT_ROOT)}:{n}: {line.strip()[:90]}" for path in TEMPLATES
              for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if CITED.search(line)]
    assert not found, "cite rules by key (data/formats/mazerunner/format.yml `cites:`, `rules.cites`):\n" + \
        "\n".join(found)


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project folder whose Mazerunner format cites other rules under RENUMBERED's keys (the current folder)."""
    root = tmp_path / "project"
    shutil.copytree(PROJECT_ROOT / "data" / FORMAT_DIR, root / "data" / FORMAT_DIR)
    (root / "mkdocs.yml").write_text("site_name: renumbered\n", encoding="utf-8")
    path = root / "data" / FORMAT_DIR / "format.yml"
    text = path.read_text(encoding="utf-8")
    for key, number in RENUMBERED.items():
        text, count = re.subn(rf"^(  {key}: )\S+", rf'\g<1>"{number}"', text, count=1, flags=re.M)
        assert count == 1, key
    path.write_text(text, encoding="utf-8")
    assert load_rules(root / "data").cites | RENUMBERED == load_rules(root / "data").cites
    monkeypatch.chdir(root)
    return root


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["league", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_errors_cite_the_renumbered_rules(project, tmp_path, capsys):
    game = tmp_path / "game.yml"
    game.write_text("pod: [A, B, C]\nevents:\n  - {won: A}\n", encoding="utf-8")
    code, out, err = run(capsys, "score", str(game), "--project-dir", str(project))
    assert code == 2 and err == f"coalition: error: {game}:1: pod: 3 players; a pod has 4 (rule 3a)\n"
    season = write_season(tmp_path, {"teams": teams(4, 2)})
    code, out, err = run(capsys, "pair", str(season), "--week", "7", "--project-dir", str(project))
    assert code == 2 and "cannot pair week 7: a season has 6 weeks (rule 3d), then the final" in err
    assert "(rule 3e)" not in err


def test_cli_help_cites_the_renumbered_rules(project, capsys):
    with pytest.raises(SystemExit):
        main(["league", "--help"])
    out = capsys.readouterr().out
    assert "decks, commanders and penalties of a season (rules 2, 4f)" in out and "4e" not in out
    assert "the pods of one week (rules 1c, 4h)" in out
    with pytest.raises(SystemExit):
        main(["league", "check", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "the penalties rule 4f implies" in out and "rule 2g (card facts" in out


@pytest.mark.parametrize(("season", "message"), [
    ({"penalties": [{"player": "T0a", "points": 2, "reason": "missed the mainboard deadline"}]},
     "penalties[0].points: 2; a penalty deducts points (rule 4f): write a negative number"),
    ({"penalties": [{"player": "T0a", "points": -2, "reason": "late", "rule": "4x"}]},
     "penalties[0].rule: '4x' is not a penalty of rule 4f (one of 4e-i, 4e-ii, 4e-iii)"),
    ({"scaling": [0, 1.5]}, "scaling: every scaling factor is between 0 and 1 (rule 4h)"),
    ({"weeks": [{"games": [{"pod": ["T0a", "T1a", "T2a"], "events": []}]}]},
     "pod: 3 players; a pod has 4 (rule 3a)"),
])
def test_season_load_errors_cite_the_renumbered_rules(project, tmp_path, season, message):
    path = write_season(tmp_path, {"teams": teams(4, 2), **season})
    with pytest.raises(BuildError) as raised:
        load_season(path, load_rules(project / "data"))
    assert message in str(raised.value)
    with pytest.raises(BuildError) as raised:   # the same file, the format's own cites
        load_season(path, load_rules())
    assert message.replace("4f", "4e").replace("4h", "4g").replace("3a", "1a") in str(raised.value)
