"""The self-contained HTML page of dp_geoprivacy:mobilityreport (inline SVG only; no script, no network).

Draws only released (noisy) values and public geometry (the zones).
"""

import html
import math

import numpy as np
import shapely

from ..core import mobility_analyses as ma
from ..translation import tr

WIDTH, HEIGHT = 640, 220
STYLE = ("body{font-family:sans-serif;max-width:980px;margin:auto;padding:1em;color:#222}"
         ".noise{color:#a00;font-weight:bold}"
         "h2{border-bottom:1px solid #ccc}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
         "padding:2px 6px;text-align:right}.note{color:#555;font-size:90%}")


def esc(text) -> str:
    return html.escape(str(text))


def heading(level, text):
    return f"<h{level}>{esc(text)}</h{level}>"


def note(text):
    return f'<p class="note">{esc(text)}</p>'


def number(value) -> str:
    """A number for people: 1,270 (not 1.27e+03), 12.5, 0.05; three significant digits below 100."""
    value = float(value)
    if not math.isfinite(value):
        return "—"
    if abs(value) >= 100 or value == round(value):
        return f"{value:,.0f}"
    return f"{value:.3g}" if abs(value) >= 1e-4 else f"{value:.1e}"


def within_noise(values, moe) -> bool:
    """True when every released value is within its 95% margin of error of zero: at this epsilon the figure
    cannot be told from pure noise (post-processing of released values and the public margin)."""
    values = np.asarray(values, dtype=float).ravel()
    return bool(moe) and len(values) > 0 and bool(np.all(np.abs(values) <= moe))


def noise_warning(what):
    """The mark of a figure that is pure noise at its epsilon (issue 24.4)."""
    text = tr("Not informative at this epsilon: every value of {what} is within its 95% margin of error of zero, "
              "so it cannot be told from noise. Give it a larger share (BUDGET_SPLIT) or a larger EPSILON.")
    return f'<p class="noise">{esc(text.format(what=what))}</p>'


def value_rows(names, values, moes):
    """Table rows name | value | ± margin, a value within its margin of zero marked as noise."""
    rows = []
    for name, value, moe in zip(names, values, moes):
        mark = (f' <span class="noise" title="{esc(tr("within the margin of error of zero: noise at this epsilon"))}">'
                f'{esc(tr("(noise)"))}</span>') if within_noise([value], moe) else ""
        rows.append(f"<tr><th>{esc(name)}</th><td>{number(value)}{mark}</td><td>± {number(moe)}</td></tr>")
    return "".join(rows)


def count_chart(title, values, labels, moe):
    """A heading, the bars with error bars, and the noise mark when every bar is within its margin."""
    return (heading(3, title) + bars(values, labels, moe, title)
            + (noise_warning(title) if within_noise(values, moe) else ""))


def bars(values, labels, moe=None, title=""):
    """An inline SVG bar chart of noisy counts (error bars: the 95% margin of error)."""
    values = np.asarray(values, dtype=float).ravel()
    top = max(1.0, float(values.max(initial=0)) + (moe or 0))
    n = max(1, len(values))
    w = (WIDTH - 50) / n
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT + 40}" role="img">',
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


def _project(geoms, box):
    x0, y0, x1, y1 = box
    scale = min((WIDTH - 20) / max(x1 - x0, 1e-12), (WIDTH - 20) / max(y1 - y0, 1e-12))

    def xy(coords):
        return " ".join(f"{10 + (x - x0) * scale:.1f},{10 + (y1 - y) * scale:.1f}" for x, y in coords)

    return xy, 20 + (y1 - y0) * scale


def _rings(polygon):
    for part in shapely.get_parts(polygon):
        yield np.asarray(part.exterior.coords)[:, :2]


def zone_map(polygons, values, flows=None, title="", message=""):
    """Zones shaded by ``values`` (None: outlines only) with a colour legend, optional flow lines
    [(x0, y0, x1, y1, count)], and a ``message`` written across the map (e.g. that it shows nothing reliable)."""
    box = shapely.total_bounds(polygons)
    xy, height = _project(polygons, box)
    top = max(1.0, float(np.max(values))) if values is not None and len(values) else 1.0
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0f}" role="img">'
             f"<title>{esc(title)}</title>"]
    for i, polygon in enumerate(polygons):
        shade = 1.0 - 0.85 * (values[i] / top) if values is not None else 1.0
        fill = f"rgb({int(255 * shade)},{int(255 * shade)},255)"
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
        parts.append(_legend(top, height))
    if message:
        parts.append(f'<text x="{WIDTH / 2:.0f}" y="{height / 2:.0f}" text-anchor="middle" font-size="14" '
                     f'fill="#a00">{esc(message)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _legend(top, height):
    """A colour legend: the shade of 0 to the shade of the largest value, with both numbers."""
    x, y = WIDTH - 170, height - 18
    stops = "".join(f'<stop offset="{k / 4:.2f}" stop-color="rgb({int(255 * (1 - 0.85 * k / 4))},'
                    f'{int(255 * (1 - 0.85 * k / 4))},255)"/>' for k in range(5))
    return (f'<defs><linearGradient id="legend">{stops}</linearGradient></defs>'
            f'<rect x="{x}" y="{y}" width="120" height="10" fill="url(#legend)" stroke="#999"/>'
            f'<text x="{x - 4}" y="{y + 9}" font-size="10" text-anchor="end">0</text>'
            f'<text x="{x + 124}" y="{y + 9}" font-size="10">{number(top)}</text>')


def summary_table(summary, fields, unit):
    names = (tr("minimum"), tr("lower quartile"), tr("median"), tr("upper quartile"), tr("maximum"))
    cells = "".join(f"<th>{esc(n)}</th>" for n in names)
    row = "".join(f"<td>{number(v)}</td>" for v in summary)
    margin = tr("Each value is within {r:,.0f} ranks of the true quantile with 95% probability (values rounded to "
              "a grid of step {s:.3g} {unit}).").format(r=fields["rank_margin_95"], s=fields["quantile_step"],
                                                         unit=unit)
    return f'<table><tr>{cells}</tr><tr>{row}</tr></table>' + note(margin)


def numeric_section(title, result, name, fields, unit):
    hist = result[name]
    edges = result[name + "_edges"]
    labels = [f"{number(edges[i])}-{number(edges[i + 1])}" for i in range(len(edges) - 1)]
    labels.append(f"> {number(edges[-1])}")
    moe = fields["margin_of_error_95"]
    return (f"<h3>{esc(title)}</h3>" + bars(hist, labels, moe, title)
            + (noise_warning(title) if within_noise(hist, moe) else "")
            + note(tr("Unit: {unit}. Bars: noisy counts, red: 95% margin of error ±{m:,.0f}; the last bar counts "
                      "values above the public maximum.").format(unit=unit, m=moe))
            + summary_table(result[name + "_summary"], fields, unit))


def od_section(zones, flow_lines, r, fields):
    """The top OD flows: every published flow passed the stability-based threshold, so it is a true pair; when
    none did, the map and the text say that the section publishes nothing reliable at this epsilon."""
    threshold, moe = r["od_threshold"][0], fields["margin_of_error_95"]
    if not len(r["od_flows"]):
        message = tr("No flow reached the threshold: nothing reliable to show")
        text = tr("No OD flow reached the publication threshold of about {t} trips at this epsilon: this section "
                  "publishes nothing reliable. A flow needs about {t} trips (after the bound M) to be published; "
                  "give OD flows a larger share (BUDGET_SPLIT, e.g. od_flows=5), a larger EPSILON, a smaller M or "
                  "coarser zones.").format(t=number(threshold))
        return (heading(3, tr("Top OD flows")) + zone_map(zones, None, None, tr("OD flows"), message)
                + f'<p class="noise">{esc(text)}</p>')
    return (heading(3, tr("Top OD flows")) + zone_map(zones, None, flow_lines, tr("OD flows"))
            + note(tr("{n} largest published flows. Only pairs with trips can be published, and only when their "
                      "noisy count reaches about {t} (stability-based histogram): every flow shown is a true pair, "
                      "smaller flows are not shown. 95% margin of error per flow ±{m}; trips with an end outside "
                      "the zones: {o}.").format(n=len(r["od_flows"]), t=number(threshold), m=number(moe),
                                                o=number(r["od_outside"][0]))))


def report_page(title, release, spec, zones, flow_lines, privacy_lines, period_labels):
    """The whole page. ``zones``: polygons (lon/lat) in zone index order; ``flow_lines``: [(x0, y0, x1, y1, n)]."""
    r, f = release.result, release.facts["analysis_fields"]
    out = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{esc(title)}</title>"
           f"<style>{STYLE}</style></head><body><h1>{esc(title)}</h1>"]
    out.append(heading(2, tr("Overview")))
    if "dataset_statistics" in r:
        names = (tr("records"), tr("trips"), tr("complete trips"), tr("incomplete trips"), tr("users"),
                 tr("distinct locations"))
        moes = [f["dataset_statistics"][i]["margin_of_error_95"] for i in (0, 0, 0, 1, 2, 3)]
        moes[0] = 2 * moes[0] + moes[1]
        moes[1] = moes[2] + moes[3]
        out.append(heading(3, tr("Dataset statistics"))
                   + f"<table>{value_rows(names, r['dataset_statistics'], moes)}</table>")
    if "missing_values" in r:
        rows = value_rows((tr("timestamp"), tr("coordinates")), r["missing_values"],
                          [m["margin_of_error_95"] for m in f["missing_values"]])
        out.append(heading(3, tr("Missing values (records)")) + f"<table>{rows}</table>")
    if "trips_over_time" in r:
        labels = list(period_labels) + [tr("outside the range")]
        out.append(count_chart(tr("Trips over time ({unit})").format(unit=spec.period.unit), r["trips_over_time"],
                               labels, f["trips_over_time"]["margin_of_error_95"]))
    if "trips_per_weekday" in r:
        out.append(count_chart(tr("Trips per weekday"), r["trips_per_weekday"], ma.WEEKDAYS,
                               f["trips_per_weekday"]["margin_of_error_95"]))
    if "trips_per_hour" in r:
        categories = (tr("weekday start"), tr("weekday end"), tr("weekend start"), tr("weekend end"))
        for i, category in enumerate(categories):
            out.append(count_chart(tr("Trips per hour: {c}").format(c=category), r["trips_per_hour"][i],
                                   [f"{h:02d}" for h in range(24)], f["trips_per_hour"]["margin_of_error_95"]))
    out.append(heading(2, tr("Places")))
    if "visits_per_zone" in r:
        visits, moe = r["visits_per_zone"], f["visits_per_zone"]["margin_of_error_95"]
        noise = within_noise(visits[:-1], moe)
        out.append(heading(3, tr("Visits per zone")) + zone_map(
            zones, visits[:-1], title=tr("Visits"), message=tr("Not informative at this epsilon") if noise else ""))
        out.append(note(tr("Visits outside the zones: {n}. 95% margin of error per zone: ±{m}.").format(
            n=number(visits[-1]), m=number(moe))) + (noise_warning(tr("Visits per zone")) if noise else ""))
    if "visits_per_time_window" in r:
        labels = [f"{d} {w}" for d in (tr("weekday"), tr("weekend")) for w in ma.WINDOW_LABELS]
        totals_moe = f["visits_per_time_window"][1]["margin_of_error_95"]
        out.append(count_chart(tr("Destinations per time window (all zones)"), r["visits_per_time_window_totals"],
                               labels, totals_moe))
        out.append(note(tr("Each window's total is its own noisy count (a quarter of this analysis's epsilon), not "
                           "a sum of the zones' counts; it is not clamped at zero, so it is unbiased and can be "
                           "negative. 95% margin of error ±{m}.").format(m=number(totals_moe))))
    out.append(heading(2, tr("Trips")))
    if "od_flows" in r:
        out.append(od_section(zones, flow_lines, r, f["od_flows"]))
    units = {"travel_time": tr("minutes"), "jump_length": tr("km"), "trips_per_user": tr("trips"),
             "time_between_trips": tr("hours"), "radius_of_gyration": tr("km"), "distinct_zones": tr("zones"),
             "mobility_entropy": tr("normalised entropy (0-1)")}
    titles = {"travel_time": tr("Travel time"), "jump_length": tr("Jump length"),
              "trips_per_user": tr("Trips per user"), "time_between_trips": tr("Time between trips"),
              "radius_of_gyration": tr("Radius of gyration"), "distinct_zones": tr("Distinct zones per user"),
              "mobility_entropy": tr("Mobility entropy")}
    for name in ("travel_time", "jump_length"):
        if name in r:
            out.append(numeric_section(titles[name], r, name, f[name], units[name]))
    out.append(heading(2, tr("Users")))
    for name in ("trips_per_user", "time_between_trips", "radius_of_gyration", "distinct_zones",
                 "mobility_entropy"):
        if name in r:
            out.append(numeric_section(titles[name], r, name, f[name], units[name]))
    out.append(heading(2, tr("Privacy")) + "<ul>")
    out.extend(f"<li>{esc(line)}</li>" for line in privacy_lines)
    out.append("</ul><table><tr>" + "".join(f"<th>{esc(h)}</th>" for h in (
        tr("analysis"), tr("epsilon"), tr("sensitivity"), tr("noise scale"))) + "</tr>")
    for name, fields in f.items():
        parts = fields if isinstance(fields, list) else [fields]
        eps = math.fsum(p["epsilon"] for p in parts)
        sens = "/".join(f"{p['sensitivity']:g}" for p in parts)
        scale = "/".join(f"{p['noise_scale']:.3g}" for p in parts)
        out.append(f"<tr><th>{esc(name)}</th><td>{eps:.4g}</td><td>{sens}</td><td>{scale}</td></tr>")
    out.append("</table></body></html>")
    return "".join(out)
