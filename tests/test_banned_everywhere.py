"""The cards banned in every format that the card data does not mark (the seven racist depictions): named, titled
and worded once, in data/cards/banned_everywhere.yml, and refused by every format from there: `coalition card`,
`coalition validate` and the exported format.json and cards.json the browser's lookup and validator read.
(The shared deck vector tests/decks/mazerunner/racist-depictions.txt runs them through both validators.)"""

from __future__ import annotations

import json
import re

import duckdb
import pytest
import yaml

from generator.cli import main
from generator.export.files import write_exports
from generator.formatdata import input_rows, load_format_data
from generator.paths import PROJECT_ROOT
from tests.conftest import project_copy

SHARED = PROJECT_ROOT / "data" / "cards" / "banned_everywhere.yml"
SEVEN = ["Invoke Prejudice", "Cleanse", "Stone-Throwing Devils", "Pradesh Gypsies", "Jihad", "Imprison", "Crusade"]
FORMATS = ["coalition", "heroic", "mazerunner"]
REASON = "Removed from every format by Wizards of the Coast for their racist depictions."
# Where a format's rules cite the ban, its reason says so.
CITED = {"mazerunner": "(2e-ii)"}
# Where the data and the code live; tests may name the cards, the shared file must be the only data that does.
SEARCHED = ("data/formats", "data/cards", "generator", "docs/assets/js", "hooks", "overrides")


def shared_category() -> dict:
    return yaml.safe_load(SHARED.read_text(encoding="utf-8"))["categories"]["racist_depiction"]


def test_the_seven_are_the_published_facts():
    assert shared_category()["cards"] == SEVEN
    assert (shared_category()["title"], shared_category()["reason"]) == ("Racist depictions", REASON)


def test_names_title_and_reason_are_defined_once():
    """No other data file and no code holds a name, the title or the reason: a second copy could drift."""
    words = [*SEVEN, shared_category()["title"], shared_category()["reason"]]
    pattern = re.compile(r"(?<![\w-])(%s)(?![\w-])" % "|".join(map(re.escape, words)))
    found = [f"{path.relative_to(PROJECT_ROOT)}:{n}: {line.strip()[:90]}"
             for folder in SEARCHED for path in sorted((PROJECT_ROOT / folder).rglob("*"))
             if path.is_file() and path.suffix in {".yml", ".py", ".sql", ".js", ".j2", ".html"} and path != SHARED
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert not found, "defined in data/cards/banned_everywhere.yml only:\n" + "\n".join(found)


def test_every_format_takes_the_shared_names_so_a_new_one_reaches_them_all(tmp_path):
    paths = project_copy(tmp_path)
    path = paths.data_dir / "cards" / "banned_everywhere.yml"
    path.write_text(path.read_text(encoding="utf-8").replace("      - Crusade\n", "      - Crusade\n      - Bog Wraith\n"))
    rows = input_rows(load_format_data(paths.data_dir))
    for fmt in FORMATS:
        names = {card for f, card, category, *_ in rows["banlist_names"] if f == fmt and category == "racist_depiction"}
        assert names == {*SEVEN, "Bog Wraith"}, fmt
        (title, reason), = [(t, r) for f, code, t, r in rows["banlist_categories"] if f == fmt and code == "racist_depiction"]
        assert title == "Racist depictions" and reason.startswith(REASON) and (CITED.get(fmt, "") in reason)


def test_each_format_keeps_its_own_date():
    rows = input_rows(load_format_data(PROJECT_ROOT / "data"))
    dates = {f: {date for f2, _, category, _, date, _ in rows["banlist_names"] if f2 == f and category == "racist_depiction"}
             for f in FORMATS}
    assert dates == {"coalition": {"2024-12"}, "heroic": {"2020-06"}, "mazerunner": {None}}


def test_coalition_card_refuses_the_seven_in_every_format(fixture_db_path, capsys):
    for fmt in FORMATS:
        assert main(["card", *SEVEN, "--json", "--db", str(fixture_db_path), "--format", fmt]) == 0
        reports = {r["name"]: r for r in json.loads(capsys.readouterr().out)}
        for name in SEVEN:
            assert not reports[name]["legal"] and "racist_depiction" in reports[name]["illegal_reasons"], (fmt, name)


@pytest.fixture(scope="module")
def exported(fixture_db_path, tmp_path_factory):
    out = tmp_path_factory.mktemp("exports")
    with duckdb.connect(str(fixture_db_path), read_only=True) as con:
        write_exports(con, out)
    return out


def exported_files(out, fmt: str) -> tuple[dict, dict]:
    folder = next(p for p in [out / "data", out / fmt / "data"] if (p / "format.json").exists()
                  and json.loads((p / "format.json").read_text(encoding="utf-8"))["format"] == fmt)
    return (json.loads((folder / "format.json").read_text(encoding="utf-8")),
            json.loads((folder / "cards.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_exports_the_browser_reads_refuse_the_seven(exported, fmt):
    format_json, cards_json = exported_files(exported, fmt)
    listed = {e["name"]: e for e in format_json["banlist"] if e["category"] == "racist_depiction"}
    assert sorted(listed) == sorted(SEVEN)
    reason = format_json["reason_texts"]["racist_depiction"]
    assert reason.startswith(REASON) and CITED.get(fmt, "") in reason
    assert all(e["reason"] == reason for e in listed.values())
    assert {"category": "racist_depiction", "title": "Racist depictions", "reason": reason} in format_json["ban_categories"]
    verdicts = {c["n"]: c for c in cards_json["cards"] if c["n"] in SEVEN}
    assert sorted(verdicts) == sorted(SEVEN)
    assert all(c["l"] == 0 and "racist_depiction" in c["r"] for c in verdicts.values())


@pytest.mark.parametrize("fmt", FORMATS)
def test_coalition_validate_refuses_the_seven_in_every_format(fixture_db_path, capsys, tmp_path, fmt):
    deck = tmp_path / "deck.txt"
    deck.write_text("".join(f"1 {name}\n" for name in SEVEN), encoding="utf-8")
    main(["validate", str(deck), "--json", "--db", str(fixture_db_path), "--format", fmt])
    result = json.loads(capsys.readouterr().out)
    banned = [v for v in result["violations"] if v["code"] == "banned"]
    assert sorted(card for v in banned for card in v["cards"]) == sorted(SEVEN), result["violations"]
    assert all(REASON in v["message"] and CITED.get(fmt, "") in v["message"] for v in banned)
