"""Coalition reference site generator: Scryfall bulk data -> DuckDB -> MkDocs pages."""

__version__ = "0.1.0"
PROJECT_URL = "https://github.com/coalition-format/coalition-site"
