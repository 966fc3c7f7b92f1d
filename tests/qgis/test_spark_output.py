"""The Spark path's GeoPackage opened in real QGIS (issue 15): its privacy record is read as QGIS reads it.

Runs the command line ``python -m dp_geoprivacy.spark noisyzonecounts ...``
(Spark local[2]) on a small Parquet file, then opens the output as a QGIS
layer: features, CRS, the layer metadata with the record, and the privacy
report algorithm counting its epsilon. Needs pyspark and Java: run by
``make test-spark`` (.ci/spark.mk), which sets DP_GEOPRIVACY_SPARK_TESTS=1;
skipped in the plain QGIS suites.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from qgis import processing
from qgis.core import QgsProcessingException, QgsVectorLayer

from dp_geoprivacy.processing.privacy_metadata import read_from_file

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(os.environ.get("DP_GEOPRIVACY_SPARK_TESTS") != "1",
                                reason="the Spark path is tested by make test-spark")


def test_spark_output_opens_in_qgis_with_its_privacy_record(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyspark")
    rng = np.random.default_rng(0)
    n = 3000
    frame = pd.DataFrame({"lon": 151.2 + rng.normal(0, 0.02, n), "lat": -33.87 + rng.normal(0, 0.02, n),
                          "card": rng.integers(0, 300, n)})
    frame.to_parquet(tmp_path / "taps.parquet")
    out = tmp_path / "counts.gpkg"
    ledger = tmp_path / "ledger.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYSPARK_PYTHON=sys.executable)
    run = subprocess.run(
        [sys.executable, "-m", "dp_geoprivacy.spark", "noisyzonecounts", f"INPUT={tmp_path / 'taps.parquet'}",
         "LON_FIELD=lon", "LAT_FIELD=lat", "USER_FIELD=card", "MAX_CONTRIBUTIONS=5", "H3_RESOLUTION=7",
         "EXTENT=151.15,151.25,-33.92,-33.82 [EPSG:4326]", "EPSILON=0.7", f"OUTPUT={out}", "MASTER=local[2]",
         f"LEDGER={ledger}"],
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
    # The same points in a GeoPackage (without the card column, rows reversed): QGIS fingerprints them as Spark
    # did, so the plugin's release is charged to the same budget (issue 19 item 7).
    from .conftest import write_points

    points = write_points(tmp_path / "taps.gpkg", 4326, frame[["lon", "lat"]].to_numpy()[::-1])
    with pytest.raises(QgsProcessingException, match="spent = 0.7, requested = 0.7"):
        processing.run("dp_geoprivacy:laplaceperturbation", {
            "INPUT": points, "EPSILON": 0.7, "DISTANCE": 100, "LEDGER": str(ledger), "BUDGET": 1,
            "OUTPUT": str(tmp_path / "perturbed.gpkg")})


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


def _spark(args, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYSPARK_PYTHON=sys.executable)
    return subprocess.run([sys.executable, "-m", "dp_geoprivacy.spark", *args, "MASTER=local[2]"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600)


def test_spark_zone_statistics_and_its_ledger_entry_read_by_the_privacy_report(tmp_path):
    """noisyzonestatistics on Spark with LEDGER: QGIS opens the output and privacyreport reads the ledger entry
    (matched to the layer's record by release_id); a second run beyond BUDGET is refused and writes nothing."""
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyspark")
    rng = np.random.default_rng(2)
    n = 3000
    pd.DataFrame({"lon": 151.2 + rng.normal(0, 0.02, n), "lat": -33.87 + rng.normal(0, 0.02, n),
                  "speed": rng.uniform(0, 70, n), "card": rng.integers(0, 300, n)}).to_parquet(
        tmp_path / "speeds.parquet")
    out, ledger = tmp_path / "stats.gpkg", tmp_path / "ledger.json"
    common = [f"INPUT={tmp_path / 'speeds.parquet'}", "LON_FIELD=lon", "LAT_FIELD=lat", "VALUE_FIELD=speed",
              "STATISTIC=5", "LOWER=0", "UPPER=60", "UNIT=1", "USER_FIELD=card", "MAX_CONTRIBUTIONS=4",
              "H3_RESOLUTION=7", "EXTENT=151.15,151.25,-33.92,-33.82 [EPSG:4326]", "EPSILON=0.8",
              f"LEDGER={ledger}", "BUDGET=1"]
    run = _spark(["noisyzonestatistics", *common, f"OUTPUT={out}"], tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    layer = QgsVectorLayer(str(out), "spark statistics", "ogr")
    assert layer.isValid() and layer.featureCount() > 0
    assert [f.name() for f in layer.fields()][1:] == ["zone_id", "q1", "median", "q3", "moe95_rank"]
    [record] = read_from_file(str(out))
    assert (record.algorithm, record.epsilon) == ("dp_geoprivacy:noisyzonestatistics", 0.8)
    assert layer.metadata().title() == "Noisy zone statistics (ε=0.8, δ=0)"
    result = processing.run("dp_geoprivacy:privacyreport", {
        "LAYERS": [str(out)], "LEDGER": str(ledger), "OUTPUT": str(tmp_path / "releases.csv"),
        "REPORT": str(tmp_path / "report.html")})
    assert result["TOTAL_EPSILON"] == pytest.approx(0.8) and result["RELEASES"] == 1
    releases = QgsVectorLayer(str(tmp_path / "releases.csv"), "releases", "ogr")
    [row] = list(releases.getFeatures())
    assert (row["release_id"], row["read_from"]) == (record.release_id, "ledger+layer")
    assert row["algorithm"] == "dp_geoprivacy:noisyzonestatistics"
    refused = _spark(["noisyzonestatistics", *common, f"OUTPUT={tmp_path / 'again.gpkg'}"], tmp_path)
    assert refused.returncode == 3 and "raise BUDGET" in refused.stderr
    assert not (tmp_path / "again.gpkg").exists()


def test_spark_od_matrix_opens_in_qgis_as_a_table(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyspark")
    shapely = pytest.importorskip("shapely")
    rng = np.random.default_rng(3)
    n = 1500
    lines = shapely.linestrings(np.stack([np.c_[151.2 + rng.normal(0, 0.02, n), -33.87 + rng.normal(0, 0.02, n)],
                                          np.c_[151.2 + rng.normal(0, 0.02, n), -33.87 + rng.normal(0, 0.02, n)]],
                                         axis=1))
    pd.DataFrame({"geom": list(shapely.to_wkb(lines)), "card": rng.integers(0, 400, n)}).to_parquet(
        tmp_path / "trips.parquet")
    flows, matrix = tmp_path / "flows.gpkg", tmp_path / "matrix.gpkg"
    run = _spark(["noisyodflows", f"INPUT={tmp_path / 'trips.parquet'}", "GEOMETRY_FIELD=geom", "USER_FIELD=card",
                  "MAX_TRIPS=3", "H3_RESOLUTION=6", "EXTENT=151.1,151.3,-33.97,-33.77 [EPSG:4326]", "EPSILON=1",
                  f"OUTPUT_FLOWS={flows}", f"OUTPUT_MATRIX={matrix}"], tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    table = QgsVectorLayer(str(matrix), "spark matrix", "ogr")
    lines_layer = QgsVectorLayer(str(flows), "spark flows", "ogr")
    assert table.isValid() and not table.isSpatial() and table.featureCount() == lines_layer.featureCount() > 0
    assert [f.name() for f in table.fields()][1:] == ["origin_id", "dest_id", "noisy_count"]
    assert table.metadata().title() == "Noisy OD matrix (ε=1, δ=0)"
    [record] = read_from_file(str(matrix))
    assert record.release_id == read_from_file(str(flows))[0].release_id


def _layer_rows(path):
    from osgeo import ogr

    dataset = ogr.Open(str(path))
    layer = dataset.GetLayer(0)
    names = [layer.GetLayerDefn().GetFieldDefn(i).GetName() for i in range(layer.GetLayerDefn().GetFieldCount())]
    rows = [(tuple(f[n] for n in names), f.GetGeometryRef().ExportToWkt() if f.GetGeometryRef() else None)
            for f in layer]
    dataset = None
    return names, rows


def _comparable(record):
    """A record's fields without what differs by run or by path (release id, input name, the Spark note)."""
    fields = json.loads(record.to_json())
    for key in ("release_id", "input_layer", "notes", "created", "time", "ledger"):
        fields.pop(key, None)
    return fields


def _report_records(tmp_path, pd, max_trips_per_user, seed):
    """Trip records of 300 users with 1 to 3 trips (GeoPackage for QGIS, Parquet for Spark), 3 x 3 zones, and the
    parameters both paths run with (EPSILON 30)."""
    from .conftest import write_grid_zones
    from .test_mobility_report import write_records

    rng = np.random.default_rng(8)
    lon0, lat0, cell, n = 145.70, -16.98, 0.02, 3
    rows = []
    for u in range(300):
        for k in range(int(rng.integers(1, 4))):
            day, hour = 4 + (u + k) % 14, int(rng.integers(0, 24))
            start = f"2024-03-{day:02d} {hour:02d}:{int(rng.integers(0, 60)):02d}:00"
            end = f"2024-03-{day:02d} {hour:02d}:59:00" if rng.random() > 0.05 else None
            o = (lon0 + rng.uniform(-0.01, n * cell), lat0 + rng.uniform(0, n * cell))
            rows.append((f"u{u}", f"t{k}", start, *o))
            if end is not None:
                d = (lon0 + rng.uniform(0, n * cell), lat0 + rng.uniform(0, n * cell)) if rng.random() < 0.5 else (
                    lon0 + 1.5 * cell, lat0 + 1.5 * cell)  # half the trips end in the middle zone: flows to publish
                rows.append((f"u{u}", f"t{k}", end, *d))
    gpkg = write_records(tmp_path / "records.gpkg", rows, epsg=4326)
    pd.DataFrame(rows, columns=["uid", "tid", "ts", "lon", "lat"]).to_parquet(tmp_path / "records.parquet")
    zones = write_grid_zones(tmp_path / "zones.gpkg", 4326, (lon0, lat0), cell, n)
    return gpkg, {"USER_FIELD": "uid", "TRIP_FIELD": "tid", "TIMESTAMP_FIELD": "ts", "ZONES": zones,
                  "ZONE_ID_FIELD": "zone_id", "EPSILON": 30, "MAX_TRIPS_PER_USER": max_trips_per_user,
                  "TIME_START": "2024-03-01", "TIME_END": "2024-04-01", "SEED": seed}


def _both_reports(tmp_path, gpkg, common, ledger, flows_published=True, qgis_ledger=None):
    """The report in QGIS and on Spark (command line) with the same parameters: (spark record, qgis record, the
    Spark run's log); asserts the layers, record fields and pages are the same. A list (ANALYSES) reaches Spark
    as its comma-separated indices; ``qgis_ledger``: the QGIS run's LEDGER."""
    qgis_out, spark_out = tmp_path / "qgis", tmp_path / "spark"
    qgis_out.mkdir()
    spark_out.mkdir()
    outputs = {name: str(folder / file) for folder in (qgis_out,) for name, file in (
        ("OUTPUT_HTML", "report.html"), ("OUTPUT_VISITS", "visits.gpkg"), ("OUTPUT_FLOWS", "flows.gpkg"))}
    processing.run("dp_geoprivacy:mobilityreport", {"INPUT": gpkg, **common, **outputs,
                                                    **({"LEDGER": str(qgis_ledger)} if qgis_ledger else {})})
    spark_values = [f"{k}={','.join(map(str, v)) if isinstance(v, list) else v}" for k, v in common.items()]
    run = _spark(["mobilityreport", f"INPUT={tmp_path / 'records.parquet'}", "LON_FIELD=lon", "LAT_FIELD=lat",
                  *spark_values, f"OUTPUT_HTML={spark_out / 'report.html'}",
                  f"OUTPUT_VISITS={spark_out / 'visits.gpkg'}", f"OUTPUT_FLOWS={spark_out / 'flows.gpkg'}",
                  f"LEDGER={ledger}"], tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    for name in ("visits.gpkg", "flows.gpkg"):
        assert _layer_rows(spark_out / name) == _layer_rows(qgis_out / name), name
    names, flows = _layer_rows(spark_out / "flows.gpkg")
    assert flows_published in (None, len(flows) > 0)
    if flows_published is not False:  # False: a report without OD flows (an empty flows layer)
        assert names == ["origin_id", "dest_id", "noisy_count", "moe95"]
    [spark_record], [qgis_record] = read_from_file(str(spark_out / "visits.gpkg")), read_from_file(
        str(qgis_out / "visits.gpkg"))
    assert _comparable(spark_record) == _comparable(qgis_record)
    assert spark_record.seeded and "Apache Spark" in " ".join(spark_record.notes)
    pages = [(folder / "report.html").read_text(encoding="utf-8").replace(record.release_id, "ID")
             for folder, record in ((spark_out, spark_record), (qgis_out, qgis_record))]
    assert pages[0] == pages[1] and "<svg" in pages[0]
    return spark_record, qgis_record, run.stdout


def test_spark_mobility_report_equals_the_qgis_algorithm_with_the_same_seed(tmp_path):
    """mobilityreport on Spark and in QGIS, same trip records (Parquet / GeoPackage), same zones, same SEED, no user
    above M: the same visits and flows layers (values, moe95, geometries), the same HTML page but for its release
    id, the same record fields; the Spark run's ledger entry is read by privacyreport (issue 24)."""
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyspark")
    gpkg, common = _report_records(tmp_path, pd, max_trips_per_user=3, seed=42)
    ledger = tmp_path / "ledger.json"
    spark_record, qgis_record, _ = _both_reports(tmp_path, gpkg, common, ledger)
    # A private run (no SEED) on the same ledger: privacyreport counts it, matched to its layers' record.
    private = tmp_path / "private"
    private.mkdir()
    run = _spark(["mobilityreport", f"INPUT={tmp_path / 'records.parquet'}", "LON_FIELD=lon", "LAT_FIELD=lat",
                  *[f"{k}={v}" for k, v in common.items() if k not in ("SEED", "EPSILON")], "EPSILON=1",
                  f"OUTPUT_HTML={private / 'report.html'}", f"OUTPUT_VISITS={private / 'visits.gpkg'}",
                  f"OUTPUT_FLOWS={private / 'flows.gpkg'}", f"LEDGER={ledger}"], tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    [record] = read_from_file(str(private / "flows.gpkg"))
    result = processing.run("dp_geoprivacy:privacyreport", {
        "LAYERS": [str(tmp_path / "spark" / "visits.gpkg"), str(private / "visits.gpkg")], "LEDGER": str(ledger),
        "OUTPUT": str(tmp_path / "releases.csv"), "REPORT": str(tmp_path / "privacy.html")})
    assert result["TOTAL_EPSILON"] == pytest.approx(1.0)  # the seeded run is listed apart, counted nowhere
    releases = QgsVectorLayer(str(tmp_path / "releases.csv"), "releases", "ogr")
    rows = {row["release_id"]: row for row in releases.getFeatures()}
    assert rows[spark_record.release_id]["read_from"] == "ledger"
    row = rows[record.release_id]
    assert (row["read_from"], row["algorithm"]) == ("ledger+layer", "dp_geoprivacy:mobilityreport")
    assert row["unit_of_privacy"] == qgis_record.unit_of_privacy


@pytest.mark.parametrize("automatic", [False, True], ids=["OD flows, M 3", "zCDP, automatic M"])
def test_spark_gaussian_mobility_report_equals_the_qgis_algorithm(tmp_path, automatic):
    """NOISE=2 with DELTA on both paths, same SEED (issue 24): the same layers, record and page (the NOISE=2
    privacy line in both), and ledger entries with the same epsilon, delta, rho and fingerprint. With OD flows
    (Gaussian thresholding: not zCDP) neither carries rho; without them, with M chosen automatically (the choice
    planned for the discrete Gaussian visits), both carry the same rho."""
    from dp_geoprivacy.core.accounting.ledger import Ledger
    from dp_geoprivacy.core.releases.mobility_report import ANALYSES

    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyspark")
    gpkg, common = _report_records(tmp_path, pd, max_trips_per_user=0 if automatic else 3, seed=5)
    common.update(NOISE=2, DELTA=1e-6)
    if automatic:
        common["ANALYSES"] = [i for i, a in enumerate(ANALYSES) if a != "od_flows"]
    ledgers = tmp_path / "spark_ledger.json", tmp_path / "qgis_ledger.json"
    spark_record, qgis_record, log = _both_reports(tmp_path, gpkg, common, ledgers[0],
                                                   flows_published=not automatic,
                                                   qgis_ledger=ledgers[1])
    assert spark_record.delta == pytest.approx(1e-6 if automatic else 2e-6)
    assert (spark_record.rho is not None) == automatic and spark_record.rho == qgis_record.rho
    assert "discrete Gaussian" in " ".join(spark_record.notes)
    if automatic:
        m = int(log.split("Automatic M: permute-and-flip chose M = ")[1].split(" ")[0])
        assert m >= 3  # nobody bounded, so the sampling streams do not matter
    [spark_entry], [qgis_entry] = (Ledger(str(path)).entries() for path in ledgers)
    for name in ("epsilon", "delta", "rho", "unit_of_privacy", "algorithm", "fingerprint"):
        assert getattr(spark_entry, name) == getattr(qgis_entry, name), name
    assert "RHO_SPENT" in log if automatic else "RHO_SPENT" not in log


def test_spark_trial_run_reports_what_the_qgis_trial_run_reports(tmp_path):
    """DRY_RUN=true on both paths (NOISE=2, automatic M, LEDGER with BUDGET): the same figures (what would be
    spent, the noise scale and sensitivity at M = AUTO_MAX_BOUND, the ledger's state), and neither writes an output
    or a ledger entry (issue 24)."""
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyspark")
    gpkg, common = _report_records(tmp_path, pd, max_trips_per_user=0, seed=3)
    common.update(NOISE=2, DELTA=1e-6, EPSILON=1, DRY_RUN=True, LEDGER=str(tmp_path / "ledger.json"), BUDGET=0.5)
    del common["SEED"]  # a seeded release is counted in no budget: the preview would show nothing spent
    before = sorted(p.name for p in tmp_path.iterdir())
    qgis = processing.run("dp_geoprivacy:mobilityreport", {
        "INPUT": gpkg, **common, "OUTPUT_HTML": str(tmp_path / "q.html"), "OUTPUT_VISITS": str(tmp_path / "qv.gpkg"),
        "OUTPUT_FLOWS": str(tmp_path / "qf.gpkg")})
    run = _spark(["mobilityreport", f"INPUT={tmp_path / 'records.parquet'}", "LON_FIELD=lon", "LAT_FIELD=lat",
                  *[f"{k}={v}" for k, v in common.items()], f"OUTPUT_HTML={tmp_path / 's.html'}"], tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    spark = dict(line.split(": ", 1) for line in run.stdout.splitlines() if line.split(": ", 1)[0].isupper())
    for name in ("EPSILON_SPENT", "EPSILON_WOULD_SPEND", "DELTA_WOULD_SPEND", "NOISE_SCALE", "SENSITIVITY",
                 "LEDGER_SPENT", "LEDGER_AFTER", "BUDGET_REMAINING"):
        assert float(spark[name]) == pytest.approx(qgis[name]), name
    assert qgis["LEDGER_AFTER"] == pytest.approx(qgis["EPSILON_WOULD_SPEND"]) and qgis["LEDGER_AFTER"] > 0.5
    assert spark["BUDGET_WOULD_REFUSE"] == str(qgis["BUDGET_WOULD_REFUSE"]) == "True"  # would spend 1
    assert "This trial run draws nothing: its figures are for M = 50" in run.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    # Each section's planned accuracy (issue 24): Spark's rows are QGIS's, and both are the accuracy planner's for
    # the same settings (automatic M planned at AUTO_MAX_BOUND 50 on what the choice leaves, NOISE=2).
    from .test_report_trial import ALL, planned

    rows = json.loads(spark["SECTIONS_ACCURACY"])
    assert rows == json.loads(qgis["SECTIONS_ACCURACY"]) and len(rows) == 20
    assert json.loads(spark["SETTINGS"]) == json.loads(qgis["SETTINGS"])
    for name in ("EXPECTED_ABS_ERROR", "RMSE", "MARGIN_OF_ERROR", "STABILITY_THRESHOLD", "CHOICE_EPSILON"):
        assert float(spark[name]) == qgis[name], name
    (tmp_path / "plan").mkdir()
    plan, expected = planned(tmp_path / "plan", "plan", EPSILON=1, EPSILONS="1", MAX_CONTRIBUTIONS=0, NOISE=2,
                             DELTA=1e-6, OD_DELTA=1e-6, REPORT_ANALYSES=ALL)
    assert rows == expected and plan["CHOICE_EPSILON"] == qgis["CHOICE_EPSILON"]


def test_spark_mobility_report_chooses_the_qgis_algorithms_automatic_m(tmp_path):
    """MAX_TRIPS_PER_USER=0 (automatic, issue 22 §2) on both paths, same SEED: Spark counts the trips per user on
    its executors, the core draws M first from the noise generator on both, so both choose the same M and publish
    the same layers, record (the choice's epsilon in it) and page. At epsilon 30 the choice falls on M >= 3, so no
    user is bounded (each path samples with its own stream)."""
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyspark")
    gpkg, common = _report_records(tmp_path, pd, max_trips_per_user=0, seed=11)
    ledger = tmp_path / "ledger.json"
    spark_record, qgis_record, log = _both_reports(tmp_path, gpkg, common, ledger, flows_published=None)
    m = int(log.split("Automatic M: permute-and-flip chose M = ")[1].split(" ")[0])
    assert m >= 3  # nobody bounded (flows may or may not reach the threshold at the chosen M: not checked)
    assert f"M = {m} chosen by permute-and-flip" in spark_record.mechanism
    assert spark_record.epsilon == pytest.approx(30.0)
    from dp_geoprivacy.core.accounting.ledger import Ledger

    [entry] = Ledger(str(ledger)).entries()
    assert entry.epsilon == pytest.approx(30.0) and entry.release_id == spark_record.release_id
    assert log.index("Ledger: reserved") < log.index("Automatic M: permute-and-flip chose")


def test_spark_zone_statistics_choose_the_qgis_algorithms_m_and_value_bounds(tmp_path):
    """noisyzonestatistics with MAX_CONTRIBUTIONS=0 and AUTO_VALUE_BOUNDS (issue 22 §2) in QGIS and on Spark, same
    points (GeoPackage / Parquet, with NULL values and users and points in no zone), zones and SEED: Spark counts
    the records per user and the values per candidate on its executors, the core draws M then the bounds from the
    noise generator on both, so both publish the same layer and record (both choices' epsilon in it). At EPSILON
    40 the choice falls on M >= 3: no user (1 to 3 records) is bounded, each path sampling with its own stream."""
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyspark")
    from dp_geoprivacy.core.accounting.ledger import Ledger

    from .conftest import write_grid_zones
    from .neighbouring_cases import point, write_layer

    rng = np.random.default_rng(4)
    lon0, lat0, cell, n = 145.70, -16.98, 0.02, 3
    records = []
    for u in range(500):
        for _ in range(int(rng.integers(1, 4))):
            records.append((lon0 + rng.uniform(-0.005, n * cell), lat0 + rng.uniform(0, n * cell),
                            f"u{u}" if rng.random() > 0.02 else None,
                            float(rng.gamma(2.0, 25.0)) if rng.random() > 0.03 else None))
    frame = pd.DataFrame(records, columns=["lon", "lat", "uid", "speed"])
    frame.to_parquet(tmp_path / "points.parquet")
    gpkg = write_layer(tmp_path / "points.gpkg", [{"wkt": point(x, y), "uid": uid, "speed": speed}
                                                  for x, y, uid, speed in records], epsg=4326)
    zones = write_grid_zones(tmp_path / "zones.gpkg", 4326, (lon0, lat0), cell, n)
    common = {"ZONES": zones, "ZONE_ID_FIELD": "zone_id", "VALUE_FIELD": "speed", "STATISTIC": 2, "LOWER": 0,
              "UPPER": 200, "UNIT": 1, "USER_FIELD": "uid", "MAX_CONTRIBUTIONS": 0, "AUTO_VALUE_BOUNDS": "true",
              "EPSILON": 40, "SEED": 9}
    processing.run("dp_geoprivacy:noisyzonestatistics", {"INPUT": gpkg, **common, "AUTO_VALUE_BOUNDS": True,
                                                         "OUTPUT": str(tmp_path / "qgis.gpkg")})
    ledger = tmp_path / "ledger.json"
    run = _spark(["noisyzonestatistics", f"INPUT={tmp_path / 'points.parquet'}", "LON_FIELD=lon", "LAT_FIELD=lat",
                  *[f"{k}={v}" for k, v in common.items()], f"LEDGER={ledger}", f"OUTPUT={tmp_path / 'spark.gpkg'}"],
                 tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    names, features = _layer_rows(tmp_path / "spark.gpkg")
    assert (names, features) == _layer_rows(tmp_path / "qgis.gpkg")
    assert names == ["zone_id", "mean", "moe95", "noisy_support"] and len(features) == 9
    [spark_record], [qgis_record] = read_from_file(str(tmp_path / "spark.gpkg")), read_from_file(
        str(tmp_path / "qgis.gpkg"))
    assert _comparable(spark_record) == _comparable(qgis_record)
    log = run.stdout
    m = int(log.split("Automatic M: permute-and-flip chose M = ")[1].split(" ")[0])
    bounds = log.split("Automatic LOWER/UPPER: the private 2nd and 98th percentiles are ")[1].split(" (epsilon")[0]
    lower, upper = (float(x) for x in bounds.split(" and "))
    assert m >= 3 and 0 < lower < 20 and 100 < upper < 200  # gamma(2, 25): 2nd/98th percentiles 5.4 and 146
    assert f"M = {m} chosen" in spark_record.mechanism and f"LOWER = {lower:g} and UPPER = {upper:g} chosen" \
        in spark_record.mechanism
    [entry] = Ledger(str(ledger)).entries()
    assert spark_record.epsilon == entry.epsilon == pytest.approx(40.0)
    assert log.index("Ledger: reserved") < log.index("Automatic M:") < log.index("Automatic LOWER/UPPER:")


LON0_Z, LAT0_Z, CELL_Z = 145.70, -16.98, 0.02


def _zone_counts_on_both(tmp_path, records):
    """noisyzonecounts with automatic M (AUTO_OCCUPANCY 0, EPSILON 10, AUTO_SHARE 0.9, AUTO_MAX_BOUND 8, SEED 3) in
    QGIS and on Spark on ``records`` (lon, lat, uid; lon None: a row without a point) in 3 x 3 zones: asserts the
    same layer and record; returns (Spark run, Spark record)."""
    import pandas as pd

    from .conftest import write_grid_zones
    from .neighbouring_cases import point, write_layer

    pd.DataFrame(records, columns=["lon", "lat", "uid"]).to_parquet(tmp_path / "points.parquet")
    gpkg = write_layer(tmp_path / "points.gpkg", [{"wkt": None if x is None else point(x, y), "uid": uid}
                                                  for x, y, uid in records], epsg=4326)
    zones = write_grid_zones(tmp_path / "zones.gpkg", 4326, (LON0_Z, LAT0_Z), CELL_Z, 3)
    common = {"ZONES": zones, "ZONE_ID_FIELD": "zone_id", "USER_FIELD": "uid", "MAX_CONTRIBUTIONS": 0,
              "EPSILON": 10, "AUTO_SHARE": 0.9, "AUTO_MAX_BOUND": 8, "AUTO_OCCUPANCY": 0, "SEED": 3}
    processing.run("dp_geoprivacy:noisyzonecounts", {"INPUT": gpkg, **common, "OUTPUT": str(tmp_path / "qgis.gpkg")})
    run = _spark(["noisyzonecounts", f"INPUT={tmp_path / 'points.parquet'}", "LON_FIELD=lon", "LAT_FIELD=lat",
                  *[f"{k}={v}" for k, v in common.items()], f"OUTPUT={tmp_path / 'spark.gpkg'}"], tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    assert _layer_rows(tmp_path / "spark.gpkg") == _layer_rows(tmp_path / "qgis.gpkg")
    [spark_record], [qgis_record] = read_from_file(str(tmp_path / "spark.gpkg")), read_from_file(
        str(tmp_path / "qgis.gpkg"))
    assert _comparable(spark_record) == _comparable(qgis_record)
    return run, spark_record


def _centre(u, i):
    k = (u + i) % 9
    return LON0_Z + (k % 3 + 0.5) * CELL_Z, LAT0_Z + (k // 3 + 0.5) * CELL_Z, f"u{u}"


def test_spark_zone_counts_choose_the_qgis_algorithms_m_with_a_declared_occupancy(tmp_path):
    """AUTO_OCCUPANCY (issue 22 §2) on both paths, same points, zones and SEED: both weigh the choice's noise on the
    declared share, so both choose the same M and publish the same layer and record (the declared share in it).
    40 users with 2 records and 8 with 6 in 3 x 3 zones (10 cells), EPSILON 10, AUTO_SHARE 0.9: the core's exact
    probabilities give M = 6 at the declared 0 (and M = 2 at the default 1) with probability above 1 - 1e-5;
    nobody is above 6, so each path's own sampling stream keeps every record."""
    pytest.importorskip("pandas")
    pytest.importorskip("pyspark")
    from dp_geoprivacy.core.mechanisms.bound_selection import plan_choice

    run, spark_record = _zone_counts_on_both(
        tmp_path, [_centre(u, i) for u in range(48) for i in range(2 if u < 40 else 6)])
    probabilities = plan_choice(10, 0.9, 8, 10, occupancy=0.0)[1].probabilities(
        np.array([2] * 40 + [6] * 8))
    assert probabilities[5] > 1 - 1e-5
    assert "M = 6 chosen by permute-and-flip" in spark_record.mechanism
    assert "share 0 of the cells taken to hold data (declared, public)" in spark_record.mechanism
    assert "chose M = 6 (from 1 to 8)" in run.stdout and "declared AUTO_OCCUPANCY 0 (the share" in run.stdout


def test_spark_zone_counts_choose_the_qgis_algorithms_m_without_the_rows_without_a_point(tmp_path):
    """Automatic M on both paths, same SEED, where 8 of 48 users also have 4 rows without a point (QGIS: features
    without geometry, which its reader skips; Spark: NULL coordinates): every user has 2 records with a point, so
    both choose M = 2 (the core's exact probabilities at AUTO_OCCUPANCY 0: above 1 - 1e-5) and publish the same
    layer and record. Spark counted the rows without a point before, in the choice (8 users with 6: M = 6, as in
    the test above) and in the release's bound (their points sampled out at M = 2)."""
    pytest.importorskip("pandas")
    pytest.importorskip("pyspark")
    from dp_geoprivacy.core.mechanisms.bound_selection import plan_choice

    run, spark_record = _zone_counts_on_both(
        tmp_path, [_centre(u, i) for u in range(48) for i in range(2)]
        + [(None, None, f"u{u}") for u in range(40, 48) for _ in range(4)])
    assert plan_choice(10, 0.9, 8, 10, occupancy=0.0)[1].probabilities(np.array([2] * 48))[1] > 1 - 1e-5
    assert "chose M = 2 (from 1 to 8)" in run.stdout, run.stdout
    assert "M = 2 chosen by permute-and-flip" in spark_record.mechanism
