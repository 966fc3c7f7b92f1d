"""SVG drawing for the mobility report's HTML page: bars with error bars, zone maps with a legend, ranking bars
and curves, and numbers formatted for people. Inline SVG only (no script, no network); draws only the values it
is given (released, noisy values and public geometry).
"""

import html
import math

import numpy as np
import shapely

WIDTH, HEIGHT = 640, 220


def esc(text) -> str:
    return html.escape(str(text))


def heading(level, text):
    return f"<h{level}>{esc(text)}</h{level}>"


def note(text):
    return f'<p class="note">{esc(text)}</p>'


def number(value) -> str:
    """A number for people: 1,270 (not 1.27e+03), 12.5, 0.05; three significant digits below 100; "≈ 0" below
    0.001 in size (never a power of ten; no character that HTML would need escaped)."""
    value = float(value)
    if not math.isfinite(value):
        return "—"
    if abs(value) >= 100 or value == round(value):
        return f"{value:,.0f}"
    return f"{value:.3g}" if abs(value) >= 0.001 else "≈ 0"


def within_noise(values, moe) -> bool:
    """True when every released value is within its 95% margin of error of zero: at this epsilon the figure
    cannot be told from pure noise (post-processing of released values and the public margin)."""
    values = np.asarray(values, dtype=float).ravel()
    return bool(moe) and len(values) > 0 and bool(np.all(np.abs(values) <= moe))


def bars(values, labels, moe=None, title=""):
    """An inline SVG bar chart of noisy counts (error bars: the 95% margin of error)."""
    values = np.asarray(values, dtype=float).ravel()
    top = max(1.0, float(values.max(initial=0)) + (moe or 0))
    n = max(1, len(values))
    w = (WIDTH - 50) / n
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT + 40}" '
             f'viewBox="0 0 {WIDTH} {HEIGHT + 40}" role="img">',
             f"<title>{esc(title)}</title>",
             f'<text x="0" y="12" font-size="11">{number(top)}</text>',
             f'<line x1="45" y1="{HEIGHT}" x2="{WIDTH}" y2="{HEIGHT}" stroke="#444"/>']
    longest = max((len(str(label)) for label in labels), default=1)
    step = max(1, math.ceil(longest * 6.0 / max(w, 1e-9)))  # about 6 px per character at font size 10
    for i, v in enumerate(values):
        h = HEIGHT * max(v, 0.0) / top
        x = 45 + i * w
        parts.append(f'<rect x="{x:.1f}" y="{HEIGHT - h:.1f}" width="{max(w - 1, 0.5):.1f}" height="{h:.1f}" '
                     f'fill="#3b7dbf"><title>{esc(labels[i])}: {number(v)}</title></rect>')
        if moe:
            e = HEIGHT * moe / top
            cx = x + w / 2
            parts.append(f'<line x1="{cx:.1f}" y1="{max(0, HEIGHT - h - e):.1f}" x2="{cx:.1f}" '
                         f'y2="{min(HEIGHT, HEIGHT - h + e):.1f}" stroke="#c33"/>')
        if i % step == 0:
            parts.append(f'<text x="{x:.1f}" y="{HEIGHT + 14}" font-size="10">{esc(labels[i])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _project(box, width):
    x0, y0, x1, y1 = box
    scale = min((width - 20) / max(x1 - x0, 1e-12), (width - 20) / max(y1 - y0, 1e-12))

    def xy(coords):
        return " ".join(f"{10 + (x - x0) * scale:.1f},{10 + (y1 - y) * scale:.1f}" for x, y in coords)

    def rings(polygons):
        """Per polygon, the SVG points of each part's exterior ring (as ``xy`` writes them), all at once."""
        parts, owner = shapely.get_parts(polygons, return_index=True)
        exteriors = shapely.get_exterior_ring(parts)
        coords = shapely.get_coordinates(exteriors)
        points = np.char.add(np.char.add(np.char.mod("%.1f", 10 + (coords[:, 0] - x0) * scale), ","),
                             np.char.mod("%.1f", 10 + (y1 - coords[:, 1]) * scale)).tolist()
        ends = np.cumsum(shapely.get_num_coordinates(exteriors)).tolist()
        out = [[] for _ in range(len(polygons))]
        for zone, start, end in zip(owner.tolist(), [0] + ends[:-1], ends):
            out[zone].append(" ".join(points[start:end]))
        return out

    return xy, 20 + (y1 - y0) * scale, scale, rings


def _fill(value, top, diverging):
    """Sequential: white to blue over [0, top]; diverging: blue below 0, white at 0, red above, over [-top, top]."""
    share = max(-1.0, min(1.0, value / top))
    if not diverging:
        shade = int(255 * (1.0 - 0.85 * max(share, 0.0)))
        return f"rgb({shade},{shade},255)"
    shade = int(255 * (1.0 - 0.85 * abs(share)))
    return f"rgb(255,{shade},{shade})" if share > 0 else f"rgb({shade},{shade},255)"


class ZoneOutlines:
    """Public zone polygons as SVG polygon points, simplified to about a pixel and projected once per map width:
    a report draws the same zones in up to 14 maps (2,349 zones: a second of drawing when done per map)."""

    def __init__(self, polygons):
        self.polygons = polygons
        self._drawn = {}

    def drawn(self, width):
        """(xy: the projection of any (x, y) points to SVG text, the map's height, per zone its rings' points)."""
        if width not in self._drawn:
            xy, height, scale, rings = _project(shapely.total_bounds(self.polygons), width)
            simplified = shapely.simplify(self.polygons, 0.5 / scale, preserve_topology=True)
            self._drawn[width] = xy, height, rings(simplified)
        return self._drawn[width]


def zone_map(polygons, values, flows=None, title="", message="", width=WIDTH, diverging=False, scale_top=None):
    """Zones shaded by ``values`` (None: outlines only) with a colour legend, optional flow lines
    [(x0, y0, x1, y1, count)], and a ``message`` written across the map (e.g. that it shows nothing reliable).

    ``polygons``: the zones, or their ZoneOutlines (drawn once for many maps). ``diverging``: values around 0 (e.g.
    deviations from an average), blue below and red above; ``scale_top``: the value of the darkest shade (one
    scale for several maps; default the largest of ``values``). Polygons are simplified to about a pixel (public
    geometry), so that many maps of many zones stay small.
    """
    outlines = polygons if isinstance(polygons, ZoneOutlines) else ZoneOutlines(polygons)
    xy, height, rings = outlines.drawn(width)
    if scale_top is not None:
        top = max(1.0, float(scale_top))
    elif values is not None and len(values):
        top = max(1.0, float(np.max(np.abs(values))) if diverging else float(np.max(values)))
    else:
        top = 1.0
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 14:.0f}" '
             f'viewBox="0 0 {width} {height + 14:.0f}" role="img">'
             f"<title>{esc(title)}</title>"]
    # A zone's style (fill and title) depends on its value alone: written once per distinct value (by its bits:
    # 0.0 and -0.0 are titled "0" and "-0"); most zones of a map share a few values (e.g. 0).
    keys = np.zeros(len(rings), np.int64) if values is None else np.asarray(values, float).view(np.int64).tolist()
    styles = {}
    for i, zone_rings in enumerate(rings):
        style = styles.get(keys[i])
        if style is None:
            fill = _fill(values[i], top, diverging) if values is not None else "rgb(255,255,255)"
            label = number(values[i]) if values is not None else ""
            style = styles[keys[i]] = (f'" fill="{fill}" stroke="#999" stroke-width="0.5"><title>{esc(label)}'
                                       "</title></polygon>")
        for points in zone_rings:
            parts.append(f'<polygon points="{points}{style}')
    if flows:
        most = max(f[4] for f in flows) or 1.0
        for x0, y0, x1, y1, count in flows:
            parts.append(f'<polyline points="{xy([(x0, y0), (x1, y1)])}" stroke="#c33" stroke-opacity="0.7" '
                         f'stroke-width="{0.5 + 5 * count / most:.1f}" fill="none"><title>{number(count)}</title>'
                         "</polyline>")
    if values is not None:
        parts.append(_legend(top, height, width, diverging))
    if message:
        parts.append(f'<text x="{width / 2:.0f}" y="{height / 2:.0f}" text-anchor="middle" font-size="14" '
                     f'fill="#a00">{esc(message)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _legend(top, height, width, diverging):
    """A colour legend under the map: the shades from 0 (or -top) to the largest value, with the numbers."""
    x, y = width - 150, height
    low = -top if diverging else 0.0
    stops = "".join(f'<stop offset="{k / 4:.2f}" stop-color="{_fill(low + (top - low) * k / 4, top, diverging)}"/>'
                    for k in range(5))
    name = "legend-diverging" if diverging else "legend"
    return (f'<defs><linearGradient id="{name}">{stops}</linearGradient></defs>'
            f'<rect x="{x}" y="{y}" width="100" height="10" fill="url(#{name})" stroke="#999"/>'
            f'<text x="{x - 4}" y="{y + 9}" font-size="10" text-anchor="end">{number(low)}</text>'
            f'<text x="{x + 104}" y="{y + 9}" font-size="10">{number(top)}</text>')


def ranking_chart(labels, values, moe, title=""):
    """Horizontal bars of ranked noisy values, largest first, with the 95% margin of error as red error bars."""
    values = np.asarray(values, dtype=float)
    top = max(1.0, float(values.max(initial=0)) + (moe or 0))
    row, left, span = 20, 230, WIDTH - 300
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{row * len(values) + 10}" '
             f'viewBox="0 0 {WIDTH} {row * len(values) + 10}" role="img"><title>{esc(title)}</title>']
    for i, (label, v) in enumerate(zip(labels, values)):
        y, w = 4 + i * row, span * max(v, 0.0) / top
        parts.append(f'<text x="{left - 6}" y="{y + 12}" font-size="11" text-anchor="end">{i + 1}. {esc(label)}'
                     f'</text><rect x="{left}" y="{y}" width="{w:.1f}" height="{row - 6}" fill="#3b7dbf"/>')
        if moe:
            lo, hi = left + span * max(v - moe, 0.0) / top, left + span * min(v + moe, top) / top
            parts.append(f'<line x1="{lo:.1f}" y1="{y + 7}" x2="{hi:.1f}" y2="{y + 7}" stroke="#c33"/>')
        parts.append(f'<text x="{left + span + 8}" y="{y + 12}" font-size="11">{number(v)} ± {number(moe)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def curve_chart(x, y, title="", x_label="", y_label=""):
    """A curve over [0, 1] x [0, 1] (e.g. a concentration curve) with the diagonal of an even spread."""
    size, pad = HEIGHT, 40
    pts = " ".join(f"{pad + a * size:.1f},{10 + (1 - b) * size:.1f}" for a, b in zip(x, y))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{size + 50}" '
            f'viewBox="0 0 {WIDTH} {size + 50}" role="img">'
            f"<title>{esc(title)}</title>"
            f'<rect x="{pad}" y="10" width="{size}" height="{size}" fill="none" stroke="#444"/>'
            f'<line x1="{pad}" y1="{10 + size}" x2="{pad + size}" y2="10" stroke="#999" stroke-dasharray="4"/>'
            f'<polyline points="{pts}" fill="none" stroke="#3b7dbf" stroke-width="2"/>'
            f'<text x="{pad}" y="{size + 26}" font-size="10">0</text>'
            f'<text x="{pad + size}" y="{size + 26}" font-size="10" text-anchor="end">100%</text>'
            f'<text x="{pad + size / 2}" y="{size + 42}" font-size="11" text-anchor="middle">{esc(x_label)}</text>'
            f'<text x="{pad - 4}" y="18" font-size="10" text-anchor="end">100%</text>'
            f'<text x="{pad + size + 12}" y="{10 + size / 2}" font-size="11">{esc(y_label)}</text></svg>')
