"""The Spark commands' inputs (issue 24: the report reads what the other Spark commands read, through the one
reader spark.cli.read_input) and the report on a machine without QGIS (its HTML writer needs no Qt)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .test_spark_mobility_report import EXTENT, trip_records

ROOT = Path(__file__).resolve().parents[2]


def _report_values(tmp_path, name, **extra):
    out = tmp_path / name
    out.mkdir()
    return {"USER_FIELD": "card", "TRIP_FIELD": "trip", "TIMESTAMP_FIELD": "ts", "LON_FIELD": "lon",
            "LAT_FIELD": "lat", "H3_RESOLUTION": "7", "EXTENT": EXTENT, "EPSILON": "5", "MAX_TRIPS_PER_USER": "3",
            "TIME_START": "2024-05-06", "TIME_END": "2024-05-20", "SEED": "13",
            "OUTPUT_HTML": str(out / "report.html"), "OUTPUT_VISITS": str(out / "visits.gpkg"),
            "OUTPUT_FLOWS": str(out / "flows.gpkg"), **extra}


def _page(values):
    text = Path(values["OUTPUT_HTML"]).read_text(encoding="utf-8")
    return re.sub(r"[0-9a-f]{32}", "ID", text)


def test_report_reads_csv_as_it_reads_the_same_records_in_parquet(spark, tmp_path):
    """The same trip records as Parquet and as CSV (text cells: ISO times, coordinates, ids), same SEED, no user
    above M: the same page. Before read_input the report read INPUT as Parquet only and failed on the CSV."""
    from dp_geoprivacy.spark.__main__ import mobility_report

    frame = trip_records(users=200)
    frame["trip"] = frame["trip"].astype(str)
    frame.to_parquet(tmp_path / "trips.parquet", coerce_timestamps="us")  # Spark reads micro-, not nanoseconds
    text = frame.assign(ts=frame["ts"].dt.strftime("%Y-%m-%d %H:%M:%S"))
    text.to_csv(tmp_path / "trips.csv", index=False)
    runs = []
    for name in ("trips.parquet", "trips.csv"):
        values = _report_values(tmp_path, name.replace(".", "_"), INPUT=str(tmp_path / name))
        results = mobility_report(values, spark, log=lambda _: None)
        runs.append((_page(values), results["EPSILON_SPENT"]))
    assert runs[0] == runs[1]
    assert "<svg" in runs[0][0]


def test_every_command_reads_a_csv_input(spark, tmp_path):
    """noisyzonecounts from a CSV (coordinates as text) counts the rows the Parquet copy counts (EPSILON 1e6:
    the noise is below a half)."""
    import numpy as np
    import pandas as pd

    from dp_geoprivacy.spark.__main__ import noisy_zone_counts
    from dp_geoprivacy.spark.cli import UsageError

    rng = np.random.default_rng(4)
    frame = pd.DataFrame({"lon": 145.75 + rng.normal(0, 0.02, 500), "lat": -16.93 + rng.normal(0, 0.02, 500)})
    frame.to_csv(tmp_path / "points.csv", index=False)
    frame.to_parquet(tmp_path / "points.parquet")
    totals = []
    for name in ("points.csv", "points.parquet"):
        results = noisy_zone_counts({"INPUT": str(tmp_path / name), "LON_FIELD": "lon", "LAT_FIELD": "lat",
                                     "H3_RESOLUTION": "7", "EXTENT": EXTENT, "EPSILON": "1e6", "SEED": "1",
                                     "OUTPUT": str(tmp_path / f"{name}.gpkg")}, spark, log=lambda _: None)
        totals.append((results["ROWS_WRITTEN"], results["OUTSIDE_COUNT"]))
    assert totals[0] == totals[1] and totals[0][0] > 0
    with pytest.raises(UsageError, match="INPUT .* cannot be read"):
        noisy_zone_counts({"INPUT": str(tmp_path / "missing.csv"), "LON_FIELD": "lon", "LAT_FIELD": "lat",
                           "H3_RESOLUTION": "7", "EXTENT": EXTENT, "EPSILON": "1",
                           "OUTPUT": str(tmp_path / "m.gpkg")}, spark, log=lambda _: None)
    with pytest.raises(UsageError, match="GEOMETRY_FIELD reads WKB"):
        noisy_zone_counts({"INPUT": str(tmp_path / "points.csv"), "GEOMETRY_FIELD": "geom", "H3_RESOLUTION": "7",
                           "EXTENT": EXTENT, "EPSILON": "1", "OUTPUT": str(tmp_path / "g.gpkg")}, spark,
                          log=lambda _: None)


def test_report_runs_where_qgis_cannot_be_imported(tmp_path):
    """The Spark report end to end (command line, local[1]) with a ``qgis`` package that refuses to import ahead
    on the path (a Spark cluster has no QGIS): it writes the page and both layers. Before, the HTML writer
    imported qgis.PyQt (QLocale, and translation's QCoreApplication) and the run failed."""
    frame = trip_records(users=60)
    frame.to_parquet(tmp_path / "trips.parquet", coerce_timestamps="us")
    stub = tmp_path / "stub" / "qgis"
    stub.mkdir(parents=True)
    (stub / "__init__.py").write_text("raise ImportError('no QGIS on this machine (test stub)')\n")
    values = _report_values(tmp_path, "out", INPUT=str(tmp_path / "trips.parquet"))
    values.pop("SEED")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path / "stub"), str(ROOT)]),
               PYSPARK_PYTHON=sys.executable)
    run = subprocess.run([sys.executable, "-c", "import qgis"], capture_output=True, text=True, env=env)
    assert run.returncode != 0 and "no QGIS" in run.stderr  # the stub holds
    run = subprocess.run([sys.executable, "-m", "dp_geoprivacy.spark", "mobilityreport", "MASTER=local[1]",
                          *[f"{k}={v}" for k, v in values.items()]], capture_output=True, text=True, env=env,
                         cwd=tmp_path, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "<svg" in _page(values)
    assert all(Path(values[k]).stat().st_size > 0 for k in ("OUTPUT_VISITS", "OUTPUT_FLOWS"))
