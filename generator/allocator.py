"""How DuckDB's allocator gives memory back, set before DuckDB is first imported (by `coalition`'s entry point)
and for every worker process the build starts.

DuckDB on Linux allocates through jemalloc, which by default keeps freed pages for about ten seconds for
reuse. The build's processes run their queries one after another and then hold what they kept for the rest
of their life: measured on today's cards, a format worker kept ~40-90 MB more and the render stage ~50 MB
more than they used at the end. Purging at once costs nothing measurable here (the queries are few and large).
jemalloc reads its configuration once, when DuckDB's library loads, so it must be in the environment before
`import duckdb`. A value the caller set is kept.
"""

from __future__ import annotations

import os

JEMALLOC_ENV = "DUCKDB_JE_MALLOC_CONF"
RETURN_FREED_MEMORY = "dirty_decay_ms:0,muzzy_decay_ms:0"


def return_freed_memory(environment: os._Environ | dict = os.environ) -> None:
    """Ask DuckDB's jemalloc (of processes started with `environment`) to give freed memory back at once."""
    environment.setdefault(JEMALLOC_ENV, RETURN_FREED_MEMORY)
