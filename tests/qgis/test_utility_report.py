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
        "INPUT": trips, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": 1, "SEED": 3,
        "OUTPUT_FLOWS": str(flows), "OUTPUT_MATRIX": str(tmp_path / "m.csv")})
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
        "INPUT": points, "EPSILON": 1, "DISTANCE": 50, "GRID": 0, "SEED": 4, "KEEP_IDENTIFIERS": True,
        "OUTPUT": str(released)})
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
