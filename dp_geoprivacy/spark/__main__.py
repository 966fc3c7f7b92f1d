"""Command line: python -m dp_geoprivacy.spark noisyzonecounts|noisyodflows INPUT=taps.parquet ... OUTPUT=x.gpkg.

noisyodflows: ORIGIN_X_FIELD, ORIGIN_Y_FIELD, DEST_X_FIELD, DEST_Y_FIELD
(longitude/latitude), USER_FIELD, MAX_TRIPS, MIN_FLOW, INCLUDE_INTRAZONAL,
zones as below (no overlap), OUTPUT_FLOWS (GeoPackage of flow lines; the
plugin's OUTPUT_MATRIX table is not written by the Spark path).

Parameters have the names and meanings of the Processing algorithm
dp_geoprivacy:noisyzonecounts (enums as their index: NOISE 0 Laplace / 1
discrete Laplace, THRESHOLD 0 / 1, TIME_SLOT 0 hour / 1 four-hour / 2
weekday). Input: INPUT (Parquet or GeoParquet path) with LON_FIELD and
LAT_FIELD, or GEOMETRY_FIELD (WKB points), in longitude/latitude. Zones:
ZONES (GeoPackage) [ZONE_ID_FIELD, ALLOW_OVERLAP] or H3_RESOLUTION with
EXTENT ('xmin,xmax,ymin,ymax [EPSG:4326]'). MASTER: the Spark master
(default local[*]). Timestamps are read in UTC (spark.sql.session.timeZone).
"""

import sys
import time

from ..core.rng import noise_source
from .cells import CellError, h3_cells, zone_cells
from .gpkg import write_polygons
from .zone_counts import PointColumns, privacy_record, record_notes, release_spark_zone_counts, zone_count_spec

ALGORITHMS = ("noisyzonecounts", "noisyodflows")
TRUE = ("1", "true", "yes", "on")


class UsageError(ValueError):
    pass


def parse(arguments):
    if not arguments or arguments[0] not in ALGORITHMS:
        raise UsageError(f"first argument: one of {', '.join(ALGORITHMS)}")
    values = {}
    for item in arguments[1:]:
        name, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"parameters are NAME=VALUE, got {item!r}")
        values[name.strip().upper()] = value
    return arguments[0], values


def session(master: str):
    """A Spark session whose Python workers run this interpreter (numpy, shapely, h3 as on the driver)."""
    import os

    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)

    return (SparkSession.builder.master(master).appName("dp_geoprivacy")
            .config("spark.sql.session.timeZone", "UTC")
            .config("spark.sql.execution.arrow.pyspark.enabled", "true")
            .getOrCreate())


def cells_from(values, allow_overlap=True):
    """The public cells: ZONES [ZONE_ID_FIELD, ALLOW_OVERLAP] or H3_RESOLUTION with EXTENT."""
    get = values.get
    if get("ZONES") and get("H3_RESOLUTION"):
        raise UsageError("Give either ZONES or H3_RESOLUTION, not both: clear one of them.")
    try:
        if get("ZONES"):
            return zone_cells(get("ZONES"), get("ZONE_ID_FIELD") or None,
                              allow_overlap and str(get("ALLOW_OVERLAP", "")).lower() in TRUE)
        if get("H3_RESOLUTION"):
            return h3_cells(int(get("H3_RESOLUTION")), get("EXTENT"))
    except CellError as error:
        raise UsageError(str(error)) from None
    raise UsageError("Give the zones to count in: ZONES (a GeoPackage), or H3_RESOLUTION with an EXTENT.")


def wgs84_wkt():
    from osgeo import osr

    srs = osr.SpatialReference()
    srs.ImportFromEPSG(4326)
    return srs.ExportToWkt()


def noisy_od_flows(values, spark=None, log=print):
    """Run noisyodflows (OUTPUT_FLOWS: a GeoPackage of flow lines) from parameter values."""
    import numpy as np

    from .gpkg import write_lines
    from .od_flows import TripColumns, flow_lines, od_flow_spec, od_record, release_spark_od_flows

    get = values.get
    for required in ("INPUT", "EPSILON", "OUTPUT_FLOWS", "ORIGIN_X_FIELD", "ORIGIN_Y_FIELD", "DEST_X_FIELD",
                     "DEST_Y_FIELD"):
        if not get(required):
            raise UsageError(f"{required} is required")
    cells = cells_from(values, allow_overlap=False)
    columns = TripColumns(get("ORIGIN_X_FIELD"), get("ORIGIN_Y_FIELD"), get("DEST_X_FIELD"), get("DEST_Y_FIELD"),
                          get("USER_FIELD") or None)
    max_trips = int(get("MAX_TRIPS", 1))
    if max_trips < 1:
        raise UsageError("MAX_TRIPS must be a whole number of at least 1.")
    min_flow = float(get("MIN_FLOW", 0) or 0)
    intrazonal = str(get("INCLUDE_INTRAZONAL", "true")).lower() in TRUE
    spec = od_flow_spec(epsilon=float(get("EPSILON")), delta=float(get("DELTA", 0) or 0),
                        noise=int(get("NOISE", 0) or 0), threshold=int(get("THRESHOLD", 0) or 0),
                        user_field=columns.user, max_trips=max_trips, min_flow=min_flow,
                        include_intrazonal=intrazonal)
    source = noise_source(int(get("SEED")) if get("SEED") not in (None, "") else None)
    if source.seeded:
        log("A seed was given: the noise is reproducible. Do not publish this output.")
    log(f"Counting trips between {cells.description}.")
    spark = spark or session(get("MASTER") or "local[*]")
    release, _pairs = release_spark_od_flows(spark.read.parquet(get("INPUT")), cells, columns, spec,
                                             source.generator)
    facts = release.facts
    origin, dest = release.result["origin_index"], release.result["dest_index"]
    noisy = release.result["noisy_count"]
    record = od_record(release, input_name=get("INPUT"), seeded=source.seeded, cells=cells, min_flow=min_flow,
                       include_intrazonal=intrazonal)
    columns_out = [("origin_id", "text", cells.ids[origin]), ("dest_id", "text", cells.ids[dest]),
                   ("noisy_count", "real", noisy), ("moe95", "real", np.full(len(noisy), facts["margin_of_error"]))]
    write_lines(get("OUTPUT_FLOWS"), "noisy_od_flows", cells.crs_wkt or wgs84_wkt(), flow_lines(cells, origin, dest),
                columns_out, record, "Noisy OD flows")
    results = {"OUTPUT_FLOWS": get("OUTPUT_FLOWS"), "EPSILON_SPENT": record.epsilon, "DELTA_SPENT": record.delta,
               "SENSITIVITY": record.sensitivity, "NOISE_SCALE": record.noise_scale,
               "FLOWS_PUBLISHED": facts["published"], "OUTSIDE_FLOWS": facts["outside"]}
    for name, value in results.items():
        log(f"{name}: {value}")
    return results


def noisy_zone_counts(values, spark=None, log=print):
    """Run noisyzonecounts from parameter values (strings, as on the command line); returns the results."""
    get = values.get
    for required in ("INPUT", "EPSILON", "OUTPUT"):
        if not get(required):
            raise UsageError(f"{required} is required")
    if get("GEOMETRY_FIELD"):
        columns = PointColumns(geometry=get("GEOMETRY_FIELD"))
    elif get("LON_FIELD") and get("LAT_FIELD"):
        columns = PointColumns(lon=get("LON_FIELD"), lat=get("LAT_FIELD"))
    else:
        raise UsageError("Give LON_FIELD and LAT_FIELD, or GEOMETRY_FIELD (WKB points in longitude/latitude).")
    columns = PointColumns(columns.lon, columns.lat, columns.geometry, get("USER_FIELD") or None,
                           get("TIME_FIELD") or None)
    cells = cells_from(values)
    max_contributions = int(get("MAX_CONTRIBUTIONS", 1))
    if max_contributions < 1:
        raise UsageError("MAX_CONTRIBUTIONS must be a whole number of at least 1.")
    spec = zone_count_spec(
        epsilon=float(get("EPSILON")), delta=float(get("DELTA", 0) or 0), noise=int(get("NOISE", 0) or 0),
        threshold=int(get("THRESHOLD", 0) or 0), user_field=columns.user, max_contributions=max_contributions,
        time_field=columns.time, time_slot=int(get("TIME_SLOT", 0) or 0), top_k=int(get("TOP_K", 0) or 0),
        clamp=str(get("CLAMP", "true")).lower() in TRUE, cells_per_point=cells.cells_per_point)
    source = noise_source(int(get("SEED")) if get("SEED") not in (None, "") else None)
    if source.seeded:
        log("A seed was given: the noise is reproducible. Do not publish this output.")
    log(f"Counting in {cells.description}.")
    spark = spark or session(get("MASTER") or "local[*]")
    df = spark.read.parquet(get("INPUT"))
    started = time.perf_counter()
    release, aggregate = release_spark_zone_counts(df, cells, columns, spec, source.generator)
    facts = release.facts
    log(f"Spark aggregate and release: {time.perf_counter() - started:.1f} s; {aggregate.records} points "
        f"({facts['null_users']} with a NULL user, {facts['null_times']} with a NULL time dropped; "
        f"{facts['dropped_by_bound']} beyond M per user left out).")
    import numpy as np

    zone_index, slot_index = release.result["zone_index"], release.result["slot_index"]
    noisy = release.result["noisy_count"]
    columns_out = [("zone_id", "text", cells.ids[zone_index])]
    if columns.time:
        columns_out.append(("time_slot", "text", np.asarray(spec.slot_labels, dtype=object)[slot_index]))
    columns_out += [("noisy_count", "real", noisy), ("moe95", "real", np.full(len(noisy), facts["margin_of_error"]))]
    record = privacy_record(release, input_name=get("INPUT"), seeded=source.seeded,
                            notes=record_notes(cells, facts, spec, columns.time))
    write_polygons(get("OUTPUT"), "noisy_zone_counts", cells.crs_wkt or wgs84_wkt(), cells.geometries(zone_index),
                   columns_out, record,
                   "Noisy zone counts")
    results = {"OUTPUT": get("OUTPUT"), "EPSILON_SPENT": record.epsilon, "DELTA_SPENT": record.delta,
               "SENSITIVITY": record.sensitivity, "NOISE_SCALE": record.noise_scale,
               "OUTSIDE_COUNT": facts["outside"], "ROWS_WRITTEN": len(noisy)}
    for name, value in results.items():
        log(f"{name}: {value}")
    return results


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        algorithm, values = parse(argv)
        {"noisyzonecounts": noisy_zone_counts, "noisyodflows": noisy_od_flows}[algorithm](values)
    except UsageError as error:
        print(f"error: {error}\n\n{__doc__}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
