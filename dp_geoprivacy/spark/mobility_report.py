"""mobilityreport on Apache Spark: trips, the user bound and the exact statistics on Spark; the noise by the core.

Split of the work (issue 24; Kapp et al. 2023 §4.2-4.3 for the user bound):

1. ``mapInPandas``: each trip record gets its zone (the broadcast public
   cells, as spark/zone_counts.py) and its time in seconds (clock time, UTC
   session); rows with a NULL user or trip id are dropped.
2. ``groupBy(user, trip)``: a trip is one user's trip id; its rows ordered by
   time (NULL times last), the first is its start and the last its end
   (core.releases.mobility_report.pair_trip_records; equal times in input
   order, as there: Spark's row ids follow the order of the input's rows).
3. ``groupBy(bucket of the user).applyInPandas``: every bucket holds whole
   users. In each, the core's bound_contributions keeps at most M trips per
   user, sampled uniformly with a Philox generator keyed by a child of the
   noise generator's SeedSequence and the bucket (spark/zone_counts.bounding_key),
   and core.releases.mobility_statistics.statistics_of computes the exact
   statistics of the kept trips. They are sums over users, so Spark adds the
   buckets' up (``groupBy(name, index).sum``); the distinct locations of the
   kept trips are counted by a Spark ``distinct``. Only these aggregates reach
   the driver, never a trip. With NOISE=2 (the spec's gaussian_delta) the
   visits per zone and the OD pairs count users (each once per zone or pair):
   a bucket holds whole users, so these sums are the single-machine counts too.
4. Driver: core.releases.mobility_statistics.release_statistics, after the
   bounding draws the single-machine path makes are skipped
   (counting.skip_bounding_draws): from the same SEED, the noise is the very
   noise the QGIS algorithm draws, and when no user has more than M trips the
   report is the same.
"""

import os
from dataclasses import dataclass
from typing import Optional

import numpy as np

from ..core.mechanisms.counting import bound_contributions, skip_bounding_draws
from ..core.releases import mobility_analyses as ma
from ..core.releases.mobility_report import MobilityData
from ..core.releases.mobility_statistics import DISTINCT_LOCATIONS, MobilityStatistics, statistics_of
from ..core.releases.od_flows import PairCounts
from ..core.releases.publication import Private
from ..core.releases.release import Release
from .auto_bound import present
from .zone_counts import _lonlat, bounding_key

BUCKETS = 64  # groups of whole users, each one pandas frame on an executor
LOCATION, OD, OD_OUTSIDE = "locations", "od", "od_outside"


class MobilityInputError(ValueError):
    """An input column missing or of a type the report cannot read (the message names it and the fix)."""


@dataclass(frozen=True)
class RecordColumns:
    """Where the trip records' user, trip id, time and point (LON/LAT columns or WKB points) are."""

    user: str
    trip: str
    time: str
    lon: Optional[str] = None
    lat: Optional[str] = None
    geometry: Optional[str] = None

    def names(self):
        return [c for c in (self.user, self.trip, self.time, self.lon, self.lat, self.geometry) if c]


def _seconds(df, name):
    """Seconds since 1970-01-01 of a timestamp, date or ISO-text column (the session is UTC: clock time), and
    whether a non-empty text could not be read."""
    from pyspark.sql import functions as sf
    from pyspark.sql import types as st

    column, kind = sf.col(name), df.schema[name].dataType
    if isinstance(kind, (st.TimestampType, st.TimestampNTZType, st.DateType)):
        return sf.unix_micros(column.cast("timestamp")) / 1e6, sf.lit(False)
    if isinstance(kind, st.StringType):
        parsed = sf.unix_micros(sf.trim(column).cast("timestamp")) / 1e6
        return parsed, parsed.isNull() & column.isNotNull() & (sf.trim(column) != "")
    raise MobilityInputError(f"{name} must hold dates and times (timestamp, date or ISO text such as "
                             f"2024-05-01 08:30:00), not {kind.simpleString()}")


def _locate(cells, columns: RecordColumns):
    """The mapInPandas function: zone of each record (MISSING without a location), longitude and latitude."""

    def run(batches):
        import pandas as pd

        for frame in batches:
            lon, lat = _lonlat(frame, columns.lon, columns.lat, columns.geometry)
            located = np.isfinite(lon) & np.isfinite(lat)
            zone = np.full(len(frame), ma.MISSING, dtype=np.int64)
            if located.any():
                zone[located] = cells.assign_lonlat(lon[located], lat[located])
            yield pd.DataFrame({"user": frame["user"], "trip": frame["trip"], "seconds": frame["seconds"],
                                "bad_time": frame["bad_time"], "row": frame["row"],
                                "lon": np.where(located, lon, np.nan),
                                "lat": np.where(located, lat, np.nan), "zone": zone})

    return run


def spark_trips(df, cells, columns: RecordColumns):
    """Spark DataFrame of trips (user, trip, n, bad_time, first_/last_ lon, lat, zone, seconds): rows with a NULL
    user or trip id left out, each trip's first and last row by time (NULL times last)."""
    from pyspark.sql import functions as sf
    from pyspark.sql import types as st

    missing = [c for c in columns.names() if c not in df.columns]
    if missing:
        raise MobilityInputError(f"the input has no column {missing[0]!r} (columns: {', '.join(df.columns)})")
    seconds, bad = _seconds(df, columns.time)
    point = [c for c in (columns.lon, columns.lat, columns.geometry) if c]
    rows = df.select(sf.col(columns.user).alias("user"), sf.col(columns.trip).alias("trip"),
                     seconds.alias("seconds"), bad.alias("bad_time"), sf.monotonically_increasing_id().alias("row"),
                     *point)
    for name in ("user", "trip"):
        rows = rows.where(present(rows, name))
    schema = st.StructType([rows.schema["user"], rows.schema["trip"], st.StructField("seconds", st.DoubleType()),
                            st.StructField("bad_time", st.BooleanType()), st.StructField("row", st.LongType()),
                            st.StructField("lon", st.DoubleType()),
                            st.StructField("lat", st.DoubleType()), st.StructField("zone", st.LongType())])
    located = rows.mapInPandas(_locate(cells, columns), schema)
    order = sf.coalesce(sf.col("seconds"), sf.lit(float("inf")))
    end = sf.struct(order.alias("order"), "row", "lon", "lat", "zone", "seconds")  # equal times: input order
    trips = (located.groupBy("user", "trip")
             .agg(sf.count(sf.lit(1)).alias("n"), sf.min(end).alias("first"), sf.max(end).alias("last"),
                  sf.max(sf.col("bad_time").cast("int")).alias("bad_time")))
    ends = [sf.col(f"{which}.{field}").alias(f"{which}_{field}") for which in ("first", "last")
            for field in ("lon", "lat", "zone", "seconds")]
    return trips.select("user", "trip", "n", "bad_time", *ends)  # flat columns: Arrow hands pandas arrays


def _bucket_statistics(spec, n_zones: int, key: int, item_level: bool):
    """The applyInPandas function of one bucket of whole users: bound, then (name, index, count) rows of the
    exact statistics of the kept trips, and the kept trips' distinct locations (as LOCATION rows with lon/lat)."""

    def run(frame):
        import pandas as pd

        frame = frame.sort_values(["user", "trip"], kind="stable").reset_index(drop=True)
        user = np.arange(len(frame)) if item_level else pd.factorize(frame["user"], sort=True)[0]
        bucket = int(frame["bucket"].iloc[0]) if len(frame) else 0
        generator = np.random.Generator(np.random.Philox(key=key, counter=[0, 0, bucket, 0]))
        keep = bound_contributions(user, 1 if item_level else spec.max_trips, generator)
        t = _trips_of(frame.iloc[keep], user[keep], n_zones)
        rows = list(statistics_rows(statistics_of(t, spec)))
        points = np.concatenate((t.start_lonlat, t.end_lonlat[t.has_end]))
        points = np.unique(points[~np.isnan(points).any(axis=1)], axis=0)
        names, index, count, lon, lat = zip(*rows) if rows else ((),) * 5
        return pd.DataFrame({"name": list(names) + [LOCATION] * len(points),
                             "index": np.r_[np.asarray(index, dtype=np.int64), np.zeros(len(points), np.int64)],
                             "count": np.r_[np.asarray(count, dtype=float), np.ones(len(points))],
                             "lon": np.r_[np.asarray(lon, dtype=float), points[:, 0]],
                             "lat": np.r_[np.asarray(lat, dtype=float), points[:, 1]]})

    return run


def _trips_of(frame, user, n_zones) -> MobilityData:
    """Core MobilityData of the trips of a pandas frame from spark_trips (users as codes)."""
    n = len(frame)
    single = frame["n"].to_numpy() == 1

    def end(name):
        return frame[name].to_numpy(dtype=float, na_value=np.nan)

    start_lonlat = np.column_stack((end("first_lon"), end("first_lat"))).reshape(n, 2)
    end_lonlat = np.column_stack((end("last_lon"), end("last_lat"))).reshape(n, 2)
    end_lonlat[single] = np.nan
    end_time = end("last_seconds")
    end_time[single] = np.nan
    return MobilityData(np.asarray(user), np.ones(n, bool), ~single, end("first_seconds"), end_time,
                        start_lonlat, end_lonlat, end("first_zone").astype(np.int64),
                        np.where(single, ma.MISSING, end("last_zone").astype(np.int64)), n_zones)


def statistics_rows(statistics: MobilityStatistics):
    """(name, flat index, count, NaN, NaN) of every non-zero exact statistic (one bucket's)."""
    for name, counts in statistics.counts.items():
        flat = counts.ravel()
        for i in np.flatnonzero(flat):
            yield name, int(i), float(flat[i]), np.nan, np.nan
    for name, values in statistics.values.items():
        for part, counts in (("histogram", values.histogram), ("grid", values.grid_counts)):
            for i in np.flatnonzero(counts):
                yield f"{name}:{part}", int(i), float(counts[i]), np.nan, np.nan
    if statistics.pairs is not None:
        for rank, count in zip(statistics.pairs.ranks.tolist(), statistics.pairs.counts.tolist()):
            yield OD, int(rank), float(count), np.nan, np.nan
        yield OD_OUTSIDE, 0, float(statistics.pairs.outside), np.nan, np.nan


def statistics_from_rows(rows, spec, n_zones: int):
    """MobilityStatistics from the summed (name, index, count) rows; the distinct locations are set by the
    caller."""
    empty = MobilityData(np.empty(0, np.int64), np.empty(0, bool), np.empty(0, bool), np.empty(0), np.empty(0),
                         np.empty((0, 2)), np.empty((0, 2)), np.empty(0, np.int64), np.empty(0, np.int64), n_zones)
    statistics = statistics_of(empty, spec)
    counts = {k: v.copy() for k, v in statistics.counts.items()}
    values = {k: ma.ValueStatistics(v.histogram.copy(), v.grid_counts.copy()) for k, v in statistics.values.items()}
    ranks, pair_counts, outside = [], [], 0
    for name, index, count in rows:
        if name in counts:
            counts[name].reshape(-1)[index] += count
        elif name == OD:
            ranks.append(index)
            pair_counts.append(count)
        elif name == OD_OUTSIDE:
            outside = int(count)
        else:
            analysis, part = name.split(":")
            target = values[analysis].histogram if part == "histogram" else values[analysis].grid_counts
            target[index] += count
    pairs = None
    if statistics.pairs is not None:
        order = np.argsort(np.asarray(ranks, dtype=np.int64))
        pairs = PairCounts(statistics.pairs.domain, np.asarray(ranks, dtype=np.int64)[order],
                           np.asarray(pair_counts, dtype=np.int64)[order], outside, 0)
    return MobilityStatistics(counts, values, pairs)


@dataclass(frozen=True)
class SparkStatistics:
    """What Spark hands the driver (private, for the release and the data holder's checks only): the exact
    statistics of the bounded trips, the trips before the bound (the bounding draws to skip), the trips with an
    end in a zone (before the bound, as QGIS checks), and the records whose time text could not be read (then,
    or for a trial run, no statistics are computed)."""

    statistics: Optional[MobilityStatistics]
    trips: int
    inside: int
    unreadable_times: int


def spark_statistics(df, cells, columns: RecordColumns, spec, rng: np.random.Generator, item_level=False,
                     buckets: int = BUCKETS, checks_only=False):
    """The exact, pre-noise part on Spark (private; the caller releases it): SparkStatistics. ``rng`` is not
    advanced (its SeedSequence is spawned). ``checks_only`` (a trial run, DRY_RUN): only the counts the run's
    checks read (statistics None)."""
    from pyspark import StorageLevel
    from pyspark.sql import functions as sf
    from pyspark.sql import types as st

    key = bounding_key(rng)
    trips = spark_trips(df, cells, columns).withColumn("bucket", sf.pmod(sf.xxhash64("user"), sf.lit(buckets)))
    schema = st.StructType([st.StructField("name", st.StringType()), st.StructField("index", st.LongType()),
                            st.StructField("count", st.DoubleType()), st.StructField("lon", st.DoubleType()),
                            st.StructField("lat", st.DoubleType())])
    inside = (sf.col("first_zone") >= 0) | ((sf.col("n") > 1) & (sf.col("last_zone") >= 0))
    checks = trips.agg(sf.sum("bad_time").alias("bad"), sf.count(sf.lit(1)).alias("trips"),
                       sf.sum(inside.cast("long")).alias("inside")).collect()[0]
    n_trips, n_inside, bad = (int(checks[name] or 0) for name in ("trips", "inside", "bad"))
    if bad or checks_only:
        return SparkStatistics(None, n_trips, n_inside, bad)
    out = trips.groupBy("bucket").applyInPandas(_bucket_statistics(spec, len(cells), key, item_level), schema)
    out = out.persist(StorageLevel.MEMORY_AND_DISK)
    try:
        rows = (out.where(sf.col("name") != LOCATION).groupBy("name", "index").agg(sf.sum("count").alias("count"))
                .collect())
        locations = out.where(sf.col("name") == LOCATION).select("lon", "lat").distinct().count()
    finally:
        out.unpersist()
    statistics = statistics_from_rows([(r["name"], int(r["index"]), float(r["count"])) for r in rows], spec,
                                      len(cells))
    if "dataset_statistics" in statistics.counts:
        statistics.counts["dataset_statistics"][DISTINCT_LOCATIONS] = locations
    return SparkStatistics(statistics, n_trips, n_inside, 0)


def release_spark_mobility_report(statistics, n_trips: int, spec, rng: np.random.Generator) -> Release:
    """The core's release from Spark's statistics, as release_mobility_report returns it (the caller reserved
    the budget before: nothing here reads the ledger). The bounding draws of the single-machine path are skipped
    first, so a SEED gives the noise the QGIS algorithm draws."""
    from ..core.releases.mobility_statistics import release_statistics

    skip_bounding_draws(rng, n_trips)
    result, analysis_fields = release_statistics(statistics, spec, rng)
    facts = {"null_users": Private(0), "shares": spec.shares(), "analysis_fields": analysis_fields}
    return Release(result, spec.mechanisms(), spec.record_fields(), facts)


def _wgs84_points_and_zones(cells):
    """(points (n, 2) lon/lat, zone polygons lon/lat) as the QGIS algorithm draws them: H3 cell centres, or the
    zones' points on surface transformed from their CRS."""
    import shapely

    from ..core.geometry import h3cells
    from .cells import WGS84, _transformer

    polygons = cells.geometries(np.arange(len(cells)))
    if cells.kind == "h3":
        return h3cells.cell_centres(cells.cells), polygons
    points = shapely.get_coordinates(shapely.point_on_surface(polygons))
    transform = _transformer(cells.crs_wkt, WGS84) if cells.crs_wkt else None
    if transform is None:
        return points, polygons
    return transform(points), shapely.transform(polygons, transform)


def write_report(release, spec, cells, record, lines, html_path, visits_path, flows_path, wgs84_wkt):
    """The QGIS algorithm's three outputs, all or none: the HTML page (processing/mobility_html.py, the same
    page), the visits per zone and the top OD flows GeoPackages with the privacy record."""
    import shapely

    from ..processing.mobility_html import flow_columns, release_id_line, report_page, visits_columns
    from ..translation import translate
    from .cells import id_order
    from .gpkg import write_layers

    r, fields = release.result, release.facts["analysis_fields"]
    ids = np.asarray(cells.ids, dtype=object)
    order = id_order(cells.ids)
    points, lonlat_zones = _wgs84_points_and_zones(cells)
    flow_lines, lines_out = [], np.empty(0, object)
    if "od_flows" in r and len(r["od_origin"]):
        o, d = r["od_origin"], r["od_dest"]
        flow_lines = [(points[a, 0], points[a, 1], points[b, 0], points[b, 1], v)
                      for a, b, v in zip(o, d, r["od_flows"])]
        lines_out = shapely.linestrings(np.stack([points[o], points[d]], axis=1))
    labels = spec.period.labels() if spec.period is not None else ()
    page = report_page(translate("MobilityReport", "Mobility report"), release, spec, lonlat_zones, flow_lines,
                       list(lines) + [release_id_line(record.release_id)], labels, ids)
    zones_crs = cells.crs_wkt or wgs84_wkt
    write_layers([
        (visits_path, "visits_per_zone", zones_crs, cells.geometries(order), visits_columns(r, fields, ids, order),
         record, translate("MobilityReport", "Visits per zone"), "polygons"),
        (flows_path, "top_od_flows", wgs84_wkt, lines_out, flow_columns(r, fields, ids), record,
         translate("MobilityReport", "Top OD flows"), "lines")])
    try:
        _write_text(html_path, page)
    except BaseException:
        for path in (visits_path, flows_path):
            if os.path.exists(path):
                os.remove(path)
        raise


def _write_text(destination, text):
    """The page whole, moved into place when complete, with the umask's mode (as processing/writers.write_text)."""
    import tempfile

    directory = os.path.dirname(os.path.abspath(destination))
    handle, work = tempfile.mkstemp(prefix=".dp_geoprivacy-", suffix=".html", dir=directory)
    os.close(handle)
    try:
        with open(work, "w", encoding="utf-8") as out:
            out.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(work, 0o666 & ~umask)
        os.replace(work, destination)
    finally:
        if os.path.exists(work):
            os.unlink(work)
