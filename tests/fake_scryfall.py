"""A local stand-in for Scryfall (http.server in a thread on 127.0.0.1, port 0) whose answers a test scripts:
rate limits, server errors, hangs, drips, truncated files and HTML pages, for the real client to meet."""

from __future__ import annotations

import json
import threading
from collections import defaultdict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

RECORDED = Path(__file__).resolve().parent / "recorded" / "scryfall"
BULK_BODY = (RECORDED / "oracle-cards-20260514090216.jsonl.gz").read_bytes()
CATALOG = (RECORDED / "creature-types.json").read_bytes()
FILE_PATH = "/files/oracle-cards-20260514090216.jsonl.gz"


class FakeScryfall:
    """`script[path]` is a list of answers, used in turn (the last one repeats). An answer is a dict:
    {"status", "headers", "body"} or {"hang": seconds} or {"drip": seconds between bytes}."""

    def __init__(self) -> None:
        self.script: dict[str, list[dict]] = {}
        self.requests: dict[str, int] = defaultdict(int)
        self.stop = threading.Event()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.updated_at = "2026-05-14T09:02:16.397+00:00"
        self.serve_file(BULK_BODY)
        self.script["/catalog/creature-types"] = [{"body": CATALOG}]
        self.set_bulk_data()

    def set_bulk_data(self, updated_at: str | None = None) -> None:
        entry = {"object": "bulk_data", "type": "oracle_cards", "updated_at": updated_at or self.updated_at,
                 "download_uri": f"{self.url}{FILE_PATH}", "jsonl_download_uri": f"{self.url}{FILE_PATH}"}
        self.script["/bulk-data"] = [{"body": json.dumps({"object": "list", "data": [entry]}).encode()}]

    def serve_file(self, *answers: bytes | dict) -> None:
        self.script[FILE_PATH] = [{"body": a, "headers": {"Content-Type": "application/gzip"}}
                                  if isinstance(a, bytes) else a for a in answers]

    def __enter__(self) -> "FakeScryfall":
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop.set()
        self.server.shutdown()
        self.server.server_close()

    def _answer(self, path: str) -> dict:
        answers = self.script.get(path, [{"status": 404, "body": b'{"object":"error","details":"no such path"}'}])
        number = self.requests[path]
        self.requests[path] += 1
        return answers[min(number, len(answers) - 1)]

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                answer = fake._answer(self.path)
                if "hang" in answer:
                    fake.stop.wait(answer["hang"])
                    return
                self.send_response(answer.get("status", 200))
                body = answer.get("body", b"")
                headers = {"Content-Length": str(len(body)), **answer.get("headers", {})}
                for key, value in headers.items():
                    self.send_header(key, value)
                self.end_headers()
                if "drip" in answer:
                    self._drip(body, answer["drip"])
                else:
                    self.wfile.write(body)

            def _drip(self, body: bytes, every: float) -> None:
                for position in range(len(body)):
                    if fake.stop.wait(every):
                        return
                    try:
                        self.wfile.write(body[position:position + 1])
                        self.wfile.flush()
                    except OSError:
                        return

            def log_message(self, *_args: object) -> None:
                pass

        return Handler

