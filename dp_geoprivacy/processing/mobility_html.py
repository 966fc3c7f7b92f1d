"""The self-contained HTML page of dp_geoprivacy:mobilityreport (inline SVG only; no script, no network).

Draws only released (noisy) values and public geometry (the zones).
"""

import math
import re

import numpy as np

from ..core.accuracy.html_page import page_start
from ..core.releases import mobility_analyses as ma
from ..translation import tr, translate
from .mobility_gaussian import gaussian_line
from .mobility_svg import (
    ZoneOutlines,
    bars,
    curve_chart,
    esc,
    heading,
    note,
    number,
    ranking_chart,
    within_noise,
    zone_map,
)
from .report_accuracy import flow_unit

STYLE = ("body{font-family:sans-serif;max-width:980px;margin:auto;padding:1em;color:#222}"
         ".noise{color:#a00;font-weight:bold}"
         "h2{border-bottom:1px solid #ccc}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
         "padding:2px 6px;text-align:right}.note{color:#555;font-size:90%}")


def noise_warning(what):
    """The mark of a figure that is pure noise at its epsilon (issue 24.4)."""
    text = tr("Not informative at this epsilon: every value of {what} is within its 95% margin of error of zero, "
              "so it cannot be told from noise. Give it a larger share (BUDGET_SPLIT) or a larger EPSILON.")
    return f'<p class="noise">{esc(text.format(what=what))}</p>'


# Numbers in the page's text as Python writes them ("1,234", "0.25"): not inside a longer dotted run such as a
# version number.
_NUMBER = re.compile(r"(?<![\d.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+)(?!\.?\d)")


def localized_numbers(page: str, locale) -> str:
    """``page`` with the numbers of its text (not of its tags: SVG coordinates stay as they are) written with
    ``locale``'s group and decimal separators (issue 20: German readers get "1.234,5")."""
    group, decimal = locale.groupSeparator(), locale.decimalPoint()
    if (group, decimal) == (",", "."):
        return page
    swap = {",": group, ".": decimal}

    def swapped(match):
        return "".join(swap.get(ch, ch) for ch in match.group(0))

    return re.sub(r">([^<]+)<", lambda m: ">" + _NUMBER.sub(swapped, m.group(1)) + "<", page)


def weekday_names():
    """Monday to Sunday, short, in the user's language (the order of core.releases.mobility_analyses.WEEKDAYS)."""
    return (tr("Mon"), tr("Tue"), tr("Wed"), tr("Thu"), tr("Fri"), tr("Sat"), tr("Sun"))


def value_rows(names, values, moes):
    """Table rows name | value | ± margin, a value within its margin of zero marked as noise."""
    rows = []
    noise_title = tr("within the margin of error of zero: noise at this epsilon")
    noise_label = tr("(noise)")
    for name, value, moe in zip(names, values, moes):
        mark = (f' <span class="noise" title="{esc(noise_title)}">{esc(noise_label)}</span>'
                if within_noise([value], moe) else "")
        rows.append(f"<tr><th>{esc(name)}</th><td>{number(value)}{mark}</td><td>± {number(moe)}</td></tr>")
    return "".join(rows)


def count_chart(title, values, labels, moe, name=""):
    """A heading, how to read it, the bars with error bars, and the noise mark when every bar is within its
    margin."""
    return (heading(3, title) + explain(name) + bars(values, labels, moe, title)
            + (noise_warning(title) if within_noise(values, moe) else ""))


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
    return (f"<h3>{esc(title)}</h3>" + explain(name) + bars(hist, labels, moe, title)
            + (noise_warning(title) if within_noise(hist, moe) else "")
            + note(tr("Unit: {unit}. Bars: noisy counts, red: 95% margin of error ±{m:,.0f}; the last bar counts "
                      "values above the public maximum.").format(unit=unit, m=moe))
            + summary_table(result[name + "_summary"], fields, unit))


def od_section(zones, flow_lines, r, fields, zone_ids):
    """The top OD flows: every published flow passed the stability-based threshold, so it is a true pair; when
    none did, the map and the text say that the section publishes nothing reliable at this epsilon."""
    threshold, moe = r["od_threshold"][0], fields["margin_of_error_95"]
    per_user = fields["mechanism"].startswith("Gaussian")
    how = tr("Gaussian thresholding; counts are users per pair") if per_user else tr("stability-based histogram")
    if not len(r["od_flows"]):
        message = tr("No flow reached the threshold: nothing reliable to show")
        text = tr("No OD flow reached the publication threshold of about {t} {unit} at this epsilon: this section "
                  "publishes nothing reliable. A flow needs about {t} {unit} (after the bound M) to be published; "
                  "give OD flows a larger share (BUDGET_SPLIT, e.g. od_flows=5), a larger EPSILON, a smaller M or "
                  "coarser zones.").format(t=number(threshold), unit=flow_unit(per_user))
        return (heading(3, tr("Top OD flows")) + explain("od_flows")
                + zone_map(zones, None, None, tr("OD flows"), message)
                + f'<p class="noise">{esc(text)}</p>')
    top = min(TOP_RANKED, len(r["od_flows"]))
    labels = [f"{zone_ids[o]} → {zone_ids[d]}" for o, d in zip(r["od_origin"][:top], r["od_dest"][:top])]
    return (heading(3, tr("Top OD flows")) + explain("od_flows") + zone_map(zones, None, flow_lines, tr("OD flows"))
            + heading(3, tr("The {n} largest flows").format(n=top))
            + ranking_chart(labels, r["od_flows"][:top], moe, tr("Largest flows")) + explain("ranking")
            + note(tr("{n} largest published flows. Only pairs with trips can be published, and only when their "
                      "noisy count reaches about {t} ({how}): every flow shown is a true pair, "
                      "smaller flows are not shown. 95% margin of error per flow ±{m}; trips with an end outside "
                      "the zones: {o}.").format(n=len(r["od_flows"]), t=number(threshold), m=number(moe),
                                                o=number(r["od_outside"][0]), how=how)))


TOP_RANKED = 10
def explanations() -> dict:
    """What each analysis shows and how to read it (translated when asked for)."""
    return {
        "dataset_statistics": tr(
            "How many records, trips, users and distinct locations the data holds (after the bound of M trips per "
            "user). Records and trips are sums of the noisy complete and incomplete counts."),
        "missing_values": tr("Records without a timestamp or without coordinates."),
        "trips_over_time": tr("Trips per period by start time: the overall trend and gaps in the data."),
        "trips_per_weekday": tr("Trips per day of the week by start time: weekly rhythm."),
        "trips_per_hour": tr(
            "Trip starts and ends per hour of the day, weekdays and weekends apart: peaks show commuting."),
        "visits_per_zone": tr(
            "Trip starts and ends per zone: where people go. Darker zones have more visits; the legend gives the "
            "scale. Each zone's count is off by up to its margin of error."),
        "top_zones": tr(
            "The zones with the most visits, by noisy count, with the 95% margin of error as a red bar."),
        "ranking": tr(
            "Two entries whose bars overlap within their error bars may be in either order in the true data."),
        "concentration": tr(
            "Share of all visits (up) in the share of zones with the most visits (across): a curve far above the "
            "dashed diagonal means visits concentrate in few zones. Drawn from the noisy counts clamped at zero, so "
            "at a small epsilon empty zones with positive noise make visits look more spread out than they are."),
        "visits_per_time_window": tr(
            "Destinations per four-hour window. The maps show, per zone, how far each window is above (red) or "
            "below (blue) that zone's average over the windows: where people go at which time of day."),
        "od_flows": tr("Trips between pairs of zones (origin to destination): the main travel corridors."),
        "travel_time": tr("Minutes from the start to the end of each complete trip."),
        "jump_length": tr("Straight-line distance between the start and the end of each complete trip."),
        "trips_per_user": tr("How many trips each user made (at most M are kept)."),
        "time_between_trips": tr("Hours between the start of one trip and the start of the user's next."),
        "radius_of_gyration": tr("How far a user's trip ends lie from their centre: the size of each user's range."),
        "distinct_zones": tr("How many different zones each user visited."),
        "mobility_entropy": tr(
            "How evenly a user's visits spread over their zones (0: one zone, 1: evenly over many)."),
    }


def explain(name):
    """A short explanation of an analysis and how to read it (the peer's report has one per section)."""
    text = explanations().get(name)
    return f'<p class="explain">{esc(text)}</p>' if text else ""


def concentration_curve(counts):
    """(x, y) of the concentration curve: the share of visits in the most visited share of zones, from the noisy
    counts as released. The total is their unclamped sum (issue 24 §1: a sum of counts clamped at zero is biased
    upward by about b/2 per empty zone); None when that total is not positive."""
    counts = np.asarray(counts, dtype=float)
    total = float(counts.sum())
    if not counts.size or total <= 0:
        return None
    ranked = np.sort(counts)[::-1]
    x = np.arange(len(ranked) + 1) / len(ranked)
    y = np.clip(np.concatenate(([0.0], np.cumsum(ranked) / total)), 0.0, 1.0)
    return x, y


def places_sections(zones, zone_ids, r, f):
    """Visits per zone (map with legend, top zones, concentration curve) and destinations per time window (totals,
    one map per window of the deviation from the zone's average): post-processing of released values only."""
    out = []
    if "visits_per_zone" in r:
        visits, moe = r["visits_per_zone"], f["visits_per_zone"]["margin_of_error_95"]
        noise = within_noise(visits[:-1], moe)
        out.append(heading(3, tr("Visits per zone")) + explain("visits_per_zone") + zone_map(
            zones, visits[:-1], title=tr("Visits"), message=tr("Not informative at this epsilon") if noise else ""))
        out.append(note(tr("Visits outside the zones: {n}. 95% margin of error per zone: ±{m}.").format(
            n=number(visits[-1]), m=number(moe))) + (noise_warning(tr("Visits per zone")) if noise else ""))
        order = np.argsort(-visits[:-1], kind="stable")[:TOP_RANKED]
        out.append(heading(3, tr("The {n} zones with the most visits").format(n=len(order))) + explain("top_zones")
                   + ranking_chart([zone_ids[i] for i in order], visits[:-1][order], moe, tr("Top zones"))
                   + explain("ranking"))
        curve = concentration_curve(visits[:-1])
        if curve is not None:
            out.append(heading(3, tr("Concentration of visits")) + explain("concentration")
                       + curve_chart(*curve, tr("Concentration of visits"), tr("share of zones, most visited first"),
                                     tr("share of visits"))
                       + note(tr("The shares are of the sum of the zones' noisy counts as released (not clamped at "
                                 "zero, so the total is unbiased); a curve above 1 is noise, drawn at 1.")))
    if "visits_per_time_window" in r:
        labels = [f"{d} {w}" for d in (tr("weekday"), tr("weekend")) for w in ma.WINDOW_LABELS]
        totals_moe = f["visits_per_time_window"][1]["margin_of_error_95"]
        out.append(count_chart(tr("Destinations per time window (all zones)"), r["visits_per_time_window_totals"],
                               labels, totals_moe, "visits_per_time_window"))
        out.append(note(tr("Each window's total is its own noisy count (a quarter of this analysis's epsilon), not "
                           "a sum of the zones' counts; it is not clamped at zero, so it is unbiased and can be "
                           "negative. 95% margin of error ±{m}.").format(m=number(totals_moe))))
        windows, moe = r["visits_per_time_window"], f["visits_per_time_window"][0]["margin_of_error_95"]
        deviation = windows - windows.mean(axis=0)
        top = np.abs(deviation).max(initial=0)
        maps = "".join('<figure style="display:inline-block;margin:2px">'
                       + zone_map(zones, deviation[i], None, lab, "", 300, True, top)
                       + f"<figcaption>{esc(lab)}</figcaption></figure>" for i, lab in enumerate(labels))
        legend = tr("Red: more destinations in that window than the zone's average over the 12 windows; blue: fewer; "
                    "one colour scale for all 12 maps. Each zone and window count is off by up to ±{m} (95%).")
        out.append(heading(3, tr("Destinations per time window: deviation from each zone's average")) + maps
                   + note(legend.format(m=number(moe)))
                   + (noise_warning(tr("destinations per zone and window")) if within_noise(windows, moe) else ""))
    return out


NUMERIC_SECTIONS = ("travel_time", "jump_length", "trips_per_user", "time_between_trips", "radius_of_gyration",
                    "distinct_zones", "mobility_entropy")


def dataset_margins(f):
    """95% margins of the six dataset statistics (records and trips are sums of the noisy counts)."""
    moes = [f["dataset_statistics"][i]["margin_of_error_95"] for i in (0, 0, 0, 1, 2, 3)]
    moes[0] = 2 * moes[0] + moes[1]
    moes[1] = moes[2] + moes[3]
    return moes


def informative_sections(r, f) -> dict:
    """{analysis: informative} for every analysis the report ran, by the rule the page marks noise with: a section
    is not informative at its epsilon when every value it shows is within its 95% margin of error of zero (OD
    flows: when no flow reached the threshold). Post-processing of released values and public margins only."""
    def plain(name):
        return not within_noise(r[name], f[name]["margin_of_error_95"])

    def each(name, moes):
        return any(not within_noise([value], moe) for value, moe in zip(r[name], moes))

    rules = {
        "dataset_statistics": lambda: each("dataset_statistics", dataset_margins(f)),
        "missing_values": lambda: each("missing_values", [m["margin_of_error_95"] for m in f["missing_values"]]),
        "visits_per_zone": lambda: not within_noise(r["visits_per_zone"][:-1],
                                                    f["visits_per_zone"]["margin_of_error_95"]),
        "visits_per_time_window": lambda: not within_noise(r["visits_per_time_window"],
                                                           f["visits_per_time_window"][0]["margin_of_error_95"]),
        "od_flows": lambda: len(r["od_flows"]) > 0,
    }
    return {name: rules.get(name, lambda n=name: plain(n))() for name in f if name in r}


def informative_summary(informative) -> str:
    """'9 of 14 sections informative at this epsilon', then the others by name (as BUDGET_SPLIT spells them)."""
    text = tr("{k} of {n} sections informative at this epsilon.").format(
        k=sum(informative.values()), n=len(informative))
    others = [name for name, ok in informative.items() if not ok]
    if others:
        text += " " + tr("Not informative (every value within its margin of error of zero, or no flow published): "
                         "{names}. Give them a larger share (BUDGET_SPLIT) or a larger EPSILON.").format(
            names=", ".join(others))
    return text


def unit_of_privacy(user_field, m, item_level=False):
    """The report's unit of privacy (the QGIS algorithm's and the Spark path's)."""
    if item_level:
        return tr("one trip (item-level)")
    return tr("one user ({field}), at most {m} trips kept per user (sampled uniformly)").format(field=user_field, m=m)


def automatic_m_line(m, cost):
    """The privacy note of an automatic M (QGIS and Spark alike)."""
    return translate("MobilityReport", "M = {m} was chosen by permute-and-flip with epsilon {cost:g} of the "
                                       "total (automatic M).").format(m=m, cost=cost)


def privacy_lines(epsilon, unit, shares):
    """The report's privacy notes: in its record and in the page's privacy section (QGIS and Spark alike)."""
    return [
        tr("Total epsilon {e:g} (differential privacy, user level, sequential composition).").format(e=epsilon),
        tr("Unit of privacy: {unit}.").format(unit=unit),
        tr("Split: {split}.").format(split=", ".join(f"{a} {e:.4g}" for a, e in shares.items())),
        tr("Protected: whether one user is in the data, with all their trips (up to M). Not protected: the zones, "
           "the bounds and the time range (public)."),
        tr("M was applied by sampling M trips per user uniformly; how many trips it dropped is not reported (an "
           "exact count would be data)."),
    ]


def report_notes(epsilon, release, spec, automatic_m=None):
    """The notes of a released report (its record and its page's privacy section; QGIS and Spark alike):
    privacy_lines, the NOISE=2 line (mobility_gaussian.gaussian_line) and, for an automatic M, ``automatic_m``
    = (M, the choice's epsilon)."""
    lines = privacy_lines(epsilon, spec.unit_of_privacy, release.facts["shares"])
    if spec.gaussian_delta:  # composed in zCDP: the run spends the converted epsilon (plus the choice's), not EPSILON
        fields = release.record_fields
        lines[0] = tr("Total epsilon {e:g}, delta {d:g} (differential privacy, user level; EPSILON {budget:g} composed "
                      "as the next line says).").format(
            e=fields["epsilon"] + (automatic_m[1] if automatic_m is not None else 0.0), d=fields["delta"],
            budget=epsilon)
        lines.insert(1, gaussian_line(release, spec))
    if automatic_m is not None:
        lines.insert(3, automatic_m_line(*automatic_m))
    return lines


def visits_columns(result, fields, ids, order):
    """(name, kind, values) of the visits layer, rows in the public ``order`` of the zones (QGIS and Spark)."""
    columns = [("zone_id", "text", ids[order])]
    if "visits_per_zone" in result:
        columns += [("visits", "real", result["visits_per_zone"][:-1][order]),
                    ("moe95", "real", np.full(len(order), fields["visits_per_zone"]["margin_of_error_95"]))]
    if "visits_per_time_window" in result:
        for i, (day, window) in enumerate((d, w) for d in ("wd", "we") for w in ma.WINDOW_LABELS):
            name = f"dest_{day}_{window.replace('-', '_')}"
            columns.append((name, "real", result["visits_per_time_window"][i][order]))
    return columns


def flow_columns(result, fields, ids):
    """(name, kind, values) of the top OD flows layer (QGIS and Spark)."""
    if "od_flows" not in result:
        return [("origin_id", "text", np.empty(0, object))]
    o, d, c = result["od_origin"], result["od_dest"], result["od_flows"]
    return [("origin_id", "text", ids[o]), ("dest_id", "text", ids[d]), ("noisy_count", "real", c),
            ("moe95", "real", np.full(len(o), fields["od_flows"]["margin_of_error_95"]))]


def release_id_line(release_id):
    return tr("Release id: {rid}").format(rid=release_id)


def report_page(title, release, spec, zones, flow_lines, privacy_lines, period_labels, zone_ids=None, locale=None):
    """The whole page. ``zones``: polygons (lon/lat) in zone index order, ``zone_ids`` their public ids;
    ``flow_lines``: [(x0, y0, x1, y1, n)]; ``locale``: the user's QLocale in QGIS (its separators, see
    localized_numbers), None for numbers as Python writes them (the Spark path: no Qt there)."""
    r, f = release.result, release.facts["analysis_fields"]
    zone_ids = [str(i) for i in (zone_ids if zone_ids is not None else range(len(zones)))]
    zones = ZoneOutlines(zones)  # drawn once per map width for all the page's maps
    out = [page_start(title, STYLE) + f"<h1>{esc(title)}</h1>"]
    out.append(f'<p class="summary"><b>{esc(informative_summary(informative_sections(r, f)))}</b></p>')
    out.append(heading(2, tr("Overview")))
    if "dataset_statistics" in r:
        names = (tr("records"), tr("trips"), tr("complete trips"), tr("incomplete trips"), tr("users"),
                 tr("distinct locations"))
        moes = dataset_margins(f)
        out.append(heading(3, tr("Dataset statistics")) + explain("dataset_statistics")
                   + f"<table>{value_rows(names, r['dataset_statistics'], moes)}</table>")
    if "missing_values" in r:
        rows = value_rows((tr("timestamp"), tr("coordinates")), r["missing_values"],
                          [m["margin_of_error_95"] for m in f["missing_values"]])
        out.append(heading(3, tr("Missing values (records)")) + explain("missing_values") + f"<table>{rows}</table>")
    if "trips_over_time" in r:
        labels = list(period_labels) + [tr("outside the range")]
        out.append(count_chart(tr("Trips over time ({unit})").format(unit=spec.period.unit), r["trips_over_time"],
                               labels, f["trips_over_time"]["margin_of_error_95"], "trips_over_time"))
    if "trips_per_weekday" in r:
        out.append(count_chart(tr("Trips per weekday"), r["trips_per_weekday"], weekday_names(),
                               f["trips_per_weekday"]["margin_of_error_95"], "trips_per_weekday"))
    if "trips_per_hour" in r:
        out.append(explain("trips_per_hour"))
        categories = (tr("weekday start"), tr("weekday end"), tr("weekend start"), tr("weekend end"))
        for i, category in enumerate(categories):
            out.append(count_chart(tr("Trips per hour: {c}").format(c=category), r["trips_per_hour"][i],
                                   [f"{h:02d}" for h in range(24)], f["trips_per_hour"]["margin_of_error_95"]))
    out.append(heading(2, tr("Places")))
    out.extend(places_sections(zones, zone_ids, r, f))
    out.append(heading(2, tr("Trips")))
    if "od_flows" in r:
        out.append(od_section(zones, flow_lines, r, f["od_flows"], zone_ids))
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
    for name in NUMERIC_SECTIONS[2:]:
        if name in r:
            out.append(numeric_section(titles[name], r, name, f[name], units[name]))
    out.append(heading(2, tr("Privacy")) + "<ul>")
    out.extend(f"<li>{esc(line)}</li>" for line in privacy_lines)
    out.append("</ul><table><tr>" + "".join(f"<th>{esc(h)}</th>" for h in (
        tr("analysis"), tr("epsilon"), tr("sensitivity"), tr("noise scale"))) + "</tr>")
    for name, fields in f.items():
        parts = fields if isinstance(fields, list) else [fields]
        eps = math.fsum(p["epsilon"] for p in parts)
        sens = "/".join(number(p["sensitivity"]) for p in parts)
        scale = "/".join(number(p["noise_scale"]) for p in parts)
        out.append(f"<tr><th>{esc(name)}</th><td>{number(eps)}</td><td>{sens}</td><td>{scale}</td></tr>")
    out.append("</table></body></html>")
    page = "".join(out)
    return page if locale is None else localized_numbers(page, locale)
