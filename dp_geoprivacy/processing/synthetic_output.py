"""Output columns of dp_geoprivacy:synthetictrips: the synthetic rows, the noisy tables, the utility check.

Zone indices become zone ids, time bins become ISO times (the bin's start),
duration bins their range in minutes, category codes their declared names.
Rows keep the order the release gave them (random for model 0, public
order for model 1).
"""

from pathlib import Path

import numpy as np
import shapely
from osgeo import ogr

from ..core.accuracy.synthetic_utility import sparse_table_error, table_error, top_rows
from ..core.releases.od_flows import flow_geometries
from ..core.releases.synthetic_sbh import COLUMNS
from ..core.releases.synthetic_trips import DURATION, OD, START, TOTAL, attribute_table, random_points_in_polygons
from ..translation import tr
from .privacy_metadata import write_to_file
from .synthetic_io import OTHER, iso, utility_page
from .writers import Column, write_features, write_text


def _ids(cells, index):
    ids = np.asarray(cells.ids, dtype=object)
    index = np.asarray(index, dtype=np.int64)
    out = np.full(len(index), None, dtype=object)
    valid = index >= 0
    out[valid] = ids[index[valid]]
    return out


def _bin_times(bins, times):
    bins = np.asarray(bins, dtype=np.int64)
    out = np.full(len(bins), None, dtype=object)
    valid = bins >= 0
    if valid.any():
        top = int(bins[valid].max()) + 1
        labels = np.asarray(iso(times["period_start"] + np.arange(top) * np.timedelta64(times["bin_seconds"], "s")),
                            dtype=object)
        out[valid] = labels[bins[valid]]
    return out


def _duration_labels(times):
    width = times["max_duration"] / times["n_duration"]
    return np.array([f"{i * width:g}-{(i + 1) * width:g}" for i in range(times["n_duration"])], dtype=object)


def model0_columns(result, cells, times, declared):
    """trip_id, origin_id, dest_id, start_time, (duration_min, end_time), one column per attribute."""
    n = len(result["origin_index"])
    seconds = np.round((result["start_bin"] + result["start_offset"]) * times["bin_seconds"]).astype(np.int64)
    start = times["period_start"] + seconds.astype("timedelta64[s]")
    columns = [Column("trip_id", "int", np.arange(1, n + 1)),
               Column("origin_id", "text", _ids(cells, result["origin_index"])),
               Column("dest_id", "text", _ids(cells, result["dest_index"])),
               Column("start_time", "text", iso(start).astype(object))]  # object: converted once, not twice
    if "duration_bin" in result:
        width = times["max_duration"] / times["n_duration"]
        minutes = (result["duration_bin"] + result["duration_offset"]) * width
        end = start + np.round(minutes * 60).astype(np.int64).astype("timedelta64[s]")
        columns += [Column("duration_min", "real", np.round(minutes, 2)),
                    Column("end_time", "text", iso(end).astype(object))]
    for name, values in declared.items():
        names = np.array(list(values) + [OTHER], dtype=object)
        columns.append(Column(name, "text", names[result[f"attribute:{name}"]]))
    return columns


def model1_columns(result, cells, times, marginals, partitions, labels):
    """release, the partition fields, on_time, on_zone, off_time, off_zone (NULL where a release lacks the column)."""
    columns = [Column("release", "text", np.array(marginals, dtype=object)[result["marginal"]])]
    for k, name in enumerate(partitions):
        values = np.array([label[k] for label in labels], dtype=object)
        columns.append(Column(name, "text", values[result["partition"]]))
    columns += [Column("on_time", "text", _bin_times(result["start_bin"], times)),
                Column("on_zone", "text", _ids(cells, result["origin_index"])),
                Column("off_time", "text", _bin_times(result["end_bin"], times)),
                Column("off_zone", "text", _ids(cells, result["dest_index"]))]
    return columns


def table_rows(release, cells, times, declared, marginals, partitions, labels, model):
    """The noisy tables as one table (see the algorithm's help)."""
    if model == 1:
        result = release.result
        stacked = np.column_stack([result[k] for k in ("marginal", "partition", "start_bin", "origin_index",
                                                       "end_bin", "dest_index")])
        cells_, counts = np.unique(stacked, axis=0, return_counts=True) if len(stacked) else (stacked, np.zeros(0))
        unique = {k: cells_[:, i] for i, k in enumerate(("marginal", "partition", "start_bin", "origin_index",
                                                          "end_bin", "dest_index"))}
        return model1_columns(unique, cells, times, marginals, partitions, labels) + [
            Column("noisy_count", "real", counts.astype(float))]
    tables = release.facts["tables"]
    parts = {k: [] for k in ("table", "origin", "dest", "time_bin", "duration_bin", "attribute", "category", "count")}

    def add(table, count, origin=None, dest=None, time_bin=None, duration=None, attribute=None, category=None):
        n = len(count)
        none = np.full(n, None, dtype=object)
        parts["table"].append(np.full(n, table, dtype=object))
        parts["origin"].append(_ids(cells, origin) if origin is not None else none)
        parts["dest"].append(_ids(cells, dest) if dest is not None else none)
        parts["time_bin"].append(_bin_times(time_bin, times) if time_bin is not None else none)
        parts["duration_bin"].append(duration if duration is not None else none)
        parts["attribute"].append(np.full(n, attribute, dtype=object) if attribute else none)
        parts["category"].append(category if category is not None else none)
        parts["count"].append(np.asarray(count, dtype=float))

    nz = len(cells)
    add(TOTAL, tables[TOTAL])
    od = np.flatnonzero(tables[OD])
    add(OD, tables[OD][od], origin=od // nz, dest=od % nz)
    start = tables[START]
    o, t = np.nonzero(start)
    add(START, start[o, t], origin=o, time_bin=t)
    if DURATION in tables:
        pairs, rows = tables[DURATION]
        p, d = np.nonzero(rows)
        add(DURATION, rows[p, d], origin=pairs[p] // nz, dest=pairs[p] % nz, duration=_duration_labels(times)[d])
    for name, values in declared.items():
        table = tables[attribute_table(name)]
        o, c = np.nonzero(table)
        names = np.array(list(values) + [OTHER], dtype=object)
        add(attribute_table(name), table[o, c], origin=o, attribute=name, category=names[c])
    join = {k: np.concatenate(v) for k, v in parts.items()}
    return [Column("table", "text", join["table"]), Column("origin_id", "text", join["origin"]),
            Column("dest_id", "text", join["dest"]), Column("time_bin", "text", join["time_bin"]),
            Column("duration_bin", "text", join["duration_bin"]), Column("attribute", "text", join["attribute"]),
            Column("category", "text", join["category"]), Column("noisy_count", "real", join["count"])]


def utility_rows(data, release, cells, times, model, marginals, record, title):
    """(columns of the utility table, HTML page): top-5 shares and per-table errors (NOT differentially private)."""
    result, nz = release.result, len(cells)
    ids = np.asarray(cells.ids, dtype=object)
    origin, dest = np.asarray(data.origin_zone), np.asarray(data.dest_zone)
    tops, errors = [], []
    if model == 0:
        so, sd = result["origin_index"], result["dest_index"]
        midnight = (times["period_start"] - times["period_start"].astype("datetime64[D]")).astype(np.int64)

        def days(bins):
            return (midnight + np.asarray(bins, dtype=np.int64) * times["bin_seconds"]) // 86400

        n_days = int(max(days(data.start_bin).max(initial=0), days(result["start_bin"]).max(initial=0))) + 1
        day_labels = np.datetime_as_string(times["period_start"].astype("datetime64[D]") + np.arange(n_days))
        route_keys, route_inverse = np.unique(np.r_[origin * nz + dest, so * nz + sd], return_inverse=True)
        route_labels = np.array([f"{ids[k // nz]} - {ids[k % nz]}" for k in route_keys.tolist()], dtype=object)
        for statistic, a, b, size, label in (
                (tr("origin zones (outgoing trips)"), origin, so, nz, ids),
                (tr("destination zones (incoming trips)"), dest, sd, nz, ids),
                (tr("routes"), route_inverse[:len(origin)], route_inverse[len(origin):], len(route_keys), route_labels),
                (tr("days"), days(data.start_bin), days(result["start_bin"]), n_days, day_labels)):
            tops += [(statistic, r.rank, str(label[r.key]), r.original_share, r.synthetic_share)
                     for r in top_rows(statistic, a, b, size)]
        errors.append(sparse_table_error(OD, origin * nz + dest, so * nz + sd))
        errors.append(table_error(tr("start time bins"), data.start_bin, result["start_bin"],
                                  int(max(np.max(data.start_bin, initial=0), np.max(result["start_bin"], initial=0)))
                                  + 1, ordered=True))
        if data.duration_bin is not None:
            errors.append(table_error(tr("duration bins"), data.duration_bin, result["duration_bin"],
                                      times["n_duration"], ordered=True))
        for name, codes in data.attributes.items():
            k = int(max(np.max(codes, initial=0), np.max(result[f"attribute:{name}"], initial=0))) + 1
            errors.append(sparse_table_error(attribute_table(name), origin * k + codes,
                                             so * k + result[f"attribute:{name}"]))
    else:
        partition = np.zeros(len(origin), dtype=np.int64) if data.partition is None else np.asarray(data.partition)
        original = {"start_bin": np.asarray(data.start_bin), "origin": origin, "dest": dest,
                    "end_bin": np.asarray(data.end_bin) if data.end_bin is not None else None}
        synthetic = {"start_bin": result["start_bin"], "origin": result["origin_index"], "dest": result["dest_index"],
                     "end_bin": result["end_bin"]}
        big = np.int64(max(nz, int(np.max(result["end_bin"], initial=0)) + 1,
                           int(np.max(original["end_bin"], initial=0)) + 1 if original["end_bin"] is not None else 1,
                           int(np.max(original["start_bin"], initial=0)) + 1) + 1)
        for j, name in enumerate(marginals):
            rows = result["marginal"] == j
            a, b = partition.copy(), result["partition"][rows]
            for c in COLUMNS[name]:
                a, b = a * big + original[c], b * big + synthetic[c][rows]
            errors.append(sparse_table_error(name, a, b))
            if name in ("on_place", "off_place"):
                column = "origin" if name == "on_place" else "dest"
                tops += [(name, r.rank, str(ids[r.key]), r.original_share, r.synthetic_share)
                         for r in top_rows(name, original[column], synthetic[column][rows], nz)]
    n_top, n_err = len(tops), len(errors)
    none = [None] * n_err
    columns = [
        Column("section", "text", ["top 5"] * n_top + ["error"] * n_err),
        Column("statistic", "text", [t[0] for t in tops] + [e.table for e in errors]),
        Column("rank", "int", [t[1] for t in tops] + [0] * n_err),
        Column("key", "text", [t[2] for t in tops] + none),
        Column("original_share", "real", [t[3] for t in tops] + [np.nan] * n_err),
        Column("synthetic_share", "real", [t[4] for t in tops] + [np.nan] * n_err),
        Column("avg_rel_error", "real", [np.nan] * n_top + [e.average_relative_error for e in errors]),
        Column("emd", "real", [np.nan] * n_top + [e.emd for e in errors]),
        Column("emd_ground", "text", [None] * n_top + [e.emd_ground for e in errors]),
    ]
    sections = []
    for statistic in dict.fromkeys(t[0] for t in tops):
        sections.append((tr("Top 5 {statistic}").format(statistic=statistic),
                         (tr("rank"), tr("key"), tr("original share"), tr("synthetic share")),
                         [t[1:] for t in tops if t[0] == statistic]))
    sections.append((tr("Error per table"), (tr("table"), tr("average relative error"), tr("EMD"), tr("EMD ground")),
                     [(e.table, e.average_relative_error, e.emd, e.emd_ground) for e in errors]))
    return columns, utility_page(title, record, sections)


def trip_lines(cells, result, crs, rng, representative=False):
    """Model 0's trip lines (in ``crs``): between random points inside the two zones (core), or between the zones'
    representative points (an intrazonal trip is then a small loop, as OD flows draw it)."""
    origin, dest = result["origin_index"], result["dest_index"]
    used = np.unique(np.concatenate((origin, dest)))
    polygons = np.full(len(cells), None, dtype=object)
    if len(used):
        polygons[used] = cells.geometries(used, crs)
    if representative:
        points, size = np.full((len(cells), 2), np.nan), np.zeros(len(cells))
        if len(used):
            points[used] = shapely.get_coordinates(shapely.point_on_surface(polygons[used]))
            size[used] = 0.15 * np.sqrt(shapely.area(polygons[used]))
        return flow_geometries(points, size, origin, dest)
    ends = random_points_in_polygons(polygons, np.concatenate((origin, dest)), rng)
    return shapely.linestrings(np.stack((ends[:len(origin)], ends[len(origin):]), axis=1))


def synthetic_lines(layer):
    """Synthetic trips: thin translucent lines."""
    from qgis.core import QgsLineSymbol, QgsSingleSymbolRenderer

    layer.setRenderer(QgsSingleSymbolRenderer(QgsLineSymbol.createSimple(
        {"color": "117,112,179,90", "width": "0.2", "capstyle": "round"})))


def write_all(writes, crs_wkt, html_destination, page, feedback, started):
    """Write every output (destination, title, record, geometries, columns) inside the previous one's finishing
    step, then the HTML page: all end up in place, or none (what was moved into place is removed on failure)."""
    written = []

    def step(i):
        if i == len(writes):
            if html_destination:
                write_text(html_destination, page)
                written.append(html_destination)
            return
        destination, title, record, geometry, columns = writes[i]

        def finish(path, layer):
            write_to_file(path, layer, record, title)
            step(i + 1)

        kind = ogr.wkbLineString if geometry is not None else ogr.wkbNone
        write_features(destination, crs_wkt, kind, geometry, columns, feedback, finish)
        written.append(destination)

    try:
        step(0)
    except BaseException:
        for destination in written:
            for path in (Path(destination), Path(destination).with_suffix(".qmd")):
                try:
                    if path.stat().st_mtime >= started - 1:
                        path.unlink()
                except OSError:
                    pass
        raise
