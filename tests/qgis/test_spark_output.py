"""The Spark path's GeoPackage opened in real QGIS (issue 15): its privacy record is read as QGIS reads it.

Runs the command line ``python -m dp_geoprivacy.spark noisyzonecounts ...``
(Spark local[2]) on a small Parquet file, then opens the output as a QGIS
layer: features, CRS, the layer metadata with the record, and the privacy
report algorithm counting its epsilon. Needs pyspark and Java: run by
``make test-spark`` (.ci/spark.mk), which sets DP_GEOPRIVACY_SPARK_TESTS=1;
skipped in the plain QGIS suites.
"""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from qgis import processing
from qgis.core import QgsVectorLayer

from dp_geoprivacy.processing.privacy_metadata import read_from_file

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(os.environ.get("DP_GEOPRIVACY_SPARK_TESTS") != "1",
                                reason="the Spark path is tested by make test-spark")


def test_spark_output_opens_in_qgis_with_its_privacy_record(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyspark")
    rng = np.random.default_rng(0)
    n = 3000
    pd.DataFrame({"lon": 151.2 + rng.normal(0, 0.02, n), "lat": -33.87 + rng.normal(0, 0.02, n),
                  "card": rng.integers(0, 300, n)}).to_parquet(tmp_path / "taps.parquet")
    out = tmp_path / "counts.gpkg"
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYSPARK_PYTHON=sys.executable)
    run = subprocess.run(
        [sys.executable, "-m", "dp_geoprivacy.spark", "noisyzonecounts", f"INPUT={tmp_path / 'taps.parquet'}",
         "LON_FIELD=lon", "LAT_FIELD=lat", "USER_FIELD=card", "MAX_CONTRIBUTIONS=5", "H3_RESOLUTION=7",
         "EXTENT=151.15,151.25,-33.92,-33.82 [EPSG:4326]", "EPSILON=0.7", f"OUTPUT={out}", "MASTER=local[2]"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    layer = QgsVectorLayer(str(out), "spark counts", "ogr")
    assert layer.isValid() and layer.crs().authid() == "EPSG:4326"
    assert layer.featureCount() > 0
    assert [f.name() for f in layer.fields()][1:] == ["zone_id", "noisy_count", "moe95"]
    assert layer.metadata().title() == "Noisy zone counts (ε=0.7, δ=0)"
    assert "differential-privacy" in layer.metadata().keywords("dp_geoprivacy")
    [record] = read_from_file(str(out))
    assert record.algorithm == "dp_geoprivacy:noisyzonecounts"
    assert (record.epsilon, record.sensitivity, record.noise_scale) == (0.7, 5, 5 / 0.7)
    assert not record.seeded and "Apache Spark" in " ".join(record.notes)
    result = processing.run("dp_geoprivacy:privacyreport", {
        "LAYERS": [str(out)], "OUTPUT": str(tmp_path / "releases.csv"), "REPORT": str(tmp_path / "report.html")})
    assert result["TOTAL_EPSILON"] == pytest.approx(0.7)


def test_spark_od_flows_output_opens_in_qgis_with_its_record(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyspark")
    rng = np.random.default_rng(1)
    n = 2000
    pd.DataFrame({"ox": 151.2 + rng.normal(0, 0.02, n), "oy": -33.87 + rng.normal(0, 0.02, n),
                  "dx": 151.2 + rng.normal(0, 0.02, n), "dy": -33.87 + rng.normal(0, 0.02, n),
                  "card": rng.integers(0, 500, n)}).to_parquet(tmp_path / "trips.parquet")
    out = tmp_path / "flows.gpkg"
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYSPARK_PYTHON=sys.executable)
    run = subprocess.run(
        [sys.executable, "-m", "dp_geoprivacy.spark", "noisyodflows", f"INPUT={tmp_path / 'trips.parquet'}",
         "ORIGIN_X_FIELD=ox", "ORIGIN_Y_FIELD=oy", "DEST_X_FIELD=dx", "DEST_Y_FIELD=dy", "USER_FIELD=card",
         "MAX_TRIPS=4", "H3_RESOLUTION=6", "EXTENT=151.1,151.3,-33.97,-33.77 [EPSG:4326]", "EPSILON=1",
         f"OUTPUT_FLOWS={out}", "MASTER=local[2]"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    layer = QgsVectorLayer(str(out), "spark flows", "ogr")
    assert layer.isValid() and layer.featureCount() > 0
    assert [f.name() for f in layer.fields()][1:] == ["origin_id", "dest_id", "noisy_count", "moe95"]
    [record] = read_from_file(str(out))
    assert (record.algorithm, record.epsilon, record.sensitivity) == ("dp_geoprivacy:noisyodflows", 1.0, 4)
