"""hooks/theme_bundle.py: the theme's script bundle, whose name carries a hash of each release, is found in the
theme's own folders for the pages' <head> to preload; none or two stop the build."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from generator.paths import PROJECT_ROOT
from tests.site_testing import load_hook


def config_with_theme(*folders: Path) -> SimpleNamespace:
    return SimpleNamespace(theme=SimpleNamespace(dirs=[str(folder) for folder in folders]), extra={})


def bundles(folder: Path, *names: str) -> Path:
    (folder / "assets" / "javascripts").mkdir(parents=True)
    for name in names:
        (folder / "assets" / "javascripts" / name).write_text("/* bundle */", encoding="utf-8")
    return folder


def test_the_installed_theme_names_its_one_bundle():
    import material

    hook = load_hook(PROJECT_ROOT, "theme_bundle")
    config = hook.on_config(config_with_theme(PROJECT_ROOT / "overrides", Path(material.__file__).parent / "templates"))
    name = config.extra["theme_bundle"]
    assert name.startswith("assets/javascripts/bundle.") and name.endswith(".min.js")
    assert (Path(material.__file__).parent / "templates" / name).is_file()


def test_the_bundle_is_found_in_whichever_theme_folder_holds_it(tmp_path):
    hook = load_hook(PROJECT_ROOT, "theme_bundle")
    config = hook.on_config(config_with_theme(tmp_path / "overrides", bundles(tmp_path / "theme", "bundle.0a1b2c3d.min.js",
                                                                              "bundle.0a1b2c3d.min.js.map")))
    assert config.extra["theme_bundle"] == "assets/javascripts/bundle.0a1b2c3d.min.js"


@pytest.mark.parametrize("names", [(), ("bundle.11111111.min.js", "bundle.22222222.min.js")])
def test_no_bundle_or_two_stop_the_build(tmp_path, names):
    hook = load_hook(PROJECT_ROOT, "theme_bundle")
    with pytest.raises(PluginError, match="the theme's script bundle"):
        hook.on_config(config_with_theme(bundles(tmp_path / "theme", *names)))
