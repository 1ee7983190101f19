"""Builds build/coalition.duckdb: input tables, the bulk file, every generator/sql/NNN_*.sql in order, then
the data checks. The new database is written beside the old one and replaces it only when every check
passes, so a bad night never loses the last good build."""

from __future__ import annotations

import datetime as dt
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import duckdb

from generator import __version__
from generator.errors import BuildError
from generator.formatdata import FormatData, input_rows, load_format_data
from generator.load import load_raw_cards
from generator.paths import CHECKS_DIR, SQL_DIR, Paths, sql_text
from generator.readings import CardReadings, load_readings, name_rows, reading_rows

MAX_CARD_COUNT_DROP = 0.05


@dataclass
class BuildReport:
    database: Path
    card_count: int
    stage_seconds: dict[str, float] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def derived_sql_files() -> list[Path]:
    """generator/sql/NNN_<table>.sql except the raw load, in the order they run."""
    return sorted(p for p in SQL_DIR.glob("[0-9][0-9][0-9]_*.sql") if not p.name.startswith("000_"))


def check_sql_files() -> list[Path]:
    return sorted(CHECKS_DIR.glob("*.sql"))


def create_input_tables(
    con: duckdb.DuckDBPyConnection, data: FormatData, catalog_types: list[str], readings: CardReadings
) -> None:
    rows_by_table = input_rows(data)
    rows_by_table["card_readings"] = reading_rows(readings)
    rows_by_table["names_not_types"] = name_rows(readings)
    rows_by_table["catalog_types"] = [(t,) for t in sorted(set(catalog_types))]
    for table, rows in rows_by_table.items():
        con.execute(sql_text(f"inputs/{table}"))
        if rows:
            # One multi-row INSERT: DuckDB's executemany pays a round trip per row.
            row_marks = "(" + ", ".join("?" for _ in rows[0]) + ")"
            values = ", ".join(row_marks for _ in rows)
            con.execute(f"INSERT INTO {table} VALUES {values}", [v for row in rows for v in row])
    con.execute(sql_text("inputs/build_info"))


def apply_derived_tables(con: duckdb.DuckDBPyConnection, timings: dict[str, float]) -> None:
    for sql_file in derived_sql_files():
        started = time.perf_counter()
        try:
            con.execute(sql_file.read_text(encoding="utf-8"))
        except duckdb.Error as error:
            raise BuildError(f"{sql_file.relative_to(SQL_DIR.parent.parent)}: {str(error).splitlines()[0]}") from error
        timings[sql_file.stem] = time.perf_counter() - started


def run_checks(con: duckdb.DuckDBPyConnection) -> None:
    """Each check is a query that must return no rows; the first failing one stops the build."""
    for check in check_sql_files():
        problems = [row[0] for row in con.execute(check.read_text(encoding="utf-8")).fetchall()]
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise BuildError(f"data check {check.stem} failed: {problems[0]}{more}")


def check_named_cards(con: duckdb.DuckDBPyConnection, known_names: list[tuple[str, str]]) -> list[str]:
    """Typos in data/*.yml stop the build; real cards missing from this data, and newer cards, only warn.
    known_names: (name, where it is known from) of cards known to exist beyond this data."""
    con.execute(sql_text("inputs/known_card_names"))
    if known_names:
        con.execute("INSERT INTO known_card_names SELECT * FROM (SELECT unnest(?) AS name, unnest(?) AS source)",
                    [[n for n, _ in known_names], [s for _, s in known_names]])
    query = sql_text("queries/unmatched_names")
    warnings = []
    for list_name, card, where, closest, _distance, known_from, near_miss in con.execute(query).fetchall():
        if near_miss:
            raise BuildError(f"{where}: '{card}' ({list_name}) matches no card; did you mean '{closest}'?"
                             " (no card of that name in this data or the previous build)")
        if known_from:
            warnings.append(f"{where}: '{card}' ({list_name}) is a real card ({known_from}) missing from this data")
        else:
            warnings.append(f"{where}: '{card}' ({list_name}) matches no card in this data (a newer card?)")
    return warnings


def previous_card_names(database: Path) -> list[tuple[str, str]]:
    """The last good build's card names, as evidence that a name missing from today's data is a real card."""
    if not database.exists():
        return []
    try:
        with duckdb.connect(str(database), read_only=True) as old:
            rows = old.execute(sql_text("queries/previous_names")).fetchall()
    except duckdb.Error:
        return []
    return [(name, "in the previous build") for (name,) in rows]


def previous_card_count(database: Path) -> int | None:
    if not database.exists():
        return None
    try:
        with duckdb.connect(str(database), read_only=True) as old:
            row = old.execute("SELECT value FROM build_info WHERE key = 'card_count'").fetchone()
    except duckdb.Error:
        return None
    return int(row[0]) if row else None


def check_card_count(con: duckdb.DuckDBPyConnection, source: Path, previous: int | None) -> int:
    count = con.execute("SELECT count(*) FROM cards").fetchone()[0]
    if count == 0:
        raise BuildError(f"{source}: no deck cards found")
    if previous and count < previous * (1 - MAX_CARD_COUNT_DROP):
        raise BuildError(
            f"{source}: {count} cards is more than {MAX_CARD_COUNT_DROP:.0%} below the previous build's {previous};"
            " refusing to replace it"
        )
    return count


def record_build_info(con: duckdb.DuckDBPyConnection, info: dict[str, str]) -> None:
    con.executemany("INSERT INTO build_info VALUES (?, ?)", sorted(info.items()))


def build_database(
    source: Path,
    paths: Paths,
    *,
    catalog_types: list[str] | None = None,
    card_names: list[str] | None = None,
    published_names: list[str] | None = None,
    source_label: str | None = None,
    updated_at: str | None = None,
    target: Path | None = None,
) -> BuildReport:
    """Build the database from `source`. Without `target`, paths.database is replaced only when everything
    passed; with it, the finished database is left at `target` for the caller to swap in (coalition build
    swaps it together with the site: generator/staging.py). card_names: Scryfall's /catalog/card-names when
    the caller has it, published_names: the names of the published build's summary (the nightly's fresh
    runner has no previous database): evidence for data/*.yml names this data lacks."""
    data = load_format_data(paths.data_dir)
    readings = load_readings(paths.data_dir)
    known_names = (previous_card_names(paths.database) + [(n, "in Scryfall's catalog") for n in card_names or []]
                   + [(n, "in the published build") for n in published_names or []])
    paths.build_dir.mkdir(parents=True, exist_ok=True)
    staging = target or paths.database.with_name(paths.database.name + ".new")
    staging.unlink(missing_ok=True)
    report = BuildReport(database=target or paths.database, card_count=0)
    try:
        # Derive in memory, then write the finished tables once: cheaper than growing a file table by table.
        with duckdb.connect(":memory:") as con:
            _fill(con, source, data, readings, catalog_types or [], report, known_names)
            record_build_info(con, {
                "scryfall_updated_at": updated_at or "", "source": source_label or Path(source).name,
                "built_at": build_time(),
                "card_count": str(report.card_count), "generator_version": __version__,
            })
            report.card_count = check_card_count(con, source, previous_card_count(paths.database))
            started = time.perf_counter()
            write_database(con, staging)
            report.stage_seconds["write"] = time.perf_counter() - started
        if target is None:
            os.replace(staging, paths.database)
    except BaseException:
        staging.unlink(missing_ok=True)
        raise
    finally:
        if target is None:
            staging.unlink(missing_ok=True)
    return report


def build_time() -> str:
    """Now, in UTC; or SOURCE_DATE_EPOCH when set (the reproducible-builds convention, which MkDocs also
    honours for the sitemap), so a build can be repeated byte for byte."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoch:
        return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    if not epoch.isdigit():
        raise BuildError(f"SOURCE_DATE_EPOCH={epoch!r}: not a whole number of seconds since 1970")
    return dt.datetime.fromtimestamp(int(epoch), dt.timezone.utc).isoformat(timespec="seconds")


def write_database(con: duckdb.DuckDBPyConnection, target: Path) -> None:
    """Copy every table but the raw bulk objects (the derived tables carry what the site needs)."""
    con.execute("DROP TABLE raw_cards")
    con.execute("ATTACH ? AS target", [str(target)])
    try:
        con.execute("COPY FROM DATABASE memory TO target")
    finally:
        con.execute("DETACH target")


def _fill(
    con: duckdb.DuckDBPyConnection, source: Path, data: FormatData, readings: CardReadings, catalog: list[str],
    report: BuildReport, known_names: list[tuple[str, str]],
) -> None:
    timings = report.stage_seconds
    started = time.perf_counter()
    create_input_tables(con, data, catalog, readings)
    load_raw_cards(con, source)
    timings["load"] = time.perf_counter() - started
    started = time.perf_counter()
    apply_derived_tables(con, timings)
    timings["derive"] = time.perf_counter() - started
    report.card_count = con.execute("SELECT count(*) FROM cards").fetchone()[0]
    started = time.perf_counter()
    run_checks(con)
    report.warnings.extend(check_named_cards(con, known_names))
    timings["checks"] = time.perf_counter() - started
    for warning in report.warnings:
        print(f"coalition: warning: {warning}", file=sys.stderr)
