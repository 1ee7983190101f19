"""Loads a Scryfall bulk file (JSON Lines or a JSON array, gzipped or not) into `raw_cards`.

DuckDB reads the file; Python only names the problem precisely when DuckDB rejects it, so the fast path
pays nothing for the error messages.
"""

from __future__ import annotations

import functools
import gzip
import json
import re
import zlib
from pathlib import Path

import duckdb

from generator.errors import BuildError
from generator.paths import sql_text

GZIP_MAGIC = b"\x1f\x8b"
REQUIRED_FIELDS = ("name", "layout")


def compression_of(path: Path) -> str:
    """Sniff the bytes, not the extension: a cached download may be named either way."""
    try:
        with path.open("rb") as handle:
            return "gzip" if handle.read(2) == GZIP_MAGIC else "none"
    except OSError as error:
        raise BuildError(f"{path}: cannot read: {error.strerror}") from error


def load_raw_cards(con: duckdb.DuckDBPyConnection, source: Path) -> int:
    """Create raw_cards from `source`; return the number of objects read."""
    compression = compression_of(source)
    sql = sql_text("000_raw_cards")
    try:
        con.execute(sql, {"source": str(source), "compression": compression})
    except duckdb.Error as error:
        raise BuildError(describe_bad_file(source, compression, error)) from error
    check_required_fields(con, source)
    return con.execute("SELECT count(*) FROM raw_cards").fetchone()[0]


def check_required_fields(con: duckdb.DuckDBPyConnection, source: Path) -> None:
    """Every object needs a name, a layout, a type line and an Oracle id (on the card or, for reversible
    cards, on its faces), and no two objects may share an Oracle id."""
    row = con.execute(sql_text("load/missing_field")).fetchone()
    if row is not None:
        record, name, missing = row
        card = f" ({name})" if name else ""
        raise BuildError(f"{source}: record {record}{card}: missing required field '{missing}'")
    row = con.execute(sql_text("load/repeated_oracle_id")).fetchone()
    if row is not None:
        record, name, oracle_id, first_record, first_name, times = row
        raise BuildError(f"{source}: record {record} ({name}): oracle_id {oracle_id} is already on record "
                         f"{first_record} ({first_name}); {times} records share it, Oracle ids must be unique")


def describe_bad_file(source: Path, compression: str, error: Exception) -> str:
    """Turn DuckDB's complaint into one line naming the file and the first bad line. DuckDB's own line
    numbers count within a block of the file and can be far off, so the file is read again here."""
    try:
        bad = first_bad_line(source, compression)
    except (OSError, EOFError, zlib.error, gzip.BadGzipFile) as read_error:
        return f"{source}: truncated or corrupt gzip file ({read_error or 'unexpected end of data'})"
    if bad is not None:
        where, problem = bad
        return f"{source}:{where}: {problem}"
    first_line = str(error).splitlines()[0]
    return f"{source}: cannot be read as Scryfall bulk data ({first_line})"


def first_bad_line(source: Path, compression: str) -> tuple[int | str, str] | None:
    """(line number, or `record N` inside a JSON array; what is wrong) for the first object DuckDB cannot
    take: not UTF-8, not JSON, not an object, or a pinned field of the wrong type. None when none is found."""
    opener = gzip.open if compression == "gzip" else open
    with opener(source, "rb") as handle:
        head = handle.read(64).lstrip()
        handle.seek(0)
        if head.startswith(b"["):
            return _array_problem(handle.read())
        for number, raw in enumerate(handle, start=1):
            problem = _line_problem(raw)
            if problem:
                return number, problem
    return None


def _line_problem(raw: bytes) -> str | None:
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return f"not UTF-8 text (byte 0x{raw[error.start]:02x} at column {error.start + 1})"
    if not line.strip():
        return None
    try:
        value = json.loads(line)
    except json.JSONDecodeError as error:
        return f"not a JSON card object ({error.msg.lower()})"
    return _object_problem(value)


def _object_problem(value: object) -> str | None:
    if not isinstance(value, dict):
        return f"not a JSON card object (a JSON {type(value).__name__}, not an object)"
    for field, expected in pinned_columns().items():
        found = value.get(field)
        if found is not None and not _has_type(found, expected):
            return f"field '{field}' should be {_describe(expected)}, not {type(found).__name__} {_short(found)}"
    return None


def _array_problem(data: bytes) -> tuple[int | str, str] | None:
    try:
        cards = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        return data.count(b"\n", 0, error.start) + 1, "not UTF-8 text"
    except json.JSONDecodeError as error:
        return error.lineno, f"not a JSON card array ({error.msg.lower()})"
    for number, card in enumerate(cards if isinstance(cards, list) else [], start=1):
        problem = _object_problem(card)
        if problem:
            return f"record {number}", problem
    return None


@functools.cache
def pinned_columns() -> dict[str, str]:
    """The column types 000_raw_cards.sql pins, by field name."""
    sql = sql_text("000_raw_cards")
    return dict(re.findall(r"'(\w+)':\s*'([^']+)'", sql))


def _has_type(value: object, duckdb_type: str) -> bool:
    if duckdb_type.endswith("[]"):
        return isinstance(value, list) and all(v is None or _has_type(v, duckdb_type[:-2]) for v in value)
    if duckdb_type.startswith(("STRUCT", "MAP")):
        return isinstance(value, dict)
    if duckdb_type == "VARCHAR":
        return isinstance(value, str)
    if duckdb_type == "BOOLEAN":
        return isinstance(value, bool)
    if duckdb_type in ("DOUBLE", "INTEGER", "BIGINT"):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return True


def _describe(duckdb_type: str) -> str:
    if duckdb_type.endswith("[]"):
        return f"a list of {_describe(duckdb_type[:-2]).removeprefix('a ').removeprefix('an ')}s"
    words = {"VARCHAR": "a string", "BOOLEAN": "true or false", "DOUBLE": "a number", "INTEGER": "a number",
             "BIGINT": "a number"}
    return words.get(duckdb_type, "an object")


def _short(value: object) -> str:
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 40 else text[:39] + "…"
