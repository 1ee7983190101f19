"""tests/site_server.py, the one server of a test run's browser tests: the worker that started it may end
while another worker's browser keeps loading pages (what each worker serving on a shared SO_REUSEPORT port
got wrong: net::ERR_SOCKET_NOT_CONNECTED in the other worker), it ends with the run, and it listens on
127.0.0.1 only. A stand-in process plays the run's controller, another the worker that starts the server."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests import site_server

STARTER = """import sys
from pathlib import Path
from tests import site_server
print(site_server.start(Path(sys.argv[1]), int(sys.argv[2]))["url"], flush=True)
sys.stdin.readline()   # the test says when this worker ends
"""


@pytest.fixture()
def controller():
    """A process standing in for the pytest run's controller."""
    process = subprocess.Popen(["sleep", "300"])
    yield process
    process.kill()
    process.wait()


@pytest.fixture()
def served(tmp_path, controller):
    """A folder served by a server that a separate worker process started and that watches `controller`."""
    (tmp_path / "index.html").write_bytes(b"<p>served</p>" * 1000)
    env = {key: value for key, value in os.environ.items() if key != "PYTEST_XDIST_WORKER"}
    worker = subprocess.Popen([sys.executable, "-c", STARTER, str(tmp_path), str(controller.pid)],
                              cwd=site_server.ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    url = worker.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:"), url
    yield worker, url
    worker.kill()
    worker.wait()


def fetch(url: str) -> int:
    with urllib.request.urlopen(url, timeout=30) as response:
        response.read()
        return response.status


def server_pid(url: str) -> int:
    """The pid of the process listening at url's port (from /proc: which process holds that socket)."""
    inode = listening_sockets()[int(url.rstrip("/").rsplit(":", 1)[1])][1]
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if any(os.readlink(f"/proc/{pid}/fd/{fd}") == f"socket:[{inode}]" for fd in os.listdir(f"/proc/{pid}/fd")):
                return int(pid)
        except OSError:
            continue
    raise AssertionError(f"nobody listens at {url}")


def listening_sockets() -> dict[int, tuple[str, str]]:
    """Listening TCP sockets on IPv4 and IPv6: port -> (local address in /proc's hex, inode)."""
    found = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            address, port = fields[1].split(":")
            if fields[3] == "0A":   # LISTEN
                found[int(port, 16)] = (address, fields[9])
    return found


def test_a_worker_that_ends_cuts_no_connection_the_other_is_making(served):
    worker, url = served
    with ThreadPoolExecutor(max_workers=16) as pool:
        loading = [pool.submit(fetch, url) for _ in range(400)]
        time.sleep(0.05)
        worker.communicate("end\n", timeout=30)   # the worker that started the server ends meanwhile
        assert worker.returncode == 0
        statuses = [future.result() for future in loading]
    assert statuses == [200] * 400
    assert fetch(url) == 200   # and later pages still load


def test_the_server_ends_with_the_run(served, controller):
    _worker, url = served
    pid = server_pid(url)
    controller.kill()
    controller.wait()
    deadline = time.monotonic() + 10
    while Path(f"/proc/{pid}").exists() and Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z":
        assert time.monotonic() < deadline, "the server outlived the run"
        time.sleep(0.05)
    with pytest.raises(OSError):
        fetch(url)


def test_the_server_listens_on_loopback_only(served):
    _worker, url = served
    address, _inode = listening_sockets()[int(url.rstrip("/").rsplit(":", 1)[1])]
    assert address == "0100007F"   # 127.0.0.1, as /proc/net/tcp writes it
