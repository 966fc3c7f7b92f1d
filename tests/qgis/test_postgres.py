"""PostgreSQL and PostGIS (issue 21 §1): a release into a PostGIS table, opened by QGIS with its record; a
release from a PostGIS layer; a ledger table that concurrent runs from separate processes share.

The server is the throw-away cluster `make pg-start` (.ci/postgres.mk) starts; DP_GEOPRIVACY_TEST_PG holds its
libpq connection string.
"""

import os
import subprocess
import uuid

import numpy as np
import pytest
from osgeo import gdal
from qgis import processing
from qgis.core import QgsProcessingException, QgsVectorLayer

from dp_geoprivacy.processing.ledger_postgres import postgres_ledger
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import feature_count, qgis_process_command, write_points
from .test_trajectory_perturbation import X0, Y0

gdal.UseExceptions()
LAPLACE = "dp_geoprivacy:laplaceperturbation"
N = 40


@pytest.fixture(scope="module")
def database():
    """The test cluster's connection string (a QGIS data source URI without a table)."""
    connection = os.environ.get("DP_GEOPRIVACY_TEST_PG")
    assert connection, "run through `make test-qgis` (starts PostgreSQL, sets DP_GEOPRIVACY_TEST_PG)"
    return connection


@pytest.fixture(scope="module")
def points(tmp_path_factory):
    rng = np.random.default_rng(22)
    path = tmp_path_factory.mktemp("postgres") / "points.gpkg"
    return write_points(path, 32633, np.column_stack((rng.uniform(X0, X0 + 1000, N), rng.uniform(Y0, Y0 + 1000, N))))


def _table():
    return f"t_{uuid.uuid4().hex[:10]}"


def test_a_release_into_postgis_is_opened_by_qgis_with_its_record(database, points, tmp_path):
    table = _table()
    result = processing.run(LAPLACE, {"INPUT": points, "EPSILON": 1.0,
                                      "OUTPUT": f"postgres://{database} table=\"public\".\"{table}\" (geom)"})
    assert result["POINTS_WRITTEN"] == N
    layer = QgsVectorLayer(f"{database} key='fid' table=\"public\".\"{table}\" (geom)", table, "postgres")
    assert layer.isValid() and layer.featureCount() == N and layer.crs().authid() == "EPSG:32633"
    [record] = read_from_file(layer.source())[:1]
    assert record.algorithm == LAPLACE and record.epsilon == 1.0
    report = processing.run("dp_geoprivacy:privacyreport", {"LAYERS": [layer], "OUTPUT": "memory:",
                                                            "REPORT": str(tmp_path / "report.html")})
    assert report["RELEASES"] == 1
    dataset = gdal.OpenEx(f"PG:{database}", gdal.OF_VECTOR)  # no staging table is left behind
    staging = dataset.ExecuteSQL("SELECT count(*) AS n FROM pg_tables WHERE tablename LIKE '\\_dp\\_geoprivacy\\_%'")
    assert staging.GetNextFeature()["n"] == 0
    dataset.ReleaseResultSet(staging)


def test_a_failed_release_into_postgis_leaves_no_table(database, points):
    with pytest.raises(QgsProcessingException, match="Could not write the PostgreSQL table"):
        processing.run(LAPLACE, {"INPUT": points, "EPSILON": 1.0,
                                 "OUTPUT": f"postgres://{database} table=\"no_such_schema\".\"t\" (geom)"})
    dataset = gdal.OpenEx(f"PG:{database}", gdal.OF_VECTOR)
    staging = dataset.ExecuteSQL("SELECT count(*) AS n FROM pg_tables WHERE tablename LIKE '\\_dp\\_geoprivacy\\_%'")
    assert staging.GetNextFeature()["n"] == 0
    dataset.ReleaseResultSet(staging)


def test_a_release_from_a_postgis_layer(database, points, tmp_path):
    table = _table()
    gdal.VectorTranslate(f"PG:{database}", points, layerName=table, layerCreationOptions=["GEOMETRY_NAME=geom"])
    output = tmp_path / "from_postgis.gpkg"
    result = processing.run(LAPLACE, {
        "INPUT": f"postgres://{database} key='ogc_fid' srid=32633 type=Point table=\"public\".\"{table}\" (geom)",
        "EPSILON": 1.0, "OUTPUT": str(output)})
    assert result["POINTS_WRITTEN"] == N and feature_count(output) == N
    assert read_from_file(str(output))[0].algorithm == LAPLACE


def test_concurrent_runs_on_a_postgres_ledger_admit_exactly_what_the_budget_allows(database, points, tmp_path):
    """8 separate qgis_process runs, epsilon 1 each, BUDGET 3: exactly 3 succeed and the table holds 3 entries."""
    ledger = f"postgres://{database} table=ledger_{uuid.uuid4().hex[:10]}"
    runs = [subprocess.Popen(qgis_process_command(
        "run", LAPLACE, "--", f"INPUT={points}", "EPSILON=1", "BUDGET=3", f"LEDGER={ledger}",
        f"OUTPUT={tmp_path / f'out{i}.gpkg'}"), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for i in range(8)]
    outcomes = [(run.wait(timeout=600), run.stdout.read()) for run in runs]
    succeeded = [i for i, (code, _) in enumerate(outcomes) if code == 0]
    refused = [text for code, text in outcomes if code != 0]
    assert len(succeeded) == 3, outcomes
    assert all("Privacy budget exceeded" in text for text in refused), refused
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"out{i}.gpkg" for i in succeeded)
    entries = postgres_ledger(ledger[len("postgres://"):]).entries()
    assert len(entries) == 3 and len({e.release_id for e in entries}) == 3
    assert sum(e.epsilon for e in entries) == 3.0
