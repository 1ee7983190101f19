"""Reads one YAML data file into plain data plus the line of every key, and validates it against a pydantic
model, so that every problem is one line naming the file, the line and the key (`file:line: key: what`).

Duplicate keys are refused here: PyYAML keeps the later value silently, which hides mistakes."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import pydantic
import yaml

from generator.errors import BuildError

Model = TypeVar("Model", bound=pydantic.BaseModel)
Lines = dict[tuple, int]


def read_text(path: Path) -> str:
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise BuildError(f"{path}: cannot read: {error.strerror}") from error
    if b"\x00" in raw:
        raise BuildError(f"{path}:1: a binary file, not YAML text")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise BuildError(f"{path}:{line}: not UTF-8 text") from error


def _walk(node: yaml.Node, path: tuple, lines: Lines, where: Path) -> None:
    """Record the line of every mapping key and sequence item; refuse a key given twice."""
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = key_node.value
            line = key_node.start_mark.line + 1
            if key in seen:
                raise BuildError(f"{where}:{line}: {key}: given twice (first on line {seen[key]})")
            seen[key] = line
            _walk(value_node, (*path, key), lines, where)
            lines[(*path, key)] = line
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, (*path, index), lines, where)


def load_yaml(path: Path) -> tuple[Any, Lines]:
    """(the file's data, {key path: line})."""
    text = read_text(path)
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return {}, {(): 1}
        lines: Lines = {}
        _walk(node, (), lines, path)
        return loader.construct_document(node), lines
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = f":{mark.line + 1}" if mark else ""
        raise BuildError(f"{path}{line}: not valid YAML: {getattr(error, 'problem', None) or error}") from error
    finally:
        loader.dispose()


def line_of(lines: Lines, loc: tuple) -> int:
    """The line of the deepest known key on the way to loc."""
    for end in range(len(loc), -1, -1):
        if tuple(loc[:end]) in lines:
            return lines[tuple(loc[:end])]
    return 1


def _key(loc: tuple) -> str:
    """A pydantic location as the file writes it: `copy_limits.creature`, `banned[3].date`."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        elif not (part.startswith("function-") or "[" in part):
            text += f".{part}" if text else part
    return text or "(top level)"


def validate(model: type[Model], path: Path, context: dict | None = None) -> tuple[Model, Lines]:
    """Load path and check it against model; the first problem stops the build as `file:line: key: what`."""
    data, lines = load_yaml(path)
    if not isinstance(data, dict):
        raise BuildError(f"{path}:1: expected a mapping at the top level")
    try:
        return model.model_validate(data, context=context), lines
    except pydantic.ValidationError as error:
        first = error.errors()[0]
        loc = tuple(p for p in first["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        message = first["msg"].removeprefix("Value error, ")
        raise BuildError(f"{path}:{line_of(lines, loc)}: {_key(loc)}: {message}") from None
