"""The reference site: pages rendered from build/coalition.duckdb into docs/, then `mkdocs build --strict`.

`build_site(con_or_db_path, paths, strict=True)` is the one entry point `coalition build` calls.
"""

from generator.site.build import build_site

__all__ = ["build_site"]
