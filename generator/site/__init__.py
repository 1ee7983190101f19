"""The reference site: pages rendered from build/coalition.duckdb into docs/, then `mkdocs build --strict`.

`generator.site.build.build_site(con_or_db_path, paths, strict=True)` is the one entry point `coalition
build` calls. The package itself imports nothing, so the change pages (generator/changes/) can use the
site's one Jinja environment (generator/site/markup.py) without importing the build.
"""
