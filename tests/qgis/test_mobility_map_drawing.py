"""The mobility report's zone maps drawn fast (issue 24, speed): the zones simplified and projected once per map
width for all the page's maps (ZoneOutlines), a zone's style written once per distinct value; the SVG is the one
the drawing of each map on its own gives (the reference below is that drawing, as it was before)."""

import numpy as np
import pytest
import shapely

from dp_geoprivacy.processing.mobility_svg import WIDTH, ZoneOutlines, _fill, _legend, _project, esc, number
from dp_geoprivacy.processing.mobility_svg import zone_map as zone_map_fast


def _rings(polygon):
    """Each part's exterior ring, one polygon at a time (as the maps were drawn before ZoneOutlines drew all the
    rings at once)."""
    for part in shapely.get_parts(polygon):
        yield np.asarray(part.exterior.coords)[:, :2]


def zone_map_reference(polygons, values, flows=None, title="", message="", width=WIDTH, diverging=False,
                       scale_top=None):
    """zone_map as it drew each map on its own (every zone simplified, projected and styled per map)."""
    box = shapely.total_bounds(polygons)
    xy, height, scale = _project(box, width)[:3]
    polygons = shapely.simplify(polygons, 0.5 / scale, preserve_topology=True)
    if scale_top is not None:
        top = max(1.0, float(scale_top))
    elif values is not None and len(values):
        top = max(1.0, float(np.max(np.abs(values))) if diverging else float(np.max(values)))
    else:
        top = 1.0
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 14:.0f}" '
             f'viewBox="0 0 {width} {height + 14:.0f}" role="img">'
             f"<title>{esc(title)}</title>"]
    for i, polygon in enumerate(polygons):
        fill = _fill(values[i], top, diverging) if values is not None else "rgb(255,255,255)"
        label = number(values[i]) if values is not None else ""
        for ring in _rings(polygon):
            parts.append(f'<polygon points="{xy(ring)}" fill="{fill}" stroke="#999" stroke-width="0.5">'
                         f"<title>{esc(label)}</title></polygon>")
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


def zones(rng, n=300):
    """Lon/lat zones: jittered squares (many vertices, so simplification matters), two-part multipolygons,
    polygons with a hole, an empty polygon and a zone without geometry."""
    out = []
    for k in range(n):
        x, y = 145.6 + 0.01 * (k % 20), -17.0 + 0.01 * (k // 20)
        t = np.linspace(0, 2 * np.pi, 40, endpoint=False)
        ring = np.column_stack((x + 0.005 + 0.005 * np.cos(t) * (1 + 0.05 * rng.random(40)),
                                y + 0.005 + 0.005 * np.sin(t) * (1 + 0.05 * rng.random(40))))
        polygon = shapely.Polygon(ring)
        if k % 7 == 3:
            polygon = shapely.MultiPolygon([polygon, shapely.box(x + 0.0085, y + 0.0085, x + 0.0095, y + 0.0095)])
        elif k % 11 == 5:
            polygon = polygon.difference(shapely.box(x + 0.004, y + 0.004, x + 0.006, y + 0.006))
        out.append(polygon)
    out[17], out[40] = shapely.Polygon(), None
    return np.array(out, dtype=object)


@pytest.mark.parametrize("seed", [1, 2])
def test_maps_drawn_once_per_width_are_the_maps_drawn_one_by_one(seed):
    rng = np.random.default_rng(seed)
    polygons = zones(rng)
    n = len(polygons)
    outlines = ZoneOutlines(polygons)
    # noisy counts on a grid of 64 (many repeats), zeros of both signs, negative values, a deviation map
    visits = 64.0 * rng.integers(-2, 6, n)
    visits[:5] = [0.0, -0.0, 0.0, -0.0, 12.345]
    deviation = visits - rng.normal(0, 30, n).round(1) * (rng.random(n) < 0.3)
    flows = [(145.61, -16.99, 145.7, -16.9, 40.0), (145.65, -16.95, 145.62, -16.97, 3.5)]
    top = float(np.abs(deviation).max())
    maps = [{"values": visits, "title": "Visits", "message": "Not informative"},
            {"values": None, "flows": flows, "title": "OD flows"},
            {"values": None, "title": "OD flows", "message": "nothing reliable"},
            *[{"values": deviation * k, "width": 300, "diverging": True, "scale_top": top, "title": f"window {k}"}
              for k in (1, -1, 0.5)],
            {"values": visits, "width": 300}]
    for kwargs in maps:
        reference = zone_map_reference(polygons, **kwargs)
        assert zone_map_fast(outlines, **kwargs) == reference
        assert zone_map_fast(polygons, **kwargs) == reference  # the geometries themselves, as before
    assert '<title>-0</title>' in zone_map_fast(outlines, visits)  # -0.0 keeps its own title
