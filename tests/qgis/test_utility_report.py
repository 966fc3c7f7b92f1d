"""dp_geoprivacy:utilityreport: release against original, labelled not private."""

import math

import numpy as np
import pytest
from qgis import processing
from qgis.core import QgsApplication, QgsProcessingException, QgsVectorLayer

from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import ROOT, read_field, write_grid_zones, write_points

SAMPLE = ROOT / "resources" / "sample_data" / "sample_city.gpkg"
ALG = "dp_geoprivacy:utilityreport"


def _metrics(path):
    return dict(zip(read_field(path, "metric"), read_field(path, "value")))


def test_od_flows_report_spurious_and_missing_flows_and_is_labelled_not_private(tmp_path):
    zones, trips = f"{SAMPLE}|layername=zones", f"{SAMPLE}|layername=trips"
    flows = tmp_path / "flows.gpkg"
    processing.run("dp_geoprivacy:noisyodflows", {
        "INPUT": trips, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": 1, "SEED": 3, "THRESHOLD": 0,
        "DELTA": 0, "OUTPUT_FLOWS": str(flows), "OUTPUT_MATRIX": str(tmp_path / "m.csv")})
    html_path = tmp_path / "report.html"
    report = processing.run(ALG, {"RELEASED": str(flows), "ORIGINAL": trips, "ZONES": zones,
                                  "ZONE_ID_FIELD": "zone_id", "OUTPUT": str(tmp_path / "u.gpkg"),
                                  "OUTPUT_HTML": str(html_path)})
    metrics = _metrics(report["OUTPUT"])
    published = len(read_field(flows, "noisy_count"))
    # every published flow is either real (has a trip) or spurious
    assert metrics["spurious"] == report["SPURIOUS"] and 0 < report["SPURIOUS"] <= published
    # 42 zones, MIN_FLOW 1: a pair without trips is published with probability exp(-1/2)/2
    assert metrics["zero_share_nonzero"] == pytest.approx(0.5 * math.exp(-0.5), abs=0.05)
    assert report["RELEASE_KIND"] == "dp_geoprivacy:noisyodflows"
    record = read_from_file(str(report["OUTPUT"]))[0]
    assert not record.differentially_private and "not differentially private" in " ".join(record.notes)
    text = html_path.read_text(encoding="utf-8")
    assert "not differentially private: contains statistics of the raw data" in text and "<svg" in text
    algorithm = QgsApplication.processingRegistry().algorithmById(ALG)
    assert "not differentially private: contains statistics of the raw data" in algorithm.displayName()
    assert "Not differentially private: contains statistics of the raw data" in algorithm.shortHelpString()
    keywords = QgsVectorLayer(str(report["OUTPUT"]), "u", "ogr").metadata().keywords()
    assert "not-differentially-private" in [k for words in keywords.values() for k in words]


def test_locations_emd_and_displacement_match_the_planner(tmp_path):
    rng = np.random.default_rng(31)
    xy = np.column_stack((rng.uniform(5e5, 5.05e5, 3000), rng.uniform(4.5e6, 4.505e6, 3000)))
    points = write_points(tmp_path / "points.gpkg", 32633, xy)
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (5e5, 4.5e6), 500.0, 10)
    released = tmp_path / "perturbed.gpkg"
    processing.run("dp_geoprivacy:laplaceperturbation", {
        "INPUT": points, "EPSILON": 1, "DISTANCE": 50, "GRID": 0, "SEED": 4, "FIELDS": ["pid"],
        "KEEP_IDENTIFIERS": True, "OUTPUT": str(released)})
    report = processing.run(ALG, {"RELEASED": str(released), "ORIGINAL": points, "MATCH_FIELD": "pid",
                                  "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "GRID": 100,
                                  "OUTPUT": str(tmp_path / "u.gpkg")})
    predicted = dict(zip(read_field(report["OUTPUT"], "metric"), read_field(report["OUTPUT"], "predicted")))
    metrics = _metrics(report["OUTPUT"])
    # Gamma(2, 50): mean 100, sd 50 sqrt(2); 4 standard errors of the mean over 3,000 pairs.
    assert predicted["mean_displacement_m"] == pytest.approx(100.0)
    assert abs(report["MEAN_DISPLACEMENT_M"] - 100.0) <= 4 * 50 * math.sqrt(2) / math.sqrt(3000)
    assert 0 < report["EMD_M"] < 100 and metrics["pairs"] == 3000
    assert 0 < metrics["escape_share_mean_over_zones"] < 1


def test_a_layer_without_a_record_is_refused(tmp_path):
    with pytest.raises(QgsProcessingException, match="privacy record"):
        processing.run(ALG, {"RELEASED": f"{SAMPLE}|layername=households",
                             "ORIGINAL": f"{SAMPLE}|layername=households", "OUTPUT": str(tmp_path / "u.gpkg")})


def test_with_the_stability_threshold_the_prediction_is_for_published_cells_only(tmp_path):
    zones, trips = f"{SAMPLE}|layername=zones", f"{SAMPLE}|layername=trips"
    flows = tmp_path / "flows.gpkg"
    processing.run("dp_geoprivacy:noisyodflows", {
        "INPUT": trips, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": 1, "THRESHOLD": 1, "DELTA": 1e-6,
        "SEED": 3, "OUTPUT_FLOWS": str(flows), "OUTPUT_MATRIX": str(tmp_path / "m.csv")})
    report = processing.run(ALG, {"RELEASED": str(flows), "ORIGINAL": trips, "ZONES": zones,
                                  "ZONE_ID_FIELD": "zone_id", "OUTPUT": str(tmp_path / "u.gpkg")})
    predicted = dict(zip(read_field(report["OUTPUT"], "metric"), read_field(report["OUTPUT"], "predicted")))
    assert report["SPURIOUS"] == 0 and report["MISSING"] > 0
    assert predicted["mae"] is None or math.isnan(predicted["mae"])
    assert predicted["mae_published_cells_with_data"] == pytest.approx(report["PREDICTED_MAE"])


def _valued_points(path, xy, values):
    from osgeo import ogr, osr

    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(32633)
    layer = dataset.CreateLayer("points", srs, ogr.wkbPoint)
    layer.CreateField(ogr.FieldDefn("value", ogr.OFTReal))
    layer.StartTransaction()
    for (x, y), v in zip(xy, values):
        feature = ogr.Feature(layer.GetLayerDefn())
        feature.SetField("value", float(v))
        feature.SetGeometry(ogr.CreateGeometryFromWkt(f"POINT ({x} {y})"))
        layer.CreateFeature(feature)
    layer.CommitTransaction()
    dataset = None
    return str(path)


def test_zone_statistics_quartiles_per_zone_against_the_raw_values(tmp_path):
    """Quartiles per zone: the report's per-zone truth is numpy's quantile of the raw values, its MAE is over
    every published zone's three columns, and the planner's figure comes from the spec rebuilt from the record
    (bounds, epsilon, grid); a missing VALUE_FIELD is refused by name."""
    from dp_geoprivacy.core.accuracy.accuracy_statistics import statistic_accuracy
    from dp_geoprivacy.core.accuracy.utility import compare_statistics
    from dp_geoprivacy.core.releases.zone_statistics import ZoneStatisticsSpec

    rng = np.random.default_rng(5)
    zone = np.repeat(np.arange(25), 60)
    xy = np.column_stack((5e5 + (zone % 5 + rng.uniform(0.1, 0.9, len(zone))) * 200.0,
                          4.5e6 + (zone // 5 + rng.uniform(0.1, 0.9, len(zone))) * 200.0))
    values = rng.uniform(0, 50, len(zone))
    points = _valued_points(tmp_path / "points.gpkg", xy, values)
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (5e5, 4.5e6), 200.0, 5)
    released = tmp_path / "quartiles.gpkg"
    processing.run("dp_geoprivacy:noisyzonestatistics", {
        "INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "VALUE_FIELD": "value", "STATISTIC": 5,
        "LOWER": 0, "UPPER": 50, "EPSILON": 2, "QUANTILE_GRID": 501, "SEED": 8, "OUTPUT": str(released)})
    with pytest.raises(QgsProcessingException, match="VALUE_FIELD"):
        processing.run(ALG, {"RELEASED": str(released), "ORIGINAL": points, "ZONES": zones,
                             "ZONE_ID_FIELD": "zone_id", "OUTPUT": str(tmp_path / "u0.gpkg")})
    report = processing.run(ALG, {"RELEASED": str(released), "ORIGINAL": points, "ZONES": zones,
                                  "ZONE_ID_FIELD": "zone_id", "VALUE_FIELD": "value",
                                  "OUTPUT": str(tmp_path / "u.gpkg"), "OUTPUT_HTML": str(tmp_path / "u.html")})
    ids = read_field(released, "zone_id")
    published = {z: np.array(v) for z, *v in zip(ids, *(read_field(released, c) for c in ("q1", "median", "q3")))}
    truth = {f"Z{i // 5}_{i % 5}": np.quantile(values[zone == i], (0.25, 0.5, 0.75)) for i in range(25)}
    expected = compare_statistics(truth, published, ("q1", "median", "q3"))
    assert report["MAE"] == pytest.approx(expected.mae) and report["ZONES_COMPARED"] == 25
    spec = ZoneStatisticsSpec(statistic="quartiles", epsilon=2, lower=0, upper=50, quantile_grid=501)
    assert report["PREDICTED_MAE"] == pytest.approx(statistic_accuracy(spec, 60).expected_abs_error)
    metrics = _metrics(report["OUTPUT"])
    assert set(metrics) >= {"mae", "rmse", "bias", "mae_q1", "mae_median", "mae_q3", "records_per_zone_median"}
    assert "published value" in (tmp_path / "u.html").read_text(encoding="utf-8")
