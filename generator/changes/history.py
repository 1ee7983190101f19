"""The change history: every entry ever recorded, newest first, in one JSON file.

It lives in the build folder (`build/changes-history.json`, restored by the nightly workflow) and is
published as `data/changes-history.json` so the next nightly can restore it from the live site when the
Actions cache is gone. The page shows the year up to the newest entry; older entries go to the archive.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from generator.errors import BuildError

HISTORY_VERSION = 1
HISTORY_FILE = "changes-history.json"
PAGE_DAYS = 365


def new_history(started: str) -> dict:
    """An empty history; `started` is when the first build it compares against was made."""
    return {"version": HISTORY_VERSION, "started": started, "entries": []}


def read_history(path: Path) -> dict | None:
    if not path.exists():
        return None
    try:
        history = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise BuildError(f"{path}: not a change history ({error})") from error
    if not isinstance(history, dict) or not isinstance(history.get("entries"), list):
        raise BuildError(f"{path}: not a change history (no \"entries\" list)")
    if history.get("version") != HISTORY_VERSION:
        raise BuildError(f"{path}: change history version {history.get('version')!r}, expected {HISTORY_VERSION}")
    return history


def dump_history(history: dict) -> str:
    """Stable text: the same history is always the same bytes, so an unchanged night publishes nothing."""
    return json.dumps(history, ensure_ascii=False, sort_keys=True, indent=1) + "\n"


def add_entry(history: dict, entry: dict) -> bool:
    """Put `entry` first unless the same change (same summaries before and after) is already recorded.

    A build re-run against the same previous summary would otherwise log its change twice."""
    for known in history["entries"]:
        if (known.get("from"), known.get("to")) == (entry["from"], entry["to"]):
            return False
    history["entries"].insert(0, entry)
    history["entries"].sort(key=lambda e: e["built_at"], reverse=True)
    return True


def split_by_year(entries: list[dict]) -> tuple[list[dict], list[dict]]:
    """(the page's entries, the archive's). The year counts back from the newest entry, not from today,
    so a night with no change renders the same page as the night before."""
    if not entries:
        return [], []
    cutoff = _day(entries[0]["date"]) - dt.timedelta(days=PAGE_DAYS)
    recent = [e for e in entries if _day(e["date"]) > cutoff]
    return recent, entries[len(recent):]


def _day(text: str) -> dt.date:
    return dt.date.fromisoformat(text[:10])
