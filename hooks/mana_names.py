"""MkDocs hook (mkdocs.yml `hooks:`): the symbols' spoken names reach the browser from their one table.

data/cards/mana_symbols.yml names every card symbol ("black mana"); generator/site/manawords.py reads it for
the pages Python draws, and docs/assets/js/mana.js needs the same words for the symbols it draws. Here the
site's copy of mana.js gets the table written in place of its `/* mana_symbols.yml */ null`, so the script
has them at once (no request, offline too) and nobody keeps a second copy. A mana.js without the marker
stops the build: its symbols would have no names."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from mkdocs.exceptions import PluginError

SCRIPT = "assets/js/mana.js"
MARKER = "/* mana_symbols.yml */ null"
TABLE = Path("data") / "cards" / "mana_symbols.yml"


def names_json(project: Path) -> str:
    return json.dumps(yaml.safe_load((project / TABLE).read_text(encoding="utf-8")), ensure_ascii=False,
                      sort_keys=True)


def on_files(files, config):
    script = files.get_file_from_path(SCRIPT)
    if script is None:
        return files
    text = script.content_string
    if MARKER not in text:
        raise PluginError(f"{SCRIPT}: no {MARKER!r} for hooks/mana_names.py to fill")
    project = Path(config.config_file_path).resolve().parent
    script.content_string = text.replace(MARKER, names_json(project), 1)
    return files
