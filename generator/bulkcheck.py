"""Checks a downloaded bulk file before it is cached: a 200 answer may still hold a truncated gzip, an HTML
error page or a handful of cards, and a cached file is reused by every later build until Scryfall's
`updated_at` changes.

One streaming pass: the gzip stream must be whole (its CRC and length are checked at the end), the text
must be JSON Lines (the first and last lines are parsed as card objects) or a whole JSON array, and it must
hold at least `min_cards` card objects (lines of JSON Lines, `"object": "card"` marks in an array).
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path

from generator.load import GZIP_MAGIC

CHUNK = 1 << 20
CARD_MARKERS = (b'"object":"card"', b'"object": "card"')
MIN_CARDS = 10_000  # Scryfall's oracle_cards holds over 30,000; a tenth of that is no bulk file


class BadDownload(Exception):
    """The downloaded bytes are not a usable bulk file; the message says why."""


def verify_bulk_file(path: Path, min_cards: int = MIN_CARDS) -> int:
    """The number of card objects in `path`; BadDownload when it is not a whole, sane bulk file."""
    with path.open("rb") as handle:
        gzipped = handle.read(2) == GZIP_MAGIC
        handle.seek(0)
        scan = _Scan()
        for chunk in (_gunzip(handle) if gzipped else iter(lambda: handle.read(CHUNK), b"")):
            scan.feed(chunk)
    count = scan.finish()
    if count < min_cards:
        raise BadDownload(f"only {count:,} card objects, fewer than the {min_cards:,} a bulk file holds")
    return count


class _Scan:
    """Keeps the file's first bytes and line, its last megabyte, and counts lines and card objects, chunk by
    chunk, so a file of any size is checked in constant memory."""

    TAIL = 1 << 20  # longer than any card object

    def __init__(self) -> None:
        self.head, self.first, self.tail, self.carry = b"", None, b"", b""
        self.lines = self.cards = 0

    def feed(self, chunk: bytes) -> None:
        if not self.head.strip():
            self.head += chunk[:64]
            start = self.head.lstrip()[:1]
            if start and start not in (b"{", b"["):
                raise BadDownload(f"not JSON card data (it starts with {_shown(self.head.lstrip())})")
        text = self.carry + chunk
        self.cards += sum(text.count(marker) for marker in CARD_MARKERS)
        self.carry = text[-16:]  # a mark cut between chunks is counted whole next time...
        self.cards -= sum(self.carry.count(marker) for marker in CARD_MARKERS)  # ...so not in this one
        self.lines += chunk.count(b"\n")
        joined = self.tail + chunk
        if self.first is None and b"\n" in joined:
            self.first = joined.split(b"\n", 1)[0]
        self.tail = joined[-self.TAIL:]

    def finish(self) -> int:
        self.cards += sum(self.carry.count(marker) for marker in CARD_MARKERS)
        if not self.head.strip():
            raise BadDownload("the file is empty")
        if self.head.lstrip().startswith(b"["):
            if not self.tail.rstrip().endswith(b"]"):
                raise BadDownload("the JSON array does not end: the file is cut short")
            return self.cards
        last = self.tail.rstrip(b"\r\n").rsplit(b"\n", 1)[-1]
        for label, line in (("first", self.first if self.first is not None else self.tail), ("last", last)):
            _check_object(label, line.strip())
        return self.lines + (0 if self.tail.endswith(b"\n") else 1)


def _check_object(label: str, line: bytes) -> None:
    try:
        value = json.loads(line)
    except (ValueError, UnicodeDecodeError) as error:
        raise BadDownload(f"the {label} line is not a JSON card object ({error})") from error
    if not isinstance(value, dict) or "name" not in value:
        raise BadDownload(f"the {label} line is not a card object")


def _gunzip(handle):
    """Decompressed chunks; BadDownload when the stream ends early or fails its checksum."""
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    while chunk := handle.read(CHUNK):
        try:
            yield inflater.decompress(chunk)
        except zlib.error as error:
            raise BadDownload(f"corrupt gzip data ({error})") from error
    if not inflater.eof:
        raise BadDownload("truncated gzip file (the stream ends before its end marker)")


def _shown(text: bytes) -> str:
    return repr(text[:24].decode("utf-8", "replace"))
