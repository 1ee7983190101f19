"""The Scryfall client the online build uses: the Oracle bulk file and the creature type catalog.

    from generator.scryfall import ScryfallClient

    client = ScryfallClient()
    download = client.download_bulk(paths.cache_dir)   # BulkDownload(path, updated_at, downloaded, entry)
    types = client.creature_types()                    # ["Advisor", "Aetherborn", ...]

`download_bulk` reads `GET /bulk-data`, picks the entry of the asked `type` (default `oracle_cards`) and
streams its `jsonl_download_uri` (or `download_uri` when there is none) into the cache folder under the
URL's own file name, so the loader can tell `.jsonl.gz` from `.json`. A sidecar `<kind>.meta.json`
(`oracle-cards.meta.json`) records `updated_at`, the URL, the file, its size and when it was fetched; when
Scryfall's `updated_at` and URL are unchanged and the file is still there, nothing is downloaded.

Scryfall's API rules (https://scryfall.com/docs/api) shape the rest:
- every request names this project in `User-Agent` and sends `Accept` (generic clients get HTTP 400);
- calls are spaced at least `min_interval` seconds (100 ms) apart;
- HTTP 429 waits `Retry-After` (else 30 s) up to `max_wait` (2 minutes: a longer request ends the build
  with a line saying so); network errors, 5xx, cut-off downloads and bad files back off exponentially
  (1 s, 2 s, 4 s); each wait is announced on stderr; after `attempts` tries, or on any other HTTP error,
  a one-line `BuildError` names the URL and the status.
- every read waits at most `timeout` (10 s to connect, 30 s between bytes), and one call (the bulk entry
  and its download together) at most `deadline` (15 minutes), so a server that drips a byte now and then
  cannot hold the nightly forever.

The file is written to a temporary name in the same folder, checked (generator/bulkcheck.py: a whole gzip
stream, JSON card objects, at least `min_cards` of them) and only then moved into place with
`os.replace` and recorded in its sidecar: a failed, short or wrong download leaves the previous file (and
its sidecar) as they were and is never kept. The API address is a setting (`api_base`; the build takes
`--scryfall-url` or $SCRYFALL_API_URL), so a mirror or a test server can stand in. `sleep` and `clock`
are injectable so tests check the waits without waiting.
"""

from __future__ import annotations

import contextlib
import email.utils
import math
import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TypeVar

import requests
import urllib3

from generator import PROJECT_URL, __version__
from generator.bulkcache import (Progress, cached_file, file_name_of, forget_previous_file, read_sidecar,
                                 sidecar_path, write_json_atomic)
from generator.bulkcheck import MIN_CARDS, BadDownload, verify_bulk_file
from generator.errors import BuildError
from generator.paths import Paths

API_BASE = "https://api.scryfall.com"
API_BASE_ENV = "SCRYFALL_API_URL"  # a mirror or a test server
USER_AGENT = f"coalition-site/{__version__} (+{PROJECT_URL})"
DEFAULT_KIND = "oracle_cards"
RATE_LIMIT_WAIT = 30.0  # Scryfall's 429s usually carry Retry-After; this is the polite guess without it
CHUNK_SIZE = 1 << 20
TIMEOUT = (10.0, 30.0)  # (connect, read between bytes): a stalled download fails instead of hanging the job
DEADLINE = 15 * 60.0  # one call, retries included: a dripping server cannot hold the nightly forever
MAX_WAIT = 120.0  # the longest Retry-After a build obeys

T = TypeVar("T")


@dataclass(frozen=True)
class BulkDownload:
    """The cached bulk file, Scryfall's `updated_at` for it, and whether this call fetched it."""

    path: Path
    updated_at: str | None
    downloaded: bool
    entry: dict[str, Any]


class _Retryable(Exception):
    """One attempt failed in a way that may pass on its own; `wait` overrides the backoff."""

    def __init__(self, reason: str, wait: float | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.wait = wait


class ScryfallClient:
    """Polite access to the few Scryfall endpoints the build needs (see the module docstring)."""

    def __init__(
        self,
        session: requests.Session | None = None,
        *,
        api_base: str = API_BASE,
        min_interval: float = 0.1,
        attempts: int = 4,
        backoff: float = 1.0,
        timeout: float | tuple[float, float] = TIMEOUT,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        progress: bool | None = None,
        deadline: float = DEADLINE,
        max_wait: float = MAX_WAIT,
        min_cards: int = MIN_CARDS,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.session = session or requests.Session()
        self.api_base = api_base.rstrip("/")
        self.min_interval = min_interval
        self.attempts = max(1, attempts)
        self.backoff = backoff
        self.timeout = timeout
        self.progress = progress
        self._sleep = sleep
        self._clock = clock
        self._last_call: float | None = None
        self.deadline = deadline
        self.max_wait = max_wait
        self.min_cards = min_cards
        self._log = log or (lambda message: print(f"coalition: {message}", file=sys.stderr))
        self._deadline_at: float | None = None

    def get_json(self, path_or_url: str) -> dict[str, Any]:
        """GET an API path (`/bulk-data`) or full URL and return the JSON object it answers."""
        url = path_or_url if "://" in path_or_url else f"{self.api_base}/{path_or_url.lstrip('/')}"
        with self._deadline():
            response = self._retrying(url, lambda: self._send(url, accept="application/json"))
        try:
            value = response.json()
        except ValueError as error:
            raise BuildError(f"{url}: answer is not JSON ({error})") from error
        if not isinstance(value, dict):
            raise BuildError(f"{url}: expected a JSON object, got {type(value).__name__}")
        return value

    def bulk_entry(self, kind: str = DEFAULT_KIND) -> dict[str, Any]:
        """The `bulk_data` object of type `kind` from `/bulk-data`."""
        url = f"{self.api_base}/bulk-data"
        entries = self.get_json(url).get("data")
        if not isinstance(entries, list):
            raise BuildError(f"{url}: no `data` list in the answer")
        for entry in entries:
            if isinstance(entry, dict) and entry.get("type") == kind:
                return entry
        found = ", ".join(str(e.get("type")) for e in entries if isinstance(e, dict))
        raise BuildError(f"{url}: no bulk entry of type {kind!r} (found: {found or 'none'})")

    def creature_types(self) -> list[str]:
        """Scryfall's creature type catalog, in its order."""
        url = f"{self.api_base}/catalog/creature-types"
        catalog = self.get_json(url)
        values = catalog.get("data")
        if catalog.get("object") != "catalog" or not isinstance(values, list) or not values:
            raise BuildError(f"{url}: not a non-empty Scryfall catalog")
        if not all(isinstance(value, str) for value in values):
            raise BuildError(f"{url}: catalog holds values that are not strings")
        return list(values)

    def download_bulk(self, cache_dir: Path | str | None = None, kind: str = DEFAULT_KIND) -> BulkDownload:
        """The bulk file of type `kind` in `cache_dir` (default `build/cache/`), fetched only when it changed."""
        folder = Path(cache_dir) if cache_dir is not None else Paths().cache_dir
        folder.mkdir(parents=True, exist_ok=True)
        with self._deadline():
            entry = self.bulk_entry(kind)
            url = entry.get("jsonl_download_uri") or entry.get("download_uri")
            if not isinstance(url, str) or not url:
                raise BuildError(f"{self.api_base}/bulk-data: the {kind!r} entry has no download URI")
            updated_at = entry.get("updated_at")
            meta_path = sidecar_path(folder, kind)
            previous = read_sidecar(meta_path)
            cached = cached_file(folder, previous, updated_at, url)
            if cached is not None:
                return BulkDownload(cached, updated_at, False, entry)
            target = folder / file_name_of(url)
            size = self._retrying(url, lambda: self._stream_once(url, target))
        write_json_atomic(meta_path, {
            "kind": kind, "updated_at": updated_at, "url": url, "file": target.name, "size": size,
            "downloaded_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        })
        forget_previous_file(folder, previous, target)
        return BulkDownload(target, updated_at, True, entry)

    # --- one request, retries, pacing and the deadline ------------------------------------------------------

    @contextlib.contextmanager
    def _deadline(self):
        """One deadline for the outermost public call, its retries and nested calls included."""
        outermost = self._deadline_at is None
        if outermost:
            self._deadline_at = self._clock() + self.deadline
        try:
            yield
        finally:
            if outermost:
                self._deadline_at = None

    def _past_deadline(self, url: str, wait: float = 0.0) -> None:
        if self._deadline_at is not None and self._clock() + wait > self._deadline_at:
            raise BuildError(f"{url}: gave up after {self.deadline:.0f} s, the deadline of one download")

    def _retrying(self, url: str, attempt: Callable[[], T]) -> T:
        """Run `attempt` until it succeeds or the attempts run out; BuildError names the last failure."""
        for number in range(1, self.attempts + 1):
            try:
                return attempt()
            except _Retryable as failure:
                last = failure
                if number == self.attempts:
                    break
                wait = failure.wait if failure.wait is not None else self.backoff * 2 ** (number - 1)
                if wait > self.max_wait:
                    raise BuildError(f"{url}: {failure.reason} asks to wait {wait:.0f} s (Retry-After), more than "
                                     f"the {self.max_wait:.0f} s a build waits; try again later") from None
                self._past_deadline(url, wait)
                self._log(f"{url}: {failure.reason}; trying again in {wait:.0f} s "
                          f"(attempt {number + 1} of {self.attempts})")
                self._sleep(wait)
        raise BuildError(f"{url}: {last.reason} after {self.attempts} attempts")

    def _send(self, url: str, *, accept: str, stream: bool = False) -> requests.Response:
        """One GET, paced; a success is returned, a passing failure raised as _Retryable."""
        self._pace()
        self._past_deadline(url)
        headers = {"User-Agent": USER_AGENT, "Accept": accept}
        try:
            response = self.session.get(url, headers=headers, timeout=self.timeout, stream=stream)
        except (requests.ConnectionError, requests.Timeout) as error:
            raise _Retryable(type(error).__name__) from error
        status = response.status_code
        if status < 400:
            return response
        details = scryfall_details(response)
        response.close()
        if status == 429:
            raise _Retryable("HTTP 429", wait=retry_after_seconds(response.headers.get("Retry-After")))
        if status >= 500:
            raise _Retryable(f"HTTP {status}")
        raise BuildError(f"{url}: HTTP {status}{details}")

    def _pace(self) -> None:
        # Scryfall asks for 50-100 ms between requests; retries and the download count too.
        if self._last_call is not None:
            wait = self._last_call + self.min_interval - self._clock()
            if wait > 0:
                self._sleep(wait)
        self._last_call = self._clock()

    # --- the download ---------------------------------------------------------------------------------------

    def _stream_once(self, url: str, target: Path) -> int:
        """Stream `url` into a temporary file, check it, then move it to `target`; return the bytes written.
        A file that fails is deleted (a bad one would be reused until Scryfall's updated_at changes)."""
        response = self._send(url, accept="*/*", stream=True)
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
        try:
            with response, os.fdopen(fd, "wb") as out:
                written = self._copy_body(response, out, url, target.name)
                out.flush()
                os.fsync(out.fileno())
            try:
                verify_bulk_file(Path(temporary), self.min_cards)
            except BadDownload as bad:
                raise _Retryable(f"not a usable bulk file: {bad}") from bad
            os.replace(temporary, target)
            return written
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    def _copy_body(self, response: requests.Response, out: Any, url: str, label: str) -> int:
        # Content-Length counts the bytes on the wire (still gzipped when Scryfall sends Content-Encoding:
        # gzip), so it is checked against raw.tell(), not against the decoded bytes written. read1 returns
        # what has arrived, so the deadline is checked however slowly the bytes come.
        expected = content_length(response)
        bar = Progress(label, expected) if self._show_progress() else None
        written = 0
        try:
            while chunk := response.raw.read1(CHUNK_SIZE, decode_content=True):
                out.write(chunk)
                written += len(chunk)
                if bar:
                    bar.update(response.raw.tell())
                self._past_deadline(url)
        except (requests.ConnectionError, requests.Timeout, requests.exceptions.ChunkedEncodingError,
                urllib3.exceptions.HTTPError) as error:
            raise _Retryable(short_body(response.raw.tell(), expected) if expected else type(error).__name__)
        finally:
            if bar:
                bar.finish()
        if expected is not None and response.raw.tell() != expected:
            raise _Retryable(short_body(response.raw.tell(), expected))
        return written

    def _show_progress(self) -> bool:
        if self.progress is not None:
            return self.progress
        return bool(getattr(sys.stderr, "isatty", None) and sys.stderr.isatty())


def fetch_creature_types(client: ScryfallClient | None = None) -> list[str]:
    """Scryfall's creature type catalog (`GET /catalog/creature-types`)."""
    return (client or ScryfallClient()).creature_types()


# --- small helpers -------------------------------------------------------------------------------------------


def retry_after_seconds(value: str | None, default: float = RATE_LIMIT_WAIT) -> float:
    """Seconds asked by a Retry-After header (delta seconds or an HTTP date); `default` when absent or bad."""
    if not value:
        return default
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return default
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
        seconds = max(0.0, (when - datetime.now(timezone.utc)).total_seconds())
    return seconds if math.isfinite(seconds) and seconds >= 0 else default


def scryfall_details(response: requests.Response) -> str:
    """` (details)` from a Scryfall error object, on one line; empty when the body is something else."""
    try:
        details = response.json().get("details")
    except (ValueError, AttributeError):
        return ""
    return f" ({' '.join(str(details).split())})" if details else ""


def content_length(response: requests.Response) -> int | None:
    try:
        return int(response.headers["Content-Length"])
    except (KeyError, ValueError):
        return None


def short_body(received: int, expected: int | None) -> str:
    return f"body ended early ({received} of {expected} bytes)"


def api_base_setting(option: str | None = None) -> str:
    """The Scryfall API address: the --scryfall-url option, else $SCRYFALL_API_URL, else Scryfall's own."""
    return option or os.environ.get(API_BASE_ENV) or API_BASE
