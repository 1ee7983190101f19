"""Points by week as an inline SVG line chart (no script, works offline): one line per team, labelled at its
end; the page puts the same numbers in a table beside it for screen readers."""

from __future__ import annotations

from markupsafe import Markup, escape

WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 40, 120, 16, 32
# Distinct in hue and dash pattern; each is at least 3:1 against both the light and the dark background.
STYLES = [("#1565c0", ""), ("#c62828", "6 3"), ("#2e7d32", "2 3"), ("#8e24aa", "8 3 2 3"),
          ("#ef6c00", ""), ("#00838f", "6 3"), ("#6d4c41", "2 3"), ("#ad1457", "8 3 2 3"),
          ("#558b2f", ""), ("#4527a0", "6 3")]


def _scale(values: list[int]) -> tuple[int, int]:
    low, high = min(values + [0]), max(values + [1])
    return low, high if high > low else low + 1


def points_chart(series: list[tuple[str, list[int]]], title: str) -> Markup:
    """`series`: (team name, points after each week)."""
    weeks = max((len(points) for _, points in series), default=0)
    if weeks == 0:
        return Markup("")
    low, high = _scale([p for _, points in series for p in points])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    def x(week: int) -> float:
        return LEFT + (plot_w * week / weeks)
    def y(value: int) -> float:
        return TOP + plot_h - plot_h * (value - low) / (high - low)
    parts = [f'<svg class="league-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="chart-title" '
             f'preserveAspectRatio="xMinYMin meet"><title id="chart-title">{escape(title)}</title>',
             f'<line x1="{LEFT}" y1="{y(low)}" x2="{LEFT + plot_w}" y2="{y(low)}" class="axis"/>']
    for week in range(weeks + 1):
        parts.append(f'<text x="{x(week):.1f}" y="{HEIGHT - 10}" text-anchor="middle" class="tick">{week}</text>')
    for value in sorted({low, high, (low + high) // 2}):
        parts.append(f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" text-anchor="end" class="tick">{value}</text>')
    for index, (name, points) in enumerate(series):
        colour, dash = STYLES[index % len(STYLES)]
        coords = " ".join(f"{x(w):.1f},{y(p):.1f}" for w, p in enumerate([0] + points))
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2.5"{dashing}/>')
        parts.append(f'<text x="{x(len(points)) + 6:.1f}" y="{y(points[-1]) + 4:.1f}" fill="{colour}" '
                     f'class="label">{escape(name)} {points[-1]}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
