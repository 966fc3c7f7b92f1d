"""The escape-share chart of Dumont et al. 2021 §5 (Fig. 14, 21) as a self-contained SVG.

One curve: the mean share of points that escape their zone against the
Laplace scale b (log axis, as in Dumont et al. 2021), a band of one standard
deviation over realizations, the target share as a dashed line and the
calibrated scale as a dotted one. Plain SVG text: no plotting library.
"""

import html
import math
from typing import Optional, Sequence

import numpy as np

from .html_page import page_start

WIDTH, HEIGHT = 720, 430
LEFT, RIGHT, TOP, BOTTOM = 70, 30, 48, 62
CURVE, BAND, TARGET = "#1b6fa8", "#9ecae1", "#d95f02"


def _nice_upper(value: float) -> float:
    for upper in (0.02, 0.05, 0.1, 0.2, 0.5, 1.0):
        if value <= upper:
            return upper
    return 1.0


def _log_ticks(low: float, high: float):
    ticks = []
    for exponent in range(math.floor(math.log10(low)) - 1, math.ceil(math.log10(high)) + 1):
        for mantissa in (1, 2, 5):
            value = mantissa * 10.0**exponent
            if low <= value <= high:
                ticks.append(value)
    return ticks


def _fmt(value: float) -> str:
    return f"{value:g}"


def escape_chart_svg(
    scales: Sequence[float],
    mean: Sequence[float],
    sd: Sequence[float],
    target: Optional[float] = None,
    calibrated: Optional[float] = None,
    title: str = "Share of points that escape their zone",
    x_label: str = "Laplace scale b (m, log scale)",
    y_label: str = "Share of points that escape",
    target_label: str = "target",
    calibrated_label: str = "calibrated b",
    subtitle: str = "",
) -> str:
    """An SVG document (text) of mean +- sd escape share against scale."""
    scales = np.asarray(scales, dtype=float)
    mean = np.asarray(mean, dtype=float)
    sd = np.nan_to_num(np.asarray(sd, dtype=float), nan=0.0)
    low, high = scales.min() / 1.25, scales.max() * 1.25
    if calibrated:
        low, high = min(low, calibrated / 1.25), max(high, calibrated * 1.25)
    top_value = np.nanmax(np.append(mean + sd, [0.0 if target is None else target]))
    y_max = _nice_upper(float(top_value) * 1.05)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_of(value):
        return LEFT + plot_w * (math.log(value) - math.log(low)) / (math.log(high) - math.log(low))

    def y_of(value):
        return TOP + plot_h * (1.0 - min(max(value, 0.0), y_max) / y_max)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{WIDTH / 2:.1f}" y="22" text-anchor="middle" font-size="15">{html.escape(title)}</text>',
        f'<text x="{WIDTH / 2:.1f}" y="39" text-anchor="middle" font-size="11" fill="#b00">'
        f"{html.escape(subtitle)}</text>",
    ]
    for value in np.linspace(0.0, y_max, 6):
        y = y_of(value)
        parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="#e5e5e5"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{_fmt(round(value, 4))}</text>')
    for value in _log_ticks(low, high):
        x = x_of(value)
        parts.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + plot_h}" stroke="#efefef"/>')
        parts.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 16}" text-anchor="middle">{_fmt(value)}</text>')
    parts.append(
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#555"/>'
    )
    parts.append(
        f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 18}" text-anchor="middle">{html.escape(x_label)}</text>'
    )
    parts.append(
        f'<text transform="translate(18 {TOP + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle">'
        f"{html.escape(y_label)}</text>"
    )
    if np.any(sd > 0):
        upper = [f"{x_of(b):.1f},{y_of(m + s):.1f}" for b, m, s in zip(scales, mean, sd)]
        lower = [f"{x_of(b):.1f},{y_of(m - s):.1f}" for b, m, s in zip(scales[::-1], mean[::-1], sd[::-1])]
        parts.append(f'<polygon class="sd-band" points="{" ".join(upper + lower)}" fill="{BAND}" opacity="0.55"/>')
    points = " ".join(f"{x_of(b):.1f},{y_of(m):.1f}" for b, m in zip(scales, mean))
    parts.append(f'<polyline class="mean" points="{points}" fill="none" stroke="{CURVE}" stroke-width="2"/>')
    for b, m, s in zip(scales, mean, sd):
        parts.append(
            f'<circle cx="{x_of(b):.1f}" cy="{y_of(m):.1f}" r="3.5" fill="{CURVE}">'
            f"<title>b = {_fmt(b)} m: {m:.4f} \u00b1 {s:.4f}</title></circle>"
        )
    if target is not None:
        y = y_of(target)
        parts.append(
            f'<line class="target" x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" '
            f'stroke="{TARGET}" stroke-width="1.5" stroke-dasharray="6,4"/>'
        )
        parts.append(
            f'<text x="{LEFT + plot_w - 4}" y="{y - 5:.1f}" text-anchor="end" fill="{TARGET}">'
            f"{html.escape(target_label)} {_fmt(target)}</text>"
        )
    if calibrated:
        x = x_of(calibrated)
        parts.append(
            f'<line class="calibrated" x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + plot_h}" '
            f'stroke="{TARGET}" stroke-width="1" stroke-dasharray="2,3"/>'
        )
        parts.append(
            f'<text x="{x + 4:.1f}" y="{TOP + 14}" fill="{TARGET}">'
            f"{html.escape(calibrated_label)} = {calibrated:.3g} m</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)


def chart_html(svg: str, title: str, paragraphs: Sequence[str] = ()) -> str:
    """A minimal HTML page holding ``svg`` inline, with a title and notes."""
    notes = "\n".join(f"<p>{html.escape(p)}</p>" for p in paragraphs)
    return (
        page_start(title, "body{font-family:sans-serif;margin:2em;max-width:760px}p{color:#333;font-size:13px}")
        + "\n"
        f"<h1 style=\"font-size:18px\">{html.escape(title)}</h1>\n{svg}\n{notes}\n</body></html>\n"
    )
