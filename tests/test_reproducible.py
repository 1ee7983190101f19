"""Identical inputs give a byte-identical site (issue 15).

Ties are broken in the SQL, not by the order DuckDB happens to meet rows in: each query is run on the same
rows inserted in opposite orders and must answer the same. Then the sample is built a second time, in another
project, and every file of its site/ is compared byte for byte with the shared sample's. The build time is the one input that differs between two
builds: with SOURCE_DATE_EPOCH set (as this test does) it comes from there, and MkDocs' sitemap dates too.
"""

from __future__ import annotations

import duckdb
import pytest

from generator.errors import BuildError
from generator.site.context import query
from tests.site_testing import build_sample_again, built_site, environment

ZOMBIE_LEADER = "00000000-0000-0000-0000-0000000000aa"
# The Scarab God names Zombie twice on one face ("Zombies you control", "a 4/4 black Zombie").
TIED_EVIDENCE = [
    (ZOMBIE_LEADER, "Zombie", "oracle_text", 0, "Zombies"),
    (ZOMBIE_LEADER, "Zombie", "oracle_text", 0, "Zombie"),
    (ZOMBIE_LEADER, "God", "type_line", 0, "God"),
]


def tied_database(rows: list[tuple]) -> duckdb.DuckDBPyConnection:
    """The tables the two queries read, holding `rows` as affiliations in the order given."""
    con = duckdb.connect(":memory:")
    con.execute("CREATE TABLE affiliations (oracle_id VARCHAR, type VARCHAR, source VARCHAR, face_index INTEGER, "
                "evidence VARCHAR)")
    con.executemany("INSERT INTO affiliations VALUES (?, ?, ?, ?, ?)", rows)
    con.execute("CREATE TABLE leaders AS SELECT 'coalition' AS format, $id AS oracle_id", {"id": ZOMBIE_LEADER})
    con.execute("CREATE TABLE pools AS SELECT 'coalition' AS format, $id AS oracle_id, 'Zombie' AS type, 'oracle_text' AS via",
                {"id": ZOMBIE_LEADER})
    con.execute("CREATE TABLE cards AS SELECT $id AS oracle_id, 'The Scarab God' AS name, '{3}{U}{B}' AS mana_cost, "
                "5.0 AS cmc, 'Legendary Creature — God' AS type_line, 'creature' AS card_group, "
                "'' AS scryfall_uri, '' AS image_normal", {"id": ZOMBIE_LEADER})
    con.execute("CREATE TABLE card_affiliation AS SELECT $id AS oracle_id, false AS is_changeling", {"id": ZOMBIE_LEADER})
    con.execute("CREATE TABLE copy_limits AS SELECT 'coalition' AS format, $id AS oracle_id, 4 AS max_copies, 'creature' AS reason",
                {"id": ZOMBIE_LEADER})
    return con


@pytest.mark.parametrize("name", ["leader_affiliations", "pool_rows"])
def test_tied_evidence_comes_out_the_same_whatever_the_row_order(name):
    answers = []
    for rows in (TIED_EVIDENCE, TIED_EVIDENCE[::-1]):
        with tied_database(rows) as con:
            answers.append(query(con, name, {"format": "coalition"}))
    assert answers[0] == answers[1]
    zombie = [row for row in answers[0] if row.get("type", "Zombie") == "Zombie"]
    # One rule for both pages: the first words alphabetically on the earliest face.
    assert zombie[0]["evidence"] == "Zombie"


def test_build_time_comes_from_source_date_epoch(monkeypatch):
    from generator.database import build_time

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    assert build_time() == "2026-01-01T00:00:00+00:00"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    with pytest.raises(BuildError, match="SOURCE_DATE_EPOCH"):
        build_time()


def site_files(site) -> dict[str, bytes]:
    return {str(path.relative_to(site)): path.read_bytes() for path in sorted(site.rglob("*")) if path.is_file()}


def test_the_sample_built_twice_is_the_same_site_byte_for_byte(tmp_path_factory, tmp_path):
    """The shared sample (tests/site_testing.py, built with SOURCE_DATE_EPOCH) against a second build of it,
    which converts and writes every page in one MkDocs process (hooks/page_converters.py and page_writers.py
    otherwise fork a second one each): the same bytes either way."""
    shared = built_site(tmp_path_factory)
    with environment(COALITION_PAGE_WRITERS="1"):
        again = build_sample_again(tmp_path, shared.url)
    first, second = site_files(shared.paths.site_dir), site_files(again.site_dir)
    assert len(first) > 500 and "leaders/index.html" in first and "data/cards.json" in first
    assert sorted(first) == sorted(second)
    differing = [name for name in first if first[name] != second[name]]
    assert differing == [], f"{len(differing)} files differ, e.g. {differing[:5]}"
    # The fixed time is what the site says, not the clock's.
    assert b"<lastmod>2026-01-01</lastmod>" in first["sitemap.xml"]
