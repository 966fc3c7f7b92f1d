"""Issue 13's honest messages: noisyodflows warns, before any noise, when most flows would be noise only."""

import math

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
    results, warnings = _flows(tmp_path)  # defaults: THRESHOLD none, MIN_FLOW 1; 42 zones
    assert len(warnings) == 1
    expected = 42**2 * 0.5 * math.exp(-0.5)
    assert f"{expected:,.0f}" in warnings[0]
    for alternative in ("THRESHOLD=1", "DELTA", "MIN_FLOW to", "coarser zones"):
        assert alternative in warnings[0]
    assert results["DRY_RUN"] is True


def test_no_warning_with_the_stability_threshold_or_a_high_min_flow(tmp_path):
    assert _flows(tmp_path, THRESHOLD=1, DELTA=1e-6)[1] == []
    assert _flows(tmp_path, MIN_FLOW=8)[1] == []
