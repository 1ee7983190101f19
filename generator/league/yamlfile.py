"""Reading a league YAML file with the line of every key, and checking it against a pydantic model so that
each problem becomes one line: `file:line: where.in.the.file: what is wrong`."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import pydantic
import yaml

from generator.errors import BuildError, UsageError

Model = TypeVar("Model", bound=pydantic.BaseModel)


def _lines(node: yaml.Node, path: tuple, found: dict[tuple, int]) -> None:
    found[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = key_node.value
            _lines(value_node, path + (key,), found)
            found[path + (key,)] = key_node.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _lines(item, path + (index,), found)


class LineMap:
    """The line where each path of a YAML document starts (a path is a tuple of keys and list indexes)."""

    def __init__(self, file: str, lines: dict[tuple, int]):
        self.file = file
        self._lines = lines

    def line(self, path: tuple) -> int:
        while path and path not in self._lines:
            path = path[:-1]
        return self._lines.get(path, 1)

    def where(self, path: tuple) -> str:
        return f"{self.file}:{self.line(tuple(path))}"

    def within(self, prefix: tuple) -> "LineMap":
        """The lines of the part of the document at `prefix`, as if it were the whole document."""
        size = len(prefix)
        return LineMap(self.file, {path[size:]: line for path, line in self._lines.items() if path[:size] == prefix})


def dotted(path: tuple) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


class _Loader(yaml.SafeLoader):
    """YAML's safe loader, but a date-shaped value that is no day (`2026-13-40`) stays the text it is: PyYAML
    raises a bare ValueError for it, which would name no line; as text it reaches the model, whose error names
    the file, the line and the key like every other."""

    def construct_yaml_timestamp(self, node):
        try:
            return super().construct_yaml_timestamp(node)
        except ValueError:
            return self.construct_scalar(node)


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _Loader.construct_yaml_timestamp)


def read_document(path: Path) -> tuple[object, LineMap]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError(f"{path}: cannot read: {error.strerror}") from error
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = f":{mark.line + 1}" if mark else ""
        raise UsageError(f"{path}{line}: not valid YAML: {getattr(error, 'problem', error)}") from error
    found: dict[tuple, int] = {}
    if node is not None:
        _lines(node, (), found)
    return data, LineMap(str(path), found)


def _message(error: dict) -> str:
    message = error["msg"]
    if error["type"] == "extra_forbidden":
        return "unknown key"
    if error["type"] == "missing":
        return "missing"
    if error["type"].startswith("date_"):   # pydantic's "invalid character in year" names no remedy
        return f"'{error['input']}' is not a date: write YYYY-MM-DD"
    return message.removeprefix("Value error, ")


def validate(model: type[Model], data: object, lines: LineMap, context: dict | None = None) -> Model:
    """The data as `model`, or a BuildError naming the first problem's file, line and key. `context`: handed to
    the model's validators (a season's: the format's `cites:`, for the rules their messages cite)."""
    if not isinstance(data, dict):
        raise BuildError(f"{lines.file}:1: expected a mapping at the top level")
    try:
        return model.model_validate(data, context=context)
    except pydantic.ValidationError as error:
        first = error.errors()[0]
        path = tuple(part for part in first["loc"] if isinstance(part, (str, int)))
        key = dotted(path) or "top level"
        # a value that is no date at all is input the command cannot read (exit 2), as unreadable YAML is
        unreadable = UsageError if first["type"].startswith("date_") else BuildError
        raise unreadable(f"{lines.where(path)}: {key}: {_message(first)}") from error
