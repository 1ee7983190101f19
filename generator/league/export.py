"""The league numbers for browsers: every data/formats/<format>/league.yml, checked, as
data/league/<format>.json under the site (the pod tracker page reads it), so the page and
`coalition league` score with the same numbers."""

from __future__ import annotations

import json
from pathlib import Path

from generator.league.rules import LeagueFile
from generator.league.yamlfile import read_document, validate

LEAGUE_FILE = "league.yml"


def league_files(data_dir: Path) -> list[Path]:
    return sorted((data_dir / "formats").glob(f"*/{LEAGUE_FILE}"))


def write_league_exports(data_dir: Path, out_dir: Path) -> list[Path]:
    """Write out_dir/data/league/<format>.json for every format with league rules; return the files."""
    written = []
    for source in league_files(data_dir):
        data, lines = read_document(source)
        rules = validate(LeagueFile, data, lines)
        target = out_dir / "data" / "league" / f"{source.parent.name}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(rules.as_json(), ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                          encoding="utf-8")
        written.append(target)
    return written
