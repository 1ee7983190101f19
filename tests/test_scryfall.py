"""generator/scryfall.py against recorded Scryfall answers (tests/recorded/scryfall/); no network, no real sleeps."""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path

import pytest
import requests
import responses

from generator import PROJECT_URL, __version__
from generator.errors import BuildError
from generator.scryfall import BulkDownload, ScryfallClient, fetch_creature_types, retry_after_seconds

RECORDED = Path(__file__).resolve().parent / "recorded" / "scryfall"
BULK_DATA = json.loads((RECORDED / "bulk-data.json").read_text(encoding="utf-8"))
CATALOG = json.loads((RECORDED / "creature-types.json").read_text(encoding="utf-8"))
JSONL_NAME = "oracle-cards-20260514090216.jsonl.gz"
JSONL_BODY = (RECORDED / JSONL_NAME).read_bytes()

API = "https://api.scryfall.com"
BULK_URL = f"{API}/bulk-data"
CATALOG_URL = f"{API}/catalog/creature-types"
JSONL_URL = f"https://data.scryfall.io/oracle-cards/{JSONL_NAME}"
JSON_URL = "https://data.scryfall.io/oracle-cards/oracle-cards-20260514090216.json"
UPDATED_AT = "2026-05-14T09:02:16.397+00:00"
CARD_NAMES = ["Dark Confidant", "Goblin Guide", "Llanowar Elves"]


class FakeTime:
    """A monotonic clock that only moves when slept on (or when a test moves it)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()


@pytest.fixture
def client(fake_time: FakeTime) -> ScryfallClient:
    return ScryfallClient(min_cards=1, sleep=fake_time.sleep, clock=fake_time.clock, progress=False)


@pytest.fixture
def mocked():
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        yield mock


def bulk_data(**oracle_changes) -> dict:
    """The recorded /bulk-data answer with the oracle_cards entry changed (a value of None drops the key)."""
    data = copy.deepcopy(BULK_DATA)
    entry = data["data"][0]
    for key, value in oracle_changes.items():
        if value is None:
            entry.pop(key, None)
        else:
            entry[key] = value
    return data


def serve_bulk(mock, data: dict | None = None, url: str = JSONL_URL, body: bytes = JSONL_BODY, length=None):
    mock.get(BULK_URL, json=data or BULK_DATA)
    mock.get(url, body=body, headers={"Content-Length": str(len(body) if length is None else length)},
             content_type="application/gzip")


def called(mock, url: str) -> int:
    return sum(1 for call in mock.calls if call.request.url == url)


def card_names(path: Path) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [json.loads(line)["name"] for line in lines]


# --- headers -------------------------------------------------------------------------------------------------


def test_api_requests_name_the_project_and_ask_for_json(client, mocked):
    mocked.get(BULK_URL, json=BULK_DATA)
    mocked.get(CATALOG_URL, json=CATALOG)
    client.bulk_entry()
    client.creature_types()
    assert len(mocked.calls) == 2
    for call in mocked.calls:
        assert call.request.headers["User-Agent"] == f"coalition-site/{__version__} (+{PROJECT_URL})"
        assert call.request.headers["Accept"] == "application/json"


def test_bulk_download_names_the_project_and_accepts_anything(client, mocked, tmp_path):
    serve_bulk(mocked)
    client.download_bulk(tmp_path)
    download = next(call.request for call in mocked.calls if call.request.url == JSONL_URL)
    assert download.headers["User-Agent"].startswith(f"coalition-site/{__version__} (+")
    assert download.headers["Accept"] == "*/*"


# --- picking the entry ---------------------------------------------------------------------------------------


def test_bulk_entry_picks_the_oracle_cards_entry(client, mocked):
    mocked.get(BULK_URL, json=BULK_DATA)
    entry = client.bulk_entry()
    assert entry["type"] == "oracle_cards"
    assert entry["id"] == "27bf3214-1271-490b-bdfe-c0be6c23d02e"
    assert client.bulk_entry("rulings")["download_uri"].endswith("/rulings-20260514090032.json")


def test_unknown_bulk_kind_lists_what_scryfall_offers(client, mocked):
    mocked.get(BULK_URL, json=BULK_DATA)
    with pytest.raises(BuildError) as error:
        client.bulk_entry("no_such_cards")
    assert str(error.value) == (f"{BULK_URL}: no bulk entry of type 'no_such_cards' (found: oracle_cards, "
                                "unique_artwork, default_cards, all_cards, rulings)")


# --- downloading ---------------------------------------------------------------------------------------------


def test_download_fetches_the_jsonl_file_under_its_own_name(client, mocked, tmp_path):
    serve_bulk(mocked)
    result = client.download_bulk(tmp_path)
    assert isinstance(result, BulkDownload)
    assert result.path == tmp_path / JSONL_NAME
    assert (result.updated_at, result.downloaded, result.entry["type"]) == (UPDATED_AT, True, "oracle_cards")
    assert result.path.read_bytes() == JSONL_BODY
    assert card_names(result.path) == CARD_NAMES
    assert called(mocked, JSON_URL) == 0
    meta = json.loads((tmp_path / "oracle-cards.meta.json").read_text(encoding="utf-8"))
    assert {k: meta[k] for k in ("updated_at", "url", "file", "size")} == {
        "updated_at": UPDATED_AT, "url": JSONL_URL, "file": JSONL_NAME, "size": len(JSONL_BODY)}
    assert meta["downloaded_at"].endswith("+00:00")


def test_download_falls_back_to_download_uri(client, mocked, tmp_path):
    # Scryfall serves the .json with Content-Encoding: gzip; Content-Length then counts the gzipped bytes.
    with gzip.open(RECORDED / JSONL_NAME, "rt", encoding="utf-8") as lines:
        cards = [json.loads(line) for line in lines]
    wire = gzip.compress(json.dumps(cards).encode("utf-8"))
    mocked.get(BULK_URL, json=bulk_data(jsonl_download_uri=None))
    mocked.get(JSON_URL, body=wire, content_type="application/json",
               headers={"Content-Encoding": "gzip", "Content-Length": str(len(wire))})
    result = client.download_bulk(tmp_path)
    assert result.path.name == "oracle-cards-20260514090216.json"
    assert [card["name"] for card in json.loads(result.path.read_text(encoding="utf-8"))] == CARD_NAMES
    assert called(mocked, JSONL_URL) == 0


def test_entry_without_any_download_uri_is_an_error(client, mocked, tmp_path):
    mocked.get(BULK_URL, json=bulk_data(jsonl_download_uri=None, download_uri=None))
    with pytest.raises(BuildError, match=r"^https://api\.scryfall\.com/bulk-data: the 'oracle_cards' entry"):
        client.download_bulk(tmp_path)
    assert list(tmp_path.iterdir()) == []


# --- the cache -----------------------------------------------------------------------------------------------


def test_unchanged_updated_at_skips_the_download(client, mocked, tmp_path):
    serve_bulk(mocked)
    first = client.download_bulk(tmp_path)
    second = client.download_bulk(tmp_path)
    assert (second.path, second.updated_at, second.downloaded) == (first.path, UPDATED_AT, False)
    assert called(mocked, BULK_URL) == 2
    assert called(mocked, JSONL_URL) == 1


def test_changed_updated_at_downloads_again(client, mocked, tmp_path):
    serve_bulk(mocked)
    client.download_bulk(tmp_path)
    mocked.replace(responses.GET, BULK_URL, json=bulk_data(updated_at="2026-05-15T09:01:58.020+00:00"))
    again = client.download_bulk(tmp_path)
    assert again.downloaded is True
    assert called(mocked, JSONL_URL) == 2
    meta = json.loads((tmp_path / "oracle-cards.meta.json").read_text(encoding="utf-8"))
    assert meta["updated_at"] == "2026-05-15T09:01:58.020+00:00"


def test_a_new_file_name_replaces_the_previous_file(client, mocked, tmp_path):
    serve_bulk(mocked)
    client.download_bulk(tmp_path)
    new_url = "https://data.scryfall.io/oracle-cards/oracle-cards-20260515090158.jsonl.gz"
    mocked.replace(responses.GET, BULK_URL,
                   json=bulk_data(updated_at="2026-05-15T09:01:58.020+00:00", jsonl_download_uri=new_url))
    mocked.get(new_url, body=JSONL_BODY)
    result = client.download_bulk(tmp_path)
    assert result.path.name == "oracle-cards-20260515090158.jsonl.gz"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["oracle-cards-20260515090158.jsonl.gz",
                                                          "oracle-cards.meta.json"]


def test_a_missing_cached_file_is_downloaded_again(client, mocked, tmp_path):
    serve_bulk(mocked)
    client.download_bulk(tmp_path).path.unlink()
    result = client.download_bulk(tmp_path)
    assert result.downloaded is True
    assert result.path.read_bytes() == JSONL_BODY
    assert called(mocked, JSONL_URL) == 2


def test_a_short_body_is_an_error_and_keeps_the_previous_file(client, mocked, tmp_path, fake_time):
    serve_bulk(mocked)
    client.download_bulk(tmp_path)
    meta_before = (tmp_path / "oracle-cards.meta.json").read_bytes()
    mocked.replace(responses.GET, BULK_URL, json=bulk_data(updated_at="2026-05-15T09:01:58.020+00:00"))
    mocked.replace(responses.GET, JSONL_URL, body=JSONL_BODY[:500],
                   headers={"Content-Length": str(len(JSONL_BODY))})
    with pytest.raises(BuildError) as error:
        client.download_bulk(tmp_path)
    assert str(error.value).startswith(f"{JSONL_URL}: body ended early (")
    assert str(error.value).endswith(f" of {len(JSONL_BODY)} bytes) after 4 attempts")
    assert (tmp_path / JSONL_NAME).read_bytes() == JSONL_BODY
    assert (tmp_path / "oracle-cards.meta.json").read_bytes() == meta_before
    assert sorted(p.name for p in tmp_path.iterdir()) == [JSONL_NAME, "oracle-cards.meta.json"]


def test_a_short_body_is_retried(client, mocked, tmp_path, fake_time):
    mocked.get(BULK_URL, json=BULK_DATA)
    mocked.get(JSONL_URL, body=JSONL_BODY[:100], headers={"Content-Length": str(len(JSONL_BODY))})
    mocked.get(JSONL_URL, body=JSONL_BODY, headers={"Content-Length": str(len(JSONL_BODY))})
    result = client.download_bulk(tmp_path)
    assert card_names(result.path) == CARD_NAMES
    assert fake_time.sleeps == pytest.approx([0.1, 1.0])  # pacing before the download, then the backoff


def test_a_failed_first_download_leaves_nothing_behind(client, mocked, tmp_path):
    serve_bulk(mocked, body=JSONL_BODY[:10], length=len(JSONL_BODY))
    with pytest.raises(BuildError):
        client.download_bulk(tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_the_atomic_write_leaves_no_temporary_files(client, mocked, tmp_path):
    serve_bulk(mocked)
    client.download_bulk(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [JSONL_NAME, "oracle-cards.meta.json"]
    assert not list(tmp_path.glob(".*"))


# --- rate limits and retries ---------------------------------------------------------------------------------


def test_429_waits_what_retry_after_asks(client, mocked, fake_time):
    mocked.get(BULK_URL, status=429, headers={"Retry-After": "7"}, json={"object": "error", "status": 429})
    mocked.get(BULK_URL, json=BULK_DATA)
    assert client.bulk_entry()["type"] == "oracle_cards"
    assert fake_time.sleeps == [7.0]
    assert called(mocked, BULK_URL) == 2


def test_429_without_retry_after_waits_30_seconds(client, mocked, fake_time):
    mocked.get(BULK_URL, status=429)
    mocked.get(BULK_URL, json=BULK_DATA)
    client.bulk_entry()
    assert fake_time.sleeps == [30.0]


def test_5xx_backs_off_then_succeeds(client, mocked, fake_time):
    mocked.get(CATALOG_URL, status=503)
    mocked.get(CATALOG_URL, status=502)
    mocked.get(CATALOG_URL, json=CATALOG)
    assert len(client.creature_types()) == 328
    assert fake_time.sleeps == [1.0, 2.0]


@pytest.mark.parametrize("failure", [requests.ConnectionError("connection reset"), requests.ReadTimeout("slow")])
def test_a_network_error_is_retried(client, mocked, fake_time, failure):
    mocked.get(BULK_URL, body=failure)
    mocked.get(BULK_URL, json=BULK_DATA)
    assert client.bulk_entry()["id"] == "27bf3214-1271-490b-bdfe-c0be6c23d02e"
    assert fake_time.sleeps == [1.0]


def test_retries_run_out_with_a_one_line_error_naming_the_url(client, mocked, fake_time):
    mocked.get(BULK_URL, status=503)
    with pytest.raises(BuildError) as error:
        client.bulk_entry()
    assert str(error.value) == "https://api.scryfall.com/bulk-data: HTTP 503 after 4 attempts"
    assert called(mocked, BULK_URL) == 4
    assert fake_time.sleeps == [1.0, 2.0, 4.0]


def test_network_retries_run_out(client, mocked):
    mocked.get(CATALOG_URL, body=requests.ConnectionError("Max retries exceeded\nwith url"))
    with pytest.raises(BuildError) as error:
        client.creature_types()
    assert str(error.value) == f"{CATALOG_URL}: ConnectionError after 4 attempts"


def test_404_is_an_error_at_once(client, mocked, fake_time):
    mocked.get(BULK_URL, status=404, json={
        "object": "error", "code": "not_found", "status": 404,
        "details": "No Scryfall resources found at this URL.\nTry again."})
    with pytest.raises(BuildError) as error:
        client.bulk_entry()
    assert str(error.value) == f"{BULK_URL}: HTTP 404 (No Scryfall resources found at this URL. Try again.)"
    assert called(mocked, BULK_URL) == 1
    assert fake_time.sleeps == []


@pytest.mark.parametrize(("header", "seconds"), [("12", 12.0), ("0.5", 0.5), (None, 30.0), ("", 30.0),
                                                  ("soon", 30.0), ("-3", 30.0),
                                                  ("Wed, 21 Oct 2015 07:28:00 GMT", 0.0)])
def test_retry_after_values(header, seconds):
    assert retry_after_seconds(header) == seconds


# --- pacing --------------------------------------------------------------------------------------------------


def test_calls_are_at_least_100_ms_apart(mocked, tmp_path, fake_time):
    seen: list[float] = []

    def answer(body: bytes, content_type: str = "application/json"):
        def callback(request):
            seen.append(fake_time.now)
            return 200, {"Content-Type": content_type}, body
        return callback

    mocked.add_callback(responses.GET, BULK_URL, callback=answer(json.dumps(BULK_DATA).encode()))
    mocked.add_callback(responses.GET, CATALOG_URL, callback=answer(json.dumps(CATALOG).encode()))
    mocked.add_callback(responses.GET, JSONL_URL, callback=answer(JSONL_BODY, "application/gzip"))
    client = ScryfallClient(min_cards=1, sleep=fake_time.sleep, clock=fake_time.clock, progress=False)
    client.download_bulk(tmp_path)
    client.creature_types()
    assert len(seen) == 3
    assert all(later - earlier >= 0.1 - 1e-9 for earlier, later in zip(seen, seen[1:]))
    assert fake_time.sleeps == pytest.approx([0.1, 0.1])


def test_pacing_waits_only_the_rest_of_the_interval(mocked, fake_time):
    mocked.get(BULK_URL, json=BULK_DATA)
    client = ScryfallClient(min_cards=1, sleep=fake_time.sleep, clock=fake_time.clock)
    client.bulk_entry()
    fake_time.now += 0.04
    client.bulk_entry()
    fake_time.now += 0.5
    client.bulk_entry()
    assert fake_time.sleeps == pytest.approx([0.06])


# --- the catalog ---------------------------------------------------------------------------------------------


def test_creature_types_come_from_the_catalog(client, mocked):
    mocked.get(CATALOG_URL, json=CATALOG)
    types = fetch_creature_types(client)
    assert types == CATALOG["data"]
    assert len(types) == CATALOG["total_values"] == 328
    assert {"Assembly-Worker", "Elf", "Goblin"} <= set(types)


def test_a_catalog_of_the_wrong_shape_is_an_error(client, mocked):
    mocked.get(CATALOG_URL, json={"object": "list", "data": []})
    with pytest.raises(BuildError, match=r"^https://api\.scryfall\.com/catalog/creature-types: not a "):
        client.creature_types()


def test_an_answer_that_is_not_json_is_an_error(client, mocked):
    mocked.get(BULK_URL, body="<html>maintenance</html>", content_type="text/html")
    with pytest.raises(BuildError, match=r"^https://api\.scryfall\.com/bulk-data: answer is not JSON"):
        client.bulk_entry()


# --- progress ------------------------------------------------------------------------------------------------


def test_progress_bar_on_stderr_when_asked(mocked, tmp_path, fake_time, capsys):
    serve_bulk(mocked)
    ScryfallClient(min_cards=1, sleep=fake_time.sleep, clock=fake_time.clock, progress=True).download_bulk(tmp_path)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"\r{JSONL_NAME} [{'#' * 30}] 100%" in captured.err
    assert captured.err.endswith("\n")


def test_no_progress_bar_when_stderr_is_not_a_terminal(mocked, tmp_path, fake_time, capsys):
    serve_bulk(mocked)
    ScryfallClient(min_cards=1, sleep=fake_time.sleep, clock=fake_time.clock).download_bulk(tmp_path)
    assert capsys.readouterr().err == ""
