"""MkDocs hook (mkdocs.yml `hooks:`): the address of the theme's script bundle, for the pages' <head>.

The theme writes its bundle at the end of each page, a script the parser waits for, under a name that carries
a hash of each release (`assets/javascripts/bundle.<hash>.min.js`). The pages ask for it early, beside our own
scripts (overrides/partials/javascripts/base.html), so the name is read from the theme's own files here, once
per build, into `config.extra.theme_bundle`: a theme update needs no change of ours. No bundle, or more than
one, stops the build.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError

BUNDLE = "assets/javascripts/bundle.*.min.js"


def on_config(config):
    found = sorted({path.relative_to(folder).as_posix() for folder in map(Path, config.theme.dirs)
                    for path in folder.glob(BUNDLE)})
    if len(found) != 1:
        raise PluginError(f"the theme's script bundle ({BUNDLE}): expected one in the theme's folders, found {found or 'none'}")
    config.extra["theme_bundle"] = found[0]
    return config
