"""Points by week as an inline SVG line chart (no script, works offline): one line per team, labelled at its
end; the page puts the same numbers in a table beside it for screen readers.

Sized for a phone: the SVG scales to the width it is given, text included, so its user units are chosen for
the narrowest screen. At 390 px the content column is about 358 px wide, so a 400-unit-wide chart shows its
14-unit text about 12.5 px tall (league.css caps the width on wider screens). End labels closer than a line of
text are moved apart; week numbers are thinned until they fit side by side."""

from __future__ import annotations

import math

from markupsafe import Markup, escape

WIDTH, HEIGHT = 400, 250
TOP, BOTTOM = 14, 32
FONT = 14                  # user units, as league.css sets them for the chart's text
CHAR = 0.62 * FONT         # the width of an average character of the bold system font, a bound for the margins
LINE = FONT + 3            # the least distance between two end labels' baselines
TICK_SPACE = 2.4 * FONT    # the least distance between two week numbers
# Distinct in hue and dash pattern: (light scheme's colour, dark scheme's colour, dash). Each colour is at least
# 4.5:1 against its scheme's page (the end labels are text in these colours: white, and the dark scheme's
# #1e2129), so the lines are well over the 3:1 of a graphic. The dark one is set as `--dark` on each line and
# label; league.css switches to it in the dark scheme.
STYLES = [("#1565c0", "#64b5f6", ""), ("#c62828", "#ef9a9a", "6 3"), ("#2e7d32", "#81c784", "2 3"),
          ("#8e24aa", "#ce93d8", "8 3 2 3"), ("#b34700", "#ffb74d", ""), ("#00838f", "#4dd0e1", "6 3"),
          ("#6d4c41", "#bcaaa4", "2 3"), ("#ad1457", "#f48fb1", "8 3 2 3"), ("#3d7a22", "#aed581", ""),
          ("#4527a0", "#b39ddb", "6 3")]


def _scale(values: list[int]) -> tuple[int, int]:
    low, high = min(values + [0]), max(values + [1])
    return low, high if high > low else low + 1


def spread(wanted: list[float], top: float, bottom: float, gap: float) -> list[float]:
    """Positions as near `wanted` as they can be, in the same order, at least `gap` apart, within top..bottom
    (as far as they fit): pushed down from the top, then back up from the bottom."""
    order = sorted(range(len(wanted)), key=lambda i: (wanted[i], i))
    placed = [wanted[i] for i in order]
    for k in range(len(placed)):
        placed[k] = max(placed[k], top if k == 0 else placed[k - 1] + gap)
    for k in reversed(range(len(placed))):
        placed[k] = min(placed[k], bottom if k == len(placed) - 1 else placed[k + 1] - gap)
    result = [0.0] * len(wanted)
    for k, i in enumerate(order):
        result[i] = placed[k]
    return result


def points_chart(series: list[tuple[str, list[int]]], title: str) -> Markup:
    """`series`: (team name, points after each week)."""
    weeks = max((len(points) for _, points in series), default=0)
    if weeks == 0:
        return Markup("")
    low, high = _scale([p for _, points in series for p in points])
    labels = [f"{name} {points[-1]}" for name, points in series]
    left = 8 + CHAR * max(len(str(low)), len(str(high)))
    right = 8 + CHAR * max(len(label) for label in labels)
    plot_w, plot_h = WIDTH - left - right, HEIGHT - TOP - BOTTOM

    def x(week: int) -> float:
        return left + (plot_w * week / weeks)

    def y(value: int) -> float:
        return TOP + plot_h - plot_h * (value - low) / (high - low)

    parts = [f'<svg class="league-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="chart-title" '
             f'preserveAspectRatio="xMinYMin meet"><title id="chart-title">{escape(title)}</title>',
             f'<line x1="{left:.1f}" y1="{y(low)}" x2="{left + plot_w:.1f}" y2="{y(low)}" class="axis"/>']
    step = max(1, math.ceil(TICK_SPACE * weeks / plot_w))
    for week in range(0, weeks + 1, step):
        parts.append(f'<text x="{x(week):.1f}" y="{HEIGHT - 6}" text-anchor="middle" class="tick">{week}</text>')
    for value in sorted({low, high, (low + high) // 2}):
        parts.append(f'<text x="{left - 6:.1f}" y="{y(value) + 5:.1f}" text-anchor="end" class="tick">{value}</text>')
    baselines = spread([y(points[-1]) + 5 for _, points in series], TOP + 5, HEIGHT - BOTTOM, LINE)
    for index, (_, points) in enumerate(series):
        colour, dark, dash = STYLES[index % len(STYLES)]
        coords = " ".join(f"{x(w):.1f},{y(p):.1f}" for w, p in enumerate([0] + points))
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline points="{coords}" fill="none" style="--dark: {dark}" stroke="{colour}" '
                     f'stroke-width="2.5"{dashing} class="line"/>')
        parts.append(f'<text style="--dark: {dark}" x="{x(len(points)) + 6:.1f}" y="{baselines[index]:.1f}" '
                     f'fill="{colour}" class="label">{escape(labels[index])}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
