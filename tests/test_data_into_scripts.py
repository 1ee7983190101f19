"""hooks/data_into_scripts.py: each script gets its one table written in place of its marker, and a script
without its marker stops the build (it would know no names)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from generator.paths import PROJECT_ROOT
from tests.site_testing import load_hook


def site_files(texts: dict[str, str]):
    # What the hook reads of MkDocs's config: where the project is; File.generated: where pages would go.
    config = SimpleNamespace(config_file_path=str(PROJECT_ROOT / "mkdocs.yml"), site_dir="unused",
                             use_directory_urls=True, plugins=SimpleNamespace(_current_plugin=None))
    files = Files([File.generated(config, path, content=text) for path, text in texts.items()])
    return files, config


def test_each_script_gets_its_table_in_place_of_its_marker():
    hook = load_hook(PROJECT_ROOT, "data_into_scripts")
    texts = {path: f"var table = {hook.marker(table)};" for path, table in hook.SCRIPTS.items()}
    files, config = site_files(texts)
    hook.on_files(files, config)
    for path, table in hook.SCRIPTS.items():
        written = files.get_file_from_path(path).content_string
        assert json.loads(written.removeprefix("var table = ").removesuffix(";")) == json.loads(
            hook.table_json(PROJECT_ROOT, table)), path
    assert set(hook.SCRIPTS.values()) == {"mana_symbols.yml", "color_identities.yml"}


def test_a_script_without_its_marker_stops_the_build():
    hook = load_hook(PROJECT_ROOT, "data_into_scripts")
    files, config = site_files({"assets/js/colours.js": "var table = null;"})
    with pytest.raises(PluginError, match=r"assets/js/colours\.js: no '/\* color_identities\.yml \*/ null'"):
        hook.on_files(files, config)


def test_searchrules_js_gets_the_default_formats_list_of_formats():
    """Review: search.js read the list of formats from the default format's data/format.json, so that one file
    failing to load hid every format's rules; the build writes the list into the script instead: searchrules.js,
    split from search.js with the code that reads the list."""
    hook = load_hook(PROJECT_ROOT, "data_into_scripts")
    listed = [{"format": "one", "name": "One", "url": "../data/format.json"},
              {"format": "two", "name": "Two", "url": "../two/data/format.json"}]
    script = f"var LISTED = {hook.marker('data/format.json formats')};"
    files, config = site_files({"assets/js/searchrules.js": script,
                                "data/format.json": json.dumps({"name": "One", "formats": listed})})
    hook.on_files(files, config)
    written = files.get_file_from_path("assets/js/searchrules.js").content_string
    assert json.loads(written.removeprefix("var LISTED = ").removesuffix(";")) == listed
    files, config = site_files({"assets/js/searchrules.js": "var LISTED = null;", "data/format.json": "{}"})
    with pytest.raises(PluginError, match=r"assets/js/searchrules\.js: no '/\* data/format\.json formats \*/ null'"):
        hook.on_files(files, config)


def test_the_site_script_holds_the_formats_marker():
    hook = load_hook(PROJECT_ROOT, "data_into_scripts")
    assert hook.marker("data/format.json formats") in (PROJECT_ROOT / "docs" / hook.FORMATS_SCRIPT).read_text()
