"""`coalition serve`: preview the site while editing pages, templates or styles.

It renders the generated pages from the last build's database (unless --no-render), then hands over to
`mkdocs serve`, which rebuilds in memory on every change under docs/ and never touches site/. Without its live
reload: MkDocs writes that as an inline script into every page, which the pages' Content-Security-Policy
(overrides/main.html) refuses, with an error in the console on every page; reloading the page shows a change.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
from pathlib import Path

from generator.commands.options import add_project_dir, paths_of
from generator.errors import BuildError, UsageError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="preview the site locally, rebuilt on every change",
        description="Render the generated pages from build/coalition.duckdb, then run `mkdocs serve` on the "
        "project. Edits to docs/, overrides/ and mkdocs.yml are rebuilt at once (reload the page to see them: the "
        "pages' Content-Security-Policy refuses MkDocs's inline live-reload script); after editing "
        "generator/templates/ run the command again (or `coalition build`).",
    )
    parser.add_argument("--dev-addr", default="127.0.0.1:8000", metavar="HOST:PORT",
                        help="address to serve on (default: 127.0.0.1:8000)")
    parser.add_argument("--no-render", action="store_true",
                        help="serve docs/ as it is, without rendering the generated pages first")
    parser.add_argument("--build-dir", type=Path, metavar="DIR", help="where the database is (default: the project's build/)")
    add_project_dir(parser)
    parser.set_defaults(run=run)


def check_address(dev_addr: str) -> None:
    """Refuse an address MkDocs could not listen on, in one line (exit 2), before rendering: MkDocs itself
    answers a port in use with a long traceback. Bound with SO_REUSEADDR, as MkDocs's server binds, so a port
    a previous preview left in TIME_WAIT is not taken for one in use."""
    host, _, port = dev_addr.rpartition(":")
    if not host or not port.isdigit() or int(port) > 65535:
        raise UsageError(f"--dev-addr {dev_addr}: not HOST:PORT (for example 127.0.0.1:8000)")
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(host.strip("[]"), int(port), type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as error:
        raise UsageError(f"--dev-addr {dev_addr}: cannot serve there ({error.strerror or error})") from error


def run(args: argparse.Namespace) -> int:
    paths = paths_of(args)
    check_address(args.dev_addr)
    if not args.no_render:
        from generator.queries import open_database
        from generator.site.build import render_docs

        with open_database(paths.database) as con:
            figures = render_docs(con, paths)
        print(f"rendered: {figures['pages_written']} pages written, {figures['pages_unchanged']} unchanged")
    config = paths.root / "mkdocs.yml"
    if not config.exists():
        raise BuildError(f"{config}: no MkDocs configuration")
    command = [sys.executable, "-m", "mkdocs", "serve", "--no-livereload", "--config-file", str(config),
               "--dev-addr", args.dev_addr]
    # Serve at the root of the dev address rather than under the public site_url's path (/coalition-site/).
    env = {**os.environ, "SITE_URL": f"http://{args.dev_addr}/", "NO_MKDOCS_2_WARNING": "1"}
    try:
        # Run from the project root: pymdownx.snippets reads docs/generated/ relative to it.
        return subprocess.call(command, cwd=paths.root, env=env)
    except KeyboardInterrupt:
        return 0
