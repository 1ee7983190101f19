"""Loads a Scryfall bulk file (JSON Lines or a JSON array, gzipped or not) into `raw_cards`.

DuckDB reads the file; Python only names the problem precisely when DuckDB rejects it, so the fast path
pays nothing for the error messages.
"""

from __future__ import annotations

import gzip
import json
import zlib
from pathlib import Path

import duckdb

from generator.errors import BuildError
from generator.paths import SQL_DIR

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
    sql = (SQL_DIR / "000_raw_cards.sql").read_text(encoding="utf-8")
    try:
        con.execute(sql, {"source": str(source), "compression": compression})
    except duckdb.Error as error:
        raise BuildError(describe_bad_file(source, compression, error)) from error
    check_required_fields(con, source)
    return con.execute("SELECT count(*) FROM raw_cards").fetchone()[0]


def check_required_fields(con: duckdb.DuckDBPyConnection, source: Path) -> None:
    """Every object needs a name, a layout and an Oracle id (on the card or, for reversible cards, its faces)."""
    row = con.execute(
        """
        SELECT source_record, name,
               CASE WHEN name IS NULL THEN 'name'
                    WHEN layout IS NULL THEN 'layout'
                    ELSE 'oracle_id' END AS missing
        FROM raw_cards
        WHERE name IS NULL OR layout IS NULL
           OR (oracle_id IS NULL AND (card_faces IS NULL OR card_faces[1].oracle_id IS NULL))
        ORDER BY source_record
        LIMIT 1
        """
    ).fetchone()
    if row is not None:
        record, name, missing = row
        card = f" ({name})" if name else ""
        raise BuildError(f"{source}: record {record}{card}: missing required field '{missing}'")


def describe_bad_file(source: Path, compression: str, error: Exception) -> str:
    """Turn DuckDB's complaint into one line naming the file and the first bad line."""
    try:
        bad = first_bad_line(source, compression)
    except (OSError, EOFError, zlib.error, gzip.BadGzipFile) as read_error:
        return f"{source}: truncated or corrupt gzip file ({read_error or 'unexpected end of data'})"
    if bad is not None:
        line_number, problem = bad
        return f"{source}:{line_number}: not a JSON card object ({problem})"
    first_line = str(error).splitlines()[0]
    return f"{source}: cannot be read as Scryfall bulk data ({first_line})"


def first_bad_line(source: Path, compression: str) -> tuple[int, str] | None:
    """The first line that is not a JSON object, for JSON Lines files; None for arrays or clean files."""
    opener = gzip.open if compression == "gzip" else open
    with opener(source, "rt", encoding="utf-8", errors="replace") as handle:
        first = handle.read(1)
        if first == "[":
            return _array_problem(first + handle.read())
        handle.seek(0)
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except json.JSONDecodeError as error:
                return number, error.msg.lower()
            if not isinstance(value, dict):
                return number, f"a JSON {type(value).__name__}, not an object"
    return None


def _array_problem(text: str) -> tuple[int, str] | None:
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        return error.lineno, error.msg.lower()
    return None
