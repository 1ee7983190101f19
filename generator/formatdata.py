"""Reads data/*.yml, checks its shape, and loads it into the database's input tables.

Shape errors (an unknown key, a missing field, a wrong type) stop here with `file:line: message`. Errors that
need the card data (a name that matches no card, a type that does not exist) are found later by
generator/validation.py, which still has the line numbers kept here.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from generator.errors import BuildError

FORMAT_KEYS = {
    "name": str, "deck_size": int, "sideboard_max": int, "starting_life": int, "victory_points": int,
    "games_per_match": int, "excluded_type": str, "copy_limits": dict, "rules": dict, "readings": dict,
}
COPY_LIMIT_KEYS = {"creature", "nonbasic_land", "other", "basic_land"}
BANLIST_KEYS = {"categories", "banned", "watchlist", "exceptions"}
CATEGORY_KEYS = {"title": str, "reason": str}
BANNED_KEYS = {"card": str, "reason": str, "date": str, "category": str}
WATCH_KEYS = {"card": str, "reason": str}
EXCEPTION_KEYS = {"card": str, "allows": list, "reason": str}
OVERRIDE_KEYS = {"card": str, "add": list, "remove": list, "reason": str}
TYPES_KEYS = {"irregular_plurals": dict, "not_creature_types": list, "multiword_types": list}
COMPUTED_CATEGORIES = {"reserved_list", "conspiracy", "ante", "racist_depiction", "sticker_attraction", "legendary"}
ALLOWABLE_REASONS = {"not_paper", "reserved_list", "conspiracy", "ante", "sticker_attraction", "legendary"}


class _LineLoader(yaml.SafeLoader):
    """Keeps each mapping's line number under the key `__line__` so later errors can point at it."""


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> dict:
    mapping = loader.construct_mapping(node, deep=True)
    mapping["__line__"] = node.start_mark.line + 1
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


@dataclass
class Entry:
    """One named entry of a data file, with where it was written."""

    card: str
    file: str
    line: int
    fields: dict = field(default_factory=dict)

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass
class FormatData:
    settings: dict
    categories: dict
    banned: list[Entry]
    watchlist: list[Entry]
    exceptions: list[Entry]
    overrides: list[Entry]
    irregular_plurals: dict
    not_creature_types: list[str]
    multiword_types: list[str]

    def named_entries(self) -> list[tuple[str, Entry]]:
        """Every entry that names a card, with the list it is in."""
        lists = {"banned": self.banned, "watchlist": self.watchlist, "exceptions": self.exceptions,
                 "overrides": self.overrides}
        return [(kind, entry) for kind, entries in lists.items() for entry in entries]


def read_yaml(path: Path) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise BuildError(f"{path}: cannot read: {error.strerror}") from error
    try:
        loaded = yaml.load(text, Loader=_LineLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = f":{mark.line + 1}" if mark else ""
        raise BuildError(f"{path}{line}: not valid YAML: {getattr(error, 'problem', error)}") from error
    if not isinstance(loaded, dict):
        raise BuildError(f"{path}:1: expected a mapping at the top level")
    return loaded


def _check_keys(mapping: dict, allowed: dict | set, where: str, required: tuple = ()) -> None:
    for key in mapping:
        if key != "__line__" and key not in allowed:
            raise BuildError(f"{where}: unknown key '{key}' (expected one of: {', '.join(sorted(allowed))})")
    for key in required:
        if key not in mapping:
            raise BuildError(f"{where}: missing '{key}'")
    if isinstance(allowed, dict):
        for key, kind in allowed.items():
            value = mapping.get(key)
            if isinstance(value, dt.date):
                mapping[key] = value = value.isoformat()
            if key in mapping and kind is int and (not isinstance(value, int) or isinstance(value, bool)):
                raise BuildError(f"{where}: '{key}' must be a whole number, not {value!r}")
            if key in mapping and kind is not int and not isinstance(value, kind):
                raise BuildError(f"{where}: '{key}' must be a {kind.__name__}, not {value!r}")


def _entries(items: object, path: Path, key: str, allowed: dict, required: tuple) -> list[Entry]:
    if items is None:
        return []
    if not isinstance(items, list):
        raise BuildError(f"{path}: '{key}' must be a list")
    entries = []
    for item in items:
        if not isinstance(item, dict):
            raise BuildError(f"{path}: every entry of '{key}' must be a mapping, not {item!r}")
        where = f"{path}:{item['__line__']}"
        _check_keys(item, allowed, where, required)
        fields = {k: v for k, v in item.items() if k not in ("card", "__line__")}
        entries.append(Entry(card=item["card"].strip(), file=str(path), line=item["__line__"], fields=fields))
    return entries


def _load_format(path: Path) -> dict:
    settings = read_yaml(path)
    where = f"{path}:1"
    _check_keys(settings, FORMAT_KEYS, where, required=tuple(FORMAT_KEYS))
    limits = settings["copy_limits"]
    _check_keys(limits, COPY_LIMIT_KEYS, f"{path}:{limits['__line__']}", required=tuple(COPY_LIMIT_KEYS))
    for key, value in limits.items():
        if key != "__line__" and value is not None and (not isinstance(value, int) or value < 1):
            raise BuildError(f"{path}:{limits['__line__']}: copy limit '{key}' must be a positive number or null")
    rules = settings["rules"]
    for key, value in rules.items():
        if key != "__line__":
            rules[key] = str(value)
    return _strip_lines(settings)


def _strip_lines(value: object) -> object:
    if isinstance(value, dict):
        return {k: _strip_lines(v) for k, v in value.items() if k != "__line__"}
    if isinstance(value, list):
        return [_strip_lines(v) for v in value]
    return value


def _load_banlist(path: Path) -> tuple[dict, list[Entry], list[Entry], list[Entry]]:
    data = read_yaml(path)
    _check_keys(data, BANLIST_KEYS, f"{path}:1", required=("categories", "banned"))
    categories = data["categories"]
    for name, category in categories.items():
        if name == "__line__":
            continue
        if name not in COMPUTED_CATEGORIES:
            raise BuildError(f"{path}:{category['__line__']}: unknown category '{name}'")
        _check_keys(category, CATEGORY_KEYS, f"{path}:{category['__line__']}", required=("title", "reason"))
    banned = _entries(data["banned"], path, "banned", BANNED_KEYS, ("card", "date"))
    for entry in banned:
        category = entry.fields.get("category")
        if category is None and "reason" not in entry.fields:
            raise BuildError(f"{entry.where}: a named ban needs a 'reason'")
        if category is not None and category not in categories:
            raise BuildError(f"{entry.where}: unknown category '{category}'")
    watchlist = _entries(data.get("watchlist"), path, "watchlist", WATCH_KEYS, ("card", "reason"))
    exceptions = _entries(data.get("exceptions"), path, "exceptions", EXCEPTION_KEYS, ("card", "allows", "reason"))
    for entry in exceptions:
        unknown = set(entry.fields["allows"]) - ALLOWABLE_REASONS
        if unknown:
            raise BuildError(f"{entry.where}: an exception cannot allow '{sorted(unknown)[0]}'")
    return _strip_lines(categories), banned, watchlist, exceptions


def _load_overrides(path: Path) -> list[Entry]:
    data = read_yaml(path)
    _check_keys(data, {"overrides"}, f"{path}:1", required=("overrides",))
    entries = _entries(data["overrides"], path, "overrides", OVERRIDE_KEYS, ("card", "reason"))
    for entry in entries:
        if not entry.fields.get("add") and not entry.fields.get("remove"):
            raise BuildError(f"{entry.where}: an override needs 'add' or 'remove'")
    return entries


def load_format_data(data_dir: Path) -> FormatData:
    """Read and check every format file under data_dir."""
    categories, banned, watchlist, exceptions = _load_banlist(data_dir / "banlist.yml")
    types = read_yaml(data_dir / "creature_types.yml")
    _check_keys(types, TYPES_KEYS, f"{data_dir / 'creature_types.yml'}:1", required=tuple(TYPES_KEYS))
    types = _strip_lines(types)
    return FormatData(
        settings=_load_format(data_dir / "format.yml"),
        categories=categories, banned=banned, watchlist=watchlist, exceptions=exceptions,
        overrides=_load_overrides(data_dir / "affiliation_overrides.yml"),
        irregular_plurals=types["irregular_plurals"],
        not_creature_types=types["not_creature_types"],
        multiword_types=types["multiword_types"],
    )


def input_rows(data: FormatData) -> dict[str, list[tuple]]:
    """The rows of each input table (generator/sql/inputs/<table>.sql), in column order."""
    return {
        "format_settings": [(key, json.dumps(value)) for key, value in data.settings.items()],
        "banlist_categories": [(name, c["title"], c["reason"]) for name, c in data.categories.items()],
        "banlist_names": [
            (e.card, e.fields.get("category", "banned"), e.fields.get("reason"), e.fields["date"], e.where)
            for e in data.banned
        ],
        "watchlist": [(e.card, e.fields["reason"], e.where) for e in data.watchlist],
        "exceptions": [(e.card, e.fields["allows"], e.fields["reason"], e.where) for e in data.exceptions],
        "affiliation_overrides": [
            (e.card, e.fields.get("add") or [], e.fields.get("remove") or [], e.fields["reason"], e.where)
            for e in data.overrides
        ],
        "type_spellings": [(t, p) for t, p in data.irregular_plurals.items()],
        "not_creature_types": [(t,) for t in data.not_creature_types],
        "multiword_types": [(t,) for t in data.multiword_types],
    }
