"""Shared by the validator tests: the database the decklist cases run against (the 2019 snapshot in
../shared/data plus tests/decks/extra_cards.json), the cases of tests/decks/expected.yml, and how a verdict
from the command line or from the page is compared with a case."""

from __future__ import annotations

import functools
import gzip
import json
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml

from tests.shared_builds import built_once


DECKS_DIR = Path(__file__).resolve().parent / "decks"
SNAPSHOT_2019 = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "scryfall-oracle-2019.jsonl.gz"


def write_deck_source(path: Path) -> Path:
    """The snapshot as plain JSON Lines with extra_cards.json applied: a card with the same oracle_id is
    replaced, new ones are added. Untouched lines are copied as they are (re-encoding 20,000 cards is slow)."""
    extra = json.loads((DECKS_DIR / "extra_cards.json").read_text(encoding="utf-8"))["cards"]
    replaced = {card["oracle_id"]: card for card in extra}
    with gzip.open(SNAPSHOT_2019, "rt", encoding="utf-8") as source, path.open("w", encoding="utf-8") as out:
        for line in source:
            if not line.strip():
                continue
            oracle_id = json.loads(line).get("oracle_id")
            out.write(json.dumps(replaced.pop(oracle_id), ensure_ascii=False) + "\n" if oracle_id in replaced else line)
        for card in replaced.values():
            out.write(json.dumps(card, ensure_ascii=False) + "\n")
    return path


@functools.lru_cache(maxsize=1)
def _build_deck_db() -> Path:
    _folder, built = built_once("deck-db", build_deck_db)
    return Path(built["database"])


def build_deck_db(folder: Path) -> dict:
    from generator.database import build_database
    from tests.conftest import project_copy

    paths = project_copy(folder)
    catalog = json.loads((paths.catalog_file).read_text(encoding="utf-8"))["data"]
    return {"database": str(build_database(write_deck_source(folder / "cards.jsonl"), paths,
                                           catalog_types=catalog).database)}


def deck_db() -> Path:
    """Built once per test process; skipped (as every full-scale test) when the snapshot is absent."""
    if not SNAPSHOT_2019.exists():
        pytest.skip(f"{SNAPSHOT_2019} is not present")
    return _build_deck_db()


def load_cases() -> list[dict]:
    cases = yaml.safe_load((DECKS_DIR / "expected.yml").read_text(encoding="utf-8"))["cases"]
    for case in cases:
        case.setdefault("id", (f"{case['format']}:" if case.get("format") else "") + str(Path(case["file"]).with_suffix(""))
                        + (f"--type-{case['type']}" if case.get("type") else "")
                        + (f"--identity-{case['identity']}" if case.get("identity") else "")
                        + (f"--variant-{case['variant']}" if case.get("variant") else ""))
    return cases


def case_text(case: dict) -> str:
    return (DECKS_DIR / case["file"]).read_text(encoding="utf-8")


def validate_main(argv: list[str]) -> int:
    """`coalition validate ...` through the real command line (argv starts with "validate")."""
    from generator.cli import main

    return main(argv)


def summary(result: dict) -> dict:
    """The parts of a verdict a case states, in a form that ignores order."""
    return {
        "legal": result["legal"],
        "fatal": bool(result.get("error")),
        "leader": result.get("leader"),
        "suggested_leader": result.get("suggested_leader"),
        "coalition_types": sorted(result.get("coalition_types", [])),
        "violations": sorted((v["rule"], tuple(sorted(v["cards"]))) for v in result.get("violations", [])),
        "unknown": sorted(u["name"] for u in result.get("unknown_cards", [])),
        "line_errors": sorted(e["line"] for e in result.get("line_errors", [])),
        "suggestions": {u["name"]: u["suggestions"] for u in result.get("unknown_cards", [])},
    }


def assert_case(case: dict, result: dict) -> None:
    """Every key a case gives must match; keys it leaves out are not checked, except that a case without
    `violations` expects none."""
    got = summary(result)
    assert got["legal"] is case["legal"], (case["id"], result.get("violations"), result.get("error"))
    assert got["fatal"] is bool(case.get("fatal", False)), (case["id"], result.get("error"))
    expected_violations = sorted((v["rule"], tuple(sorted(v.get("cards", [])))) for v in case.get("violations", []))
    assert got["violations"] == expected_violations, (case["id"], [v["message"] for v in result.get("violations", [])])
    for key in ("leader", "suggested_leader", "coalition_types", "unknown", "line_errors"):
        if key in case:
            expected = sorted(case[key]) if isinstance(case[key], list) else case[key]
            assert got[key] == expected, (case["id"], key, got[key])
    for name, wanted in case.get("suggestions", {}).items():
        assert wanted in got["suggestions"].get(name, []), (case["id"], name, got["suggestions"].get(name))
    if "error" in case:
        assert case["error"] in (result.get("error") or ""), (case["id"], result.get("error"))
    for text in case.get("messages", []):
        assert any(text in v["message"] for v in result["violations"]), (case["id"], text)


@contextmanager
def facts_loaded_once():
    """`coalition validate` reads the whole database's cards for every deck it checks (about 0.7 CPU second
    on the 2019 snapshot). Within this block each (database, format) is read once, by the command's own
    load_facts, and every later run is given those facts, as tests/browser/test_validator_page.py shares its
    own; every other step of the command still runs each time. On leaving, a fresh read must still equal
    what the runs were given: no check may have changed the facts it shared."""
    from generator.commands import validate

    read, loaded = validate.load_facts, {}

    def once(db, fmt=None):
        if (db, fmt) not in loaded:
            loaded[db, fmt] = read(db, fmt)
        return loaded[db, fmt]

    validate.load_facts = once
    try:
        yield loaded
    finally:
        validate.load_facts = read
    for (db, fmt), facts in loaded.items():
        fresh = read(db, fmt)
        shared = (facts.cards, facts.types, facts.fmt, facts.checks)
        again = (fresh.cards, fresh.types, fresh.fmt, fresh.checks)
        assert shared == again, f"a check changed the facts of {db} ({fmt or 'default format'})"
