"""Guards against publishing a gutted site: tonight's counts of cards, leaders, coalition types and pages
may not fall more than MAX_DROP below the published build's.

The published build is its summary (data/summary.json.gz, which the nightly fetches into
build/previous-summary.json.gz; locally the summary of the site a build replaces), so the guard works on a
fresh runner that has no database of its own. Summaries record their counts under "counts"; older ones are
counted from their content.
"""

from __future__ import annotations

import duckdb

from generator.errors import BuildError

MAX_DROP = 0.05
COUNTED = ("cards", "leaders", "types", "pages")


def current_counts(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    # The default format's leaders and types: the ones the published summary counts.
    cards, leaders, types = con.execute(
        "WITH d AS (SELECT format FROM formats WHERE is_default)"
        " SELECT (SELECT count(*) FROM cards),"
        " (SELECT count(*) FROM leaders WHERE can_lead AND format = (SELECT format FROM d)),"
        " (SELECT count(*) FROM type_summary WHERE format = (SELECT format FROM d))").fetchone()
    return {"cards": cards, "leaders": leaders, "types": types}


def summary_counts(summary: dict) -> dict[str, int]:
    """What a published summary says it held: its own "counts", else counted from its cards and types."""
    recorded = summary.get("counts")
    if isinstance(recorded, dict):
        return {k: v for k, v in recorded.items() if k in COUNTED and isinstance(v, int)}
    cards = summary.get("cards") or {}
    return {"cards": len(cards), "leaders": sum(1 for c in cards.values() if c.get("leader_types")),
            "types": len(summary.get("types") or {})}


def check_drops(current: dict[str, int], previous: dict | None, origin: str) -> None:
    """BuildError when any count fell more than MAX_DROP below the previous build's; nothing to compare
    with (a first build) passes."""
    if previous is None:
        return
    before = summary_counts(previous)
    for key in COUNTED:
        now, then = current.get(key), before.get(key)
        if now is None or not then:
            continue
        if now < then * (1 - MAX_DROP):
            raise BuildError(f"{origin}: {now:,} {key} is more than {MAX_DROP:.0%} below the published build's "
                             f"{then:,}; refusing to publish (use --allow-drop if this is really right)")
