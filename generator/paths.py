"""Where things live. Everything is relative to the project root unless a command says otherwise."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE_DIR.parent
SQL_DIR = PACKAGE_DIR / "sql"
CHECKS_DIR = SQL_DIR / "checks"
TEMPLATES_DIR = PACKAGE_DIR / "templates"


def sql_text(name: str, folder: Path = SQL_DIR) -> str:
    """The query in `folder`/<name>.sql (`name` may hold a subfolder: "inputs/cards"). Every stage reads its
    SQL through here, so a query is always a file of its own."""
    return (folder / f"{name}.sql").read_text(encoding="utf-8")


def holds_project(folder: Path) -> bool:
    """Whether a folder is a project the commands can read: its MkDocs configuration and its formats."""
    return (folder / "mkdocs.yml").is_file() and (folder / "data" / "formats").is_dir()


def project_root(project_dir: Path | None = None, cwd: Path | None = None) -> Path:
    """The project every command reads, one rule for all of them: --project-dir when given; else the current
    folder, or the nearest folder above it, that holds a project (as git finds its repository: a player in
    their project's folder means that project, not the generator's checkout); else the checkout itself."""
    if project_dir is not None:
        return Path(project_dir).resolve()
    here = (cwd or Path.cwd()).resolve()
    return next((folder for folder in (here, *here.parents) if holds_project(folder)), PROJECT_ROOT)


def project_paths(project_dir: Path | None = None, build_dir: Path | None = None) -> "Paths":
    """The Paths of the project a command reads (project_root), its build/ unless --build-dir says otherwise."""
    return Paths(root=project_root(project_dir), build_dir=Path(build_dir).resolve() if build_dir else None)


@dataclass(frozen=True)
class Paths:
    """The folders one build reads and writes: `root`'s, its build/ unless `build_dir` is given."""

    root: Path = PROJECT_ROOT
    build_dir: Path = None   # type: ignore[assignment]  # root / "build", set below

    def __post_init__(self) -> None:
        if self.build_dir is None:
            object.__setattr__(self, "build_dir", self.root / "build")

    @property
    def data_dir(self) -> Path:
        return self.root / "data"

    @property
    def cards_data_dir(self) -> Path:
        """What every format shares: creature types, the catalog snapshot, overrides, vocabulary."""
        return self.data_dir / "cards"

    @property
    def formats_dir(self) -> Path:
        """One folder per format (data/formats/<format>/format.yml, banlist.yml, rules/)."""
        return self.data_dir / "formats"

    @property
    def catalog_file(self) -> Path:
        """The shipped snapshot of Scryfall's creature type catalog, for offline builds."""
        return self.cards_data_dir / "scryfall-creature-types.json"

    @property
    def sample_file(self) -> Path:
        return self.data_dir / "sample" / "cards.jsonl.gz"

    @property
    def database(self) -> Path:
        return self.build_dir / "coalition.duckdb"

    @property
    def cache_dir(self) -> Path:
        return self.build_dir / "cache"

    @property
    def template_cache_dir(self) -> Path:
        """The build's compiled templates (generator/site/markup.py precompile_templates), for its workers."""
        return self.build_dir / "templates"

    @property
    def docs_dir(self) -> Path:
        return self.root / "docs"

    @property
    def site_dir(self) -> Path:
        return self.root / "site"
