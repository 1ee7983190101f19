"""data/formats/balance-of-power/procedure.yml: read, checked by a pydantic schema, and exported for the
browser as the very same object (plus the sample decks' text)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from generator.errors import BuildError
from generator.yamlfile import line_of, validate

PROCEDURE_DIR = Path("formats") / "balance-of-power"
PROCEDURE_FILE = "procedure.yml"
EXPORT_VERSION = 1
# Where the site publishes procedure_export(), relative to docs/ (git-ignored: the build writes it).
SOLO_EXPORT = Path("balance-of-power") / "data" / "procedure.json"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RevealRule(_Strict):
    kind: str = Field(min_length=1)
    types: list[str]
    to: Literal["land_pile", "world_pile", "pile"]
    ends_pile: bool = False


class Sample(_Strict):
    name: str = Field(min_length=1)
    file: str = Field(min_length=1)


class Procedure(_Strict):
    name: str = Field(min_length=1)      # as the site's list of formats names it
    tagline: str = Field(min_length=1)   # the format in one line, after its name on that list
    piles: int = Field(ge=1, le=12)
    grid: list[list[int]]
    reveal: list[RevealRule] = Field(min_length=1)
    draw_to: Literal["under_top", "top", "bottom"]
    empty_draw: Literal["nothing", "lose"]
    samples: list[Sample] = []

    @model_validator(mode="after")
    def _consistent(self) -> "Procedure":
        cells = sorted(n for row in self.grid for n in row)
        if cells != list(range(1, self.piles + 1)):
            raise ValueError(f"grid must hold each pile number 1..{self.piles} once, not {cells}")
        if self.reveal[-1].types:
            raise ValueError("the last reveal rule must match every card (types: [])")
        if not any(rule.ends_pile and rule.to == "pile" for rule in self.reveal):
            raise ValueError("some reveal rule must end a pile (ends_pile: true, to: pile)")
        return self


def load_procedure(data_dir: Path) -> Procedure:
    """The checked procedure; a bad file stops with `file:line: what`."""
    return read_procedure(Path(data_dir) / PROCEDURE_DIR / PROCEDURE_FILE)


def read_procedure(path: Path) -> Procedure:
    procedure, lines = validate(Procedure, path)
    for number, sample in enumerate(procedure.samples):
        if not (path.parent / sample.file).is_file():
            raise BuildError(f"{path}:{line_of(lines, ('samples', number, 'file'))}: samples[{number}].file: no file {sample.file}")
    return procedure


def procedure_listings(formats_dir: Path) -> list[dict]:
    """`{name, tagline, url}` of every format folder run by a procedure (a procedure.yml, no format.yml), for the
    site's list of formats: its pages are the folder's own (docs/<folder>/index.md), written by hand."""
    listings = []
    for path in sorted(Path(formats_dir).glob(f"*/{PROCEDURE_FILE}")):
        procedure = read_procedure(path)
        listings.append({"name": procedure.name, "tagline": procedure.tagline, "url": f"{path.parent.name}/index.md"})
    return listings


def procedure_export(data_dir: Path) -> dict:
    """The object the site publishes as balance-of-power/procedure.json."""
    procedure = load_procedure(data_dir)
    folder = Path(data_dir) / PROCEDURE_DIR
    document = {"version": EXPORT_VERSION, **procedure.model_dump(exclude={"samples", "name", "tagline"})}
    document["samples"] = [
        {"name": s.name, "list": (folder / s.file).read_text(encoding="utf-8")} for s in procedure.samples
    ]
    return document
