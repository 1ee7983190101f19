"""The dashboard: every coalition type's depth in numbers and charts, drawn as inline SVG at build time.

No chart service and no script are needed to see it; the table sorts with the site's own table script
(see templates/changes/dashboard.md.j2). Bars follow the theme's colour through a CSS variable; the
colour spread uses the five Magic colours, which mean something.
"""

from __future__ import annotations

from html import escape

import duckdb

CURVE_BUCKETS = 8  # mana values 0..6 and 7+
COLOURS = [("W", "White", "#e8dfb0"), ("U", "Blue", "#3f7fd0"), ("B", "Black", "#4a4048"),
           ("R", "Red", "#d5493a"), ("G", "Green", "#3a8f52"), ("M", "Multicolor", "#c9a227"),
           ("C", "Colorless", "#a9a9a9")]
# The bars take the theme's primary colour from the page's one <style> rule (dashboard.md.j2), so the
# 330 sparklines do not each repeat it. White, Multicolor and Colorless are pale on the light page and Black
# dark on the dark one (1.35:1 to 2.42:1, where WCAG 1.4.11 asks 3:1 of a graphic): every colour's swatch
# and bar segment is outlined in the text's colour, which stands out on the page in both palettes.
CHART_STYLE = (".coalition-chart rect,.coalition-curve path{fill:var(--md-primary-fg-color,#4051b5)}"
               ".coalition-chart figcaption{font-weight:700}"
               ".coalition-colours rect{stroke:currentColor;stroke-width:1px}"
               ".colour-swatch{display:inline-block;width:.8em;height:.8em;box-sizing:border-box;"
               "border:1px solid currentColor;vertical-align:-.05em}")

# Lands have no place on a mana curve; every pool card counts in the colour spread.
POOL_CARDS_SQL = """
SELECT p.type,
       CASE WHEN c.card_group = 'land' THEN NULL ELSE least(floor(coalesce(c.cmc, 0)), 7)::INTEGER END AS bucket,
       CASE WHEN len(coalesce(c.colors, [])) = 0 THEN 'C'
            WHEN len(c.colors) = 1 THEN c.colors[1] ELSE 'M' END AS colour,
       CASE WHEN c.card_group = 'land' THEN NULL ELSE coalesce(c.cmc, 0) END AS cmc
FROM pools p JOIN cards c USING (oracle_id)
WHERE p.format = (SELECT format FROM formats WHERE is_default)
"""


def type_statistics(con: duckdb.DuckDBPyConnection) -> list[dict]:
    """One dict per coalition type, sorted by type: counts, changeling share, curve and colour spread."""
    stats = {t: {"type": t, "pool": pool, "leaders": leaders, "changelings": changelings,
                 "curve": [0] * CURVE_BUCKETS, "colours": dict.fromkeys([c for c, _, _ in COLOURS], 0),
                 "cmc_total": 0.0, "nonland": 0}
             for t, pool, leaders, changelings in con.execute(
                 "SELECT type, pool_size, leaders, changelings FROM type_summary WHERE format = (SELECT format FROM formats WHERE is_default) ORDER BY type").fetchall()}
    for type_, bucket, colour, cmc in con.execute(POOL_CARDS_SQL).fetchall():
        row = stats[type_]
        row["colours"][colour if colour in row["colours"] else "C"] += 1
        if bucket is not None:
            row["curve"][bucket] += 1
            row["cmc_total"] += cmc
            row["nonland"] += 1
    for row in stats.values():
        row["changeling_share"] = row["changelings"] / row["pool"] if row["pool"] else 0.0
        row["average_cmc"] = row.pop("cmc_total") / row["nonland"] if row["nonland"] else 0.0
    return list(stats.values())


def widest_leaders(con: duckdb.DuckDBPyConnection, limit: int = 15) -> tuple[list[dict], list[str]]:
    """(the non-changeling leaders that open the most coalition types, the changeling leaders' names).

    Changeling leaders open every type; drawn with the others, their bar would flatten the rest."""
    rows = con.execute(
        "SELECT c.name, len(l.coalition_types) AS n, a.is_changeling FROM leaders l "
        "JOIN cards c USING (oracle_id) JOIN card_affiliation a USING (oracle_id) "
        "WHERE l.can_lead AND l.format = (SELECT format FROM formats WHERE is_default) ORDER BY n DESC, c.name").fetchall()
    widest = [{"name": name, "types": n} for name, n, changeling in rows if not changeling][:limit]
    return widest, [name for name, _, changeling in rows if changeling]


def bar_chart(rows: list[tuple[str, int]], title: str, width: int = 400) -> str:
    """A horizontal bar chart: one (label, value) per bar, each label on its own line above its bar and the
    value at the bar's end. Narrow on purpose: a phone shows it at nearly full size, so 13-unit text stays
    about 11 px tall, and a long name ("Vastwood Seer // Nissa, Sage Animist") is never cut.

    Labels are plain text, not links: the theme's instant navigation rewrites every <a> on the page and
    fails on SVG links. The table below the charts links every type."""
    row_height, top, value_room = 36, 2, 56
    scale = (width - value_room) / max((value for _, value in rows), default=1) if rows else 0
    height = top + row_height * len(rows) + 2
    parts = [f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
             f'style="max-width:100%;height:auto" role="img">'
             f'<title>{escape(title)}</title>']
    for i, (label, value) in enumerate(rows):
        y = top + i * row_height
        parts.append(f'<text x="0" y="{y + 13}" fill="currentColor" font-size="13">{escape(label)}</text>')
        bar = max(round(value * scale, 1), 1)
        parts.append(f'<rect x="0" y="{y + 18}" width="{bar}" height="12"/>')
        parts.append(f'<text x="{bar + 4}" y="{y + 29}" fill="currentColor" font-size="13">{value:,}</text>')
    parts.append("</svg>")
    return "".join(parts)


def curve_sparkline(curve: list[int]) -> str:
    """Eight small bars: how many non-land pool cards cost 0, 1, … 6, 7 or more."""
    peak, height = max(curve) or 1, 16
    path = "".join(f"M{i * 6} {height}v-{max(round(n / peak * height, 1), 0.5)}h5V{height}z"
                   for i, n in enumerate(curve) if n)
    label = "Mana values 0–7+: " + ", ".join(str(n) for n in curve)
    return (f'<svg class="coalition-curve" viewBox="0 0 48 {height}" width="72" height="24" role="img">'
            f'<title>{label}</title><path d="{path}"/></svg>')


def colour_bar(colours: dict[str, int]) -> str:
    """One stacked bar: the pool's share of each colour, multicolour and colourless cards."""
    total, width = sum(colours.values()) or 1, 64
    # The segments lie half a unit inside the picture, so that their outline (CHART_STYLE) is not cut off.
    x, inner = 0.5, width - 1
    rects = []
    for code, _, fill in COLOURS:
        if colours[code]:
            w = round(colours[code] / total * inner, 2)
            rects.append(f'<rect x="{round(x, 2)}" y="0.5" width="{w}" height="9" fill="{fill}"/>')
            x += w
    label = ", ".join(f"{name} {colours[code]}" for code, name, _ in COLOURS if colours[code]) or "no cards"
    return (f'<svg class="coalition-colours" viewBox="0 0 {width} 10" width="{width}" height="10" role="img">'
            f'<title>{label}</title>{"".join(rects)}</svg>')


def pool_histogram(stats: list[dict]) -> list[tuple[str, int]]:
    """How many types have how many cards of their own (changelings aside, since every type has them all):
    where the format is thin and where it is deep."""
    bands = [(0, 9), (10, 24), (25, 49), (50, 99), (100, 199), (200, 399), (400, None)]
    own = [s["pool"] - s["changelings"] for s in stats]
    return [(f"{low}+ cards" if high is None else f"{low}–{high} cards",
             sum(1 for n in own if n >= low and (high is None or n <= high))) for low, high in bands]


def dashboard_context(con: duckdb.DuckDBPyConnection) -> dict:
    """Everything the dashboard template needs, charts already drawn."""
    stats = type_statistics(con)
    deepest = sorted(stats, key=lambda s: (-s["pool"], s["type"]))[:20]
    most_led = sorted(stats, key=lambda s: (-s["leaders"], s["type"]))[:20]
    leaders, changeling_leaders = widest_leaders(con)
    for row in stats:
        row["curve_svg"], row["colour_svg"] = curve_sparkline(row["curve"]), colour_bar(row["colours"])
    return {
        "stats": sorted(stats, key=lambda s: (-s["pool"], s["type"])),
        "type_count": len(stats),
        "pool_total": sum(s["pool"] for s in stats),
        "charts": [
            ("The 20 deepest pools", bar_chart([(s["type"], s["pool"]) for s in deepest], "Cards in the pool")),
            ("Types by cards of their own (changelings aside)",
             bar_chart(pool_histogram(stats), "Number of types with that many cards of their own")),
            ("The 20 types with the most leaders",
             bar_chart([(s["type"], s["leaders"]) for s in most_led], "Leaders")),
            ("Leaders that open the most types", bar_chart([(l["name"], l["types"]) for l in leaders],
                                                           "Coalition types the leader can lead")),
        ],
        "changeling_leaders": changeling_leaders,
        "colours": COLOURS,
        "style": CHART_STYLE,
    }
