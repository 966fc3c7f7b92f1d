"""Benchmark: the mobility report on Spark local[2] against the QGIS algorithm, same trips, same run (issue 24).

Data: the 2014 Cairns bus GTFS feed (benchmarks/real_data_trial.py's ``cairns_feed``, from gtfs-kit's sdist on
PyPI; never committed): every scheduled run of 2-29 June 2014 (bench_mobility_report_real.read_trips, 28 days),
the four weeks repeated until --trips trips (default 2,000,000; each repeat shifted by 28 days, so weekdays and
hours keep the schedule's). Each trip is two records (start at its first stop, end at its last); the unit of
privacy is the scheduled trip (trip_id), M = 5, as in bench_mobility_report_real.py. Zones: the public 2 km
grid in EPSG:32755 over the feed's stops (bench_mobility_report_real.write_zones). All analyses, EPSILON 1,
TIME_START/TIME_END over the whole range, bins as in bench_mobility_report_real.py.

1. Spark: ``python -m dp_geoprivacy.spark mobilityreport ... MASTER=local[2]`` on a Parquet copy of the
   records (uid, tid, ts as text, lon, lat), driver memory --driver-memory; time and memory sampled from
   /proc over the process tree (bench_spark_zone_counts.run_sampled: Python driver, JVM, Python workers).
2. QGIS: ``make qgis_process ARGS='run dp_geoprivacy:mobilityreport ...'`` on a GeoPackage of the same records
   (written by GDAL from a CSV), under GNU time (wall, CPU, peak RSS of the largest process).

Both write the HTML page and the two layers. The load average is recorded (the machine is shared: wall
times say little when it is high).

``--formats parquet,csv`` runs Spark on each copy of the records (the CSV written by pandas: the text Spark's one
reader, spark.cli.read_input, casts); ``--auto-m`` sets MAX_TRIPS_PER_USER=0 (M chosen privately, issue 22 §2:
one more Spark pass counts the trips per user).

Run: make -s stage && .venv/bin/python benchmarks/bench_spark_mobility_report.py [--trips N] [--runs spark,qgis]
     [--data-dir DIR] [--driver-memory 2g] [--formats parquet,csv] [--auto-m]   (after make spark-deps)
Writes benchmarks/results/bench_spark_mobility_report.json.
"""

import argparse
import datetime as dt
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_spark_zone_counts import run_sampled  # noqa: E402
from benchmarks.common import load_average, print_table, run_measured, write_results  # noqa: E402
from benchmarks.mobility_real_data import FEED_DAYS, FIRST_DAY, read_trips, write_zones  # noqa: E402
from benchmarks.mobility_truth import M  # noqa: E402
from benchmarks.real_data_trial import cairns_feed  # noqa: E402

EPSILON = 1.0


def schedule_trips(n_trips):
    """(unit, start, end, origin, dest) of the first ``n_trips`` runs of the repeated four-week schedule."""
    unit, start, end, origin, dest = read_trips(cairns_feed(), FEED_DAYS)
    repeats = int(np.ceil(n_trips / len(unit)))
    shift = np.repeat(np.arange(repeats) * FEED_DAYS * 86400.0, len(unit))[:n_trips]
    pick = np.tile(np.arange(len(unit)), repeats)[:n_trips]
    return unit[pick], start[pick] + shift, end[pick] + shift, origin[pick], dest[pick], repeats * FEED_DAYS


def write_records(folder: Path, unit, start, end, origin, dest, gpkg=True, csv=False):
    """The same records as Parquet (Spark), CSV (Spark, if ``csv``) and GeoPackage (QGIS, if ``gpkg``): uid, tid,
    ts (ISO text), lon, lat."""
    import pandas as pd
    from osgeo import gdal

    n = len(unit)
    times = np.empty(2 * n, dtype="datetime64[s]")
    times[0::2], times[1::2] = start.astype("datetime64[s]"), end.astype("datetime64[s]")
    frame = pd.DataFrame({"uid": np.repeat(unit, 2), "tid": np.repeat(np.arange(n), 2).astype(str),
                          "ts": np.datetime_as_string(times).astype(object),
                          "lon": np.column_stack((origin[:, 0], dest[:, 0])).ravel(),
                          "lat": np.column_stack((origin[:, 1], dest[:, 1])).ravel()})
    frame["ts"] = frame["ts"].str.replace("T", " ")
    frame.to_parquet(folder / "records.parquet", row_group_size=1_000_000)
    if csv or gpkg:
        frame.to_csv(folder / "records.csv", index=False)
    if not gpkg:
        return
    gdal.UseExceptions()
    source = gdal.OpenEx(str(folder / "records.csv"), gdal.OF_VECTOR, open_options=[
        "X_POSSIBLE_NAMES=lon", "Y_POSSIBLE_NAMES=lat", "AUTODETECT_TYPE=NO", "KEEP_GEOM_COLUMNS=NO"])
    gdal.VectorTranslate(str(folder / "records.gpkg"), source, format="GPKG", layerName="records",
                         dstSRS="EPSG:4326", srcSRS="EPSG:4326", geometryType="POINT")
    source = None
    if not csv:
        (folder / "records.csv").unlink()


def parameters(zones, days, out: Path, m=M):
    return ["USER_FIELD=uid", "TRIP_FIELD=tid", "TIMESTAMP_FIELD=ts", f"ZONES={zones}", "ZONE_ID_FIELD=zone_id",
            f"EPSILON={EPSILON}", f"MAX_TRIPS_PER_USER={m}", f"TIME_START={FIRST_DAY}",
            f"TIME_END={FIRST_DAY + dt.timedelta(days=days)}", "TRAVEL_TIME_BIN=5", "JUMP_LENGTH_BIN=1",
            "TIME_BETWEEN_BIN=6", "RADIUS_BIN=1", f"OUTPUT_HTML={out / 'report.html'}",
            f"OUTPUT_VISITS={out / 'visits.gpkg'}", f"OUTPUT_FLOWS={out / 'flows.gpkg'}"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trips", type=int, default=2_000_000)
    parser.add_argument("--runs", default="spark,qgis")
    parser.add_argument("--data-dir", default="/var/tmp")
    parser.add_argument("--driver-memory", default="2g")
    parser.add_argument("--min-free-mib", type=int, default=2048)
    parser.add_argument("--name", default="bench_spark_mobility_report", help="results file (benchmarks/results)")
    parser.add_argument("--formats", default="parquet", help="Spark inputs: parquet and/or csv")
    parser.add_argument("--auto-m", action="store_true", help="MAX_TRIPS_PER_USER=0 (automatic M)")
    args = parser.parse_args()
    formats = [f.strip() for f in args.formats.split(",") if f.strip()]
    m = 0 if args.auto_m else M
    load_at_start = load_average()
    tmp = Path(tempfile.mkdtemp(prefix="bench_spark_mr_", dir=args.data_dir))
    rows, loads, facts = [], [], {}
    try:
        started = time.perf_counter()
        unit, start, end, origin, dest, days = schedule_trips(args.trips)
        write_records(tmp, unit, start, end, origin, dest, gpkg="qgis" in args.runs, csv="csv" in formats)
        write_zones(tmp / "zones.gpkg", np.concatenate((origin, dest)))
        facts.update(trips=len(unit), records=2 * len(unit), units=len(set(unit.tolist())), days=days,
                     prepare_s=round(time.perf_counter() - started, 1),
                     parquet_mib=round((tmp / "records.parquet").stat().st_size / 2**20, 1),
                     csv_mib=round((tmp / "records.csv").stat().st_size / 2**20, 1) if "csv" in formats else None,
                     gpkg_mib=round((tmp / "records.gpkg").stat().st_size / 2**20, 1) if "qgis" in args.runs else None)
        print(facts, flush=True)
        zones = tmp / "zones.gpkg"
        for kind in formats if "spark" in args.runs else ():
            out = tmp / f"spark_{kind}"
            out.mkdir()
            env = dict(os.environ, PYTHONPATH=str(ROOT), PYSPARK_PYTHON=sys.executable, SPARK_LOCAL_DIRS=str(tmp),
                       PYSPARK_SUBMIT_ARGS=f"--driver-memory {args.driver_memory} pyspark-shell")
            row = run_sampled([sys.executable, "-m", "dp_geoprivacy.spark", "mobilityreport",
                               f"INPUT={tmp / f'records.{kind}'}", "LON_FIELD=lon", "LAT_FIELD=lat",
                               *parameters(zones, days, out, m), "MASTER=local[2]"],
                              env, f"spark local[2] {kind}", args.min_free_mib, loads)
            chosen = [line for line in row.pop("log", []) if line.startswith("Automatic M:")]
            if chosen:
                row["automatic_m"] = chosen[0]
            rows.append(row)
        if "qgis" in args.runs:
            out = tmp / "qgis"
            out.mkdir()
            row = run_measured(["run", "dp_geoprivacy:mobilityreport", "--", f"INPUT={tmp / 'records.gpkg'}",
                                *parameters(zones, days, out, m)], "qgis_process")
            rows.append(row)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print_table(rows, ["label", "wall_s", "cpu_s", "peak_rss_mib", "peak_rss_driver_mib", "peak_rss_jvm_mib",
                       "peak_rss_python_workers_mib"])
    path = write_results(args.name, {
        **facts, "epsilon": EPSILON, "max_trips_per_user": m, "formats": formats, "driver_memory": args.driver_memory,
        "load_average_at_start": load_at_start, "runs": rows, "load_average_log": loads})
    print(path)


if __name__ == "__main__":
    main()
