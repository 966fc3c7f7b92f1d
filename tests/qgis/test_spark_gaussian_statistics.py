"""noisyzonestatistics with NOISE=2 in QGIS and on Spark, same SEED (issue 22 §1): the same layer, record and ledger
entry (rho and the converted (epsilon, delta)) with declared bounds, an automatic M and automatic value bounds; and
rows without a point left out of both value-bound choices (the QGIS refusal of choices whose rho does not fit is in
test_auto_bound.py, the Spark one in tests/spark/test_spark_gaussian_statistics.py). Needs pyspark and Java: run by
``make test-spark`` (DP_GEOPRIVACY_SPARK_TESTS=1), skipped in the plain QGIS suites."""

import os

import numpy as np
import pytest
from qgis import processing

from dp_geoprivacy.core.mechanisms.gaussian import zcdp_rho
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .test_spark_output import _comparable, _layer_rows, _spark

pytestmark = pytest.mark.skipif(os.environ.get("DP_GEOPRIVACY_SPARK_TESTS") != "1",
                                reason="the Spark path is tested by make test-spark")
LON0, LAT0, CELL, N = 145.70, -16.98, 0.02, 3


def write_points(tmp_path):
    """Points of 500 users with 1 to 3 records, each of a user's records in another of the 3 x 3 zones (so the
    Gaussian's bound, one record per cell and M cells, keeps them all at M >= 3: each path samples with its own
    stream), values gamma(2, 25) with some NULL, some NULL users and some points in no zone. GeoPackage for QGIS,
    Parquet for Spark."""
    import pandas as pd

    from .neighbouring_cases import point, write_layer

    rng = np.random.default_rng(12)
    records = []
    for u in range(500):
        for k in range(int(rng.integers(1, 4))):
            zone = (u + 4 * k) % (N * N)
            col, row = zone % N, zone // N
            x = LON0 + (col + rng.uniform(0.1, 0.9)) * CELL
            y = LAT0 + (row + rng.uniform(0.1, 0.9)) * CELL
            if rng.random() < 0.02:
                x = LON0 - 0.01  # in no zone
            records.append((x, y, f"u{u}" if rng.random() > 0.02 else None,
                            float(rng.gamma(2.0, 25.0)) if rng.random() > 0.03 else None))
    pd.DataFrame(records, columns=["lon", "lat", "uid", "speed"]).to_parquet(tmp_path / "points.parquet")
    return write_layer(tmp_path / "points.gpkg", [{"wkt": point(x, y), "uid": uid, "speed": speed}
                                                  for x, y, uid, speed in records], epsg=4326)


def both_runs(tmp_path, common):
    """The QGIS algorithm and the Spark command with the same parameters and each its own LEDGER: (spark record,
    qgis record, spark ledger entry, qgis ledger entry, the Spark run's log); asserts the layers are the same."""
    from dp_geoprivacy.core.accounting.ledger import Ledger

    from .conftest import write_grid_zones

    gpkg = write_points(tmp_path)
    zones = write_grid_zones(tmp_path / "zones.gpkg", 4326, (LON0, LAT0), CELL, N)
    common = {"ZONES": zones, "ZONE_ID_FIELD": "zone_id", "VALUE_FIELD": "speed", "LOWER": 0, "UPPER": 200,
              "UNIT": 1, "USER_FIELD": "uid", "NOISE": 2, "DELTA": 1e-6, "SEED": 9, **common}
    ledgers = tmp_path / "spark_ledger.json", tmp_path / "qgis_ledger.json"
    qgis = {"INPUT": gpkg, **common, "LEDGER": str(ledgers[1]), "OUTPUT": str(tmp_path / "qgis.gpkg")}
    if "AUTO_VALUE_BOUNDS" in qgis:
        qgis["AUTO_VALUE_BOUNDS"] = True
    processing.run("dp_geoprivacy:noisyzonestatistics", qgis)
    run = _spark(["noisyzonestatistics", f"INPUT={tmp_path / 'points.parquet'}", "LON_FIELD=lon", "LAT_FIELD=lat",
                  *[f"{k}={v}" for k, v in common.items()], f"LEDGER={ledgers[0]}",
                  f"OUTPUT={tmp_path / 'spark.gpkg'}"], tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    names, features = _layer_rows(tmp_path / "spark.gpkg")
    assert (names, features) == _layer_rows(tmp_path / "qgis.gpkg")
    assert len(features) == N * N
    [spark_record], [qgis_record] = (read_from_file(str(tmp_path / name)) for name in ("spark.gpkg", "qgis.gpkg"))
    assert _comparable(spark_record) == _comparable(qgis_record)
    [spark_entry], [qgis_entry] = (Ledger(str(path)).entries() for path in ledgers)
    for name in ("epsilon", "delta", "rho", "unit_of_privacy", "algorithm", "fingerprint"):
        assert getattr(spark_entry, name) == getattr(qgis_entry, name), name
    return spark_record, spark_entry, run.stdout


@pytest.mark.parametrize("choices", ["declared", "automatic M", "automatic bounds"])
def test_spark_gaussian_zone_statistics_equal_the_qgis_algorithm(tmp_path, choices):
    """NOISE=2, DELTA 1e-6, same SEED: declared M and bounds (the sum), automatic M (the count: M drawn first on
    both, planned for the discrete Gaussian, its rho out of rho(EPSILON, DELTA)), automatic value bounds with a
    declared M (the sum). The record and the ledger entries carry rho(EPSILON, DELTA) and (EPSILON, DELTA)."""
    pytest.importorskip("pandas")
    pytest.importorskip("pyspark")
    epsilon = 40.0 if choices == "automatic M" else 2.0
    common = {"STATISTIC": 1, "MAX_CONTRIBUTIONS": 3, "EPSILON": epsilon}
    if choices == "automatic M":
        common.update(STATISTIC=0, MAX_CONTRIBUTIONS=0)
    elif choices == "automatic bounds":
        common["AUTO_VALUE_BOUNDS"] = "true"
    record, entry, log = both_runs(tmp_path, common)
    rho = zcdp_rho(epsilon, 1e-6)
    assert record.rho == entry.rho == pytest.approx(rho, rel=1e-12)
    assert (record.epsilon, record.delta) == (entry.epsilon, entry.delta) and record.delta == 1e-6
    # The run is rho(EPSILON, DELTA)-zCDP: its epsilon is that rho's conversion, EPSILON, or with a choice the
    # smaller sum of the release's conversion and the choice's epsilon (core with_choice: both hold).
    assert record.epsilon == pytest.approx(epsilon) if choices == "declared" else (
        record.epsilon <= epsilon * (1 + 1e-9))  # the conversion of the summed rho, rounded
    assert "discrete Gaussian" in record.mechanism
    if choices == "automatic M":
        m = int(log.split("Automatic M: permute-and-flip chose M = ")[1].split(" ")[0])
        assert m >= 3 and f"M = {m} chosen by permute-and-flip" in record.mechanism  # nobody bounded
    if choices == "automatic bounds":
        assert "LOWER = " in record.mechanism and "Automatic LOWER/UPPER" in log


def test_rows_without_a_point_are_not_read_by_either_value_bound_choice(tmp_path):
    """AUTO_VALUE_BOUNDS (UNIT 0, the mean) on points of which a tenth have no geometry (QGIS: a feature without
    one; Spark: NULL coordinates) and values near the declared UPPER: the QGIS reader skips them, and so does the
    Spark choice now (it read their values, which moved its upper bound), so both choose the same bounds and publish
    the same layer and record."""
    import pandas as pd

    from .conftest import write_grid_zones
    from .neighbouring_cases import point, write_layer

    rng = np.random.default_rng(21)
    records = []
    for _ in range(1500):
        if rng.random() < 0.1:
            records.append((None, None, float(rng.uniform(180, 200))))
        else:
            records.append((LON0 + rng.uniform(0, N * CELL), LAT0 + rng.uniform(0, N * CELL),
                            float(rng.gamma(2.0, 25.0))))
    pd.DataFrame(records, columns=["lon", "lat", "speed"]).to_parquet(tmp_path / "points.parquet")
    gpkg = write_layer(tmp_path / "points.gpkg", [{"wkt": None if x is None else point(x, y), "speed": speed}
                                                  for x, y, speed in records], epsg=4326)
    zones = write_grid_zones(tmp_path / "zones.gpkg", 4326, (LON0, LAT0), CELL, N)
    common = {"ZONES": zones, "ZONE_ID_FIELD": "zone_id", "VALUE_FIELD": "speed", "STATISTIC": 2, "LOWER": 0,
              "UPPER": 200, "EPSILON": 5, "SEED": 4}
    processing.run("dp_geoprivacy:noisyzonestatistics", {"INPUT": gpkg, **common, "AUTO_VALUE_BOUNDS": True,
                                                         "OUTPUT": str(tmp_path / "qgis.gpkg")})
    run = _spark(["noisyzonestatistics", f"INPUT={tmp_path / 'points.parquet'}", "LON_FIELD=lon", "LAT_FIELD=lat",
                  *[f"{k}={v}" for k, v in common.items()], "AUTO_VALUE_BOUNDS=true",
                  f"OUTPUT={tmp_path / 'spark.gpkg'}"], tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    assert _layer_rows(tmp_path / "spark.gpkg") == _layer_rows(tmp_path / "qgis.gpkg")
    [spark_record], [qgis_record] = (read_from_file(str(tmp_path / name)) for name in ("spark.gpkg", "qgis.gpkg"))
    assert _comparable(spark_record) == _comparable(qgis_record)
    upper = float(run.stdout.split("Automatic LOWER/UPPER: the private 2nd and 98th percentiles are ")[1]
                  .split(" (epsilon")[0].split(" and ")[1])
    assert upper < 180  # gamma(2, 25)'s 98th percentile is 146: the rows without a point (180 to 200) not read
