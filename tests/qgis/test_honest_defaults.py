"""Issue 13's honest messages: noisyodflows warns, before any noise, when most flows would be noise only."""

import math

from osgeo import ogr, osr
from qgis import processing
from qgis.core import QgsProcessingContext, QgsProcessingFeedback

from .conftest import ROOT

SAMPLE = ROOT / "resources" / "sample_data" / "sample_city.gpkg"


class Warnings(QgsProcessingFeedback):
    def __init__(self):
        super().__init__()
        self.warnings = []

    def pushWarning(self, warning):  # noqa: N802 (QGIS API)
        self.warnings.append(warning)


def _flows(tmp_path, **extra):
    feedback = Warnings()
    parameters = {"INPUT": f"{SAMPLE}|layername=trips", "ZONES": f"{SAMPLE}|layername=zones",
                  "ZONE_ID_FIELD": "zone_id", "EPSILON": 1, "DRY_RUN": True,
                  "OUTPUT_FLOWS": str(tmp_path / "flows.gpkg"), "OUTPUT_MATRIX": str(tmp_path / "m.csv"), **extra}
    results = processing.run("dp_geoprivacy:noisyodflows", parameters, context=QgsProcessingContext(),
                             feedback=feedback)
    return results, [w for w in feedback.warnings if "noise only" in w]


def test_od_flows_warn_with_the_figure_and_the_alternatives(tmp_path):
    results, warnings = _flows(tmp_path, THRESHOLD=0, DELTA=0)  # pure epsilon-DP, MIN_FLOW 1; 42 zones
    assert len(warnings) == 1
    expected = 42**2 * 0.5 * math.exp(-0.5)
    assert f"{expected:,.0f}" in warnings[0]
    for alternative in ("THRESHOLD=1", "DELTA", "MIN_FLOW to", "coarser zones"):
        assert alternative in warnings[0]
    assert results["DRY_RUN"] is True


def test_no_warning_with_the_stability_threshold_or_a_high_min_flow(tmp_path):
    assert _flows(tmp_path, THRESHOLD=1, DELTA=1e-6)[1] == []
    assert _flows(tmp_path, THRESHOLD=0, DELTA=0, MIN_FLOW=8)[1] == []


def test_od_flows_defaults_publish_no_noise_only_flow(tmp_path):
    """Issue 20: the default is the stability histogram (THRESHOLD 1, DELTA 1e-6): no pair without trips is
    published, and the trial run still gives the planner's figures; pure epsilon-DP is THRESHOLD 0."""
    results, warnings = _flows(tmp_path)
    assert warnings == []
    assert results["THRESHOLD"] == 1 and results["DELTA"] == 1e-6
    assert results["EXPECTED_SPURIOUS"] == 0 and results["EPSILON_WOULD_SPEND"] == 1


def test_user_level_counts_state_the_noise_in_terms_of_m_before_spending(tmp_path):
    class Log(Warnings):
        def __init__(self):
            super().__init__()
            self.info = []

        def pushInfo(self, info):  # noqa: N802 (QGIS API)
            self.info.append(info)

    points = tmp_path / "points.gpkg"
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(points))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(32632)
    layer = dataset.CreateLayer("points", srs, ogr.wkbPoint)
    layer.CreateField(ogr.FieldDefn("user_id", ogr.OFTInteger))
    sample = ogr.Open(str(SAMPLE))  # keep the dataset alive while its layer is used
    x0, x1, y0, y1 = sample.GetLayerByName("zones").GetExtent()
    for i in range(200):
        feature = ogr.Feature(layer.GetLayerDefn())
        feature["user_id"] = i % 7
        feature.SetGeometry(ogr.CreateGeometryFromWkt(f"POINT({x0 + (x1 - x0) * (i + 0.5) / 200} {(y0 + y1) / 2})"))
        layer.CreateFeature(feature)
    dataset = sample = None
    feedback = Log()
    processing.run("dp_geoprivacy:noisyzonecounts", {
        "INPUT": str(points), "ZONES": f"{SAMPLE}|layername=zones", "ZONE_ID_FIELD": "zone_id",
        "USER_FIELD": "user_id", "MAX_CONTRIBUTIONS": 52, "EPSILON": 1, "DRY_RUN": True,
        "OUTPUT": str(tmp_path / "c.gpkg")}, context=QgsProcessingContext(), feedback=feedback)
    note = [line for line in feedback.info if "M = 52" in line]
    # margin: ln(20) b plus half the snapping grain (b = 52: grain 64)
    assert note and "52 / epsilon 1 = 52" in note[0] and f"{52 * math.log(20) + 32:.4g}" in note[0]
    assert any("dominated by noise" in w for w in feedback.warnings)
    # The note comes before the trial run's report, i.e. before the release would reserve the budget.
    assert feedback.info.index(note[0]) < next(i for i, line in enumerate(feedback.info) if "Trial run" in line)


def _escape(tmp_path, cell, scales, distance):
    from .conftest import write_grid_zones, write_points

    rng = __import__("numpy").random.default_rng(5)
    xy = rng.uniform(0, 10 * cell, (2000, 2)) + [500_000.0, 4_500_000.0]
    points = write_points(tmp_path / "p.gpkg", 32633, xy)
    zones = write_grid_zones(tmp_path / "z.gpkg", 32633, (500_000.0, 4_500_000.0), cell, 10)
    feedback = Warnings()
    results = processing.run("dp_geoprivacy:escapeanalysis", {
        "INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "SCALES": scales, "REALIZATIONS": 2,
        "TARGET_ESCAPE": 0.1, "DISTANCE": distance, "SEED": 1, "OUTPUT_TABLE": str(tmp_path / "t.gpkg"),
        "OUTPUT_ZONES": str(tmp_path / "tz.gpkg")}, context=QgsProcessingContext(), feedback=feedback)
    return results, feedback.warnings


def test_escape_analysis_says_when_zones_are_too_fine_for_the_distance(tmp_path):
    _, warnings = _escape(tmp_path, 20.0, "50,100", 500)
    assert any("too fine for DISTANCE = 500 m" in w for w in warnings)


def test_escape_analysis_flags_a_weak_calibrated_epsilon(tmp_path):
    results, warnings = _escape(tmp_path, 1000.0, "5,10,20,50,100,200,500", 500)
    assert results["CALIBRATED_EPSILON"] > 2
    assert any("weak protection" in w and f"{results['CALIBRATED_EPSILON']:.3g}" in w for w in warnings)
    results, warnings = _escape(tmp_path, 1000.0, "5,10,20,50,100,200,500", 50)
    assert results["CALIBRATED_EPSILON"] < 2 and not any("weak protection" in w for w in warnings)
