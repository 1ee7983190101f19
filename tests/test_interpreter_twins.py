"""The browser's deck interpreter (docs/assets/js/deck*.js) against its Python twin (generator/deck*.py): the same
modules, limits, messages and check kinds, and no format named in either; from their source, no browser needed."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import yaml

from generator import decklist

ROOT = Path(__file__).resolve().parent.parent
JS_DIR = ROOT / "docs" / "assets" / "js"


def test_javascript_limits_match_python():
    source = (JS_DIR / "decklist.js").read_text(encoding="utf-8")
    for name in ("MAX_INPUT_CHARS", "MAX_LINES", "MAX_LINE_LENGTH", "MAX_COUNT", "SUGGESTED_NAMES", "SUGGESTIONS",
                 "MIN_SIMILARITY"):
        assert float(re.search(rf"{name}: ([0-9.]+)", source).group(1)) == getattr(decklist, name), name


def message_fragments(path: Path) -> set[str]:
    """The fixed words of every string in a module, docstrings left out: its messages, split at the
    f-string holes."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    fragments = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            fragments.add(node.value)
    return {f.strip() for f in fragments if " " in f.strip() and len(f.strip()) >= 12}


PY_INTERPRETER = ("decklist.py", "deckrules.py", "decktypes.py", "deckfacts.py", "deckcolors.py")
JS_INTERPRETER = ("decklist.js", "deckrules.js", "decktypes.js", "deckfacts.js", "deckcolors.js")


def test_each_python_module_of_the_interpreter_has_its_javascript_twin():
    """The browser's interpreter is split as the Python one is (deckrules, decktypes, deckfacts, deckcolors:
    one JavaScript file per module, same name), each file small enough to read (~400 lines)."""
    assert [Path(f).stem for f in PY_INTERPRETER] == [Path(f).stem for f in JS_INTERPRETER]
    for name in JS_INTERPRETER:
        assert len((JS_DIR / name).read_text(encoding="utf-8").splitlines()) <= 400, name


def test_javascript_messages_match_python():
    """Every fixed message text of the Python side appears in the JavaScript twin."""
    js = "".join((JS_DIR / f).read_text(encoding="utf-8") for f in JS_INTERPRETER)
    js = re.sub(r'"\s*\+\s*"', "", js)     # "a " +\n "b" is one message
    fragments = set().union(*(message_fragments(ROOT / "generator" / f) for f in PY_INTERPRETER))
    missing = sorted(f for f in fragments if f not in js and not f.startswith(("^", "[", "(")))
    assert not missing, missing


# A key ending in `_one` words its message for a count of one; both interpreters ask for it by that suffix
# (deckfacts' `counted`), so every message that can print a count of one has one.
MESSAGES_OF_KIND = {
    "main_size": {"wrong", "wrong_one"}, "sideboard_size": {"too_many"}, "copies": {"too_many", "own_text", "once", "times"},
    "banned": {"banned"}, "leader": {"several", "in_main", "none", "copies"},
    "legendary": {"other", "drop", "why_fits", "why_cheapest", "why_none", "as_well"},
    "typal_identity": {"not_a_type", "not_a_type_near", "excluded", "not_led", "misfit", "misfits", "no_fit", "option", "cannot_lead",
                       "no_affiliation"},
    "commander": {"none", "count", "count_one", "not_commander", "banned_as", "pair"},
    "color_identity": {"bad_identity", "bad_identity_near", "size", "size_one", "commander", "outside", "outside_one"},
    "mechanics": {"forbidden"},
}


def test_both_interpreters_know_the_same_check_kinds_and_messages():
    """Both interpreters ask for every kind the schema allows and every message key of each kind."""
    from generator.formatschema import CHECK_KINDS

    py = "".join((ROOT / "generator" / f).read_text(encoding="utf-8") for f in PY_INTERPRETER)
    js = "".join((JS_DIR / f).read_text(encoding="utf-8") for f in JS_INTERPRETER)
    kinds = r'check\("(\w+)"'
    assert set(re.findall(kinds, py)) == set(re.findall(kinds, js)) == set(CHECK_KINDS) == set(MESSAGES_OF_KIND)
    for key in set().union(*MESSAGES_OF_KIND.values()):
        asked = f'"{key}"' if not key.endswith("_one") else '"_one"'
        assert asked in py and asked in js, key


def test_interpreters_name_no_format():
    """Numbers, rule numbers and words live in format.yml: the interpreters hold no rule number or format name."""
    for path in [ROOT / "generator" / f for f in PY_INTERPRETER[1:]] + [JS_DIR / f for f in JS_INTERPRETER[1:]]:
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"\b906\b|906\.\d|Coalition type|coalition leader|Heroic|Mazerunner", source), path.name


def test_every_declared_message_key_exists_in_each_format():
    """Each format's checks carry every message their kind needs (the keys the interpreters ask for)."""
    for path in sorted((ROOT / "data" / "formats").glob("*/format.yml")):
        for declared in yaml.safe_load(path.read_text(encoding="utf-8"))["checks"]:
            assert MESSAGES_OF_KIND[declared["kind"]] <= set(declared["messages"]), (path.parent.name, declared["id"])


def given_values_python() -> list[tuple[str, set[str]]]:
    """(message key, the values given) of every violation() and say() call of the Python interpreter naming
    its key as written and giving values."""
    calls = []
    for name in PY_INTERPRETER:
        for node in ast.walk(ast.parse((ROOT / "generator" / name).read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("violation", "say")
                    and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.keywords):
                # `**accepted_words(table)` gives the accepted sentence's two forms (identitywords.py)
                spread = {"accepted", "Accepted"} if any(k.arg is None for k in node.keywords) else set()
                calls.append((node.args[1].value, {k.arg for k in node.keywords if k.arg} | spread))
    return calls


def given_values_javascript() -> list[tuple[str, set[str]]]:
    """The same of the browser's twin: calls whose values are an object literal."""
    js = "".join((JS_DIR / f).read_text(encoding="utf-8") for f in JS_INTERPRETER)
    call = re.compile(r'(?:violation|say)\(\w+, "(\w+)"[^;{]*?\{([^{}]*)\}')
    return [(key, set(re.findall(r"(\w+):", values))) for key, values in call.findall(js)]


def test_the_loads_placeholder_table_is_what_both_interpreters_fill():
    """formatschema's MESSAGE_VALUES, which the load holds every message's {placeholders} to, names each
    message's values as both interpreters give them: a placeholder the load lets through is filled."""
    from generator.formatschema import MESSAGE_VALUES

    assert set(MESSAGE_VALUES) == set(MESSAGES_OF_KIND)
    for kind, keys in MESSAGES_OF_KIND.items():
        assert {key.removesuffix("_one") for key in keys} <= set(MESSAGE_VALUES[kind]), kind
    for side, calls in (("python", given_values_python()), ("javascript", given_values_javascript())):
        assert len(calls) > 20, side
        for key, values in calls:
            tabled = [MESSAGE_VALUES[kind][key] for kind in MESSAGE_VALUES if key in MESSAGE_VALUES[kind]]
            assert values in tabled, (side, key, values, tabled)
