"""The real Scryfall client (requests, sockets, the cache folder) against a local fake server: rate limits,
server errors, hangs, drips, truncated and wrong files. Waits are kept short by the client's settings."""

from __future__ import annotations

import functools
import gzip
import time

import pytest

import generator.scryfall as scryfall
from generator.cli import main
from generator.errors import BuildError
from generator.scryfall import ScryfallClient
from tests.conftest import project_copy
from tests.fake_scryfall import BULK_BODY, FILE_PATH, FakeScryfall

HTML = b"<!DOCTYPE html><html><head><title>Service Unavailable</title></head><body>Try later</body></html>"


@pytest.fixture()
def server():
    with FakeScryfall() as fake:
        yield fake


def client_for(server: FakeScryfall, notices: list[str] | None = None, **settings) -> ScryfallClient:
    quick = {"api_base": server.url, "min_cards": 1, "min_interval": 0, "backoff": 0.01, "attempts": 3,
             "timeout": (1.0, 1.0), "deadline": 10.0, "max_wait": 2.0, "progress": False,
             "log": (notices.append if notices is not None else lambda _m: None)}
    return ScryfallClient(**{**quick, **settings})


def cache_files(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_a_good_download_is_cached_with_its_sidecar_then_reused(server, tmp_path):
    first = client_for(server).download_bulk(tmp_path)
    second = client_for(server).download_bulk(tmp_path)
    assert first.downloaded and not second.downloaded and first.path.read_bytes() == BULK_BODY
    assert cache_files(tmp_path) == ["oracle-cards-20260514090216.jsonl.gz", "oracle-cards.meta.json"]
    assert server.requests[FILE_PATH] == 1


def test_429_waits_what_retry_after_asks_and_says_so(server, tmp_path):
    notices = []
    server.serve_file({"status": 429, "headers": {"Retry-After": "0.2"}}, BULK_BODY)
    started = time.monotonic()
    assert client_for(server, notices).download_bulk(tmp_path).downloaded
    assert time.monotonic() - started >= 0.2
    assert notices == [f"{server.url}{FILE_PATH}: HTTP 429; trying again in 0 s (attempt 2 of 3)"]


def test_a_retry_after_longer_than_the_cap_ends_the_build_at_once(server, tmp_path):
    server.serve_file({"status": 429, "headers": {"Retry-After": "86400"}})
    started = time.monotonic()
    with pytest.raises(BuildError, match=r"HTTP 429 asks to wait 86400 s \(Retry-After\), more than the 2 s"):
        client_for(server).download_bulk(tmp_path)
    assert time.monotonic() - started < 2 and server.requests[FILE_PATH] == 1
    assert cache_files(tmp_path) == []


def test_5xx_is_retried_then_succeeds(server, tmp_path):
    server.script["/bulk-data"].insert(0, {"status": 503, "body": b"busy"})
    server.serve_file({"status": 502}, BULK_BODY)
    assert client_for(server).download_bulk(tmp_path).downloaded
    assert server.requests["/bulk-data"] == 2 and server.requests[FILE_PATH] == 2


def test_5xx_that_never_ends_names_the_url_and_status(server, tmp_path):
    server.serve_file({"status": 500})
    with pytest.raises(BuildError, match=rf"^{server.url}{FILE_PATH}: HTTP 500 after 3 attempts$"):
        client_for(server).download_bulk(tmp_path)
    assert cache_files(tmp_path) == []


def test_a_server_that_never_answers_times_out(server, tmp_path):
    server.script["/bulk-data"] = [{"hang": 30}]
    started = time.monotonic()
    with pytest.raises(BuildError, match="ReadTimeout after 2 attempts"):
        client_for(server, attempts=2, timeout=(1.0, 0.3)).download_bulk(tmp_path)
    assert time.monotonic() - started < 5


def test_a_drip_of_bytes_meets_the_deadline(server, tmp_path):
    """Each byte comes well within the read timeout; only the overall deadline can stop it."""
    server.serve_file({"body": BULK_BODY, "drip": 0.05})
    notices = []
    started = time.monotonic()
    with pytest.raises(BuildError, match=r"gave up after 1 s, the deadline of one download"):
        client_for(server, notices, deadline=1.0, timeout=(1.0, 0.5)).download_bulk(tmp_path)
    assert time.monotonic() - started < 3
    assert cache_files(tmp_path) == [] and notices == []


def test_a_truncated_gzip_is_never_cached(server, tmp_path):
    server.serve_file(BULK_BODY[: len(BULK_BODY) // 2])
    with pytest.raises(BuildError, match="not a usable bulk file: truncated gzip file .* after 3 attempts"):
        client_for(server).download_bulk(tmp_path)
    assert cache_files(tmp_path) == []


def test_an_html_page_instead_of_the_file_is_never_cached(server, tmp_path):
    server.serve_file({"body": HTML, "headers": {"Content-Type": "text/html"}})
    with pytest.raises(BuildError, match="not a usable bulk file: not JSON card data \\(it starts with '<!DOCTYPE"):
        client_for(server).download_bulk(tmp_path)
    assert cache_files(tmp_path) == []


def test_a_file_with_too_few_cards_is_refused(server, tmp_path):
    with pytest.raises(BuildError, match="only 3 card objects, fewer than the 10,000 a bulk file holds"):
        client_for(server, min_cards=10_000, attempts=1).download_bulk(tmp_path)
    assert cache_files(tmp_path) == []


def test_a_failed_download_keeps_the_previous_file_and_sidecar(server, tmp_path):
    client_for(server).download_bulk(tmp_path)
    before = {name: (tmp_path / name).read_bytes() for name in cache_files(tmp_path)}
    server.set_bulk_data(updated_at="2026-05-15T09:00:00.000+00:00")
    server.serve_file(gzip.compress(HTML))
    with pytest.raises(BuildError, match="not JSON card data"):
        client_for(server).download_bulk(tmp_path)
    assert {name: (tmp_path / name).read_bytes() for name in cache_files(tmp_path)} == before


def test_the_build_reads_the_scryfall_address_from_its_setting(server, tmp_path, monkeypatch, capsys):
    """$SCRYFALL_API_URL and --scryfall-url point the whole online build at another server."""
    paths = project_copy(tmp_path)
    monkeypatch.setattr(scryfall, "ScryfallClient", functools.partial(ScryfallClient, min_cards=1, min_interval=0))
    monkeypatch.setenv("SCRYFALL_API_URL", server.url)
    assert main(["build", "--no-site", "--project-dir", str(paths.root)]) == 0
    assert server.requests["/bulk-data"] == 1 and server.requests["/catalog/creature-types"] == 1
    assert "3 cards" in capsys.readouterr().out
    monkeypatch.setenv("SCRYFALL_API_URL", "http://127.0.0.1:9/nothing-listens-here")
    assert main(["build", "--no-site", "--force", "--project-dir", str(paths.root), "--scryfall-url", server.url]) == 0
    assert server.requests["/bulk-data"] == 2
