"""MkDocs hook (mkdocs.yml `hooks:`): a data table a script needs reaches it from its one file.

Some scripts run on pages that fetch no format.json and must still know a table the Python reads too: mana.js
the symbols' spoken names ("black mana", data/cards/mana_symbols.yml; generator/site/manawords.py reads it for
the pages Python draws), colours.js the names of colors and color identities ("Izzet",
data/cards/color_identities.yml; generator/identitywords.py reads it for the command line, the league and the
pages). The site's copy of each script gets its table written in place of its marker `/* <file name> */ null`,
so the script has it at once (no request, offline too) and nobody keeps a second copy. A script without its
marker stops the build: it would know no names.

searchrules.js (the site's formats and their rules, for the search box and the lookup) likewise gets the site's
list of formats (the default format's data/format.json `formats`, exported into docs/ before MkDocs runs), so
that it has the list without that file: when the file fails to load, only that format's rules are missing from
a rule number's answer, not every format's."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from mkdocs.exceptions import PluginError

TABLES = Path("data") / "cards"
# The script (a path in the site) and the table written into it.
SCRIPTS = {"assets/js/mana.js": "mana_symbols.yml", "assets/js/colours.js": "color_identities.yml"}
# The script that gets the site's formats, and the exported file whose `formats` they are.
FORMATS_SCRIPT = "assets/js/searchrules.js"
FORMATS_FILE = "data/format.json"


def marker(table: str) -> str:
    return f"/* {table} */ null"


def table_json(project: Path, table: str) -> str:
    return json.dumps(yaml.safe_load((project / TABLES / table).read_text(encoding="utf-8")), ensure_ascii=False,
                      sort_keys=True)


def on_files(files, config):
    project = Path(config.config_file_path).resolve().parent
    for path, table in SCRIPTS.items():
        script = files.get_file_from_path(path)
        if script is None:
            continue
        text = script.content_string
        if marker(table) not in text:
            raise PluginError(f"{path}: no {marker(table)!r} for hooks/data_into_scripts.py to fill")
        script.content_string = text.replace(marker(table), table_json(project, table), 1)
    write_formats(files)
    return files


def write_formats(files) -> None:
    """The default format's list of formats into searchrules.js; a docs folder with no exports (a bare MkDocs
    build) leaves the marker null, and searchrules.js asks the file itself."""
    exported, script = files.get_file_from_path(FORMATS_FILE), files.get_file_from_path(FORMATS_SCRIPT)
    if exported is None or script is None:
        return
    listed = marker(f"{FORMATS_FILE} formats")
    text = script.content_string
    if listed not in text:
        raise PluginError(f"{FORMATS_SCRIPT}: no {listed!r} for hooks/data_into_scripts.py to fill")
    formats = json.loads(exported.content_string)["formats"]
    script.content_string = text.replace(listed, json.dumps(formats, ensure_ascii=False, sort_keys=True), 1)
