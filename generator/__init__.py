"""Coalition reference site generator: Scryfall bulk data -> DuckDB -> MkDocs pages."""

__version__ = "0.1.0"
PROJECT_URL = "https://github.com/coalition-format/coalition-site"
# Where the nightly publishes; mkdocs.yml repeats it as its default site_url, and SITE_URL overrides both.
DEFAULT_SITE_URL = "https://coalition-format.github.io/coalition-site/"
