"""The accuracy planner's chart: figures against epsilon as a self-contained SVG (log-log axes).

One polyline per series (e.g. expected absolute error and 95% margin per
cell, or mean and 95% quantile of the displacement), an optional dotted
vertical line at the chosen epsilon and a dashed horizontal one at a target.
Plain SVG text, like core.accuracy.escape_chart; wrap it with escape_chart.chart_html.
"""

import html
import math
from typing import Mapping, Optional, Sequence

from .escape_chart import _log_ticks

WIDTH, HEIGHT = 720, 430
LEFT, RIGHT, TOP, BOTTOM = 80, 30, 48, 62
COLOURS = ("#1b6fa8", "#d95f02", "#1b9e77", "#7570b3")
MARK = "#666666"


def accuracy_chart_svg(epsilons: Sequence[float], series: Mapping[str, Sequence[float]], title: str,
                       x_label: str, y_label: str, chosen: Optional[float] = None,
                       target: Optional[float] = None, chosen_label: str = "EPSILON",
                       target_label: str = "target") -> str:
    """An SVG document (text): each series against epsilon, log scales (values <= 0 are left out)."""
    eps = [float(e) for e in epsilons]
    values = [v for ys in series.values() for v in ys if v is not None and v > 0 and math.isfinite(v)]
    if target and target > 0:
        values.append(float(target))
    x_low, x_high = min(eps) / 1.25, max(eps) * 1.25
    y_low, y_high = (min(values) / 1.5, max(values) * 1.5) if values else (0.1, 10.0)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_of(e):
        return LEFT + plot_w * (math.log(e) - math.log(x_low)) / (math.log(x_high) - math.log(x_low))

    def y_of(v):
        return TOP + plot_h * (1 - (math.log(v) - math.log(y_low)) / (math.log(y_high) - math.log(y_low)))

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{WIDTH / 2}" y="22" text-anchor="middle" font-size="15">{html.escape(title)}</text>',
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#999"/>',
    ]
    for tick in _log_ticks(x_low, x_high):
        x = x_of(tick)
        parts.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + plot_h}" stroke="#eee"/>')
        parts.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 16}" text-anchor="middle">{tick:g}</text>')
    for tick in _log_ticks(y_low, y_high):
        y = y_of(tick)
        parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="#eee"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{tick:g}</text>')
    parts.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 18}" text-anchor="middle">{html.escape(x_label)}</text>')
    parts.append(f'<text transform="translate(18,{TOP + plot_h / 2}) rotate(-90)" text-anchor="middle">'
                 f'{html.escape(y_label)}</text>')
    for index, (label, ys) in enumerate(series.items()):
        colour = COLOURS[index % len(COLOURS)]
        points = [(x_of(e), y_of(v)) for e, v in zip(eps, ys) if v is not None and v > 0 and math.isfinite(v)]
        if points:
            joined = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(f'<polyline class="series" points="{joined}" fill="none" stroke="{colour}" '
                         f'stroke-width="2"/>')
            for (x, y), e, v in zip(points, [e for e, v in zip(eps, ys) if v and v > 0 and math.isfinite(v)],
                                    [v for v in ys if v and v > 0 and math.isfinite(v)]):
                parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}">'
                             f'<title>{html.escape(label)}: epsilon {e:g}: {v:.4g}</title></circle>')
        parts.append(f'<text x="{LEFT + 10}" y="{TOP + 16 + 16 * index}" fill="{colour}">{html.escape(label)}</text>')
    if chosen and x_low <= chosen <= x_high:
        x = x_of(chosen)
        parts.append(f'<line class="chosen" x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + plot_h}" '
                     f'stroke="{MARK}" stroke-dasharray="2,3"/>')
        parts.append(f'<text x="{x + 4:.1f}" y="{TOP + plot_h - 6}" fill="{MARK}">'
                     f'{html.escape(chosen_label)} = {chosen:g}</text>')
    if target and target > 0:
        y = y_of(target)
        parts.append(f'<line class="target" x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" '
                     f'stroke="{MARK}" stroke-dasharray="6,4"/>')
        parts.append(f'<text x="{LEFT + plot_w - 4}" y="{y - 5:.1f}" text-anchor="end" fill="{MARK}">'
                     f'{html.escape(target_label)} {target:g}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def scatter_svg(x: Sequence[float], y: Sequence[float], title: str, x_label: str, y_label: str,
                max_points: int = 5000) -> str:
    """An SVG scatter of y against x (linear axes, the diagonal y = x dashed); the first ``max_points`` only."""
    x = [float(v) for v in list(x)[:max_points]]
    y = [float(v) for v in list(y)[:max_points]]
    high = max([1.0] + x + y) * 1.05
    low = min([0.0] + x + y)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_of(v):
        return LEFT + plot_w * (v - low) / (high - low)

    def y_of(v):
        return TOP + plot_h * (1 - (v - low) / (high - low))

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{WIDTH / 2}" y="22" text-anchor="middle" font-size="15">{html.escape(title)}</text>',
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#999"/>',
        f'<line class="diagonal" x1="{x_of(low):.1f}" y1="{y_of(low):.1f}" x2="{x_of(high):.1f}" '
        f'y2="{y_of(high):.1f}" stroke="{MARK}" stroke-dasharray="6,4"/>',
        f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 18}" text-anchor="middle">{html.escape(x_label)}</text>',
        f'<text transform="translate(18,{TOP + plot_h / 2}) rotate(-90)" text-anchor="middle">'
        f'{html.escape(y_label)}</text>',
        f'<text x="{LEFT - 6}" y="{TOP + plot_h + 4}" text-anchor="end">{low:g}</text>',
        f'<text x="{LEFT - 6}" y="{TOP + 4}" text-anchor="end">{high:.3g}</text>',
        f'<text x="{LEFT + plot_w}" y="{TOP + plot_h + 16}" text-anchor="end">{high:.3g}</text>',
    ]
    parts += [f'<circle cx="{x_of(a):.1f}" cy="{y_of(b):.1f}" r="2" fill="{COLOURS[0]}" opacity="0.6"/>'
              for a, b in zip(x, y)]
    parts.append("</svg>")
    return "\n".join(parts)
