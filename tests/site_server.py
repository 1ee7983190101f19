"""One HTTP server for a whole test run: the browser tests of every xdist worker load the built sample site
from it (tests/site_testing.py starts it with the site's build, under the lock of tests/shared_builds.py).

Why a process of its own: when each worker served the site from a thread on a port shared with SO_REUSEPORT,
the first worker to finish closed its socket, and the connections the kernel had already queued on it were
reset (net::ERR_SOCKET_NOT_CONNECTED) while the other worker's browser was still loading pages. This
process belongs to no worker; it listens on 127.0.0.1 only, on a port the kernel chose, and it stops by
itself when the pytest run is gone (the xdist controller, which every worker is a child of, or the process
itself without xdist), or after LIFETIME at the latest.

    python -m tests.site_server DIRECTORY PIDFD   prints its port once it listens, then serves DIRECTORY
                                                  until the process PIDFD refers to has ended
"""

from __future__ import annotations

import functools
import os
import select
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LIFETIME = 3 * 3600   # seconds: a bound should the run's end go unnoticed
ROOT = Path(__file__).resolve().parent.parent
_started: list[subprocess.Popen] = []   # kept so that no "still running" warning is raised for them


class SiteServer(ThreadingHTTPServer):
    # Two browsers open many connections at once: the default backlog of 5 drops some of their SYNs, each
    # then retried a second later.
    request_queue_size = 128


# An empty document of the served origin, for tests/browser/tabs.py's check between tests (storage_left): no
# script, no favicon request, not cached, and no file of the site.
HANDED_ON = "/.handed-on"
HANDED_ON_PAGE = b'<!doctype html><title>-</title><link rel="icon" href="data:,">'


class QuietHandler(SimpleHTTPRequestHandler):
    timeout = 60   # seconds an idle connection may hold its thread

    def do_GET(self):  # noqa: N802 - http.server's name
        if self.path != HANDED_ON:
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(HANDED_ON_PAGE)))
        self.end_headers()
        self.wfile.write(HANDED_ON_PAGE)
        return None

    def log_message(self, format, *args):  # noqa: A002 - the signature is http.server's
        pass


def controller_pid() -> int:
    """The process whose end is the run's end: under xdist the controller (every worker's parent)."""
    return os.getppid() if os.environ.get("PYTEST_XDIST_WORKER") else os.getpid()


def start(directory: Path, watched: int | None = None) -> dict:
    """Serve `directory` until the process `watched` (the run's controller by default) ends; return the
    server's pid and its address."""
    asked = watched or controller_pid()
    pidfd = os.pidfd_open(asked)
    try:
        if watched is None and controller_pid() != asked:
            # The worker's parent ended before it was opened: the number may be another process's by now.
            raise RuntimeError(f"process {asked} is no longer this worker's parent")
        process = subprocess.Popen([sys.executable, "-m", "tests.site_server", str(directory), str(pidfd)],
                                   cwd=ROOT, pass_fds=(pidfd,), stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
    finally:
        os.close(pidfd)
    _started.append(process)
    port = process.stdout.readline().strip()
    process.stdout.close()
    if not port.isdigit():
        process.kill()
        raise RuntimeError(f"the site server did not start (exit status {process.wait()})")
    return {"pid": process.pid, "url": f"http://127.0.0.1:{int(port)}/"}


def serve(directory: str, pidfd: int, lifetime: float = LIFETIME) -> None:
    server = SiteServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(server.server_address[1], flush=True)
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # nobody reads further
    select.select([pidfd], [], [], lifetime)   # a pidfd turns readable when its process ends
    server.shutdown()
    server.server_close()


if __name__ == "__main__":
    serve(sys.argv[1], int(sys.argv[2]))
