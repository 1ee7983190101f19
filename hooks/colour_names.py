"""MkDocs hook (mkdocs.yml `hooks:`): the names of colors and color identities reach the card tables' colour
words from their one table.

data/cards/color_identities.yml names the colors ("blue"), colorless and the identities ("Izzet");
generator/identitywords.py reads it for the command line, the league and the pages, and format.json hands it
to the validators. docs/assets/js/colours.js, loaded on pages that read no format.json (the leaders index, the
pools), needs the same names: here the site's copy gets the table written in place of its
`/* color_identities.yml */ null`, as hooks/mana_names.py does for mana.js. A colours.js without the marker
stops the build: its filters would know no names."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from mkdocs.exceptions import PluginError

SCRIPT = "assets/js/colours.js"
MARKER = "/* color_identities.yml */ null"
TABLE = Path("data") / "cards" / "color_identities.yml"


def names_json(project: Path) -> str:
    return json.dumps(yaml.safe_load((project / TABLE).read_text(encoding="utf-8")), ensure_ascii=False,
                      sort_keys=True)


def on_files(files, config):
    script = files.get_file_from_path(SCRIPT)
    if script is None:
        return files
    text = script.content_string
    if MARKER not in text:
        raise PluginError(f"{SCRIPT}: no {MARKER!r} for hooks/colour_names.py to fill")
    project = Path(config.config_file_path).resolve().parent
    script.content_string = text.replace(MARKER, names_json(project), 1)
    return files
