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
- HTTP 429 waits `Retry-After` (else 30 s); network errors, 5xx and cut-off downloads back off
  exponentially (1 s, 2 s, 4 s); after `attempts` tries, or on any other HTTP error, a one-line
  `BuildError` names the URL and the status.

The file is written to a temporary name in the same folder and moved into place with `os.replace`, so a
failed or short download leaves the previous file (and its sidecar) as they were. `sleep` and `clock` are
injectable so tests check the waits without waiting.
"""

from __future__ import annotations

import contextlib
import email.utils
import json
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
from urllib.parse import urlsplit

import requests

from generator import PROJECT_URL, __version__
from generator.errors import BuildError
from generator.paths import Paths

API_BASE = "https://api.scryfall.com"
API_BASE_ENV = "SCRYFALL_API_URL"  # a mirror or a test server
USER_AGENT = f"coalition-site/{__version__} (+{PROJECT_URL})"
DEFAULT_KIND = "oracle_cards"
RATE_LIMIT_WAIT = 30.0  # Scryfall's 429s usually carry Retry-After; this is the polite guess without it
CHUNK_SIZE = 1 << 20
TIMEOUT = (10.0, 60.0)  # (connect, read between bytes): a stalled download fails instead of hanging the job

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

    # --- the public calls -------------------------------------------------------------------------------

    def get_json(self, path_or_url: str) -> dict[str, Any]:
        """GET an API path (`/bulk-data`) or full URL and return the JSON object it answers."""
        url = path_or_url if "://" in path_or_url else f"{self.api_base}/{path_or_url.lstrip('/')}"
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

    # --- one request, retries and pacing ------------------------------------------------------------------

    def _retrying(self, url: str, attempt: Callable[[], T]) -> T:
        """Run `attempt` until it succeeds or the attempts run out; BuildError names the last failure."""
        for number in range(1, self.attempts + 1):
            try:
                return attempt()
            except _Retryable as failure:
                last = failure
                if number < self.attempts:
                    self._sleep(failure.wait if failure.wait is not None else self.backoff * 2 ** (number - 1))
        raise BuildError(f"{url}: {last.reason} after {self.attempts} attempts")

    def _send(self, url: str, *, accept: str, stream: bool = False) -> requests.Response:
        """One GET, paced; a success is returned, a passing failure raised as _Retryable."""
        self._pace()
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
        """Stream `url` into `target` through a temporary file; return the bytes written."""
        response = self._send(url, accept="*/*", stream=True)
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
        try:
            with response, os.fdopen(fd, "wb") as out:
                written = self._copy_body(response, out, url, target.name)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, target)
            return written
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    def _copy_body(self, response: requests.Response, out: Any, url: str, label: str) -> int:
        # Content-Length counts the bytes on the wire (still gzipped when Scryfall sends Content-Encoding:
        # gzip), so it is checked against raw.tell(), not against the decoded bytes written.
        expected = content_length(response)
        bar = Progress(label, expected) if self._show_progress() else None
        written = 0
        try:
            for chunk in response.iter_content(CHUNK_SIZE):
                out.write(chunk)
                written += len(chunk)
                if bar:
                    bar.update(response.raw.tell())
        except (requests.ConnectionError, requests.Timeout, requests.exceptions.ChunkedEncodingError) as error:
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


class Progress:
    """A one-line progress bar on stderr, redrawn when the shown percentage (or MB count) changes."""

    WIDTH = 30

    def __init__(self, label: str, total: int | None, stream: Any = None) -> None:
        self.label = label
        self.total = total
        self.stream = stream or sys.stderr
        self._shown: int | None = None

    def update(self, done: int) -> None:
        step = done * 100 // self.total if self.total else done >> 20
        if step == self._shown:
            return
        self._shown = step
        if self.total:
            filled = self.WIDTH * done // self.total
            bar = "#" * filled + "-" * (self.WIDTH - filled)
            text = f"{self.label} [{bar}] {step:3d}% {done / 1e6:.1f}/{self.total / 1e6:.1f} MB"
        else:
            text = f"{self.label} {done / 1e6:.1f} MB"
        self.stream.write("\r" + text)
        self.stream.flush()

    def finish(self) -> None:
        if self._shown is not None:
            self.stream.write("\n")
            self.stream.flush()


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


def file_name_of(url: str) -> str:
    """The URL's last path segment, e.g. `oracle-cards-20260514090216.jsonl.gz`."""
    name = urlsplit(url).path.rstrip("/").rsplit("/", 1)[-1]
    if not name or name in (".", ".."):
        raise BuildError(f"{url}: no file name in the download URL")
    return name


def sidecar_path(cache_dir: Path, kind: str) -> Path:
    return cache_dir / f"{kind.replace('_', '-')}.meta.json"


def read_sidecar(path: Path) -> dict[str, Any]:
    """The sidecar's fields; empty when it is missing or unreadable (which only costs a download)."""
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def cached_file(folder: Path, meta: dict[str, Any], updated_at: Any, url: str) -> Path | None:
    """The cached file when the sidecar says it is Scryfall's current one and it is whole; else None."""
    if not updated_at or meta.get("updated_at") != updated_at or meta.get("url") != url:
        return None
    path = folder / Path(str(meta.get("file") or "")).name
    try:
        whole = path.is_file() and path.stat().st_size == meta.get("size")
    except OSError:
        return None
    return path if whole else None


def forget_previous_file(folder: Path, previous: dict[str, Any], current: Path) -> None:
    # Scryfall's file names carry a timestamp, so without this the nightly cache grows by one file a day.
    name = Path(str(previous.get("file") or "")).name
    if name and name != current.name:
        with contextlib.suppress(OSError):
            (folder / name).unlink()


def write_json_atomic(path: Path, value: dict[str, Any]) -> None:
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(value, out, indent=2)
            out.write("\n")
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def api_base_setting(option: str | None = None) -> str:
    """The Scryfall API address: the --scryfall-url option, else $SCRYFALL_API_URL, else Scryfall's own."""
    return option or os.environ.get(API_BASE_ENV) or API_BASE
